//! A plotters drawing area over an HTML canvas.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use web_sys::HtmlCanvasElement;

pub fn canvas_area(canvas: &HtmlCanvasElement) -> Option<DrawingArea<CanvasBackend, Shift>> {
    CanvasBackend::with_canvas_object(canvas.clone()).map(|backend| backend.into_drawing_area())
}

/// A mouse position relative to the canvas, in canvas pixels.
pub fn canvas_point(canvas: &HtmlCanvasElement, event: &web_sys::MouseEvent) -> (i32, i32) {
    let rect = canvas.get_bounding_client_rect();
    let scale_x = f64::from(canvas.width()) / rect.width().max(1.0);
    let scale_y = f64::from(canvas.height()) / rect.height().max(1.0);
    (
        ((f64::from(event.client_x()) - rect.left()) * scale_x) as i32,
        ((f64::from(event.client_y()) - rect.top()) * scale_y) as i32,
    )
}

/// How long one task may spend drawing before it hands the thread back (the page stays
/// responsive while a section of a hundred models' charts is drawn).
const DRAW_BUDGET_MS: f64 = 30.0;

thread_local! {
    static WAITING: RefCell<VecDeque<Box<dyn FnOnce()>>> = RefCell::new(VecDeque::new());
    static SCHEDULED: Cell<bool> = const { Cell::new(false) };
}

/// Draws soon, in a task of its own or shared with other small drawings: a section's charts are
/// drawn one after another in tasks of at most [`DRAW_BUDGET_MS`] (but for a chart longer alone),
/// not in the task that brought their numbers.
pub fn draw_soon(draw: impl FnOnce() + 'static) {
    WAITING.with_borrow_mut(|waiting| waiting.push_back(Box::new(draw)));
    schedule();
}

fn schedule() {
    if !SCHEDULED.replace(true) {
        leptos::prelude::set_timeout(draw_waiting, std::time::Duration::ZERO);
    }
}

fn draw_waiting() {
    SCHEDULED.set(false);
    let start = crate::now();
    while let Some(draw) = WAITING.with_borrow_mut(VecDeque::pop_front) {
        draw();
        if crate::now() - start > DRAW_BUDGET_MS {
            break;
        }
    }
    if WAITING.with_borrow(|waiting| !waiting.is_empty()) {
        schedule();
    }
}
