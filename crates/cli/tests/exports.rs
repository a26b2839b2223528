//! Every column of every table `exerscope report` writes, CSV and LaTeX, read back and compared
//! with the field of `report.json` it claims to print. The table below is this test's own
//! statement of which field each header shows: an export that prints another field (a group's
//! total under "wrong") fails here.

mod common;

use exerscope_core::alignment::{Ending, LineKind};
use exerscope_core::export::LEFT_OUT_WHEN_EMPTY;
use exerscope_core::extractors::Construct;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::stats::numeric::CorrelationMode;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Where a column's cells come from in the row of the JSON report.
#[derive(Clone, Copy)]
enum Source {
    /// A field, by its path (`present.wrong`, `paired.ci95.0`).
    Field(&'static str),
    /// A 95% interval field: two CSV columns (`_low`, `_high`), `[a, b]` in LaTeX.
    Interval(&'static str),
    /// A unit's stable name in the JSON, its label in the table.
    Label(&'static str, fn(&str) -> Option<&'static str>),
    /// A list of units' stable names in the JSON (absent: none), their labels joined by `; `.
    Labels(&'static str, fn(&str) -> Option<&'static str>),
    /// A boolean written `yes` / `no`.
    YesNo(&'static str),
    /// A count of a map (its path, the key) that leaves out zeros: `endings`, `runs_on`.
    CountOrZero(&'static str, &'static str),
}
use Source::*;

fn property_label(name: &str) -> Option<&'static str> {
    NumericProperty::from_name(name).map(NumericProperty::label)
}

fn mode_label(name: &str) -> Option<&'static str> {
    CorrelationMode::from_name(name).map(CorrelationMode::label)
}

fn ending_label(name: &str) -> Option<&'static str> {
    Ending::from_name(name).map(Ending::label)
}

fn kind_label(name: &str) -> Option<&'static str> {
    LineKind::from_name(name).map(LineKind::label)
}

fn construct_label(name: &str) -> Option<&'static str> {
    Construct::from_name(name).map(Construct::label)
}

/// Each table's header and the field each column prints.
fn tables() -> Vec<(&'static str, Vec<(&'static str, Source)>)> {
    let endings = Ending::ALL.map(|ending| (ending.name(), CountOrZero("endings", ending.name())));
    vec![
        (
            "runs",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("task", Field("task")),
                ("correct", Field("correct")),
                ("wrong", Field("wrong")),
                ("missing", Field("missing")),
                ("total", Field("total")),
                ("programs", Field("programs")),
                ("samples", Field("samples")),
                ("pass@1", Field("pass_at_1")),
                ("ci95", Interval("ci95")),
                ("pass@5", Field("pass_at_5")),
                ("se (clustered)", Field("se")),
                ("se (unclustered)", Field("se_unclustered")),
            ],
        ),
        (
            "leaderboard",
            vec![
                ("benchmark", Field("benchmark")),
                ("rank", Field("rank")),
                ("model", Field("model")),
                ("programs", Field("programs")),
                ("pass@1", Field("success")),
                ("ci95", Interval("ci95")),
                ("rank (best)", Field("rank_best")),
                ("rank (worst)", Field("rank_worst")),
                ("band", Field("band")),
                ("rank (paired best)", Field("paired.rank_best")),
                ("rank (paired worst)", Field("paired.rank_worst")),
                ("band (paired)", Field("paired.band")),
            ],
        ),
        (
            "groups",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("task", Field("task")),
                ("attribute", Field("attribute")),
                ("value", Field("value")),
                ("correct", Field("correct")),
                ("wrong", Field("wrong")),
                ("total", Field("total")),
                ("programs", Field("programs")),
                ("pass@1", Field("pass_at_1")),
                ("ci95", Interval("ci95")),
            ],
        ),
        (
            "constructs",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("definitions", Field("flavor")),
                ("construct", Field("construct")),
                ("correct", Field("correct")),
                ("total", Field("total")),
                ("programs", Field("programs")),
                ("pass@1", Field("pass_at_1")),
            ],
        ),
        (
            "construct_effects",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("definitions", Field("flavor")),
                ("construct", Field("construct")),
                ("with: right", Field("present.right")),
                ("with: wrong", Field("present.wrong")),
                ("without: right", Field("absent.right")),
                ("without: wrong", Field("absent.wrong")),
                ("difference", Field("difference")),
                ("p", Field("p")),
                ("p (BH)", Field("p_adjusted")),
                ("detectable difference", Field("mdd")),
                ("too few programs", YesNo("too_few_programs")),
            ],
        ),
        (
            "types",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("definitions", Field("flavor")),
                ("type", Field("type")),
                ("length", Field("length")),
                ("value match", Field("value_match")),
                ("value rate", Field("value_rate")),
                ("95% CI", Interval("value_ci95")),
                ("type match", Field("type_match")),
                ("total", Field("total")),
            ],
        ),
        (
            "agreements",
            vec![
                ("model A", Field("model_a")),
                ("model B", Field("model_b")),
                ("benchmark", Field("benchmark")),
                ("both right", Field("both_right")),
                ("only A", Field("only_a")),
                ("only B", Field("only_b")),
                ("both wrong", Field("both_wrong")),
                ("difference", Field("paired.difference")),
                ("ci95 low", Field("paired.ci95.0")),
                ("ci95 high", Field("paired.ci95.1")),
                ("McNemar p", Field("mcnemar_p")),
                ("p (BH)", Field("mcnemar_p_adjusted")),
            ],
        ),
        (
            "variants",
            vec![
                ("variant", Field("agreement.model_a")),
                ("base model", Field("agreement.model_b")),
                ("difference", Field("difference")),
                ("benchmark", Field("agreement.benchmark")),
                ("both right", Field("agreement.both_right")),
                ("only the variant", Field("agreement.only_a")),
                ("only the base", Field("agreement.only_b")),
                ("both wrong", Field("agreement.both_wrong")),
                ("success difference", Field("agreement.paired.difference")),
                ("ci95 low", Field("agreement.paired.ci95.0")),
                ("ci95 high", Field("agreement.paired.ci95.1")),
                ("McNemar p", Field("agreement.mcnemar_p")),
                ("p (BH)", Field("agreement.mcnemar_p_adjusted")),
            ],
        ),
        (
            "correlations",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("property", Label("property", property_label)),
                ("mode", Label("mode", mode_label)),
                ("rho", Field("rho")),
                ("p", Field("p")),
                ("n", Field("n")),
                ("logistic slope", Field("logistic.slope")),
                ("slope p", Field("logistic.p")),
                ("slope se", Field("logistic.slope_se")),
                ("slope se (clustered)", Field("logistic.slope_se_clustered")),
                ("slope se (unclustered)", Field("logistic.slope_se_unclustered")),
            ],
        ),
        (
            "slices",
            vec![
                ("model", Field("model")),
                ("task", Field("task")),
                ("slice", Field("slice")),
                ("programs", Field("programs")),
                ("correct", Field("correct")),
                ("success", Field("success")),
                ("ci95", Interval("success_ci95")),
                ("rest", Field("complement_success")),
                ("difference", Field("difference")),
                ("p", Field("p")),
                ("p adjusted", Field("p_adjusted")),
            ],
        ),
        (
            "predictability",
            vec![
                ("model", Field("model")),
                ("task", Field("task")),
                ("programs", Field("programs")),
                ("answered", Field("answered")),
                ("AUROC", Field("auroc")),
                ("ci95", Interval("auroc_ci95")),
                ("ECE", Field("ece")),
                ("AUROC accuracy alone", Field("baseline_auroc")),
                ("AUROC other models", Field("other_models_auroc")),
            ],
        ),
        (
            "benchmark_forecasts",
            vec![
                ("model", Field("model")),
                ("task", Field("task")),
                ("benchmark left out", Field("benchmark")),
                ("programs", Field("programs")),
                ("predicted", Field("predicted")),
                ("ci90", Interval("predicted_ci90")),
                ("real", Field("real")),
                ("real - predicted", Field("error")),
                ("within ci90", YesNo("within")),
                ("accuracy alone", Field("accuracy_alone")),
                ("penalty multiple", Field("shrink")),
            ],
        ),
        (
            "coefficients",
            vec![
                ("model", Field("model")),
                ("task", Field("task")),
                ("property", Field("feature")),
                ("effect", Field("effect")),
                ("ci95", Interval("ci95")),
            ],
        ),
        (
            "expected",
            vec![
                ("model", Field("model")),
                ("task", Field("task")),
                ("benchmark", Field("benchmark")),
                ("program", Field("program")),
                ("probability", Field("probability")),
            ],
        ),
        (
            "divergence",
            [
                &[
                    ("model", Field("model")),
                    ("benchmark", Field("benchmark")),
                    ("task", Field("task")),
                    ("answers", Field("predictions")),
                    ("placed", Field("placed")),
                ][..],
                &endings,
                &[
                    ("agree", Field("agree_rate")),
                    ("ci95", Interval("agree_ci95")),
                    ("mean partial", Field("mean_partial")),
                    ("first third", Field("first_divergence_in.0")),
                    ("middle third", Field("first_divergence_in.1")),
                    ("last third", Field("first_divergence_in.2")),
                    ("steps right", Field("mean_steps_right")),
                ],
            ]
            .concat(),
        ),
        (
            "divergence_kinds",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("task", Field("task")),
                ("kind of line", Label("place", kind_label)),
                ("reached", Field("reached")),
                ("diverged there", Field("diverged")),
                ("rate", Field("rate")),
                ("ci95", Interval("ci95")),
            ],
        ),
        (
            "divergence_constructs",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("task", Field("task")),
                ("construct", Label("place", construct_label)),
                ("reached", Field("reached")),
                ("diverged there", Field("diverged")),
                ("rate", Field("rate")),
                ("ci95", Interval("ci95")),
            ],
        ),
        (
            "coherence",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("task", Field("task")),
                ("states right, output right", Field("counts.1.1")),
                ("states right, output wrong", Field("counts.1.0")),
                ("states wrong, output right", Field("counts.0.1")),
                ("states wrong, output wrong", Field("counts.0.0")),
                ("AUROC", Field("auroc")),
                ("ci95 low", Field("auroc_ci95.0")),
                ("ci95 high", Field("auroc_ci95.1")),
            ],
        ),
        (
            "divergences",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("program", Field("program")),
                ("task", Field("task")),
                ("sample", Field("sample")),
                ("ending", Label("ending", ending_label)),
                ("line", Field("first_divergence.line")),
                ("step", Field("first_divergence.step")),
                ("variable", Field("first_divergence.variable")),
                ("kind of line", Label("first_divergence.kind", kind_label)),
                ("inside", Labels("first_divergence.constructs", construct_label)),
                ("predicted", Field("first_divergence.predicted")),
                ("actual", Field("first_divergence.actual")),
                ("steps right", Field("steps_right")),
                ("steps", Field("steps")),
                ("partial", Field("partial")),
            ],
        ),
        (
            "prose_claims",
            vec![
                ("model", Field("model")),
                ("benchmark", Field("benchmark")),
                ("responses", Field("responses")),
                ("with claims", Field("with_claims")),
                ("rate", Field("rate")),
                ("ci95 low", Field("ci95.0")),
                ("ci95 high", Field("ci95.1")),
                ("claims", Field("claims")),
            ],
        ),
        (
            "near_duplicates",
            vec![
                ("benchmark", Field("benchmark")),
                ("program", Field("program")),
                ("other benchmark", Field("other_benchmark")),
                ("other program", Field("other_program")),
                ("similarity", Field("similarity")),
            ],
        ),
        (
            "unexpected_runs",
            vec![
                ("benchmark", Field("benchmark")),
                ("program", Field("program")),
                ("extra input", Field("extra_input")),
                ("outcome", Field("outcome")),
                ("got", Field("got")),
                ("second run gave", Field("second_run_gave")),
            ],
        ),
        (
            "profile_benchmarks",
            vec![
                ("benchmark", Field("benchmark")),
                ("programs", Field("programs")),
                ("parsed", Field("parsed")),
                ("runs", Field("runs")),
                ("runs not giving the expected output", Field("unexpected_runs")),
                ("run twice", Field("repeated")),
                ("second run gave something else", Field("differed")),
            ],
        ),
        (
            "profile_constructs",
            vec![
                ("benchmark", Field("benchmark")),
                ("definitions", Field("flavor")),
                ("construct", Field("construct")),
                ("programs", Field("programs")),
                ("parsed programs", Field("parsed")),
                ("share", Field("share")),
            ],
        ),
        (
            "profile_types",
            vec![
                ("benchmark", Field("benchmark")),
                ("output type", Field("output_type")),
                ("programs", Field("programs")),
                ("all programs", Field("all")),
                ("share", Field("share")),
            ],
        ),
        (
            "profile_properties",
            vec![
                ("benchmark", Field("benchmark")),
                ("property", Field("property")),
                ("values", Field("bin")),
                ("programs", Field("count")),
                ("share", Field("share")),
                ("programs with a value", Field("programs")),
                ("median", Field("median")),
            ],
        ),
    ]
}

/// The profile's nested counts as the flat rows its four tables print: a row per benchmark, or
/// per benchmark and construct, output type, or property's non-empty bin (labelled as the core
/// labels bins).
fn profile_rows(report: &Value, table: &str) -> Option<Value> {
    let benchmarks = report["profile"]["benchmarks"].as_array()?;
    let share = |count: &Value, of: &Value| serde_json::json!(count.as_f64().unwrap() / of.as_f64().unwrap());
    let mut rows = Vec::new();
    for b in benchmarks {
        let name = &b["benchmark"];
        match table {
            // Programs not run twice (a benchmark with answers, as CRUXEval's) leave both empty.
            "profile_benchmarks" => {
                let twice = |count: &Value| if b["repeated"] == 0 { Value::Null } else { count.clone() };
                rows.push(serde_json::json!({"benchmark": name, "programs": b["programs"], "parsed": b["parsed"],
                    "runs": b["runs"], "unexpected_runs": b["unexpected_runs"], "repeated": twice(&b["repeated"]),
                    "differed": twice(&b["differed_when_repeated"])}));
            }
            "profile_constructs" => rows.extend(b["constructs"].as_array()?.iter().map(|c| {
                serde_json::json!({"benchmark": name, "flavor": c["flavor"], "construct": c["construct"],
                    "programs": c["programs"], "parsed": b["parsed"], "share": share(&c["programs"], &b["parsed"])})
            })),
            "profile_types" => rows.extend(b["output_types"].as_array()?.iter().map(|t| {
                serde_json::json!({"benchmark": name, "output_type": t["output_type"], "programs": t["programs"],
                    "all": b["programs"], "share": share(&t["programs"], &b["programs"])})
            })),
            _ => {
                for h in b["properties"].as_array()? {
                    for (bin, count) in
                        h["counts"].as_array()?.iter().enumerate().filter(|(_, c)| c.as_u64() != Some(0))
                    {
                        rows.push(serde_json::json!({"benchmark": name, "property": h["property"],
                            "bin": exerscope_core::stats::profile::bin_label(bin), "count": count,
                            "share": share(count, &h["programs"]), "programs": h["programs"], "median": h["median"]}));
                    }
                }
            }
        }
    }
    Some(Value::Array(rows))
}

/// The field of `report.json` a table prints the rows of.
fn report_field(table: &str) -> &str {
    match table {
        "divergence" => "divergence_summaries",
        "near_duplicates" => "profile.near_duplicates",
        other => other,
    }
}

/// The value at `path` (dots between keys and indices); `null` where any step is missing.
fn at<'a>(row: &'a Value, path: &str) -> &'a Value {
    path.split('.').fold(row, |value, key| match key.parse::<usize>() {
        Ok(index) => value.get(index).unwrap_or(&Value::Null),
        Err(_) => value.get(key).unwrap_or(&Value::Null),
    })
}

/// The cells a column takes in the CSV, from the JSON: exact, as the CSV writes them.
fn csv_cells(row: &Value, source: Source) -> Vec<String> {
    let plain = |value: &Value| match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        number => number.to_string(),
    };
    match source {
        Field(path) => vec![plain(at(row, path))],
        Interval(path) => (0..2).map(|i| plain(at(at(row, path), &i.to_string()))).collect(),
        Label(path, label) => {
            vec![at(row, path).as_str().map_or(String::new(), |name| label(name).unwrap().to_owned())]
        }
        Labels(path, label) => {
            let names = at(row, path).as_array().cloned().unwrap_or_default();
            let labels: Vec<&str> = names.iter().map(|name| label(name.as_str().unwrap()).unwrap()).collect();
            vec![labels.join("; ")]
        }
        YesNo(path) => vec![if at(row, path).as_bool().unwrap() { "yes" } else { "no" }.to_owned()],
        CountOrZero(path, key) => vec![at(row, path).get(key).map_or("0".to_owned(), plain)],
    }
}

/// A LaTeX number cell read back: `82.4\%` → 0.824, `$-$0.721` → −0.721, `--` → none; with the
/// half unit of its last digit, which bounds its distance from the true value.
fn latex_number(cell: &str) -> Option<(f64, f64)> {
    if cell == "--" {
        return None;
    }
    if cell == "$<$0.0001" {
        return Some((0.0, 1e-4));
    }
    let (text, scale) = match cell.strip_suffix("\\%") {
        Some(percent) => (percent, 0.01),
        None => (cell, 1.0),
    };
    let text = text.replace("$-$", "-");
    let digits = text.split_once('.').map_or(0, |(_, decimals)| decimals.len());
    let value: f64 = text.parse().unwrap_or_else(|_| panic!("not a number: {cell}"));
    Some((value * scale, 0.5 * 10f64.powi(-(digits as i32)) * scale + 1e-12))
}

fn assert_latex_number(cell: &str, expected: &Value, context: &str) {
    match (latex_number(cell), expected.as_f64()) {
        (None, None) => {}
        (Some((value, tolerance)), Some(expected)) => {
            assert!((value - expected).abs() <= tolerance, "{context}: {cell} printed for {expected}")
        }
        (printed, expected) => panic!("{context}: {printed:?} printed for {expected:?}"),
    }
}

/// Each LaTeX table's rows of cells (a text's own `&` is escaped as `\\&`), header first.
/// (A `tabular`'s or a `longtable`'s: the rules and a long table's head and foot marks left out.)
fn latex_tables(tex: &str) -> Vec<Vec<Vec<String>>> {
    let bodies = tex.split("\\toprule\n").skip(1).map(|table| table.split("\\end{").next().unwrap());
    let marks = ["\\midrule", "\\endhead", "\\bottomrule", "\\endfoot"];
    bodies
        .map(|body| {
            let lines = body.lines().filter(|line| !marks.contains(line));
            lines.map(|line| line.trim_end_matches(" \\\\").split(" & ").map(str::to_owned).collect()).collect()
        })
        .collect()
}

fn check_table(folder: &Path, name: &str, columns: &[(&str, Source)], rows: &[Value]) {
    let csv = std::fs::read_to_string(folder.join(format!("{name}.csv"))).unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let expected_header: Vec<String> = columns
        .iter()
        .flat_map(|&(column, source)| match source {
            Interval(_) => vec![format!("{column}_low"), format!("{column}_high")],
            _ => vec![column.to_owned()],
        })
        .collect();
    assert_eq!(header, expected_header, "{name}.csv's columns");
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), rows.len(), "{name}.csv: a line per row of the report");
    for (row, record) in rows.iter().zip(&records) {
        let mut printed_cells = record.iter();
        for &(column, source) in columns {
            let context = format!("{name}, column {column:?}, row {row} (CSV)");
            let expected = csv_cells(row, source);
            let printed: Vec<String> = printed_cells.by_ref().take(expected.len()).map(str::to_owned).collect();
            // A number of the JSON is compared as one; a text that reads as a number (a predicted
            // `-1`) is a text, defused like any other.
            let numeric = match source {
                Field(path) => at(row, path).is_number(),
                Interval(_) | CountOrZero(..) => true,
                Label(..) | Labels(..) | YesNo(_) => false,
            };
            let numbers: Option<Vec<f64>> =
                expected.iter().map(|e| e.parse().ok()).collect::<Option<_>>().filter(|_| numeric);
            match numbers {
                // Floats as CSV writes them read back to the same f64 as serde's.
                Some(numbers) => {
                    let read: Vec<f64> = printed.iter().map(|p| p.parse().unwrap()).collect();
                    assert_eq!(read, numbers, "{context}");
                }
                None => {
                    let defused: Vec<String> = expected.iter().map(|e| exerscope_core::export::defused(e)).collect();
                    assert_eq!(printed, defused, "{context}");
                }
            }
        }
    }
    // LaTeX prints one definitions set per table, without that column: a table per set, in the
    // order the rows first name them.
    let tex = std::fs::read_to_string(folder.join(format!("{name}.tex"))).unwrap();
    let tables = latex_tables(&tex);
    let split = columns.iter().position(|(column, _)| *column == "definitions");
    let set_of = |row: &Value| split.map(|c| csv_cells(row, columns[c].1).concat());
    let mut sets: Vec<Option<String>> = Vec::new();
    for set in rows.iter().map(set_of) {
        if !sets.contains(&set) {
            sets.push(set);
        }
    }
    assert_eq!(tables.len(), sets.len().max(1), "{name}.tex: a table per definitions set");
    let columns: Vec<(&str, Source)> = columns.iter().copied().filter(|(column, _)| *column != "definitions").collect();
    for (set, latex) in sets.iter().zip(&tables) {
        let rows: Vec<&Value> = rows.iter().filter(|row| set_of(row) == *set).collect();
        if let Some(set) = set {
            assert!(tex.contains(&format!("({set} definitions)}}\\label{{tab:exerscope-{name}-{set}}}")), "{tex}");
        }
        check_latex_table(name, &columns, &rows, latex);
    }
}

/// One LaTeX table (header first) against the report's rows it prints.
fn check_latex_table(name: &str, columns: &[(&str, Source)], rows: &[&Value], latex: &[Vec<String>]) {
    assert_eq!(latex.len(), rows.len() + 1, "{name}.tex: the header and a line per row");
    // LaTeX prints only the columns that hold a value: one left out is null in every row.
    let holds_values = |source: Source| match source {
        Field(path) | Interval(path) => rows.iter().any(|row| !at(row, path).is_null()),
        _ => true,
    };
    let tex_columns: Vec<&(&str, Source)> = columns.iter().filter(|(_, source)| holds_values(*source)).collect();
    let tex_header: Vec<String> =
        tex_columns.iter().map(|(column, _)| exerscope_core::export::escaped(column)).collect();
    assert_eq!(latex[0], tex_header, "{name}.tex's columns");
    for (row, cells) in rows.iter().zip(&latex[1..]) {
        assert_eq!(cells.len(), tex_columns.len(), "{name}.tex: {cells:?}");
        let (mut tex_cells, left_out) = (cells.iter(), "--".to_owned());
        for &(column, source) in columns {
            let cell = if holds_values(source) { tex_cells.next().unwrap() } else { &left_out };
            let context = format!("{name}, column {column:?}, row {row} (LaTeX)");
            match source {
                Interval(path) => {
                    let interval = at(row, path);
                    if interval.is_null() {
                        assert_eq!(cell, "--", "{context}");
                    } else {
                        let inner = cell.trim_start_matches('[').trim_end_matches(']');
                        for (i, bound) in inner.split(", ").enumerate() {
                            assert_latex_number(&format!("{bound}\\%"), &interval[i], &context);
                        }
                    }
                }
                Field(path) if at(row, path).is_number() || at(row, path).is_null() && !cell.is_empty() => {
                    assert_latex_number(cell, at(row, path), &context)
                }
                _ => assert_eq!(*cell, exerscope_core::export::escaped(&csv_cells(row, source)[0]), "{context}"),
            }
        }
    }
}

/// Runs `exerscope report --out` and checks every table of it against its `report.json`.
fn check_report(inputs: &[&Path]) -> Value {
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_exerscope"))
        .args(["report", "--no-dynamic", "--out"])
        .arg(out.path())
        .args(inputs)
        .status()
        .unwrap();
    assert!(status.success());
    let report: Value = serde_json::from_slice(&std::fs::read(out.path().join("report.json")).unwrap()).unwrap();
    // With several tasks, each has its folder of tables, of the rows of that task.
    let tasks: Vec<String> = std::fs::read_dir(out.path().join("tables"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_str().unwrap().to_owned())
        .collect();
    let folders: Vec<(std::path::PathBuf, Option<&str>)> = if tasks.is_empty() {
        vec![(out.path().join("tables"), None)]
    } else {
        tasks.iter().map(|task| (out.path().join("tables").join(task), Some(task.as_str()))).collect()
    };
    for (folder, task) in folders {
        // No table leaves unchecked.
        for file in std::fs::read_dir(&folder).unwrap() {
            let file = file.unwrap().path();
            let name = file.file_stem().unwrap().to_str().unwrap().to_owned();
            let csv = file.extension().is_some_and(|e| e == "csv");
            // (The programs' table has a test of its own, below.)
            let checked = ["programs", "leaderboard_pivot", "constructs_pivot"].contains(&name.as_str())
                || tables().iter().any(|(t, _)| *t == name);
            assert!(!csv || checked, "{name}.csv has no columns to check here");
        }
        for (name, columns) in tables() {
            let profiled = profile_rows(&report, name).filter(|_| name.starts_with("profile_"));
            let Some(rows) = profiled.as_ref().unwrap_or(at(&report, report_field(name))).as_array() else {
                assert!(!folder.join(format!("{name}.csv")).exists(), "{name} written, not reported");
                continue;
            };
            let of_task = |r: &&Value| task.is_none_or(|t| r.get("task").is_none_or(|own| own == t));
            let rows: Vec<Value> = rows.iter().filter(of_task).cloned().collect();
            if rows.is_empty() && LEFT_OUT_WHEN_EMPTY.contains(&name) {
                assert!(!folder.join(format!("{name}.csv")).exists(), "{name}: written without rows");
                continue;
            }
            assert!(!rows.is_empty(), "{name}: no row to check");
            check_table(&folder, name, &columns, &rows);
        }
        let standings: Vec<Value> = report["leaderboard"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| task.is_none_or(|t| r["task"] == t))
            .cloned()
            .collect();
        check_pivot(&folder, &standings);
        let constructs: Vec<&Value> =
            report["constructs"].as_array().unwrap().iter().filter(|r| task.is_none_or(|t| r["task"] == t)).collect();
        if !constructs.is_empty() {
            check_constructs_pivot(&folder, &constructs);
        }
    }
    report
}

/// The constructs' pivot (a row per model, benchmark and definitions set, a column per construct)
/// against the report's constructs: every cell the pass@1 of its row's construct, or empty (`--`)
/// where the report has none; every construct of the report in some cell; LaTeX a table per set.
fn check_constructs_pivot(folder: &Path, constructs: &[&Value]) {
    let csv = std::fs::read_to_string(folder.join("constructs_pivot.csv")).unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(header[..3], ["model", "benchmark", "definitions"]);
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let tables = latex_tables(&std::fs::read_to_string(folder.join("constructs_pivot.tex")).unwrap());
    // LaTeX prints the definitions sets in turn, in the order the rows first name them.
    let mut sets: Vec<&str> = Vec::new();
    for record in &records {
        if !sets.contains(&&record[2]) {
            sets.push(&record[2]);
        }
    }
    assert_eq!(tables.len(), sets.len(), "constructs_pivot.tex: a table per definitions set");
    let in_turn = sets.iter().flat_map(|set| records.iter().filter(move |r| &r[2] == *set));
    let tex_rows = tables.iter().flat_map(|table| table[1..].iter().map(move |row| (&table[0], row)));
    assert_eq!(tex_rows.clone().count(), records.len(), "constructs_pivot.tex: a row per CSV row");
    let mut filled = 0;
    for (record, (tex_header, tex_row)) in in_turn.zip(tex_rows) {
        let context = format!("constructs_pivot, {} on {} ({})", &record[0], &record[1], &record[2]);
        assert_eq!(
            tex_row[..2],
            [record[0].to_owned(), record[1].to_owned()].map(|t| exerscope_core::export::escaped(&t))
        );
        for (column, construct) in header.iter().enumerate().skip(3) {
            let summary = constructs.iter().find(|c| {
                c["model"] == record[0]
                    && c["benchmark"] == record[1]
                    && c["flavor"] == record[2]
                    && c["construct"] == *construct
            });
            let tex_cell =
                tex_header.iter().position(|h| *h == exerscope_core::export::escaped(construct)).map(|i| &tex_row[i]);
            match summary.map(|s| &s["pass_at_1"]).filter(|rate| !rate.is_null()) {
                Some(rate) => {
                    filled += 1;
                    assert_eq!(record[column].parse::<f64>().ok(), rate.as_f64(), "{context}, {construct} (CSV)");
                    assert_latex_number(
                        tex_cell.expect("a column for a value"),
                        rate,
                        &format!("{context}, {construct}"),
                    );
                }
                None => {
                    assert_eq!(&record[column], "", "{context}, {construct} (CSV)");
                    assert!(tex_cell.is_none_or(|cell| cell == "--"), "{context}, {construct} (LaTeX)");
                }
            }
        }
    }
    let reported = constructs.iter().filter(|c| !c["pass_at_1"].is_null()).count();
    assert_eq!(filled, reported, "every construct of the report in a cell");
}

/// The leaderboard's pivot (a row per model, a column per benchmark and pooled) against the
/// report's standings: every cell the standing of its model and benchmark, rank and band those
/// of the ranking column (pooled where there is one), every standing in some cell.
fn check_pivot(folder: &Path, standings: &[Value]) {
    let csv = std::fs::read_to_string(folder.join("leaderboard_pivot.csv")).unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let latex = latex_tables(&std::fs::read_to_string(folder.join("leaderboard_pivot.tex")).unwrap()).remove(0);
    let benchmarks: Vec<&str> = header
        .iter()
        .map(String::as_str)
        .filter(|h| {
            !["task", "rank", "model", "band", "rank (paired)", "band (paired)"].contains(h)
                && !h.ends_with("_low")
                && !h.ends_with("_high")
        })
        .collect();
    let standing_of = |model: &str, column: &str| {
        let benchmark = if column == "pooled" { "*" } else { column };
        standings.iter().find(|s| s["model"] == model && s["benchmark"] == benchmark)
    };
    let ranking = if benchmarks.contains(&"pooled") { "pooled" } else { benchmarks[0] };
    assert_eq!(latex.len(), records.len() + 1, "leaderboard_pivot.tex: the header and a row per model");
    let (mut cells, mut last_rank) = (0, 0);
    // LaTeX leaves out a column without a value; the CSV keeps it.
    let paired_rank_printed = latex[0].iter().any(|h| *h == exerscope_core::export::escaped("rank (paired)"));

    for (record, tex) in records.iter().zip(&latex[1..]) {
        let field = |name: &str| &record[header.iter().position(|h| h == name).unwrap()];
        let tex_field = |name: &str| {
            tex[latex[0].iter().position(|h| *h == exerscope_core::export::escaped(name)).unwrap()].as_str()
        };
        let model = field("model");
        let context = format!("leaderboard_pivot, {model}");
        for &benchmark in &benchmarks {
            let printed = [field(benchmark), field(&format!("{benchmark}_low")), field(&format!("{benchmark}_high"))];
            let Some(standing) = standing_of(model, benchmark) else {
                assert_eq!(printed, ["", "", ""], "{context}, {benchmark}: no standing (CSV)");
                assert_eq!(tex_field(benchmark), "--", "{context}, {benchmark} (LaTeX)");
                continue;
            };
            cells += 1;
            let expected = [&standing["success"], &standing["ci95"][0], &standing["ci95"][1]];
            for (printed, expected) in printed.iter().zip(expected) {
                assert_eq!(printed.parse::<f64>().ok(), expected.as_f64(), "{context}, {benchmark} (CSV)");
            }
            let tex_cell = tex_field(benchmark);
            let (rate, interval) =
                tex_cell.split_once(" {\\scriptsize [").unwrap_or_else(|| panic!("{context}: {tex_cell}"));
            assert_latex_number(rate, expected[0], &context);
            for (bound, expected) in interval.trim_end_matches("]}").split(", ").zip(&expected[1..]) {
                assert_latex_number(&format!("{bound}\\%"), expected, &context);
            }
        }
        let ranked = standing_of(model, ranking);
        let rank = ranked.map(|s| s["rank"].as_u64().unwrap()).unwrap_or(u64::MAX);
        assert!(rank >= last_rank, "{context}: rows in rank order");
        last_rank = rank;
        let rank_text = |place: &Value| {
            let (best, worst) = (&place["rank_best"], &place["rank_worst"]);
            match ranked {
                Some(s) if best == worst && *best == s["rank"] => s["rank"].to_string(),
                Some(s) if best == worst => format!("{} ({best})", s["rank"]),
                Some(s) => format!("{} ({best}–{worst})", s["rank"]),
                None => String::new(),
            }
        };
        let paired = ranked.map(|s| &s["paired"]).filter(|p| !p.is_null());
        assert!(paired.is_none() || paired_rank_printed, "{context}: leaderboard_pivot.tex leaves out its paired rank");
        let paired_rank = paired.map(rank_text).unwrap_or_default();
        assert_eq!(field("rank (paired)"), paired_rank, "{context}: rank (paired) (CSV)");
        if paired_rank_printed {
            assert_eq!(tex_field("rank (paired)"), exerscope_core::export::escaped(&paired_rank), "{context} (LaTeX)");
        }
        let paired_band = paired.map(|p| p["band"].to_string());
        assert_eq!(field("band (paired)"), paired_band.clone().unwrap_or_default(), "{context}: band (paired)");
        if paired_rank_printed {
            assert_eq!(tex_field("band (paired)"), paired_band.unwrap_or("--".to_owned()), "{context} (LaTeX)");
        }
        let rank_text = ranked.map(rank_text);
        assert_eq!(field("rank"), rank_text.clone().unwrap_or_default(), "{context}: rank (CSV)");
        assert_eq!(
            tex_field("rank"),
            exerscope_core::export::escaped(&rank_text.unwrap_or_default()),
            "{context}: rank (LaTeX)"
        );
        let band = ranked.map(|s| s["band"].to_string());
        assert_eq!(field("band"), band.clone().unwrap_or_default(), "{context}: band (CSV)");
        assert_eq!(tex_field("band"), band.unwrap_or("--".to_owned()), "{context}: band (LaTeX)");
    }
    assert_eq!(cells, standings.len(), "every standing in a cell of the pivot");
}

#[test]
fn every_exported_column_is_the_report_field_it_names() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let root = fixtures.join("exerscope");
    let report = check_report(&[&root.join("dataset"), &root.join("Experiment_Results")]);
    // The row the issue found wrong: 1 of the 10 Avatar programs with a nested loop was right.
    let nested = report["construct_effects"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| {
            e["model"] == "deepseek-coder-33b-instruct"
                && e["benchmark"] == "Avatar"
                && e["construct"] == "nested"
                && e["flavor"] == "reference"
        })
        .unwrap();
    assert_eq!(
        (&nested["present"]["right"], &nested["present"]["wrong"], &nested["present"]["programs"]),
        (&Value::from(1), &Value::from(9), &Value::from(10))
    );
}

/// A benchmark no model answered beside those answered (CodeMind's Avatar in Java beside the
/// artifact's results): each model's expected success on its programs, in the `expected` table.
#[test]
fn every_exported_column_of_expected_success_is_the_report_field_it_names() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let root = fixtures.join("exerscope");
    let report =
        check_report(&[&root.join("dataset"), &root.join("Experiment_Results"), &fixtures.join("codemind/dataset")]);
    let expected = report["expected"].as_array().unwrap();
    assert_eq!(expected.len(), 2 * 86, "both models on the 86 programs of Avatar in Java");
    assert!(expected.iter().all(|e| e["benchmark"] == "Avatar-Java" && e["probability"].as_f64().unwrap() > 0.0));
}

/// RE2-Bench: its runs broken down by source and difficulty, in the groups table too.
#[test]
fn every_exported_column_of_re2_bench_is_the_report_field_it_names() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let root = fixtures.join("re2bench");
    let report = check_report(&[&root.join("dataset"), &root.join("results")]);
    let groups = report["groups"].as_array().unwrap();
    let of = |value: &str| {
        groups.iter().find(|g| g["model"] == "cwm" && g["task"] == "output" && g["value"] == value).unwrap()
    };
    let (easy, difficult) = (of("easy"), of("difficult"));
    assert_eq!(easy["programs"].as_u64().unwrap() + difficult["programs"].as_u64().unwrap(), 500);
    assert_eq!(easy["correct"].as_u64().unwrap() + difficult["correct"].as_u64().unwrap(), 259, "cwm_output.csv's rs");
}

/// A benchmark designer's drop, programs without any prediction: `tables/programs.csv` lists every
/// program with the properties `report.json` gives it.
#[test]
fn programs_without_predictions_are_listed_with_their_properties() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_exerscope"))
        .args(["report", "--no-run", "--out"])
        .arg(out.path())
        .arg(fixtures.join("cruxeval/data/cruxeval.jsonl"))
        .status()
        .unwrap();
    assert!(status.success());
    let report: Value = serde_json::from_slice(&std::fs::read(out.path().join("report.json")).unwrap()).unwrap();
    let programs = report["programs"].as_array().unwrap();
    let mut reader = csv::Reader::from_path(out.path().join("tables/programs.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!((rows.len(), programs.len()), (800, 800));
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    for (row, program) in rows.iter().zip(programs) {
        assert_eq!(row[column("id")], program["id"]);
        for property in ["loc", "cognitive", "calls", "output_length"] {
            let value = &program["properties"][property];
            let shown = if value.is_null() { String::new() } else { value.to_string() };
            assert_eq!(row[column(property)], shown, "{property}");
        }
        assert_eq!(row[column("output type")], program["properties"]["output_type"]);
        let constructs: Vec<&str> =
            program["properties"]["constructs"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert_eq!(row[column("constructs")], constructs.join("; "));
    }
}
