//! Grouped bars: a success rate per group (a benchmark, a construct) and model, with 95% Wilson
//! intervals as error bars.

use super::palette::model_color;
use exerscope_core::stats::RunSummary;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One bar: `model`'s rate in `group`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub group: usize,
    pub model: usize,
    pub rate: f64,
    pub ci95: Option<[f64; 2]>,
}

pub struct SuccessBars<'a> {
    /// Above the legend; none when empty.
    pub title: &'a str,
    /// What the rate is: the y axis's title.
    pub measure: &'a str,
    pub groups: &'a [String],
    pub models: &'a [String],
    pub bars: &'a [Bar],
}

/// The overview's bars: one per run, grouped by benchmark.
pub fn run_bars(benchmarks: &[String], models: &[String], runs: &[RunSummary]) -> Vec<Bar> {
    runs.iter()
        .filter_map(|run| {
            Some(Bar {
                group: benchmarks.iter().position(|b| *b == run.benchmark)?,
                model: models.iter().position(|m| *m == run.model)?,
                rate: run.rate?,
                ci95: run.ci95,
            })
        })
        .collect()
}

/// Where a bar was drawn, in the backend's (the canvas's) pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct BarHit {
    pub rect: [(i32, i32); 2],
    pub model: usize,
    pub group: usize,
}

impl BarHit {
    pub fn contains(&self, (x, y): (i32, i32)) -> bool {
        let [(x0, y0), (x1, y1)] = self.rect;
        (x0.min(x1)..=x0.max(x1)).contains(&x) && (y0.min(y1)..=y0.max(y1)).contains(&y)
    }
}

const LEGEND_HEIGHT: u32 = 28;
const TITLE_HEIGHT: u32 = 26;

/// The top of a rate axis, a little above 100% so that an interval reaching 100% shows its cap
/// whole (the ticks still end at 100%).
pub(crate) const RATE_AXIS_TOP: f64 = 1.04;

/// A group's name as it fits `room` pixels: the largest font from 14 down to 10 px that holds it
/// (about 0.6 em a character), else shortened with an ellipsis at 10 px. The figure's numbers
/// table keeps the whole name.
pub(crate) fn fitted_label(name: &str, room: i32) -> (String, u32) {
    let chars = name.chars().count().max(1) as f64;
    let size = (f64::from(room) / (0.6 * chars)).floor().clamp(10.0, 14.0) as u32;
    let fits = (f64::from(room) / (0.6 * f64::from(size))).floor().max(1.0) as usize;
    if name.chars().count() <= fits {
        return (name.to_owned(), size);
    }
    let kept: String = name.chars().take(fits.saturating_sub(1).max(1)).collect();
    (format!("{kept}…"), size)
}

pub fn draw_success_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    data: &SuccessBars<'_>,
) -> Result<Vec<BarHit>, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let (heading, area) = area.split_vertically(if data.title.is_empty() { 0 } else { TITLE_HEIGHT });
    if !data.title.is_empty() {
        let (width, _) = heading.dim_in_pixel();
        let style = TextStyle::from(("sans-serif", 16).into_font()).pos(Pos::new(HPos::Center, VPos::Top));
        heading.draw(&Text::new(data.title.to_owned(), (width as i32 / 2, 6), style))?;
    }
    // Only the models with a bar get a slot and a legend entry (a task a model did not answer
    // leaves no gap); each keeps its color of the whole drop.
    let mut shown: Vec<usize> = data.bars.iter().map(|b| b.model).collect();
    shown.sort_unstable();
    shown.dedup();
    let (legend, plot) = area.split_vertically(LEGEND_HEIGHT);
    draw_legend(&legend, data.models, &shown)?;
    let groups = data.groups.len().max(1);
    let mut chart = ChartBuilder::on(&plot)
        .margin(12)
        .x_label_area_size(28)
        .y_label_area_size(48)
        .build_cartesian_2d(0f64..groups as f64, 0f64..RATE_AXIS_TOP)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .max_light_lines(0)
        .x_labels(0)
        .y_labels(6)
        .y_label_formatter(&|v| if *v <= 1.0 { format!("{:.0}%", v * 100.0) } else { String::new() })
        .y_desc(data.measure)
        .draw()?;
    let width = 0.8 / shown.len().max(1) as f64;
    let mut hits = Vec::new();
    for bar in data.bars {
        let slot = shown.binary_search(&bar.model).unwrap_or_default();
        let x0 = bar.group as f64 + 0.1 + slot as f64 * width;
        let x1 = x0 + width * 0.9;
        let color = model_color(bar.model, data.models.len());
        chart.draw_series(std::iter::once(Rectangle::new([(x0, 0.0), (x1, bar.rate)], color.filled())))?;
        if let Some([lo, hi]) = bar.ci95 {
            let middle = (x0 + x1) / 2.0;
            chart.draw_series(std::iter::once(ErrorBar::new_vertical(
                middle,
                lo,
                bar.rate,
                hi,
                BLACK.stroke_width(1),
                6,
            )))?;
        }
        // A very low bar still gets a clickable height.
        let top = chart.backend_coord(&(x0, bar.rate.max(0.04)));
        hits.push(BarHit { rect: [top, chart.backend_coord(&(x1, 0.0))], model: bar.model, group: bar.group });
    }
    let room = chart.backend_coord(&(1.0, 0.0)).0 - chart.backend_coord(&(0.0, 0.0)).0 - 4;
    for (i, name) in data.groups.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
        let base = plot.get_base_pixel();
        let (label, size) = fitted_label(name, room);
        let style = TextStyle::from(("sans-serif", size).into_font()).pos(Pos::new(HPos::Center, VPos::Top));
        plot.draw(&Text::new(label, (x - base.0, y - base.1 + 8), style))?;
    }
    area.present()?;
    Ok(hits)
}

fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    models: &[String],
    shown: &[usize],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let mut x = 56;
    for (i, model) in shown.iter().filter_map(|&i| Some((i, models.get(i)?))) {
        area.draw(&Rectangle::new([(x, 8), (x + 14, 22)], model_color(i, models.len()).filled()))?;
        let style = TextStyle::from(("sans-serif", 14).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
        area.draw(&Text::new(model.clone(), (x + 20, 15), style))?;
        x += 28 + 8 * model.chars().count() as i32;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_names_fit_their_room() {
        assert_eq!(fitted_label("NL", 80), ("NL".to_owned(), 14));
        assert_eq!(fitted_label("list of tuple", 80), ("list of tuple".to_owned(), 10));
        let (label, size) = fitted_label("dictionary of list of tuple", 80);
        assert_eq!((label.as_str(), size), ("dictionary o…", 10));
        assert!(fitted_label("x", 0).0.chars().count() <= 2);
    }

    #[test]
    fn a_model_without_bars_gets_no_slot_nor_legend_entry() {
        let models = ["answered-a", "silent", "answered-b"].map(str::to_owned);
        let bar = |model| Bar { group: 0, model, rate: 0.5, ci95: None };
        let bars = [bar(0), bar(2)];
        let data = SuccessBars { title: "", measure: "rate", groups: &["g".to_owned()], models: &models, bars: &bars };
        let mut svg = String::new();
        let hits = {
            let area = SVGBackend::with_string(&mut svg, (600, 300)).into_drawing_area();
            draw_success_bars(&area, &data).unwrap()
        };
        assert!(svg.contains("answered-a") && svg.contains("answered-b") && !svg.contains("silent"));
        // The two bars share the group's width between them, side by side.
        let widths: Vec<i32> = hits.iter().map(|h| h.rect[1].0 - h.rect[0].0).collect();
        assert!(widths.iter().all(|&w| w > 150), "{widths:?}");
        assert!(hits[0].rect[1].0 <= hits[1].rect[0].0 && hits[1].rect[0].0 - hits[0].rect[1].0 < 40);
    }
}
