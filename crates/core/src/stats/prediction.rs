//! Success predicted from a program's properties, and judged where it would be used: on programs
//! and on benchmarks the fit never saw.
//!
//! The fit is explanatory item response theory (De Boeck & Wilson, 2004), on every model of a task
//! at once: `logit P(model m solves program i) = θ_m + Σ_k β_k x_ik`, θ_m the model's ability and
//! β what each property does to every model, with a ridge penalty on β. Then, for each model, its
//! own departures δ_m from β (`logit P = θ_m + Σ_k (β_k + δ_mk) x_ik`, β held fixed), under a
//! stronger penalty: what is hard for one model only is not averaged away by the others, and a
//! model with few answers keeps close to what holds for all. Each (model, program) is one point
//! with its share of correct samples, as in [`super::logistic`].
//!
//! - **New code**: five folds of programs (no program in both fit and test); for each model, the
//!   AUROC of the held-out probabilities against solved/not (Hanley–McNeil interval), the expected
//!   calibration error over ten bins and the bins themselves (a reliability plot); beside them two
//!   baselines: the model's success on the program's benchmark in the training folds (what its
//!   accuracy alone says), and the program's success among the *other* models (its difficulty, which
//!   no property reads off the code: the bound properties try to reach).
//! - **A new benchmark**: fitted without it (and without the benchmark as a feature), each model's
//!   expected success on it, with a 90% interval from how far the same forecast missed each of the
//!   other benchmarks (a benchmark-level error on the logit scale, Student's t over those benchmarks).
//!   A forecast reaches past the programs it was fitted on, where large effects extrapolate badly:
//!   its penalty is chosen from [`SHRINKS`] by those same misses on the other benchmarks (the one
//!   left out never among them), and beside it stands what the model's accuracy alone forecasts.

use super::divergence::auroc;
use super::logistic::{logistic, logit};
use super::wilson::Z_95;
use crate::extractors::Construct;
use crate::facts::{Facts, Outcome};
use crate::numeric::NumericProperty;
use crate::table::{BenchmarkIdx, ModelIdx, ProgramIdx, Task};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, StudentsT};
use std::collections::BTreeMap;

/// How well properties tell, for one model and task, which held-out programs it solves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Predictability {
    pub model: String,
    pub task: Task,
    /// Programs judged: those the model answered, or a seeded sample of 2,000 programs of the
    /// task when it has more (`answered` tells how many the model answered in all).
    pub programs: u64,
    /// Programs the model answered (each once).
    pub answered: u64,
    /// AUROC of the cross-validated probabilities (programs as groups).
    pub auroc: f64,
    pub auroc_ci95: [f64; 2],
    /// Expected calibration error: Σ over ten equal-width bins of (bin's share) · |predicted − observed|.
    pub ece: f64,
    pub reliability: Vec<ReliabilityBin>,
    /// AUROC of the model's success on the program's benchmark (training folds): its accuracy alone.
    pub baseline_auroc: Option<f64>,
    /// AUROC of the program's success among the other models: its difficulty, properties unused.
    pub other_models_auroc: Option<f64>,
}

/// One bin of a reliability plot: the mean predicted probability and the observed success of the
/// held-out programs whose probability fell in it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReliabilityBin {
    pub predicted: f64,
    pub observed: f64,
    pub programs: u64,
}

/// A model's success on a benchmark forecast by a fit that never saw the benchmark.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkForecast {
    pub model: String,
    pub task: Task,
    /// The benchmark left out.
    pub benchmark: String,
    pub programs: u64,
    /// Mean of the predicted probabilities over its programs.
    pub predicted: f64,
    pub predicted_ci90: [f64; 2],
    /// Mean share of correct samples over the same programs.
    pub real: f64,
    /// How far the forecast missed: real − predicted.
    pub error: f64,
    /// Whether the real success lies in the 90% interval.
    pub within: bool,
    /// The model's success on the benchmarks the fit saw: what its accuracy alone forecasts.
    pub accuracy_alone: f64,
    /// How many times the usual penalty the forecast's fit took (chosen on the other benchmarks).
    pub shrink: f64,
}

/// What a property does to a model's odds of success: β + δ_m per standard deviation of the
/// property's log (a construct, an output type: its presence), with an approximate 95% interval
/// from the penalised fits' curvature (β's and δ_m's variances added).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Coefficient {
    pub model: String,
    pub task: Task,
    pub feature: String,
    pub effect: f64,
    pub ci95: [f64; 2],
}

/// A program of a benchmark no model answered on the task (one being designed): a model's expected
/// success on it, from the fit on every program the task's models answered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExpectedSuccess {
    pub model: String,
    pub task: Task,
    pub benchmark: String,
    pub program: String,
    pub probability: f64,
}

/// A program no model answered, summed up over the models: the page's list of the hardest.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectedProgram {
    pub benchmark: String,
    pub program: String,
    /// The mean of the models' expected success, and the lowest and highest of them.
    pub mean: f64,
    pub range: [f64; 2],
}

/// Everything this module reports for a drop.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    pub predictability: Vec<Predictability>,
    pub benchmark_forecasts: Vec<BenchmarkForecast>,
    pub coefficients: Vec<Coefficient>,
    #[serde(default)]
    pub expected: Vec<ExpectedSuccess>,
}

impl Prediction {
    /// Adds another task's rows.
    pub fn extend(&mut self, other: Prediction) {
        self.predictability.extend(other.predictability);
        self.benchmark_forecasts.extend(other.benchmark_forecasts);
        self.coefficients.extend(other.coefficients);
        self.expected.extend(other.expected);
    }

    /// The rows of one task.
    pub fn of_task(&self, task: Task) -> Prediction {
        Prediction {
            predictability: self.predictability.iter().filter(|r| r.task == task).cloned().collect(),
            benchmark_forecasts: self.benchmark_forecasts.iter().filter(|r| r.task == task).cloned().collect(),
            coefficients: self.coefficients.iter().filter(|r| r.task == task).cloned().collect(),
            expected: self.expected.iter().filter(|r| r.task == task).cloned().collect(),
        }
    }
}

/// Folds of programs for cross-validation.
pub const FOLDS: usize = 5;
/// Ridge penalty on β (features are standardised), in units of the log-likelihood's sum.
const PENALTY: f64 = 16.0;
/// Ridge penalty on a model's own departures δ_m from β: they rest on one model's answers.
const OWN_PENALTY: f64 = 32.0;
/// A feature that holds for fewer programs (a construct, an output type) is left out.
const MIN_PROGRAMS: usize = 5;
/// A model and task are judged with at least this many answered programs, of both outcomes.
const MIN_ANSWERED: usize = 20;
const SEED: u64 = 0x5EED;
/// Fits cost programs × features² each (dozens of them): a task with more programs is judged on a
/// seeded random sample of this many, so that a million predictions stay seconds.
const MAX_PROGRAMS: usize = 2_000;
/// Multiples of the penalties tried for a forecast on a benchmark the fit did not see: from what
/// fits programs best to what hardly moves a model from its accuracy alone.
pub const SHRINKS: [f64; 5] = [1.0, 4.0, 16.0, 64.0, 256.0];
/// Each model's own departures cost one more fit per model: past this many models, the fit
/// shared by all models alone.
const MAX_OWN_FITS: usize = 40;
/// Bins of predicted success for the expected calibration error and the reliability plot.
pub const RELIABILITY_BINS: usize = 10;

/// Prediction of success for every task of `outcomes` (the facts' own).
pub fn prediction(facts: &Facts, outcomes: &[Outcome]) -> Prediction {
    let mut report = Prediction::default();
    let mut by_task: BTreeMap<Task, Vec<&Outcome>> = BTreeMap::new();
    for outcome in outcomes {
        by_task.entry(outcome.task).or_default().push(outcome);
    }
    for (task, rows) in by_task {
        let data = TaskData::of(facts, &rows);
        if data.programs.len() < FOLDS * 2 {
            continue;
        }
        let with_benchmark = Features::of(facts, &data.programs, true);
        report.predictability.extend(new_code(facts, task, &data, &with_benchmark));
        let without_benchmark = Features::of(facts, &data.programs, false);
        report.benchmark_forecasts.extend(new_benchmarks(facts, task, &data, &without_benchmark));
        if let Some(fitted) = Fitted::of(&data, &without_benchmark, &vec![true; data.programs.len()], 1.0) {
            report.coefficients.extend(coefficients(facts, task, &data, &without_benchmark, &fitted));
        }
        let unanswered = unanswered_benchmarks(facts, &rows);
        if !unanswered.is_empty() {
            report.expected.extend(expected(facts, task, &data, &unanswered));
        }
    }
    report
}

/// A task's answers: the programs answered and, per program, each model's share of success.
struct TaskData {
    programs: Vec<ProgramIdx>,
    benchmark: Vec<BenchmarkIdx>,
    answers: Vec<Vec<(ModelIdx, f64)>>,
    models: Vec<ModelIdx>,
    /// Per model (by slot), the programs it answered before any sampling.
    answered: Vec<u64>,
}

impl TaskData {
    fn of(facts: &Facts, rows: &[&Outcome]) -> TaskData {
        let mut by_program: BTreeMap<ProgramIdx, Vec<(ModelIdx, f64)>> = BTreeMap::new();
        for row in rows {
            by_program.entry(row.program).or_default().push((row.model, row.share()));
        }
        let mut models: Vec<ModelIdx> = rows.iter().map(|r| r.model).collect();
        models.sort_unstable();
        models.dedup();
        let mut answered = vec![0; models.len()];
        for answers in by_program.values() {
            let mut own: Vec<ModelIdx> = answers.iter().map(|(m, _)| *m).collect();
            own.sort_unstable();
            own.dedup();
            own.iter().for_each(|m| answered[models.binary_search(m).expect("a model of the task")] += 1);
        }
        let mut programs: Vec<(ProgramIdx, Vec<(ModelIdx, f64)>)> = by_program.into_iter().collect();
        if programs.len() > MAX_PROGRAMS {
            programs.sort_by_cached_key(|(p, _)| facts.stable_draw(*p, SEED));
            programs.truncate(MAX_PROGRAMS);
            programs.sort_unstable_by_key(|(p, _)| *p);
        }
        let (programs, answers): (Vec<_>, Vec<_>) = programs.into_iter().unzip();
        let benchmark = programs.iter().map(|&p| facts.programs[p as usize].benchmark).collect();
        TaskData { programs, benchmark, answers, models, answered }
    }

    /// The answers of one model (by slot), as the only model of the task.
    fn only(&self, slot: usize) -> TaskData {
        let model = self.models[slot];
        let answers = self.answers.iter().map(|a| a.iter().filter(|(m, _)| *m == model).copied().collect()).collect();
        TaskData {
            programs: self.programs.clone(),
            benchmark: self.benchmark.clone(),
            answers,
            models: vec![model],
            answered: vec![self.answered[slot]],
        }
    }

    /// The benchmarks of the task's programs, each once.
    fn benchmarks(&self) -> Vec<BenchmarkIdx> {
        let mut benchmarks = self.benchmark.clone();
        benchmarks.sort_unstable();
        benchmarks.dedup();
        benchmarks
    }

    fn slot(&self, model: ModelIdx) -> usize {
        self.models.binary_search(&model).expect("a model of the task")
    }
}

/// The design matrix: one standardised row per program of the task, and each column's name.
struct Features {
    names: Vec<String>,
    rows: Vec<Vec<f64>>,
}

impl Features {
    /// Each numeric property's log (but run time, which is the machine's) with a column saying
    /// it is missing where some programs lack it; each construct and output type held by at least
    /// `MIN_PROGRAMS` programs and not by all; the benchmark, when asked. Every column centred and
    /// scaled to unit variance, so one penalty fits all.
    fn of(facts: &Facts, programs: &[ProgramIdx], with_benchmark: bool) -> Features {
        let program = |i: &ProgramIdx| &facts.programs[*i as usize];
        let mut columns: Vec<(String, Vec<f64>)> = Vec::new();
        for property in NumericProperty::ALL.into_iter().filter(|&p| p != NumericProperty::RunTimeMs) {
            let values: Vec<Option<f64>> = programs.iter().map(|i| property.value(program(i))).collect();
            let known: Vec<f64> = values.iter().flatten().map(|v| v.max(0.0).ln_1p()).collect();
            if known.is_empty() {
                continue;
            }
            let mean = known.iter().sum::<f64>() / known.len() as f64;
            columns.push((
                property.name().to_owned(),
                values.iter().map(|v| v.map_or(mean, |v| v.max(0.0).ln_1p())).collect(),
            ));
            if known.len() < values.len() {
                columns.push((
                    format!("{} unknown", property.name()),
                    values.iter().map(|v| f64::from(v.is_none() as u8)).collect(),
                ));
            }
        }
        for construct in Construct::ALL {
            columns.push((
                construct.label().to_owned(),
                programs.iter().map(|i| indicator(program(i).constructs.has(construct))).collect(),
            ));
        }
        for (t, type_name) in facts.type_names.iter().enumerate() {
            let column = programs.iter().map(|i| indicator(program(i).output_type as usize == t)).collect();
            columns.push((format!("output type = {type_name}"), column));
        }
        if with_benchmark {
            for (b, name) in facts.benchmarks.iter().enumerate() {
                let column = programs.iter().map(|i| indicator(program(i).benchmark as usize == b)).collect();
                columns.push((format!("benchmark = {name}"), column));
            }
        }
        columns.retain(|(_, column)| {
            let held = column.iter().filter(|&&v| v != 0.0).count();
            held >= MIN_PROGRAMS.min(column.len()) && column.iter().any(|&v| v != column[0])
        });
        let mut rows = vec![Vec::with_capacity(columns.len()); programs.len()];
        let names = columns
            .into_iter()
            .map(|(name, column)| {
                let (mean, sd) = mean_sd(&column);
                for (row, v) in rows.iter_mut().zip(&column) {
                    row.push((v - mean) / sd);
                }
                name
            })
            .collect();
        Features { names, rows }
    }
}

fn indicator(holds: bool) -> f64 {
    f64::from(u8::from(holds))
}

fn mean_sd(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
    (mean, variance.sqrt().max(1e-12))
}

/// A fitted model: each model's ability (by its slot in the task), the features' effects, and the
/// inverse of the penalised information (for intervals).
struct Fit {
    ability: Vec<f64>,
    effects: Vec<f64>,
    covariance_diagonal: Vec<f64>,
}

impl Fit {
    /// The log-odds of success of the model in `slot` on a program with features `row`.
    fn log_odds(&self, slot: usize, row: &[f64]) -> f64 {
        self.ability[slot] + dot(&self.effects, row)
    }
}

/// The shared fit and each model's own (by slot; `None` where it did not converge or there are
/// too many models: the shared one alone then).
struct Fitted {
    shared: Fit,
    own: Vec<Option<Fit>>,
}

impl Fitted {
    /// Both stages on the programs `used` (by position in `data`), under `shrink` times the penalties.
    fn of(data: &TaskData, features: &Features, used: &[bool], shrink: f64) -> Option<Fitted> {
        let shared = fit(data, features, used, PENALTY * shrink, &|_, _| 0.0)?;
        let own = (0..data.models.len())
            .map(|slot| {
                if data.models.len() > MAX_OWN_FITS {
                    return None;
                }
                let offset = |i: usize, _| shared.log_odds(slot, &features.rows[i]);
                fit(&data.only(slot), features, used, OWN_PENALTY * shrink, &offset)
            })
            .collect();
        Some(Fitted { shared, own })
    }

    /// The probability that the model in `slot` solves program `i` (by position in `data`).
    fn probability(&self, slot: usize, i: usize, features: &Features) -> f64 {
        let row = &features.rows[i];
        let own = self.own[slot].as_ref().map_or(0.0, |fit| fit.log_odds(0, row));
        logistic(self.shared.log_odds(slot, row) + own)
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

const MAX_ITERATIONS: usize = 50;
const CONVERGED: f64 = 1e-8;

/// Penalised maximum likelihood by Newton–Raphson on the programs `used`, each answer's log-odds
/// `offset(program, slot)` plus the fitted ones. `None` when the information matrix is singular
/// (a model that answered none of them is held at ability 0).
fn fit(
    data: &TaskData,
    features: &Features,
    used: &[bool],
    penalty: f64,
    offset: &dyn Fn(usize, usize) -> f64,
) -> Option<Fit> {
    let (models, k) = (data.models.len(), features.names.len());
    let size = models + k;
    let mut theta = vec![0.0; size];
    for _ in 0..MAX_ITERATIONS {
        let mut gradient = vec![0.0; size];
        let mut information = vec![0.0; size * size];
        // (A program no model of the fit answered adds nothing: a model's own fit skips most.)
        for (i, answers) in data.answers.iter().enumerate().filter(|(i, a)| used[*i] && !a.is_empty()) {
            let row = &features.rows[i];
            let effect = dot(&theta[models..], row);
            let (mut residual_sum, mut weight_sum) = (0.0, 0.0);
            for &(model, share) in answers {
                let slot = data.slot(model);
                let p = logistic(offset(i, slot) + theta[slot] + effect);
                let (residual, weight) = (share - p, p * (1.0 - p));
                gradient[slot] += residual;
                information[slot * size + slot] += weight;
                for (j, x) in row.iter().enumerate() {
                    information[slot * size + models + j] += weight * x;
                }
                residual_sum += residual;
                weight_sum += weight;
            }
            for (j, xj) in row.iter().enumerate() {
                gradient[models + j] += residual_sum * xj;
                for (l, xl) in row.iter().enumerate().skip(j) {
                    information[(models + j) * size + models + l] += weight_sum * xj * xl;
                }
            }
        }
        for j in 0..k {
            gradient[models + j] -= penalty * theta[models + j];
            information[(models + j) * size + models + j] += penalty;
        }
        // A model with no answer among the programs used: keep its ability at 0.
        for slot in 0..models {
            if information[slot * size + slot] == 0.0 {
                information[slot * size + slot] = 1.0;
            }
        }
        mirror_upper(&mut information, size);
        let factor = cholesky(&information, size)?;
        let step = solve(&factor, size, &gradient);
        for (t, s) in theta.iter_mut().zip(&step) {
            *t += s;
        }
        if step.iter().all(|s| s.abs() < CONVERGED) {
            let covariance_diagonal = (models..size)
                .map(|j| {
                    let mut unit = vec![0.0; size];
                    unit[j] = 1.0;
                    solve(&factor, size, &unit)[j]
                })
                .collect();
            return Some(Fit {
                ability: theta[..models].to_vec(),
                effects: theta[models..].to_vec(),
                covariance_diagonal,
            });
        }
    }
    None
}

/// Copies the upper triangle of a row-major square matrix onto its lower one.
fn mirror_upper(matrix: &mut [f64], size: usize) {
    for r in 0..size {
        for c in 0..r {
            matrix[r * size + c] = matrix[c * size + r];
        }
    }
}

/// The lower Cholesky factor of a symmetric positive definite matrix (row-major); `None` when it
/// is not positive definite. The system is small (models plus features): no linear algebra crate
/// is worth its size in the browser's bundle for it.
fn cholesky(matrix: &[f64], size: usize) -> Option<Vec<f64>> {
    let mut lower = vec![0.0; size * size];
    for r in 0..size {
        for c in 0..=r {
            let sum: f64 = (0..c).map(|k| lower[r * size + k] * lower[c * size + k]).sum();
            if r == c {
                let pivot = matrix[r * size + r] - sum;
                if pivot <= 1e-12 || !pivot.is_finite() {
                    return None;
                }
                lower[r * size + r] = pivot.sqrt();
            } else {
                lower[r * size + c] = (matrix[r * size + c] - sum) / lower[c * size + c];
            }
        }
    }
    Some(lower)
}

/// Solves `L Lᵀ x = b` for the factor `L` of [`cholesky`].
fn solve(lower: &[f64], size: usize, b: &[f64]) -> Vec<f64> {
    let mut y = vec![0.0; size];
    for r in 0..size {
        let sum: f64 = (0..r).map(|k| lower[r * size + k] * y[k]).sum();
        y[r] = (b[r] - sum) / lower[r * size + r];
    }
    let mut x = vec![0.0; size];
    for r in (0..size).rev() {
        let sum: f64 = (r + 1..size).map(|k| lower[k * size + r] * x[k]).sum();
        x[r] = (y[r] - sum) / lower[r * size + r];
    }
    x
}

/// Each program's fold: programs dealt at random (seeded, whatever their order) into `FOLDS`
/// groups of equal size.
fn folds(facts: &Facts, data: &TaskData) -> Vec<usize> {
    let mut order: Vec<usize> = (0..data.programs.len()).collect();
    order.sort_by_cached_key(|&i| facts.stable_draw(data.programs[i], SEED));
    let mut fold = vec![0; data.programs.len()];
    for (position, &i) in order.iter().enumerate() {
        fold[i] = position % FOLDS;
    }
    fold
}

/// A held-out program a model answered: its share of success, the fit's probability, and the two
/// baselines' scores.
#[derive(Clone, Copy)]
struct Scored {
    share: f64,
    probability: f64,
    /// The model's success on the program's benchmark in the training folds.
    accuracy: f64,
    /// The program's success among the other models, if any answered it.
    others: Option<f64>,
}

fn new_code(facts: &Facts, task: Task, data: &TaskData, features: &Features) -> Vec<Predictability> {
    let fold = folds(facts, data);
    let mut scored: Vec<Vec<Scored>> = vec![Vec::new(); data.models.len()];
    for f in 0..FOLDS {
        let used: Vec<bool> = fold.iter().map(|&g| g != f).collect();
        let Some(fitted) = Fitted::of(data, features, &used, 1.0) else { continue };
        let accuracy = mean_share(data, &used, |slot, i| (slot, data.benchmark[i]));
        for (i, answers) in data.answers.iter().enumerate().filter(|(i, _)| !used[*i]) {
            for &(model, share) in answers {
                let slot = data.slot(model);
                let others: Vec<f64> = answers.iter().filter(|a| a.0 != model).map(|a| a.1).collect();
                scored[slot].push(Scored {
                    share,
                    probability: fitted.probability(slot, i, features),
                    accuracy: accuracy.get(&(slot, data.benchmark[i])).copied().unwrap_or(0.5),
                    others: (!others.is_empty()).then(|| others.iter().sum::<f64>() / others.len() as f64),
                });
            }
        }
    }
    data.models
        .iter()
        .zip(&data.answered)
        .zip(scored)
        .filter_map(|((&model, &answered), rows)| judged(facts.models[model as usize].clone(), task, answered, &rows))
        .collect()
}

/// The programs of the benchmarks no model answered on the task (a benchmark being designed):
/// a program some models skipped in a benchmark they answered is not new code.
fn unanswered_benchmarks(facts: &Facts, rows: &[&Outcome]) -> Vec<ProgramIdx> {
    let mut answered = vec![false; facts.benchmarks.len()];
    for row in rows {
        answered[facts.programs[row.program as usize].benchmark as usize] = true;
    }
    (0..facts.programs.len())
        .filter(|&p| !answered[facts.programs[p].benchmark as usize])
        .map(|p| p as ProgramIdx)
        .collect()
}

/// Each model's expected success on each program of a benchmark no model answered: the fit (without the
/// benchmark, which the new programs' is not among) on the answered programs, with the new ones
/// among the programs its columns are standardised over. Each is a program's probability, under
/// the penalty judged on programs held out (not a benchmark's mean, shrunk as a forecast's).
fn expected(facts: &Facts, task: Task, data: &TaskData, unanswered: &[ProgramIdx]) -> Vec<ExpectedSuccess> {
    let programs: Vec<ProgramIdx> = data.programs.iter().chain(unanswered).copied().collect();
    let features = Features::of(facts, &programs, false);
    let mut answers = data.answers.clone();
    answers.resize(programs.len(), Vec::new());
    let benchmark = programs.iter().map(|&p| facts.programs[p as usize].benchmark).collect();
    let all = TaskData { programs, benchmark, answers, models: data.models.clone(), answered: data.answered.clone() };
    let Some(fitted) = Fitted::of(&all, &features, &vec![true; all.programs.len()], 1.0) else { return Vec::new() };
    let mut rows = Vec::with_capacity(unanswered.len() * data.models.len());
    for (k, &program) in unanswered.iter().enumerate() {
        let i = data.programs.len() + k;
        let about = &facts.programs[program as usize];
        for (slot, &model) in data.models.iter().enumerate() {
            rows.push(ExpectedSuccess {
                model: facts.models[model as usize].clone(),
                task,
                benchmark: facts.benchmarks[about.benchmark as usize].clone(),
                program: about.id.clone(),
                probability: fitted.probability(slot, i, &features),
            });
        }
    }
    rows
}

/// The programs of `task`'s unanswered benchmarks, hardest first (lowest mean expected success).
pub fn hardest_expected(expected: &[ExpectedSuccess], task: Task) -> Vec<ExpectedProgram> {
    let mut by_program: BTreeMap<(&str, &str), Vec<f64>> = BTreeMap::new();
    for row in expected.iter().filter(|e| e.task == task) {
        by_program.entry((&row.benchmark, &row.program)).or_default().push(row.probability);
    }
    let mut programs: Vec<ExpectedProgram> = by_program
        .into_iter()
        .map(|((benchmark, program), p)| ExpectedProgram {
            benchmark: benchmark.to_owned(),
            program: program.to_owned(),
            mean: p.iter().sum::<f64>() / p.len() as f64,
            range: [
                p.iter().copied().fold(f64::INFINITY, f64::min),
                p.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            ],
        })
        .collect();
    programs.sort_by(|a, b| a.mean.total_cmp(&b.mean));
    programs
}

/// The mean share of success over the programs `used`, per `key(model's slot, program's position)`:
/// a model's accuracy alone, per benchmark or over all.
fn mean_share<K: Ord>(data: &TaskData, used: &[bool], key: impl Fn(usize, usize) -> K) -> BTreeMap<K, f64> {
    let mut sums: BTreeMap<K, (f64, f64)> = BTreeMap::new();
    for (i, answers) in data.answers.iter().enumerate().filter(|(i, _)| used[*i]) {
        for &(model, share) in answers {
            let entry = sums.entry(key(data.slot(model), i)).or_default();
            entry.0 += share;
            entry.1 += 1.0;
        }
    }
    sums.into_iter().map(|(key, (sum, n))| (key, sum / n)).collect()
}

/// One model's row, when it answered enough programs of both outcomes.
fn judged(model: String, task: Task, answered: u64, rows: &[Scored]) -> Option<Predictability> {
    let solved = |share: f64| share > 0.5;
    let split = |score: &dyn Fn(&Scored) -> Option<f64>| {
        let (mut right, mut wrong) = (Vec::new(), Vec::new());
        for row in rows {
            if let Some(s) = score(row) {
                if solved(row.share) {
                    right.push(s)
                } else {
                    wrong.push(s)
                }
            }
        }
        (right, wrong)
    };
    let (right, wrong) = split(&|r| Some(r.probability));
    if rows.len() < MIN_ANSWERED || right.is_empty() || wrong.is_empty() {
        return None;
    }
    let (auroc_value, auroc_ci95) = auroc(&right, &wrong)?;
    let area = |score: &dyn Fn(&Scored) -> Option<f64>| {
        let (right, wrong) = split(score);
        auroc(&right, &wrong).map(|(a, _)| a)
    };
    let reliability = reliability(rows.iter().map(|r| (r.probability, r.share)));
    let ece = reliability.iter().map(|b| b.programs as f64 * (b.predicted - b.observed).abs()).sum::<f64>()
        / rows.len() as f64;
    Some(Predictability {
        model,
        task,
        programs: rows.len() as u64,
        answered,
        auroc: auroc_value,
        auroc_ci95,
        ece,
        reliability,
        baseline_auroc: area(&|r| Some(r.accuracy)),
        other_models_auroc: area(&|r| r.others),
    })
}

/// The non-empty bins of ten equal-width bins of probability, each with its programs' mean
/// probability and mean observed share.
fn reliability(points: impl Iterator<Item = (f64, f64)>) -> Vec<ReliabilityBin> {
    let mut bins = vec![(0.0, 0.0, 0_u64); RELIABILITY_BINS];
    for (probability, share) in points {
        let bin = ((probability * RELIABILITY_BINS as f64) as usize).min(RELIABILITY_BINS - 1);
        bins[bin].0 += probability;
        bins[bin].1 += share;
        bins[bin].2 += 1;
    }
    bins.into_iter()
        .filter(|b| b.2 > 0)
        .map(|(p, s, n)| ReliabilityBin { predicted: p / n as f64, observed: s / n as f64, programs: n })
        .collect()
}

/// Benchmarks left out one at a time, for every model that answered them.
fn new_benchmarks(facts: &Facts, task: Task, data: &TaskData, features: &Features) -> Vec<BenchmarkForecast> {
    let benchmarks = data.benchmarks();
    // A benchmark-level error needs at least two other benchmarks to be measured on.
    if benchmarks.len() < 3 {
        return Vec::new();
    }
    let pairs = PairForecasts::of(data, features, &benchmarks);
    let mut forecasts = Vec::new();
    for &left_out in &benchmarks {
        let Some((shrink, misses)) = pairs.chosen_shrink(left_out, &benchmarks) else { continue };
        let Some(point) = forecast(data, features, &[left_out], shrink) else { continue };
        let Some(spread) = error_spread(&misses, benchmarks.len() - 1) else { continue };
        let seen: Vec<bool> = data.benchmark.iter().map(|&b| b != left_out).collect();
        let accuracy = mean_share(data, &seen, |slot, _| slot);
        for Forecast { benchmark, slot, predicted, real, programs } in
            point.into_iter().filter(|row| row.benchmark == left_out)
        {
            let center = logit(predicted);
            let predicted_ci90 = [logistic(center - spread), logistic(center + spread)];
            forecasts.push(BenchmarkForecast {
                model: facts.models[data.models[slot] as usize].clone(),
                task,
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                programs,
                predicted,
                predicted_ci90,
                real,
                error: real - predicted,
                within: predicted_ci90[0] <= real && real <= predicted_ci90[1],
                accuracy_alone: accuracy.get(&slot).copied().unwrap_or(0.5),
                shrink,
            });
        }
    }
    forecasts
}

/// Every pair of benchmarks left out together, under each multiple of [`SHRINKS`]: one fit serves
/// the forecast of each benchmark of the pair while the other is the one left out.
struct PairForecasts(BTreeMap<(BenchmarkIdx, BenchmarkIdx, usize), Vec<Forecast>>);

impl PairForecasts {
    fn of(data: &TaskData, features: &Features, benchmarks: &[BenchmarkIdx]) -> PairForecasts {
        let fits: Vec<(BenchmarkIdx, BenchmarkIdx, usize)> = (benchmarks.iter().enumerate())
            .flat_map(|(i, &a)| benchmarks[i + 1..].iter().map(move |&b| (a, b)))
            .flat_map(|(a, b)| (0..SHRINKS.len()).map(move |s| (a, b, s)))
            .collect();
        // Each fit on a core of its own (rayon; one thread in the browser).
        PairForecasts(
            fits.into_par_iter()
                .filter_map(|(a, b, s)| forecast(data, features, &[a, b], SHRINKS[s]).map(|rows| ((a, b, s), rows)))
                .collect(),
        )
    }

    /// For a forecast of `left_out`, the multiple of the penalties whose forecasts of each other
    /// benchmark (fitted without it and `left_out`) missed least, by the root mean square on the
    /// logit scale, with those misses. `None` when no other benchmark could be forecast.
    fn chosen_shrink(&self, left_out: BenchmarkIdx, benchmarks: &[BenchmarkIdx]) -> Option<(f64, Vec<f64>)> {
        let misses_under = |s: usize| -> Vec<f64> {
            (benchmarks.iter().filter(|&&b| b != left_out))
                .filter_map(|&b| self.0.get(&(left_out.min(b), left_out.max(b), s)))
                .flatten()
                .filter(|row| row.benchmark != left_out)
                .map(|row| logit(row.real) - logit(row.predicted))
                .collect()
        };
        let rms = |misses: &[f64]| (misses.iter().map(|m| m * m).sum::<f64>() / misses.len() as f64).sqrt();
        (0..SHRINKS.len())
            .map(|s| (SHRINKS[s], misses_under(s)))
            .filter(|(_, misses)| !misses.is_empty())
            .min_by(|a, b| rms(&a.1).total_cmp(&rms(&b.1)))
    }
}

/// Half the width of the 90% interval on the logit scale: the root mean square of the misses
/// (on benchmarks the fit did not see) times Student's t with one degree of freedom fewer than
/// the benchmarks they come from (a benchmark's misses move together).
fn error_spread(misses: &[f64], benchmarks: usize) -> Option<f64> {
    if misses.is_empty() || benchmarks < 2 {
        return None;
    }
    let rms = (misses.iter().map(|m| m * m).sum::<f64>() / misses.len() as f64).sqrt();
    let t = StudentsT::new(0.0, 1.0, (benchmarks - 1) as f64).ok()?.inverse_cdf(0.95);
    Some(rms * t)
}

/// A model's (by slot) mean predicted and real success on a benchmark's programs it answered.
struct Forecast {
    benchmark: BenchmarkIdx,
    slot: usize,
    predicted: f64,
    real: f64,
    programs: u64,
}

/// Fitted without the benchmarks `left_out` (under `shrink` times the penalties), the forecast for
/// every model on each of them.
fn forecast(data: &TaskData, features: &Features, left_out: &[BenchmarkIdx], shrink: f64) -> Option<Vec<Forecast>> {
    let used: Vec<bool> = data.benchmark.iter().map(|b| !left_out.contains(b)).collect();
    let fitted = Fitted::of(data, features, &used, shrink)?;
    let mut sums: BTreeMap<(BenchmarkIdx, usize), (f64, f64, u64)> = BTreeMap::new();
    for (i, answers) in data.answers.iter().enumerate().filter(|(i, _)| !used[*i]) {
        for &(model, share) in answers {
            let slot = data.slot(model);
            let entry = sums.entry((data.benchmark[i], slot)).or_default();
            entry.0 += fitted.probability(slot, i, features);
            entry.1 += share;
            entry.2 += 1;
        }
    }
    Some(
        sums.into_iter()
            .filter(|(_, (_, _, n))| *n as usize >= MIN_ANSWERED)
            .map(|((benchmark, slot), (p, s, n))| Forecast {
                benchmark,
                slot,
                predicted: p / n as f64,
                real: s / n as f64,
                programs: n,
            })
            .collect(),
    )
}

fn coefficients(facts: &Facts, task: Task, data: &TaskData, features: &Features, fitted: &Fitted) -> Vec<Coefficient> {
    let shared = &fitted.shared;
    let mut rows = Vec::new();
    for (slot, own) in fitted.own.iter().enumerate() {
        for (k, name) in features.names.iter().enumerate() {
            let (departure, variance) =
                own.as_ref().map_or((0.0, 0.0), |own| (own.effects[k], own.covariance_diagonal[k]));
            let effect = shared.effects[k] + departure;
            let half = Z_95 * (shared.covariance_diagonal[k] + variance).sqrt();
            rows.push(Coefficient {
                model: facts.models[data.models[slot] as usize].clone(),
                task,
                feature: name.clone(),
                effect,
                ci95: [effect - half, effect + half],
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges::Judge;
    use crate::stats::slices::tests::{reversed, synthetic};

    /// The synthetic drop of the slice finder's tests, its programs dealt over four benchmarks.
    fn four_benchmarks(seed: u64, planted: f64) -> Facts {
        let mut facts = synthetic(seed, planted);
        facts.benchmarks = ["w", "x", "y", "z"].map(String::from).to_vec();
        for (i, program) in facts.programs.iter_mut().enumerate() {
            program.benchmark = (i % 4) as BenchmarkIdx;
        }
        facts
    }

    fn predicted(facts: &Facts) -> Prediction {
        prediction(facts, &facts.outcomes(Judge::Reference))
    }

    /// The page and the command line read files in different orders: folds must not follow it.
    #[test]
    fn the_numbers_do_not_depend_on_the_order_programs_were_read_in() {
        let facts = four_benchmarks(3, 0.2);
        let (forward, backward) = (predicted(&facts), predicted(&reversed(&facts)));
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert_eq!(forward.predictability.len(), 2);
        for (a, b) in forward.predictability.iter().zip(&backward.predictability) {
            assert!(close(a.auroc, b.auroc) && close(a.ece, b.ece), "{a:?} {b:?}");
            assert!(close(a.baseline_auroc.unwrap(), b.baseline_auroc.unwrap()), "{a:?} {b:?}");
        }
        for (a, b) in forward.benchmark_forecasts.iter().zip(&backward.benchmark_forecasts) {
            assert!(close(a.predicted, b.predicted) && close(a.predicted_ci90[0], b.predicted_ci90[0]), "{a:?} {b:?}");
        }
    }

    /// Past 2,000 programs a task is judged on a sample: each model's row says of how many.
    #[test]
    fn a_sample_says_how_many_programs_were_answered() {
        let mut facts = synthetic(1, 0.2);
        let mut outcomes = facts.outcomes(Judge::Reference);
        let originals = facts.programs.len();
        for copy in 1..3 {
            for i in 0..originals {
                let mut program = facts.programs[i].clone();
                program.id = format!("{}-{copy}", program.id);
                facts.programs.push(program);
            }
            let shifted = |o: &Outcome| Outcome { program: o.program + (copy * originals) as ProgramIdx, ..*o };
            outcomes.extend(outcomes[..2 * originals].iter().map(shifted).collect::<Vec<_>>());
        }
        // Model b leaves the last copy's first hundred programs unanswered.
        let skipped =
            |o: &Outcome| o.model == 1 && (2 * originals..2 * originals + 100).contains(&(o.program as usize));
        outcomes.retain(|o| !skipped(o));
        let report = prediction(&facts, &outcomes);
        let [a, b] = &report.predictability[..] else { panic!("{:?}", report.predictability) };
        assert_eq!((a.programs, a.answered, b.answered), (MAX_PROGRAMS as u64, 2400, 2300));
        assert!(b.programs < MAX_PROGRAMS as u64 && b.programs > 1900, "{b:?}");
    }

    /// Programs no model answered get each model's expected success, lower where they are hard.
    #[test]
    fn programs_no_model_answered_are_expected_to_be_hard_where_the_answered_ones_were() {
        let facts = four_benchmarks(1, 0.2);
        // Benchmark w (every fourth program) unanswered; model a fails the long nested loops (the
        // first 150).
        let all = facts.outcomes(Judge::Reference);
        let kept: Vec<Outcome> = all.iter().filter(|o| o.program % 4 != 0).copied().collect();
        let report = prediction(&facts, &kept);
        assert_eq!(report.expected.len(), 200 * 2);
        assert!(report.expected.iter().all(|e| (0.0..=1.0).contains(&e.probability) && e.task == Task::Output));
        assert!(report.expected.iter().all(|e| e.program.parse::<usize>().unwrap() % 4 == 0 && e.benchmark == "w"));
        let mean = |hard: bool| {
            let rows: Vec<f64> = (report.expected.iter())
                .filter(|e| e.model == "a" && (e.program.parse::<usize>().unwrap() < 150) == hard)
                .map(|e| e.probability)
                .collect();
            rows.iter().sum::<f64>() / rows.len() as f64
        };
        assert!(mean(true) + 0.2 < mean(false), "{} {}", mean(true), mean(false));
        let hardest = hardest_expected(&report.expected, Task::Output);
        assert_eq!(hardest.len(), 200);
        assert!(hardest.windows(2).all(|w| w[0].mean <= w[1].mean));
        assert!(hardest.iter().all(|p| p.range[0] <= p.mean && p.mean <= p.range[1]));
        // A drop whose every benchmark was answered expects nothing, also where models skipped
        // programs.
        assert!(prediction(&facts, &all).expected.is_empty());
        let skipped: Vec<Outcome> = all.iter().filter(|o| o.program % 4 != 0 || o.program < 400).copied().collect();
        assert!(prediction(&facts, &skipped).expected.is_empty());
    }

    #[test]
    fn what_makes_programs_hard_predicts_success_on_programs_left_out() {
        // Model a solves 20% of the nested loops longer than 10 and 70% of the rest; b 70% of all.
        let report = predicted(&four_benchmarks(1, 0.2));
        let [a, b] = &report.predictability[..] else { panic!("{:?}", report.predictability) };
        assert_eq!((a.model.as_str(), a.programs, b.programs, a.answered), ("a", 800, 800, 800));
        // Knowing which programs are hard, the best AUROC is 0.66.
        assert!(a.auroc > 0.6 && a.auroc_ci95[0] > 0.55, "{a:?}");
        assert!(a.auroc_ci95[0] <= a.auroc && a.auroc <= a.auroc_ci95[1]);
        // Probabilities near the observed success: small calibration error, bins that add up.
        assert!(a.ece < 0.08, "{a:?}");
        assert_eq!(a.reliability.iter().map(|bin| bin.programs).sum::<u64>(), 800);
        // One benchmark's success is as good a guess as another's: the baseline is near chance;
        // the other model's verdicts do not know what is hard for a.
        assert!(a.baseline_auroc.unwrap() < 0.6 && a.other_models_auroc.unwrap() < 0.6, "{a:?}");
        // The slice's two properties are what makes programs hard for a, not for b.
        let coefficient = |model: &str, feature: &str| {
            report.coefficients.iter().find(|c| c.model == model && c.feature == feature).unwrap()
        };
        assert!(coefficient("a", "nested loop").ci95[1] < 0.0, "{:?}", report.coefficients);
        // (Its interval is wide: the executed lines, three per iteration, say much the same.)
        assert!(coefficient("a", "loop_length").effect < 0.0, "{:?}", report.coefficients);
        for [low, high] in [coefficient("a", "slicing").ci95, coefficient("b", "nested loop").ci95] {
            assert!(low < 0.0 && high > 0.0, "{:?}", report.coefficients);
        }
    }

    #[test]
    fn success_that_properties_do_not_drive_is_not_predicted() {
        // b's verdicts are drawn at 70% whatever the program: its held-out AUROC is chance on
        // average over drops (one drop's may stray, as noise fitted does on new programs).
        let b: Vec<f64> = (1..=6).map(|seed| predicted(&four_benchmarks(seed, 0.2)).predictability[1].auroc).collect();
        let mean = b.iter().sum::<f64>() / b.len() as f64;
        assert!((0.45..0.55).contains(&mean), "{b:?}");
    }

    #[test]
    fn a_benchmark_left_out_is_forecast_within_its_interval() {
        let report = predicted(&four_benchmarks(2, 0.2));
        // Four benchmarks × two models, each forecast by a fit on the other three.
        assert_eq!(report.benchmark_forecasts.len(), 8);
        for forecast in &report.benchmark_forecasts {
            let [low, high] = forecast.predicted_ci90;
            assert!(low <= forecast.real && forecast.real <= high && forecast.within, "{forecast:?}");
            assert_eq!(forecast.error, forecast.real - forecast.predicted);
            assert!(low < forecast.predicted && forecast.predicted < high);
            assert!((forecast.predicted - forecast.real).abs() < 0.08, "{forecast:?}");
            assert_eq!(forecast.programs, 200);
        }
    }

    /// A forecast's penalty and interval come from the other benchmarks only: the one left out may
    /// turn every verdict over, and its forecast stays what it was (its real success does not).
    #[test]
    fn a_benchmark_left_out_takes_no_part_in_its_own_forecast() {
        let facts = four_benchmarks(2, 0.2);
        let outcomes = facts.outcomes(Judge::Reference);
        let turned: Vec<Outcome> = (outcomes.iter())
            .map(|o| if o.program % 4 == 0 { Outcome { correct: o.samples - o.correct, ..*o } } else { *o })
            .collect();
        let of_w = |outcomes: &[Outcome]| -> Vec<BenchmarkForecast> {
            prediction(&facts, outcomes).benchmark_forecasts.into_iter().filter(|f| f.benchmark == "w").collect()
        };
        let (before, after) = (of_w(&outcomes), of_w(&turned));
        assert_eq!(before.len(), 2);
        for (a, b) in before.iter().zip(&after) {
            assert_eq!(
                (a.predicted, a.predicted_ci90, a.shrink, a.accuracy_alone),
                (b.predicted, b.predicted_ci90, b.shrink, b.accuracy_alone)
            );
            assert!(SHRINKS.contains(&a.shrink));
            assert!((a.real + b.real - 1.0).abs() < 1e-12, "{a:?} {b:?}");
            // Its accuracy alone: the model's success on x, y and z.
            let model = facts.models.iter().position(|m| *m == a.model).unwrap() as ModelIdx;
            let others: Vec<f64> =
                outcomes.iter().filter(|o| o.model == model && o.program % 4 != 0).map(Outcome::share).collect();
            assert!((a.accuracy_alone - others.iter().sum::<f64>() / others.len() as f64).abs() < 1e-12);
        }
    }

    #[test]
    fn fewer_than_three_benchmarks_give_no_forecast() {
        let report = predicted(&synthetic(3, 0.2));
        assert!(report.benchmark_forecasts.is_empty());
        assert_eq!(report.predictability.len(), 2);
    }

    #[test]
    fn reliability_bins_hold_their_points() {
        let bins = reliability([(0.05, 0.0), (0.15, 1.0), (0.12, 0.0), (0.95, 1.0), (1.0, 1.0)].into_iter());
        let summary: Vec<(f64, f64, u64)> = bins.iter().map(|b| (b.predicted, b.observed, b.programs)).collect();
        assert_eq!(summary, [(0.05, 0.0, 1), (0.135, 0.5, 2), (0.975, 1.0, 2)]);
    }

    #[test]
    fn cholesky_solves_a_positive_definite_system() {
        let matrix = [4.0, 2.0, 0.6, 2.0, 5.0, 1.0, 0.6, 1.0, 3.0];
        let x = solve(&cholesky(&matrix, 3).unwrap(), 3, &[1.0, 2.0, 3.0]);
        for (r, b) in [1.0, 2.0, 3.0].iter().enumerate() {
            assert!((dot(&matrix[r * 3..r * 3 + 3], &x) - b).abs() < 1e-12);
        }
        assert!(cholesky(&[1.0, 2.0, 2.0, 1.0], 2).is_none(), "not positive definite");
    }
}
