//! Grouped bars: a success rate per group (a benchmark, a construct) and model, with 95% Wilson
//! intervals as error bars.

use super::format::{n_equals, n_range};
use super::frame::inked;
use super::legend::{draw_legend, legend_entries, legend_height};
use super::palette::{is_few, weighted, Ink, COUNT_SIZE};
use exerscope_core::stats::RunSummary;
use plotters::coord::types::RangedCoordf64;
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
    /// What the rate rests on (programs; answers where the interval counts answers): below
    /// [`crate::palette::FEW_PROGRAMS`] the bar is drawn faint (its count is said under its group's
    /// name, or on the bar where the name's room has none).
    pub programs: u64,
    /// Programs of the benchmark without an answer: the bar says so ("62 of 86 missing").
    pub missing: u64,
    /// Programs of the benchmark asked (the 86 above; the run's `benchmark_programs`): said only
    /// where some are missing.
    pub asked: u64,
}

impl Bar {
    /// "n = 24, 62 of 86 missing": what the rate rests on.
    pub fn weight(&self) -> String {
        let n = n_equals(self.programs);
        match self.missing {
            0 => n,
            missing => format!("{n}, {missing} of {} missing", self.asked),
        }
    }

    /// The weight, where the bar must say it: with answers missing, or on few programs where its
    /// group's count under the group's name does not say it already.
    pub fn note(&self, counted_below: bool) -> Option<String> {
        (self.missing > 0 || (is_few(self.programs) && !counted_below)).then(|| self.weight())
    }
}

pub struct SuccessBars<'a> {
    /// Above the legend; none when empty.
    pub title: &'a str,
    /// What the rate is: the y axis's title.
    pub measure: &'a str,
    pub groups: &'a [String],
    pub models: &'a [String],
    pub bars: &'a [Bar],
    pub ink: &'a Ink,
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
                programs: run.programs,
                missing: run.missing,
                asked: run.benchmark_programs,
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

const TITLE_HEIGHT: u32 = 26;

/// The top of a rate axis, a little above 100% so that an interval reaching 100% shows its cap
/// whole (the ticks still end at 100%).
pub(crate) const RATE_AXIS_TOP: f64 = 1.04;

/// The groups' names as they fit `room` pixels each, in one font for all: the largest from 14
/// down to 10 px (about 0.6 em a character) that holds every name on one line, or else on two,
/// broken at the space that evens them; a line still too long at 10 px is shortened with an
/// ellipsis. The figure's numbers table keeps the whole names.
pub(crate) fn fitted_labels(names: &[String], room: i32) -> (Vec<Vec<String>>, u32) {
    let chars = |line: &str| line.chars().count().max(1);
    let size_for = |longest: usize| (f64::from(room) / (0.6 * longest as f64)).floor().clamp(10.0, 14.0) as u32;
    let longest_of = |lines: &[Vec<String>]| lines.iter().flatten().map(|l| chars(l)).max().unwrap_or(1);
    let one_line: Vec<Vec<String>> = names.iter().map(|n| vec![n.clone()]).collect();
    let lines = if longest_of(&one_line) as f64 * 6.0 <= f64::from(room) {
        one_line
    } else {
        names.iter().map(|n| two_lines(n)).collect()
    };
    let size = size_for(longest_of(&lines));
    let fits = (f64::from(room) / (0.6 * f64::from(size))).floor().max(1.0) as usize;
    let cut = |line: String| {
        if line.chars().count() <= fits {
            return line;
        }
        let kept: String = line.chars().take(fits.saturating_sub(1).max(1)).collect();
        format!("{kept}…")
    };
    (lines.into_iter().map(|l| l.into_iter().map(cut).collect()).collect(), size)
}

/// `name` broken at the space that makes its longer half shortest; itself when it has none.
fn two_lines(name: &str) -> Vec<String> {
    let half = |(at, _): &(usize, char)| name[..*at].chars().count().max(name[at + 1..].chars().count());
    match name.char_indices().filter(|(_, c)| *c == ' ').min_by_key(half) {
        Some((at, _)) => vec![name[..at].to_owned(), name[at + 1..].to_owned()],
        None => vec![name.to_owned()],
    }
}

pub fn draw_success_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    data: &SuccessBars<'_>,
) -> Result<Vec<BarHit>, DrawingAreaErrorKind<DB::ErrorType>> {
    let ink = data.ink;
    area.fill(&ink.ground)?;
    let (heading, area) = area.split_vertically(if data.title.is_empty() { 0 } else { TITLE_HEIGHT });
    if !data.title.is_empty() {
        let (width, _) = heading.dim_in_pixel();
        let style = ink.font(16).pos(Pos::new(HPos::Center, VPos::Top));
        heading.draw(&Text::new(data.title.to_owned(), (width as i32 / 2, 6), style))?;
    }
    // Only the models with a bar get a slot and a legend entry (a task a model did not answer
    // leaves no gap); each keeps its color of the whole drop.
    let mut shown: Vec<usize> = data.bars.iter().map(|b| b.model).collect();
    shown.sort_unstable();
    shown.dedup();
    let entries = legend_entries(data.models, &shown, area.dim_in_pixel().0 as i32);
    let (legend, plot) = area.split_vertically(legend_height(&entries));
    draw_legend(&legend, data.models, &entries, ink)?;
    let groups = data.groups.len().max(1);
    // A group's room before the chart is built: the plot's width less the margins and y labels.
    let room = (plot.dim_in_pixel().0 as i32 - 2 * 12 - 48) / groups as i32 - 4;
    let (labels, label_size) = fitted_labels(data.groups, room);
    // Under each group's name, what its bars rest on (their programs; in a narrow room only where
    // it fits).
    let counts: Vec<Option<String>> = (0..data.groups.len())
        .map(|g| n_range(data.bars.iter().filter(|b| b.group == g).map(|b| b.programs)))
        .map(|n| n.filter(|n| (n.chars().count() as f64 * 0.6 * f64::from(COUNT_SIZE)) <= f64::from(room)))
        .collect();
    let name_lines = labels.iter().map(Vec::len).max().unwrap_or(1) as u32;
    let count_line = if counts.iter().any(Option::is_some) { COUNT_SIZE + 2 } else { 0 };
    let mut chart = ChartBuilder::on(&plot)
        .margin(12)
        .x_label_area_size(28 + (name_lines - 1) * (label_size + 2) + count_line)
        .y_label_area_size(48)
        .build_cartesian_2d(0f64..groups as f64, 0f64..RATE_AXIS_TOP)?;
    inked(&mut chart.configure_mesh(), ink)
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
        let color = ink.model(bar.model, data.models.len());
        let corners = [(x0, 0.0), (x1, bar.rate)];
        chart.draw_series(std::iter::once(Rectangle::new(corners, weighted(color, bar.programs).filled())))?;
        if is_few(bar.programs) {
            chart.draw_series(std::iter::once(Rectangle::new(corners, color.stroke_width(1))))?;
        }
        if let Some([lo, hi]) = bar.ci95 {
            let middle = (x0 + x1) / 2.0;
            chart.draw_series(std::iter::once(ErrorBar::new_vertical(
                middle,
                lo,
                bar.rate,
                hi,
                ink.text.stroke_width(1),
                6,
            )))?;
        }
        if let Some(note) = bar.note(counts[bar.group].is_some()) {
            let top = bar.ci95.map_or(bar.rate, |[_, hi]| hi.max(bar.rate));
            draw_note(&plot, &chart, &note, (x0 + x1) / 2.0, top, x1 - x0, ink)?;
        }
        // A very low bar still gets a clickable height.
        let top = chart.backend_coord(&(x0, bar.rate.max(0.04)));
        hits.push(BarHit { rect: [top, chart.backend_coord(&(x1, 0.0))], model: bar.model, group: bar.group });
    }
    let style = ink.font(label_size).pos(Pos::new(HPos::Center, VPos::Top));
    let base = plot.get_base_pixel();
    let count_style = ink.muted_font(COUNT_SIZE).pos(Pos::new(HPos::Center, VPos::Top));
    for (i, (lines, count)) in labels.into_iter().zip(counts).enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
        let rows = lines.len() as i32;
        for (row, line) in lines.into_iter().enumerate() {
            let y = y - base.1 + 8 + row as i32 * (label_size as i32 + 2);
            plot.draw(&Text::new(line, (x - base.0, y), style.clone()))?;
        }
        if let Some(count) = count {
            let y = y - base.1 + 8 + rows * (label_size as i32 + 2);
            plot.draw(&Text::new(count, (x - base.0, y), count_style.clone()))?;
        }
    }
    area.present()?;
    Ok(hits)
}

/// `note` written upwards above a bar's mark at `top` (its rate or interval), centred on `middle`;
/// where the axis leaves no room, downwards from the top of the axis on the chart's ground. Left out
/// where the bar is too narrow for a line of text (a hundred models' bars).
fn draw_note<DB: DrawingBackend>(
    plot: &DrawingArea<DB, Shift>,
    chart: &ChartContext<DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    note: &str,
    middle: f64,
    top: f64,
    bar_width: f64,
    ink: &Ink,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    const SIZE: i32 = 10;
    let (x, mark) = chart.backend_coord(&(middle, top));
    let (x_end, axis_top) = chart.backend_coord(&(middle + bar_width, RATE_AXIS_TOP));
    if x_end - x < SIZE + 2 {
        return Ok(());
    }
    let length = (note.chars().count() as f64 * 0.6 * f64::from(SIZE)).ceil() as i32 + 4;
    let base = plot.get_base_pixel();
    let room_above = mark - 4 - axis_top;
    let (start, end) = if room_above >= length { (mark - 4, mark - 4 - length) } else { (axis_top + length, axis_top) };
    let ground = [(x - base.0 - SIZE / 2 - 1, end - base.1), (x - base.0 + SIZE / 2 + 1, start - base.1)];
    plot.draw(&Rectangle::new(ground, ink.ground.mix(0.85).filled()))?;
    let style = ink.font(SIZE as u32).transform(FontTransform::Rotate270).pos(Pos::new(HPos::Left, VPos::Center));
    plot.draw(&Text::new(note.to_owned(), (x - base.0, start - 2 - base.1), style))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_names_fit_their_room() {
        let fitted = |names: &[&str], room| {
            let (lines, size) = fitted_labels(&names.iter().map(|n| n.to_string()).collect::<Vec<_>>(), room);
            (lines.into_iter().map(|l| l.join(" / ")).collect::<Vec<_>>(), size)
        };
        assert_eq!(fitted(&["NL"], 80), (vec!["NL".to_owned()], 14));
        assert_eq!(fitted(&["list of tuple"], 80), (vec!["list of tuple".to_owned()], 10));
        // One font for every group: the one the longest name needs.
        assert_eq!(fitted(&["NL", "list of tuple"], 80), (vec!["NL".to_owned(), "list of tuple".to_owned()], 10));
        // Too long for one line even at 10 px: two, broken where they even out.
        assert_eq!(fitted(&["for loop header", "if"], 60).0, ["for loop / header", "if"]);
        assert_eq!(fitted(&["dictionary of list of tuple"], 80).0, ["dictionary of / list of tuple"]);
        // No space to break at: shortened.
        assert_eq!(fitted(&["supercalifragilistic"], 60).0, ["supercali…"]);
        assert!(fitted(&["x"], 0).0[0].chars().count() <= 2);
    }

    #[test]
    fn a_model_without_bars_gets_no_slot_nor_legend_entry() {
        let models = ["answered-a", "silent", "answered-b"].map(str::to_owned);
        let bar = |model| Bar { group: 0, model, rate: 0.5, ci95: None, programs: 40, missing: 0, asked: 40 };
        let bars = [bar(0), bar(2)];
        let (groups, ink) = (["g".to_owned()], Ink::LIGHT);
        let data = SuccessBars { title: "", measure: "rate", groups: &groups, models: &models, bars: &bars, ink: &ink };
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

    #[test]
    fn a_bar_on_few_programs_or_with_missing_answers_says_so() {
        let bar = |programs, missing| Bar {
            group: 0,
            model: 0,
            rate: 0.5,
            ci95: Some([0.3, 0.7]),
            programs,
            missing,
            asked: programs + missing,
        };
        assert_eq!(bar(20, 0).note(false), None);
        assert_eq!(bar(19, 0).note(false).as_deref(), Some("n = 19"));
        assert_eq!(bar(19, 0).note(true), None, "said under the group's name");
        assert_eq!(bar(24, 62).note(true).as_deref(), Some("n = 24, 62 of 86 missing"));
        assert_eq!(bar(40, 0).weight(), "n = 40");
        assert_eq!(bar(12, 74).note(false).as_deref(), Some("n = 12, 74 of 86 missing"));
        let drawn = |models: usize, bars: &[Bar]| {
            let names: Vec<String> = (0..models).map(|m| format!("m{m}")).collect();
            let (groups, ink) = (["g".to_owned()], Ink::LIGHT);
            let data = SuccessBars { title: "", measure: "rate", groups: &groups, models: &names, bars, ink: &ink };
            let mut svg = String::new();
            draw_success_bars(&SVGBackend::with_string(&mut svg, (600, 300)).into_drawing_area(), &data).unwrap();
            svg
        };
        let svg = drawn(2, &[bar(24, 62), Bar { model: 1, ..bar(40, 0) }]);
        assert_eq!(svg.matches("62 of 86 missing").count(), 1, "{svg}");
        assert!(!svg.contains("n = 40"));
        let few = drawn(2, &[bar(12, 0), Bar { model: 1, ..bar(12, 0) }]);
        assert_eq!(few.matches("n = 12").count(), 1, "once, under the name: {few}");
        assert_eq!(svg.matches("n = 24–40").count(), 1, "the group's programs, under its name: {svg}");
        // A hundred models' bars are too narrow for a line of text: faint, without a note (the
        // group's count under its name is all).
        let many: Vec<Bar> = (0..100).map(|model| Bar { model, ..bar(5, 0) }).collect();
        assert_eq!(drawn(100, &many).matches("n = 5").count(), 1);
    }
}
