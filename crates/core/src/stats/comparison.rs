//! Two models side by side (`--compare A,B`, the page's `#compare=A,B`): on the programs both
//! answered, per task, those each solved and the other did not (its *flips*), McNemar's test and
//! the paired difference over them, and the property combinations where each side's flips gather —
//! the slice finder ([`super::slices::find`]) run on "A right, B wrong" (and the other way) instead
//! of on success, with the same tests.

use super::agreement::pooled_agreement;
use super::mcnemar::Agreement;
use super::paired::PairedDifference;
use super::slices::{find, program_sets, Found, Predicate, Predicates};
use super::wilson::{wilson_interval, Z_95};
use crate::facts::{Facts, Outcome};
use crate::table::{ModelIdx, Task};
use fixedbitset::FixedBitSet;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Two models compared on one task.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    pub model_a: String,
    pub model_b: String,
    pub task: Task,
    /// Programs both answered, by who solved them (most of a program's samples right).
    #[serde(flatten)]
    pub counts: Agreement,
    pub mcnemar_p: f64,
    /// A's success rate minus B's on these programs, with its interval.
    pub paired: Option<PairedDifference>,
    /// The programs A solved and B did not.
    pub only_a_programs: Vec<ProgramName>,
    /// The programs B solved and A did not.
    pub only_b_programs: Vec<ProgramName>,
    /// Where "A right, B wrong" gathers beyond chance.
    pub only_a_slices: Vec<FlipSlice>,
    /// Where "B right, A wrong" gathers beyond chance.
    pub only_b_slices: Vec<FlipSlice>,
}

/// A program by the names the report gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramName {
    pub benchmark: String,
    pub id: String,
}

/// A slice of the programs both answered where one side's flips are more frequent than elsewhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlipSlice {
    /// The predicates in words, joined by ∧.
    pub slice: String,
    pub predicates: Vec<Predicate>,
    /// Programs in the slice (both answered).
    pub programs: u64,
    /// Of those, the flips (solved by one side only, that side).
    pub flips: u64,
    pub share: f64,
    pub share_ci95: Option<[f64; 2]>,
    /// The share of flips among the programs outside the slice.
    pub complement_share: f64,
    /// Share minus the complement's (positive: the flips gather here).
    pub difference: f64,
    /// One-sided Fisher exact p that the flips are this much more frequent than outside.
    pub p: f64,
    /// Benjamini–Hochberg over every slice tested for the pair, side and task.
    pub p_adjusted: f64,
}

/// Two models' names as a link and the command line write them, `A,B` (names with a comma cannot
/// be written so).
pub fn model_pair(text: &str) -> Option<(String, String)> {
    match text.split_once(',') {
        Some((a, b)) if !a.is_empty() && !b.is_empty() && a != b => Some((a.to_owned(), b.to_owned())),
        _ => None,
    }
}

/// Models `a` and `b` compared on each task both answered a program of. `outcomes` are the facts'
/// own.
pub fn compare(facts: &Facts, outcomes: &[Outcome], a: ModelIdx, b: ModelIdx) -> Vec<Comparison> {
    let predicates = Predicates::of(facts);
    let mut by_task: BTreeMap<Task, [Vec<&Outcome>; 2]> = BTreeMap::new();
    for outcome in outcomes.iter().filter(|o| o.model == a || o.model == b) {
        by_task.entry(outcome.task).or_default()[usize::from(outcome.model == b)].push(outcome);
    }
    by_task
        .into_iter()
        .filter_map(|(task, [of_a, of_b])| {
            let (answered_a, solved_a) = program_sets(facts.programs.len(), &of_a);
            let (answered_b, solved_b) = program_sets(facts.programs.len(), &of_b);
            let mut both = answered_a;
            both.intersect_with(&answered_b);
            if both.is_clear() {
                return None;
            }
            let only_a = only(&both, &solved_a, &solved_b);
            let only_b = only(&both, &solved_b, &solved_a);
            let task_outcomes: Vec<Outcome> = of_a.iter().chain(&of_b).map(|&&o| o).collect();
            let counts = pooled_agreement(facts, &task_outcomes, a, b);
            Some(Comparison {
                model_a: facts.models[a as usize].clone(),
                model_b: facts.models[b as usize].clone(),
                task,
                counts,
                mcnemar_p: counts.mcnemar_p(),
                paired: counts.paired_difference(),
                only_a_programs: names(facts, &only_a),
                only_b_programs: names(facts, &only_b),
                only_a_slices: flip_slices(&predicates, &both, &only_a),
                only_b_slices: flip_slices(&predicates, &both, &only_b),
            })
        })
        .collect()
}

/// The programs of `both` that `winner` solved and `loser` did not.
fn only(both: &FixedBitSet, winner: &FixedBitSet, loser: &FixedBitSet) -> FixedBitSet {
    let mut flips = both.clone();
    flips.intersect_with(winner);
    flips.difference_with(loser);
    flips
}

fn names(facts: &Facts, programs: &FixedBitSet) -> Vec<ProgramName> {
    programs
        .ones()
        .map(|i| {
            let program = &facts.programs[i];
            ProgramName { benchmark: facts.benchmarks[program.benchmark as usize].clone(), id: program.id.clone() }
        })
        .collect()
}

/// The slices where `flips` gather among `both`: the finder's slices of low "success" when success
/// is not being a flip.
fn flip_slices(predicates: &Predicates, both: &FixedBitSet, flips: &FixedBitSet) -> Vec<FlipSlice> {
    let mut not_flipped = both.clone();
    not_flipped.difference_with(flips);
    find(predicates, both, &not_flipped).into_iter().map(|found| flip_slice(predicates, &found)).collect()
}

fn flip_slice(predicates: &Predicates, found: &Found) -> FlipSlice {
    let (programs, not_flipped) = found.counts();
    let flips = programs - not_flipped;
    let share = flips as f64 / programs as f64;
    let complement_share = 1.0 - found.complement_success;
    let chosen = found.predicates(predicates);
    FlipSlice {
        slice: Predicate::conjunction(&chosen),
        predicates: chosen,
        programs: programs as u64,
        flips: flips as u64,
        share,
        share_ci95: wilson_interval(flips as u64, programs as u64, Z_95),
        complement_share,
        difference: share - complement_share,
        p: found.p(),
        p_adjusted: found.p_adjusted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extractors::Construct;
    use crate::judges::Judge;
    use crate::numeric::NumericProperty;
    use crate::stats::agreement::model_agreements;
    use crate::stats::numeric::ALL_BENCHMARKS;
    use crate::stats::slices::tests::synthetic;

    #[test]
    fn the_flips_of_two_models_gather_where_one_of_them_fails() {
        // Model a solves the planted slice (nested loops run more than ten times) 1 time in 10, b
        // 7 in 10: "b right, a wrong" gathers there, "a right, b wrong" nowhere.
        let facts = synthetic(1, 0.1);
        let outcomes = facts.outcomes(Judge::Reference);
        let [comparison] = &compare(&facts, &outcomes, 0, 1)[..] else { panic!("one task") };
        let counts = comparison.counts;
        assert_eq!(counts.total(), 800);
        assert_eq!(comparison.only_a_programs.len() as u64, counts.only_a);
        assert_eq!(comparison.only_b_programs.len() as u64, counts.only_b);
        // The same counts and test as the models matrix's pooled pair.
        let pooled = model_agreements(&facts, &outcomes, Some(ALL_BENCHMARKS));
        assert_eq!(pooled[0].counts, counts);
        assert_eq!(pooled[0].mcnemar_p, comparison.mcnemar_p);
        assert!(comparison.paired.unwrap().difference < 0.0, "b is better");
        let planted = [
            Predicate::Construct { construct: Construct::NestedLoop },
            Predicate::Above { property: NumericProperty::LoopLength, threshold: 10.0 },
        ];
        let slice = comparison.only_b_slices.iter().find(|s| s.predicates == planted).expect("the planted slice");
        assert_eq!(slice.programs, 150);
        let flips_in_slice =
            comparison.only_b_programs.iter().filter(|p| p.id.parse::<usize>().is_ok_and(|i| i < 150)).count();
        assert_eq!(slice.flips, flips_in_slice as u64, "the planted programs are the first 150");
        assert!(slice.difference > 0.0 && slice.p_adjusted < 0.05);
        assert!(comparison.only_a_slices.iter().all(|s| s.predicates != planted), "a does not win there");
    }

    #[test]
    fn models_without_a_program_in_common_are_not_compared() {
        let facts = synthetic(2, 0.5);
        let outcomes: Vec<Outcome> =
            facts.outcomes(Judge::Reference).into_iter().filter(|o| (o.program < 400) == (o.model == 0)).collect();
        assert!(compare(&facts, &outcomes, 0, 1).is_empty());
    }
}
