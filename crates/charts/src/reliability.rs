//! A reliability plot: the success a fit predicted against the success observed, bin by bin of
//! predicted probability, one line per model, beside the diagonal of a perfectly calibrated fit.

use crate::format::n_equals;
use crate::frame::{inked, titled};
use crate::palette::{is_few, Ink};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One bin of a model's held-out programs.
#[derive(Clone, Debug, PartialEq)]
pub struct ReliabilityPoint {
    pub predicted: f64,
    pub observed: f64,
    pub programs: u64,
}

/// One model's bins (`model`: its index among every model, for its colour).
#[derive(Clone, Debug, PartialEq)]
pub struct ReliabilitySeries {
    pub model: usize,
    pub name: String,
    pub points: Vec<ReliabilityPoint>,
}

pub const RELIABILITY_SIZE: (u32, u32) = (640, 480);

/// Each series as a line through its bins (a faint ring where a bin holds few programs), with
/// the diagonal and a legend naming every model.
pub fn draw_reliability<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    series: &[ReliabilitySeries],
    models: usize,
    ink: &Ink,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let plot = titled(area, title, ink)?;
    let mut chart = ChartBuilder::on(&plot)
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)?;
    inked(&mut chart.configure_mesh(), ink)
        .max_light_lines(0)
        .x_desc("predicted success (held-out programs, binned)")
        .y_desc("observed success")
        .x_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .draw()?;
    chart
        .draw_series(LineSeries::new([(0.0, 0.0), (1.0, 1.0)], ink.muted.stroke_width(1)))?
        .label("perfectly calibrated")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], ink.muted));
    for line in series {
        let color = ink.model(line.model, models);
        let points: Vec<(f64, f64)> = line.points.iter().map(|p| (p.predicted, p.observed)).collect();
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))?
            .label(format!("{} ({})", line.name, n_equals(line.points.iter().map(|p| p.programs).sum())))
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], color.stroke_width(2)));
        chart.draw_series(line.points.iter().map(|p| {
            let style = if is_few(p.programs) { color.mix(0.35).stroke_width(1) } else { color.filled() };
            Circle::new((p.predicted, p.observed), 4, style)
        }))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(ink.ground.mix(0.85))
        .border_style(ink.muted)
        .label_font(ink.font(12))
        .draw()?;
    area.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_is_in_the_legend_and_every_bin_is_a_mark() {
        let series: Vec<ReliabilitySeries> = (0..2)
            .map(|model| ReliabilitySeries {
                model,
                name: format!("model {model}"),
                points: (1..5)
                    .map(|b| ReliabilityPoint { predicted: b as f64 / 5.0, observed: b as f64 / 6.0, programs: 10 * b })
                    .collect(),
            })
            .collect();
        let mut svg = String::new();
        {
            let area = SVGBackend::with_string(&mut svg, RELIABILITY_SIZE).into_drawing_area();
            draw_reliability(&area, "calibration", &series, 2, &Ink::LIGHT).unwrap();
        }
        assert!(svg.contains("model 0 (n = 100)") && svg.contains("model 1 (n = 100)"), "its held-out programs");
        assert!(svg.contains("perfectly calibrated"));
        assert_eq!(svg.matches("<circle").count(), 8, "a mark per bin");
        // A bin of 10 programs is a ring, unfilled: one per model.
        let rings = svg.split("<circle").skip(1).filter(|tag| tag.split('>').next().unwrap().contains("fill=\"none\""));
        assert_eq!(rings.count(), 2);
    }
}
