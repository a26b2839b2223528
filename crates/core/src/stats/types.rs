//! Success per value type of the expected output (SPEC §4.5), in both flavors: value match (the
//! verdict) and type match (the answer's type equals the expected output's). The reference flavor
//! is ExeRScope's `match_type.py`.
//!
//! Unlike the other statistics, types count answers, not programs: with several samples of a
//! program, each sample's answer has a type of its own, and `total` counts every sample.

use crate::facts::Facts;
use crate::flavors::Flavor;
use crate::judges::Judge;
use crate::stats::wilson::{wilson_interval, Z_95};
use crate::types::ReferenceType;
use foldhash::HashMap;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TypeSummary {
    pub model: String,
    pub benchmark: String,
    pub flavor: Flavor,
    /// The type's name in its flavor (`dictionary`; `list of tuple`).
    #[serde(rename = "type")]
    pub value_type: String,
    /// exerscope rows only: the expected output's length bucket (strings and containers), or
    /// `null` on the row that counts every length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<String>,
    pub value_match: u64,
    /// The share of right predictions, `value_match / total`: the value-match rate.
    pub value_rate: Option<f64>,
    /// The 95% Wilson interval of the value-match rate, over answers (as `total` counts them).
    pub value_ci95: Option<[f64; 2]>,
    pub type_match: u64,
    /// Predictions whose expected output has this type.
    pub total: u64,
}

/// Counts per (model, benchmark, flavor, expected type), for the types that occur.
/// Length buckets of strings and containers, for the exerscope types split by length.
pub fn length_bucket(length: u32) -> &'static str {
    match length {
        0 => "empty",
        1 => "1",
        2..=4 => "2-4",
        5..=9 => "5-9",
        10..=19 => "10-19",
        _ => "20+",
    }
}

/// Counts per (model, benchmark, flavor, expected type), for the types that occur; exerscope
/// types come once for all lengths and once per length bucket of the expected output.
pub fn type_summaries(facts: &Facts, judge: Judge) -> Vec<TypeSummary> {
    let predictions = &facts.predictions;
    let verdicts = predictions.verdicts(judge);
    let mut rows = Vec::new();
    for (flavor, by_length) in [(Flavor::Reference, false), (Flavor::Exerscope, false), (Flavor::Exerscope, true)] {
        // Counted by numbers (model, benchmark, type, length bucket), named once per row: a
        // million predictions, three passes. Counts: value matches, type matches, answers.
        type Key = (u32, u32, u32, Option<&'static str>);
        let mut counts: HashMap<Key, [u64; 3]> = HashMap::default();
        for (i, &correct) in verdicts.iter().enumerate() {
            let program = &facts.programs[predictions.program[i] as usize];
            let (expected, same_type) = match flavor {
                Flavor::Reference => (
                    program.output_type_reference as u32,
                    predictions.answer_type_reference[i] == program.output_type_reference,
                ),
                Flavor::Exerscope => {
                    (u32::from(program.output_type), predictions.answer_type[i] == program.output_type)
                }
            };
            let length = program.output_length.map(length_bucket).filter(|_| by_length);
            if by_length && length.is_none() {
                continue; // no length to split by
            }
            let entry = counts.entry((predictions.model[i], program.benchmark, expected, length)).or_default();
            entry[0] += u64::from(correct);
            entry[1] += u64::from(same_type);
            entry[2] += 1;
        }
        let type_name = |expected: u32| match flavor {
            Flavor::Reference => ReferenceType::ALL[expected as usize].name(),
            Flavor::Exerscope => facts.type_names[expected as usize].as_str(),
        };
        let mut counted: Vec<_> =
            counts.into_iter().map(|((m, b, t, length), c)| ((m, b, type_name(t), length), c)).collect();
        counted.sort_unstable_by_key(|(key, _)| *key);
        rows.extend(counted.into_iter().map(
            |((model, benchmark, value_type, length), [value_match, type_match, total])| TypeSummary {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                flavor,
                value_type: value_type.to_owned(),
                length: length.map(str::to_owned),
                value_match,
                value_rate: (total > 0).then(|| value_match as f64 / total as f64),
                value_ci95: wilson_interval(value_match, total, Z_95),
                type_match,
                total,
            },
        ));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::tiny_facts;

    #[test]
    fn length_buckets() {
        let buckets: Vec<_> = [0, 1, 3, 7, 12, 40].into_iter().map(length_bucket).collect();
        assert_eq!(buckets, ["empty", "1", "2-4", "5-9", "10-19", "20+"]);
    }

    #[test]
    fn split_by_length_when_the_output_has_one() {
        let mut facts = tiny_facts();
        facts.programs[0].output_length = Some(3);
        let rows = type_summaries(&facts, Judge::Reference);
        let split: Vec<_> =
            rows.iter().filter(|r| r.length.is_some()).map(|r| (r.length.as_deref(), r.total)).collect();
        assert_eq!(split, [(Some("2-4"), 1)], "program 1 has no length and is left out of the split");
    }

    #[test]
    fn value_and_type_matches_per_expected_type() {
        let rows = type_summaries(&tiny_facts(), Judge::Reference);
        assert_eq!(rows.len(), 2, "one expected type, in each flavor");
        let counts: Vec<_> =
            rows.iter().map(|r| (r.flavor, r.value_type.as_str(), r.value_match, r.type_match, r.total)).collect();
        assert_eq!(counts, [(Flavor::Reference, "int", 1, 1, 2), (Flavor::Exerscope, "int", 1, 1, 2)]);
    }
}
