//! Model against model on the programs both predicted (SPEC §5): both right, only A, only B, both
//! wrong, and McNemar's exact p, per benchmark and pooled (`*`).

use super::mcnemar::Agreement;
use super::numeric::ALL_BENCHMARKS;
use crate::facts::{Facts, Outcome};
use crate::table::Task;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelAgreement {
    pub model_a: String,
    pub model_b: String,
    pub benchmark: String,
    #[serde(flatten)]
    pub counts: Agreement,
    pub mcnemar_p: f64,
}

/// Every pair of models (A before B in model order) that share at least one predicted program.
/// With several samples of a program, a model solved it when most samples are right (c/n ≥ ½);
/// with several tasks, per (program, task).
pub fn model_agreements(facts: &Facts, outcomes: &[Outcome]) -> Vec<ModelAgreement> {
    let answers = Answers::of(facts, outcomes);
    // Each model's pairs with the models after it on a core of its own (rayon; one thread in the browser).
    let per_model: Vec<Vec<ModelAgreement>> =
        (0..facts.models.len()).into_par_iter().map(|a| pairs_of(facts, &answers, a)).collect();
    per_model.concat()
}

/// Model `a`'s agreements with each model after it: pooled, then per benchmark.
fn pairs_of(facts: &Facts, answers: &Answers, a: usize) -> Vec<ModelAgreement> {
    let mut out = Vec::new();
    for b in a + 1..facts.models.len() {
        let mut per_benchmark = vec![Agreement::default(); facts.benchmarks.len()];
        let mut pooled = Agreement::default();
        for &slot in &answers.answered[a] {
            let Some(right_b) = answers.verdict(b, slot) else { continue };
            let right_a = answers.verdict(a, slot) == Some(true);
            for counts in [&mut per_benchmark[answers.benchmark[slot] as usize], &mut pooled] {
                match (right_a, right_b) {
                    (true, true) => counts.both_right += 1,
                    (true, false) => counts.only_a += 1,
                    (false, true) => counts.only_b += 1,
                    (false, false) => counts.both_wrong += 1,
                }
            }
        }
        let named = per_benchmark.into_iter().enumerate().map(|(i, c)| (facts.benchmarks[i].clone(), c));
        for (benchmark, counts) in std::iter::once((ALL_BENCHMARKS.to_owned(), pooled)).chain(named) {
            if counts == Agreement::default() {
                continue;
            }
            out.push(ModelAgreement {
                model_a: facts.models[a].clone(),
                model_b: facts.models[b].clone(),
                benchmark,
                counts,
                mcnemar_p: counts.mcnemar_p(),
            });
        }
    }
    out
}

/// Each model's verdict per (program, task), in dense slots: with 100 models the 4,950 pairs
/// compare by index rather than by hashing (a judge switch rebuilds them all).
struct Answers {
    /// Per model and slot: 0 unanswered, 1 wrong, 2 right.
    verdicts: Vec<Vec<u8>>,
    /// Per model, the slots it answered.
    answered: Vec<Vec<usize>>,
    /// Per slot, its program's benchmark.
    benchmark: Vec<u32>,
}

impl Answers {
    fn of(facts: &Facts, outcomes: &[Outcome]) -> Answers {
        let mut slots: HashMap<(u32, Task), usize> = HashMap::new();
        let mut benchmark = Vec::new();
        for outcome in outcomes {
            slots.entry((outcome.program, outcome.task)).or_insert_with(|| {
                benchmark.push(facts.programs[outcome.program as usize].benchmark);
                benchmark.len() - 1
            });
        }
        let mut verdicts = vec![vec![0_u8; benchmark.len()]; facts.models.len()];
        let mut answered = vec![Vec::new(); facts.models.len()];
        for outcome in outcomes {
            let (model, slot) = (outcome.model as usize, slots[&(outcome.program, outcome.task)]);
            if verdicts[model][slot] == 0 {
                answered[model].push(slot);
            }
            verdicts[model][slot] = 1 + u8::from(outcome.solved());
        }
        Answers { verdicts, answered, benchmark }
    }

    /// Whether `model` got `slot` right; `None` where it did not answer.
    fn verdict(&self, model: usize, slot: usize) -> Option<bool> {
        match self.verdicts[model][slot] {
            0 => None,
            verdict => Some(verdict == 2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::{add_prediction, tiny_facts};
    use crate::judges::Judge;

    #[test]
    fn counts_the_programs_both_models_predicted() {
        let mut facts = tiny_facts();
        facts.models.push("other".into());
        for (program, verdict) in [(0, false), (1, false), (2, true)] {
            add_prediction(&mut facts, 1, program, verdict);
        }
        let rows = model_agreements(&facts, &facts.outcomes(Judge::Reference));
        assert_eq!(rows.len(), 2, "pooled and the one benchmark");
        let counts = rows[0].counts;
        assert_eq!((counts.both_right, counts.only_a, counts.only_b, counts.both_wrong), (0, 1, 0, 1));
        assert_eq!(rows[0].mcnemar_p, 1.0);
    }
}
