//! What each figure shows, built from a [`Report`] (and the models' order in the [`Facts`], which
//! fixes their colours): the overview bars, a construct radar and construct bars per benchmark,
//! and a property chart per model. The page, its SVG/PNG exports and the CLI's `figures/` draw
//! these same values.

use crate::bars::{draw_success_bars, run_bars, Bar, BarHit, SuccessBars};
use crate::forest::{draw_forest, forest_size, ForestRow};
use crate::format::{
    format_p_short, interval, interval_clause, n_equals, n_range, percent, signed, signed_interval, unsigned,
};
use crate::heatmap::{draw_heatmap, heatmap_size, CellTitle, Cells, HeatmapCell, HeatmapGeometry, Shade, Surface};
use crate::palette::{is_few, Ink, FEW_PROGRAMS};
use crate::property_bars::{draw_property_bars, tallest};
use crate::radar::{draw_radar, radar_height, RadarGeometry, RadarSeries};
use crate::reliability::{draw_reliability, ReliabilityPoint, ReliabilitySeries, RELIABILITY_SIZE};
use exerscope_core::flavors::{AnyConstruct, Flavor};
use exerscope_core::numeric::NumericProperty;
use exerscope_core::stats::agreement::{by_mean_difference, pair_matrix as pair_matrix_cells};
use exerscope_core::stats::buckets::Bucket;
use exerscope_core::stats::divergence::PlaceDivergence;
use exerscope_core::stats::leaderboard::pivots;
use exerscope_core::stats::numeric::{CorrelationMode, CorrelationRow, ALL_BENCHMARKS};
use exerscope_core::stats::prediction::Coefficient;
use exerscope_core::stats::profile::{
    bin_label, profiled_properties, share, BenchmarkProfile, Profile, PropertyHistogram, BINS,
};
use exerscope_core::stats::wilson::{wilson_interval, Z_95};
use exerscope_core::stats::{ConstructSummary, TypeSummary};
use exerscope_core::table::Task;
use exerscope_core::types::ReferenceType;
use exerscope_core::units::Unit;
use exerscope_core::{Facts, Report};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The y axis of success bars.
const SUCCESS: &str = "success rate";

/// One chart, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The file stem (`overview`, `constructs-cruxeval`, `property-loc-gpt-4-turbo`): letters,
    /// digits, `.`, `_` and `-` only.
    pub name: String,
    /// What it shows, in words: the canvas's text alternative and the export's description.
    pub caption: String,
    /// Width and height in pixels.
    pub size: (u32, u32),
    pub chart: Chart,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// Success rates with 95% intervals, grouped (by benchmark, by construct), one bar per model;
    /// `title` (the benchmark) above, none when empty.
    /// `measure`: what the bars' rate is, the y axis's title ("success rate").
    Bars { title: String, measure: &'static str, groups: Vec<String>, models: Vec<String>, bars: Vec<Bar> },
    /// One spoke per construct, one polygon per model (`models`: every model's name, by index).
    Radar { title: String, spokes: Vec<String>, models: Vec<String>, series: Vec<RadarSeries> },
    /// For many models: a row per model (`row_models`: their indices), a column per group — or per
    /// model (`column_models`: their indices; empty when the columns are not models).
    Heatmap {
        title: String,
        rows: Vec<String>,
        row_models: Vec<usize>,
        columns: Vec<String>,
        column_models: Vec<usize>,
        cells: Vec<HeatmapCell>,
    },
    /// Correct/incorrect predictions per rounded property value, with the rate on a second axis.
    /// `count_top`: the count axis's top, shared by the charts of a set ([`properties`]).
    Property { title: String, subtitle: String, x_label: String, buckets: Vec<Bucket>, count_top: u64 },
    /// Estimates with 95% intervals, a row each, in the colour of model `model` of `models`.
    Forest { title: String, x_label: String, rows: Vec<ForestRow>, model: usize, models: usize },
    /// Predicted against observed success, a line of bins per model (`models`: how many in all).
    Reliability { title: String, series: Vec<ReliabilitySeries>, models: usize },
}

/// Where a figure's marks were drawn, in the backend's pixels.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawn {
    Bars(Vec<BarHit>),
    Radar(RadarGeometry),
    Heatmap(HeatmapGeometry, Vec<usize>),
    /// Nothing to click.
    Plain,
}

/// What a click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// The bar of model `model` (its index in the facts) in group `group`.
    Bar {
        model: usize,
        group: usize,
    },
    Spoke(usize),
    /// A heatmap's cell: model `model` (its index in the facts), column `column`.
    Cell {
        model: usize,
        column: usize,
    },
}

impl Drawn {
    pub fn hit(&self, point: (i32, i32)) -> Option<Hit> {
        match self {
            Drawn::Bars(hits) => {
                hits.iter().find(|h| h.contains(point)).map(|h| Hit::Bar { model: h.model, group: h.group })
            }
            Drawn::Radar(geometry) => geometry.spoke_at(point).map(Hit::Spoke),
            Drawn::Heatmap(geometry, row_models) => {
                let (row, column) = geometry.cell_at(point)?;
                Some(Hit::Cell { model: *row_models.get(row)?, column })
            }
            Drawn::Plain => None,
        }
    }
}

impl Figure {
    /// What the pointer rests on where the figure was `drawn`, in words (a heatmap cell's counts).
    pub fn title_at(&self, drawn: &Drawn, point: (i32, i32)) -> Option<String> {
        let (Chart::Heatmap { rows, columns, cells, .. }, Drawn::Heatmap(geometry, _)) = (&self.chart, drawn) else {
            return None;
        };
        let (row, column) = geometry.cell_at(point)?;
        let cell = cells.iter().find(|c| (c.row, c.column) == (row, column))?;
        Some(cell.title.text(rows, columns))
    }

    /// Whether its values are only under the pointer (and in its numbers): a heatmap past
    /// [`crate::heatmap::WRITTEN_CELLS`] cells.
    pub fn values_unwritten(&self) -> bool {
        matches!(&self.chart, Chart::Heatmap { rows, columns, .. } if !Cells::of(rows.len(), columns.len()).written)
    }

    /// The figure drawn in `ink` (the page's theme; an export's is [`Ink::LIGHT`]).
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        surface: Surface,
        ink: &Ink,
    ) -> Result<Drawn, DrawingAreaErrorKind<DB::ErrorType>> {
        Ok(match &self.chart {
            Chart::Bars { title, measure, groups, models, bars } => {
                Drawn::Bars(draw_success_bars(area, &SuccessBars { title, measure, groups, models, bars, ink })?)
            }
            Chart::Radar { title, spokes, series, models } => {
                Drawn::Radar(draw_radar(area, title, spokes, series, models, ink)?)
            }
            Chart::Heatmap { title, rows, row_models, columns, cells, .. } => {
                Drawn::Heatmap(draw_heatmap(area, surface, title, rows, columns, cells, ink)?, row_models.clone())
            }
            Chart::Property { title, subtitle, x_label, buckets, count_top } => {
                draw_property_bars(area, title, subtitle, x_label, buckets, *count_top, ink)?;
                Drawn::Plain
            }
            Chart::Forest { title, x_label, rows, model, models } => {
                draw_forest(area, title, x_label, rows, ink.model(*model, *models), ink)?;
                Drawn::Plain
            }
            Chart::Reliability { title, series, models } => {
                draw_reliability(area, title, series, *models, ink)?;
                Drawn::Plain
            }
        })
    }

    /// The (row, column) models of a hit on a matrix whose columns are models too.
    pub fn pair_at(&self, hit: Hit) -> Option<(usize, usize)> {
        match (&self.chart, hit) {
            (Chart::Heatmap { column_models, .. }, Hit::Cell { model, column }) => {
                Some((model, *column_models.get(column)?))
            }
            _ => None,
        }
    }

    /// The name of the group (bars), spoke (radar) or column (heatmap) a hit landed in, and the
    /// model's index where the mark has one.
    pub fn group_of(&self, hit: Hit) -> Option<(&str, Option<usize>)> {
        let (names, index, model) = match (&self.chart, hit) {
            (Chart::Bars { groups, .. }, Hit::Bar { model, group }) => (groups, group, Some(model)),
            (Chart::Radar { spokes, .. }, Hit::Spoke(spoke)) => (spokes, spoke, None),
            (Chart::Heatmap { columns, .. }, Hit::Cell { model, column }) => (columns, column, Some(model)),
            _ => return None,
        };
        Some((names.get(index)?.as_str(), model))
    }

    /// The figure as an SVG document, drawn in `ink` (exports on white unless asked otherwise).
    pub fn svg(&self, ink: &Ink) -> Result<String, String> {
        let mut out = String::new();
        {
            let area = SVGBackend::with_string(&mut out, self.size).into_drawing_area();
            self.draw(&area, Surface::Vector, ink).map_err(|e| format!("{}: {e}", self.name))?;
        }
        Ok(out)
    }
}

/// The numbers behind a figure, as text: its text alternative on the page, and the keyboard's way
/// to what a click on a mark opens (each cell carries its mark's hit).
#[derive(Clone, Debug, PartialEq)]
pub struct FigureTable {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<TableCell>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TableCell {
    pub text: String,
    /// What a click on the cell's mark in the chart opens.
    pub hit: Option<Hit>,
}

impl TableCell {
    fn plain(text: String) -> Self {
        TableCell { text, hit: None }
    }
}

impl Figure {
    /// The statistics a chart states under its title (a property chart's correlations), for
    /// readers that do not see the canvas.
    pub fn subtitle(&self) -> Option<&str> {
        match &self.chart {
            Chart::Property { subtitle, .. } => Some(subtitle),
            _ => None,
        }
    }

    /// A property chart's count axis top.
    pub fn count_top(&self) -> Option<u64> {
        match &self.chart {
            Chart::Property { count_top, .. } => Some(*count_top),
            _ => None,
        }
    }

    pub fn table(&self) -> FigureTable {
        let rate = |rate: Option<f64>, ci95: Option<[f64; 2]>| match (rate, ci95) {
            (Some(rate), Some(ci)) => format!("{} ({})", percent(rate), interval(ci)),
            (Some(rate), None) => percent(rate),
            _ => "–".to_owned(),
        };
        let labelled = |name: &String, cells: Vec<TableCell>| {
            std::iter::once(TableCell::plain(name.clone())).chain(cells).collect()
        };
        match &self.chart {
            Chart::Bars { groups, models, bars, .. } => FigureTable {
                columns: std::iter::once(String::new()).chain(models.iter().cloned()).collect(),
                rows: groups
                    .iter()
                    .enumerate()
                    .map(|(group, name)| {
                        let cell = |model| {
                            let bar = bars.iter().find(|b| b.group == group && b.model == model);
                            let note =
                                bar.and_then(|b| b.note(false)).map_or(String::new(), |note| format!(", {note}"));
                            TableCell {
                                text: rate(bar.map(|b| b.rate), bar.and_then(|b| b.ci95)) + &note,
                                hit: bar.map(|_| Hit::Bar { model, group }),
                            }
                        };
                        labelled(name, (0..models.len()).map(cell).collect())
                    })
                    .collect(),
            },
            Chart::Radar { spokes, models, series, .. } => FigureTable {
                columns: std::iter::once("construct".to_owned())
                    .chain(series.iter().map(|s| models.get(s.model).cloned().unwrap_or_default()))
                    .collect(),
                rows: spokes
                    .iter()
                    .enumerate()
                    .map(|(spoke, name)| {
                        // A spoke opens its construct's programs, whichever model: its name is the way in.
                        let name = TableCell { text: name.clone(), hit: Some(Hit::Spoke(spoke)) };
                        let rates = series.iter().map(|s| {
                            let note = if s.ringed(spoke) {
                                format!(", {}", n_equals(s.programs[spoke]))
                            } else {
                                String::new()
                            };
                            TableCell::plain(rate(s.rates[spoke], None) + &note)
                        });
                        std::iter::once(name).chain(rates).collect()
                    })
                    .collect(),
            },
            Chart::Heatmap { rows: row_names, row_models, columns: column_names, cells, .. } => {
                // Each cell at its place (a hundred models' matrix: 10,000 cells).
                let at: HashMap<(usize, usize), &HeatmapCell> = cells.iter().map(|c| ((c.row, c.column), c)).collect();
                FigureTable {
                    columns: std::iter::once("model".to_owned()).chain(column_names.iter().cloned()).collect(),
                    rows: row_names
                        .iter()
                        .enumerate()
                        .map(|(row, name)| {
                            let cell = |column| {
                                let cell = at.get(&(row, column));
                                TableCell {
                                    text: cell.map_or("–".to_owned(), |c| c.title.text(row_names, column_names)),
                                    hit: cell.and_then(|_| Some(Hit::Cell { model: *row_models.get(row)?, column })),
                                }
                            };
                            labelled(name, (0..column_names.len()).map(cell).collect())
                        })
                        .collect(),
                }
            }
            Chart::Forest { rows, .. } => FigureTable {
                columns: ["feature", "effect", "95% CI"].map(str::to_owned).to_vec(),
                rows: rows
                    .iter()
                    .map(|r| {
                        [r.label.clone(), signed(r.estimate), signed_interval(r.ci95)].map(TableCell::plain).to_vec()
                    })
                    .collect(),
            },
            Chart::Reliability { series, .. } => FigureTable {
                columns: ["model", "predicted", "observed", "programs"].map(str::to_owned).to_vec(),
                rows: series
                    .iter()
                    .flat_map(|line| {
                        line.points.iter().map(|p| {
                            [line.name.clone(), percent(p.predicted), percent(p.observed), p.programs.to_string()]
                                .map(TableCell::plain)
                                .to_vec()
                        })
                    })
                    .collect(),
            },
            Chart::Property { x_label, buckets, .. } => FigureTable {
                columns: [x_label.as_str(), "correct", "incorrect", "success rate"].map(str::to_owned).to_vec(),
                rows: buckets
                    .iter()
                    .map(|b| {
                        let ci95 = wilson_interval(b.correct, b.correct + b.incorrect, Z_95);
                        [
                            b.value.to_string(),
                            b.correct.to_string(),
                            b.incorrect.to_string(),
                            rate(Some(b.rate()), ci95),
                        ]
                        .into_iter()
                        .map(TableCell::plain)
                        .collect()
                    })
                    .collect(),
            },
        }
    }
}

/// Up to this many models, bars and radars; beyond, heatmaps (a row per model).
pub const MAX_MODELS_FOR_BARS: usize = 8;

/// Whether the models these facts predict are too many for bars and radars.
pub fn many_models(facts: &Facts) -> bool {
    facts.predicted_models().len() > MAX_MODELS_FOR_BARS
}

/// Success per model and benchmark: the overview's bars, a group per benchmark some model
/// predicted; for many models a heatmap (a row per model, a column per benchmark).
pub fn overview(facts: &Facts, report: &Report) -> Figure {
    let groups: Vec<String> =
        facts.predicted_benchmarks().into_iter().map(|b| facts.benchmarks[b as usize].clone()).collect();
    let bars = run_bars(&groups, &facts.models, &report.runs);
    let caption = "Success rate per benchmark and model, with 95% Wilson intervals".to_owned();
    if many_models(facts) {
        let titled = bars
            .into_iter()
            .map(|bar| {
                let interval = interval_clause(bar.ci95);
                let title =
                    format!("{} on {}: {}{interval}", facts.models[bar.model], groups[bar.group], percent(bar.rate));
                (bar, title)
            })
            .collect();
        let chart = heatmap(facts, report, (None, None), "Success per model and benchmark", groups, titled);
        return Figure { name: "overview".to_owned(), caption, size: chart_size(&chart), chart };
    }
    Figure {
        name: "overview".to_owned(),
        caption,
        size: (900, 340),
        chart: Chart::Bars { title: String::new(), measure: SUCCESS, groups, models: facts.models.clone(), bars },
    }
}

/// Each model's place (by its index in the facts) on the leaderboard of `ranked_on`: a task (the
/// report's first for `None`) and a benchmark (pooled for `None`). 0 for the best; `usize::MAX`
/// for a model it does not rank.
fn leaderboard_places(facts: &Facts, report: &Report, (task, benchmark): RankedOn) -> Vec<usize> {
    let pivots = pivots(&report.leaderboard);
    let pivot = pivots.iter().find(|p| Some(p.task) == task).or(pivots.first());
    let ranked = pivot.map(|p| p.models_ranked_on(benchmark)).unwrap_or_default();
    facts.models.iter().map(|name| ranked.iter().position(|r| r == name).unwrap_or(usize::MAX)).collect()
}

/// A leaderboard: of a task (`None`: the report's first) and a benchmark (`None`: pooled).
type RankedOn<'a> = (Option<Task>, Option<&'a str>);

/// Bars as a heatmap: a row per model with a bar, best first on the leaderboard `ranked_on`
/// (models it does not rank last, in their order), a column per group; each bar with its cell's
/// title.
fn heatmap(
    facts: &Facts,
    report: &Report,
    ranked_on: RankedOn,
    title: &str,
    columns: Vec<String>,
    bars: Vec<(Bar, String)>,
) -> Chart {
    let places = leaderboard_places(facts, report, ranked_on);
    // What the cells rest on, said in the title: an exported heatmap has no pointer to ask.
    let title = match n_range(bars.iter().map(|(bar, _)| bar.programs)) {
        Some(n) => format!("{title} ({n} per cell)"),
        None => title.to_owned(),
    };
    let mut row_models: Vec<usize> = bars.iter().map(|(b, _)| b.model).collect();
    row_models.sort_unstable_by_key(|&model| (places.get(model).copied().unwrap_or(usize::MAX), model));
    row_models.dedup();
    let cells = bars
        .into_iter()
        .filter_map(|(bar, title)| {
            let row = row_models.iter().position(|&m| m == bar.model)?;
            let label = format!("{:.0}%", bar.rate * 100.0);
            let title = CellTitle::Text(format!("{title} ({})", bar.weight()));
            let shade = Shade::Rate { rate: bar.rate, few: is_few(bar.programs) };
            Some(HeatmapCell { row, column: bar.group, shade, label, title })
        })
        .collect();
    Chart::Heatmap {
        title,
        rows: row_models.iter().map(|&m| facts.models[m].clone()).collect(),
        row_models,
        columns,
        column_models: Vec::new(),
        cells,
    }
}

fn chart_size(chart: &Chart) -> (u32, u32) {
    match chart {
        Chart::Heatmap { title, rows, columns, .. } => heatmap_size(title, rows, columns),
        _ => (900, 340),
    }
}

/// The constructs of the flavor that some program of the report has, in display order: the
/// spokes of the radars and the groups of the construct bars.
pub fn shown_constructs(report: &Report, flavor: Flavor) -> Vec<AnyConstruct> {
    flavor
        .constructs()
        .into_iter()
        .filter(|c| report.constructs.iter().any(|s| s.flavor == flavor && s.construct == c.name() && s.total > 0))
        .collect()
}

/// The report's construct rates by (model, benchmark, construct), those with programs: a table
/// of 100 models asks for 2,000 of them, and a scan of the report each compared millions of names.
pub struct ConstructSummaries<'a>(HashMap<(&'a str, &'a str, Flavor, &'a str), &'a ConstructSummary>);

impl<'a> ConstructSummaries<'a> {
    pub fn of(report: &'a Report) -> ConstructSummaries<'a> {
        let mut found = HashMap::with_capacity(report.constructs.len());
        for c in report.constructs.iter().filter(|c| c.total > 0) {
            found.entry((c.model.as_str(), c.benchmark.as_str(), c.flavor, c.construct.as_str())).or_insert(c);
        }
        ConstructSummaries(found)
    }

    /// The success of `construct` for (model, benchmark); `None` without programs having it.
    pub fn get(&self, model: &str, benchmark: &str, construct: AnyConstruct) -> Option<&'a ConstructSummary> {
        self.0.get(&(model, benchmark, construct.flavor(), construct.name())).copied()
    }
}

/// The construct radar of one benchmark (its index in the facts): a polygon per model that
/// predicted it, a spoke per construct shown; a spoke without programs is left out of a polygon.
/// `None` for an index the facts do not have (a view asking while new facts replace the old).
pub fn construct_radar(facts: &Facts, report: &Report, flavor: Flavor, benchmark: usize) -> Option<Figure> {
    let title = facts.benchmarks.get(benchmark)?.clone();
    let spokes = shown_constructs(report, flavor);
    let summaries = ConstructSummaries::of(report);
    let series: Vec<RadarSeries> = facts
        .models
        .iter()
        .enumerate()
        .filter(|(_, model)| report.runs.iter().any(|r| r.model == **model && r.benchmark == title))
        .map(|(i, model)| RadarSeries {
            model: i,
            rates: spokes.iter().map(|&c| summaries.get(model, &title, c).and_then(|s| s.pass_at_1)).collect(),
            programs: spokes.iter().map(|&c| summaries.get(model, &title, c).map_or(0, |s| s.programs)).collect(),
        })
        .collect();
    Some(Figure {
        name: flavored(&format!("constructs-{}", file_name(&title)), flavor),
        caption: format!("Success per construct on {title} ({} definitions)", flavor.name()),
        size: (380, radar_height(380, &facts.models, &series)),
        chart: Chart::Radar {
            title,
            spokes: spokes.iter().map(|c| c.short().to_owned()).collect(),
            models: facts.models.clone(),
            series,
        },
    })
}

/// The construct rates of one benchmark as bars (`group`: the construct's place in `constructs`,
/// `model`: its index), construct by construct, each with its summary. One pass over the report.
fn construct_rates<'a>(
    facts: &Facts,
    report: &'a Report,
    constructs: &[AnyConstruct],
    benchmark: &str,
) -> Vec<(Bar, &'a ConstructSummary)> {
    let mut rates: Vec<(Bar, &ConstructSummary)> = report
        .constructs
        .iter()
        .filter(|s| s.benchmark == benchmark && s.total > 0)
        .filter_map(|s| {
            let group = constructs.iter().position(|c| c.flavor() == s.flavor && c.name() == s.construct)?;
            let model = facts.model_index(&s.model)? as usize;
            Some((
                Bar {
                    group,
                    model,
                    rate: s.pass_at_1?,
                    ci95: s.ci95,
                    programs: s.programs,
                    missing: 0,
                    asked: s.programs,
                },
                s,
            ))
        })
        .collect();
    rates.sort_by_key(|(bar, _)| (bar.group, bar.model));
    rates
}

/// The same rates as bars with their 95% Wilson intervals (over programs), for one benchmark.
pub fn construct_bars(facts: &Facts, report: &Report, flavor: Flavor, benchmark: usize) -> Option<Figure> {
    let name = facts.benchmarks.get(benchmark)?;
    let constructs = shown_constructs(report, flavor);
    let bars = construct_rates(facts, report, &constructs, name).into_iter().map(|(bar, _)| bar).collect();
    Some(Figure {
        name: flavored(&format!("construct-bars-{}", file_name(name)), flavor),
        caption: format!("Success per construct on {name} with 95% Wilson intervals ({} definitions)", flavor.name()),
        size: (1100, 366),
        chart: Chart::Bars {
            title: name.clone(),
            measure: SUCCESS,
            groups: constructs.iter().map(|c| c.short().to_owned()).collect(),
            models: facts.models.clone(),
            bars,
        },
    })
}

/// For many models, the construct radar of a benchmark as a heatmap: a row per model, a column per
/// construct, with counts and interval on hover.
pub fn construct_heatmap(facts: &Facts, report: &Report, flavor: Flavor, benchmark: usize) -> Option<Figure> {
    let name = facts.benchmarks.get(benchmark)?;
    let constructs = shown_constructs(report, flavor);
    let bars = construct_rates(facts, report, &constructs, name)
        .into_iter()
        .map(|(bar, summary)| {
            let interval = interval_clause(bar.ci95);
            let title = format!(
                "{} · {}: {} over {} program(s){interval}; {}/{} predictions",
                facts.models[bar.model],
                constructs[bar.group].label(),
                percent(bar.rate),
                summary.programs,
                summary.correct,
                summary.total
            );
            (bar, title)
        })
        .collect();
    let columns = constructs.iter().map(|c| c.short().to_owned()).collect();
    let chart = heatmap(facts, report, (None, Some(name)), name, columns, bars);
    Some(Figure {
        name: flavored(&format!("construct-heatmap-{}", file_name(name)), flavor),
        caption: format!("Success per construct and model on {name} ({} definitions)", flavor.name()),
        size: chart_size(&chart),
        chart,
    })
}

/// How the all-pairs matrix orders its models.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatrixOrder {
    /// The strongest first: by mean difference against the others.
    #[default]
    Strength,
    Name,
}

/// Model against model on one benchmark (or `*`, all pooled), every pair at once: the row model's
/// success minus the column model's on the programs both answered, in points, blue where the row
/// is better and red where it is worse, grey where McNemar's p adjusted over all pairs is 0.05 or
/// more (not told apart from noise). Its rows' models are its columns', in the same order.
pub fn pair_matrix(facts: &Facts, report: &Report, benchmark: &str, order: MatrixOrder) -> Option<Figure> {
    let mut models = by_mean_difference(&report.agreements, benchmark);
    if models.len() < 2 {
        return None;
    }
    if order == MatrixOrder::Name {
        models.sort_unstable();
    }
    let row_models: Vec<usize> = models.iter().filter_map(|m| facts.model_index(m).map(|i| i as usize)).collect();
    let names: Vec<String> = models.iter().map(|m| (*m).to_owned()).collect();
    let written = Cells::of(names.len(), names.len()).written;
    let pairs = pair_matrix_cells(&report.agreements, benchmark, &models);
    let both_answered =
        n_range(pairs.iter().map(|cell| cell.programs)).map_or(String::new(), |n| format!("; {n} per pair"));
    let cells = pairs
        .into_iter()
        .map(|cell| HeatmapCell {
            row: cell.row,
            column: cell.column,
            shade: Shade::Difference { difference: cell.difference, significant: cell.significant() },
            label: if written { format!("{:+.0}", cell.difference * 100.0) } else { String::new() },
            title: CellTitle::Pair(cell),
        })
        .collect();
    let scope = if benchmark == ALL_BENCHMARKS { "all benchmarks".to_owned() } else { benchmark.to_owned() };
    let chart = Chart::Heatmap {
        title: format!("Row model minus column model, in points ({scope}{both_answered})"),
        rows: names.clone(),
        column_models: row_models.clone(),
        row_models,
        columns: names,
        cells,
    };
    Some(Figure {
        name: format!("pair-matrix-{}", file_name(if benchmark == ALL_BENCHMARKS { "all" } else { benchmark })),
        caption: format!(
            "Every pair of models on {scope}: the row model's success minus the column model's on the programs both \
             answered, in percentage points; grey where McNemar's p adjusted over all pairs (Benjamini–Hochberg) is 0.05 or more"
        ),
        size: chart_size(&chart),
        chart,
    })
}

/// At most this many types in a types figure: the most common (the table has every one).
pub const MAX_TYPES_IN_FIGURE: usize = 12;

/// Success per type of the expected output on one benchmark (its index), in a flavor's types: the
/// value-match rate with its 95% interval, a group per type (the most answered first), a bar per
/// model; for many models a heatmap (a row per model, a column per type).
pub fn types(facts: &Facts, report: &Report, flavor: Flavor, benchmark: usize) -> Option<Figure> {
    let name = facts.benchmarks.get(benchmark)?;
    let rows: Vec<&TypeSummary> =
        report.types.iter().filter(|t| t.flavor == flavor && t.benchmark == *name && t.length.is_none()).collect();
    let mut answers: BTreeMap<&str, u64> = BTreeMap::new();
    for row in &rows {
        *answers.entry(&row.value_type).or_default() += row.total;
    }
    let mut shown: Vec<(&str, u64)> = answers.into_iter().collect();
    shown.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let left_out = shown.len().saturating_sub(MAX_TYPES_IN_FIGURE);
    let columns: Vec<String> = shown.iter().take(MAX_TYPES_IN_FIGURE).map(|(t, _)| (*t).to_owned()).collect();
    let mut bars: Vec<(Bar, &TypeSummary)> = rows
        .into_iter()
        .filter_map(|t| {
            let group = columns.iter().position(|c| *c == t.value_type)?;
            let model = facts.model_index(&t.model)? as usize;
            // The interval counts answers: so does the bar's weight.
            Some((
                Bar {
                    group,
                    model,
                    rate: t.value_rate?,
                    ci95: t.value_ci95,
                    programs: t.total,
                    missing: 0,
                    asked: t.total,
                },
                t,
            ))
        })
        .collect();
    bars.sort_by_key(|(bar, _)| (bar.group, bar.model));
    let more = if left_out > 0 { format!("; {left_out} rarer type(s) in the table") } else { String::new() };
    let caption = format!(
        "Success per type of the expected output on {name} with 95% Wilson intervals over answers ({} types{more})",
        flavor.name()
    );
    let figure_name = flavored(&format!("types-{}", file_name(name)), flavor);
    if many_models(facts) {
        let titled = bars
            .into_iter()
            .map(|(bar, t)| {
                let interval = interval_clause(bar.ci95);
                let title = format!(
                    "{} · {}: {}{interval}; {}/{} answers right, {} of the right type",
                    t.model,
                    t.value_type,
                    percent(bar.rate),
                    t.value_match,
                    t.total,
                    t.type_match
                );
                (bar, title)
            })
            .collect();
        let chart = heatmap(facts, report, (None, Some(name)), name, columns, titled);
        return Some(Figure { name: figure_name, caption, size: chart_size(&chart), chart });
    }
    Some(Figure {
        name: figure_name,
        caption,
        size: (1100, 366),
        chart: Chart::Bars {
            title: name.clone(),
            measure: SUCCESS,
            groups: columns,
            models: facts.models.clone(),
            bars: bars.into_iter().map(|(bar, _)| bar).collect(),
        },
    })
}

/// `property` against success for one model (its index), in one benchmark or all pooled: the
/// report's buckets, with both correlations and the logistic slope in the subtitle. `None` for
/// indices the facts do not have.
pub fn property(
    facts: &Facts,
    report: &Report,
    model: usize,
    benchmark: Option<usize>,
    property: NumericProperty,
) -> Option<Figure> {
    let model_name = facts.models.get(model)?;
    let benchmark_name = match benchmark {
        Some(b) => Some(facts.benchmarks.get(b)?),
        None => None,
    };
    let scope = benchmark_name.map_or(ALL_BENCHMARKS, String::as_str);
    let row = |mode| {
        report
            .correlations
            .iter()
            .find(|r| r.model == *model_name && r.benchmark == scope && r.property == property && r.mode == mode)
    };
    let (reference, per_program) = (row(CorrelationMode::Reference), row(CorrelationMode::PerProgram));
    if reference.is_none_or(|r| r.buckets.is_empty()) {
        return None; // no program has a value (dynamic properties before the runs)
    }
    let title = match benchmark_name {
        Some(b) => format!("{model_name} on {b}"),
        None => model_name.clone(),
    };
    let in_scope = benchmark_name.map_or(String::new(), |b| format!("-{}", file_name(b)));
    Some(Figure {
        name: format!("property-{}-{}{in_scope}", property.name(), file_name(model_name)),
        caption: format!("{} against success for {title}", property.label()),
        size: (600, 320),
        chart: Chart::Property {
            subtitle: property_subtitle(reference, per_program),
            title,
            x_label: property.label().to_owned(),
            count_top: reference.map_or(1, |r| tallest(&r.buckets)),
            buckets: reference.map(|r| r.buckets.clone()).unwrap_or_default(),
        },
    })
}

/// [`property`] for each of `models` (indices) that has values, at most `limit`, best first on
/// the task's leaderboard for the benchmark (pooled for `None`; models it does not rank after,
/// in their order), on one count axis, so that a bar's height means the same in every chart.
pub fn properties(
    facts: &Facts,
    report: &Report,
    models: &[u32],
    benchmark: Option<usize>,
    property_shown: NumericProperty,
    limit: usize,
) -> Vec<Figure> {
    let scope = benchmark.and_then(|b| facts.benchmarks.get(b)).map(String::as_str);
    let places = leaderboard_places(facts, report, (None, scope));
    let mut models = models.to_vec();
    models.sort_by_key(|&model| places.get(model as usize).copied().unwrap_or(usize::MAX));
    let mut figures: Vec<Figure> = models
        .iter()
        .filter_map(|&model| property(facts, report, model as usize, benchmark, property_shown))
        .take(limit)
        .collect();
    let top = figures.iter().filter_map(|f| f.count_top()).max();
    for figure in &mut figures {
        if let (Chart::Property { count_top, .. }, Some(top)) = (&mut figure.chart, top) {
            *count_top = top;
        }
    }
    figures
}

/// `ρ per program 0.123 [0.05, 0.19] (p = 0.010) · ρ over buckets … · log-odds per unit -0.1
/// [-0.2, -0.0], SE 0.05 (clustered by program 0.06)`: ρ with its bootstrap interval where the
/// report has it.
fn property_subtitle(reference: Option<&CorrelationRow>, per_program: Option<&CorrelationRow>) -> String {
    let describe = |row: Option<&CorrelationRow>| match row.and_then(|r| Some((r.rho?, r.p?, r.rho_ci95))) {
        Some((rho, p, Some([low, high]))) => format!("{rho:.3} [{low:.2}, {high:.2}] (p {})", format_p_short(p)),
        Some((rho, p, None)) => format!("{rho:.3} (p {})", format_p_short(p)),
        None => "–".to_owned(),
    };
    let slope = per_program.and_then(|r| r.logistic.as_ref()).map_or("–".to_owned(), |fit| {
        format!(
            "{} {}, SE {} (clustered by program {})",
            signed(fit.slope),
            signed_interval(fit.slope_ci95),
            unsigned(fit.slope_se),
            unsigned(fit.slope_se_clustered)
        )
    });
    format!(
        "ρ per program {} · ρ over buckets {} · log-odds per unit {slope}",
        describe(per_program),
        describe(reference)
    )
}

/// The benchmarks and intermediate tasks [`reasoning_kinds`] draws a chart of, in order.
pub fn reasoned(report: &Report) -> BTreeSet<(&str, Task)> {
    report.reasoning.divergence_kinds.iter().map(|k| (k.benchmark.as_str(), k.task)).collect()
}

/// Where reasoning first breaks on one benchmark and intermediate task: per kind of line and
/// model, of the answers whose run passes such a line, the share whose first divergence is on
/// one, with 95% Wilson intervals (a heatmap for many models). `None` without such answers.
pub fn reasoning_kinds(facts: &Facts, report: &Report, benchmark: &str, task: Task) -> Option<Figure> {
    let places = Places {
        name: "kinds",
        noun: "kind of line",
        how: "of the answers whose run passes a kind of line, the share whose first divergence is on one",
    };
    reasoning_places(facts, report, &report.reasoning.divergence_kinds, places, benchmark, task)
}

/// Where reasoning first breaks on one benchmark and intermediate task, by construct: per
/// construct and model, of the answers whose run has a step inside one, the share whose first
/// divergence is inside it, with 95% Wilson intervals. `None` without such answers.
pub fn reasoning_constructs(facts: &Facts, report: &Report, benchmark: &str, task: Task) -> Option<Figure> {
    let places = Places {
        name: "constructs",
        noun: "construct",
        how: "of the answers whose run has a step inside a construct, the share whose first divergence is inside it",
    };
    reasoning_places(facts, report, &report.reasoning.divergence_constructs, places, benchmark, task)
}

/// What a chart of first divergences by place counts by: the figure's name part, the place's
/// noun, and how the share is counted (for the caption).
struct Places {
    name: &'static str,
    noun: &'static str,
    how: &'static str,
}

/// Per place and model, the rows of `benchmark` and `task`: rate bars with Wilson intervals, a
/// heatmap for many models.
fn reasoning_places<P: Unit>(
    facts: &Facts,
    report: &Report,
    rows: &[PlaceDivergence<P>],
    places: Places,
    benchmark: &str,
    task: Task,
) -> Option<Figure> {
    let rows: Vec<&PlaceDivergence<P>> = rows.iter().filter(|r| r.benchmark == benchmark && r.task == task).collect();
    let shown: Vec<P> = P::ALL.iter().copied().filter(|&place| rows.iter().any(|r| r.place == place)).collect();
    if shown.is_empty() {
        return None;
    }
    let mut bars: Vec<(Bar, String)> = rows
        .iter()
        .filter_map(|r| {
            let bar = Bar {
                group: shown.iter().position(|&p| p == r.place)?,
                model: facts.model_index(&r.model)? as usize,
                rate: r.rate?,
                ci95: r.ci95,
                programs: r.reached,
                missing: 0,
                asked: r.reached,
            };
            let title = format!(
                "{} · {}: first divergence in {} of {} answers, {}{}",
                r.model,
                r.place.label(),
                r.diverged,
                r.reached,
                percent(bar.rate),
                interval_clause(bar.ci95)
            );
            Some((bar, title))
        })
        .collect();
    bars.sort_by_key(|(bar, _)| (bar.group, bar.model));
    let name = format!("reasoning-{}-{}-{}", places.name, file_name(benchmark), task.name());
    let caption = format!(
        "Where reasoning first breaks on {benchmark} ({}), by {}: {}, with 95% Wilson intervals",
        task.label(),
        places.noun,
        places.how
    );
    let groups: Vec<String> = shown.iter().map(|p| p.label().to_owned()).collect();
    if many_models(facts) {
        let chart = heatmap(facts, report, (Some(task), Some(benchmark)), benchmark, groups, bars);
        return Some(Figure { name, caption, size: chart_size(&chart), chart });
    }
    Some(Figure {
        name,
        caption,
        size: (1100, 366),
        chart: Chart::Bars {
            title: format!("{benchmark} · {} · by {}", task.label(), places.noun),
            measure: "first divergence there",
            groups,
            models: facts.models.clone(),
            bars: bars.into_iter().map(|(bar, _)| bar).collect(),
        },
    })
}

/// At most this many coefficients in a figure: the largest effects.
const MAX_COEFFICIENTS: usize = 16;

/// What makes code hard for model `model` (its index) on `task`: the prediction's coefficients
/// with the largest effects, the hardest on top. `None` without coefficients.
pub fn coefficients(facts: &Facts, report: &Report, model: usize, task: Task) -> Option<Figure> {
    let name = facts.models.get(model)?;
    let mut rows: Vec<&Coefficient> =
        report.prediction.coefficients.iter().filter(|c| c.model == *name && c.task == task).collect();
    if rows.is_empty() {
        return None;
    }
    let judged = report.prediction.predictability.iter().find(|p| p.model == *name && p.task == task);
    rows.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()));
    rows.truncate(MAX_COEFFICIENTS);
    rows.sort_by(|a, b| a.effect.total_cmp(&b.effect));
    let rows: Vec<ForestRow> =
        rows.into_iter().map(|c| ForestRow { label: c.feature.clone(), estimate: c.effect, ci95: c.ci95 }).collect();
    Some(Figure {
        name: format!("coefficients-{}-{}", file_name(name), task.name()),
        caption: format!(
            "What makes code hard for {name} ({}): the {} largest effects of program properties on the log-odds of \
             success, per standard deviation, with 95% intervals (negative: harder), fitted on every model at once",
            task.label(),
            rows.len()
        ),
        size: forest_size(rows.len()),
        chart: Chart::Forest {
            title: format!(
                "{name} · {} · what makes code hard{}",
                task.label(),
                judged.map_or(String::new(), |p| format!(" ({} programs)", n_equals(p.programs)))
            ),
            x_label: "change in log-odds of success per SD (negative: harder)".to_owned(),
            rows,
            model,
            models: facts.models.len(),
        },
    })
}

/// How well the prediction's probabilities hold on programs the fit did not see, on `task`: each
/// model's reliability bins beside the diagonal. `None` when no model was judged on it.
pub fn reliability(facts: &Facts, report: &Report, task: Task) -> Option<Figure> {
    let series: Vec<ReliabilitySeries> = report
        .prediction
        .predictability
        .iter()
        .filter(|p| p.task == task)
        .filter_map(|p| {
            Some(ReliabilitySeries {
                model: facts.models.iter().position(|m| *m == p.model)?,
                name: p.model.clone(),
                points: p
                    .reliability
                    .iter()
                    .map(|b| ReliabilityPoint { predicted: b.predicted, observed: b.observed, programs: b.programs })
                    .collect(),
            })
        })
        .collect();
    if series.is_empty() {
        return None;
    }
    Some(Figure {
        name: format!("reliability-{}", task.name()),
        caption: format!(
            "Calibration of success predicted from program properties ({}): per model, held-out programs binned by \
             predicted probability (ten bins), each bin's mean prediction against its observed success; the \
             diagonal is a perfectly calibrated prediction; rings are bins of fewer than {FEW_PROGRAMS} programs",
            task.label()
        ),
        size: RELIABILITY_SIZE,
        chart: Chart::Reliability {
            title: format!("{} · predicted and observed success", task.label()),
            series,
            models: facts.models.len(),
        },
    })
}

/// The tasks the prediction has coefficients for.
pub fn predicted_tasks(report: &Report) -> BTreeSet<Task> {
    report.prediction.coefficients.iter().map(|c| c.task).collect()
}

/// The y axis of a profile's bars.
const SHARE: &str = "share of programs";

/// A profile's bars: per group, one bar per benchmark profiled (the drop's, then CRUXEval's as
/// shipped), `count` of `of` programs as a share with its 95% Wilson interval.
fn profile_bars(
    profile: &Profile,
    groups: usize,
    count: impl Fn(&BenchmarkProfile, usize) -> Option<(u64, u64)>,
) -> Vec<Bar> {
    let mut bars = Vec::new();
    for group in 0..groups {
        for (series, benchmark) in profile.benchmarks.iter().enumerate() {
            let Some((count, of)) = count(benchmark, group) else { continue };
            let Some((rate, ci95)) = share(count, of) else { continue };
            bars.push(Bar { group, model: series, rate, ci95: Some(ci95), programs: of, missing: 0, asked: of });
        }
    }
    bars
}

fn profile_series(profile: &Profile) -> Vec<String> {
    profile.benchmarks.iter().map(|b| b.benchmark.clone()).collect()
}

/// The share of each benchmark's programs with each construct of `flavor`, beside CRUXEval's.
pub fn profile_constructs(report: &Report, flavor: Flavor) -> Option<Figure> {
    let profile = &report.profile;
    if profile.is_empty() {
        return None;
    }
    let constructs = flavor.constructs();
    let bars = profile_bars(profile, constructs.len(), |benchmark, group| {
        let count = benchmark.construct(flavor, constructs[group].name())?;
        Some((count.programs, benchmark.parsed))
    });
    Some(Figure {
        name: flavored("profile-constructs", flavor),
        caption: format!(
            "Share of each benchmark's programs with each construct, with 95% Wilson intervals, beside CRUXEval's ({} \
             definitions)",
            flavor.name()
        ),
        size: (1100, 366),
        chart: Chart::Bars {
            title: "Programs with each construct".to_owned(),
            measure: SHARE,
            groups: constructs.iter().map(|c| c.short().to_owned()).collect(),
            models: profile_series(profile),
            bars,
        },
    })
}

/// The share of each benchmark's programs of each output type, beside CRUXEval's.
pub fn profile_types(report: &Report) -> Option<Figure> {
    let profile = &report.profile;
    if profile.is_empty() {
        return None;
    }
    let types = ReferenceType::ALL;
    let bars = profile_bars(profile, types.len(), |benchmark, group| {
        let count = benchmark.output_types.iter().find(|t| t.output_type == types[group])?;
        Some((count.programs, benchmark.programs))
    });
    Some(Figure {
        name: "profile-types".to_owned(),
        caption: "Share of each benchmark's programs by the type of their expected output (the reference's \
                  categories), with 95% Wilson intervals, beside CRUXEval's"
            .to_owned(),
        size: (900, 340),
        chart: Chart::Bars {
            title: "Programs by output type".to_owned(),
            measure: SHARE,
            groups: types.iter().map(|t| t.label().to_owned()).collect(),
            models: profile_series(profile),
            bars,
        },
    })
}

/// `property`'s histogram in each benchmark, beside CRUXEval's: the share of the programs with a
/// value in each bin, from the first bin any benchmark has a program in to the last.
pub fn profile_property(report: &Report, property: NumericProperty) -> Option<Figure> {
    let profile = &report.profile;
    let histograms: Vec<Option<&PropertyHistogram>> = profile.benchmarks.iter().map(|b| b.property(property)).collect();
    let filled = |bin: &usize| histograms.iter().flatten().any(|h| h.counts[*bin] > 0);
    let first = (0..BINS).find(filled)?;
    let last = (0..BINS).rev().find(filled)?;
    let bars = profile_bars(profile, last - first + 1, |benchmark, group| {
        let histogram = benchmark.property(property)?;
        Some((histogram.counts[first + group], histogram.programs))
    });
    Some(Figure {
        name: format!("profile-{}", property.name()),
        caption: format!(
            "Histogram of {} per benchmark (share of the programs with a value in each bin, with 95% Wilson \
             intervals), beside CRUXEval's",
            property.label()
        ),
        size: (900, 340),
        chart: Chart::Bars {
            title: property.label().to_owned(),
            measure: SHARE,
            groups: (first..=last).map(bin_label).collect(),
            models: profile_series(profile),
            bars,
        },
    })
}

/// Every figure of a report, for a paper: the overview; per benchmark predicted, the construct
/// radar and bars (a heatmap for many models) and the types in both flavors; per benchmark and
/// intermediate task, where reasoning first breaks; per model predicted, each property pooled
/// over its benchmarks and (up to [`MAX_MODELS_FOR_BARS`] models) what makes code hard for it;
/// (up to as many models) per task predicted, the prediction's calibration.
pub fn all(facts: &Facts, report: &Report) -> Vec<Figure> {
    // A drop without predictions has no success to draw (its programs' profile below).
    let mut figures: Vec<Figure> = (!facts.models.is_empty()).then(|| overview(facts, report)).into_iter().collect();
    figures.extend(pair_matrix(facts, report, ALL_BENCHMARKS, MatrixOrder::Strength));
    for benchmark in facts.predicted_benchmarks() {
        for flavor in [Flavor::Exerscope, Flavor::Reference] {
            if many_models(facts) {
                figures.extend(construct_heatmap(facts, report, flavor, benchmark as usize));
            } else {
                figures.extend(construct_radar(facts, report, flavor, benchmark as usize));
                figures.extend(construct_bars(facts, report, flavor, benchmark as usize));
            }
            figures.extend(types(facts, report, flavor, benchmark as usize));
        }
    }
    for (benchmark, task) in reasoned(report) {
        figures.extend(reasoning_kinds(facts, report, benchmark, task));
        figures.extend(reasoning_constructs(facts, report, benchmark, task));
    }
    let models = facts.predicted_models();
    for p in NumericProperty::ALL {
        figures.extend(properties(facts, report, &models, None, p, usize::MAX));
    }
    for model in models {
        if !many_models(facts) {
            figures.extend(
                predicted_tasks(report).into_iter().filter_map(|t| coefficients(facts, report, model as usize, t)),
            );
        }
    }
    if !many_models(facts) {
        figures.extend(predicted_tasks(report).into_iter().filter_map(|t| reliability(facts, report, t)));
    }
    if !facts.unanswered_benchmarks().is_empty() {
        figures
            .extend([Flavor::Exerscope, Flavor::Reference].into_iter().filter_map(|f| profile_constructs(report, f)));
        figures.extend(profile_types(report));
        figures.extend(profiled_properties().filter_map(|p| profile_property(report, p)));
    }
    figures
}

/// exerscope's definitions are the default; the reference's figures say so in their name.
fn flavored(name: &str, flavor: Flavor) -> String {
    match flavor {
        Flavor::Exerscope => name.to_owned(),
        Flavor::Reference => format!("{name}-reference"),
    }
}

/// A name as a file name: letters, digits, `.`, `_`, `-`; anything else (a `/` of
/// `org/model`, a space) becomes `-`.
pub fn file_name(name: &str) -> String {
    let cleaned: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '-' }).collect();
    let cleaned = cleaned.trim_start_matches('.');
    if cleaned.is_empty() {
        "unnamed".to_owned()
    } else {
        cleaned.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use exerscope_core::{analyze, InputFile, Judge};

    /// Two models on one benchmark of three programs (one with a loop): A gets 2 of 3, B 1 of 3.
    fn analysed() -> (Facts, Report) {
        let programs = [
            ("p1", "def f(x):\n    return x + 1\n", "f(1)", "2"),
            ("p2", "def f(xs):\n    for x in xs:\n        xs = xs\n    return len(xs)\n", "f([1, 2])", "2"),
            ("p3", "def f(x):\n    if x:\n        return 1\n    return 0\n", "f(0)", "0"),
        ];
        let mut files = Vec::new();
        for (id, code, input, output) in programs {
            files.push(InputFile::new(format!("dataset/bench/{id}/main.py"), code));
            files.push(InputFile::new(format!("dataset/bench/{id}/input.txt"), input));
            files.push(InputFile::new(format!("dataset/bench/{id}/output.txt"), output));
        }
        for (model, answers) in [("org/model A", ["2", "2", "1"]), ("B", ["3", "2", "1"])] {
            for ((id, ..), answer) in programs.iter().zip(answers) {
                files.push(InputFile::new(format!("ER/{model}/bench/{id}/predict.txt"), format!("\n{answer}\n")));
            }
        }
        let facts = analyze(files).facts;
        let report = Report::build(&facts, Judge::Reference);
        (facts, report)
    }

    #[test]
    fn the_overview_draws_the_reports_rates_and_intervals() {
        let (facts, report) = analysed();
        let Chart::Bars { groups, models, bars, .. } = overview(&facts, &report).chart else { panic!("not bars") };
        assert_eq!(groups, ["bench"]);
        assert_eq!(models, facts.models);
        for bar in &bars {
            let run = report.runs.iter().find(|r| r.model == facts.models[bar.model]).unwrap();
            assert_eq!((Some(bar.rate), bar.ci95), (run.rate, run.ci95));
        }
        assert_eq!(bars.len(), 2);
        let table = overview(&facts, &report).table();
        assert_eq!(table.columns[1..], facts.models[..]);
        let run = &report.runs[0];
        let model = facts.models.iter().position(|m| *m == run.model).unwrap();
        // Three programs: few, which the cell says beside the rate.
        let expected =
            format!("{} ({}), n = {}", percent(run.rate.unwrap()), interval(run.ci95.unwrap()), run.programs);
        assert_eq!(table.rows[0][1 + model], TableCell { text: expected, hit: Some(Hit::Bar { model, group: 0 }) });
    }

    #[test]
    fn construct_figures_draw_the_reports_construct_rates() {
        let (facts, report) = analysed();
        let spokes = shown_constructs(&report, Flavor::Reference);
        let Chart::Radar { series, .. } = construct_radar(&facts, &report, Flavor::Reference, 0).unwrap().chart else {
            panic!("not a radar")
        };
        let Chart::Bars { bars, .. } = construct_bars(&facts, &report, Flavor::Reference, 0).unwrap().chart else {
            panic!("not bars")
        };
        let summaries = ConstructSummaries::of(&report);
        for bar in &bars {
            let summary = summaries.get(&facts.models[bar.model], "bench", spokes[bar.group]).unwrap();
            assert_eq!((Some(bar.rate), bar.ci95), (summary.pass_at_1, summary.ci95));
            assert_eq!(series.iter().find(|s| s.model == bar.model).unwrap().rates[bar.group], Some(bar.rate));
        }
        assert!(!bars.is_empty());
    }

    #[test]
    fn a_types_figure_draws_the_reports_value_match_rates_most_answered_first() {
        let (facts, report) = analysed();
        let figure = types(&facts, &report, Flavor::Exerscope, 0).unwrap();
        assert_eq!(figure.name, "types-bench");
        let Chart::Bars { groups, bars, .. } = figure.chart else { panic!("not bars") };
        // Every expected output here is an int.
        assert_eq!(groups, ["int"]);
        for bar in &bars {
            let row = report
                .types
                .iter()
                .find(|t| {
                    t.flavor == Flavor::Exerscope
                        && t.length.is_none()
                        && t.model == facts.models[bar.model]
                        && t.value_type == groups[bar.group]
                })
                .unwrap();
            assert_eq!((Some(bar.rate), bar.ci95), (row.value_rate, row.value_ci95));
        }
        assert_eq!(bars.len(), 2);
        let figure = types(&facts, &report, Flavor::Exerscope, 0).unwrap();
        assert_eq!(figure.group_of(Hit::Bar { model: 1, group: 0 }), Some(("int", Some(1))));
        assert_eq!(figure.group_of(Hit::Bar { model: 1, group: 5 }), None);
        assert_eq!(figure.group_of(Hit::Spoke(0)), None, "no spokes in bars");
        assert_eq!(types(&facts, &report, Flavor::Reference, 0).unwrap().name, "types-bench-reference");
        assert_eq!(types(&facts, &report, Flavor::Reference, 9), None, "a benchmark the facts do not have");
    }

    #[test]
    fn a_property_figure_draws_the_reports_buckets_and_correlations() {
        let (facts, report) = analysed();
        let figure = property(&facts, &report, 0, None, NumericProperty::Loc).unwrap();
        assert_eq!(property(&facts, &report, 2, None, NumericProperty::Loc), None, "a model the facts do not have");
        let row = report
            .correlations
            .iter()
            .find(|r| {
                r.model == facts.models[0]
                    && r.benchmark == ALL_BENCHMARKS
                    && r.property == NumericProperty::Loc
                    && r.mode == CorrelationMode::Reference
            })
            .unwrap();
        assert_eq!(figure.count_top(), Some(2), "alone, its own fullest value: p2 and p3 have 4 lines");
        let Chart::Property { buckets, subtitle, .. } = figure.chart else { panic!("not a property chart") };
        assert_eq!(buckets, row.buckets);
        assert_eq!(buckets.iter().map(|b| b.correct + b.incorrect).sum::<u64>(), 3);
        assert!(subtitle.starts_with("ρ per program "), "{subtitle}");
    }

    #[test]
    fn property_charts_of_a_set_go_best_first_on_one_count_axis() {
        let (facts, mut report) = analysed();
        let ranked: Vec<String> =
            pivots(&report.leaderboard)[0].models_ranked_on(None).into_iter().map(str::to_owned).collect();
        assert_eq!(ranked, ["model A", "B"], "2 of 3 right before 1 of 3");
        // B's fullest value made taller than any of A's: A's chart must reach as high.
        let b_loc = report
            .correlations
            .iter_mut()
            .find(|r| r.model == "B" && r.property == NumericProperty::Loc && r.mode == CorrelationMode::Reference);
        b_loc.unwrap().buckets[0].incorrect += 10;
        let worst_first: Vec<u32> =
            ranked.iter().rev().map(|m| facts.models.iter().position(|f| f == m).unwrap() as u32).collect();
        let figures = properties(&facts, &report, &worst_first, None, NumericProperty::Loc, usize::MAX);
        let titles: Vec<&str> = figures.iter().map(|f| f.caption.rsplit(" for ").next().unwrap()).collect();
        assert_eq!(titles, ranked);
        let own_tops: Vec<u64> = figures
            .iter()
            .map(|f| match &f.chart {
                Chart::Property { buckets, .. } => tallest(buckets),
                _ => panic!("not a property chart"),
            })
            .collect();
        assert!(own_tops[0] < own_tops[1], "{own_tops:?}");
        assert!(figures.iter().all(|f| f.count_top() == Some(own_tops[1])));
        let first = properties(&facts, &report, &worst_first, None, NumericProperty::Loc, 1);
        assert_eq!(first.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), [figures[0].name.as_str()]);
    }

    #[test]
    fn a_figure_in_the_dark_ink_has_its_ground_and_no_black_text() {
        let (facts, report) = analysed();
        for figure in all(&facts, &report).into_iter().filter(|f| !matches!(f.chart, Chart::Heatmap { .. })) {
            let svg = figure.svg(&Ink::DARK).unwrap();
            let RGBColor(r, g, b) = Ink::DARK.ground;
            assert!(svg.contains(&format!("fill=\"#{r:02X}{g:02X}{b:02X}\"")), "{}: {svg}", figure.name);
            let document = roxmltree::Document::parse(&svg).unwrap();
            let black = document.descendants().filter(|n| n.has_tag_name("text")).find(|n| {
                n.attribute("fill").is_none_or(|fill| fill == "#000000")
                    && n.text().is_some_and(|t| !t.trim().is_empty())
            });
            assert!(black.is_none(), "{}: {:?} in black on the dark ground", figure.name, black.and_then(|n| n.text()));
            // The export stays on white.
            assert!(figure.svg(&Ink::LIGHT).unwrap().contains("fill=\"#FFFFFF\""), "{}", figure.name);
        }
    }

    #[test]
    fn every_figure_is_a_well_formed_svg_with_a_file_name() {
        let (facts, report) = analysed();
        let figures = all(&facts, &report);
        // The overview, the pair matrix, a radar, bars and types in two flavors, and for two models
        // each property some program has (the programs were not run: no dynamic ones).
        let with_values = NumericProperty::ALL.iter().filter(|p| facts.programs.iter().any(|f| p.value(f).is_some()));
        assert_eq!(figures.len(), 2 + 6 + 2 * with_values.count());
        assert!(!figures.iter().any(|f| f.name.contains("loop_length")));
        for figure in figures {
            assert!(figure.name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)), "{}", figure.name);
            let svg = figure.svg(&Ink::LIGHT).unwrap();
            let document = roxmltree::Document::parse(&svg).unwrap();
            assert_eq!(document.root_element().attribute("width"), Some(figure.size.0.to_string().as_str()));
        }
    }

    #[test]
    fn many_models_get_heatmaps_that_lead_to_their_programs() {
        let code = "def f(x):\n    for y in x:\n        x = y\n    return x\n";
        let mut files = vec![
            InputFile::new("dataset/bench/p1/main.py", code),
            InputFile::new("dataset/bench/p1/input.txt", "f(1)"),
            InputFile::new("dataset/bench/p1/output.txt", "2"),
        ];
        for model in 0..12 {
            files.push(InputFile::new(format!("ER/m{model:02}/bench/p1/predict.txt"), format!("\n{}\n", model % 3)));
        }
        let facts = analyze(files).facts;
        let report = Report::build(&facts, Judge::Reference);
        let overview = overview(&facts, &report);
        let Chart::Heatmap { title, rows, columns, cells, .. } = &overview.chart else { panic!("not a heatmap") };
        assert_eq!((rows.len(), cells.len()), (12, 12));
        // Best first on the leaderboard (ties by name): the four right (m02, m05, …), then the rest.
        assert_eq!(rows[..5], ["m02", "m05", "m08", "m11", "m00"]);
        assert_eq!(title, "Success per model and benchmark (n = 1 per cell)", "what the cells rest on");
        assert_eq!(overview.size, crate::heatmap::heatmap_size(title, rows, columns));
        let heatmap = construct_heatmap(&facts, &report, Flavor::Reference, 0).unwrap();
        let mut svg = String::new();
        let area = SVGBackend::with_string(&mut svg, heatmap.size).into_drawing_area();
        let drawn = heatmap.draw(&area, Surface::Vector, &Ink::LIGHT).unwrap();
        let Drawn::Heatmap(geometry, _) = &drawn else { panic!("not drawn as a heatmap") };
        // The middle of row 2, column 0: model m08, third of the four that answered 2 (right).
        let point = (geometry.origin.0 + 20, geometry.origin.1 + 2 * geometry.cells.height as i32 + 9);
        assert_eq!(drawn.hit(point), Some(Hit::Cell { model: 8, column: 0 }));
        let title = heatmap.title_at(&drawn, point).unwrap();
        assert!(title.starts_with("m08 · "), "{title}");
        assert_eq!(heatmap.title_at(&drawn, (0, 0)), None, "outside the cells");
        let names: Vec<String> = all(&facts, &report).into_iter().map(|f| f.name).collect();
        assert!(
            names.contains(&"construct-heatmap-bench".to_owned())
                && !names.iter().any(|n| n.starts_with("constructs-"))
        );
        let Chart::Heatmap { rows, .. } = types(&facts, &report, Flavor::Exerscope, 0).unwrap().chart else {
            panic!("types: not a heatmap")
        };
        assert_eq!((rows.len(), &rows[..2]), (12, &["m02".to_owned(), "m05".to_owned()][..]));

        // The pair matrix: 12 × 11 cells, each pair's two halves mirrored; a hit names both models.
        let matrix = pair_matrix(&facts, &report, ALL_BENCHMARKS, MatrixOrder::Name).unwrap();
        assert!(!matrix.values_unwritten(), "12 × 11 cells: every value written");
        let Chart::Heatmap { title, rows, columns, cells, row_models, .. } = &matrix.chart else {
            panic!("not a heatmap")
        };
        assert_eq!((rows, cells.len()), (columns, 12 * 11));
        assert!(title.ends_with("(all benchmarks; n = 1 per pair)"), "{title}");
        assert!(matrix.size.0 >= 9 * title.chars().count() as u32, "room for the whole title");
        assert_eq!(rows[..3], ["m00", "m01", "m02"], "by name");
        assert_eq!(matrix.pair_at(Hit::Cell { model: row_models[0], column: 2 }), Some((row_models[0], row_models[2])));
        let cell = |r: usize, c: usize| cells.iter().find(|x| x.row == r && x.column == c).unwrap();
        // m02 answered right, m00 wrong on the one program: +100 points, not significant on one program.
        assert_eq!((cell(2, 0).label.as_str(), cell(0, 2).label.as_str()), ("+100", "-100"));
        assert!(matches!(cell(2, 0).shade, Shade::Difference { significant: false, .. }));
        let title = cell(2, 0).title.text(rows, columns);
        assert!(title.starts_with("m02 − m00: +100.0 pts (95% CI"), "{title}");
        let table = matrix.table();
        assert_eq!(table.rows[2][1].text, title, "the numbers under the matrix are its cells' titles");
        assert_eq!(table.rows[2][3].text, "–", "no pair of a model with itself");
        assert_eq!(pair_matrix(&facts, &report, "no such benchmark", MatrixOrder::Name), None);
    }

    /// The repository's RE2-Bench sample (loop and branch answers of two models) as dropped.
    fn re2bench_sample() -> (Facts, Report) {
        fn files(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<InputFile>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    files(&path, root, out);
                } else {
                    let name = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                    out.push(InputFile::new(name, std::fs::read(&path).unwrap()));
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/formats/re2bench");
        let mut dropped = Vec::new();
        files(&root, &root, &mut dropped);
        let facts = analyze(dropped).facts;
        let report = Report::build(&facts, Judge::Reference);
        (facts, report)
    }

    /// Each bar of `figure` is the rate and interval of its row of `rows` (of the loop task).
    fn assert_bars_are_rows<P: Unit>(facts: &Facts, figure: &Figure, rows: &[PlaceDivergence<P>]) {
        let Chart::Bars { groups, bars, measure, .. } = &figure.chart else { panic!("not bars") };
        assert_eq!(*measure, "first divergence there");
        let rows: Vec<_> = rows.iter().filter(|r| r.task == Task::Loop).collect();
        assert_eq!(bars.len(), rows.len(), "a bar per model and place");
        for bar in bars {
            let row = rows
                .iter()
                .find(|r| r.model == facts.models[bar.model] && r.place.label() == groups[bar.group])
                .expect("the bar's row");
            assert_eq!((Some(bar.rate), bar.ci95), (row.rate, row.ci95));
        }
        roxmltree::Document::parse(&figure.svg(&Ink::LIGHT).unwrap()).unwrap();
    }

    #[test]
    fn where_reasoning_breaks_draws_the_reports_rates_by_kind_and_by_construct() {
        let (facts, report) = re2bench_sample();
        let by_kind = reasoning_kinds(&facts, &report, "RE2-Bench", Task::Loop).expect("loop answers");
        assert_eq!(by_kind.name, "reasoning-kinds-RE2-Bench-loop");
        assert_bars_are_rows(&facts, &by_kind, &report.reasoning.divergence_kinds);
        let by_construct = reasoning_constructs(&facts, &report, "RE2-Bench", Task::Loop).expect("loop answers");
        assert_eq!(by_construct.name, "reasoning-constructs-RE2-Bench-loop");
        assert_bars_are_rows(&facts, &by_construct, &report.reasoning.divergence_constructs);
        let names: Vec<String> = all(&facts, &report).into_iter().map(|f| f.name).collect();
        assert!(names.iter().any(|n| n == "reasoning-kinds-RE2-Bench-branch"));
        assert_eq!(reasoning_kinds(&facts, &report, "RE2-Bench", Task::Trace), None);
    }

    #[test]
    fn names_become_file_names() {
        assert_eq!(file_name("org/model A"), "org-model-A");
        assert_eq!(file_name("../x"), "-x");
        assert_eq!(file_name(".."), "unnamed");
        assert_eq!(file_name("ü"), "-");
    }
}
