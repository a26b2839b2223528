//! Success per model × benchmark × task, and per reference construct (SPEC §5, first bullet).
//! Missing predictions are counted apart and left out of every denominator.

use super::wilson::{wilson_interval_of_rate, Z_95};
use crate::facts::{Facts, Outcome};
use crate::flavors::{AnyConstruct, Flavor};
use crate::table::Task;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    pub model: String,
    pub benchmark: String,
    pub task: Task,
    pub correct: u64,
    pub wrong: u64,
    /// Dataset programs of the benchmark with no prediction of this model.
    pub missing: u64,
    /// Programs of the benchmark asked in this task: `programs + missing`.
    pub benchmark_programs: u64,
    /// Predictions present (every sample): `correct + wrong`.
    pub total: u64,
    /// Programs with at least one prediction.
    pub programs: u64,
    /// Samples per program (n); the largest where files differ.
    pub samples: u32,
    /// Mean over programs of c/n (c of n samples correct); equals `correct / total` for one
    /// sample. `null` when there is no prediction.
    pub pass_at_1: Option<f64>,
    /// pass@5 by the unbiased estimator; `null` unless every program has at least 5 samples.
    pub pass_at_5: Option<f64>,
    /// The run's success rate: pass@1, each program counted once.
    pub rate: Option<f64>,
    /// Wilson interval of the rate over the run's programs.
    pub ci95: Option<[f64; 2]>,
    /// The rate's standard error clustered by program: `sqrt(G/(G − 1) · Σ (s − s̄)²) / G` over
    /// the G programs' shares s (statsmodels' `WLS(y, 1, weights=1/n).fit(cov_type="cluster")` on
    /// the questions, programs as groups). `null` with fewer than 2 programs.
    pub se: Option<f64>,
    /// As if every question (sample, input) were independent: `sqrt(p(1 − p)/N)`, p = correct /
    /// total over the N questions. Smaller than `se` when a program's questions agree.
    pub se_unclustered: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConstructSummary {
    pub model: String,
    pub benchmark: String,
    pub flavor: Flavor,
    /// The construct's name in its flavor (`nested`, `nested_loop`).
    pub construct: String,
    /// Correct predictions (every sample) of programs with the construct.
    pub correct: u64,
    /// Predictions (every sample) of programs with the construct.
    pub total: u64,
    /// Programs with the construct and a prediction.
    pub programs: u64,
    /// Mean c/n over those programs (`correct / total` with one sample each).
    pub pass_at_1: Option<f64>,
    /// Its 95% Wilson interval over the programs (each counts once).
    pub ci95: Option<[f64; 2]>,
}

/// Counts per (model, benchmark, task), in model, then benchmark order.
pub fn run_summaries(facts: &Facts, outcomes: &[Outcome]) -> Vec<RunSummary> {
    let asked = programs_asked(facts, outcomes);
    let mut runs: BTreeMap<(u32, u32, Task), Vec<Outcome>> = BTreeMap::new();
    for &outcome in outcomes {
        let benchmark = facts.programs[outcome.program as usize].benchmark;
        runs.entry((outcome.model, benchmark, outcome.task)).or_default().push(outcome);
    }
    runs.into_iter()
        .map(|((model, benchmark, task), outcomes)| {
            let tally = Tally::of(&outcomes);
            let (correct, total, programs, pass_at_1) =
                (tally.correct, tally.samples, tally.programs, tally.pass_at_1());
            let missing = asked.get(&(benchmark, task)).map_or(0, |asked| asked.saturating_sub(programs));
            RunSummary {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                task,
                correct,
                wrong: total - correct,
                missing,
                benchmark_programs: programs + missing,
                total,
                programs,
                samples: outcomes.iter().map(|o| o.samples).max().unwrap_or(0),
                pass_at_1,
                pass_at_5: pass_at_k(&outcomes, 5),
                rate: pass_at_1,
                ci95: pass_at_1.and_then(|p| wilson_interval_of_rate(p, programs, Z_95)),
                se: tally.clustered_se(),
                se_unclustered: tally.unclustered_se(),
            }
        })
        .collect()
}

/// pass@k by the unbiased estimator (Chen et al. 2021), averaged over programs:
///
/// ```text
/// pass@k = 1 − C(n − c, k) / C(n, k) = 1 − ∏_{i = n − c + 1}^{n} (1 − k / i)
/// ```
///
/// (the product form avoids large binomials). `None` without programs, or when some program has
/// fewer than k samples (the estimator needs n ≥ k).
pub fn pass_at_k(outcomes: &[Outcome], k: u32) -> Option<f64> {
    if outcomes.is_empty() || outcomes.iter().any(|o| o.samples < k) {
        return None;
    }
    let per_program = |o: &Outcome| {
        let (n, c) = (o.samples, o.correct);
        if n - c < k {
            return 1.0;
        }
        1.0 - (n - c + 1..=n).map(|i| 1.0 - f64::from(k) / f64::from(i)).product::<f64>()
    };
    Some(outcomes.iter().map(per_program).sum::<f64>() / outcomes.len() as f64)
}

/// Success per construct of both flavors, over programs with a prediction: correct / predicted
/// samples having it and, each program once, pass@1 over the programs having it. Every construct
/// is listed, with zero counts where no program has it.
pub fn construct_summaries(facts: &Facts, outcomes: &[Outcome]) -> Vec<ConstructSummary> {
    let constructs: Vec<AnyConstruct> =
        [Flavor::Reference, Flavor::Exerscope].into_iter().flat_map(Flavor::constructs).collect();
    // Which constructs each program has, found once per program rather than per prediction.
    let present: Vec<Vec<usize>> = facts
        .programs
        .iter()
        .map(|program| (0..constructs.len()).filter(|&slot| constructs[slot].present_in(program)).collect())
        .collect();
    let mut per_run: BTreeMap<(u32, u32), Vec<Tally>> = BTreeMap::new();
    for outcome in outcomes {
        let benchmark = facts.programs[outcome.program as usize].benchmark;
        let tallies =
            per_run.entry((outcome.model, benchmark)).or_insert_with(|| vec![Tally::default(); constructs.len()]);
        for &slot in &present[outcome.program as usize] {
            tallies[slot].add(outcome);
        }
    }
    let mut out = Vec::new();
    for ((model, benchmark), tallies) in per_run {
        for (construct, tally) in constructs.iter().zip(tallies) {
            let pass_at_1 = tally.pass_at_1();
            out.push(ConstructSummary {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                flavor: construct.flavor(),
                construct: construct.name().to_owned(),
                correct: tally.correct,
                total: tally.samples,
                programs: tally.programs,
                pass_at_1,
                ci95: pass_at_1.and_then(|p| wilson_interval_of_rate(p, tally.programs, Z_95)),
            });
        }
    }
    out
}

/// Success on the programs of one value of an attribute its benchmark gives them (RE2-Bench:
/// `source` Swebench, `difficulty` easy): a breakdown of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttributeSummary {
    pub model: String,
    pub benchmark: String,
    pub task: Task,
    pub attribute: String,
    pub value: String,
    /// Correct predictions (every sample) of the programs of this value.
    pub correct: u64,
    /// Predictions (every sample) of them: `correct + wrong`.
    pub wrong: u64,
    pub total: u64,
    /// Programs of this value with a prediction.
    pub programs: u64,
    /// Mean c/n over those programs.
    pub pass_at_1: Option<f64>,
    /// Its 95% Wilson interval over the programs.
    pub ci95: Option<[f64; 2]>,
}

/// Success per (model, benchmark, task, attribute, value), for programs with attributes; in
/// that order (values sorted by name). Empty when no program has any.
pub fn attribute_summaries(facts: &Facts, outcomes: &[Outcome]) -> Vec<AttributeSummary> {
    if facts.programs.iter().all(|p| p.attributes.is_empty()) {
        return Vec::new();
    }
    let mut groups: BTreeMap<(u32, u32, Task, &str, &str), Tally> = BTreeMap::new();
    for outcome in outcomes {
        let program = &facts.programs[outcome.program as usize];
        for (attribute, value) in &program.attributes {
            let key = (outcome.model, program.benchmark, outcome.task, attribute.as_str(), value.as_str());
            groups.entry(key).or_default().add(outcome);
        }
    }
    groups
        .into_iter()
        .map(|((model, benchmark, task, attribute, value), tally)| {
            let pass_at_1 = tally.pass_at_1();
            AttributeSummary {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                task,
                attribute: attribute.to_owned(),
                value: value.to_owned(),
                correct: tally.correct,
                wrong: tally.samples - tally.correct,
                total: tally.samples,
                programs: tally.programs,
                pass_at_1,
                ci95: pass_at_1.and_then(|p| wilson_interval_of_rate(p, tally.programs, Z_95)),
            }
        })
        .collect()
}

/// The programs each (benchmark, task) of the runs asks for, which a run that did not predict
/// them misses: every program of the benchmark, but those whose benchmark asks only other tasks
/// of them (RE2-Bench's loop problems are not missing from its output prediction).
fn programs_asked(facts: &Facts, outcomes: &[Outcome]) -> HashMap<(u32, Task), u64> {
    let tasks: HashSet<Task> = outcomes.iter().map(|o| o.task).collect();
    let mut asked: HashMap<(u32, Task), u64> = HashMap::new();
    for program in &facts.programs {
        for &task in &tasks {
            if program.asked_in.is_empty() || program.asked_in.contains(&task) {
                *asked.entry((program.benchmark, task)).or_default() += 1;
            }
        }
    }
    asked
}

/// What a row of success sums over its programs: their samples right and predicted, the programs,
/// and their shares c/n.
#[derive(Clone, Copy, Default)]
struct Tally {
    correct: u64,
    samples: u64,
    programs: u64,
    shares: f64,
    share_squares: f64,
}

impl Tally {
    fn of(outcomes: &[Outcome]) -> Tally {
        let mut tally = Tally::default();
        outcomes.iter().for_each(|o| tally.add(o));
        tally
    }

    fn add(&mut self, outcome: &Outcome) {
        self.correct += u64::from(outcome.correct);
        self.samples += u64::from(outcome.samples);
        self.programs += 1;
        self.shares += outcome.share();
        self.share_squares += outcome.share() * outcome.share();
    }

    /// See [`RunSummary::se`].
    fn clustered_se(&self) -> Option<f64> {
        let g = self.programs as f64;
        let spread = (self.share_squares - self.shares * self.shares / g).max(0.0);
        (self.programs >= 2).then(|| (g / (g - 1.0) * spread).sqrt() / g)
    }

    /// See [`RunSummary::se_unclustered`].
    fn unclustered_se(&self) -> Option<f64> {
        let p = self.correct as f64 / self.samples as f64;
        (self.samples > 0).then(|| (p * (1.0 - p) / self.samples as f64).sqrt())
    }

    /// pass@1 = mean over programs of c/n (SPEC §5, samples); `None` without programs.
    fn pass_at_1(&self) -> Option<f64> {
        (self.programs > 0).then(|| self.shares / self.programs as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::{add_prediction, tiny_facts};
    use crate::judges::Judge;

    #[test]
    fn a_program_of_several_samples_counts_once_with_its_share() {
        let mut facts = tiny_facts();
        add_prediction(&mut facts, 0, 0, false);
        let for_loops = construct_summaries(&facts, &facts.outcomes(Judge::Reference))
            .into_iter()
            .find(|c| c.flavor == Flavor::Reference && c.construct == "for")
            .unwrap();
        assert_eq!((for_loops.correct, for_loops.total, for_loops.programs), (1, 3, 2));
        assert_eq!(for_loops.pass_at_1, Some(0.25), "program 1: 1 of 2 samples, program 2: 0 of 1");
        let run = &run_summaries(&facts, &facts.outcomes(Judge::Reference))[0];
        assert_eq!((run.programs, run.samples, run.pass_at_1), (2, 2, Some(0.25)));
        assert_eq!(run.pass_at_5, None, "fewer than 5 samples");
    }

    // Reference values: tests/reference_values/clustered.py (statsmodels WLS, clustered by program).
    #[test]
    fn the_rate_s_error_is_clustered_by_program_and_unclustered_beside_it() {
        let outcome = |program, correct, samples| Outcome { model: 0, program, task: Task::Output, correct, samples };
        let outcomes: Vec<Outcome> = [(1, 1), (0, 1), (2, 2), (1, 2), (4, 4), (3, 4)]
            .iter()
            .zip(0..)
            .map(|(&(c, n), p)| outcome(p, c, n))
            .collect();
        let tally = Tally::of(&outcomes);
        assert!((tally.pass_at_1().unwrap() - 0.7083333333333334).abs() < 1e-15);
        assert!((tally.clustered_se().unwrap() - 0.16351180725290496).abs() < 1e-12);
        let p = 11.0 / 14.0;
        assert!((tally.unclustered_se().unwrap() - (p * (1.0 - p) / 14.0_f64).sqrt()).abs() < 1e-15);
        assert_eq!(Tally::of(&outcomes[..1]).clustered_se(), None, "one program");
    }

    #[test]
    fn pass_at_k_is_the_unbiased_estimator() {
        let outcome = |correct, samples| Outcome { model: 0, program: 0, task: Task::Output, correct, samples };
        // n = 10, c = 3, k = 5: 1 − C(7, 5) / C(10, 5) = 1 − 21 / 252.
        assert!((pass_at_k(&[outcome(3, 10)], 5).unwrap() - (1.0 - 21.0 / 252.0)).abs() < 1e-12);
        assert_eq!(pass_at_k(&[outcome(0, 10), outcome(6, 10)], 5), Some(0.5), "none right: 0; n − c < k: 1");
        assert_eq!(pass_at_k(&[outcome(1, 1)], 1), Some(1.0));
        assert_eq!(pass_at_k(&[outcome(3, 10), outcome(1, 4)], 5), None);
    }

    #[test]
    fn counts_missing_apart_from_the_denominator() {
        let runs = run_summaries(&tiny_facts(), &tiny_facts().outcomes(Judge::Reference));
        assert_eq!(runs.len(), 1);
        let run = &runs[0];
        assert_eq!((run.correct, run.wrong, run.missing, run.total), (1, 1, 1, 2));
        assert_eq!((run.programs, run.benchmark_programs), (2, 3), "the benchmark's programs: answered and missing");
        assert_eq!(run.rate, Some(0.5));
        assert!(run.ci95.unwrap()[0] < 0.5 && run.ci95.unwrap()[1] > 0.5);
    }

    #[test]
    fn construct_rates_count_programs_with_the_flag() {
        let constructs = construct_summaries(&tiny_facts(), &tiny_facts().outcomes(Judge::Reference));
        let of = |flavor: Flavor, name: &str| {
            constructs.iter().find(|s| s.flavor == flavor && s.construct == name).map(|s| (s.correct, s.total))
        };
        assert_eq!(of(Flavor::Reference, "for"), Some((1, 2)));
        assert_eq!(of(Flavor::Reference, "basic"), Some((0, 0)));
        assert_eq!(of(Flavor::Exerscope, "nested_if"), Some((0, 0)));
        assert_eq!(of(Flavor::Exerscope, "if"), Some((0, 1)));
    }
}
