//! Back and Forward return to where the reader was. A view change pushes a history entry; the
//! position the reader was at is written into the entry they leave when they act (a press or a
//! key, seen before the page's own handlers, which may scroll to what they open), and restored when
//! that entry is shown again, once the view is tall enough to hold it. Meanwhile what the view
//! opens (a drill-down, a program) does not scroll to itself: the reader returns where they were.

use leptos::prelude::set_timeout;
use std::cell::Cell;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use web_sys::{AddEventListenerOptions, ScrollRestoration};

/// Takes over the browser's scroll restoration (it scrolls before the view is drawn) and writes
/// the position into the current entry on a press or key where it moved since it was last written
/// (typing in a filter writes nothing: on a large page a history write takes milliseconds).
pub fn remember_scroll() {
    let Some(window) = web_sys::window() else { return };
    if let Ok(history) = window.history() {
        let _ = history.set_scroll_restoration(ScrollRestoration::Manual);
    }
    let note_position = Closure::<dyn Fn()>::new(|| {
        let Some(window) = web_sys::window() else { return };
        let (Ok(history), Ok(y)) = (window.history(), window.scroll_y()) else { return };
        if history.state().ok().and_then(|kept| kept.as_f64()) != Some(y) {
            let _ = history.replace_state(&JsValue::from_f64(y), "");
        }
    });
    let capture = AddEventListenerOptions::new();
    capture.set_capture(true);
    capture.set_passive(true);
    for event in ["pointerdown", "keydown"] {
        let _ = window.add_event_listener_with_callback_and_add_event_listener_options(
            event,
            note_position.as_ref().unchecked_ref(),
            &capture,
        );
    }
    // Listens for the page's whole life.
    note_position.forget();
}

/// How long after Back or Forward a view opening does not scroll to itself: its section may be
/// drawn only when its report arrives from the worker.
const RESTORING_MS: f64 = 1500.0;

thread_local! {
    /// Until when (`Date.now()`) a position is being restored.
    static RESTORING_UNTIL: Cell<f64> = const { Cell::new(0.0) };
}

/// Whether the page is returning to a kept position: a view opening then stays where it is.
pub fn restoring() -> bool {
    RESTORING_UNTIL.get() > js_sys::Date::now()
}

/// Scrolls to the position kept in the entry shown (after Back or Forward), if it holds one.
pub fn restore_scroll() {
    let kept = web_sys::window().and_then(|w| w.history().ok()).and_then(|h| h.state().ok());
    if let Some(y) = kept.and_then(|state| state.as_f64()) {
        RESTORING_UNTIL.set(js_sys::Date::now() + RESTORING_MS);
        // Once the view asked for is drawn (its signals were just set).
        set_timeout(move || scroll_to(y, 20), Duration::ZERO);
    }
}

/// The view may still be growing (its report arrives from the worker): tries again, 50 ms apart,
/// until the page is tall enough to reach `y`.
fn scroll_to(y: f64, tries: u32) {
    let Some(window) = web_sys::window() else { return };
    window.scroll_to_with_x_and_y(0.0, y);
    let reached = window.scroll_y().is_ok_and(|now| (now - y).abs() <= 2.0);
    if !reached && tries > 0 {
        set_timeout(move || scroll_to(y, tries - 1), Duration::from_millis(50));
    }
}
