//! Numeric property vs success (SPEC §5), in both modes, per model and benchmark and pooled over
//! a model's benchmarks (`benchmark = "*"`):
//! - `reference`: ρ over the first ten rounded-value buckets ([`super::buckets`]);
//! - `per_program`: Spearman's ρ between each program's value and its success (0/1, or c/n of
//!   its samples: each program counts once).

use super::buckets::{reference_buckets, Bucket};
use super::correlation::{point_biserial, spearman, Correlation};
use super::logistic::{logistic_regression, LogisticFit};
use crate::facts::{Facts, Outcome};
use crate::judges::Judge;
use crate::numeric::NumericProperty;
use serde::{Deserialize, Serialize};

/// The name of "all benchmarks pooled".
pub const ALL_BENCHMARKS: &str = "*";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorrelationMode {
    Reference,
    PerProgram,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CorrelationRow {
    pub model: String,
    pub benchmark: String,
    pub property: NumericProperty,
    pub mode: CorrelationMode,
    /// `null` when undefined (fewer than 3 points, or no variation).
    pub rho: Option<f64>,
    pub p: Option<f64>,
    /// Points correlated: buckets (reference) or programs (per program).
    pub n: usize,
    /// Per program only: point-biserial r and p, and the logistic regression of success on the
    /// property (slope in log-odds per unit, Wald 95% interval).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point_biserial: Option<Correlation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logistic: Option<LogisticFit>,
    /// Reference mode only: the buckets correlated (correct and incorrect predictions per rounded
    /// value), which the property charts draw.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buckets: Vec<Bucket>,
}

/// Every (model, benchmark or `*`, property, mode), in that order.
pub fn correlations(facts: &Facts, judge: Judge, outcomes: &[Outcome]) -> Vec<CorrelationRow> {
    let verdicts = facts.predictions.verdicts(judge);
    let mut rows = Vec::new();
    for (model_index, model) in facts.models.iter().enumerate() {
        let scopes = std::iter::once(None).chain((0..facts.benchmarks.len()).map(Some));
        for benchmark in scopes {
            let members: Vec<usize> = (0..facts.predictions.len())
                .filter(|&i| facts.predictions.model[i] as usize == model_index)
                .filter(|&i| {
                    benchmark
                        .is_none_or(|b| facts.programs[facts.predictions.program[i] as usize].benchmark as usize == b)
                })
                .collect();
            if members.is_empty() {
                continue;
            }
            let benchmark_name = benchmark.map_or(ALL_BENCHMARKS.to_owned(), |b| facts.benchmarks[b].clone());
            let scope = outcomes_of(facts, outcomes, model_index as u32, benchmark.map(|b| b as u32));
            for property in NumericProperty::ALL {
                let pairs = property_pairs(facts, verdicts, &members, property);
                let row = |mode, rho, p, n| CorrelationRow {
                    model: model.clone(),
                    benchmark: benchmark_name.clone(),
                    property,
                    mode,
                    rho,
                    p,
                    n,
                    point_biserial: None,
                    logistic: None,
                    buckets: Vec::new(),
                };
                let buckets = reference_buckets(pairs.iter().copied());
                let reference = buckets.correlation;
                rows.push(CorrelationRow {
                    buckets: buckets.buckets.clone(),
                    ..row(
                        CorrelationMode::Reference,
                        reference.map(|c| c.rho),
                        reference.map(|c| c.p),
                        buckets.buckets.len(),
                    )
                });
                let (values, shares): (Vec<f64>, Vec<f64>) =
                    program_shares(facts, &scope, property).into_iter().unzip();
                let per_program = spearman(&values, &shares);
                rows.push(CorrelationRow {
                    point_biserial: point_biserial(&values, &shares),
                    logistic: logistic_regression(&values, &shares),
                    ..row(
                        CorrelationMode::PerProgram,
                        per_program.map(|c| c.rho),
                        per_program.map(|c| c.p),
                        values.len(),
                    )
                });
            }
        }
    }
    rows
}

/// The outcomes of `model` (in `benchmark`, or in all when `None`).
pub fn outcomes_of(facts: &Facts, outcomes: &[Outcome], model: u32, benchmark: Option<u32>) -> Vec<Outcome> {
    outcomes
        .iter()
        .filter(|o| o.model == model)
        .filter(|o| benchmark.is_none_or(|b| facts.programs[o.program as usize].benchmark == b))
        .copied()
        .collect()
}

/// (property value, c/n) of each of these outcomes (a program once per task), leaving out
/// programs without code.
pub fn program_shares(facts: &Facts, outcomes: &[Outcome], property: NumericProperty) -> Vec<(f64, f64)> {
    outcomes
        .iter()
        .filter_map(|o| property.value(&facts.programs[o.program as usize]).map(|v| (v, o.share())))
        .collect()
}

/// Indices of the predictions of `model` (in `benchmark`, or in all when `None`).
pub fn predictions_of(facts: &Facts, model: u32, benchmark: Option<u32>) -> Vec<usize> {
    (0..facts.predictions.len())
        .filter(|&i| facts.predictions.model[i] == model)
        .filter(|&i| benchmark.is_none_or(|b| facts.programs[facts.predictions.program[i] as usize].benchmark == b))
        .collect()
}

/// (property value, correct?) of these predictions, leaving out programs without code.
pub fn property_pairs(
    facts: &Facts,
    verdicts: &[bool],
    members: &[usize],
    property: NumericProperty,
) -> Vec<(f64, bool)> {
    members
        .iter()
        .filter_map(|&i| {
            property.value(&facts.programs[facts.predictions.program[i] as usize]).map(|v| (v, verdicts[i]))
        })
        .collect()
}
