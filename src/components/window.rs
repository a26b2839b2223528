//! Long tables render only the rows in view: a scrolling box of fixed-height rows, with spacer
//! rows above and below standing in for the rest, so that 10,000 rows scroll as smoothly as 10.
//! Wide tables, whose every row is a hundred cells, render a few rows more in each task.

use leptos::prelude::*;
use std::ops::Range;

/// The height of a windowed table's row in pixels as styled (style/main.css: `.windowed tbody tr`),
/// until a rendered row is measured.
pub const ROW_HEIGHT: f64 = 30.0;
/// Rows rendered beyond each edge of the view once the box is scrolled, so that a fast scroll shows
/// no gap.
const OVERSCAN: usize = 20;
/// Before that, a few: a section's tables are built with the rest of it, often below the fold (a
/// hundred models' construct table is 24 cells a row), and the box may be taller than guessed
/// (its height is in `rem`).
const FIRST_OVERSCAN: usize = 5;

/// The rows to render when the box, `viewport` pixels high, is scrolled to `scroll_top`, for rows
/// `row_height` pixels high, `overscan` more beyond each edge.
pub fn rows_in_view(scroll_top: f64, viewport: f64, rows: usize, row_height: f64, overscan: usize) -> Range<usize> {
    let row_height = row_height.max(1.0);
    let first = (scroll_top.max(0.0) / row_height) as usize;
    let shown = (viewport.max(row_height) / row_height).ceil() as usize;
    let start = first.saturating_sub(overscan).min(rows);
    let end = (first + shown + overscan).min(rows);
    start..end
}

/// The heights of the spacers above and below `range` among `rows` rows.
pub fn spacers(range: &Range<usize>, rows: usize, row_height: f64) -> (f64, f64) {
    (range.start as f64 * row_height, rows.saturating_sub(range.end) as f64 * row_height)
}

/// Where a windowed table is scrolled: which of its rows to render, and the spacers around them.
/// Put `on_scroll` on the scrolling box (class `windowed`), the spacers around the rows rendered.
#[derive(Clone, Copy)]
pub struct Window {
    scroll_top: RwSignal<f64>,
    viewport: RwSignal<f64>,
    row_height: RwSignal<f64>,
    scrolled: RwSignal<bool>,
}

impl Default for Window {
    fn default() -> Window {
        Window {
            scroll_top: RwSignal::new(0.0),
            viewport: RwSignal::new(600.0),
            row_height: RwSignal::new(ROW_HEIGHT),
            scrolled: RwSignal::new(false),
        }
    }
}

impl Window {
    pub fn range(self, rows: usize) -> Range<usize> {
        let overscan = if self.scrolled.get() { OVERSCAN } else { FIRST_OVERSCAN };
        rows_in_view(self.scroll_top.get(), self.viewport.get(), rows, self.row_height.get(), overscan)
    }

    /// The spacer row above (or below) the rows rendered, none where it would be empty.
    pub fn spacer(self, rows: usize, above: bool) -> impl IntoView {
        let (top, bottom) = spacers(&self.range(rows), rows, self.row_height.get());
        let height = if above { top } else { bottom };
        (height > 0.0).then(|| view! { <tr class="spacer" aria-hidden="true" style:height=format!("{height}px")></tr> })
    }

    pub fn on_scroll(self, event: leptos::ev::Event) {
        let scroller = event_target::<web_sys::HtmlElement>(&event);
        // Rows as laid out (borders and fonts may make them a pixel taller than styled).
        let measured = scroller.query_selector("tbody tr:not(.spacer)").ok().flatten();
        if let Some(row) = measured.and_then(|r| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(r).ok()) {
            set_if_changed(self.row_height, f64::from(row.offset_height()).max(1.0));
        }
        set_if_changed(self.scroll_top, f64::from(scroller.scroll_top()));
        set_if_changed(self.viewport, f64::from(scroller.client_height()));
        if !self.scrolled.get_untracked() {
            self.scrolled.set(true);
        }
    }
}

/// How many rows of a wide table to render: `step` more in each task until `total()` are (a hundred
/// models' types pivot is 5,000 elements: built at once, one long task of the page's).
pub fn growing(total: impl Fn() -> usize + Send + Sync + 'static, step: usize) -> Signal<usize> {
    let shown = RwSignal::new(step);
    // A timer: the next rows come in a task of their own, after the browser has drawn these.
    Effect::new(move |_| {
        let now = shown.get();
        if now < total() {
            set_timeout(move || shown.set(now + step), std::time::Duration::ZERO);
        }
    });
    shown.into()
}

/// Setting a signal redraws what reads it, even to the same value: the rows in view only move
/// when a number does.
fn set_if_changed(signal: RwSignal<f64>, value: f64) {
    if signal.get_untracked() != value {
        signal.set(value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_rows_in_view_and_a_margin_are_rendered() {
        assert_eq!(rows_in_view(0.0, 600.0, 10, ROW_HEIGHT, OVERSCAN), 0..10);
        assert_eq!(rows_in_view(0.0, 600.0, 10_000, ROW_HEIGHT, OVERSCAN), 0..40);
        assert_eq!(rows_in_view(0.0, 600.0, 10_000, ROW_HEIGHT, FIRST_OVERSCAN), 0..25, "before a scroll");
        let range = rows_in_view(30_000.0, 600.0, 10_000, ROW_HEIGHT, OVERSCAN);
        assert_eq!(range, 980..1040);
        assert_eq!(spacers(&range, 10_000, ROW_HEIGHT), (980.0 * ROW_HEIGHT, 8_960.0 * ROW_HEIGHT));
        assert_eq!(rows_in_view(1e9, 600.0, 100, ROW_HEIGHT, OVERSCAN), 100..100);
        assert_eq!(rows_in_view(31.0 * 1000.0, 600.0, 10_000, 31.0, OVERSCAN).start, 980, "a measured height");
    }
}
