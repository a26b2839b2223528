//! Variants of one model compared with it: a reasoning model with its base (RE2-Bench's
//! `gpt-5-mini-reasoning` and `gpt-5-mini`), a pretrained checkpoint with its trained model
//! (`cwm-pretrain`, `cwm`), a prompt setting with the default (`gpt-5-mini (no CoT)`,
//! LiveCodeBench's `Claude-2 (CoT)`). Each pair's agreement is the model-against-model one, seen
//! from the variant.

use super::agreement::ModelAgreement;
use serde::{Deserialize, Serialize};

/// The suffixes that name a variant of a model, and what differs.
const SUFFIXES: &[(&str, &str)] =
    &[("-reasoning", "reasoning"), ("-thinking", "thinking"), ("-pretrain", "pretrained")];

/// A variant's pair with its base model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantPair {
    /// What differs: "reasoning", "pretrained", or the prompt setting in parentheses ("no CoT").
    pub difference: String,
    /// Model A is the variant, model B its base; `paired` is the variant's success minus the base's.
    pub agreement: ModelAgreement,
}

/// The base model a model's name makes it a variant of, and what differs.
fn base_of(model: &str) -> Option<(&str, &str)> {
    if let Some(inner) = model.strip_suffix(')') {
        if let Some((base, setting)) = inner.rsplit_once(" (") {
            return Some((base, setting));
        }
    }
    SUFFIXES.iter().find_map(|(suffix, difference)| Some((model.strip_suffix(suffix)?, *difference)))
}

/// The pairs of `agreements` where one model is a variant of the other, each seen from the
/// variant, in the agreements' order.
pub fn variant_pairs(agreements: &[ModelAgreement]) -> Vec<VariantPair> {
    agreements
        .iter()
        .filter_map(|a| {
            let of = |variant: &str, base: &str| {
                base_of(variant).filter(|(b, _)| *b == base).map(|(_, difference)| difference.to_owned())
            };
            if let Some(difference) = of(&a.model_a, &a.model_b) {
                return Some(VariantPair { difference, agreement: a.clone() });
            }
            let difference = of(&a.model_b, &a.model_a)?;
            Some(VariantPair { difference, agreement: a.swapped() })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::mcnemar::Agreement;

    fn agreement(a: &str, b: &str, counts: [u64; 4]) -> ModelAgreement {
        let [both_right, only_a, only_b, both_wrong] = counts;
        let counts = Agreement { both_right, only_a, only_b, both_wrong };
        ModelAgreement {
            model_a: a.to_owned(),
            model_b: b.to_owned(),
            benchmark: "*".to_owned(),
            counts,
            mcnemar_p: 0.5,
            mcnemar_p_adjusted: 0.6,
            paired: counts.paired_difference(),
        }
    }

    #[test]
    fn variants_are_told_by_their_names_and_seen_from_the_variant() {
        let agreements = [
            agreement("cwm", "cwm-pretrain", [5, 3, 1, 1]),
            agreement("gpt-5-mini", "gpt-5-mini-reasoning", [5, 1, 3, 1]),
            agreement("gpt-5-mini (no CoT)", "gpt-5-mini", [5, 0, 2, 3]),
            agreement("cwm", "gpt-5-mini", [5, 0, 2, 3]),
            agreement("gpt-5-mini-reasoning", "gpt-5-mini (no CoT)", [5, 0, 2, 3]),
        ];
        let pairs = variant_pairs(&agreements);
        let seen: Vec<(&str, &str, &str, u64)> = pairs
            .iter()
            .map(|p| {
                (
                    p.difference.as_str(),
                    p.agreement.model_a.as_str(),
                    p.agreement.model_b.as_str(),
                    p.agreement.counts.only_a,
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                ("pretrained", "cwm-pretrain", "cwm", 1),
                ("reasoning", "gpt-5-mini-reasoning", "gpt-5-mini", 3),
                ("no CoT", "gpt-5-mini (no CoT)", "gpt-5-mini", 0),
            ]
        );
        // The difference is the variant's success minus the base's: +2 of 10 for reasoning.
        let reasoning = pairs[1].agreement.paired.unwrap();
        assert!((reasoning.difference - 0.2).abs() < 1e-12);
    }
}
