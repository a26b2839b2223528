//! What a benchmark's programs are, without any model's answers: the benchmark designer's view.
//! Per benchmark of the drop, how many programs have each construct and output type, the
//! histogram of every numeric property over fixed bins, and how many runs did not give the
//! expected output — beside the same numbers of CRUXEval's 800 programs, shipped with the
//! app (numbers only: `cruxeval_profile.json`, made from the benchmark's own file by
//! `crates/cli/tests/profile.rs`, which checks it stays so).

use super::near_duplicates::NearDuplicate;
use super::wilson::{wilson_interval, Z_95};
use crate::facts::{Facts, ProgramFacts};
use crate::flavors::Flavor;
use crate::numeric::NumericProperty;
use crate::types::ReferenceType;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The shipped profile's name beside a drop's benchmarks.
pub const REFERENCE: &str = "CRUXEval (800 programs, shipped)";

/// The histograms' bins: 0, 1, 2, then doubling (3–4, 5–8, 9–16, …), the last open.
pub const BINS: usize = 24;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// Each benchmark of the drop in the drop's order, then the shipped reference.
    pub benchmarks: Vec<BenchmarkProfile>,
    /// The programs whose code is nearly the same as another's (the most similar first).
    pub near_duplicates: Vec<NearDuplicateRow>,
    /// How many pairs of near-duplicates there are in all (the list keeps the first 500).
    pub near_duplicate_pairs: u64,
}

impl Profile {
    pub fn is_empty(&self) -> bool {
        self.benchmarks.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkProfile {
    pub benchmark: String,
    /// Whether these are the shipped reference's numbers, not the drop's.
    pub reference: bool,
    pub programs: u64,
    /// Programs whose code was parsed: what the construct counts are out of.
    pub parsed: u64,
    /// Per flavor, every construct and how many programs have it.
    pub constructs: Vec<ConstructCount>,
    /// Every output type (the reference's categories of the expected output) and its programs.
    pub output_types: Vec<TypeCount>,
    /// Every property measured the same everywhere (not the run time, which is the machine's).
    pub properties: Vec<PropertyHistogram>,
    /// Programs run on their own input (with a verdict on their output).
    pub runs: u64,
    /// Runs that did not give the benchmark's expected output.
    pub unexpected_runs: u64,
    /// Programs run twice on their own input (a benchmark no model answered), both runs made.
    #[serde(default)]
    pub repeated: u64,
    /// Of those, programs whose second run gave something else than the first.
    #[serde(default)]
    pub differed_when_repeated: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConstructCount {
    pub flavor: Flavor,
    /// The construct's name in its flavor.
    pub construct: String,
    pub programs: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TypeCount {
    pub output_type: ReferenceType,
    pub programs: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PropertyHistogram {
    pub property: NumericProperty,
    /// Programs with a value.
    pub programs: u64,
    pub median: Option<f64>,
    /// Programs per bin ([`BINS`] of them, see [`bin_of`]).
    pub counts: Vec<u64>,
}

/// A pair of near-duplicate programs, named.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NearDuplicateRow {
    pub benchmark: String,
    pub program: String,
    pub other_benchmark: String,
    pub other_program: String,
    pub similarity: f64,
}

impl BenchmarkProfile {
    /// `count` programs as a share of what it counts among: the parsed programs for constructs,
    /// all programs for output types.
    pub fn share_of_parsed(&self, count: u64) -> Option<(f64, [f64; 2])> {
        share(count, self.parsed)
    }

    pub fn share_of_programs(&self, count: u64) -> Option<(f64, [f64; 2])> {
        share(count, self.programs)
    }

    pub fn construct(&self, flavor: Flavor, construct: &str) -> Option<&ConstructCount> {
        self.constructs.iter().find(|c| c.flavor == flavor && c.construct == construct)
    }

    pub fn property(&self, property: NumericProperty) -> Option<&PropertyHistogram> {
        self.properties.iter().find(|h| h.property == property)
    }
}

/// `count` of `of` programs as a share with its 95% Wilson interval; `None` of no programs.
pub fn share(count: u64, of: u64) -> Option<(f64, [f64; 2])> {
    Some((count as f64 / of as f64, wilson_interval(count, of, Z_95)?))
}

impl PropertyHistogram {
    /// The share of the programs with a value in each bin, with its 95% Wilson interval.
    pub fn shares(&self) -> Vec<Option<(f64, [f64; 2])>> {
        self.counts.iter().map(|&c| share(c, self.programs)).collect()
    }
}

/// The properties profiled: every one but the run time, which measures the machine as much as
/// the program (the shipped reference's would not compare with a browser's).
pub fn profiled_properties() -> impl Iterator<Item = NumericProperty> {
    NumericProperty::ALL.into_iter().filter(|&p| p != NumericProperty::RunTimeMs)
}

/// The bin of a value rounded to an integer: 0, 1 and 2 their own, then 3–4, 5–8, 9–16, …,
/// the last bin holding everything above.
pub fn bin_of(value: f64) -> usize {
    let value = value.round().max(0.0) as u64;
    let bin = match value {
        0..=2 => value as usize,
        _ => (u64::BITS - (value - 1).leading_zeros()) as usize + 1,
    };
    bin.min(BINS - 1)
}

/// A bin's values in words: `0`, `3–4`, `1,025–2,048`, `≥ 1,048,577`.
pub fn bin_label(bin: usize) -> String {
    let thousands = |n: u64| crate::texts::thousands(n as usize);
    let (low, high) = match bin {
        0..=2 => return bin.to_string(),
        _ => ((1u64 << (bin - 2)) + 1, 1u64 << (bin - 1)),
    };
    if bin == BINS - 1 {
        format!("≥ {}", thousands(low))
    } else {
        format!("{}–{}", thousands(low), thousands(high))
    }
}

/// The profile of every benchmark of `facts`, the shipped reference's, and the near-duplicates.
pub fn profile(facts: &Facts) -> Profile {
    if facts.programs.is_empty() {
        return Profile::default();
    }
    let mut benchmarks: Vec<BenchmarkProfile> = (0..facts.benchmarks.len())
        .map(|b| {
            let programs: Vec<&ProgramFacts> = facts.programs.iter().filter(|p| p.benchmark as usize == b).collect();
            benchmark_profile(&facts.benchmarks[b], &programs)
        })
        .collect();
    benchmarks.push(reference().clone());
    let named = |index: u32| {
        let program = &facts.programs[index as usize];
        (facts.benchmarks[program.benchmark as usize].clone(), program.id.clone())
    };
    let near_duplicates = facts
        .near_duplicates
        .pairs
        .iter()
        .map(|&NearDuplicate { programs: [a, b], similarity }| {
            let ((benchmark, program), (other_benchmark, other_program)) = (named(a), named(b));
            NearDuplicateRow { benchmark, program, other_benchmark, other_program, similarity }
        })
        .collect();
    Profile { benchmarks, near_duplicates, near_duplicate_pairs: facts.near_duplicates.found }
}

/// The numbers of one benchmark's programs.
pub fn benchmark_profile(name: &str, programs: &[&ProgramFacts]) -> BenchmarkProfile {
    let count = |holds: &dyn Fn(&ProgramFacts) -> bool| programs.iter().filter(|p| holds(p)).count() as u64;
    let constructs = [Flavor::Reference, Flavor::Exerscope]
        .into_iter()
        .flat_map(|flavor| flavor.constructs())
        .map(|construct| ConstructCount {
            flavor: construct.flavor(),
            construct: construct.name().to_owned(),
            programs: count(&|p| construct.present_in(p)),
        })
        .collect();
    let output_types = ReferenceType::ALL
        .into_iter()
        .map(|output_type| TypeCount { output_type, programs: count(&|p| p.output_type_reference == output_type) })
        .collect();
    let properties = profiled_properties().map(|property| histogram(property, programs)).collect();
    let runs = programs.iter().filter_map(|p| p.dynamic.as_ref()?.returns_expected);
    let (ran, unexpected) = runs.fold((0, 0), |(ran, wrong), right| (ran + 1, wrong + u64::from(!right)));
    let repeats = programs.iter().filter_map(|p| p.dynamic.as_ref()?.repeated.as_ref());
    let (repeated, differed) = repeats.fold((0, 0), |(both, other), r| (both + 1, other + u64::from(r.differed())));
    BenchmarkProfile {
        benchmark: name.to_owned(),
        reference: false,
        programs: programs.len() as u64,
        parsed: count(&|p| p.metrics.is_some()),
        constructs,
        output_types,
        properties,
        runs: ran,
        unexpected_runs: unexpected,
        repeated,
        differed_when_repeated: differed,
    }
}

fn histogram(property: NumericProperty, programs: &[&ProgramFacts]) -> PropertyHistogram {
    let mut values: Vec<f64> = programs.iter().filter_map(|p| property.value(p)).filter(|v| v.is_finite()).collect();
    values.sort_by(f64::total_cmp);
    let mut counts = vec![0; BINS];
    for &value in &values {
        counts[bin_of(value)] += 1;
    }
    let n = values.len();
    let median = (n > 0).then(|| (values[(n - 1) / 2] + values[n / 2]) / 2.0);
    PropertyHistogram { property, programs: n as u64, median, counts }
}

/// CRUXEval's profile, as shipped.
pub fn reference() -> &'static BenchmarkProfile {
    static REFERENCE_PROFILE: OnceLock<BenchmarkProfile> = OnceLock::new();
    REFERENCE_PROFILE.get_or_init(|| {
        let shipped: BenchmarkProfile =
            serde_json::from_str(include_str!("cruxeval_profile.json")).expect("the shipped profile reads");
        BenchmarkProfile { benchmark: REFERENCE.to_owned(), reference: true, ..shipped }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_double_from_three_and_the_last_is_open() {
        let bins: Vec<usize> = [0.0, 0.4, 1.0, 2.0, 2.6, 4.0, 5.0, 8.0, 9.0, 16.0, 17.0, -3.0].map(bin_of).to_vec();
        assert_eq!(bins, [0, 0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 0]);
        assert_eq!(bin_of(1e12), BINS - 1);
        let labels: Vec<String> = (0..7).map(bin_label).collect();
        assert_eq!(labels, ["0", "1", "2", "3–4", "5–8", "9–16", "17–32"]);
        assert_eq!(bin_label(12), "1,025–2,048");
        assert_eq!(bin_label(BINS - 1), "≥ 2,097,153");
        // Every bin's label holds the values that fall in it.
        for bin in 3..BINS - 1 {
            let (low, high) = ((1u64 << (bin - 2)) + 1, 1u64 << (bin - 1));
            assert_eq!((bin_of(low as f64), bin_of(high as f64)), (bin, bin));
        }
    }

    #[test]
    fn a_benchmark_s_counts_histograms_and_medians_are_its_programs() {
        let facts = crate::facts::tests::tiny_facts();
        let programs: Vec<&ProgramFacts> = facts.programs.iter().collect();
        let profile = benchmark_profile("B", &programs);
        assert_eq!((profile.programs, profile.parsed), (3, 3));
        let loops = profile.construct(Flavor::Exerscope, "for").unwrap().programs;
        let with_for = facts.programs.iter().filter(|p| p.constructs.has(crate::extractors::Construct::For)).count();
        assert_eq!(loops, with_for as u64);
        let loc = profile.property(NumericProperty::Loc).unwrap();
        let values: Vec<f64> = facts.programs.iter().filter_map(|p| NumericProperty::Loc.value(p)).collect();
        assert_eq!(loc.programs, values.len() as u64);
        assert_eq!((values.len(), loc.median), (3, Some(2.0)), "lines of code 2, 3 and 1");
        assert_eq!(loc.counts.iter().sum::<u64>(), 3);
        assert_eq!((loc.counts[1], loc.counts[2], loc.counts[3]), (1, 1, 1));
        assert!(profile.property(NumericProperty::RunTimeMs).is_none());
        let types: u64 = profile.output_types.iter().map(|t| t.programs).sum();
        assert_eq!(types, 3);
    }

    #[test]
    fn the_shipped_reference_reads_and_follows_the_drop_s_benchmarks() {
        let reference = reference();
        assert_eq!((reference.programs, reference.reference), (800, true));
        assert_eq!(reference.properties.len(), profiled_properties().count());
        let facts = crate::facts::tests::tiny_facts();
        let profile = profile(&facts);
        let names: Vec<&str> = profile.benchmarks.iter().map(|b| b.benchmark.as_str()).collect();
        let mut expected: Vec<&str> = facts.benchmarks.iter().map(String::as_str).collect();
        expected.push(REFERENCE);
        assert_eq!(names, expected);
        assert!(super::profile(&Facts::default()).is_empty());
    }
}
