//! Success per model × benchmark × task, and per reference construct (SPEC §5, first bullet).
//! Missing predictions are counted apart and left out of every denominator.

use super::wilson::{wilson_interval_of_rate, Z_95};
use crate::facts::Facts;
use crate::flavors::{AnyConstruct, Flavor};
use crate::judges::Judge;
use crate::table::Task;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    pub model: String,
    pub benchmark: String,
    pub task: Task,
    pub correct: u64,
    pub wrong: u64,
    /// Dataset programs of the benchmark with no prediction of this model.
    pub missing: u64,
    /// Predictions present (every sample): `correct + wrong`.
    pub total: u64,
    /// Programs with at least one prediction.
    pub programs: u64,
    /// Samples per program (n); the largest where files differ.
    pub samples: u32,
    /// Mean over programs of c/n (c of n samples correct); equals `correct / total` for one
    /// sample. `null` when there is no prediction.
    pub pass_at_1: Option<f64>,
    /// The run's success rate: pass@1, each program counted once.
    pub rate: Option<f64>,
    /// Wilson interval of the rate over the run's programs.
    pub ci95: Option<[f64; 2]>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConstructSummary {
    pub model: String,
    pub benchmark: String,
    pub flavor: Flavor,
    /// The construct's name in its flavor (`nested`, `nested_loop`).
    pub construct: String,
    pub correct: u64,
    /// Programs with the construct and a prediction.
    pub total: u64,
}

/// Correct and predicted samples per program of one (model, benchmark, task).
type RunCounts = BTreeMap<u32, (u64, u64)>;

/// Counts per (model, benchmark, task), in model, then benchmark order.
pub fn run_summaries(facts: &Facts, judge: Judge) -> Vec<RunSummary> {
    let programs_per_benchmark = facts.programs_per_benchmark();
    let mut counts: BTreeMap<(u32, u32, Task), RunCounts> = BTreeMap::new();
    for (i, verdict) in facts.predictions.verdicts(judge).iter().enumerate() {
        let program = facts.predictions.program[i];
        let benchmark = facts.programs[program as usize].benchmark;
        let run = counts.entry((facts.predictions.model[i], benchmark, facts.predictions.task[i])).or_default();
        let (correct, samples) = run.entry(program).or_default();
        *correct += u64::from(*verdict);
        *samples += 1;
    }
    counts
        .into_iter()
        .map(|((model, benchmark, task), per_program)| {
            let correct: u64 = per_program.values().map(|(c, _)| c).sum();
            let total: u64 = per_program.values().map(|(_, n)| n).sum();
            let programs = per_program.len() as u64;
            let pass_at_1 = pass_at_1(per_program.values().copied());
            RunSummary {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                task,
                correct,
                wrong: total - correct,
                missing: programs_per_benchmark[benchmark as usize] - programs,
                total,
                programs,
                samples: per_program.values().map(|&(_, n)| n as u32).max().unwrap_or(0),
                pass_at_1,
                rate: pass_at_1,
                ci95: pass_at_1.and_then(|p| wilson_interval_of_rate(p, programs, Z_95)),
            }
        })
        .collect()
}

/// pass@1 = mean over programs of c/n (SPEC §5, samples), from (c, n) per program.
fn pass_at_1(per_program: impl ExactSizeIterator<Item = (u64, u64)>) -> Option<f64> {
    let programs = per_program.len();
    let sum: f64 = per_program.map(|(c, n)| c as f64 / n as f64).sum();
    (programs > 0).then(|| sum / programs as f64)
}

/// Success per construct of both flavors: correct / programs having it, over programs with a
/// prediction. Every construct is listed, with zero counts where no program has it.
pub fn construct_summaries(facts: &Facts, judge: Judge) -> Vec<ConstructSummary> {
    let constructs: Vec<AnyConstruct> =
        [Flavor::Reference, Flavor::Exerscope].into_iter().flat_map(Flavor::constructs).collect();
    let mut counts: BTreeMap<(u32, u32), Vec<(u64, u64)>> = BTreeMap::new();
    for (i, verdict) in facts.predictions.verdicts(judge).iter().enumerate() {
        let program = &facts.programs[facts.predictions.program[i] as usize];
        let entry = counts
            .entry((facts.predictions.model[i], program.benchmark))
            .or_insert_with(|| vec![(0, 0); constructs.len()]);
        for (slot, construct) in constructs.iter().enumerate() {
            if construct.present_in(program) {
                entry[slot].0 += u64::from(*verdict);
                entry[slot].1 += 1;
            }
        }
    }
    let mut out = Vec::new();
    for ((model, benchmark), per_construct) in counts {
        for (construct, (correct, total)) in constructs.iter().zip(per_construct) {
            out.push(ConstructSummary {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                flavor: construct.flavor(),
                construct: construct.name().to_owned(),
                correct,
                total,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::tiny_facts;

    #[test]
    fn counts_missing_apart_from_the_denominator() {
        let runs = run_summaries(&tiny_facts(), Judge::Reference);
        assert_eq!(runs.len(), 1);
        let run = &runs[0];
        assert_eq!((run.correct, run.wrong, run.missing, run.total), (1, 1, 1, 2));
        assert_eq!(run.rate, Some(0.5));
        assert!(run.ci95.unwrap()[0] < 0.5 && run.ci95.unwrap()[1] > 0.5);
    }

    #[test]
    fn construct_rates_count_programs_with_the_flag() {
        let constructs = construct_summaries(&tiny_facts(), Judge::Reference);
        let of = |flavor: Flavor, name: &str| {
            constructs.iter().find(|s| s.flavor == flavor && s.construct == name).map(|s| (s.correct, s.total))
        };
        assert_eq!(of(Flavor::Reference, "for"), Some((1, 2)));
        assert_eq!(of(Flavor::Reference, "basic"), Some((0, 0)));
        assert_eq!(of(Flavor::Exerscope, "nested_if"), Some((0, 0)));
        assert_eq!(of(Flavor::Exerscope, "if"), Some((0, 1)));
    }
}
