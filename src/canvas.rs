//! A plotters drawing area over an HTML canvas.

use exerscope_charts::heatmap::CellImage;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

pub fn canvas_area(canvas: &HtmlCanvasElement) -> Option<DrawingArea<Canvas, Shift>> {
    let context = context_of(canvas).ok()?;
    let backend = CanvasBackend::with_canvas_object(canvas.clone())?;
    Some(Canvas { backend, context }.into_drawing_area())
}

/// plotters' canvas backend, measuring text with the canvas's own `measureText`. plotters measures
/// a text (an axis label, a centred title) by adding a span to the page and reading its size: a
/// layout of the whole page each time, with a hundred models' tables on it most of a chart's
/// drawing. The size is the same: the text's advance and its font's line height, rounded.
pub struct Canvas {
    backend: CanvasBackend,
    context: CanvasRenderingContext2d,
}

type CanvasError = DrawingErrorKind<<CanvasBackend as DrawingBackend>::ErrorType>;

impl DrawingBackend for Canvas {
    type ErrorType = <CanvasBackend as DrawingBackend>::ErrorType;

    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32), CanvasError> {
        let font = format!("{} {}px {}", style.style().as_str(), style.size(), style.family().as_str());
        self.context.set_font(&font);
        let metrics =
            self.context.measure_text(text).map_err(|e| DrawingErrorKind::FontError(format!("{e:?}").into()))?;
        let height = metrics.font_bounding_box_ascent() + metrics.font_bounding_box_descent();
        Ok((metrics.width().round() as u32, height.round() as u32))
    }

    fn get_size(&self) -> (u32, u32) {
        self.backend.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), CanvasError> {
        self.backend.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), CanvasError> {
        self.backend.present()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), CanvasError> {
        self.backend.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), CanvasError> {
        self.backend.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), CanvasError> {
        self.backend.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), CanvasError> {
        self.backend.draw_path(path, style)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vertices: I,
        style: &S,
    ) -> Result<(), CanvasError> {
        self.backend.fill_polygon(vertices, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), CanvasError> {
        self.backend.draw_circle(center, radius, style, fill)
    }
    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, pos: BackendCoord) -> Result<(), CanvasError> {
        self.backend.draw_text(text, style, pos)
    }
}

/// Puts a heatmap's cells on the canvas: their image of a pixel per cell on a canvas of its own,
/// drawn scaled up to the cells' size without smoothing (each cell a square of its colour).
pub fn put_cells(canvas: &HtmlCanvasElement, image: &CellImage) -> Result<(), JsValue> {
    let small = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?
        .create_element("canvas")?
        .dyn_into::<HtmlCanvasElement>()?;
    small.set_width(image.columns);
    small.set_height(image.rows);
    let rgba: Vec<u8> = image.rgb.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], u8::MAX]).collect();
    let pixels = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&rgba), image.columns, image.rows)?;
    context_of(&small)?.put_image_data(&pixels, 0.0, 0.0)?;
    let context = context_of(canvas)?;
    let (width, height) = (image.columns * image.cell.0, image.rows * image.cell.1);
    context.set_image_smoothing_enabled(false);
    let drawn = context.draw_image_with_html_canvas_element_and_dw_and_dh(
        &small,
        image.origin.0.into(),
        image.origin.1.into(),
        width.into(),
        height.into(),
    );
    context.set_image_smoothing_enabled(true);
    drawn
}

fn context_of(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, JsValue> {
    canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into::<CanvasRenderingContext2d>().map_err(JsValue::from)
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

/// One task's drawing time. The next drawing is taken to cost as much as the longest one drawn in
/// this task (a section's charts are alike): a task stops before the drawing that would carry it
/// past [`DRAW_BUDGET_MS`], not after it (a task of 29 ms then a 25 ms chart was a long task).
struct DrawBudget {
    began: f64,
    longest: f64,
}

impl DrawBudget {
    fn from(began: f64) -> Self {
        Self { began, longest: 0.0 }
    }

    fn drew(&mut self, took: f64) {
        self.longest = self.longest.max(took);
    }

    fn fits_another(&self, now: f64) -> bool {
        now - self.began + self.longest <= DRAW_BUDGET_MS
    }
}

fn schedule() {
    if !SCHEDULED.replace(true) {
        leptos::prelude::set_timeout(draw_waiting, std::time::Duration::ZERO);
    }
}

fn draw_waiting() {
    SCHEDULED.set(false);
    let mut budget = DrawBudget::from(crate::now());
    while let Some(draw) = WAITING.with_borrow_mut(VecDeque::pop_front) {
        let began = crate::now();
        draw();
        let ended = crate::now();
        budget.drew(ended - began);
        if !budget.fits_another(ended) {
            break;
        }
    }
    if WAITING.with_borrow(|waiting| !waiting.is_empty()) {
        schedule();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_stops_before_the_drawing_that_would_carry_it_past_its_budget() {
        let mut budget = DrawBudget::from(100.0);
        budget.drew(5.0);
        assert!(budget.fits_another(105.0), "5 ms spent, 5 ms more: within 30");
        budget.drew(12.0);
        assert!(budget.fits_another(117.0), "17 ms spent, the longest 12: 29");
        assert!(!budget.fits_another(119.0), "19 ms spent, the longest 12: 31, past the budget");
        let mut one_long = DrawBudget::from(0.0);
        one_long.drew(45.0);
        assert!(!one_long.fits_another(45.0), "a drawing longer than the budget ends its task");
    }
}
