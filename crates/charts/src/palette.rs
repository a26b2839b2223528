//! One colour per model, the same in every chart (colour-blind-safe Okabe–Ito order).

use plotters::style::RGBColor;

const COLORS: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(240, 228, 66),
    RGBColor(0, 0, 0),
];

pub fn model_color(model: usize) -> RGBColor {
    COLORS[model % COLORS.len()]
}

/// The same colour as a CSS value, for legends drawn in HTML.
pub fn model_css(model: usize) -> String {
    let RGBColor(r, g, b) = model_color(model);
    format!("rgb({r}, {g}, {b})")
}
