//! Numeric property vs success (SPEC §5), in both modes, per model and benchmark and pooled over
//! a model's benchmarks (`benchmark = "*"`):
//! - `reference`: ρ over the first ten rounded-value buckets ([`super::buckets`]);
//! - `per_program`: Spearman's ρ between each program's value and its success (0/1, or c/n of
//!   its samples: each program counts once).

use super::bootstrap;
use super::buckets::{Bucket, Rounded};
use super::correlation::{point_biserial, spearman, Correlation};
use super::logistic::{logistic_regression, LogisticFit};
use crate::facts::{Facts, Outcome};
use crate::judges::Judge;
use crate::numeric::NumericProperty;
use crate::units::units;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

/// The name of "all benchmarks pooled".
pub const ALL_BENCHMARKS: &str = "*";

units! {
    /// How success is related to a property (SPEC §5).
    pub enum CorrelationMode {
        /// The reference's: per rounded value, the share of correct predictions (buckets).
        Reference => "reference", "by bucket (the reference's mode)";
        /// Each program's success against its value.
        PerProgram => "per_program", "per program";
    }
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
    /// The bootstrap 95% interval of ρ, programs resampled ([`bootstrap`]); given where asked
    /// for ([`add_rho_intervals`]: it costs 2,000 correlations a row).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rho_ci95: Option<[f64; 2]>,
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
/// Every model's correlation rows with each of `properties`.
pub fn correlations(
    facts: &Facts,
    judge: Judge,
    outcomes: &[Outcome],
    properties: &[NumericProperty],
) -> Vec<CorrelationRow> {
    let verdicts = facts.predictions.verdicts(judge);
    let mut by_model: Vec<Vec<usize>> = vec![Vec::new(); facts.models.len()];
    for i in 0..facts.predictions.len() {
        by_model[facts.predictions.model[i] as usize].push(i);
    }
    let values = property_values(facts, properties);
    let rounded = rounded_values(&values);
    let scope = Scope { facts, verdicts, outcomes, properties, values: &values, rounded: &rounded };
    // Each model's rows on a core of its own (rayon; one thread in the browser).
    let per_model: Vec<Vec<CorrelationRow>> =
        by_model.par_iter().enumerate().map(|(model, own)| model_rows(&scope, model, own)).collect();
    per_model.concat()
}

/// Each property's value per program, read once for all models: from a table in memory order,
/// not from each program's facts a hundred times.
fn property_values(facts: &Facts, properties: &[NumericProperty]) -> Vec<Vec<Option<f64>>> {
    properties.iter().map(|property| facts.programs.iter().map(|p| property.value(p)).collect()).collect()
}

/// Each property's values rounded into the reference's groups, once for all models.
fn rounded_values(values: &[Vec<Option<f64>>]) -> Vec<Rounded> {
    values.iter().map(|values| Rounded::of(values.iter().copied())).collect()
}

/// What every model's rows are computed from.
struct Scope<'a> {
    facts: &'a Facts,
    verdicts: &'a [bool],
    outcomes: &'a [Outcome],
    properties: &'a [NumericProperty],
    /// Per property (in the order of `properties`), its value per program.
    values: &'a [Vec<Option<f64>>],
    /// Per property, its values per program rounded into the reference's groups.
    rounded: &'a [Rounded],
}

/// One model's rows: all its benchmarks pooled, then each benchmark.
fn model_rows(scope: &Scope, model: usize, own: &[usize]) -> Vec<CorrelationRow> {
    let facts = scope.facts;
    let benchmark_of = |i: usize| facts.programs[facts.predictions.program[i] as usize].benchmark as usize;
    let predicted: BTreeSet<usize> = own.iter().map(|&i| benchmark_of(i)).collect();
    let mut rows = scope_rows(scope, model, None, own);
    for &benchmark in &predicted {
        if predicted.len() == 1 {
            // One benchmark: its rows are the pooled rows (the same predictions), named after it.
            let name = &facts.benchmarks[benchmark];
            let same: Vec<CorrelationRow> =
                rows.iter().map(|r| CorrelationRow { benchmark: name.clone(), ..r.clone() }).collect();
            rows.extend(same);
            continue;
        }
        let members: Vec<usize> = own.iter().copied().filter(|&i| benchmark_of(i) == benchmark).collect();
        rows.extend(scope_rows(scope, model, Some(benchmark), &members));
    }
    rows
}

/// Both correlation rows of every property for one model in one scope (a benchmark, or all
/// pooled): `members`, that model's predictions in the scope.
fn scope_rows(scope: &Scope, model: usize, benchmark: Option<usize>, members: &[usize]) -> Vec<CorrelationRow> {
    let Scope { facts, verdicts, outcomes, properties, values, rounded } = *scope;
    let mut rows = Vec::new();
    if members.is_empty() {
        return rows;
    }
    let benchmark_name = benchmark.map_or(ALL_BENCHMARKS.to_owned(), |b| facts.benchmarks[b].clone());
    let own_outcomes = outcomes_of(facts, outcomes, model as u32, benchmark.map(|b| b as u32));
    let program_of = |i: usize| facts.predictions.program[i] as usize;
    for ((&property, values), rounded) in properties.iter().zip(values).zip(rounded) {
        let row = |mode, rho, p, n| CorrelationRow {
            model: facts.models[model].clone(),
            benchmark: benchmark_name.clone(),
            property,
            mode,
            rho,
            p,
            rho_ci95: None,
            n,
            point_biserial: None,
            logistic: None,
            buckets: Vec::new(),
        };
        let buckets = rounded.buckets(members.iter().map(|&i| (program_of(i), verdicts[i])));
        let reference = buckets.correlation;
        rows.push(CorrelationRow {
            buckets: buckets.buckets.clone(),
            ..row(CorrelationMode::Reference, reference.map(|c| c.rho), reference.map(|c| c.p), buckets.buckets.len())
        });
        let points = program_shares(&own_outcomes, values);
        let xs: Vec<f64> = points.iter().map(|p| p.0).collect();
        let shares: Vec<f64> = points.iter().map(|p| p.1).collect();
        let questions: Vec<f64> = points.iter().map(|p| p.2).collect();
        let per_program = spearman(&xs, &shares);
        rows.push(CorrelationRow {
            point_biserial: point_biserial(&xs, &shares),
            logistic: logistic_regression(&xs, &shares, &questions),
            ..row(CorrelationMode::PerProgram, per_program.map(|c| c.rho), per_program.map(|c| c.p), xs.len())
        });
    }
    rows
}

/// Bootstrap intervals are given without asking up to this many model × program pairs: the
/// ExeRScope artifact, eval-arena's 37 models × 800 programs (the CLI 3–4 s on 2 cores); not 100
/// models × 1,000 programs (11 s, where the rest of the analysis takes 0.45 s), nor a million
/// predictions (2,000 correlations a row would take minutes there).
pub const AUTO_RHO_INTERVALS: usize = 50_000;

/// Whether bootstrap intervals of ρ are given without asking for these facts.
pub fn affords_rho_intervals(facts: &Facts) -> bool {
    facts.models.len() * facts.programs.len() <= AUTO_RHO_INTERVALS
}

/// Gives each row its bootstrap interval of ρ (both modes), from the outcomes its ρ came from. A
/// model of one benchmark has the same rows pooled and for that benchmark: each is computed once.
pub fn add_rho_intervals<'a>(
    facts: &Facts,
    outcomes: &[Outcome],
    rows: impl IntoIterator<Item = &'a mut CorrelationRow>,
) {
    let rows: Vec<&mut CorrelationRow> = rows.into_iter().collect();
    let mut benchmarks_of: HashMap<&str, BTreeSet<u32>> = HashMap::new();
    for outcome in outcomes {
        let benchmark = facts.programs[outcome.program as usize].benchmark;
        benchmarks_of.entry(facts.models[outcome.model as usize].as_str()).or_default().insert(benchmark);
    }
    // The scope a row's outcomes come from: all of the model's (`None`), or one benchmark's.
    let scope_of = |row: &CorrelationRow| -> Option<(u32, Option<u32>)> {
        let model = facts.model_index(&row.model)?;
        let only_one = benchmarks_of.get(row.model.as_str()).is_some_and(|b| b.len() == 1);
        match row.benchmark.as_str() {
            ALL_BENCHMARKS => Some((model, None)),
            _ if only_one => Some((model, None)),
            name => Some((model, Some(facts.benchmark_index(name)?))),
        }
    };
    let keys: BTreeSet<(u32, Option<u32>, NumericProperty, CorrelationMode)> =
        rows.iter().filter_map(|row| scope_of(row).map(|(m, b)| (m, b, row.property, row.mode))).collect();
    let intervals: HashMap<_, Option<[f64; 2]>> =
        keys.into_par_iter().map(|key| (key, rho_interval(facts, outcomes, key))).collect();
    for row in rows {
        if let Some((model, benchmark)) = scope_of(row) {
            row.rho_ci95 = intervals.get(&(model, benchmark, row.property, row.mode)).copied().flatten();
        }
    }
}

/// The bootstrap interval of ρ of `model`'s programs (in `benchmark`, or all) against `property`.
fn rho_interval(
    facts: &Facts,
    outcomes: &[Outcome],
    (model, benchmark, property, mode): (u32, Option<u32>, NumericProperty, CorrelationMode),
) -> Option<[f64; 2]> {
    let valued: Vec<(f64, Outcome)> = outcomes_of(facts, outcomes, model, benchmark)
        .into_iter()
        .filter_map(|o| Some((property.value(&facts.programs[o.program as usize])?, o)))
        .collect();
    match mode {
        CorrelationMode::PerProgram => {
            let (xs, shares): (Vec<f64>, Vec<f64>) = valued.iter().map(|(v, o)| (*v, o.share())).unzip();
            bootstrap::spearman_interval(&xs, &shares)
        }
        CorrelationMode::Reference => {
            let programs: Vec<(f64, u64, u64)> =
                valued.iter().map(|(v, o)| (*v, u64::from(o.correct), u64::from(o.samples - o.correct))).collect();
            bootstrap::bucket_spearman_interval(&programs)
        }
    }
}

/// The outcomes of `model` (in `benchmark`, or in all when `None`); `outcomes` in the order of
/// [`Facts::outcomes`] (by model first), where a model's are found by bisection.
fn outcomes_of(facts: &Facts, outcomes: &[Outcome], model: u32, benchmark: Option<u32>) -> Vec<Outcome> {
    let from = outcomes.partition_point(|o| o.model < model);
    let to = from + outcomes[from..].partition_point(|o| o.model == model);
    outcomes[from..to]
        .iter()
        .filter(|o| benchmark.is_none_or(|b| facts.programs[o.program as usize].benchmark == b))
        .copied()
        .collect()
}

/// (property value, c/n) of each of these outcomes (a program once per task), leaving out
/// programs without a value; `values` per program.
fn program_shares(outcomes: &[Outcome], values: &[Option<f64>]) -> Vec<(f64, f64, f64)> {
    outcomes.iter().filter_map(|o| values[o.program as usize].map(|v| (v, o.share(), f64::from(o.samples)))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::{add_prediction, tiny_facts};

    #[test]
    fn a_model_of_one_benchmark_gets_its_pooled_rows_under_the_benchmarks_name() {
        let mut facts = tiny_facts();
        add_prediction(&mut facts, 0, 2, true);
        let outcomes = facts.outcomes(Judge::Reference);
        let rows = correlations(&facts, Judge::Reference, &outcomes, &NumericProperty::ALL);
        let members: Vec<usize> = (0..facts.predictions.len()).collect();
        let values = property_values(&facts, &NumericProperty::ALL);
        let rounded = rounded_values(&values);
        let verdicts = facts.predictions.verdicts(Judge::Reference);
        let properties = &NumericProperty::ALL;
        let scope =
            Scope { facts: &facts, verdicts, outcomes: &outcomes, properties, values: &values, rounded: &rounded };
        let computed = scope_rows(&scope, 0, Some(0), &members);
        let named: Vec<&CorrelationRow> = rows.iter().filter(|r| r.benchmark == "b").collect();
        assert_eq!(named, computed.iter().collect::<Vec<_>>());
        assert_eq!(rows.len(), 2 * computed.len(), "pooled and per benchmark");
        assert!(rows[..computed.len()].iter().all(|r| r.benchmark == ALL_BENCHMARKS));
    }

    #[test]
    fn rho_intervals_come_from_the_rows_own_programs_once_per_scope() {
        let mut facts = tiny_facts();
        add_prediction(&mut facts, 0, 2, true);
        add_prediction(&mut facts, 0, 0, false);
        let outcomes = facts.outcomes(Judge::Reference);
        let mut rows = correlations(&facts, Judge::Reference, &outcomes, &NumericProperty::ALL);
        add_rho_intervals(&facts, &outcomes, &mut rows);
        let loc = |benchmark: &str, mode| {
            rows.iter()
                .find(|r| r.benchmark == benchmark && r.property == NumericProperty::Loc && r.mode == mode)
                .unwrap()
        };
        let pooled = loc(ALL_BENCHMARKS, CorrelationMode::PerProgram);
        assert_eq!(pooled.rho_ci95, loc("b", CorrelationMode::PerProgram).rho_ci95, "one benchmark: the same programs");
        let values = property_values(&facts, &NumericProperty::ALL);
        let loc_values = &values[NumericProperty::ALL.iter().position(|p| *p == NumericProperty::Loc).unwrap()];
        let (xs, shares): (Vec<f64>, Vec<f64>) =
            program_shares(&outcomes, loc_values).into_iter().map(|(x, share, _)| (x, share)).unzip();
        assert_eq!(pooled.rho_ci95, bootstrap::spearman_interval(&xs, &shares));
    }
}
