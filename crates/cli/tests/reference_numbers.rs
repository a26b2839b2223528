//! The *check* numbers of SPEC §3 and §4.1, reproduced from the real fixture folders through the
//! core (as the web worker calls it).

mod common;

use exerscope_cli::collect::read_inputs;
use exerscope_core::extractors::ReferenceConstruct;
use exerscope_core::flavors::Flavor;
use exerscope_core::{analyze, Judge, Report};

fn report(folder: &str, judge: Judge) -> Option<Report> {
    let dir = common::fixtures()?.join(folder);
    let (files, errors) = read_inputs(&[dir]);
    assert!(errors.is_empty(), "{errors:?}");
    Some(Report::build(&analyze(files).facts, judge))
}

fn run(report: &Report, model: &str, benchmark: &str) -> (u64, u64) {
    let run = report
        .runs
        .iter()
        .find(|r| r.model == model && r.benchmark == benchmark)
        .unwrap_or_else(|| panic!("no run for {model} on {benchmark}"));
    (run.correct, run.total)
}

#[test]
fn exerscope_success_per_model_and_benchmark() {
    let Some(report) = report("exerscope", Judge::Reference) else {
        return;
    };
    let expected = [
        ("gpt-4-turbo", "Avatar", 18, 24),
        ("gpt-4-turbo", "classeval", 286, 400),
        ("gpt-4-turbo", "cruxeval", 659, 800),
        ("gpt-4-turbo", "humaneval", 144, 162),
        ("deepseek-coder-33b-instruct", "Avatar", 36, 86),
        ("deepseek-coder-33b-instruct", "classeval", 226, 400),
        ("deepseek-coder-33b-instruct", "cruxeval", 471, 800),
        ("deepseek-coder-33b-instruct", "humaneval", 89, 162),
    ];
    for (model, benchmark, correct, total) in expected {
        assert_eq!(run(&report, model, benchmark), (correct, total), "{model} on {benchmark}");
    }
    assert_eq!(report.runs.len(), 8);
    let avatar = report.runs.iter().find(|r| r.model == "gpt-4-turbo" && r.benchmark == "Avatar").unwrap();
    assert_eq!(avatar.missing, 62, "GPT-4-Turbo has only 24 of 86 Avatar programs");
    let humaneval = report.runs.iter().find(|r| r.benchmark == "humaneval").unwrap();
    assert_eq!(humaneval.missing, 0, "HumanEval's __0/__1 folders are extra inputs, not programs");
}

#[test]
fn exerscope_reference_construct_rates_on_cruxeval() {
    let Some(report) = report("exerscope", Judge::Reference) else {
        return;
    };
    use ReferenceConstruct::*;
    let expected = [
        (
            "gpt-4-turbo",
            [
                (Nested, 13, 17),
                (If, 326, 378),
                (For, 252, 327),
                (While, 71, 87),
                (Try, 7, 10),
                (Basic, 202, 238),
                (NestedIf, 21, 23),
            ],
        ),
        (
            "deepseek-coder-33b-instruct",
            [
                (Nested, 10, 17),
                (If, 222, 378),
                (For, 175, 327),
                (While, 41, 87),
                (Try, 6, 10),
                (Basic, 155, 238),
                (NestedIf, 13, 23),
            ],
        ),
    ];
    for (model, rows) in expected {
        for (construct, correct, total) in rows {
            let found = report
                .constructs
                .iter()
                .find(|c| c.model == model && c.benchmark == "cruxeval" && c.construct == construct.name())
                .map(|c| (c.correct, c.total));
            assert_eq!(found, Some((correct, total)), "{model} {construct:?}");
        }
    }
}

#[test]
fn codemind_ier_with_the_lenient_judge() {
    let Some(report) = report("codemind", Judge::Lenient) else {
        return;
    };
    assert_eq!(run(&report, "GPT_4", "cruxeval"), (644, 800));
    assert_eq!(run(&report, "ChatGPT_4", "Avatar-Java"), (44, 85));
    // The dataset as published: each CRUXEval folder's main.py beside its variants is the program.
    let with_code =
        report.programs.iter().filter(|p| p.benchmark == "cruxeval" && p.properties.metrics.is_some()).count();
    assert_eq!(with_code, 800);
    let variants: Vec<_> = report.errors.iter().filter(|e| e.message.contains("other experiments")).collect();
    assert_eq!(variants.len(), 1, "the variants are listed once: {:?}", report.errors);
    assert!(variants[0].message.contains("refactored_main.py (800)"), "{}", variants[0].message);
}

/// Counts from tests/reference_values/value_judge.py (Python's `ast.literal_eval` and `==`).
#[test]
fn the_value_judge_agrees_with_python() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let (files, _) = read_inputs(&[fixtures.join("exerscope")]);
    let facts = analyze(files).facts;
    let model = facts.model_index("gpt-4-turbo").unwrap();
    let benchmark = facts.benchmark_index("cruxeval").unwrap();
    let (mut text_only, mut value_only) = (0, 0);
    for i in 0..facts.predictions.len() {
        let program = &facts.programs[facts.predictions.program[i] as usize];
        if facts.predictions.model[i] != model || program.benchmark != benchmark {
            continue;
        }
        let text = facts.predictions.verdicts(Judge::Reference)[i];
        let value = facts.predictions.verdicts(Judge::Value)[i];
        text_only += usize::from(text && !value);
        value_only += usize::from(value && !text);
    }
    assert_eq!((text_only, value_only), (10, 4));
}

#[test]
fn reference_value_types_of_gpt_4_turbo_on_cruxeval() {
    let Some(report) = report("exerscope", Judge::Reference) else {
        return;
    };
    let rows: Vec<(&str, u64, u64, u64)> = report
        .types
        .iter()
        .filter(|t| t.model == "gpt-4-turbo" && t.benchmark == "cruxeval" && t.flavor == Flavor::Reference)
        .map(|t| (t.value_type.as_str(), t.value_match, t.type_match, t.total))
        .collect();
    let mut expected = vec![
        ("int", 84, 97, 97),
        ("float", 0, 1, 1),
        ("binary", 45, 49, 49),
        ("string", 294, 373, 373),
        ("list", 163, 196, 197),
        ("tuple", 9, 14, 16),
        ("dictionary", 64, 67, 67),
    ];
    let mut rows = rows;
    rows.sort();
    expected.sort();
    assert_eq!(rows, expected);
}

/// Issue 3: every Java program of the fixtures parses and gets its properties (tree-sitter
/// recovers from the one with a real syntax error, which is flagged).
#[test]
fn every_java_program_gets_its_properties() {
    let Some(fixtures) = common::fixtures() else { return };
    let (files, _) = read_inputs(&[fixtures.join("codemind/dataset/Avatar")]);
    let facts = analyze(files).facts;
    let java: Vec<_> = facts.programs.iter().filter(|p| p.metrics.is_some()).collect();
    assert_eq!(java.len(), 86, "all 86 Avatar-Java programs: 62 in Main.java, 24 in a file named otherwise");
    for program in &java {
        let metrics = program.metrics.unwrap();
        assert!(metrics.functions >= 1 && metrics.loc > 0 && metrics.statements > 0, "{}: {metrics:?}", program.id);
        assert!(program.constructs.names().contains(&"class"), "{}", program.id);
        assert_eq!(metrics.reference_cc, None, "reference CC is Python-only");
    }
    let flagged: Vec<&str> = java.iter().filter(|p| p.syntax_error_line.is_some()).map(|p| p.id.as_str()).collect();
    assert_eq!(flagged, ["atcoder_ABC143_A"], "its Main.java really has `if A - (B * 2) > 0:`");
}

/// `tools/baseline.py`, the Python baseline of BENCHMARKS.md, counts what exerscope counts: the
/// same work is timed on both sides.
#[test]
fn the_python_baseline_counts_what_exerscope_counts() {
    let Some(report) = report("exerscope", Judge::Reference) else {
        return;
    };
    let fixture = common::fixtures().unwrap().join("exerscope");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/baseline.py");
    let output = std::process::Command::new("python3")
        .arg(script)
        .arg(fixture.join("dataset"))
        .arg(fixture.join("Experiment_Results/ER"))
        .output()
        .expect("python3 runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let counts: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rows = |name: &str| counts[name].as_array().unwrap().clone();
    let mut runs: Vec<(String, String, u64, u64)> =
        report.runs.iter().map(|r| (r.model.clone(), r.benchmark.clone(), r.correct, r.total)).collect();
    let mut baseline_runs: Vec<(String, String, u64, u64)> = rows("runs")
        .iter()
        .map(|r| {
            (text(&r["model"]), text(&r["benchmark"]), r["correct"].as_u64().unwrap(), r["total"].as_u64().unwrap())
        })
        .collect();
    runs.sort();
    baseline_runs.sort();
    assert_eq!(runs, baseline_runs);
    let mut constructs: Vec<(String, String, String, u64, u64)> = report
        .constructs
        .iter()
        .filter(|c| c.flavor == Flavor::Reference && c.total > 0)
        .map(|c| (c.model.clone(), c.benchmark.clone(), c.construct.clone(), c.correct, c.total))
        .collect();
    let mut baseline_constructs: Vec<(String, String, String, u64, u64)> = rows("constructs")
        .iter()
        .map(|c| {
            let count = |k: &str| c[k].as_u64().unwrap();
            (text(&c["model"]), text(&c["benchmark"]), text(&c["construct"]), count("correct"), count("total"))
        })
        .collect();
    constructs.sort();
    baseline_constructs.sort();
    assert_eq!(constructs.len(), 54);
    assert_eq!(constructs, baseline_constructs);
}

fn text(value: &serde_json::Value) -> String {
    value.as_str().unwrap().to_owned()
}
