//! A numeric property against success, for one model: stacked bars of correct (green) and
//! incorrect (red) predictions per rounded value (the reference's first ten buckets), and the
//! success rate with its 95% Wilson interval on a second axis (thin and faint on fewer than
//! [`crate::palette::FEW_PROGRAMS`] predictions).

use crate::bars::RATE_AXIS_TOP;
use crate::frame::inked;
use crate::palette::{is_few, Ink};
use exerscope_core::stats::buckets::Bucket;
use exerscope_core::stats::wilson::{wilson_interval, Z_95};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

const CORRECT: RGBColor = RGBColor(26, 127, 75);
const INCORRECT: RGBColor = RGBColor(179, 38, 30);
const RATE: RGBColor = RGBColor(0, 114, 178);

/// The subtitle as it fits `width` pixels at 12 px (about 0.6 em a character): on one line, or
/// broken before its last ` · ` part (a slope in scientific notation makes it long).
fn subtitle_lines(subtitle: &str, width: u32) -> Vec<String> {
    let fits = (f64::from(width) - 20.0) / (0.6 * 12.0);
    match subtitle.rsplit_once(" · ") {
        Some((first, last)) if subtitle.chars().count() as f64 > fits => vec![first.to_owned(), last.to_owned()],
        _ => vec![subtitle.to_owned()],
    }
}

/// The predictions of the fullest bucket: the count axis's top for these buckets alone.
pub fn tallest(buckets: &[Bucket]) -> u64 {
    buckets.iter().map(|b| b.correct + b.incorrect).max().unwrap_or(1).max(1)
}

/// `title` goes on top, `subtitle` (the correlations) below it; the count axis reaches
/// `count_top` (the tallest bucket of the charts shown beside this one, so that their bars
/// compare) or this chart's own tallest bucket if higher.
pub fn draw_property_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    subtitle: &str,
    x_label: &str,
    buckets: &[Bucket],
    count_top: u64,
    ink: &Ink,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&ink.ground)?;
    let (width, height) = area.dim_in_pixel();
    let centred = |size| ink.font(size).pos(Pos::new(HPos::Center, VPos::Top));
    area.draw(&Text::new(title.to_owned(), (width as i32 / 2, 4), centred(14)))?;
    let lines = subtitle_lines(subtitle, width);
    for (i, line) in lines.iter().enumerate() {
        area.draw(&Text::new(line.clone(), (width as i32 / 2, 22 + 15 * i as i32), centred(12)))?;
    }
    let (_, area) = &area.split_vertically(23 + 15 * lines.len() as u32);
    let slots = buckets.len().max(1) as f64;
    let tallest = tallest(buckets).max(count_top);
    let mut chart = ChartBuilder::on(area)
        .margin(8)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .right_y_label_area_size(56)
        .build_cartesian_2d(0f64..slots, 0f64..tallest as f64 * 1.05)?
        .set_secondary_coord(0f64..slots, 0f64..RATE_AXIS_TOP);
    inked(&mut chart.configure_mesh(), ink)
        .disable_x_mesh()
        .max_light_lines(0)
        .x_labels(0)
        // Counts: at most one tick per whole number, so that no two ticks read the same.
        .y_labels(integer_ticks(tallest))
        .y_desc("predictions")
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()?;
    chart
        .configure_secondary_axes()
        .axis_style(ink.muted)
        .label_style(ink.font(12))
        .axis_desc_style(ink.font(12))
        .y_desc("success rate")
        .y_label_formatter(&|v| if *v <= 1.0 { format!("{:.0}%", v * 100.0) } else { String::new() })
        .draw()?;
    for (i, bucket) in buckets.iter().enumerate() {
        let (x0, x1) = (i as f64 + 0.15, i as f64 + 0.85);
        let correct = bucket.correct as f64;
        let total = (bucket.correct + bucket.incorrect) as f64;
        chart.draw_series([
            Rectangle::new([(x0, 0.0), (x1, correct)], CORRECT.mix(0.8).filled()),
            Rectangle::new([(x0, correct), (x1, total)], INCORRECT.mix(0.75).filled()),
        ])?;
        if let Some([lo, hi]) = wilson_interval(bucket.correct, bucket.correct + bucket.incorrect, Z_95) {
            let middle = i as f64 + 0.5;
            // A rate on few predictions: a thin, faint interval.
            let few = is_few(bucket.correct + bucket.incorrect);
            let style = if few { RATE.mix(0.45).stroke_width(1) } else { RATE.stroke_width(2) };
            chart.draw_secondary_series(std::iter::once(ErrorBar::new_vertical(
                middle,
                lo,
                bucket.rate(),
                hi,
                style,
                8,
            )))?;
        }
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
        let base = area.get_base_pixel();
        let style = ink.font(12).pos(Pos::new(HPos::Center, VPos::Top));
        area.draw(&Text::new(bucket.value.to_string(), (x - base.0, y - base.1 + 6), style))?;
    }
    let rates: Vec<(f64, f64)> = buckets.iter().enumerate().map(|(i, b)| (i as f64 + 0.5, b.rate())).collect();
    chart.draw_secondary_series(LineSeries::new(rates, RATE.stroke_width(1)))?;
    let style = ink.font(12).pos(Pos::new(HPos::Center, VPos::Bottom));
    area.draw(&Text::new(x_label.to_owned(), (width as i32 / 2, height as i32 - 40), style))?;
    area.present()?;
    Ok(())
}

/// How many ticks a count axis up to `tallest` may have: with no more than one per whole number
/// plotters picks a step of at least 1 among 1, 2, 5, 10…, so every tick is a distinct integer.
fn integer_ticks(tallest: u64) -> usize {
    (tallest as usize + 1).clamp(2, 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::coord::ranged1d::Ranged;
    use plotters::coord::types::RangedCoordf64;

    #[test]
    fn count_ticks_are_distinct_whole_numbers() {
        for tallest in [1u64, 2, 3, 7, 12, 95, 4000] {
            let axis = RangedCoordf64::from(0f64..tallest as f64 * 1.05);
            let ticks = axis.key_points(integer_ticks(tallest));
            let labels: Vec<String> = ticks.iter().map(|v| format!("{v:.0}")).collect();
            assert!(ticks.iter().all(|v| v.fract() == 0.0), "{tallest}: {ticks:?}");
            let mut distinct = labels.clone();
            distinct.dedup();
            assert_eq!(distinct, labels, "{tallest}");
            assert!(ticks.len() >= 2, "{tallest}: {ticks:?}");
        }
    }

    #[test]
    fn a_long_subtitle_breaks_before_its_last_part() {
        let long = "ρ per program -0.193 (p < 0.001) · ρ over buckets -0.770 (p = 0.009) · log-odds per unit -1.35e-6 [-4.01e-6, +1.31e-6]";
        assert_eq!(subtitle_lines(long, 600).len(), 2);
        assert_eq!(subtitle_lines(long, 600)[1], "log-odds per unit -1.35e-6 [-4.01e-6, +1.31e-6]");
        assert_eq!(subtitle_lines("ρ per program 0.1 · ρ over buckets 0.2", 600).len(), 1);
    }
}
