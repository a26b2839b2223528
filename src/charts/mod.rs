//! Charts, drawn with plotters on any backend (a canvas in the app). Each returns the geometry a
//! click needs to find what was clicked, so that every mark leads to the programs behind it.

pub mod bars;
pub mod canvas;
pub mod palette;
pub mod property_bars;
pub mod radar;
