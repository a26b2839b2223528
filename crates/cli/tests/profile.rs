//! The profile of CRUXEval shipped with exerscope (`crates/core/src/stats/cruxeval_profile.json`)
//! is what the CLI measures of the benchmark's own file, its programs run in python3: made here
//! (`EXERSCOPE_WRITE_PROFILE=1 cargo test -p exerscope-cli --test profile`), and checked here.

mod common;

use exerscope_cli::collect::read_inputs;
use exerscope_cli::python_runner::PythonRunner;
use exerscope_core::analyze;
use exerscope_core::flavors::Flavor;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::stats::profile::{benchmark_profile, reference, BenchmarkProfile, REFERENCE};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/src/stats/cruxeval_profile.json");

/// CRUXEval's 800 programs measured as a drop of them is.
fn measured(fixtures: PathBuf) -> BenchmarkProfile {
    let (files, _) = read_inputs(&[fixtures.join("cruxeval/data/cruxeval.jsonl")]);
    let mut analysis = analyze(files);
    analysis.run_programs(&mut PythonRunner::new("python3".into()), &mut |_| {});
    let programs: Vec<_> = analysis.facts.programs.iter().collect();
    assert_eq!(analysis.facts.benchmarks, ["CRUXEval"]);
    benchmark_profile("CRUXEval", &programs)
}

#[test]
fn the_shipped_cruxeval_profile_is_the_benchmark_s_own() {
    let Some(fixtures) = common::fixtures() else { return };
    let measured = measured(fixtures);
    if std::env::var_os("EXERSCOPE_WRITE_PROFILE").is_some() {
        std::fs::write(SHIPPED, serde_json::to_string(&measured).unwrap() + "\n").unwrap();
    }
    let shipped = reference();
    assert_eq!((shipped.benchmark.as_str(), shipped.reference), (REFERENCE, true));
    let as_measured = BenchmarkProfile { benchmark: "CRUXEval".into(), reference: false, ..shipped.clone() };
    assert_eq!(as_measured, measured, "write it again: EXERSCOPE_WRITE_PROFILE=1");
    // What the profile says of CRUXEval, by hand from its file: 800 programs, all parsed, every
    // one run to its expected output; each is one function `f`.
    assert_eq!((measured.programs, measured.parsed, measured.runs, measured.unexpected_runs), (800, 800, 800, 0));
    let functions = measured.property(NumericProperty::Functions).unwrap();
    assert_eq!((functions.programs, functions.counts[1]), (800, 800));
    let loops = measured.construct(Flavor::Exerscope, "for").unwrap().programs;
    assert!((200..500).contains(&loops), "{loops} programs with a for loop");
}

/// A benchmark being designed, of the project's making (`tests/formats/designer`): four programs
/// without predictions, two of them nearly the same, one whose expected output is wrong (1 + 2 +
/// 3 + 4 is 10, not 11) and one that shuffles its list (each run gives another order: what the
/// two runs gave is checked to differ, then left out of the snapshot). Its profile, its CRUXEval
/// beside it left out, is snapshotted.
#[test]
fn a_benchmark_being_designed_is_profiled() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/formats/designer");
    let output =
        Command::new(env!("CARGO_BIN_EXE_exerscope")).current_dir(&folder).args(["analyze", "."]).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let mut report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut profile = report["profile"].take();
    let shipped = profile["benchmarks"].as_array_mut().unwrap().pop().unwrap();
    assert_eq!(shipped["benchmark"], REFERENCE);
    let runs = report["unexpected_runs"].as_array_mut().unwrap();
    let shuffled = runs.iter_mut().find(|run| run["program"] == "p4").expect("the shuffle is told");
    assert!(shuffled["got"].is_string() && shuffled["got"] != shuffled["second_run_gave"], "{shuffled}");
    for gave in ["got", "second_run_gave"] {
        shuffled[gave] = "(a shuffled list)".into();
    }
    insta::assert_json_snapshot!(
        "designer",
        serde_json::json!({
            "profile": profile,
            "unexpected_runs": report["unexpected_runs"].take(),
        })
    );
}

/// `exerscope report` of the same benchmark, no model's answers and so no task: the profile's
/// tables and figures are written all the same, with the numbers of `analyze`.
#[test]
fn a_benchmark_being_designed_gets_its_tables_and_figures() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/formats/designer");
    let out = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_exerscope"))
        .current_dir(&folder)
        .args(["report", "--out", out.path().to_str().unwrap(), "."])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let table = std::fs::read_to_string(out.path().join("tables/profile_benchmarks.csv")).unwrap();
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows[1], "newbench,4,4,4,2,4,1", "programs, parsed, run, missed, run twice, another output");
    assert_eq!(rows[2], format!("\"{REFERENCE}\",800,800,800,0,800,0"), "CRUXEval as shipped (its name quoted)");
    for written in ["tables/unexpected_runs.csv", "tables/near_duplicates.tex", "figures/profile-constructs.svg"] {
        assert!(out.path().join(written).exists(), "{written} not written");
    }
    assert!(!out.path().join("figures/overview.svg").exists(), "no success to draw");
    assert!(!out.path().join("tables/leaderboard.csv").exists(), "no empty table of success");
}
