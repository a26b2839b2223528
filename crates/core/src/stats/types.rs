//! Success per value type of the expected output (SPEC §4.5), in both flavors: value match (the
//! verdict) and type match (the answer's type equals the expected output's). The reference flavor
//! is ExeRScope's `match_type.py`.

use crate::facts::Facts;
use crate::flavors::Flavor;
use crate::judges::Judge;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TypeSummary {
    pub model: String,
    pub benchmark: String,
    pub flavor: Flavor,
    /// The type's name in its flavor (`dictionary`; `list of tuple`).
    #[serde(rename = "type")]
    pub value_type: String,
    pub value_match: u64,
    pub type_match: u64,
    /// Predictions whose expected output has this type.
    pub total: u64,
}

/// Counts per (model, benchmark, flavor, expected type), for the types that occur.
pub fn type_summaries(facts: &Facts, judge: Judge) -> Vec<TypeSummary> {
    let predictions = &facts.predictions;
    let mut rows = Vec::new();
    for flavor in [Flavor::Reference, Flavor::Exerscope] {
        let mut counts: BTreeMap<(u32, u32, String), (u64, u64, u64)> = BTreeMap::new();
        for (i, &correct) in predictions.verdicts(judge).iter().enumerate() {
            let program = &facts.programs[predictions.program[i] as usize];
            let (expected, same_type) = match flavor {
                Flavor::Reference => (
                    program.output_type_reference.name().to_owned(),
                    predictions.answer_type_reference[i] == program.output_type_reference,
                ),
                Flavor::Exerscope => (
                    facts.type_names[program.output_type as usize].clone(),
                    predictions.answer_type[i] == program.output_type,
                ),
            };
            let entry = counts.entry((predictions.model[i], program.benchmark, expected)).or_default();
            entry.0 += u64::from(correct);
            entry.1 += u64::from(same_type);
            entry.2 += 1;
        }
        rows.extend(counts.into_iter().map(|((model, benchmark, value_type), (value_match, type_match, total))| {
            TypeSummary {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                flavor,
                value_type,
                value_match,
                type_match,
                total,
            }
        }));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::tiny_facts;

    #[test]
    fn value_and_type_matches_per_expected_type() {
        let rows = type_summaries(&tiny_facts(), Judge::Reference);
        assert_eq!(rows.len(), 2, "one expected type, in each flavor");
        let counts: Vec<_> =
            rows.iter().map(|r| (r.flavor, r.value_type.as_str(), r.value_match, r.type_match, r.total)).collect();
        assert_eq!(counts, [(Flavor::Reference, "int", 1, 1, 2), (Flavor::Exerscope, "int", 1, 1, 2)]);
    }
}
