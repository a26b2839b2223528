//! A plotters drawing area over an HTML canvas.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
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
