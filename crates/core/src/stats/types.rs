//! Success per value type of the expected output (SPEC §4.5): value match (the verdict) and type
//! match (the answer's category equals the expected output's), as ExeRScope's `match_type.py`.

use crate::facts::Facts;
use crate::judges::Judge;
use crate::types::ReferenceType;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TypeSummary {
    pub model: String,
    pub benchmark: String,
    pub flavor: String,
    #[serde(rename = "type")]
    pub value_type: ReferenceType,
    pub value_match: u64,
    pub type_match: u64,
    /// Predictions whose expected output has this type.
    pub total: u64,
}

/// Counts per (model, benchmark, expected type), for the types that occur.
pub fn type_summaries(facts: &Facts, judge: Judge) -> Vec<TypeSummary> {
    let mut counts: BTreeMap<(u32, u32, ReferenceType), (u64, u64, u64)> = BTreeMap::new();
    let predictions = &facts.predictions;
    for (i, &correct) in predictions.verdicts(judge).iter().enumerate() {
        let program = &facts.programs[predictions.program[i] as usize];
        let expected = program.output_type_reference;
        let entry = counts.entry((predictions.model[i], program.benchmark, expected)).or_default();
        entry.0 += u64::from(correct);
        entry.1 += u64::from(predictions.answer_type_reference[i] == expected);
        entry.2 += 1;
    }
    counts
        .into_iter()
        .map(|((model, benchmark, value_type), (value_match, type_match, total))| TypeSummary {
            model: facts.models[model as usize].clone(),
            benchmark: facts.benchmarks[benchmark as usize].clone(),
            flavor: "reference".to_owned(),
            value_type,
            value_match,
            type_match,
            total,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::tiny_facts;

    #[test]
    fn value_and_type_matches_per_expected_type() {
        let rows = type_summaries(&tiny_facts(), Judge::Reference);
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!((row.value_type, row.value_match, row.type_match, row.total), (ReferenceType::Int, 1, 1, 2));
    }
}
