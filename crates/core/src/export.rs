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
use crate::numeric::NumericProperty;
use crate::report::Report;
use crate::stats::agreement::ModelAgreement;
use crate::stats::comparison::Comparison;
use crate::stats::divergence::{DivergenceRow, PlaceDivergence};
use crate::stats::logistic::LogisticFit;
use crate::stats::mcnemar::Agreement;
use crate::stats::paired::PairedDifference;
use crate::units::Unit;

/// One table: its file name, caption, columns and rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// The file stem (`runs`, `constructs`…).
    pub name: &'static str,
    pub caption: String,
    pub columns: Vec<&'static str>,
    pub rows: Vec<Vec<Cell>>,
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
                    Cell::Interval(ci) => {
                        record.extend((0..2).map(|i| ci.map(|ci| ci[i].to_string()).unwrap_or_default()));
                    }
                }
            }
            let _ = writer.write_record(&record);
        }
        String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
    }

    pub fn latex(&self) -> String {
        let align: String = self
            .rows
            .first()
            .map(|row| row.iter().map(|cell| if matches!(cell, Cell::Text(_)) { 'l' } else { 'r' }).collect())
            .unwrap_or_else(|| "l".repeat(self.columns.len()));
        let mut out = String::new();
        out.push_str("% exerscope: needs \\usepackage{booktabs}\n\\begin{table}\n\\centering\n");
        out.push_str(&format!("\\caption{{{}}}\n\\label{{tab:exerscope-{}}}\n", escaped(&self.caption), self.name));
        out.push_str(&format!("\\begin{{tabular}}{{{align}}}\n\\toprule\n"));
        let header: Vec<String> = self.columns.iter().map(|c| escaped(c)).collect();
        out.push_str(&format!("{} \\\\\n\\midrule\n", header.join(" & ")));
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(latex_cell).collect();
            out.push_str(&format!("{} \\\\\n", cells.join(" & ")));
        }
        out.push_str("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
        out
    }
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

fn text(value: impl Into<String>) -> Cell {
    Cell::Text(value.into())
}

/// The tables a drop may have no rows of at all: groups of programs their benchmark names, variants
/// of a model, slices beyond chance, intermediate answers.
pub const LEFT_OUT_WHEN_EMPTY: [&str; 15] = [
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
];

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
        columns: columns.concat(),
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
            columns: vec![
                "model", "benchmark", "task", "correct", "wrong", "missing", "total", "programs", "samples", "pass@1",
                "ci95", "pass@5", "se (clustered)", "se (unclustered)",
            ],
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
                "Models ranked per benchmark and pooled (*) ({judge} judge; pass@1 with its 95% Wilson interval; best and worst rank as the intervals allow; band: the leader and the models whose intervals overlap it)"
            ),
            columns: vec![
                "benchmark", "rank", "model", "programs", "pass@1", "ci95", "rank (best)", "rank (worst)", "band",
            ],
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
                    ]
                })
                .collect(),
        },
        Sheet {
            name: "groups",
            caption: format!(
                "Success per group of programs the benchmark names ({judge} judge; pass@1 with its 95% Wilson interval over programs)"
            ),
            columns: vec![
                "model", "benchmark", "task", "attribute", "value", "correct", "wrong", "total", "programs", "pass@1",
                "ci95",
            ],
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
            columns: vec!["model", "benchmark", "definitions", "construct", "correct", "total", "programs", "pass@1"],
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
        Sheet {
            name: "construct_effects",
            caption: format!(
                "Programs with and without each construct ({judge} judge): Fisher's exact p, Benjamini--Hochberg adjusted; \
                 the smallest difference detectable (alpha 0.05, power 0.8)"
            ),
            columns: vec![
                "model", "benchmark", "definitions", "construct", "with: right", "with: wrong", "without: right",
                "without: wrong", "difference", "p", "p (BH)", "detectable difference", "too few programs",
            ],
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
            columns: vec![
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
            ],
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
            columns: vec![
                "model A", "model B", "benchmark", "both right", "only A", "only B", "both wrong", "difference",
                "ci95 low", "ci95 high", "McNemar p", "p (BH)",
            ],
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
            columns: vec![
                "variant", "base model", "difference", "benchmark", "both right", "only the variant", "only the base",
                "both wrong", "success difference", "ci95 low", "ci95 high", "McNemar p", "p (BH)",
            ],
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
            columns: vec![
                "model", "benchmark", "property", "mode", "rho", "p", "n", "logistic slope", "slope p", "slope se",
                "slope se (clustered)", "slope se (unclustered)",
            ],
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
            columns: vec![
                "model", "task", "slice", "programs", "correct", "success", "ci95", "rest", "difference", "p",
                "p adjusted",
            ],
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
            columns: vec![
                "model A", "model B", "task", "both right", "only A", "only B", "both wrong", "difference", "ci95 low",
                "ci95 high", "McNemar p",
            ],
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
            columns: vec![
                "right", "wrong", "task", "slice", "programs", "flips", "share", "ci95", "rest", "difference", "p",
                "p adjusted",
            ],
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
            columns: vec![
                "model",
                "task",
                "programs",
                "answered",
                "AUROC",
                "ci95",
                "ECE",
                "AUROC accuracy alone",
                "AUROC other models",
            ],
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
                 beside the real success"
            ),
            columns: vec![
                "model",
                "task",
                "benchmark left out",
                "programs",
                "predicted",
                "ci90",
                "real",
                "real - predicted",
                "within ci90",
            ],
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
            columns: vec!["model", "task", "property", "effect", "ci95"],
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
            columns: vec!["model", "task", "benchmark", "program", "probability"],
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
            columns: [
                &["model", "benchmark", "task", "answers", "placed"][..],
                &Ending::ALL.map(Ending::name)[..],
                &["agree", "ci95", "mean partial", "first third", "middle third", "last third", "steps right"],
            ]
            .concat(),
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
            columns: vec![
                "model", "benchmark", "task", "states right, output right", "states right, output wrong",
                "states wrong, output right", "states wrong, output wrong", "AUROC", "ci95 low", "ci95 high",
            ],
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
            columns: vec![
                "model", "benchmark", "program", "task", "sample", "ending", "line", "step", "variable", "kind of line",
                "inside", "predicted", "actual", "steps right", "steps", "partial",
            ],
            rows: report.reasoning.divergences.iter().map(divergence_cells).collect(),
        },
        Sheet {
            name: "prose_claims",
            caption: "Output responses whose reasoning states a value of a variable of the run in prose (`x` is 5), \
                      per model and benchmark"
                .to_owned(),
            columns: vec!["model", "benchmark", "responses", "with claims", "rate", "ci95 low", "ci95 high", "claims"],
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
        columns: vec!["model", "benchmark", "task", place, "reached", "diverged there", "rate", "ci95"],
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
        Sheet { name: "t", caption: "A & B_1".into(), columns: vec!["name", "n", "rate", "ci"], rows }
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
        assert!(latex.ends_with("\\bottomrule\n\\end{tabular}\n\\end{table}\n"));
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
            ["runs", "leaderboard", "constructs", "construct_effects", "types", "agreements", "correlations"]
        );
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
            assert_eq!(sheet.latex().matches(" \\\\\n").count(), sheet.rows.len() + 1, "{}", sheet.name);
        }
    }
}
