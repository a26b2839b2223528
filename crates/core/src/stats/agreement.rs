//! Model against model on the programs both predicted (SPEC §5): both right, only A, only B, both
//! wrong, McNemar's exact p (and adjusted by Benjamini–Hochberg over all pairs of a benchmark: the
//! all-pairs matrix tests them all at once), and the paired difference in success rate with its
//! interval, per benchmark and pooled (`*`).

use super::mcnemar::Agreement;
use super::multiple_testing::benjamini_hochberg;
use super::numeric::ALL_BENCHMARKS;
use super::paired::PairedDifference;
use crate::facts::{Facts, Outcome};
use crate::table::{ModelIdx, Task};
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
    /// McNemar's p adjusted by Benjamini–Hochberg over every pair of models on this benchmark.
    pub mcnemar_p_adjusted: f64,
    /// A's success rate minus B's on these programs, with its interval.
    pub paired: Option<PairedDifference>,
}

impl ModelAgreement {
    /// The same pair seen from B: only A and only B swapped, the difference B's minus A's.
    pub fn swapped(&self) -> ModelAgreement {
        let counts = Agreement { only_a: self.counts.only_b, only_b: self.counts.only_a, ..self.counts };
        ModelAgreement {
            model_a: self.model_b.clone(),
            model_b: self.model_a.clone(),
            counts,
            paired: counts.paired_difference(),
            ..self.clone()
        }
    }
}

/// Every pair of models (A before B in model order) that share at least one predicted program,
/// pooled (`*`) and per benchmark — or only on `benchmark` (a name, or `*`) when given. With
/// several samples of a program, a model solved it when most samples are right (c/n ≥ ½); with
/// several tasks, per (program, task).
pub fn model_agreements(facts: &Facts, outcomes: &[Outcome], benchmark: Option<&str>) -> Vec<ModelAgreement> {
    let answers = Answers::of(facts, outcomes);
    // Each model's pairs with the models after it on a core of its own (rayon; one thread in the browser).
    let per_model: Vec<Vec<ModelAgreement>> =
        (0..facts.models.len()).into_par_iter().map(|a| pairs_of(facts, &answers, a, benchmark)).collect();
    let mut agreements = per_model.concat();
    adjust_per_benchmark(&mut agreements);
    agreements
}

/// Each benchmark's McNemar p-values adjusted together (BH).
fn adjust_per_benchmark(agreements: &mut [ModelAgreement]) {
    let mut of_benchmark: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, agreement) in agreements.iter().enumerate() {
        of_benchmark.entry(agreement.benchmark.as_str()).or_default().push(i);
    }
    let adjusted: Vec<(usize, f64)> = of_benchmark
        .into_values()
        .flat_map(|rows| {
            let p: Vec<f64> = rows.iter().map(|&i| agreements[i].mcnemar_p).collect();
            rows.into_iter().zip(benjamini_hochberg(&p))
        })
        .collect();
    for (i, p) in adjusted {
        agreements[i].mcnemar_p_adjusted = p;
    }
}

/// A cell of the all-pairs matrix: the row model's success minus the column model's on the
/// programs both answered, with its interval, and McNemar's p adjusted over all pairs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairCell {
    /// Positions in the matrix's order.
    pub row: usize,
    pub column: usize,
    pub difference: f64,
    pub ci95: [f64; 2],
    pub p_adjusted: f64,
    /// Programs both answered.
    pub programs: u64,
}

impl PairCell {
    /// Whether the difference is more than noise: adjusted p below 0.05.
    pub fn significant(&self) -> bool {
        self.p_adjusted < SIGNIFICANCE
    }
}

/// The level the all-pairs matrix calls a difference significant at, after adjustment.
pub const SIGNIFICANCE: f64 = 0.05;

/// The all-pairs matrix of one benchmark (or `*`) for the models in `order`: both halves, each
/// pair's difference seen from its row (the lower half is the upper's negation, its interval
/// mirrored). Pairs without a program both answered have no cell.
pub fn pair_matrix(agreements: &[ModelAgreement], benchmark: &str, order: &[&str]) -> Vec<PairCell> {
    let position: HashMap<&str, usize> = order.iter().enumerate().map(|(i, &m)| (m, i)).collect();
    let mut cells = Vec::new();
    for agreement in agreements.iter().filter(|a| a.benchmark == benchmark) {
        let (Some(&a), Some(&b), Some(paired)) =
            (position.get(agreement.model_a.as_str()), position.get(agreement.model_b.as_str()), agreement.paired)
        else {
            continue;
        };
        let programs = agreement.counts.total();
        let p_adjusted = agreement.mcnemar_p_adjusted;
        let [low, high] = paired.ci95;
        cells.push(PairCell {
            row: a,
            column: b,
            difference: paired.difference,
            ci95: [low, high],
            p_adjusted,
            programs,
        });
        cells.push(PairCell {
            row: b,
            column: a,
            difference: -paired.difference,
            ci95: [-high, -low],
            p_adjusted,
            programs,
        });
    }
    cells.sort_unstable_by_key(|c| (c.row, c.column));
    cells
}

/// The models of a matrix from the strongest to the weakest: by their mean difference against
/// the others (ties by name).
pub fn by_mean_difference<'a>(agreements: &'a [ModelAgreement], benchmark: &str) -> Vec<&'a str> {
    let mut sums: HashMap<&str, (f64, u32)> = HashMap::new();
    for agreement in agreements.iter().filter(|a| a.benchmark == benchmark) {
        let difference = agreement.paired.map_or(0.0, |p| p.difference);
        for (model, sign) in [(agreement.model_a.as_str(), 1.0), (agreement.model_b.as_str(), -1.0)] {
            let entry = sums.entry(model).or_default();
            *entry = (entry.0 + sign * difference, entry.1 + 1);
        }
    }
    let mut models: Vec<(&str, f64)> = sums.into_iter().map(|(m, (sum, n))| (m, sum / f64::from(n))).collect();
    models.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(b.0)));
    models.into_iter().map(|(m, _)| m).collect()
}

/// Models `a` and `b` on the programs both answered among `outcomes`, every benchmark pooled: the
/// counts of the matrix's pooled pair, by the same count (two models side by side use it).
pub(crate) fn pooled_agreement(facts: &Facts, outcomes: &[Outcome], a: ModelIdx, b: ModelIdx) -> Agreement {
    let answers = Answers::of(facts, outcomes);
    pooled(&answers.per_benchmark(a as usize, b as usize))
}

/// Model `a`'s agreements with each model after it: pooled, then per benchmark (`only` one of them
/// when given).
fn pairs_of(facts: &Facts, answers: &Answers, a: usize, only: Option<&str>) -> Vec<ModelAgreement> {
    let mut out = Vec::new();
    for b in a + 1..facts.models.len() {
        let per_benchmark = answers.per_benchmark(a, b);
        let pooled = pooled(&per_benchmark);
        let named = per_benchmark.into_iter().enumerate().map(|(i, c)| (facts.benchmarks[i].clone(), c));
        for (benchmark, counts) in std::iter::once((ALL_BENCHMARKS.to_owned(), pooled)).chain(named) {
            if counts == Agreement::default() || only.is_some_and(|only| only != benchmark) {
                continue;
            }
            out.push(ModelAgreement {
                model_a: facts.models[a].clone(),
                model_b: facts.models[b].clone(),
                benchmark,
                counts,
                mcnemar_p: counts.mcnemar_p(),
                mcnemar_p_adjusted: f64::NAN,
                paired: counts.paired_difference(),
            });
        }
    }
    out
}

/// Every benchmark's counts added.
fn pooled(per_benchmark: &[Agreement]) -> Agreement {
    per_benchmark.iter().copied().fold(Agreement::default(), std::ops::Add::add)
}

/// Each model's answers per (program, task) as bits, per benchmark: with 100 models the 4,950
/// pairs compare 64 slots at a time (a judge switch rebuilds them all).
struct Answers {
    /// Per benchmark, then per model: its bits over the benchmark's slots.
    bits: Vec<Vec<AnswerBits>>,
}

#[derive(Clone, Default)]
struct AnswerBits {
    /// Whether the model answered each slot…
    answered: Vec<u64>,
    /// …and whether it solved it (only where it answered).
    solved: Vec<u64>,
}

impl Answers {
    /// Models `a` and `b` on each benchmark.
    fn per_benchmark(&self, a: usize, b: usize) -> Vec<Agreement> {
        self.bits.iter().map(|models| models[a].against(&models[b])).collect()
    }

    fn of(facts: &Facts, outcomes: &[Outcome]) -> Answers {
        let benchmarks = facts.benchmarks.len();
        let mut slots: HashMap<(u32, Task), (usize, usize)> = HashMap::new();
        let mut counts = vec![0_usize; benchmarks];
        for outcome in outcomes {
            slots.entry((outcome.program, outcome.task)).or_insert_with(|| {
                let benchmark = facts.programs[outcome.program as usize].benchmark as usize;
                counts[benchmark] += 1;
                (benchmark, counts[benchmark] - 1)
            });
        }
        let mut bits: Vec<Vec<AnswerBits>> = counts
            .iter()
            .map(|&count| {
                let words = vec![0_u64; count.div_ceil(64)];
                vec![AnswerBits { answered: words.clone(), solved: words }; facts.models.len()]
            })
            .collect();
        for outcome in outcomes {
            let (benchmark, slot) = slots[&(outcome.program, outcome.task)];
            let own = &mut bits[benchmark][outcome.model as usize];
            let (word, bit) = (slot / 64, 1_u64 << (slot % 64));
            own.answered[word] |= bit;
            if outcome.solved() {
                own.solved[word] |= bit;
            } else {
                own.solved[word] &= !bit;
            }
        }
        Answers { bits }
    }
}

impl AnswerBits {
    /// Both right, only this one, only `other`, both wrong: on the slots both answered.
    fn against(&self, other: &AnswerBits) -> Agreement {
        let mut counts = Agreement::default();
        for (i, (&mine, &theirs)) in self.answered.iter().zip(&other.answered).enumerate() {
            let both = mine & theirs;
            let (right_a, right_b) = (self.solved[i] & both, other.solved[i] & both);
            counts.both_right += u64::from((right_a & right_b).count_ones());
            counts.only_a += u64::from((right_a & !right_b).count_ones());
            counts.only_b += u64::from((right_b & !right_a).count_ones());
            counts.both_wrong += u64::from((both & !(right_a | right_b)).count_ones());
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::{add_prediction, tiny_facts};
    use crate::facts::ProgramFacts;
    use crate::judges::Judge;

    #[test]
    fn counts_the_programs_both_models_predicted() {
        let mut facts = tiny_facts();
        facts.models.push("other".into());
        for (program, verdict) in [(0, false), (1, false), (2, true)] {
            add_prediction(&mut facts, 1, program, verdict);
        }
        let rows = model_agreements(&facts, &facts.outcomes(Judge::Reference), None);
        assert_eq!(rows.len(), 2, "pooled and the one benchmark");
        let counts = rows[0].counts;
        assert_eq!((counts.both_right, counts.only_a, counts.only_b, counts.both_wrong), (0, 1, 0, 1));
        assert_eq!(rows[0].mcnemar_p, 1.0);
    }

    #[test]
    fn counts_past_one_word_of_slots_and_per_benchmark_as_one_by_one() {
        // 150 programs in two benchmarks, three models answering some of them: the counts match
        // a count program by program.
        let mut facts = tiny_facts();
        facts.benchmarks.push("other".into());
        facts.models.extend(["n".to_owned(), "o".to_owned()]);
        facts.predictions = Default::default();
        let template = facts.programs[0].clone();
        facts.programs =
            (0..150).map(|i| ProgramFacts { benchmark: i % 2, id: i.to_string(), ..template.clone() }).collect();
        let answer = |model: u32, program: u32| match (program * 7 + model * 13) % 5 {
            0 => None,
            k => Some(k % 2 == 0),
        };
        for model in 0..3 {
            for program in 0..150 {
                if let Some(right) = answer(model, program) {
                    add_prediction(&mut facts, model, program, right);
                }
            }
        }
        let rows = model_agreements(&facts, &facts.outcomes(Judge::Reference), None);
        for row in &rows {
            let index = |name: &str| facts.models.iter().position(|m| m == name).unwrap() as u32;
            let (a, b) = (index(&row.model_a), index(&row.model_b));
            let mut expected = Agreement::default();
            for program in 0..150_u32 {
                let in_scope = row.benchmark == ALL_BENCHMARKS
                    || facts.benchmarks[facts.programs[program as usize].benchmark as usize] == row.benchmark;
                match (answer(a, program), answer(b, program)) {
                    (Some(x), Some(y)) if in_scope => match (x, y) {
                        (true, true) => expected.both_right += 1,
                        (true, false) => expected.only_a += 1,
                        (false, true) => expected.only_b += 1,
                        (false, false) => expected.both_wrong += 1,
                    },
                    _ => {}
                }
            }
            assert_eq!(row.counts, expected, "{} vs {} in {}", row.model_a, row.model_b, row.benchmark);
            assert_eq!(row.paired, expected.paired_difference());
        }
        assert_eq!(rows.len(), 3 * 3, "three pairs, pooled and in each benchmark");
        // One benchmark asked for (as the page's comparison asks): its rows, their p adjusted over
        // the benchmark's pairs as before.
        for only in [ALL_BENCHMARKS, "other"] {
            let of_one = model_agreements(&facts, &facts.outcomes(Judge::Reference), Some(only));
            let expected: Vec<&ModelAgreement> = rows.iter().filter(|r| r.benchmark == only).collect();
            assert_eq!(of_one.iter().collect::<Vec<_>>(), expected, "{only}");
        }
        let order = by_mean_difference(&rows, ALL_BENCHMARKS);
        let matrix = pair_matrix(&rows, ALL_BENCHMARKS, &order);
        assert_eq!(matrix.len(), 6, "both halves of three pairs");
        for cell in &matrix {
            let mirror = matrix.iter().find(|m| m.row == cell.column && m.column == cell.row).unwrap();
            assert_eq!((mirror.difference, mirror.ci95), (-cell.difference, [-cell.ci95[1], -cell.ci95[0]]));
        }
        let mean = |row: usize| matrix.iter().filter(|c| c.row == row).map(|c| c.difference).sum::<f64>() / 2.0;
        assert!(mean(0) >= mean(1) && mean(1) >= mean(2), "strongest first");
        for benchmark in [ALL_BENCHMARKS, "other"] {
            let pairs: Vec<&ModelAgreement> = rows.iter().filter(|r| r.benchmark == benchmark).collect();
            let adjusted = benjamini_hochberg(&pairs.iter().map(|r| r.mcnemar_p).collect::<Vec<_>>());
            for (row, p) in pairs.iter().zip(adjusted) {
                assert_eq!(row.mcnemar_p_adjusted, p, "adjusted over the three pairs of {benchmark}");
            }
        }
    }
}
