//! SPEC §5 *check*: gpt-4-turbo's success by reference CC bucket, and Spearman's ρ over the ten
//! buckets, from the reference tool's stored `result_stat/CC/cc.json` and our reference verdicts.

mod common;

use exerscope_cli::collect::read_inputs;
use exerscope_core::stats::buckets::reference_buckets;
use exerscope_core::{analyze, Judge};
use std::collections::HashMap;

#[test]
fn reference_cc_buckets_and_spearman_for_gpt_4_turbo() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let root = fixtures.join("exerscope");
    let stored: HashMap<String, HashMap<String, f64>> =
        serde_json::from_slice(&std::fs::read(root.join("Experiment_Results/result_stat/CC/cc.json")).unwrap())
            .unwrap();
    let (files, _) = read_inputs(&[root]);
    let facts = analyze(files).facts;
    let model = facts.model_index("gpt-4-turbo").unwrap();
    let verdicts = facts.predictions.verdicts(Judge::Reference);
    let pairs: Vec<(f64, bool)> = (0..facts.predictions.len())
        .filter(|&i| facts.predictions.model[i] == model)
        .filter_map(|i| {
            let program = &facts.programs[facts.predictions.program[i] as usize];
            let benchmark = facts.benchmarks[program.benchmark as usize].to_lowercase();
            stored.get(&benchmark)?.get(&program.id).map(|&cc| (cc, verdicts[i]))
        })
        .collect();
    // One of the 1,386 programs has no stored CC; the reference skips it too.
    assert_eq!(pairs.len(), 24 + 400 + 800 + 162 - 1);
    let result = reference_buckets(pairs);
    let values: Vec<i64> = result.buckets.iter().map(|b| b.value).collect();
    let correct: Vec<u64> = result.buckets.iter().map(|b| b.correct).collect();
    let incorrect: Vec<u64> = result.buckets.iter().map(|b| b.incorrect).collect();
    assert_eq!(values, (1..=10).collect::<Vec<_>>());
    assert_eq!(correct, [259, 264, 271, 138, 70, 42, 17, 11, 9, 4]);
    assert_eq!(incorrect, [39, 74, 76, 36, 19, 13, 4, 5, 5, 3]);
    let correlation = result.correlation.unwrap();
    assert_eq!(format!("{:.4} {:.4}", correlation.rho, correlation.p), "-0.7212 0.0186");
}
