//! The slice finder on the real ExeRScope artifact: no slice where verdicts carry no information
//! (shuffled among each model's programs), and how often slices found on half the programs hold
//! on the other half.

mod common;

use exerscope_cli::collect::read_inputs;
use exerscope_core::facts::{Outcome, ProgramFacts};
use exerscope_core::stats::slices::{by_model_and_task, replication, slices, MAX_OVERLAP, MAX_SHOWN};
use exerscope_core::{analyze, Facts, Judge};

fn exerscope_facts() -> Option<Facts> {
    let root = common::fixtures()?.join("exerscope");
    let (files, errors) = read_inputs(&[root.join("dataset"), root.join("Experiment_Results")]);
    assert!(errors.is_empty(), "{errors:?}");
    Some(analyze(files).facts)
}

/// `outcomes` with each model's verdicts (per task) dealt at random among its programs.
fn shuffled(outcomes: &[Outcome], seed: u64) -> Vec<Outcome> {
    let mut random = fastrand::Rng::with_seed(seed);
    by_model_and_task(outcomes)
        .into_values()
        .flat_map(|rows| {
            let mut verdicts: Vec<(u32, u32)> = rows.iter().map(|o| (o.correct, o.samples)).collect();
            random.shuffle(&mut verdicts);
            rows.into_iter().zip(verdicts).map(|(o, (correct, samples))| Outcome { correct, samples, ..*o })
        })
        .collect()
}

#[test]
fn shuffled_verdicts_show_no_slice() {
    let Some(facts) = exerscope_facts() else { return };
    let outcomes = facts.outcomes(Judge::Reference);
    let real = slices(&facts, &outcomes);
    assert!(!real.is_empty(), "the real verdicts have slices");
    // The few strongest per model and task (of hundreds significant: ClassEval's text outputs fail
    // however they are said).
    for rows in by_model_and_task(&outcomes).keys() {
        let model = &facts.models[rows.0 as usize];
        let shown: Vec<_> = real.iter().filter(|s| &s.model == model && s.task == rows.1).collect();
        assert!(shown.len() <= MAX_SHOWN);
        // `class definition ∧ output type = text` is ClassEval's text outputs: one of them is shown,
        // and no two shown slices hold nearly the same programs (as a threshold's neighbour would).
        let answered: Vec<&ProgramFacts> =
            by_model_and_task(&outcomes)[rows].iter().map(|o| &facts.programs[o.program as usize]).collect();
        let members: Vec<Vec<bool>> = (shown.iter())
            .map(|s| answered.iter().map(|&p| s.predicates.iter().all(|q| q.holds(&facts, p))).collect())
            .collect();
        for (s, held) in shown.iter().zip(&members) {
            assert_eq!(held.iter().filter(|&&h| h).count() as u64, s.programs, "{}", s.slice);
        }
        for (i, a) in members.iter().enumerate() {
            for b in &members[i + 1..] {
                let both = a.iter().zip(b).filter(|(x, y)| **x && **y).count() as f64;
                let either = a.iter().zip(b).filter(|(x, y)| **x || **y).count() as f64;
                assert!(both / either <= MAX_OVERLAP, "{:?}", shown.iter().map(|s| &s.slice).collect::<Vec<_>>());
            }
        }
    }
    let quiet = (0..20).filter(|&seed| slices(&facts, &shuffled(&outcomes, seed)).is_empty()).count();
    assert!(quiet >= 19, "a slice in {} of 20 shuffles", 20 - quiet);
}

#[test]
fn slices_of_half_the_programs_are_tested_on_the_other_half() {
    let Some(facts) = exerscope_facts() else { return };
    let rows = replication(&facts, &facts.outcomes(Judge::Reference), 7);
    let (found, held) = rows.iter().fold((0, 0), |(f, h), r| (f + r.found, h + r.held));
    eprintln!("replication: {held} of {found} slices found on half the programs hold on the other half");
    for r in &rows {
        eprintln!("  {} {}: {} of {}", r.model, r.task.name(), r.held, r.found);
    }
    assert!(found > 0 && held <= found);
}

/// `--compare A,B` on the artifact: the counts and McNemar's p are the models matrix's pooled pair,
/// each flip listed once, and each flip slice's share above the rest's; a model not there is named.
#[test]
fn two_models_compared_side_by_side() {
    use std::process::Command;
    let Some(fixtures) = common::fixtures() else { return };
    let exerscope = fixtures.join("exerscope");
    let run = |pair: &str| {
        Command::new(env!("CARGO_BIN_EXE_exerscope"))
            .args(["analyze", "--no-run", "--compare", pair])
            .arg(&exerscope)
            .output()
            .unwrap()
    };
    let output = run("gpt-4-turbo,deepseek-coder-33b-instruct");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let [comparison] = report["comparisons"].as_array().unwrap().as_slice() else { panic!("one task") };
    let pooled = report["agreements"].as_array().unwrap().iter().find(|a| a["benchmark"] == "*").unwrap();
    // The matrix has the pair in model order (deepseek first): seen from gpt-4-turbo, swapped.
    assert_eq!(comparison["only_a"], pooled["only_b"]);
    assert_eq!(comparison["only_b"], pooled["only_a"]);
    assert_eq!(comparison["both_right"], pooled["both_right"]);
    assert_eq!(comparison["mcnemar_p"], pooled["mcnemar_p"]);
    assert_eq!(comparison["only_a_programs"].as_array().unwrap().len() as u64, comparison["only_a"].as_u64().unwrap());
    for side in ["only_a_slices", "only_b_slices"] {
        for slice in comparison[side].as_array().unwrap() {
            assert!(slice["share"].as_f64().unwrap() > slice["complement_share"].as_f64().unwrap(), "{slice}");
            assert!(slice["p_adjusted"].as_f64().unwrap() < 0.05 && slice["programs"].as_u64().unwrap() >= 20);
        }
    }
    assert!(!comparison["only_a_slices"].as_array().unwrap().is_empty(), "gpt-4-turbo's wins gather somewhere");
    // `report --out` writes the pair's tables from the same numbers.
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_exerscope"))
        .args(["report", "--no-run", "--compare", "gpt-4-turbo,deepseek-coder-33b-instruct", "--out"])
        .arg(out.path())
        .arg(&exerscope)
        .status()
        .unwrap();
    assert!(status.success());
    let table = |name: &str| {
        let text = std::fs::read_to_string(out.path().join("tables").join(name)).unwrap();
        text.lines().map(|l| l.split(',').map(str::to_owned).collect::<Vec<_>>()).collect::<Vec<_>>()
    };
    let comparisons = table("comparisons.csv");
    assert_eq!(comparisons[0][..7], ["model A", "model B", "task", "both right", "only A", "only B", "both wrong"]);
    let counts = |key: &str| comparison[key].as_u64().unwrap().to_string();
    assert_eq!(comparisons[1][3..7], [counts("both_right"), counts("only_a"), counts("only_b"), counts("both_wrong")]);
    let flip_slices = table("flip_slices.csv");
    let sides = [("only_a_slices", "gpt-4-turbo"), ("only_b_slices", "deepseek-coder-33b-instruct")];
    for (side, winner) in sides {
        let rows: Vec<_> = flip_slices.iter().filter(|row| row[0] == winner).collect();
        let slices = comparison[side].as_array().unwrap();
        assert_eq!(rows.len(), slices.len(), "{side}");
        for (row, slice) in rows.iter().zip(slices) {
            assert_eq!(row[5], slice["flips"].to_string(), "{side}");
        }
    }
    assert!(std::fs::read_to_string(out.path().join("tables/flip_slices.tex")).unwrap().contains("booktabs"));
    let unknown = run("gpt-4-turbo,nobody");
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no model nobody"));
}
