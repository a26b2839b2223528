//! Effects with their 95% intervals, one row each, around a line at zero: what makes code hard
//! for a model (the coefficients of the prediction of success).

use crate::frame::{inked, titled, TITLE_BAND};
use crate::palette::Ink;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One estimate and its interval.
#[derive(Clone, Debug, PartialEq)]
pub struct ForestRow {
    pub label: String,
    pub estimate: f64,
    pub ci95: [f64; 2],
}

const WIDTH: u32 = 760;
const ROW_HEIGHT: u32 = 24;
/// The axis's band below the rows.
const AXIS: u32 = 56;
/// Pixels a character of a 12 px label takes, about.
const CHARACTER: u32 = 7;

/// The size of a forest plot of `rows` rows.
pub fn forest_size(rows: usize) -> (u32, u32) {
    (WIDTH, TITLE_BAND + AXIS + ROW_HEIGHT * rows.max(1) as u32)
}

/// `rows` top to bottom in `color`, on an axis symmetric around zero that holds every interval.
pub fn draw_forest<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    rows: &[ForestRow],
    color: RGBColor,
    ink: &Ink,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let plot = titled(area, title, ink)?;
    let reach = rows.iter().flat_map(|r| r.ci95.map(f64::abs)).filter(|v| v.is_finite()).fold(0.25, f64::max) * 1.1;
    let longest = rows.iter().map(|r| r.label.chars().count() as u32).max().unwrap_or(0);
    let label_width = (longest * CHARACTER + 16).clamp(60, WIDTH / 2);
    let count = rows.len().max(1) as f64;
    let mut chart = ChartBuilder::on(&plot)
        .margin_right(16)
        .x_label_area_size(AXIS - 8)
        .y_label_area_size(label_width)
        .build_cartesian_2d(-reach..reach, -0.5..count - 0.5)?;
    inked(&mut chart.configure_mesh(), ink)
        .disable_y_mesh()
        .max_light_lines(0)
        .y_labels(0)
        .x_desc(x_label)
        .x_label_formatter(&|v| format!("{v:+.1}"))
        .draw()?;
    chart.draw_series(LineSeries::new([(0.0, -0.5), (0.0, count - 0.5)], ink.muted.stroke_width(1)))?;
    let label_style = ink.font(12).pos(Pos::new(HPos::Right, VPos::Center));
    for (i, row) in rows.iter().enumerate() {
        // The first row on top.
        let y = count - 1.0 - i as f64;
        let [low, high] = row.ci95;
        // The bar marks its estimate with a dot.
        chart.draw_series([ErrorBar::new_horizontal(y, low, row.estimate, high, color.filled().stroke_width(2), 8)])?;
        let (x, y) = chart.backend_coord(&(-reach, y));
        let base = plot.get_base_pixel();
        plot.draw(&Text::new(row.label.clone(), (x - base.0 - 8, y - base.1), label_style.clone()))?;
    }
    area.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_drawn_with_its_label() {
        let rows: Vec<ForestRow> = (0..3)
            .map(|i| ForestRow {
                label: format!("feature {i}"),
                estimate: i as f64 - 1.0,
                ci95: [i as f64 - 1.5, i as f64 - 0.5],
            })
            .collect();
        let mut svg = String::new();
        {
            let area = SVGBackend::with_string(&mut svg, forest_size(rows.len())).into_drawing_area();
            draw_forest(&area, "what makes code hard", "effect", &rows, RGBColor(0, 114, 178), &Ink::LIGHT).unwrap();
        }
        for row in &rows {
            assert!(svg.contains(&row.label), "{} missing", row.label);
        }
        assert_eq!(svg.matches("<circle").count(), 3, "a mark per row");
    }
}
