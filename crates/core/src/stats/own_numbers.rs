//! What a benchmark's own analysis publishes, and what exerscope does with each of its numbers:
//! the same number (a fixture test checks it) or its own way (and why). The methods list of the
//! page and of `exerscope report` shows those of the benchmarks read.

use crate::units::units;
use serde::Serialize;

units! {
    /// What exerscope does with a benchmark's number.
    pub enum Treatment {
        Reproduced => "reproduced", "reproduced";
        Stored => "stored", "read as stored";
        OwnWay => "own_way", "computed exerscope's way";
    }
}

/// One published number of a benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OwnNumber {
    pub benchmark: &'static str,
    /// The number and where the benchmark publishes it.
    pub number: &'static str,
    pub treatment: Treatment,
    /// How exerscope gets it, or why it computes it its own way.
    pub how: &'static str,
}

const fn same(benchmark: &'static str, number: &'static str, how: &'static str) -> OwnNumber {
    OwnNumber { benchmark, number, treatment: Treatment::Reproduced, how }
}

const fn stored(benchmark: &'static str, number: &'static str, how: &'static str) -> OwnNumber {
    OwnNumber { benchmark, number, treatment: Treatment::Stored, how }
}

const fn own_way(benchmark: &'static str, number: &'static str, how: &'static str) -> OwnNumber {
    OwnNumber { benchmark, number, treatment: Treatment::OwnWay, how }
}

/// Every benchmark's published numbers, one per line.
pub const OWN_NUMBERS: &[OwnNumber] = &[
    same("RE2-Bench", "input and output success per model (results/validations/*.csv)", "its verdicts (column rs), used as stored; every run's count equals its file's"),
    same("RE2-Bench", "success by difficulty (*_metadata.json: easy_rs, difficult_rs)", "the group of each difficulty; equal to its totals"),
    same("RE2-Bench", "construct flags (analysis/constructs.json)", "its detectors are ExeRScope's reference flags (its \"if\", an if with no if directly inside, holds exactly where any if is): equal on 497 of its 500 problems; the 3 others are stale in its file, which its own detectors, run on the published code, also contradict"),
    same("RE2-Bench", "loop and branch prediction (scripts/validators/validate_loop.py, validate_branch.py)", "its validators' rule reproduced step for step on its true states and the raw answers: every model's right items equal what its scripts count on the same files"),
    stored("RE2-Bench", "failure causes (analysis/false_prediction_reports/)", "read as stored, as the attribute \"failure cause\"; computing them needs its complexity table, which is not published"),
    own_way("RE2-Bench", "success per construct (construct_analysis.py, its star plots)", "exerscope shows each construct's success as counted; its script subtracts fixed amounts before plotting (0.18 for nested loops and nested ifs, 0.20 for if and for, 0.30 for while in easy output prediction)"),
    own_way("RE2-Bench", "correlations of success with complexity (analysis/correlation_*_prediction.json)", "its nine metrics come from scripts/categorization/all_benchmarks.csv, which is not published: exerscope correlates its own properties (Spearman, point-biserial)"),
    own_way("RE2-Bench", "input prediction solved (plot_overlap_donuts.py, correlation_analysis.py)", "those scripts also count a wrong input as solved when its column is_fn is set; exerscope counts rs, as its validation files and totals do"),
];

/// The published numbers of the benchmarks named.
pub fn own_numbers_of<'a>(benchmarks: &'a [String]) -> impl Iterator<Item = &'static OwnNumber> + 'a {
    OWN_NUMBERS.iter().filter(|n| benchmarks.iter().any(|b| b == n.benchmark))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_benchmarks_read_are_listed() {
        assert!(own_numbers_of(&["CRUXEval".to_owned()]).next().is_none());
        let re2 = own_numbers_of(&[crate::readers::re2bench::BENCHMARK.to_owned()]).count();
        assert_eq!(re2, OWN_NUMBERS.iter().filter(|n| n.benchmark == "RE2-Bench").count());
        assert!(re2 > 0);
    }
}
