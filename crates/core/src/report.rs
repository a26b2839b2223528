//! The JSON report of `exerscope analyze`: runs, construct rates, types, effects, agreements,
//! correlations, every program's properties and the file errors, for one judge. [`Report`] is one
//! task's (the app builds it for the task shown); [`TaskedReport`] keeps tasks apart for a drop
//! that holds several (CRUXEval's input and output prediction): statistics never pool tasks.

use crate::diagnostics::FileError;
use crate::dynamic::{unexpected_runs, DynamicProperties, UnexpectedRun};
use crate::extractors::Metrics;
use crate::facts::{Facts, Outcome};
use crate::flavors::Flavor;
use crate::judges::Judge;
use crate::numeric::NumericProperty;
use crate::stats::agreement::{model_agreements, ModelAgreement};
use crate::stats::comparison::{compare, Comparison};
use crate::stats::construct_effect::{construct_effects, ConstructEffect};
use crate::stats::divergence::{coherence, Reasoning};
use crate::stats::leaderboard::{add_paired_places, leaderboard, Standing};
use crate::stats::numeric::{self, correlations, CorrelationRow};
use crate::stats::prediction::{prediction, Prediction};
use crate::stats::profile::{profile, Profile};
use crate::stats::slices::{replication, slices, Replication, Slice, REPLICATION_SEED};
use crate::stats::variants::{variant_pairs, VariantPair};
use crate::stats::{
    attribute_summaries, construct_summaries, run_summaries, type_summaries, AttributeSummary, ConstructSummary,
    RunSummary, TypeSummary,
};
use crate::table::{Language, Task};
use crate::types::ReferenceType;
use crate::units::units;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeSet;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub judge: Judge,
    pub runs: Vec<RunSummary>,
    /// Per task, the models ranked on each benchmark and pooled, with the ranks their intervals allow.
    #[serde(default)]
    pub leaderboard: Vec<Standing>,
    /// The runs broken down by what the benchmark says of its programs (RE2-Bench's source and
    /// difficulty); empty for benchmarks that say nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<AttributeSummary>,
    pub constructs: Vec<ConstructSummary>,
    pub types: Vec<TypeSummary>,
    pub construct_effects: Vec<ConstructEffect>,
    pub agreements: Vec<ModelAgreement>,
    /// The pairs of `agreements` where one model is a variant of the other (reasoning and base,
    /// a prompt setting and the default), seen from the variant.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<VariantPair>,
    pub correlations: Vec<CorrelationRow>,
    /// Per model and task, the property combinations where its success falls beyond chance.
    #[serde(default)]
    pub slices: Vec<Slice>,
    /// Per model and task, how many slices found on a random half of its programs hold on the other.
    #[serde(default)]
    pub slice_replication: Vec<Replication>,
    /// The pairs of models asked to be compared side by side, per task.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comparisons: Vec<Comparison>,
    /// Success predicted from the properties, judged on programs and benchmarks left out.
    #[serde(flatten)]
    pub prediction: Prediction,
    /// Intermediate answers (loop states, branch decisions) against their runs.
    #[serde(flatten)]
    pub reasoning: Reasoning,
    pub programs: Vec<ProgramReport>,
    /// Runs on a benchmark's own inputs that did not give its expected output.
    pub unexpected_runs: Vec<UnexpectedRun>,
    /// What the benchmarks' programs are, answered or not, beside CRUXEval's.
    #[serde(default, skip_serializing_if = "Profile::is_empty")]
    pub profile: Profile,
    pub errors: Vec<FileError>,
}

impl Report {
    pub fn build(facts: &Facts, judge: Judge) -> Report {
        let mut report = Report::statistics(facts, judge, &facts.outcomes(judge), &Asked::everything());
        report.reasoning.coherence = coherence(facts, judge, None);
        Report { programs: program_reports(facts), ..report }
    }

    /// The report with every program's row: those of `facts` (what a report without them, as
    /// [`ScopedReport`]'s, leaves to whoever holds the facts).
    pub fn with_programs(&self, facts: &Facts) -> Report {
        Report { programs: program_reports(facts), ..self.clone() }
    }

    /// Everything but the programs' rows, which depend on the facts alone; of the statistics
    /// beyond the runs, those `asked` (the other parts are left empty). `outcomes` are the facts'
    /// own for `judge`.
    fn statistics(facts: &Facts, judge: Judge, outcomes: &[Outcome], asked: &Asked) -> Report {
        let statistics = Statistics::of(facts, judge, outcomes, asked);
        let runs = run_summaries(facts, outcomes);
        let mut standings = leaderboard(&runs);
        // With several tasks the pairs are counted over (program, task): no task's board.
        if facts.tasks().len() == 1 {
            add_paired_places(&mut standings, &statistics.agreements);
        }
        let agreements = if asked.parts.contains(&Part::Agreements) {
            let compared = asked.compared.as_deref();
            statistics.agreements.into_iter().filter(|a| compared.is_none_or(|c| a.benchmark == c)).collect()
        } else {
            Vec::new()
        };
        Report {
            judge,
            leaderboard: standings,
            runs,
            groups: attribute_summaries(facts, outcomes),
            constructs: statistics.constructs,
            types: statistics.types,
            construct_effects: statistics.construct_effects,
            variants: variant_pairs(&agreements),
            agreements,
            correlations: statistics.correlations,
            slices: statistics.slices,
            slice_replication: statistics.slice_replication,
            comparisons: Vec::new(),
            prediction: statistics.prediction,
            reasoning: statistics.reasoning,
            programs: Vec::new(),
            unexpected_runs: unexpected_runs(facts),
            profile: if asked.parts.contains(&Part::Profile) { profile(facts) } else { Profile::default() },
            errors: facts.errors.clone(),
        }
    }
}

impl Report {
    /// Each model's success over all its benchmarks: pass@1 pooled over its programs (each
    /// program counts once), for ordering and picking models; in the order of the runs.
    pub fn model_rates(&self) -> Vec<(String, Option<f64>)> {
        model_rates(&self.runs)
    }
}

fn model_rates(runs: &[RunSummary]) -> Vec<(String, Option<f64>)> {
    let mut rates: Vec<(String, f64, u64)> = Vec::new();
    for run in runs {
        let Some(rate) = run.pass_at_1 else { continue };
        match rates.iter_mut().find(|(model, ..)| *model == run.model) {
            Some((_, sum, programs)) => {
                *sum += rate * run.programs as f64;
                *programs += run.programs;
            }
            None => rates.push((run.model.clone(), rate * run.programs as f64, run.programs)),
        }
    }
    rates.into_iter().map(|(model, sum, programs)| (model, (programs > 0).then(|| sum / programs as f64))).collect()
}

units! {
    /// The statistics of a report beyond its runs: a view asks for those it shows (at a million
    /// predictions all of them take the worker seconds, and their JSON the page a second).
    pub enum Part {
        Constructs => "constructs", "success per construct";
        Types => "types", "success per value type";
        ConstructEffects => "construct_effects", "construct effects";
        Agreements => "agreements", "model agreement";
        Correlations => "correlations", "correlations with properties";
        Divergences => "divergences", "intermediate answers against their runs";
        Slices => "slices", "property combinations where a model fails";
        Prediction => "prediction", "success predicted from properties";
        Profile => "profile", "the programs' profile beside CRUXEval's";
    }
}

impl Part {
    /// Every part: a whole report.
    pub fn every() -> BTreeSet<Part> {
        Part::ALL.into_iter().collect()
    }

    /// Whether the part counts what parsing gives the programs (constructs, metrics): it waits
    /// while the facts are `parsing`.
    pub fn needs_parsing(self) -> bool {
        matches!(
            self,
            Part::Constructs
                | Part::ConstructEffects
                | Part::Correlations
                | Part::Slices
                | Part::Prediction
                | Part::Profile
        )
    }
}

/// What a view's report covers — one task's predictions (statistics never pool tasks), of the
/// models not hidden — and the judge it counts by. The app's page and its worker agree through
/// it: the page shows [`ReportScope::facts`], the worker builds [`ReportScope::report`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportScope {
    /// `None`, or a task the facts do not have several of: all the facts' predictions.
    pub task: Option<Task>,
    pub hidden: BTreeSet<String>,
    pub judge: Judge,
    /// The property whose correlations get their bootstrap intervals of ρ (the page's property
    /// view asks for the one it shows), where the facts afford them
    /// ([`numeric::affords_rho_intervals`]).
    #[serde(default)]
    pub rho_intervals: Option<NumericProperty>,
    /// The statistics computed beyond the runs (all of them unless told).
    #[serde(default = "Part::every")]
    pub parts: BTreeSet<Part>,
    /// The one property whose correlations are computed (the page's property view shows one:
    /// at a million predictions all seventeen took the worker 4 s); `None`: every property.
    #[serde(default)]
    pub property: Option<NumericProperty>,
    /// The one benchmark (its name, or `*`: all pooled) whose pairs of models are compared (the
    /// page's comparison shows one: a hundred models' pairs on every benchmark and pooled were
    /// most of its report); `None`: every benchmark, and pooled.
    #[serde(default)]
    pub compared: Option<String>,
    /// Two models (by name) compared side by side, with the pairs of models (the page's
    /// `#compare=A,B`): the report's `comparisons`.
    #[serde(default)]
    pub pair: Option<(String, String)>,
}

impl ReportScope {
    /// The facts the report counts: the task's, without the hidden models' predictions.
    pub fn facts<'a>(&self, facts: &'a Facts) -> Cow<'a, Facts> {
        self.without_hidden(facts.of_task(self.task))
    }

    fn without_hidden<'a>(&self, task_facts: Cow<'a, Facts>) -> Cow<'a, Facts> {
        if self.hidden.is_empty() {
            return task_facts;
        }
        let keep: Vec<bool> = task_facts.models.iter().map(|m| !self.hidden.contains(m)).collect();
        Cow::Owned(task_facts.for_models(&keep))
    }

    /// Whether a report of this scope answers `asked`: the same predictions, judge and intervals,
    /// and at least the parts (and the correlations' properties, the compared benchmark) asked for.
    pub fn covers(&self, asked: &ReportScope) -> bool {
        let ReportScope { task, hidden, judge, rho_intervals, parts, property, compared, pair } = asked;
        self.task == *task
            && self.hidden == *hidden
            && self.judge == *judge
            && self.rho_intervals == *rho_intervals
            && self.parts.is_superset(parts)
            && (!parts.contains(&Part::Correlations) || self.correlates(*property))
            && (!parts.contains(&Part::Agreements) || self.compares(compared.as_deref()))
            && (pair.is_none() || self.pair == *pair)
    }

    /// Whether the report has the correlations of `property` (`None`: of every property).
    pub fn correlates(&self, property: Option<NumericProperty>) -> bool {
        self.parts.contains(&Part::Correlations) && (self.property.is_none() || self.property == property)
    }

    /// Whether the report has the pairs of models on `benchmark` (`None`: on every benchmark).
    pub fn compares(&self, benchmark: Option<&str>) -> bool {
        self.parts.contains(&Part::Agreements) && (self.compared.is_none() || self.compared.as_deref() == benchmark)
    }

    /// The report of the scope, with the pass@1 of every model of its task (hidden or not: a
    /// model picker lists them all). While the facts are `parsing`, the parts that count parsed
    /// properties are left out, and the report's scope says so (the app's worker builds it again
    /// once they are in).
    pub fn report(&self, facts: &Facts) -> ScopedReport {
        let mut scope = self.clone();
        if facts.parsing {
            scope.parts.retain(|part| !part.needs_parsing());
            // The flips' slices need the parsed properties too.
            scope.pair = None;
        }
        let task_facts = facts.of_task(self.task);
        let shown = self.without_hidden(Cow::Borrowed(&task_facts));
        let outcomes = shown.outcomes(self.judge);
        let asked = Asked {
            parts: scope.parts.clone(),
            properties: self.property.map_or_else(|| NumericProperty::ALL.to_vec(), |property| vec![property]),
            compared: self.compared.clone(),
        };
        let mut report = Report::statistics(&shown, self.judge, &outcomes, &asked);
        if scope.parts.contains(&Part::Divergences) {
            report.reasoning.coherence = coherence(&self.without_hidden(Cow::Borrowed(facts)), self.judge, self.task);
        }
        if let Some((a, b)) = scope.pair.as_ref().filter(|_| scope.parts.contains(&Part::Agreements)) {
            if let (Some(a), Some(b)) = (shown.model_index(a), shown.model_index(b)) {
                report.comparisons = compare(&shown, &outcomes, a, b);
            }
        }
        if let Some(property) = self.rho_intervals.filter(|_| numeric::affords_rho_intervals(&shown)) {
            let rows = report.correlations.iter_mut().filter(|r| r.property == property);
            numeric::add_rho_intervals(&shown, &outcomes, rows);
        }
        let model_rates = if self.hidden.is_empty() {
            report.model_rates()
        } else {
            model_rates(&run_summaries(&task_facts, &task_facts.outcomes(self.judge)))
        };
        ScopedReport { scope, report, model_rates }
    }
}

/// A report with the scope it was built for, without the programs' rows: they are the same for
/// every scope, and whoever holds the report holds the facts ([`Report::with_programs`]). (At a
/// million predictions they were 3.8 of the 10 MB the app's worker sent with each report.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScopedReport {
    pub scope: ReportScope,
    pub report: Report,
    /// Every model of the scope's task and its pass@1 there, as [`Report::model_rates`].
    pub model_rates: Vec<(String, Option<f64>)>,
}

/// The statistics a report computes beyond the runs.
struct Asked {
    parts: BTreeSet<Part>,
    /// The properties whose correlations are computed.
    properties: Vec<NumericProperty>,
    /// The one benchmark (or `*`) whose pairs of models are compared; `None`: every one, and pooled.
    compared: Option<String>,
}

impl Asked {
    fn everything() -> Asked {
        Asked { parts: Part::every(), properties: NumericProperty::ALL.to_vec(), compared: None }
    }
}

/// Everything of a report but its runs, programs and errors: what is computed per task.
struct Statistics {
    constructs: Vec<ConstructSummary>,
    types: Vec<TypeSummary>,
    construct_effects: Vec<ConstructEffect>,
    /// Every pair of models on every benchmark and pooled, asked or not: the leaderboard's paired
    /// places need them (BENCHMARKS.md: 666 pairs of 37 models in 4 ms).
    agreements: Vec<ModelAgreement>,
    correlations: Vec<CorrelationRow>,
    slices: Vec<Slice>,
    slice_replication: Vec<Replication>,
    prediction: Prediction,
    /// Without coherence, which needs the facts of every task.
    reasoning: Reasoning,
}

impl Statistics {
    /// `outcomes` are the facts' own (computed once per report: every section counts by program).
    fn of(facts: &Facts, judge: Judge, outcomes: &[Outcome], asked: &Asked) -> Statistics {
        let Asked { parts, properties, .. } = asked;
        // Each part asked for; the rest left empty.
        fn part<T>(parts: &BTreeSet<Part>, part: Part, compute: impl FnOnce() -> Vec<T>) -> Vec<T> {
            if parts.contains(&part) {
                compute()
            } else {
                Vec::new()
            }
        }
        // The correlations (each model on a core of its own) beside the rest, which are each one
        // pass over the outcomes (rayon; one after the other in the browser).
        let (correlations, (constructs, types, construct_effects, agreements)) = rayon::join(
            || part(parts, Part::Correlations, || correlations(facts, judge, outcomes, properties)),
            || {
                let effects = || {
                    [Flavor::Reference, Flavor::Exerscope]
                        .into_iter()
                        .flat_map(|flavor| construct_effects(facts, outcomes, flavor))
                        .collect()
                };
                (
                    part(parts, Part::Constructs, || construct_summaries(facts, outcomes)),
                    part(parts, Part::Types, || type_summaries(facts, judge)),
                    part(parts, Part::ConstructEffects, effects),
                    model_agreements(facts, outcomes, None),
                )
            },
        );
        let reasoning = if parts.contains(&Part::Divergences) {
            Reasoning::of(facts, &Facts::default(), judge, None)
        } else {
            Reasoning::default()
        };
        // The prediction's fits (one model after another) beside the slice finder (a model a core).
        let (prediction, (slices, slice_replication)) = rayon::join(
            || if parts.contains(&Part::Prediction) { prediction(facts, outcomes) } else { Prediction::default() },
            || {
                (
                    part(parts, Part::Slices, || slices(facts, outcomes)),
                    part(parts, Part::Slices, || replication(facts, outcomes, REPLICATION_SEED)),
                )
            },
        );
        Statistics {
            constructs,
            types,
            construct_effects,
            agreements,
            correlations,
            slices,
            slice_replication,
            prediction,
            reasoning,
        }
    }
}

fn program_reports(facts: &Facts) -> Vec<ProgramReport> {
    facts.programs.iter().map(|p| ProgramReport::new(facts, p)).collect()
}

/// A row of one task's statistics, with its task.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tagged<T> {
    pub task: Task,
    #[serde(flatten)]
    pub row: T,
}

/// The report of a drop of any number of tasks: the runs of every task (each carries its task),
/// and every other statistic computed per task, its rows tagged with the task.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TaskedReport {
    pub judge: Judge,
    pub runs: Vec<RunSummary>,
    /// Per task, the models ranked on each benchmark and pooled ([`leaderboard`]).
    pub leaderboard: Vec<Standing>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<AttributeSummary>,
    pub constructs: Vec<Tagged<ConstructSummary>>,
    pub types: Vec<Tagged<TypeSummary>>,
    pub construct_effects: Vec<Tagged<ConstructEffect>>,
    pub agreements: Vec<Tagged<ModelAgreement>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<Tagged<VariantPair>>,
    pub correlations: Vec<Tagged<CorrelationRow>>,
    /// Per model and task, the property combinations where its success falls beyond chance.
    pub slices: Vec<Slice>,
    /// Per model and task, how many slices found on a random half of its programs hold on the other.
    pub slice_replication: Vec<Replication>,
    /// The pairs of models asked to be compared side by side, per task ([`TaskedReport::compare`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comparisons: Vec<Comparison>,
    /// Success predicted from the properties, judged on programs and benchmarks left out.
    #[serde(flatten)]
    pub prediction: Prediction,
    /// Intermediate answers (loop states, branch decisions) against their runs.
    #[serde(flatten)]
    pub reasoning: Reasoning,
    pub programs: Vec<ProgramReport>,
    /// Runs on a benchmark's own inputs that did not give its expected output.
    pub unexpected_runs: Vec<UnexpectedRun>,
    /// What the benchmarks' programs are, answered or not, beside CRUXEval's.
    #[serde(default, skip_serializing_if = "Profile::is_empty")]
    pub profile: Profile,
    pub errors: Vec<FileError>,
    /// What confined the programs run for verdicts (`null` when none ran).
    pub sandbox: Option<String>,
}

impl TaskedReport {
    pub fn build(facts: &Facts, judge: Judge) -> TaskedReport {
        let outcomes = facts.outcomes(judge);
        let runs = run_summaries(facts, &outcomes);
        let mut report = TaskedReport {
            judge,
            leaderboard: leaderboard(&runs),
            runs,
            groups: attribute_summaries(facts, &outcomes),
            constructs: vec![],
            types: vec![],
            construct_effects: vec![],
            agreements: vec![],
            variants: vec![],
            correlations: vec![],
            slices: vec![],
            slice_replication: vec![],
            comparisons: vec![],
            prediction: Prediction::default(),
            reasoning: Reasoning::of(facts, facts, judge, None),
            programs: program_reports(facts),
            unexpected_runs: unexpected_runs(facts),
            profile: profile(facts),
            errors: facts.errors.clone(),
            sandbox: None,
        };
        for task in facts.tasks() {
            let one = facts.for_task(task);
            let statistics = Statistics::of(&one, judge, &one.outcomes(judge), &Asked::everything());
            report.constructs.extend(tagged(task, statistics.constructs));
            report.types.extend(tagged(task, statistics.types));
            report.construct_effects.extend(tagged(task, statistics.construct_effects));
            add_paired_places(report.leaderboard.iter_mut().filter(|s| s.task == task), &statistics.agreements);
            report.variants.extend(tagged(task, variant_pairs(&statistics.agreements)));
            report.agreements.extend(tagged(task, statistics.agreements));
            report.correlations.extend(tagged(task, statistics.correlations));
            report.slices.extend(statistics.slices);
            report.slice_replication.extend(statistics.slice_replication);
            report.prediction.extend(statistics.prediction);
        }
        report
    }
}

impl TaskedReport {
    /// Compares each pair of models (by name) side by side on every task both answered
    /// ([`compare`]); the error names a model the facts do not have.
    pub fn compare(&mut self, facts: &Facts, pairs: &[(String, String)]) -> Result<(), String> {
        let index = |name: &str| {
            facts
                .models
                .iter()
                .position(|m| m == name)
                .map(|i| i as u32)
                .ok_or_else(|| format!("no model {name} to compare (the models: {})", facts.models.join(", ")))
        };
        let outcomes = facts.outcomes(self.judge);
        for (a, b) in pairs {
            self.comparisons.extend(compare(facts, &outcomes, index(a)?, index(b)?));
        }
        Ok(())
    }

    /// Gives every correlation row its bootstrap interval of ρ ([`numeric::add_rho_intervals`]).
    pub fn add_rho_intervals(&mut self, facts: &Facts) {
        for task in facts.tasks() {
            let one = facts.for_task(task);
            let rows = self.correlations.iter_mut().filter(|r| r.task == task).map(|r| &mut r.row);
            numeric::add_rho_intervals(&one, &one.outcomes(self.judge), rows);
        }
    }

    /// The report of one task, cut from this one (what [`Report::build`] gives for the facts of
    /// that task, without computing it again).
    pub fn for_task(&self, task: Task) -> Report {
        Report {
            judge: self.judge,
            runs: self.runs.iter().filter(|r| r.task == task).cloned().collect(),
            leaderboard: self.leaderboard.iter().filter(|s| s.task == task).cloned().collect(),
            groups: self.groups.iter().filter(|g| g.task == task).cloned().collect(),
            constructs: untagged(&self.constructs, task),
            types: untagged(&self.types, task),
            construct_effects: untagged(&self.construct_effects, task),
            agreements: untagged(&self.agreements, task),
            variants: untagged(&self.variants, task),
            correlations: untagged(&self.correlations, task),
            slices: self.slices.iter().filter(|s| s.task == task).cloned().collect(),
            slice_replication: self.slice_replication.iter().filter(|r| r.task == task).cloned().collect(),
            comparisons: self.comparisons.iter().filter(|c| c.task == task).cloned().collect(),
            prediction: self.prediction.of_task(task),
            reasoning: self.reasoning.of_task(task),
            programs: self.programs.clone(),
            unexpected_runs: self.unexpected_runs.clone(),
            profile: self.profile.clone(),
            errors: self.errors.clone(),
        }
    }
}

fn tagged<T>(task: Task, rows: Vec<T>) -> impl Iterator<Item = Tagged<T>> {
    rows.into_iter().map(move |row| Tagged { task, row })
}

fn untagged<T: Clone>(rows: &[Tagged<T>], task: Task) -> Vec<T> {
    rows.iter().filter(|r| r.task == task).map(|r| r.row.clone()).collect()
}

/// One program and its properties, under stable snake_case names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramReport {
    pub benchmark: String,
    pub id: String,
    pub language: Language,
    /// What its benchmark says of it (RE2-Bench: `source`, `difficulty`, `failure cause`); the
    /// values of an attribute given several times joined by ", " (its failure causes).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub attributes: std::collections::BTreeMap<String, String>,
    pub properties: ProgramPropertiesReport,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramPropertiesReport {
    /// Size and complexity; absent when the dataset holds no code for the program.
    #[serde(flatten)]
    pub metrics: Option<Metrics>,
    /// Non-blank lines, for a language exerscope does not parse (no `metrics` then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<u32>,
    pub output_type_reference: ReferenceType,
    pub output_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_length: Option<u32>,
    pub constructs: Vec<String>,
    pub reference_constructs: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub syntax_error_line: Option<usize>,
    /// The run on its own input (absent when not run: Java, `--no-run`).
    #[serde(flatten)]
    pub dynamic: Option<DynamicProperties>,
}

/// A program's (name, value) pairs by name, repeated names' values joined.
fn attribute_map(pairs: &[(String, String)]) -> std::collections::BTreeMap<String, String> {
    let mut map = std::collections::BTreeMap::<String, String>::new();
    for (name, value) in pairs {
        map.entry(name.clone()).and_modify(|v| *v += &format!(", {value}")).or_insert_with(|| value.clone());
    }
    map
}

impl ProgramReport {
    fn new(facts: &Facts, program: &crate::facts::ProgramFacts) -> Self {
        ProgramReport {
            benchmark: facts.benchmarks[program.benchmark as usize].clone(),
            id: program.id.clone(),
            language: program.language,
            attributes: attribute_map(&program.attributes),
            properties: ProgramPropertiesReport {
                metrics: program.metrics,
                lines: program.lines,
                output_type_reference: program.output_type_reference,
                output_type: facts.type_names[program.output_type as usize].clone(),
                output_length: program.output_length,
                constructs: program.constructs.names().into_iter().map(String::from).collect(),
                reference_constructs: program.reference_constructs.names().into_iter().map(String::from).collect(),
                syntax_error_line: program.syntax_error_line,
                dynamic: program.dynamic.clone(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::{add_prediction, tiny_facts};

    #[test]
    fn a_models_rate_pools_its_programs() {
        let mut facts = tiny_facts();
        facts.models.push("n".into());
        facts.benchmarks.push("c".into());
        facts.programs[2].benchmark = 1;
        add_prediction(&mut facts, 0, 2, true);
        add_prediction(&mut facts, 1, 2, false);
        // m: 1 of 2 programs right on b, 1 of 1 on c: 2 of 3 pooled.
        let rates = Report::build(&facts, Judge::Reference).model_rates();
        assert_eq!(rates.len(), 2);
        assert_eq!(rates[0].0, "m");
        assert!((rates[0].1.unwrap() - 2.0 / 3.0).abs() < 1e-12, "{rates:?}");
        assert_eq!(rates[1], ("n".to_owned(), Some(0.0)));
    }

    #[test]
    fn a_scoped_report_counts_its_tasks_shown_models_and_rates_them_all() {
        let mut facts = tiny_facts();
        facts.models.push("n".into());
        add_prediction(&mut facts, 1, 2, true);
        add_prediction(&mut facts, 0, 2, false);
        std::sync::Arc::make_mut(&mut facts.predictions).task[3] = Task::Input;
        let scope = ReportScope {
            task: Some(Task::Output),
            hidden: BTreeSet::from(["m".to_owned()]),
            judge: Judge::Value,
            rho_intervals: None,
            parts: Part::every(),
            property: None,
            compared: None,
            pair: None,
        };
        let scoped = scope.report(&facts);
        let shown = facts.for_task(Task::Output).for_models(&[false, true]);
        assert_eq!(scoped.report.with_programs(&facts), Report::build(&shown, Judge::Value));
        assert!(scoped.report.programs.is_empty(), "the programs' rows stay with the facts");
        assert_eq!(*scope.facts(&facts), shown);
        let every_model = Report::build(&facts.for_task(Task::Output), Judge::Value).model_rates();
        assert_eq!(scoped.model_rates, every_model, "hidden models are rated too");
        assert_eq!(every_model.len(), 2);
        let one_task = ReportScope { hidden: BTreeSet::new(), ..scope };
        assert!(matches!(one_task.facts(&shown), Cow::Borrowed(_)), "one task: nothing to cut");
    }

    /// Small facts, and the scope of a whole report on them.
    fn facts_and_whole_scope() -> (Facts, ReportScope) {
        let mut facts = tiny_facts();
        add_prediction(&mut facts, 0, 2, true);
        let whole = ReportScope {
            task: None,
            hidden: BTreeSet::new(),
            judge: Judge::Reference,
            rho_intervals: None,
            parts: Part::every(),
            property: None,
            compared: None,
            pair: None,
        };
        (facts, whole)
    }

    #[test]
    fn a_scope_computes_the_parts_it_asks_for_and_answers_narrower_scopes() {
        let (facts, whole) = facts_and_whole_scope();
        let full = whole.report(&facts).report;
        let runs_only = ReportScope { parts: BTreeSet::new(), ..whole.clone() };
        let constructs = ReportScope { parts: BTreeSet::from([Part::Constructs]), ..whole.clone() };
        let report = constructs.report(&facts).report;
        assert_eq!((&report.runs, &report.constructs), (&full.runs, &full.constructs));
        assert!(!report.constructs.is_empty() && !full.correlations.is_empty());
        assert!(report.types.is_empty() && report.construct_effects.is_empty());
        assert!(report.agreements.is_empty() && report.correlations.is_empty());
        assert!(whole.covers(&constructs) && constructs.covers(&runs_only) && constructs.covers(&constructs));
        assert!(!constructs.covers(&whole), "fewer parts");
        assert!(!whole.covers(&ReportScope { judge: Judge::Value, ..runs_only }), "another judge");
        let old: ReportScope = serde_json::from_str(r#"{"task": null, "hidden": [], "judge": "reference"}"#).unwrap();
        assert_eq!(old, whole, "a scope that names no parts asks for all");
    }

    #[test]
    fn a_scope_of_one_property_computes_its_correlations_only() {
        let (facts, whole) = facts_and_whole_scope();
        let full = whole.report(&facts).report;
        let loc = ReportScope {
            parts: BTreeSet::from([Part::Correlations]),
            property: Some(NumericProperty::Loc),
            ..whole.clone()
        };
        let report = loc.report(&facts).report;
        let full_loc: Vec<&CorrelationRow> =
            full.correlations.iter().filter(|r| r.property == NumericProperty::Loc).collect();
        assert!(!full_loc.is_empty() && full_loc.len() < full.correlations.len());
        assert_eq!(report.correlations.iter().collect::<Vec<_>>(), full_loc, "the same rows as in the whole report");
        assert!(whole.covers(&loc) && loc.covers(&loc));
        let calls = ReportScope { property: Some(NumericProperty::Calls), ..loc.clone() };
        assert!(!loc.covers(&calls), "another property");
        assert!(!loc.covers(&ReportScope { property: None, ..loc.clone() }), "every property");
        let constructs = ReportScope { parts: BTreeSet::from([Part::Constructs]), property: None, ..whole.clone() };
        let both = ReportScope { parts: Part::every(), ..loc.clone() };
        assert!(both.covers(&constructs), "no correlations asked: the property does not matter");
    }

    #[test]
    fn a_scope_of_one_benchmark_compares_the_models_there_only() {
        let (mut facts, whole) = facts_and_whole_scope();
        facts.models.push("n".into());
        add_prediction(&mut facts, 1, 0, false);
        add_prediction(&mut facts, 1, 2, true);
        let full = whole.report(&facts).report;
        let benchmarks: BTreeSet<&str> = full.agreements.iter().map(|a| a.benchmark.as_str()).collect();
        assert!(benchmarks.len() >= 2, "pooled and per benchmark: {benchmarks:?}");
        for benchmark in benchmarks {
            let one = ReportScope {
                parts: BTreeSet::from([Part::Agreements]),
                compared: Some(benchmark.to_owned()),
                ..whole.clone()
            };
            let report = one.report(&facts).report;
            let expected: Vec<_> = full.agreements.iter().filter(|a| a.benchmark == benchmark).collect();
            assert_eq!(report.agreements.iter().collect::<Vec<_>>(), expected, "{benchmark}");
            assert!(whole.covers(&one) && one.covers(&one));
            assert!(!one.covers(&ReportScope { compared: Some("another".to_owned()), ..one.clone() }));
            assert!(!one.covers(&ReportScope { compared: None, ..one.clone() }), "every benchmark");
            let types = ReportScope { parts: BTreeSet::from([Part::Types]), compared: None, ..whole.clone() };
            assert!(ReportScope { parts: Part::every(), ..one.clone() }.covers(&types), "no pairs asked");
        }
    }

    #[test]
    fn a_scope_with_a_pair_compares_the_two_side_by_side() {
        let (mut facts, whole) = facts_and_whole_scope();
        facts.models.push("n".into());
        add_prediction(&mut facts, 1, 0, false);
        add_prediction(&mut facts, 1, 2, true);
        let pair = ReportScope { pair: Some(("n".to_owned(), "m".to_owned())), ..whole.clone() };
        let report = pair.report(&facts).report;
        let mut tasked = TaskedReport::build(&facts, Judge::Reference);
        tasked.compare(&facts, &[("n".to_owned(), "m".to_owned())]).unwrap();
        assert_eq!(report.comparisons, tasked.comparisons, "the page's pair is the command line's");
        assert_eq!(report.comparisons.len(), 1);
        assert!(whole.report(&facts).report.comparisons.is_empty(), "no pair asked");
        assert!(pair.covers(&whole) && !whole.covers(&pair), "a pair's report answers the matrix, not the reverse");
        assert!(!pair.covers(&ReportScope { pair: Some(("m".to_owned(), "n".to_owned())), ..whole.clone() }));
        let hidden = ReportScope { hidden: BTreeSet::from(["m".to_owned()]), ..pair.clone() };
        assert!(hidden.report(&facts).report.comparisons.is_empty(), "a hidden model is not compared");
    }

    #[test]
    fn a_tasked_reports_task_is_that_tasks_report() {
        let mut facts = tiny_facts();
        facts.models.push("n".into());
        add_prediction(&mut facts, 1, 2, true);
        add_prediction(&mut facts, 0, 2, false);
        std::sync::Arc::make_mut(&mut facts.predictions).task[3] = Task::Input;
        let tasked = TaskedReport::build(&facts, Judge::Reference);
        for task in [Task::Output, Task::Input] {
            assert_eq!(tasked.for_task(task), Report::build(&facts.for_task(task), Judge::Reference), "{task:?}");
        }
    }
}
