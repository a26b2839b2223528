//! The normalised table every reader fills and every later stage reads: programs (one row each)
//! and predictions (columnar: one vector per field), joined by (benchmark, program id).

use crate::input::folder_of;
use crate::intermediate::StoredRun;
use crate::readers::generic_table::UnmappedTable;
use crate::texts::{SharedTexts, SparseTexts, Texts};
use crate::units::units;
use foldhash::{HashMap, HashMapExt};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

units! {
    /// A program's language. All but Perl and Racket are parsed (constructs, complexity); those
    /// two are read, judged and measured by their lines ([`Language::has_grammar`]).
    pub enum Language {
        Python => "python", "Python";
        Java => "java", "Java";
        Cpp => "cpp", "C++";
        CSharp => "csharp", "C#";
        D => "d", "D";
        Go => "go", "Go";
        Julia => "julia", "Julia";
        JavaScript => "javascript", "JavaScript";
        Lua => "lua", "Lua";
        Php => "php", "PHP";
        Perl => "perl", "Perl";
        R => "r", "R";
        Ruby => "ruby", "Ruby";
        Racket => "racket", "Racket";
        Rust => "rust", "Rust";
        Scala => "scala", "Scala";
        Shell => "shell", "Shell";
        Swift => "swift", "Swift";
        TypeScript => "typescript", "TypeScript";
    }
}

impl Language {
    /// Whether exerscope parses the language (a tree-sitter grammar): its programs get constructs
    /// and complexity; the others their line counts only ([`Language::why_no_grammar`]).
    pub fn has_grammar(self) -> bool {
        self.why_no_grammar().is_none()
    }

    /// Why exerscope does not parse the language, where it does not.
    pub fn why_no_grammar(self) -> Option<&'static str> {
        match self {
            Language::Racket => Some("its tree-sitter grammar knows only lists and symbols, not what they do"),
            Language::Perl => Some("its tree-sitter grammar needs a runtime that does not build for the browser"),
            _ => None,
        }
    }
}

units! {
    /// What the model was asked to predict (SPEC §1).
    pub enum Task {
        Output => "output", "output prediction";
        Input => "input", "input prediction";
        State => "state", "program state";
        Coverage => "coverage", "code coverage";
        Path => "path", "execution path";
        /// The model wrote the program (CodeMind DER/SR); its answer is what the program returns on
        /// its test input, known by running it.
        Code => "code", "code generation";
        /// The lines the program executes, in order (CoCoNUT).
        Trace => "trace", "execution trace";
        /// Each loop variable's values over a loop's iterations (RE2-Bench).
        Loop => "loop", "loop states";
        /// Whether each branch is taken, at each visit (RE2-Bench).
        Branch => "branch", "branch outcomes";
    }
}

pub type BenchmarkIdx = u32;
pub type ModelIdx = u32;
pub type ProgramIdx = u32;

/// A program with the input it runs on and the output it must give. Readers name its benchmark
/// ([`RawProgram`]); the table keeps the benchmark's index ([`Program`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramOf<B> {
    pub benchmark: B,
    pub id: String,
    pub language: Language,
    /// `None` when the dataset holds no code for the program (it is still judged).
    pub code: Option<String>,
    /// The call (`f([1, 2])`) or the stdin text the program runs on.
    pub input: String,
    pub expected: String,
    /// Further inputs of the same program (HumanEval's `<id>__0`, `<id>__1` folders, REval's
    /// inputs after the first): run for the benchmark's sanity check, not predicted.
    pub extra_inputs: Vec<ExtraInput>,
    /// Where the code came from, for messages.
    pub source_path: String,
    /// What its benchmark says of it beyond code and values.
    #[serde(default)]
    pub about: ProgramNotes,
}

/// What a benchmark says of a program beyond its code and values (RE2-Bench: where it comes from,
/// how hard it is, and that it needs its project to run).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramNotes {
    /// (name, value) pairs the views and the report group programs by: `("source", "Swebench")`,
    /// `("difficulty", "difficult")`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<(String, String)>,
    /// Why it is never run here, though Python: it is measured statically only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_run: Option<NotRun>,
    /// The tasks its benchmark asks of it, where not every task (RE2-Bench asks loop prediction
    /// of 200 programs, output prediction of 500): a run of another task does not miss it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked_in: Vec<Task>,
}

units! {
    /// Why a Python program is not run here.
    pub enum NotRun {
        /// RE2-Bench's functions from SWE-bench and real projects.
        NeedsProject => "needs_project", "a function of a project that it imports: its runs need the project";
        /// RE2-Bench's other problems, whose inputs are JSON (`self`, `args`, `kwargs`).
        ArgumentsAsJson => "arguments_as_json", "its input is its arguments as JSON, not a call: not run yet";
    }
}

/// A further input of a program, with its expected output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraInput {
    /// What the dataset calls it (`HumanEval_0__1`).
    pub id: String,
    /// Its own copy of the program, where the dataset keeps one (HumanEval's `__<n>` folders
    /// differ from `<id>` in layout, and some in meaning).
    pub code: Option<String>,
    pub input: String,
    pub expected: String,
}

/// Predictions, one entry per (model, program, task, sample), stored column by column.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Predictions {
    pub model: Vec<ModelIdx>,
    pub program: Vec<ProgramIdx>,
    pub task: Vec<Task>,
    pub sample: Vec<u32>,
    /// The extracted answer the judges compare with the expected output.
    pub answer: Texts,
    /// The verdict the framework stored with the prediction (CRUXEval's scores, CRUXEval-X's
    /// `res`); when present it is the verdict of every judge.
    pub stored_verdict: Vec<Option<bool>>,
    /// The input each prediction is about, where it is not the program's (see [`RawPrediction`]).
    pub input: SparseTexts,
    /// The model's raw response, when the result files keep it.
    pub response: SparseTexts,
    /// The file the answer came from, for messages and the drill-down.
    pub source_path: SharedTexts,
}

impl Predictions {
    /// Room for `rows` predictions whose answers are `answer_bytes` long in all: a million rows
    /// are read once, never copied to grow.
    fn reserve(&mut self, rows: usize, answer_bytes: usize) {
        self.model.reserve(rows);
        self.program.reserve(rows);
        self.task.reserve(rows);
        self.sample.reserve(rows);
        self.answer = Texts::with_capacity(rows, answer_bytes);
        self.stored_verdict.reserve(rows);
    }

    pub fn len(&self) -> usize {
        self.model.len()
    }

    pub fn is_empty(&self) -> bool {
        self.model.is_empty()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub benchmarks: Vec<String>,
    pub models: Vec<String>,
    pub programs: Vec<Program>,
    pub predictions: Predictions,
    /// Generic tables whose columns the user still has to map.
    pub unmapped: Vec<UnmappedTable>,
    /// What was read from each dropped file or folder.
    pub sources: Vec<SourceSummary>,
    /// Responses not read yet ([`crate::input::InputFile::unread`]): each prediction beside one
    /// (in its `predict.txt`'s folder) shows it once it is read ([`Table::accept_response`]).
    #[serde(default)]
    pub unread: BTreeSet<String>,
    /// What benchmarks stored of their programs' runs, for the tasks that ask about a run's steps
    /// (RE2-Bench's loop states and branch decisions): one per (program, task).
    #[serde(default)]
    pub stored_runs: Vec<StoredRunOf<ProgramIdx>>,
    /// The runs benchmarks stored with single predictions (CoCoNUT's `Actual`: each row's own
    /// call, judged against its own sequence), by prediction index, in its order.
    #[serde(default)]
    pub prediction_runs: Vec<(u32, StoredRun)>,
}

/// What a benchmark stored of a program's run, for one task. Readers name the program
/// (`(benchmark, id)`); the table keeps its index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredRunOf<P> {
    pub program: P,
    pub task: Task,
    pub run: StoredRun,
}

impl Table {
    /// The run `program`'s benchmark stored for `task`, if it stored one.
    pub fn stored_run(&self, program: ProgramIdx, task: Task) -> Option<&StoredRun> {
        let at = self.stored_runs.binary_search_by_key(&(program, task), |s| (s.program, s.task)).ok()?;
        Some(&self.stored_runs[at].run)
    }

    /// The run prediction `prediction` is judged against: its own, else its program's for its task.
    pub fn run_of(&self, prediction: usize) -> Option<&StoredRun> {
        let own = self.prediction_runs.binary_search_by_key(&(prediction as u32), |(i, _)| *i);
        match own {
            Ok(at) => Some(&self.prediction_runs[at].1),
            Err(_) => self.stored_run(self.predictions.program[prediction], self.predictions.task[prediction]),
        }
    }
}

impl Table {
    /// The unread responses of `program`'s predictions: what its view needs read first.
    pub fn unread_responses(&self, program: ProgramIdx) -> Vec<String> {
        if self.unread.is_empty() {
            return Vec::new(); // every drop but a loose folder's: no scan of its predictions
        }
        let mut paths = BTreeSet::new();
        for i in self.predictions_of(program) {
            if self.predictions.response.get(i).is_none() {
                paths.extend(self.unread_beside(&self.predictions.source_path[i]).cloned());
            }
        }
        paths.into_iter().collect()
    }

    /// Takes the text of the unread response at `path`: `program`'s predictions beside it show it.
    pub fn accept_response(&mut self, program: ProgramIdx, path: &str, text: &str) {
        if !self.unread.remove(path) {
            return;
        }
        for i in self.predictions_of(program).collect::<Vec<_>>() {
            let beside = folder_of(&self.predictions.source_path[i]) == folder_of(path);
            if beside && self.predictions.response.get(i).is_none() {
                self.predictions.response.set(i, text.to_owned());
            }
        }
    }

    /// The rows of `program`'s predictions.
    pub(crate) fn predictions_of(&self, program: ProgramIdx) -> impl Iterator<Item = usize> + '_ {
        (0..self.predictions.len()).filter(move |&i| self.predictions.program[i] == program)
    }

    /// The unread files in the folder of the file at `path`.
    fn unread_beside(&self, path: &str) -> impl Iterator<Item = &String> {
        let inside = format!("{}/", folder_of(path));
        let depth = inside.len();
        self.unread
            .range(inside.clone()..)
            .take_while(move |p| p.starts_with(&inside))
            .filter(move |p| !p[depth..].contains('/'))
    }
}

/// What one dropped file (or run or dataset folder) held, as its format's reader read it: shown
/// so that users see what was detected, and can correct it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceSummary {
    /// The file, or the folder of a folder layout (`ER/<model>/<bench>`, `dataset/<bench>`).
    pub source: String,
    /// The reader's formats (`exerscope / codemind` for the dataset folders both use).
    pub format: String,
    pub models: BTreeSet<String>,
    pub benchmarks: BTreeSet<String>,
    pub tasks: BTreeSet<Task>,
    pub programs: u64,
    pub predictions: u64,
}

/// A prediction as a reader finds it, before it is joined with its program.
#[derive(Clone, Debug, PartialEq)]
pub struct RawPrediction {
    pub model: String,
    pub benchmark: String,
    pub program_id: String,
    pub task: Task,
    pub sample: u32,
    pub answer: String,
    pub stored_verdict: Option<bool>,
    /// The input the prediction is about, where a program has several (REval asks about each).
    pub input: Option<String>,
    pub response: Option<String>,
    pub source_path: String,
}

/// A program as the table keeps it.
pub type Program = ProgramOf<BenchmarkIdx>;

/// A program as a reader finds it, before benchmarks are interned.
pub type RawProgram = ProgramOf<String>;

impl<B> ProgramOf<B> {
    /// The same program, its benchmark given another way (a name interned to an index).
    pub fn in_benchmark<C>(self, benchmark: C) -> ProgramOf<C> {
        let ProgramOf { benchmark: _, id, language, code, input, expected, extra_inputs, source_path, about } = self;
        ProgramOf { benchmark, id, language, code, input, expected, extra_inputs, source_path, about }
    }
}

/// Predictions whose program no input provided, counted per (model, benchmark).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unmatched {
    pub model: String,
    pub benchmark: String,
    pub count: usize,
    pub example_path: String,
    /// The first few program ids without a program, to name them, and whether there are more.
    pub example_ids: Vec<String>,
    pub more_ids: bool,
}

/// How many ids of unjoined predictions, repeated predictions and conflicting programs are named.
const EXAMPLE_IDS: usize = 5;

/// What the join found wrong with the readers' rows, to be told: predictions without a program,
/// predictions given twice, programs given twice with different contents.
#[derive(Debug, Default)]
pub struct JoinProblems {
    pub unmatched: Vec<Unmatched>,
    pub messages: Vec<crate::FileError>,
}

/// Instances of one problem, counted and named by a few ids.
#[derive(Default)]
struct Examples {
    count: usize,
    ids: Vec<String>,
}

impl Examples {
    fn add(&mut self, id: &str) {
        self.count += 1;
        if self.ids.len() < EXAMPLE_IDS && !self.ids.iter().any(|seen| seen == id) {
            self.ids.push(id.to_owned());
        }
    }

    fn named(&self) -> String {
        let more = if self.count > self.ids.len() { ", …" } else { "" };
        format!("{}{more}", self.ids.join(", "))
    }
}

/// The predictions read so far, as columns until the join: the names a million predictions
/// share (a hundred models', a few benchmarks', ten thousand programs', a hundred files') are
/// kept once each, the answers end to end. As `RawPrediction`s they cost some 320 bytes each
/// beside their answers: 330 MB of the page's worker at a million (BENCHMARKS.md).
#[derive(Default)]
struct PendingPredictions {
    model: SharedTexts,
    benchmark: SharedTexts,
    program_id: SharedTexts,
    source_path: SharedTexts,
    /// The number of each name kept so far, by column (as [`SharedTexts::push`] needs).
    known: [HashMap<String, u32>; 4],
    task: Vec<Task>,
    sample: Vec<u32>,
    stored_verdict: Vec<Option<bool>>,
    answer: Texts,
    input: SparseTexts,
    response: SparseTexts,
}

/// The names of one pending prediction.
struct PendingNames<'a> {
    model: &'a str,
    benchmark: &'a str,
    program_id: &'a str,
    source_path: &'a str,
}

impl PendingPredictions {
    fn push(&mut self, prediction: RawPrediction) {
        let [models, benchmarks, ids, paths] = &mut self.known;
        self.model.push(&prediction.model, models);
        self.benchmark.push(&prediction.benchmark, benchmarks);
        self.program_id.push(&prediction.program_id, ids);
        self.source_path.push(&prediction.source_path, paths);
        self.task.push(prediction.task);
        self.sample.push(prediction.sample);
        self.stored_verdict.push(prediction.stored_verdict);
        self.answer.push(&prediction.answer);
        self.input.push(prediction.input.as_deref());
        self.response.push(prediction.response.as_deref());
    }

    fn len(&self) -> usize {
        self.task.len()
    }

    fn names(&self, row: usize) -> PendingNames<'_> {
        PendingNames {
            model: &self.model[row],
            benchmark: &self.benchmark[row],
            program_id: &self.program_id[row],
            source_path: &self.source_path[row],
        }
    }

    /// Row `row` as the reader gave it.
    #[cfg(test)]
    fn raw(&self, row: usize) -> RawPrediction {
        let names = self.names(row);
        RawPrediction {
            model: names.model.to_owned(),
            benchmark: names.benchmark.to_owned(),
            program_id: names.program_id.to_owned(),
            task: self.task[row],
            sample: self.sample[row],
            answer: self.answer[row].to_owned(),
            stored_verdict: self.stored_verdict[row],
            input: self.input.get(row).map(str::to_owned),
            response: self.response.get(row).map(str::to_owned),
            source_path: names.source_path.to_owned(),
        }
    }
}

/// Collects what the readers find, in any order, and joins it at the end.
#[derive(Default)]
pub struct TableBuilder {
    programs: Vec<RawProgram>,
    predictions: PendingPredictions,
    stored_runs: Vec<StoredRunOf<(String, String)>>,
    /// Runs stored with single predictions, by their rows in `predictions`.
    prediction_runs: HashMap<u32, StoredRun>,
    unmapped: Vec<UnmappedTable>,
    /// The format of the reader now reading, what each source gave so far, and the source now
    /// being read.
    reading_as: String,
    sources: Vec<SourceSummary>,
    source_index: HashMap<(String, String), usize>,
    current_source: Option<usize>,
}

impl TableBuilder {
    /// What the next programs and predictions are read as (called before each reader).
    pub fn reading_as(&mut self, format: &str) {
        self.reading_as = format.to_owned();
        self.current_source = None;
    }

    /// What the next programs and predictions come from, as the page lists it: a file, or the
    /// folder of a one-folder-per-program layout (`ER/gpt-4/cruxeval`, `dataset/cruxeval`).
    /// Readers call it before adding what a file or folder holds.
    pub fn reading_from(&mut self, source: &str) {
        if self.current_source.is_some_and(|i| self.sources[i].source == source) {
            return;
        }
        let next = self.sources.len();
        let index = *self.source_index.entry((source.to_owned(), self.reading_as.clone())).or_insert(next);
        if index == next {
            self.sources.push(SourceSummary {
                source: source.to_owned(),
                format: self.reading_as.clone(),
                ..Default::default()
            });
        }
        self.current_source = Some(index);
    }

    pub fn add_program(&mut self, program: RawProgram) {
        let source = self.current_source();
        source.programs += 1;
        insert_new(&mut source.benchmarks, &program.benchmark);
        self.programs.push(program);
    }

    pub fn add_prediction(&mut self, prediction: RawPrediction) {
        let source = self.current_source();
        source.predictions += 1;
        insert_new(&mut source.models, &prediction.model);
        insert_new(&mut source.benchmarks, &prediction.benchmark);
        source.tasks.insert(prediction.task);
        self.predictions.push(prediction);
    }

    /// A prediction with the run it is judged against, when the benchmark stored one with it (not
    /// its program's: CoCoNUT judges each call against its own executed lines).
    pub fn add_prediction_with_run(&mut self, prediction: RawPrediction, run: Option<StoredRun>) {
        if let Some(run) = run {
            self.prediction_runs.insert(self.predictions.len() as u32, run);
        }
        self.add_prediction(prediction);
    }

    fn current_source(&mut self) -> &mut SourceSummary {
        let index = self.current_source.expect("readers call reading_from before adding what a source holds");
        &mut self.sources[index]
    }

    /// What the benchmark stored of the run of program `(benchmark, id)` for `task`.
    pub fn add_stored_run(&mut self, benchmark: &str, id: &str, task: Task, run: StoredRun) {
        self.stored_runs.push(StoredRunOf { program: (benchmark.to_owned(), id.to_owned()), task, run });
    }

    pub fn add_unmapped(&mut self, table: UnmappedTable) {
        self.unmapped.push(table);
    }

    /// The predictions collected so far, before the join (readers' tests look at them).
    #[cfg(test)]
    pub fn raw_predictions(&self) -> Vec<RawPrediction> {
        (0..self.predictions.len()).map(|row| self.predictions.raw(row)).collect()
    }

    /// Joins predictions with programs by (benchmark, id); benchmark names match whatever their
    /// case (`CruxEval` results, `cruxeval` dataset). Programs keep the spelling of their dataset.
    /// What is given twice is used once, the first time it was read, and told.
    pub fn finish(self) -> (Table, JoinProblems) {
        let mut sources = self.sources;
        sources.sort_by(|a, b| (&a.source, &a.format).cmp(&(&b.source, &b.format)));
        let mut table = Table { unmapped: self.unmapped, sources, ..Table::default() };
        let mut problems = JoinProblems::default();
        let mut benchmark_by_key: HashMap<String, BenchmarkIdx> = HashMap::new();
        let mut program_by_key: HashMap<(BenchmarkIdx, String), ProgramIdx> = HashMap::new();
        // Programs given twice with different contents, by (first file, second file, what differs).
        let mut conflicts: BTreeMap<(String, String, &'static str), Examples> = BTreeMap::new();
        // A stable sort: of one program's readings, the first read comes first.
        let mut programs = self.programs;
        programs.sort_by_cached_key(|p| (p.benchmark.to_lowercase(), p.id.clone()));
        for raw in programs {
            let benchmark = intern_benchmark(&mut table.benchmarks, &mut benchmark_by_key, &raw.benchmark);
            if let Some(&kept) = program_by_key.get(&(benchmark, raw.id.clone())) {
                // The same program from two files (a benchmark file and results that carry their
                // programs): what the first lacks comes from the second.
                let kept = &mut table.programs[kept as usize];
                for field in differences(kept, &raw) {
                    let key = (kept.source_path.clone(), raw.source_path.clone(), field);
                    conflicts.entry(key).or_default().add(&raw.id);
                }
                fill_in(kept, raw);
                continue;
            }
            program_by_key.insert((benchmark, raw.id.clone()), table.programs.len() as ProgramIdx);
            table.programs.push(raw.in_benchmark(benchmark));
        }
        table.stored_runs = self
            .stored_runs
            .into_iter()
            .filter_map(|StoredRunOf { program: (benchmark, id), task, run }| {
                let benchmark = benchmark_by_key.get(&benchmark.to_lowercase())?;
                let program = *program_by_key.get(&(*benchmark, id))?;
                Some(StoredRunOf { program, task, run })
            })
            .collect();
        // One per (program, task): the first read.
        table.stored_runs.sort_by_key(|s| (s.program, s.task));
        table.stored_runs.dedup_by_key(|s| (s.program, s.task));
        for ((first, second, field), examples) in conflicts {
            problems.messages.push(crate::FileError::new(
                second,
                format!(
                    "{} program(s) read before, from {first}, with another {field} ({}): the first one read is used",
                    examples.count,
                    examples.named()
                ),
            ));
        }
        // The predictions come model by model: the model being read, by rank, and its index.
        let mut current_model: Option<(u32, ModelIdx)> = None;
        let mut program_of: HashMap<(u32, u32), Option<ProgramIdx>> = HashMap::new();
        // Equal keys are one (model, program, task, sample) given again: they come one after another.
        let mut previous: Option<PredictionKey> = None;
        let mut repeated: BTreeMap<String, Examples> = BTreeMap::new();
        let mut sources = HashMap::default();
        let pending = self.predictions;
        let mut prediction_runs = self.prediction_runs;
        table.predictions.reserve(pending.len(), pending.answer.bytes());
        for (key, index) in in_prediction_order(&pending) {
            let row = index as usize;
            let names = pending.names(row);
            let PredictionKey { model: model_rank, benchmark, program: id, .. } = key;
            let program = *program_of.entry((benchmark, id)).or_insert_with(|| {
                let benchmark = benchmark_by_key.get(&names.benchmark.to_lowercase())?;
                program_by_key.get(&(*benchmark, names.program_id.to_owned())).copied()
            });
            let Some(program) = program else {
                record_unmatched(&mut problems.unmatched, &names);
                continue;
            };
            let model = match current_model {
                Some((rank, model)) if rank == model_rank => model,
                _ => {
                    table.models.push(names.model.to_owned());
                    let model = (table.models.len() - 1) as ModelIdx;
                    current_model = Some((model_rank, model));
                    model
                }
            };
            if previous.replace(key) == Some(key) {
                repeated.entry(names.source_path.to_owned()).or_default().add(names.program_id);
                continue;
            }
            let p = &mut table.predictions;
            p.model.push(model);
            p.program.push(program);
            p.task.push(pending.task[row]);
            p.sample.push(pending.sample[row]);
            p.answer.push(&pending.answer[row]);
            p.stored_verdict.push(pending.stored_verdict[row]);
            p.input.push(pending.input.get(row));
            p.response.push(pending.response.get(row));
            p.source_path.push(names.source_path, &mut sources);
            if let Some(run) = prediction_runs.remove(&index) {
                table.prediction_runs.push((p.model.len() as u32 - 1, run));
            }
        }
        for (file, examples) in repeated {
            problems.messages.push(crate::FileError::new(
                file,
                format!(
                    "{} prediction(s) given before, for the same model, program, task and sample ({}): the first one \
                     read is used",
                    examples.count,
                    examples.named()
                ),
            ));
        }
        (table, problems)
    }
}

/// Where a prediction goes in the table: its model, benchmark and program id as ranks of their
/// sorted names, then task and sample. Benchmarks rank by their lower-case names, as they are
/// joined: two predictions of one program have the same key whatever the case of its benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct PredictionKey {
    model: u32,
    benchmark: u32,
    program: u32,
    task: Task,
    sample: u32,
}

/// The predictions' keys with their indices, by (model, benchmark, program id, task, sample), those
/// read first first among equals. Sorted by the ranks of the names (each distinct name sorted
/// once), not by comparing the names of a million predictions again and again; and as small keys
/// with indices, not moving whole predictions.
fn in_prediction_order(predictions: &PendingPredictions) -> Vec<(PredictionKey, u32)> {
    let models = ranks(&predictions.model, str::to_owned);
    let benchmarks = ranks(&predictions.benchmark, str::to_lowercase);
    let programs = ranks(&predictions.program_id, str::to_owned);
    // The keys and their sort on every core (rayon; one thread in the browser).
    let mut keyed: Vec<(PredictionKey, u32)> = (0..predictions.len())
        .into_par_iter()
        .map(|row| {
            let key = PredictionKey {
                model: models[predictions.model.numbers()[row] as usize],
                benchmark: benchmarks[predictions.benchmark.numbers()[row] as usize],
                program: programs[predictions.program_id.numbers()[row] as usize],
                task: predictions.task[row],
                sample: predictions.sample[row],
            };
            (key, row as u32)
        })
        .collect();
    keyed.par_sort_unstable();
    keyed
}

/// Each distinct name's rank among the sorted `fold`s of them all (names of one fold share a
/// rank), by its number in `names`.
fn ranks(names: &SharedTexts, fold: impl Fn(&str) -> String) -> Vec<u32> {
    let folds: Vec<String> = names.distinct().iter().map(fold).collect();
    let sorted: BTreeSet<&str> = folds.iter().map(String::as_str).collect();
    let rank_of: HashMap<&str, u32> = sorted.into_iter().enumerate().map(|(rank, f)| (f, rank as u32)).collect();
    folds.iter().map(|f| rank_of[f.as_str()]).collect()
}

/// What two readings of one program disagree on (both given, and different beyond surrounding
/// white space).
fn differences(kept: &Program, other: &RawProgram) -> Vec<&'static str> {
    let differ = |a: &str, b: &str| !a.trim().is_empty() && !b.trim().is_empty() && a.trim() != b.trim();
    let mut fields = Vec::new();
    if let (Some(a), Some(b)) = (&kept.code, &other.code) {
        if differ(a, b) {
            fields.push("code");
        }
    }
    if differ(&kept.input, &other.input) {
        fields.push("input");
    }
    if differ(&kept.expected, &other.expected) {
        fields.push("expected output");
    }
    fields
}

/// Adds `name` to `set` unless it is there (without copying it when it is).
fn insert_new(set: &mut BTreeSet<String>, name: &str) {
    if !set.contains(name) {
        set.insert(name.to_owned());
    }
}

fn fill_in(kept: &mut Program, other: RawProgram) {
    if kept.input.is_empty() {
        kept.input = other.input;
    }
    if kept.expected.is_empty() {
        kept.expected = other.expected;
    }
    if kept.code.is_none() && other.code.is_some() {
        // The program's source is where its code is (results read first may name it, code-less).
        kept.code = other.code;
        kept.source_path = other.source_path;
    }
}

fn intern_benchmark(names: &mut Vec<String>, by_key: &mut HashMap<String, BenchmarkIdx>, name: &str) -> BenchmarkIdx {
    *by_key.entry(name.to_lowercase()).or_insert_with(|| {
        names.push(name.to_owned());
        (names.len() - 1) as BenchmarkIdx
    })
}

fn record_unmatched(unmatched: &mut Vec<Unmatched>, raw: &PendingNames) {
    let key = raw.benchmark.to_lowercase();
    match unmatched.iter_mut().find(|u| u.model == raw.model && u.benchmark.to_lowercase() == key) {
        Some(entry) => {
            entry.count += 1;
            if !entry.example_ids.iter().any(|id| id == raw.program_id) {
                if entry.example_ids.len() < EXAMPLE_IDS {
                    entry.example_ids.push(raw.program_id.to_owned());
                } else {
                    entry.more_ids = true;
                }
            }
        }
        None => unmatched.push(Unmatched {
            model: raw.model.to_owned(),
            benchmark: raw.benchmark.to_owned(),
            count: 1,
            example_path: raw.source_path.to_owned(),
            example_ids: vec![raw.program_id.to_owned()],
            more_ids: false,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_source_tells_its_format_models_tasks_and_counts() {
        let mut builder = TableBuilder::default();
        builder.reading_as("exerscope");
        builder.reading_from("dataset/b");
        builder.add_program(program("b", "1"));
        builder.reading_from("ER/m/b");
        builder.add_prediction(prediction("m", "b", "1"));
        builder.reading_from("ER/n/b");
        builder.add_prediction(prediction("n", "b", "1"));
        builder.reading_from("ER/m/b");
        let (table, _) = builder.finish();
        let sources: Vec<_> =
            table.sources.iter().map(|s| (s.source.as_str(), s.format.as_str(), s.programs, s.predictions)).collect();
        assert_eq!(
            sources,
            [("ER/m/b", "exerscope", 0, 1), ("ER/n/b", "exerscope", 0, 1), ("dataset/b", "exerscope", 1, 0)]
        );
        assert_eq!(table.sources[0].tasks, [Task::Output].into());
    }

    fn program(benchmark: &str, id: &str) -> RawProgram {
        RawProgram {
            benchmark: benchmark.into(),
            id: id.into(),
            language: Language::Python,
            code: Some("x = 1".into()),
            input: "f()".into(),
            expected: "1".into(),
            extra_inputs: Vec::new(),
            about: Default::default(),
            source_path: format!("dataset/{benchmark}/{id}/main.py"),
        }
    }

    fn prediction(model: &str, benchmark: &str, id: &str) -> RawPrediction {
        RawPrediction {
            model: model.into(),
            benchmark: benchmark.into(),
            program_id: id.into(),
            task: Task::Output,
            sample: 0,
            answer: "1".into(),
            stored_verdict: None,
            input: None,
            response: None,
            source_path: format!("ER/{model}/{benchmark}/{id}/predict.txt"),
        }
    }

    #[test]
    fn the_names_predictions_share_are_kept_once_until_the_join() {
        let mut builder = TableBuilder::default();
        builder.reading_from("test");
        for id in ["1", "2", "1"] {
            builder.add_prediction(prediction("m", "b", id));
        }
        let pending = &builder.predictions;
        let distinct = |names: &SharedTexts| names.distinct().len();
        assert_eq!((distinct(&pending.model), distinct(&pending.benchmark), distinct(&pending.program_id)), (1, 1, 2));
        assert_eq!(
            builder.raw_predictions(),
            [prediction("m", "b", "1"), prediction("m", "b", "2"), prediction("m", "b", "1")]
        );
    }

    #[test]
    fn joins_whatever_the_order_and_the_case_of_benchmark_names() {
        let mut builder = TableBuilder::default();
        builder.reading_from("test");
        builder.add_prediction(prediction("m", "CruxEval", "s1"));
        builder.add_program(program("cruxeval", "s1"));
        builder.add_program(program("cruxeval", "s0"));
        let (table, problems) = builder.finish();
        assert!(problems.unmatched.is_empty());
        assert_eq!(table.benchmarks, ["cruxeval"]);
        assert_eq!(table.predictions.len(), 1);
        assert_eq!(table.programs[table.predictions.program[0] as usize].id, "s1");
    }

    #[test]
    fn predictions_without_a_program_are_counted_not_dropped_silently() {
        let mut builder = TableBuilder::default();
        builder.reading_from("test");
        builder.add_program(program("b", "1"));
        builder.add_prediction(prediction("m", "b", "2"));
        builder.add_prediction(prediction("m", "b", "3"));
        builder.add_prediction(prediction("m", "other", "1"));
        let (table, JoinProblems { unmatched, .. }) = builder.finish();
        assert!(table.predictions.is_empty());
        assert_eq!(unmatched.len(), 2);
        assert_eq!((unmatched[0].benchmark.as_str(), unmatched[0].count), ("b", 2));
        assert_eq!((unmatched[1].benchmark.as_str(), unmatched[1].count), ("other", 1));
    }

    #[test]
    fn a_prediction_given_twice_is_used_once_and_told() {
        let mut builder = TableBuilder::default();
        builder.reading_from("test");
        builder.add_program(program("b", "1"));
        builder.add_program(program("b", "2"));
        // The second time under another spelling of the benchmark: still the same program.
        for (id, path, benchmark) in
            [("1", "a.json", "B"), ("2", "a.json", "B"), ("1", "loop/a.json", "b"), ("2", "loop/a.json", "B")]
        {
            builder.add_prediction(RawPrediction { source_path: path.into(), ..prediction("m", benchmark, id) });
        }
        let (table, problems) = builder.finish();
        assert_eq!(table.predictions.len(), 2);
        assert_eq!(table.predictions.source_path, ["a.json", "a.json"], "the first one read");
        let told: Vec<String> = problems.messages.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            told,
            ["loop/a.json: 2 prediction(s) given before, for the same model, program, task and sample (1, 2): the \
              first one read is used"]
        );
    }

    #[test]
    fn a_program_given_twice_with_other_contents_is_told() {
        let mut builder = TableBuilder::default();
        builder.reading_from("test");
        builder.add_program(program("b", "1"));
        builder.add_program(RawProgram { source_path: "b.jsonl".into(), ..program("B", "1") });
        builder.add_program(RawProgram {
            code: Some("x = 2".into()),
            source_path: "b.jsonl".into(),
            ..program("B", "1")
        });
        builder.add_program(RawProgram {
            code: Some("x = 2".into()),
            expected: "2".into(),
            source_path: "c.jsonl".into(),
            ..program("B", "1")
        });
        let (table, problems) = builder.finish();
        assert_eq!(table.programs.len(), 1);
        assert_eq!(table.programs[0].code.as_deref(), Some("x = 1"), "the first one read");
        let told: Vec<String> = problems.messages.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            told,
            [
                "b.jsonl: 1 program(s) read before, from dataset/b/1/main.py, with another code (1): the first one read is used",
                "c.jsonl: 1 program(s) read before, from dataset/b/1/main.py, with another code (1): the first one read is used",
                "c.jsonl: 1 program(s) read before, from dataset/b/1/main.py, with another expected output (1): the first one read is used",
            ]
        );
    }
}
