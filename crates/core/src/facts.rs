//! Everything statistics and views need about an analysis, without code and responses: compact
//! enough to send from the worker to the page. Columnar, so that a million predictions stay small.

use crate::alignment::Divergence;
use crate::diagnostics::FileError;
use crate::dynamic::{DynamicProperties, ExtraRun};
use crate::extractors::{Constructs, Metrics, ReferenceConstructs};
use crate::judges::{Judge, PerJudge};
use crate::prose::ProseCount;
use crate::readers::generic_table::UnmappedTable;
use crate::stats::near_duplicates::NearDuplicates;
use crate::table::{BenchmarkIdx, Language, ModelIdx, ProgramIdx, SourceSummary, Task};
use crate::types::ReferenceType;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Facts {
    pub benchmarks: Vec<String>,
    pub models: Vec<String>,
    pub programs: Vec<ProgramFacts>,
    /// Shared by every copy: a change to the programs (their dynamic properties, arriving while
    /// the page shows the facts) copies 10,000 programs, not a million predictions.
    pub predictions: Arc<PredictionFacts>,
    /// exerscope type names, interned (a million predictions share a few dozen types).
    pub type_names: Vec<String>,
    /// Generic tables waiting for the user to map their columns.
    #[serde(default)]
    pub unmapped_tables: Vec<UnmappedTable>,
    /// What was read from each dropped file or folder, and as which format.
    #[serde(default)]
    pub sources: Vec<SourceSummary>,
    pub errors: Vec<FileError>,
    /// The intermediate answers (loop states, branch decisions) placed on their runs, by
    /// prediction index, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divergences: Vec<Divergence>,
    /// The output predictions with a response, and how many claims about the run its prose makes.
    #[serde(default)]
    pub prose: Vec<ProseCount>,
    /// Pairs of programs whose code is nearly the same.
    #[serde(default)]
    pub near_duplicates: NearDuplicates,
    /// Set while the programs are still being parsed: their constructs and metrics are not in yet.
    /// The app sends the verdicts first (a drop's overview needs no parsing) and the parsed
    /// properties after ([`Facts::set_parsed`]); statistics of properties wait for them.
    #[serde(default)]
    pub parsing: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramFacts {
    pub benchmark: BenchmarkIdx,
    pub id: String,
    pub language: Language,
    pub reference_constructs: ReferenceConstructs,
    pub constructs: Constructs,
    /// `None` when the dataset holds no code for the program, or exerscope has no grammar for its
    /// language ([`Language::has_grammar`]).
    pub metrics: Option<Metrics>,
    /// The non-blank lines of code in a language exerscope does not parse: its only measure (a
    /// parsed program's `loc` leaves out comments too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<u32>,
    /// What its benchmark says of it (RE2-Bench's source and difficulty): (name, value) pairs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<(String, String)>,
    /// The tasks its benchmark asks of it; empty: every task ([`crate::table::ProgramNotes::asked_in`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked_in: Vec<Task>,
    pub syntax_error_line: Option<usize>,
    /// The expected output's reference category (SPEC §4.5).
    pub output_type_reference: ReferenceType,
    /// The expected output's exerscope type, an index into [`Facts::type_names`].
    pub output_type: TypeId,
    /// Length of the expected output when it is a string or a container.
    pub output_length: Option<u32>,
    /// Characters of its input (the call's or stdin's text), trimmed; `None` when it has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_length: Option<u32>,
    /// What its run on its own input did, once run (`None` before, or when it is not run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dynamic: Option<DynamicProperties>,
    /// Its runs on its extra inputs (HumanEval's `__0`, `__1`), in the dataset's order, once run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_runs: Vec<ExtraRun>,
}

/// What parsing a program gives its facts (SPEC §4.1–4.3).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedProgram {
    pub reference_constructs: ReferenceConstructs,
    pub constructs: Constructs,
    pub metrics: Option<Metrics>,
    pub syntax_error_line: Option<usize>,
}

/// Every program's parsed properties, in program order, and the syntax errors met: what
/// [`Facts::set_parsed`] takes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Parsed {
    pub programs: Vec<ParsedProgram>,
    pub errors: Vec<FileError>,
}

/// A program's run on its own input, and on its extra inputs: what [`Facts::set_dynamic`] takes.
pub type DynamicChange = (ProgramIdx, Option<DynamicProperties>, Vec<ExtraRun>);

/// Index of an exerscope type name in [`Facts::type_names`].
pub type TypeId = u16;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PredictionFacts {
    pub model: Vec<ModelIdx>,
    pub program: Vec<ProgramIdx>,
    pub task: Vec<Task>,
    /// One column per judge, in [`Judge::ALL`] order.
    pub verdict: PerJudge<Vec<bool>>,
    /// The answer's reference category (SPEC §4.5).
    pub answer_type_reference: Vec<ReferenceType>,
    /// The answer's exerscope type, an index into [`Facts::type_names`].
    pub answer_type: Vec<TypeId>,
    /// What the columns hold, found when first asked: views ask on every change of the view, and
    /// each asking was a pass over a million predictions. Columns changed in place after that
    /// need a new one (a copy has none: `Arc::make_mut` of shared facts gives a fresh one).
    #[serde(skip)]
    pub present: Present,
}

/// The models, programs and tasks that have predictions, each in index order.
#[derive(Debug)]
struct Presence {
    models: Vec<ModelIdx>,
    programs: Vec<ProgramIdx>,
    tasks: Vec<Task>,
}

/// A [`Presence`] found once. Equal to any other: it only restates the columns.
#[derive(Debug, Default)]
pub struct Present(OnceLock<Presence>);

impl PartialEq for Present {
    fn eq(&self, _: &Present) -> bool {
        true
    }
}

/// A copy is made to be changed: it finds its presence again.
impl Clone for Present {
    fn clone(&self) -> Present {
        Present::default()
    }
}

impl PredictionFacts {
    /// What the columns hold, of `models` models and `programs` programs.
    fn presence(&self, models: usize, programs: usize) -> &Presence {
        self.present.0.get_or_init(|| {
            let tasks = present_indices(self.task.iter().map(|&task| task as u32), Task::ALL.len());
            Presence {
                models: present_indices(self.model.iter().copied(), models),
                programs: present_indices(self.program.iter().copied(), programs),
                tasks: tasks.into_iter().map(|task| Task::ALL[task as usize]).collect(),
            }
        })
    }

    pub fn verdicts(&self, judge: Judge) -> &[bool] {
        &self.verdict[judge.index()]
    }

    pub fn len(&self) -> usize {
        self.model.len()
    }

    pub fn is_empty(&self) -> bool {
        self.model.is_empty()
    }
}

/// One model's predictions of one program for one task, all samples together: `correct` of
/// `samples`. Statistics count each program once, by its share c/n (SPEC §5, samples); with one
/// sample per program the share is the verdict, 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub model: ModelIdx,
    pub program: ProgramIdx,
    pub task: Task,
    pub correct: u32,
    pub samples: u32,
}

impl Outcome {
    /// c/n.
    pub fn share(&self) -> f64 {
        f64::from(self.correct) / f64::from(self.samples)
    }

    /// Solved by most of its samples (c/n ≥ ½): what pairs of models are compared on.
    pub fn solved(&self) -> bool {
        2 * self.correct >= self.samples
    }
}

impl Facts {
    /// Every (model, program, task) predicted, in that order, with its samples' verdicts counted.
    pub fn outcomes(&self, judge: Judge) -> Vec<Outcome> {
        let p = &self.predictions;
        let mut rows: Vec<(ModelIdx, ProgramIdx, Task, bool)> =
            p.verdicts(judge).iter().enumerate().map(|(i, &v)| (p.model[i], p.program[i], p.task[i], v)).collect();
        rows.sort_unstable_by_key(|&(model, program, task, _)| (model, program, task));
        let mut outcomes: Vec<Outcome> = Vec::new();
        for (model, program, task, verdict) in rows {
            match outcomes.last_mut() {
                Some(o) if (o.model, o.program, o.task) == (model, program, task) => {
                    o.correct += u32::from(verdict);
                    o.samples += 1;
                }
                _ => outcomes.push(Outcome { model, program, task, correct: u32::from(verdict), samples: 1 }),
            }
        }
        outcomes
    }

    /// The tasks predicted, in [`Task`] order.
    pub fn tasks(&self) -> Vec<Task> {
        self.presence().tasks.clone()
    }

    fn presence(&self) -> &Presence {
        self.predictions.presence(self.models.len(), self.programs.len())
    }

    /// The same facts with only the predictions of `task`: views and statistics are per task.
    pub fn for_task(&self, task: Task) -> Facts {
        self.keeping(|i| self.predictions.task[i] == task)
    }

    /// The facts of `task` when they hold several tasks; all of them otherwise (`None`, or their
    /// only task).
    pub fn of_task(&self, task: Option<Task>) -> Cow<'_, Facts> {
        match task {
            Some(task) if self.tasks().len() > 1 => Cow::Owned(self.for_task(task)),
            _ => Cow::Borrowed(self),
        }
    }

    /// The same facts with only the predictions of the models `shown` says (by index). Models keep
    /// their indices (and so their colours); the others simply have no predictions.
    pub fn for_models(&self, shown: &[bool]) -> Facts {
        self.keeping(|i| shown.get(self.predictions.model[i] as usize).copied().unwrap_or(false))
    }

    /// The same facts with only the predictions `keep` says (by index).
    fn keeping(&self, keep: impl Fn(usize) -> bool) -> Facts {
        let keep: Vec<usize> = (0..self.predictions.len()).filter(|&i| keep(i)).collect();
        let p = &self.predictions;
        let pick = |column: &[bool]| keep.iter().map(|&i| column[i]).collect();
        Facts {
            predictions: Arc::new(PredictionFacts {
                model: keep.iter().map(|&i| p.model[i]).collect(),
                program: keep.iter().map(|&i| p.program[i]).collect(),
                task: keep.iter().map(|&i| p.task[i]).collect(),
                verdict: std::array::from_fn(|judge| pick(&p.verdict[judge])),
                answer_type_reference: keep.iter().map(|&i| p.answer_type_reference[i]).collect(),
                answer_type: keep.iter().map(|&i| p.answer_type[i]).collect(),
                present: Present::default(),
            }),
            benchmarks: self.benchmarks.clone(),
            models: self.models.clone(),
            programs: self.programs.clone(),
            type_names: self.type_names.clone(),
            unmapped_tables: self.unmapped_tables.clone(),
            sources: self.sources.clone(),
            errors: self.errors.clone(),
            divergences: kept_divergences(&self.divergences, &keep),
            prose: self
                .prose
                .iter()
                .filter_map(|c| {
                    Some(ProseCount { prediction: keep.binary_search(&(c.prediction as usize)).ok()? as u32, ..*c })
                })
                .collect(),
            near_duplicates: self.near_duplicates.clone(),
            parsing: self.parsing,
        }
    }

    /// Takes the programs' parsed properties (all of them, in program order): the facts are whole.
    pub fn set_parsed(&mut self, parsed: Parsed) {
        for (program, p) in self.programs.iter_mut().zip(parsed.programs) {
            program.reference_constructs = p.reference_constructs;
            program.constructs = p.constructs;
            program.metrics = p.metrics;
            program.syntax_error_line = p.syntax_error_line;
        }
        self.errors.extend(parsed.errors);
        self.parsing = false;
    }

    /// Takes the dynamic properties of the programs measured since the last call, as the hosts
    /// measure them after the analysis.
    pub fn set_dynamic(&mut self, changes: Vec<DynamicChange>) {
        for (index, dynamic, extra_runs) in changes {
            if let Some(program) = self.programs.get_mut(index as usize) {
                program.dynamic = dynamic;
                program.extra_runs = extra_runs;
            }
        }
    }

    pub fn programs_per_benchmark(&self) -> Vec<u64> {
        let mut counts = vec![0; self.benchmarks.len()];
        for program in &self.programs {
            counts[program.benchmark as usize] += 1;
        }
        counts
    }

    /// The models with predictions in these facts, in index order: those a view of one task
    /// draws (a drop's other tasks may have other models).
    pub fn predicted_models(&self) -> Vec<ModelIdx> {
        self.presence().models.clone()
    }

    /// The benchmarks with predictions in these facts, in index order: those charts draw (a
    /// benchmark read without predictions in this task, such as another task's or CodeMind's
    /// DER/SR programs when another task is shown, is listed in the program table only).
    pub fn predicted_benchmarks(&self) -> Vec<BenchmarkIdx> {
        let benchmarks = self.presence().programs.iter().map(|&p| self.programs[p as usize].benchmark);
        present_indices(benchmarks, self.benchmarks.len())
    }

    /// The program `id` of `benchmark`, by name.
    pub fn program_named(&self, benchmark: &str, id: &str) -> Option<ProgramIdx> {
        let benchmark = self.benchmarks.iter().position(|b| b == benchmark)? as BenchmarkIdx;
        let found = self.programs.iter().position(|p| p.benchmark == benchmark && p.id == id)?;
        Some(found as ProgramIdx)
    }

    /// The benchmarks no model answered on any task (being designed): the views profile them.
    pub fn unanswered_benchmarks(&self) -> Vec<BenchmarkIdx> {
        let answered = self.predicted_benchmarks();
        (0..self.benchmarks.len() as BenchmarkIdx).filter(|b| !answered.contains(b)).collect()
    }

    /// A pseudo-random number for a program, from its benchmark's name, its id and `seed` alone:
    /// the same whatever order the files came in (the page and the command line read them in
    /// different orders), so that a random split of the programs — cross-validation's folds, a
    /// sample, a half — is the same split everywhere. FNV-1a, then SplitMix64's finaliser.
    pub fn stable_draw(&self, program: ProgramIdx, seed: u64) -> u64 {
        let p = &self.programs[program as usize];
        let benchmark = self.benchmarks.get(p.benchmark as usize).map_or("", String::as_str);
        let bytes = benchmark.bytes().chain([0]).chain(p.id.bytes());
        let fnv = bytes.fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        let mut z = (fnv ^ seed).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn model_index(&self, name: &str) -> Option<ModelIdx> {
        self.models.iter().position(|m| m == name).map(|i| i as ModelIdx)
    }

    pub fn benchmark_index(&self, name: &str) -> Option<BenchmarkIdx> {
        self.benchmarks.iter().position(|b| b == name).map(|i| i as BenchmarkIdx)
    }
}

/// The indices below `count` that occur in `column`, in order; the scan stops once every index is
/// found.
fn present_indices(column: impl IntoIterator<Item = u32>, count: usize) -> Vec<u32> {
    let mut present = vec![false; count];
    let mut found = 0;
    for index in column {
        if !std::mem::replace(&mut present[index as usize], true) {
            found += 1;
            if found == count {
                break;
            }
        }
    }
    (0..count as u32).filter(|&i| present[i as usize]).collect()
}

/// The divergences of the predictions `keep` (old indices, in order), renumbered as kept.
fn kept_divergences(divergences: &[Divergence], keep: &[usize]) -> Vec<Divergence> {
    divergences
        .iter()
        .filter_map(|d| {
            let at = keep.binary_search(&(d.prediction as usize)).ok()?;
            Some(Divergence { prediction: at as u32, ..d.clone() })
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::extractors::ProgramParser;

    #[test]
    fn dynamic_properties_arrive_by_program_and_stray_indices_are_ignored() {
        let mut facts = tiny_facts();
        let run = crate::dynamic::DynamicProperties {
            loop_length: 4,
            recursion_depth: 1,
            executed_lines: 9,
            distinct_lines: 4,
            run_time_ms: 0.2,
            outcome: "returned".into(),
            returns_expected: Some(true),
            got: None,
            repeated: None,
        };
        let extra = ExtraRun { id: "p__0".into(), run: None };
        facts.set_dynamic(vec![(1, Some(run.clone()), vec![extra.clone()]), (99, None, vec![])]);
        assert_eq!((facts.programs[1].dynamic.as_ref(), &facts.programs[1].extra_runs[..]), (Some(&run), &[extra][..]));
        assert_eq!(facts.programs[0].dynamic, None);
    }

    #[test]
    fn outcomes_count_each_program_once_with_its_samples() {
        let mut facts = tiny_facts();
        add_prediction(&mut facts, 0, 1, true);
        let outcomes = facts.outcomes(Judge::Reference);
        let counts: Vec<(u32, u32, u32)> = outcomes.iter().map(|o| (o.program, o.correct, o.samples)).collect();
        assert_eq!(counts, [(0, 1, 1), (1, 1, 2)]);
        assert_eq!(outcomes[1].share(), 0.5);
        assert!(outcomes[1].solved(), "half the samples is solved");
    }

    #[test]
    fn only_models_and_benchmarks_with_predictions_are_predicted() {
        let mut facts = tiny_facts();
        facts.models.push("silent".into());
        facts.benchmarks.push("unpredicted".into());
        assert_eq!((facts.predicted_models(), facts.predicted_benchmarks()), (vec![0], vec![0]));
        add_prediction(&mut facts, 1, 2, true);
        facts.programs[2].benchmark = 1;
        assert_eq!((facts.predicted_models(), facts.predicted_benchmarks()), (vec![0, 1], vec![0, 1]));
    }

    #[test]
    fn what_the_predictions_hold_is_found_once_and_found_again_in_a_copy() {
        let mut facts = tiny_facts();
        facts.models.push("silent".into());
        let asked = facts.clone();
        assert_eq!((asked.tasks(), asked.predicted_models()), (vec![Task::Output], vec![0]));
        assert_eq!(asked, facts, "equal whether asked or not");
        // Shared columns copied to be changed: the copy's presence is its own.
        let mut changed = asked.clone();
        Arc::make_mut(&mut changed.predictions).task[1] = Task::Input;
        Arc::make_mut(&mut changed.predictions).model[1] = 1;
        assert_eq!((changed.tasks(), changed.predicted_models()), (vec![Task::Output, Task::Input], vec![0, 1]));
        assert_eq!(asked.tasks(), [Task::Output], "the first facts keep theirs");
    }

    #[test]
    fn facts_for_some_models_keep_their_predictions_and_every_index() {
        let mut facts = tiny_facts();
        facts.models.push("n".into());
        add_prediction(&mut facts, 1, 2, true);
        let shown = facts.for_models(&[false, true]);
        assert_eq!(shown.models, facts.models);
        assert_eq!(shown.predicted_models(), [1]);
        assert_eq!(shown.predictions.len(), 1);
        assert_eq!(facts.for_models(&[]).predictions.len(), 0);
    }

    #[test]
    fn facts_for_one_task_keep_only_its_predictions() {
        let mut facts = tiny_facts();
        Arc::make_mut(&mut facts.predictions).task[1] = Task::Input;
        assert_eq!(facts.tasks(), [Task::Output, Task::Input]);
        let input = facts.for_task(Task::Input);
        assert_eq!(input.predictions.program, [1]);
        assert_eq!(input.predictions.verdict, [vec![false], vec![true], vec![false]]);
        assert_eq!(input.predictions.answer_type, [1]);
        assert_eq!(input.programs, facts.programs);
    }

    /// Adds an output prediction of `program` by `model`, with the same verdict for every judge.
    pub fn add_prediction(facts: &mut Facts, model: ModelIdx, program: ProgramIdx, verdict: bool) {
        let predictions = Arc::make_mut(&mut facts.predictions);
        predictions.model.push(model);
        predictions.program.push(program);
        predictions.task.push(Task::Output);
        predictions.verdict.iter_mut().for_each(|column| column.push(verdict));
        predictions.answer_type_reference.push(ReferenceType::Int);
        predictions.answer_type.push(0);
        predictions.present = Present::default();
    }

    /// One benchmark of three programs; model `m` predicted two of them, one correctly.
    pub fn tiny_facts() -> Facts {
        let mut parser = ProgramParser::new();
        let program = |id: &str, code: &str, parser: &mut ProgramParser| ProgramFacts {
            benchmark: 0,
            id: id.into(),
            language: Language::Python,
            reference_constructs: parser.extract(code, Language::Python).unwrap().reference_constructs,
            constructs: parser.extract(code, Language::Python).unwrap().constructs,
            metrics: Some(parser.extract(code, Language::Python).unwrap().metrics),
            lines: None,
            attributes: Vec::new(),
            asked_in: Vec::new(),
            syntax_error_line: None,
            output_type_reference: ReferenceType::Int,
            output_type: 0,
            output_length: None,
            input_length: None,
            dynamic: None,
            extra_runs: Vec::new(),
        };
        Facts {
            benchmarks: vec!["b".into()],
            models: vec!["m".into()],
            programs: vec![
                program("1", "for x in y:\n    pass\n", &mut parser),
                program("2", "for x in y:\n    if x:\n        pass\n", &mut parser),
                program("3", "x = 1\n", &mut parser),
            ],
            predictions: Arc::new(PredictionFacts {
                model: vec![0, 0],
                program: vec![0, 1],
                task: vec![Task::Output, Task::Output],
                verdict: [vec![true, false], vec![true, true], vec![true, false]],
                answer_type_reference: vec![ReferenceType::Int, ReferenceType::String],
                answer_type: vec![0, 1],
                present: Present::default(),
            }),
            type_names: vec!["int".into(), "str".into()],
            unmapped_tables: vec![],
            sources: vec![],
            errors: vec![],
            divergences: vec![],
            prose: vec![],
            near_duplicates: NearDuplicates::default(),
            parsing: false,
        }
    }
}
