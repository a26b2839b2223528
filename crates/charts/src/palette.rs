//! One colour per model, the same in every chart: the colour-blind-safe Okabe–Ito colours for up to
//! eight models; beyond, hues a golden angle apart in three lightnesses, so that neighbours differ.

use plotters::style::{Color, HSLColor, RGBColor};

const OKABE_ITO: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(240, 228, 66),
    RGBColor(0, 0, 0),
];

/// The colour of model `model` (its index) among `models`.
pub fn model_color(model: usize, models: usize) -> RGBColor {
    if models <= OKABE_ITO.len() {
        return OKABE_ITO[model % OKABE_ITO.len()];
    }
    let hue = (model as f64 * 137.507_764 / 360.0).fract();
    let lightness = [0.38, 0.52, 0.66][model % 3];
    let (r, g, b) = HSLColor(hue, 0.7, lightness).to_backend_color().rgb;
    RGBColor(r, g, b)
}

/// The same colour as a CSS value, for legends drawn in HTML.
pub fn model_css(model: usize, models: usize) -> String {
    let RGBColor(r, g, b) = model_color(model, models);
    format!("rgb({r}, {g}, {b})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hundred_models_get_a_hundred_colours() {
        let colours: std::collections::HashSet<_> =
            (0..100).map(|m| model_color(m, 100)).map(|c| (c.0, c.1, c.2)).collect();
        assert_eq!(colours.len(), 100);
        assert_eq!(model_color(7, 8), RGBColor(0, 0, 0));
    }
}
