//! The other frameworks' result files (issue 4), read as users have them, from the real fixtures.

mod common;

use exerscope_cli::collect::read_inputs;
use exerscope_core::table::Task;
use exerscope_core::{analyze, Judge, Report};
use std::path::PathBuf;

fn report(paths: &[PathBuf]) -> Report {
    let (files, errors) = read_inputs(paths);
    assert!(errors.is_empty(), "{errors:?}");
    let facts = analyze(files).facts;
    Report::build(&facts, Judge::Reference)
}

/// CRUXEval's scored Code Llama 7B runs (n = 10): pass@1 is the file's own `pass_at_1`.
#[test]
fn cruxeval_pass_at_1_equals_the_scored_files() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let cruxeval = fixtures.join("cruxeval");
    let report = report(&[cruxeval.join("samples"), cruxeval.join("data/cruxeval.jsonl")]);
    for (task, file) in [(Task::Input, "input"), (Task::Output, "output")] {
        let path = cruxeval.join(format!("samples/evaluation_results/sample_scored_codellama-7b_temp0.2_{file}.json"));
        let stored: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        let stored = stored["pass_at_1"].as_f64().unwrap() / 100.0;
        let run = report.runs.iter().find(|r| r.task == task).unwrap_or_else(|| panic!("no {file} run"));
        assert_eq!((run.model.as_str(), run.benchmark.as_str()), ("codellama-7b (T=0.2)", "CRUXEval"));
        assert_eq!((run.programs, run.samples, run.missing), (800, 10, 0));
        assert!((run.pass_at_1.unwrap() - stored).abs() < 1e-12, "{task:?}: {:?} vs {stored}", run.pass_at_1);
    }
    assert_eq!(report.runs.len(), 2, "the unscored generations of the same runs are not counted twice");
}

/// CRUXEval-X phi-1 in Python and Java: placeholders excluded and counted; every program parses.
#[test]
fn cruxeval_x_placeholders_are_excluded_and_counted() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let (files, errors) = read_inputs(&[fixtures.join("cruxeval-x")]);
    assert!(errors.is_empty(), "{errors:?}");
    let facts = analyze(files).facts;
    let told = |file: &str| -> Vec<String> {
        facts.errors.iter().filter(|e| e.file.ends_with(file)).map(|e| e.message.clone()).collect()
    };
    assert_eq!(told("phi-1/py_output.json"), ["1 placeholder entry (problems this language lacks) excluded"]);
    assert_eq!(told("phi-1/java_output.json"), ["102 placeholder entries (problems this language lacks) excluded"]);
    let report = Report::build(&facts, Judge::Reference);
    let runs: Vec<(&str, &str, u64, u64)> =
        report.runs.iter().map(|r| (r.model.as_str(), r.benchmark.as_str(), r.programs, r.missing)).collect();
    assert_eq!(runs, [("phi-1", "CRUXEval-X Java", 698, 0), ("phi-1", "CRUXEval-X Python", 799, 0)]);
    let syntax_errors: Vec<_> =
        facts.programs.iter().filter(|p| p.syntax_error_line.is_some()).map(|p| &p.id).collect();
    assert!(syntax_errors.is_empty(), "programs that do not parse: {syntax_errors:?}");
    assert_eq!(facts.errors.len(), 2, "{:?}", facts.errors);
}
