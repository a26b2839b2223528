//! exerscope's figures. [`figures`] says what each chart shows, from a report's numbers only; the
//! drawing modules draw it with plotters on any backend — a canvas on the page, SVG for the page's
//! exports and for `exerscope report --out` — so a figure in a paper is the chart on the page.
//! Each drawing returns the geometry a click needs to find what was clicked.

pub mod bars;
pub mod figures;
pub mod forest;
pub mod format;
pub mod frame;
pub mod heatmap;
mod legend;
pub mod palette;
pub mod property_bars;
pub mod radar;
pub mod reliability;
