//! One colour per model, the same in every chart: the colour-blind-safe Okabe–Ito colours for up to
//! eight models; beyond, hues a golden angle apart in three lightnesses, so that neighbours differ.

use plotters::style::{Color, HSLColor, IntoFont, RGBAColor, RGBColor, TextStyle, BLACK, WHITE};

/// What a chart is drawn in besides its marks: its ground, its text, its axes and grid lines.
/// Exports and the light page draw on white; the dark page on its panels' colour, so that a chart
/// does not glare in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ink {
    pub ground: RGBColor,
    pub text: RGBColor,
    /// Axes, tick labels of lesser weight, notes.
    pub muted: RGBColor,
    pub grid: RGBColor,
}

impl Ink {
    /// On white: every export (a paper's page), and the light page.
    pub const LIGHT: Ink =
        Ink { ground: WHITE, text: BLACK, muted: RGBColor(110, 110, 110), grid: RGBColor(210, 210, 210) };
    /// On the dark page's panels (`--panel`, `--ink`, `--muted`, `--line` of style/main.css).
    pub const DARK: Ink = Ink {
        ground: RGBColor(28, 33, 43),
        text: RGBColor(227, 231, 238),
        muted: RGBColor(163, 173, 191),
        grid: RGBColor(58, 66, 82),
    };

    /// Text of `size` pixels in this ink.
    pub fn font(&self, size: u32) -> TextStyle<'static> {
        let mut style = TextStyle::from(("sans-serif", size).into_font());
        style.color = self.text.to_backend_color();
        style
    }

    /// Text of `size` pixels of lesser weight: notes, counts, ring labels.
    pub fn muted_font(&self, size: u32) -> TextStyle<'static> {
        TextStyle { color: self.muted.to_backend_color(), ..self.font(size) }
    }

    /// Model `model`'s colour among `models`: [`model_color`], but Okabe–Ito's black, unseen on a
    /// dark ground, drawn in the text's colour there.
    pub fn model(&self, model: usize, models: usize) -> RGBColor {
        match model_color(model, models) {
            BLACK => self.text,
            color => color,
        }
    }
}

/// Below this many programs a mark (a bar, a spoke's point, a cell, a bin) is drawn faint, and
/// marked: its interval is wide, and a mark as strong as the others would claim more than it holds.
pub const FEW_PROGRAMS: u64 = 20;

/// The pixel size of a count under a name (a bar group's, a radar spoke's).
pub const COUNT_SIZE: u32 = 10;

/// Whether a mark on `programs` programs is drawn faint.
pub fn is_few(programs: u64) -> bool {
    programs < FEW_PROGRAMS
}

/// `color` as a mark on `programs` programs fills: faint for few.
pub fn weighted(color: RGBColor, programs: u64) -> RGBAColor {
    color.mix(if is_few(programs) { 0.3 } else { 1.0 })
}

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
