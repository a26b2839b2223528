//! The slice finder on the real ExeRScope artifact: no slice where verdicts carry no information
//! (shuffled among each model's programs), and how often slices found on half the programs hold
//! on the other half.

mod common;

use exerscope_cli::collect::read_inputs;
use exerscope_core::facts::Outcome;
use exerscope_core::stats::slices::{by_model_and_task, replication, slices, MAX_SHOWN};
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
        // `class definition ∧ output type = text` is ClassEval's text outputs: one of them is shown.
        let sizes: Vec<(u64, u64)> = shown.iter().map(|s| (s.programs, s.correct)).collect();
        assert!(sizes.iter().all(|size| sizes.iter().filter(|&other| other == size).count() == 1), "{sizes:?}");
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
