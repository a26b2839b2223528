//! Tables for papers and scripts: every table of a [`Report`] as CSV and as LaTeX (booktabs),
//! from the report's own numbers — the page's export buttons and `exerscope report` both call
//! [`sheets`], so a number in an export is the number on the page and in the JSON report.
//!
//! CSV keeps numbers as numbers (rates as fractions, an interval as two columns); a text cell that
//! a spreadsheet would take for a formula (`=`, `+`, `-`, `@` first) is written with a `'` before
//! it. LaTeX writes rates as percentages with their intervals, escapes every text, and needs only
//! the `booktabs` package.

use crate::alignment::{DivergencePoint, Ending};
use crate::facts::{Facts, ProgramFacts};
use crate::flavors::Flavor;
use crate::numeric::NumericProperty;
use crate::report::Report;
use crate::stats::agreement::ModelAgreement;
use crate::stats::comparison::Comparison;
use crate::stats::divergence::{DivergenceRow, PlaceDivergence};
use crate::stats::leaderboard::{column_label, pivots, Standing};
use crate::stats::logistic::LogisticFit;
use crate::stats::mcnemar::Agreement;
use crate::stats::near_duplicates::SIMILAR;
use crate::stats::paired::PairedDifference;
use crate::stats::profile::{bin_label, Profile, REFERENCE};
use crate::stats::ConstructSummary;
pub use crate::texts::thousands;
use crate::units::Unit;
use std::collections::{HashMap, HashSet};

/// One table: its file name, caption, columns and rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// The file stem (`runs`, `constructs`…).
    pub name: &'static str,
    pub caption: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

/// A sheet's column names.
fn names(columns: &[&str]) -> Vec<String> {
    columns.iter().map(|c| (*c).to_owned()).collect()
}

/// A cell as the report has it.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Text(String),
    Count(u64),
    /// A share (0–1): a fraction in CSV, a percentage in LaTeX.
    Rate(Option<f64>),
    /// A 95% interval of a share: two CSV columns (`…_low`, `…_high`), `[a, b]` in LaTeX.
    Interval(Option<[f64; 2]>),
    /// A statistic with its digits for LaTeX (ρ, a difference, a slope).
    Number(Option<f64>, usize),
    /// A p-value.
    P(Option<f64>),
    /// A share with its 95% interval in one cell (a leaderboard's): three CSV columns (the share,
    /// `…_low`, `…_high`), `45.2\% [40.1, 50.3]` in LaTeX, the interval small.
    RateWithInterval(Option<f64>, Option<[f64; 2]>),
}

impl Sheet {
    pub fn csv(&self) -> String {
        let mut writer = csv::Writer::from_writer(Vec::new());
        let header =
            self.columns.iter().zip(self.rows.first().into_iter().flatten().chain(std::iter::repeat(&Cell::Count(0))));
        let mut names = Vec::new();
        for (column, cell) in header {
            match cell {
                Cell::Interval(_) => names.extend([format!("{column}_low"), format!("{column}_high")]),
                Cell::RateWithInterval(..) => {
                    names.extend([column.clone(), format!("{column}_low"), format!("{column}_high")])
                }
                _ => names.push((*column).to_owned()),
            }
        }
        let _ = writer.write_record(&names);
        for row in &self.rows {
            let mut record = Vec::new();
            for cell in row {
                match cell {
                    Cell::Text(text) => record.push(defused(text)),
                    Cell::Count(n) => record.push(n.to_string()),
                    Cell::Rate(x) | Cell::Number(x, _) | Cell::P(x) => {
                        record.push(x.map(|x| x.to_string()).unwrap_or_default())
                    }
                    Cell::Interval(ci) => record.extend(interval_fields(ci)),
                    Cell::RateWithInterval(rate, ci) => {
                        record.push(rate.map(|x| x.to_string()).unwrap_or_default());
                        record.extend(interval_fields(ci));
                    }
                }
            }
            let _ = writer.write_record(&record);
        }
        String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
    }

    /// The table as LaTeX (booktabs): one table per definitions set (a paper prints one set per
    /// table, named in its caption), each as [`Sheet::latex_table`] writes it.
    pub fn latex(&self) -> String {
        let Some(split) = self.columns.iter().position(|c| c == DEFINITIONS) else {
            return self.latex_table(self.name);
        };
        let set_of = |row: &Vec<Cell>| match row.get(split) {
            Some(Cell::Text(set)) => set.clone(),
            _ => String::new(),
        };
        let mut sets: Vec<String> = Vec::new();
        for set in self.rows.iter().map(set_of) {
            if !sets.contains(&set) {
                sets.push(set);
            }
        }
        if sets.is_empty() {
            return self.latex_table(self.name);
        }
        let without_set = |cells: &[Cell]| -> Vec<Cell> {
            cells.iter().enumerate().filter(|&(c, _)| c != split).map(|(_, cell)| cell.clone()).collect()
        };
        let tables: Vec<String> = sets
            .iter()
            .map(|set| {
                let part = Sheet {
                    name: self.name,
                    caption: format!("{} ({set} definitions)", self.caption),
                    columns: self
                        .columns
                        .iter()
                        .enumerate()
                        .filter(|&(c, _)| c != split)
                        .map(|(_, n)| n.clone())
                        .collect(),
                    rows: self.rows.iter().filter(|row| set_of(row) == *set).map(|row| without_set(row)).collect(),
                };
                part.latex_table(&format!("{}-{set}", self.name))
            })
            .collect();
        tables.join("\n")
    }

    /// One LaTeX table, labelled `tab:exerscope-{label}`: only the columns that hold a value
    /// somewhere; `table*` where it is wider than a column of a two-column paper; a `longtable`
    /// that breaks across pages (header repeated) past a page of rows.
    fn latex_table(&self, label: &str) -> String {
        let shown: Vec<usize> = (0..self.columns.len())
            .filter(|&c| {
                self.rows.is_empty() || self.rows.iter().any(|row| row.get(c).is_some_and(|cell| !cell.is_missing()))
            })
            .collect();
        let header: Vec<String> = shown.iter().map(|&c| escaped(&self.columns[c])).collect();
        let rows: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| shown.iter().map(|&c| row.get(c).map(latex_cell).unwrap_or_default()).collect())
            .collect();
        let align: String = shown
            .iter()
            .map(|&c| match self.rows.first().and_then(|row| row.get(c)) {
                Some(Cell::Text(_)) | None => 'l',
                Some(_) => 'r',
            })
            .collect();
        let width: usize = (0..shown.len())
            .map(|c| {
                rows.iter().map(|row| printed_width(&row[c])).chain([printed_width(&header[c])]).max().unwrap_or(0) + 2
            })
            .sum();
        let caption = format!("\\caption{{{}}}\\label{{tab:exerscope-{label}}}", escaped(&self.caption));
        let body = rows.iter().map(|row| format!("{} \\\\\n", row.join(" & "))).collect::<String>();
        let header = format!("{} \\\\\n", header.join(" & "));
        if self.rows.len() > PAGE_ROWS {
            format!(
                "% exerscope: needs \\usepackage{{booktabs,longtable}}; a longtable breaks across pages (in a \
                 one-column document or after \\onecolumn)\n\\begin{{longtable}}{{{align}}}\n{caption}\\\\\n\
                 \\toprule\n{header}\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n{body}\\end{{longtable}}\n"
            )
        } else {
            let (environment, note) = if width > COLUMN_WIDTH {
                ("table*", "; table*: wider than one column, it spans both")
            } else {
                ("table", "")
            };
            format!(
                "% exerscope: needs \\usepackage{{booktabs}}{note}\n\\begin{{{environment}}}\n\\centering\n{caption}\n\
                 \\begin{{tabular}}{{{align}}}\n\\toprule\n{header}\\midrule\n{body}\\bottomrule\n\\end{{tabular}}\n\
                 \\end{{{environment}}}\n"
            )
        }
    }
}

/// The column naming a row's definitions set (the reference's or exerscope's): LaTeX prints one
/// set per table.
const DEFINITIONS: &str = "definitions";

/// Characters that fit a column of a two-column paper (`\columnwidth`, about 8.5 cm) in a table's
/// text size; a wider table is a `table*`.
const COLUMN_WIDTH: usize = 60;

/// Rows past which a table breaks across pages (a `longtable`).
const PAGE_ROWS: usize = 40;

/// The characters a LaTeX cell prints (its commands and braces left out; a small interval
/// counted at the size it prints).
fn printed_width(cell: &str) -> usize {
    let (main, small) = cell.split_once("{\\scriptsize ").unwrap_or((cell, ""));
    let visible = |text: &str| {
        text.replace("\\textbackslash{}", "\\")
            .replace("$-$", "-")
            .replace("$<$", "<")
            .chars()
            .filter(|c| !matches!(c, '\\' | '{' | '}'))
            .count()
    };
    visible(main) + visible(small) * 7 / 10
}

impl Cell {
    /// A cell without a value (`--` in LaTeX, or an empty text).
    fn is_missing(&self) -> bool {
        match self {
            Cell::Text(text) => text.is_empty(),
            Cell::Count(_) => false,
            Cell::Rate(x) | Cell::Number(x, _) | Cell::P(x) | Cell::RateWithInterval(x, _) => x.is_none(),
            Cell::Interval(ci) => ci.is_none(),
        }
    }
}

/// An interval's two CSV fields (empty where there is none).
fn interval_fields(ci: &Option<[f64; 2]>) -> impl Iterator<Item = String> + '_ {
    (0..2).map(move |i| ci.map(|ci| ci[i].to_string()).unwrap_or_default())
}

fn latex_cell(cell: &Cell) -> String {
    let missing = || "--".to_owned();
    match cell {
        Cell::Text(text) => escaped(text),
        Cell::Count(n) => n.to_string(),
        Cell::Rate(rate) => rate.map_or_else(missing, |r| format!("{:.1}\\%", r * 100.0)),
        Cell::Interval(ci) => ci.map_or_else(missing, |ci| format!("[{:.1}, {:.1}]", ci[0] * 100.0, ci[1] * 100.0)),
        Cell::Number(x, digits) => x.map_or_else(missing, |x| format!("{x:.digits$}").replace('-', "$-$")),
        Cell::P(p) => p.map_or_else(missing, |p| if p < 1e-4 { "$<$0.0001".to_owned() } else { format!("{p:.4}") }),
        Cell::RateWithInterval(None, _) => missing(),
        Cell::RateWithInterval(rate, ci) => match ci {
            Some(_) => {
                format!("{} {{\\scriptsize {}}}", latex_cell(&Cell::Rate(*rate)), latex_cell(&Cell::Interval(*ci)))
            }
            None => latex_cell(&Cell::Rate(*rate)),
        },
    }
}

/// LaTeX's special characters written as text.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            // An en dash (a rank range) as LaTeX writes it, whatever the input encoding.
            '–' => out.push_str("--"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// A text a spreadsheet would run as a formula, kept as text.
pub fn defused(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

/// A pair's 2×2 counts, difference with its interval, and McNemar's p, raw and adjusted.
fn agreement_cells(a: &ModelAgreement) -> Vec<Cell> {
    let mut cells = pair_cells(&a.counts, a.paired, a.mcnemar_p);
    cells.push(Cell::P(Some(a.mcnemar_p_adjusted)));
    cells
}

/// A pair's 2×2 counts, paired difference with its interval, and McNemar p.
fn pair_cells(counts: &Agreement, paired: Option<PairedDifference>, mcnemar_p: f64) -> Vec<Cell> {
    vec![
        Cell::Count(counts.both_right),
        Cell::Count(counts.only_a),
        Cell::Count(counts.only_b),
        Cell::Count(counts.both_wrong),
        Cell::Number(paired.map(|d| d.difference), 3),
        Cell::Number(paired.map(|d| d.ci95[0]), 3),
        Cell::Number(paired.map(|d| d.ci95[1]), 3),
        Cell::P(Some(mcnemar_p)),
    ]
}

/// One row per side of each comparison and flip slice: who won, then the slice.
fn flip_slice_rows(comparisons: &[Comparison]) -> Vec<Vec<Cell>> {
    let mut rows = Vec::new();
    for c in comparisons {
        let sides = [(&c.model_a, &c.model_b, &c.only_a_slices), (&c.model_b, &c.model_a, &c.only_b_slices)];
        for (right, wrong, slices) in sides {
            rows.extend(slices.iter().map(|s| {
                vec![
                    text(right),
                    text(wrong),
                    text(c.task.name()),
                    text(&s.slice),
                    Cell::Count(s.programs),
                    Cell::Count(s.flips),
                    Cell::Rate(Some(s.share)),
                    Cell::Interval(s.share_ci95),
                    Cell::Rate(Some(s.complement_share)),
                    Cell::Number(Some(s.difference), 3),
                    Cell::P(Some(s.p)),
                    Cell::P(Some(s.p_adjusted)),
                ]
            }));
        }
    }
    rows
}

/// The leaderboard as a paper prints it (the page's pivot): a row per model and task, a column
/// per benchmark and pooled, each a success with its interval; rank and band on the column that
/// ranks (pooled where a task has it). The task is a column only when there are several.
fn leaderboard_pivot(standings: &[Standing], judge: &str) -> Sheet {
    let pivots = pivots(standings);
    let several_tasks = pivots.len() > 1;
    let mut columns: Vec<String> = Vec::new();
    if several_tasks {
        columns.push("task".to_owned());
    }
    columns.extend(["rank".to_owned(), "model".to_owned()]);
    let mut benchmarks: Vec<&str> = Vec::new();
    for column in pivots.iter().flat_map(|pivot| &pivot.columns) {
        if !benchmarks.contains(&column.as_str()) {
            benchmarks.push(column);
        }
    }
    columns.extend(benchmarks.iter().map(|b| column_label(b).to_owned()));
    columns.extend(["band", "rank (paired)", "band (paired)"].map(str::to_owned));
    let mut rows = Vec::new();
    for pivot in &pivots {
        for (model, cells) in &pivot.rows {
            let ranked = cells[pivot.ranking_column()].as_ref();
            let mut row = Vec::new();
            if several_tasks {
                row.push(text(pivot.task.name()));
            }
            row.extend([text(ranked.map(Standing::rank_text).unwrap_or_default()), text(model)]);
            for benchmark in &benchmarks {
                let standing = pivot.columns.iter().position(|c| c == benchmark).and_then(|i| cells[i].as_ref());
                row.push(Cell::RateWithInterval(standing.map(|s| s.success), standing.and_then(|s| s.ci95)));
            }
            row.push(Cell::Number(ranked.map(|s| s.band as f64), 0));
            row.push(text(ranked.and_then(Standing::paired_rank_text).unwrap_or_default()));
            row.push(Cell::Number(ranked.and_then(|s| s.paired).map(|p| p.band as f64), 0));
            rows.push(row);
        }
    }
    Sheet {
        name: "leaderboard_pivot",
        caption: format!(
            "Leaderboard ({judge} judge): pass@1 with its 95% Wilson interval per benchmark and pooled over them (the models that answered every benchmark); rank on pooled (else the first benchmark) with the ranks the intervals allow in brackets; band: the leader and the models whose intervals overlap it, then the next; paired: the same by McNemar's tests of the pairs on the programs both answered (BH-adjusted, as the all-pairs matrix), where the pairs were tested"
        ),
        columns,
        rows,
    }
}

/// A row of the constructs' pivot: a model, a benchmark and a definitions set.
type PivotRow<'a> = (&'a str, &'a str, Flavor);

/// The constructs as the page shows them and a paper prints them: a row per model, benchmark and
/// definitions set, a column per construct (its pass@1), in the report's order; LaTeX prints a
/// table per definitions set, each with only its own constructs' columns.
fn constructs_pivot(constructs: &[ConstructSummary], judge: &str) -> Sheet {
    let mut names: Vec<&str> = Vec::new();
    let (mut rows, mut seen): (Vec<PivotRow>, HashSet<PivotRow>) = Default::default();
    let mut cells: HashMap<(&str, &str, Flavor, &str), Option<f64>> = HashMap::new();
    for c in constructs {
        if !names.contains(&c.construct.as_str()) {
            names.push(&c.construct);
        }
        let row = (c.model.as_str(), c.benchmark.as_str(), c.flavor);
        if seen.insert(row) {
            rows.push(row);
        }
        cells.insert((row.0, row.1, row.2, &c.construct), c.pass_at_1);
    }
    Sheet {
        name: "constructs_pivot",
        caption: format!("Success per construct ({judge} judge): pass@1 over the programs with the construct"),
        columns: ["model", "benchmark", DEFINITIONS]
            .into_iter()
            .chain(names.iter().copied())
            .map(str::to_owned)
            .collect(),
        rows: rows
            .iter()
            .map(|&(model, benchmark, flavor)| {
                let named = [text(model), text(benchmark), text(flavor.name())];
                let rates = names
                    .iter()
                    .map(|&name| Cell::Rate(cells.get(&(model, benchmark, flavor, name)).copied().flatten()));
                named.into_iter().chain(rates).collect()
            })
            .collect(),
    }
}

fn text(value: impl Into<String>) -> Cell {
    Cell::Text(value.into())
}

/// The tables a drop may have no rows of at all: groups of programs their benchmark names, variants
/// of a model, slices beyond chance, intermediate answers.
pub const LEFT_OUT_WHEN_EMPTY: [&str; 21] = [
    "groups",
    "variants",
    "slices",
    "comparisons",
    "flip_slices",
    "predictability",
    "benchmark_forecasts",
    "coefficients",
    "expected",
    "divergence",
    "divergence_kinds",
    "divergence_constructs",
    "coherence",
    "divergences",
    "prose_claims",
    "profile_benchmarks",
    "profile_constructs",
    "profile_types",
    "profile_properties",
    "near_duplicates",
    "unexpected_runs",
];

/// Each benchmark's programs, those parsed, those run with a verdict, the runs that missed the
/// expected output, and the programs run twice and those whose second run gave something else.
fn profile_benchmarks(profile: &Profile) -> Sheet {
    let rows = profile.benchmarks.iter().map(|b| {
        let repeated = |count: u64| if b.repeated > 0 { Cell::Count(count) } else { Cell::Text(String::new()) };
        vec![
            text(&b.benchmark),
            Cell::Count(b.programs),
            Cell::Count(b.parsed),
            Cell::Count(b.runs),
            Cell::Count(b.unexpected_runs),
            repeated(b.repeated),
            repeated(b.differed_when_repeated),
        ]
    });
    Sheet {
        name: "profile_benchmarks",
        caption: format!(
            "Programs per benchmark, parsed, run on their own input with a verdict, runs that did not give the \
             expected output, and programs run twice (no model answered them) with those whose second run gave \
             something else, beside {REFERENCE}"
        ),
        columns: names(&[
            "benchmark",
            "programs",
            "parsed",
            "runs",
            "runs not giving the expected output",
            "run twice",
            "second run gave something else",
        ]),
        rows: rows.collect(),
    }
}

/// How many programs of each benchmark (and of the shipped CRUXEval) have each construct.
fn profile_constructs(profile: &Profile) -> Sheet {
    let rows = profile.benchmarks.iter().flat_map(|b| {
        b.constructs.iter().map(move |c| {
            vec![
                text(&b.benchmark),
                text(c.flavor.name()),
                text(&c.construct),
                Cell::Count(c.programs),
                Cell::Count(b.parsed),
                Cell::Rate(b.share_of_parsed(c.programs).map(|s| s.0)),
            ]
        })
    });
    Sheet {
        name: "profile_constructs",
        caption: format!("Programs with each construct, per benchmark, beside {REFERENCE}"),
        columns: names(&["benchmark", "definitions", "construct", "programs", "parsed programs", "share"]),
        rows: rows.collect(),
    }
}

/// How many programs of each benchmark give each type of output.
fn profile_types(profile: &Profile) -> Sheet {
    let rows = profile.benchmarks.iter().flat_map(|b| {
        b.output_types.iter().map(move |t| {
            vec![
                text(&b.benchmark),
                text(t.output_type.name()),
                Cell::Count(t.programs),
                Cell::Count(b.programs),
                Cell::Rate(b.share_of_programs(t.programs).map(|s| s.0)),
            ]
        })
    });
    Sheet {
        name: "profile_types",
        caption: format!(
            "Programs per type of expected output (the reference's categories), per benchmark, beside {REFERENCE}"
        ),
        columns: names(&["benchmark", "output type", "programs", "all programs", "share"]),
        rows: rows.collect(),
    }
}

/// Each property's histogram per benchmark: its non-empty bins, with the median.
fn profile_properties(profile: &Profile) -> Sheet {
    let rows = profile.benchmarks.iter().flat_map(|b| {
        b.properties.iter().flat_map(move |h| {
            let shares = h.shares();
            (0..h.counts.len()).filter(|&bin| h.counts[bin] > 0).map(move |bin| {
                vec![
                    text(&b.benchmark),
                    text(h.property.name()),
                    text(bin_label(bin)),
                    Cell::Count(h.counts[bin]),
                    Cell::Rate(shares[bin].map(|s| s.0)),
                    Cell::Count(h.programs),
                    Cell::Number(h.median, 1),
                ]
            })
        })
    });
    Sheet {
        name: "profile_properties",
        caption: format!(
            "Each property's histogram per benchmark (programs per bin of values; bins double from 3), beside {REFERENCE}"
        ),
        columns: names(&["benchmark", "property", "values", "programs", "share", "programs with a value", "median"]),
        rows: rows.collect(),
    }
}

/// Every program with its properties, one row each (the program table's, and a benchmark
/// designer's profile of programs without predictions): numeric properties by their names (empty
/// where a program has none), the expected output's type, its run's outcome, and its constructs.
pub fn program_sheet(facts: &Facts) -> Sheet {
    let numeric = NumericProperty::ALL.map(NumericProperty::name);
    let columns =
        [&["benchmark", "id", "language"][..], &numeric, &["output type", "run", "expected output", "constructs"]];
    Sheet {
        name: "programs",
        caption: "Every program with its properties (dynamic ones from its run on its own input)".to_owned(),
        columns: names(&columns.concat()),
        rows: facts.programs.iter().map(|program| program_row(facts, program)).collect(),
    }
}

fn program_row(facts: &Facts, program: &ProgramFacts) -> Vec<Cell> {
    let start = [text(&facts.benchmarks[program.benchmark as usize]), text(&program.id), text(program.language.name())];
    let numeric = NumericProperty::ALL
        .map(|p| Cell::Number(p.value(program), if p == NumericProperty::RunTimeMs { 1 } else { 0 }));
    let run = program.dynamic.as_ref();
    let expected = match run.and_then(|d| d.returns_expected) {
        Some(true) => "given",
        Some(false) => "not given",
        None => "",
    };
    let end = [
        text(&facts.type_names[program.output_type as usize]),
        text(run.map_or("", |d| d.outcome.as_str())),
        text(expected),
        text(program.constructs.names().join("; ")),
    ];
    [&start[..], &numeric, &end].concat()
}

/// Every table of the report, in the order of the page; a table without rows is left out only
/// where the drop cannot have any ([`LEFT_OUT_WHEN_EMPTY`]).
pub fn sheets(report: &Report) -> Vec<Sheet> {
    let mut sheets = all_sheets(report);
    sheets.retain(|sheet| !sheet.rows.is_empty() || !LEFT_OUT_WHEN_EMPTY.contains(&sheet.name));
    sheets
}

fn all_sheets(report: &Report) -> Vec<Sheet> {
    let judge = report.judge.name();
    vec![
        Sheet {
            name: "runs",
            caption: format!("Success per model and benchmark ({judge} judge; pass@1 with its 95% Wilson interval over programs)"),
            columns: names(&[
                "model", "benchmark", "task", "correct", "wrong", "missing", "total", "programs", "samples", "pass@1",
                "ci95", "pass@5", "se (clustered)", "se (unclustered)",
            ]),
            rows: report
                .runs
                .iter()
                .map(|r| {
                    vec![
                        text(&r.model),
                        text(&r.benchmark),
                        text(r.task.name()),
                        Cell::Count(r.correct),
                        Cell::Count(r.wrong),
                        Cell::Count(r.missing),
                        Cell::Count(r.total),
                        Cell::Count(r.programs),
                        Cell::Count(r.samples.into()),
                        Cell::Rate(r.pass_at_1),
                        Cell::Interval(r.ci95),
                        Cell::Rate(r.pass_at_5),
                        Cell::Number(r.se, 4),
                        Cell::Number(r.se_unclustered, 4),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "leaderboard",
            caption: format!(
                "Models ranked per benchmark and pooled (*) ({judge} judge; pass@1 with its 95% Wilson interval; best and worst rank as the intervals allow; band: the leader and the models whose intervals overlap it; paired: the same by McNemar's tests of the pairs on the programs both answered, BH-adjusted as the all-pairs matrix, where the pairs were tested)"
            ),
            columns: names(&[
                "benchmark",
                "rank",
                "model",
                "programs",
                "pass@1",
                "ci95",
                "rank (best)",
                "rank (worst)",
                "band",
                "rank (paired best)",
                "rank (paired worst)",
                "band (paired)",
            ]),
            rows: report
                .leaderboard
                .iter()
                .map(|s| {
                    vec![
                        text(&s.benchmark),
                        Cell::Count(s.rank as u64),
                        text(&s.model),
                        Cell::Count(s.programs),
                        Cell::Rate(Some(s.success)),
                        Cell::Interval(s.ci95),
                        Cell::Count(s.rank_best as u64),
                        Cell::Count(s.rank_worst as u64),
                        Cell::Count(s.band as u64),
                        Cell::Number(s.paired.map(|p| p.rank_best as f64), 0),
                        Cell::Number(s.paired.map(|p| p.rank_worst as f64), 0),
                        Cell::Number(s.paired.map(|p| p.band as f64), 0),
                    ]
                })
                .collect(),
        },
        leaderboard_pivot(&report.leaderboard, judge),
        Sheet {
            name: "groups",
            caption: format!(
                "Success per group of programs the benchmark names ({judge} judge; pass@1 with its 95% Wilson interval over programs)"
            ),
            columns: names(&[
                "model", "benchmark", "task", "attribute", "value", "correct", "wrong", "total", "programs", "pass@1",
                "ci95",
            ]),
            rows: report
                .groups
                .iter()
                .map(|g| {
                    vec![
                        text(&g.model),
                        text(&g.benchmark),
                        text(g.task.name()),
                        text(&g.attribute),
                        text(&g.value),
                        Cell::Count(g.correct),
                        Cell::Count(g.wrong),
                        Cell::Count(g.total),
                        Cell::Count(g.programs),
                        Cell::Rate(g.pass_at_1),
                        Cell::Interval(g.ci95),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "constructs",
            caption: format!("Success per construct ({judge} judge): programs with the construct, pass@1 over them"),
            columns: names(&["model", "benchmark", "definitions", "construct", "correct", "total", "programs", "pass@1"]),
            rows: report
                .constructs
                .iter()
                .map(|c| {
                    vec![
                        text(&c.model),
                        text(&c.benchmark),
                        text(c.flavor.name()),
                        text(&c.construct),
                        Cell::Count(c.correct),
                        Cell::Count(c.total),
                        Cell::Count(c.programs),
                        Cell::Rate(c.pass_at_1),
                    ]
                })
                .collect(),
        },
        constructs_pivot(&report.constructs, judge),
        Sheet {
            name: "construct_effects",
            caption: format!(
                "Programs with and without each construct ({judge} judge): Fisher's exact p, Benjamini--Hochberg adjusted; \
                 the smallest difference detectable (alpha 0.05, power 0.8)"
            ),
            columns: names(&[
                "model", "benchmark", "definitions", "construct", "with: right", "with: wrong", "without: right",
                "without: wrong", "difference", "p", "p (BH)", "detectable difference", "too few programs",
            ]),
            rows: report
                .construct_effects
                .iter()
                .map(|e| {
                    vec![
                        text(&e.model),
                        text(&e.benchmark),
                        text(e.flavor.name()),
                        text(&e.construct),
                        Cell::Count(e.present.right),
                        Cell::Count(e.present.wrong),
                        Cell::Count(e.absent.right),
                        Cell::Count(e.absent.wrong),
                        Cell::Number(e.difference, 3),
                        Cell::P(e.p),
                        Cell::P(e.p_adjusted),
                        Cell::Number(e.mdd, 3),
                        text(if e.too_few_programs { "yes" } else { "no" }),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "types",
            caption: format!("Answers per type of the expected output ({judge} judge): value and type matches"),
            columns: names(&[
                "model",
                "benchmark",
                "definitions",
                "type",
                "length",
                "value match",
                "value rate",
                "95% CI",
                "type match",
                "total",
            ]),
            rows: report
                .types
                .iter()
                .map(|t| {
                    vec![
                        text(&t.model),
                        text(&t.benchmark),
                        text(t.flavor.name()),
                        text(&t.value_type),
                        text(t.length.clone().unwrap_or_default()),
                        Cell::Count(t.value_match),
                        Cell::Rate(t.value_rate),
                        Cell::Interval(t.value_ci95),
                        Cell::Count(t.type_match),
                        Cell::Count(t.total),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "agreements",
            caption: format!(
                "Model against model on the programs both predicted ({judge} judge): A's success minus B's with Newcombe's \
                 95% interval, exact McNemar p and adjusted over all pairs (Benjamini--Hochberg)"
            ),
            columns: names(&[
                "model A", "model B", "benchmark", "both right", "only A", "only B", "both wrong", "difference",
                "ci95 low", "ci95 high", "McNemar p", "p (BH)",
            ]),
            rows: report
                .agreements
                .iter()
                .map(|a| [vec![text(&a.model_a), text(&a.model_b), text(&a.benchmark)], agreement_cells(a)].concat())
                .collect(),
        },
        Sheet {
            name: "variants",
            caption: format!(
                "Each model's variants against it on the programs both predicted ({judge} judge): the variant's success \
                 minus its base model's with Newcombe's 95% interval, exact McNemar p and adjusted over all pairs"
            ),
            columns: names(&[
                "variant", "base model", "difference", "benchmark", "both right", "only the variant", "only the base",
                "both wrong", "success difference", "ci95 low", "ci95 high", "McNemar p", "p (BH)",
            ]),
            rows: report
                .variants
                .iter()
                .map(|v| {
                    let a = &v.agreement;
                    [vec![text(&a.model_a), text(&a.model_b), text(&v.difference), text(&a.benchmark)], agreement_cells(a)]
                        .concat()
                })
                .collect(),
        },
        Sheet {
            name: "correlations",
            caption: format!(
                "Numeric properties against success ({judge} judge): Spearman's rho (per program, or over the reference's buckets) and the logistic slope"
            ),
            columns: names(&[
                "model", "benchmark", "property", "mode", "rho", "p", "n", "logistic slope", "slope p", "slope se",
                "slope se (clustered)", "slope se (unclustered)",
            ]),
            rows: report
                .correlations
                .iter()
                .map(|c| {
                    let logistic = |value: fn(&LogisticFit) -> f64| c.logistic.as_ref().map(value);
                    vec![
                        text(&c.model),
                        text(&c.benchmark),
                        text(c.property.label()),
                        text(c.mode.label()),
                        Cell::Number(c.rho, 3),
                        Cell::P(c.p),
                        Cell::Count(c.n as u64),
                        Cell::Number(logistic(|l| l.slope), 3),
                        Cell::P(logistic(|l| l.p)),
                        Cell::Number(logistic(|l| l.slope_se), 4),
                        Cell::Number(logistic(|l| l.slope_se_clustered), 4),
                        Cell::Number(logistic(|l| l.slope_se_unclustered), 4),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "slices",
            caption: format!(
                "Property combinations where a model's success falls beyond chance ({judge} judge; programs \
                 counted once, solved by most samples): success with its 95% Wilson interval against the other \
                 programs', one-sided Fisher p, Benjamini–Hochberg adjusted over every combination tested"
            ),
            columns: names(&[
                "model", "task", "slice", "programs", "correct", "success", "ci95", "rest", "difference", "p",
                "p adjusted",
            ]),
            rows: report
                .slices
                .iter()
                .map(|s| {
                    vec![
                        text(&s.model),
                        text(s.task.name()),
                        text(&s.slice),
                        Cell::Count(s.programs),
                        Cell::Count(s.correct),
                        Cell::Rate(Some(s.success)),
                        Cell::Interval(s.success_ci95),
                        Cell::Rate(Some(s.complement_success)),
                        Cell::Number(Some(s.difference), 3),
                        Cell::P(Some(s.p)),
                        Cell::P(Some(s.p_adjusted)),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "comparisons",
            caption: format!(
                "Two models side by side on the programs both answered ({judge} judge; programs counted once, solved \
                 by most samples): A's success minus B's with Newcombe's 95% interval and exact McNemar p"
            ),
            columns: names(&[
                "model A", "model B", "task", "both right", "only A", "only B", "both wrong", "difference", "ci95 low",
                "ci95 high", "McNemar p",
            ]),
            rows: report
                .comparisons
                .iter()
                .map(|c| {
                    let names = vec![text(&c.model_a), text(&c.model_b), text(c.task.name())];
                    [names, pair_cells(&c.counts, c.paired, c.mcnemar_p)].concat()
                })
                .collect(),
        },
        Sheet {
            name: "flip_slices",
            caption: format!(
                "Where one model's wins over another gather ({judge} judge): property combinations where the programs \
                 the first model solved and the second did not are more frequent than elsewhere, with the share's 95% \
                 Wilson interval, one-sided Fisher p, Benjamini--Hochberg adjusted over every combination tested"
            ),
            columns: names(&[
                "right", "wrong", "task", "slice", "programs", "flips", "share", "ci95", "rest", "difference", "p",
                "p adjusted",
            ]),
            rows: flip_slice_rows(&report.comparisons),
        },
        Sheet {
            name: "predictability",
            caption: format!(
                "Success predicted from the programs' properties on programs the fit did not see ({judge} judge; \
                 five folds of programs): AUROC with its 95% Hanley--McNeil interval, expected calibration error, \
                 and the AUROC of two baselines: the model's success on the benchmark, and the other models' success \
                 on the program; past 2,000 programs, on a seeded sample of them (programs judged, of those answered)"
            ),
            columns: names(&[
                "model",
                "task",
                "programs",
                "answered",
                "AUROC",
                "ci95",
                "ECE",
                "AUROC accuracy alone",
                "AUROC other models",
            ]),
            rows: report
                .prediction
                .predictability
                .iter()
                .map(|p| {
                    vec![
                        text(&p.model),
                        text(p.task.name()),
                        Cell::Count(p.programs),
                        Cell::Count(p.answered),
                        Cell::Number(Some(p.auroc), 3),
                        Cell::Interval(Some(p.auroc_ci95)),
                        Cell::Number(Some(p.ece), 3),
                        Cell::Number(p.baseline_auroc, 3),
                        Cell::Number(p.other_models_auroc, 3),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "benchmark_forecasts",
            caption: format!(
                "Each model's success on a benchmark forecast from its properties by a fit without that benchmark \
                 ({judge} judge), with a 90% interval from how far the same forecast missed the other benchmarks, \
                 beside the real success and what the model's accuracy on the other benchmarks alone forecasts \
                 (the penalty multiple: how strongly the fit was shrunk, chosen on the other benchmarks)"
            ),
            columns: names(&[
                "model",
                "task",
                "benchmark left out",
                "programs",
                "predicted",
                "ci90",
                "real",
                "real - predicted",
                "within ci90",
                "accuracy alone",
                "penalty multiple",
            ]),
            rows: report
                .prediction
                .benchmark_forecasts
                .iter()
                .map(|f| {
                    vec![
                        text(&f.model),
                        text(f.task.name()),
                        text(&f.benchmark),
                        Cell::Count(f.programs),
                        Cell::Rate(Some(f.predicted)),
                        Cell::Interval(Some(f.predicted_ci90)),
                        Cell::Rate(Some(f.real)),
                        Cell::Number(Some(f.error), 3),
                        text(if f.within { "yes" } else { "no" }),
                        Cell::Rate(Some(f.accuracy_alone)),
                        Cell::Number(Some(f.shrink), 0),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "coefficients",
            caption: format!(
                "What makes code hard ({judge} judge): each property's effect on a model's log-odds of success per \
                 standard deviation (of its log for a number; its presence otherwise), with an approximate 95% \
                 interval; negative: harder"
            ),
            columns: names(&["model", "task", "property", "effect", "ci95"]),
            rows: report
                .prediction
                .coefficients
                .iter()
                .map(|c| {
                    vec![
                        text(&c.model),
                        text(c.task.name()),
                        text(&c.feature),
                        Cell::Number(Some(c.effect), 3),
                        Cell::Interval(Some(c.ci95)),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "expected",
            caption: format!(
                "Each model's expected success on the programs of a benchmark no model answered ({judge} judge), \
                 from the fit of success on program properties over every program answered"
            ),
            columns: names(&["model", "task", "benchmark", "program", "probability"]),
            rows: report
                .prediction
                .expected
                .iter()
                .map(|e| {
                    vec![
                        text(&e.model),
                        text(e.task.name()),
                        text(&e.benchmark),
                        text(&e.program),
                        Cell::Rate(Some(e.probability)),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "divergence",
            caption: "Intermediate answers against the run: how each ends, the share agreeing throughout with its 95% \
                      Wilson interval, the benchmark's mean partial score, where the first divergence falls (thirds of \
                      the run) and the mean share of steps right before it"
                .to_owned(),
            columns: names(&[
                &["model", "benchmark", "task", "answers", "placed"][..],
                &Ending::ALL.map(Ending::name)[..],
                &["agree", "ci95", "mean partial", "first third", "middle third", "last third", "steps right"],
            ]
            .concat()),
            rows: report
                .reasoning
                .divergence_summaries
                .iter()
                .map(|d| {
                    let start = [text(&d.model), text(&d.benchmark), text(d.task.name())];
                    let endings = Ending::ALL.map(|e| Cell::Count(d.endings.get(&e).copied().unwrap_or(0)));
                    let thirds = d.first_divergence_in.map(Cell::Count);
                    [
                        &start[..],
                        &[Cell::Count(d.predictions), Cell::Count(d.placed)],
                        &endings,
                        &[Cell::Rate(d.agree_rate), Cell::Interval(d.agree_ci95), Cell::Rate(d.mean_partial)],
                        &thirds,
                        &[Cell::Rate(d.mean_steps_right)],
                    ]
                    .concat()
                })
                .collect(),
        },
        place_sheet(
            "divergence_kinds",
            "kind of line",
            "by kind of line: of the answers whose run goes through such a line, those whose first divergence is on one",
            &report.reasoning.divergence_kinds,
        ),
        place_sheet(
            "divergence_constructs",
            "construct",
            "by construct: of the answers whose run has a step inside one (a loop, a try, a nested if), those whose \
             first divergence is inside it",
            &report.reasoning.divergence_constructs,
        ),
        Sheet {
            name: "coherence",
            caption: format!(
                "Intermediate answers against final ones on the same programs ({judge} judge): programs by states and \
                 output right or wrong; how well how early the story parts from the run tells a wrong output (AUROC, \
                 95% interval by Hanley and McNeil)"
            ),
            columns: names(&[
                "model", "benchmark", "task", "states right, output right", "states right, output wrong",
                "states wrong, output right", "states wrong, output wrong", "AUROC", "ci95 low", "ci95 high",
            ]),
            rows: report
                .reasoning
                .coherence
                .iter()
                .map(|c| {
                    vec![
                        text(&c.model),
                        text(&c.benchmark),
                        text(c.task.name()),
                        Cell::Count(c.counts[1][1]),
                        Cell::Count(c.counts[1][0]),
                        Cell::Count(c.counts[0][1]),
                        Cell::Count(c.counts[0][0]),
                        Cell::Number(c.auroc, 3),
                        Cell::Number(c.auroc_ci95.map(|ci| ci[0]), 3),
                        Cell::Number(c.auroc_ci95.map(|ci| ci[1]), 3),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "divergences",
            caption: "Each intermediate answer against its run: how it ends and its first divergence (line, iteration or \
                      visit, variable, the answer's value and the run's)"
                .to_owned(),
            columns: names(&[
                "model", "benchmark", "program", "task", "sample", "ending", "line", "step", "variable", "kind of line",
                "inside", "predicted", "actual", "steps right", "steps", "partial",
            ]),
            rows: report.reasoning.divergences.iter().map(divergence_cells).collect(),
        },
        profile_benchmarks(&report.profile),
        profile_constructs(&report.profile),
        profile_types(&report.profile),
        profile_properties(&report.profile),
        Sheet {
            name: "near_duplicates",
            caption: format!(
                "Programs whose code is nearly the same (Jaccard similarity of token trigrams at least {}; {} pairs in \
                 all, the most similar {} listed)",
                SIMILAR,
                report.profile.near_duplicate_pairs,
                report.profile.near_duplicates.len()
            ),
            columns: names(&["benchmark", "program", "other benchmark", "other program", "similarity"]),
            rows: report
                .profile
                .near_duplicates
                .iter()
                .map(|d| {
                    vec![
                        text(&d.benchmark),
                        text(&d.program),
                        text(&d.other_benchmark),
                        text(&d.other_program),
                        Cell::Number(Some(d.similarity), 3),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "unexpected_runs",
            caption: "Runs of programs on their benchmark's own inputs that did not give the expected output, or gave \
                      something else when run again, and what they gave"
                .to_owned(),
            columns: names(&["benchmark", "program", "extra input", "outcome", "got", "second run gave"]),
            rows: report
                .unexpected_runs
                .iter()
                .map(|r| {
                    vec![
                        text(&r.benchmark),
                        text(&r.program),
                        text(r.extra_input.clone().unwrap_or_default()),
                        text(&r.outcome),
                        text(r.got.clone().unwrap_or_default()),
                        text(r.second_run_gave.clone().unwrap_or_default()),
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "prose_claims",
            caption: "Output responses whose reasoning states a value of a variable of the run in prose (`x` is 5), \
                      per model and benchmark"
                .to_owned(),
            columns: names(&["model", "benchmark", "responses", "with claims", "rate", "ci95 low", "ci95 high", "claims"]),
            rows: report
                .reasoning
                .prose_claims
                .iter()
                .map(|s| {
                    vec![
                        text(&s.model),
                        text(&s.benchmark),
                        Cell::Count(s.responses),
                        Cell::Count(s.with_claims),
                        Cell::Number(s.rate, 3),
                        Cell::Number(s.ci95.map(|ci| ci[0]), 3),
                        Cell::Number(s.ci95.map(|ci| ci[1]), 3),
                        Cell::Count(s.claims),
                    ]
                })
                .collect(),
        },
    ]
}

/// First divergences by `place` (a kind of line, a construct), one row per model, benchmark,
/// task and place; `how`: how they are counted, for the caption.
fn place_sheet<P: Unit>(name: &'static str, place: &'static str, how: &str, rows: &[PlaceDivergence<P>]) -> Sheet {
    Sheet {
        name,
        caption: format!("Where intermediate answers first part from the run, {how}, with its 95% Wilson interval"),
        columns: names(&["model", "benchmark", "task", place, "reached", "diverged there", "rate", "ci95"]),
        rows: rows
            .iter()
            .map(|r| {
                vec![
                    text(&r.model),
                    text(&r.benchmark),
                    text(r.task.name()),
                    text(r.place.label()),
                    Cell::Count(r.reached),
                    Cell::Count(r.diverged),
                    Cell::Rate(r.rate),
                    Cell::Interval(r.ci95),
                ]
            })
            .collect(),
    }
}

/// A prediction's row of the divergences' table.
fn divergence_cells(d: &DivergenceRow) -> Vec<Cell> {
    let first = d.first_divergence.as_ref();
    let of_first = |value: fn(&DivergencePoint) -> String| text(first.map(value).unwrap_or_default());
    vec![
        text(&d.model),
        text(&d.benchmark),
        text(&d.program),
        text(d.task.name()),
        Cell::Count(d.sample.into()),
        text(d.ending.label()),
        of_first(|f| f.line.clone()),
        Cell::Number(first.map(|f| f64::from(f.step)), 0),
        of_first(|f| f.variable.clone().unwrap_or_default()),
        of_first(|f| f.kind.label().to_owned()),
        of_first(|f| f.constructs.iter().map(|c| c.label()).collect::<Vec<_>>().join("; ")),
        of_first(|f| f.predicted.clone().unwrap_or_default()),
        of_first(|f| f.actual.clone()),
        Cell::Count(d.steps_right.into()),
        Cell::Count(d.steps.into()),
        Cell::Number(Some(d.partial), 3),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::input::InputFile;
    use crate::judges::Judge;

    #[test]
    fn the_program_sheet_has_a_row_per_program_with_its_properties() {
        let facts = crate::facts::tests::tiny_facts();
        let sheet = program_sheet(&facts);
        assert_eq!(sheet.rows.len(), facts.programs.len());
        let loc = sheet.columns.iter().position(|c| *c == "loc").unwrap();
        for (row, program) in sheet.rows.iter().zip(&facts.programs) {
            assert_eq!(row.len(), sheet.columns.len());
            assert_eq!(row[loc], Cell::Number(NumericProperty::Loc.value(program), 0));
        }
        let csv = sheet.csv();
        assert!(csv.lines().nth(2).unwrap().starts_with("b,2,python,"), "{csv}");
        assert!(csv.lines().nth(2).unwrap().ends_with(",if; for"), "{csv}");
    }

    fn sheet(rows: Vec<Vec<Cell>>) -> Sheet {
        Sheet { name: "t", caption: "A & B_1".into(), columns: names(&["name", "n", "rate", "ci"]), rows }
    }

    #[test]
    fn csv_defuses_formulas_and_splits_intervals() {
        let csv = sheet(vec![vec![
            text("=HYPERLINK(\"x\")"),
            Cell::Count(3),
            Cell::Rate(Some(0.75)),
            Cell::Interval(Some([0.5, 0.9])),
        ]])
        .csv();
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
        assert_eq!(header, ["name", "n", "rate", "ci_low", "ci_high"]);
        let row: Vec<String> = reader.records().next().unwrap().unwrap().iter().map(str::to_owned).collect();
        assert_eq!(row, ["'=HYPERLINK(\"x\")", "3", "0.75", "0.5", "0.9"]);
        for risky in ["+1", "-1", "@SUM(A1)", "\tx"] {
            assert!(defused(risky).starts_with('\''), "{risky}");
        }
        assert_eq!(defused("gpt-4"), "gpt-4");
    }

    #[test]
    fn latex_fits_a_column_or_says_table_star_breaks_long_tables_and_leaves_out_empty_columns() {
        let row = |name: &str| vec![text(name), Cell::Count(1), Cell::Rate(Some(0.5)), Cell::Interval(None)];
        let narrow = sheet(vec![row("a")]).latex();
        assert!(narrow.contains("\\begin{table}\n") && narrow.ends_with("\\end{table}\n"), "{narrow}");
        assert!(
            narrow.contains("\\begin{tabular}{lrr}\n\\toprule\nname & n & rate \\\\\n"),
            "no all-empty ci: {narrow}"
        );
        assert!(narrow.contains("a & 1 & 50.0\\% \\\\\n"), "{narrow}");
        let wide = sheet(vec![row(&"a model with a long name, ".repeat(3))]).latex();
        assert!(wide.contains("\\begin{table*}\n") && wide.contains("table*: wider than one column"), "{wide}");
        let long = sheet((0..=PAGE_ROWS).map(|i| row(&i.to_string())).collect()).latex();
        assert!(long.contains("\\begin{longtable}{lrr}\n\\caption{A \\& B\\_1}\\label{tab:exerscope-t}\\\\\n\\toprule\nname & n & rate \\\\\n\\midrule\n\\endhead\n"), "{long}");
        assert!(long.ends_with("40 & 1 & 50.0\\% \\\\\n\\end{longtable}\n"), "{long}");
        assert!(long.starts_with("% exerscope: needs \\usepackage{booktabs,longtable}"));
        assert_eq!(long.matches(" \\\\\n").count(), PAGE_ROWS + 2, "the header and every row");
    }

    #[test]
    fn latex_prints_one_definitions_set_per_table() {
        let row = |set: &str, construct: &str| vec![text(set), text(construct), Cell::Count(3)];
        let sheet = Sheet {
            name: "constructs",
            caption: "Success per construct".into(),
            columns: names(&[DEFINITIONS, "construct", "n"]),
            rows: vec![row("reference", "if"), row("exerscope", "if"), row("reference", "for")],
        };
        let latex = sheet.latex();
        let tables: Vec<&str> = latex.split("\\end{table}\n").filter(|t| !t.trim().is_empty()).collect();
        assert_eq!(tables.len(), 2, "{latex}");
        assert!(tables[0].contains(
            "\\caption{Success per construct (reference definitions)}\\label{tab:exerscope-constructs-reference}"
        ));
        assert!(
            tables[0].contains("construct & n \\\\\n\\midrule\nif & 3 \\\\\nfor & 3 \\\\\n\\bottomrule"),
            "{latex}"
        );
        assert!(tables[1].contains("(exerscope definitions)}\\label{tab:exerscope-constructs-exerscope}"));
        assert!(tables[1].contains("\\midrule\nif & 3 \\\\\n\\bottomrule"), "{latex}");
        assert_eq!(sheet.csv().lines().count(), 4, "CSV keeps one long table");
    }

    #[test]
    fn the_constructs_pivot_puts_each_rate_in_its_row_and_column_a_table_per_definitions_set() {
        let summary = |model: &str, flavor: Flavor, construct: &str, pass_at_1: f64| ConstructSummary {
            model: model.into(),
            benchmark: "b".into(),
            flavor,
            construct: construct.into(),
            correct: 1,
            total: 2,
            programs: 2,
            pass_at_1: Some(pass_at_1),
            ci95: None,
        };
        let constructs = [
            summary("m", Flavor::Reference, "nested", 0.1),
            summary("m", Flavor::Reference, "if", 0.2),
            summary("m", Flavor::Exerscope, "if", 0.3),
            summary("m", Flavor::Exerscope, "nested_loop", 0.4),
            summary("n", Flavor::Reference, "if", 0.5),
        ];
        let sheet = constructs_pivot(&constructs, "exact");
        assert_eq!(sheet.columns, ["model", "benchmark", DEFINITIONS, "nested", "if", "nested_loop"]);
        let rate = |row: usize, column: usize| sheet.rows[row][column].clone();
        assert_eq!(sheet.rows.len(), 3, "m and n in the reference's set, m in exerscope's");
        assert_eq!(
            (rate(0, 3), rate(0, 4), rate(0, 5)),
            (Cell::Rate(Some(0.1)), Cell::Rate(Some(0.2)), Cell::Rate(None))
        );
        assert_eq!(
            (rate(1, 2), rate(1, 4), rate(1, 5)),
            (text("exerscope"), Cell::Rate(Some(0.3)), Cell::Rate(Some(0.4)))
        );
        assert_eq!((rate(2, 0), rate(2, 3), rate(2, 4)), (text("n"), Cell::Rate(None), Cell::Rate(Some(0.5))));
        let latex = sheet.latex();
        let (reference, exerscope) = latex.split_once("\\end{table}").unwrap();
        assert!(reference.contains("model & benchmark & nested & if \\\\\n"), "{latex}");
        assert!(reference.contains("n & b & -- & 50.0\\% \\\\\n"), "{latex}");
        assert!(exerscope.contains("model & benchmark & if & nested\\_loop \\\\\n"), "{latex}");
    }

    #[test]
    fn latex_escapes_text_and_writes_rates_with_intervals() {
        let latex = sheet(vec![vec![
            text("m_1 & {x} 50% $ # ~ ^ \\ <b>"),
            Cell::Count(18),
            Cell::Rate(Some(0.75)),
            Cell::Interval(Some([0.551, 0.88])),
        ]])
        .latex();
        assert!(latex.contains("\\caption{A \\& B\\_1}"), "{latex}");
        assert!(latex.contains(
            "m\\_1 \\& \\{x\\} 50\\% \\$ \\# \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\textless{}b\\textgreater{} & 18 & 75.0\\% & [55.1, 88.0] \\\\"
        ), "{latex}");
        assert!(latex.contains("\\begin{tabular}{lrrr}\n\\toprule\nname & n & rate & ci \\\\\n\\midrule"), "{latex}");
        assert!(latex.ends_with("\\bottomrule\n\\end{tabular}\n\\end{table*}\n"), "{latex}");
        assert_eq!(latex_cell(&Cell::P(Some(1e-9))), "$<$0.0001");
        assert_eq!(latex_cell(&Cell::Number(Some(-0.7212), 3)), "$-$0.721");
    }

    #[test]
    fn the_numbers_of_an_export_are_the_reports() {
        let mut files = Vec::new();
        for (id, expected, predicted) in [("p1", "1", "1"), ("p2", "2", "3"), ("p3", "[3]", "[3]")] {
            files.push(InputFile::new(
                format!("dataset/b/{id}/main.py"),
                "def f(x):\n    for i in x:\n        pass\n    return x\n",
            ));
            files.push(InputFile::new(format!("dataset/b/{id}/input.txt"), "f(1)"));
            files.push(InputFile::new(format!("dataset/b/{id}/output.txt"), expected));
            files.push(InputFile::new(format!("ER/m/b/{id}/predict.txt"), predicted));
        }
        let report = Report::build(&analyze(files).facts, Judge::Reference);
        let sheets = sheets(&report);
        let names: Vec<&str> = sheets.iter().map(|s| s.name).collect();
        assert_eq!(
            names,
            [
                "runs",
                "leaderboard",
                "leaderboard_pivot",
                "constructs",
                "constructs_pivot",
                "construct_effects",
                "types",
                "agreements",
                "correlations",
                "profile_benchmarks",
                "profile_constructs",
                "profile_types",
                "profile_properties",
                "near_duplicates"
            ]
        );
        // The three programs are one code thrice: three pairs of near-duplicates.
        let duplicates = sheets.iter().find(|s| s.name == "near_duplicates").unwrap();
        assert_eq!(duplicates.rows.len(), 3);
        let runs = &sheets[0];
        assert_eq!(runs.rows.len(), report.runs.len());
        let run = &report.runs[0];
        assert_eq!(runs.rows[0][3], Cell::Count(run.correct));
        assert_eq!(runs.rows[0][9], Cell::Rate(run.pass_at_1));
        assert_eq!(runs.rows[0][10], Cell::Interval(run.ci95));
        let csv = runs.csv();
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let record = reader.records().next().unwrap().unwrap();
        assert_eq!(record[3].parse::<u64>().unwrap(), run.correct);
        assert_eq!(record[9].parse::<f64>().unwrap(), run.pass_at_1.unwrap());
        for sheet in &sheets {
            let (latex, one_table) = (sheet.latex(), !sheet.columns.iter().any(|c| c == DEFINITIONS));
            let headers = latex.matches("\\toprule\n").count();
            assert!(headers == 1 || !one_table, "{}", sheet.name);
            assert_eq!(latex.matches(" \\\\\n").count(), sheet.rows.len() + headers, "{}", sheet.name);
        }
    }

    #[test]
    fn the_pivot_prints_a_row_per_model_with_each_benchmark_s_success_and_interval() {
        let standing = |model: &str, benchmark: &str, success: f64, rank: usize| Standing {
            task: crate::table::Task::Output,
            benchmark: benchmark.into(),
            model: model.into(),
            programs: 100,
            success,
            ci95: Some([success - 0.1, success + 0.1]),
            rank,
            rank_best: 1,
            rank_worst: 2,
            band: 1,
            paired: None,
        };
        let standings = [standing("a", "x", 0.5, 1), standing("b", "x", 0.4, 2), standing("a", "y", 0.25, 1)];
        let sheet = leaderboard_pivot(&standings, "exact");
        assert_eq!(sheet.columns, ["rank", "model", "x", "y", "band", "rank (paired)", "band (paired)"]);
        assert_eq!(sheet.rows[1][3], Cell::RateWithInterval(None, None), "b did not answer y");
        let tex = sheet.latex();
        assert!(
            tex.contains(
                "1 (1--2) & a & 50.0\\% {\\scriptsize [40.0, 60.0]} & 25.0\\% {\\scriptsize [15.0, 35.0]} & 1 \\\\"
            ),
            "{tex}"
        );
        assert!(tex.contains("& b & 40.0\\% {\\scriptsize [30.0, 50.0]} & -- & 1 \\\\"), "{tex}");
        let csv = sheet.csv();
        assert!(
            csv.starts_with(
                "rank,model,x,x_low,x_high,y,y_low,y_high,band,rank (paired),band (paired)\n\
                 1 (1–2),a,0.5,0.4,0.6,0.25,0.15,0.35,1,,\n"
            ),
            "{csv}"
        );
    }
}
