//! RE2-Bench (Intelligent-CAT-Lab), as its repository lays it out:
//!
//! - `dataset/re2-bench/re2bench_lite_problems.json`: `{"HC": {problem_id: {benchmark,
//!   input-output}}, "LC": {…}}` — the 500 problems, their source (`Swebench`, `Real`, `cruxeval`,
//!   `HumanEval`, `Classeval`, `Avatar`) and difficulty (HC: difficult, LC: easy);
//! - `dataset/re2-bench/code/<file>.py`: each problem's code, and
//!   `dataset/re2-bench/input-output/<source>/<file>.jsonl`: its calls' inputs and return values
//!   (the problem's is line `input-output`); file names derived from the problem id as
//!   [`code_file`] and [`io_file`] say;
//! - `results/validations/<model>_<input|output>[_prediction_<ablation>].csv`: RE2-Bench's own
//!   verdicts (`rs`), used as stored — every run comes from one of them;
//! - `results/summary/<model>_<input|output>_prediction[_<ablation>].jsonl`: the answers;
//! - `results/<input|output>_prediction[_<ablation>]/<model>/<HC|LC>/<problem_id>.txt`: the raw
//!   responses.
//!
//! The ablations `wocot` and `wohint` are prompt settings of their own, named beside the model.
//! Of its `analysis/`, the failure reports (`false_prediction_reports/<model>_<task>_false_reports.json`:
//! each failed problem's causes, by its input-output name) give each problem listed there its
//! causes as a program attribute; the rest of `analysis/`, loop and branch prediction and its
//! `dependency/` are taken and named once.

use super::json_input::{csv_rows, first_line, parse_json, parse_json_lines, parse_python_json};
use super::{Format, Reader, Reading};
use crate::diagnostics::{utf8_text, FileError};
use crate::input::{folder_of, InputFile};
use crate::intermediate::{answer_of, StoredRun};
use crate::table::{Language, NotRun, ProgramNotes, RawPrediction, RawProgram, TableBuilder, Task};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};

pub struct Re2Bench;

/// The benchmark's name in every view.
pub const BENCHMARK: &str = "RE2-Bench";
/// The folder of its dataset.
const DATASET_FOLDER: &str = "re2-bench";
/// The header a validation file begins with.
const VALIDATION_HEADER: &str = "case_name,benchmark,rs,partial_rs";
/// Its prompt settings besides the default: the file-name suffix and how the model is named.
const SETTINGS: &[(&str, &str)] = &[("wocot", "no CoT"), ("wohint", "no hint")];

/// A problem of the problems file.
#[derive(Deserialize)]
struct Problem {
    benchmark: String,
    #[serde(rename = "input-output")]
    input_output: usize,
}

/// A line of `input-output/<source>/<file>.jsonl`.
#[derive(Deserialize)]
struct Call {
    values: CallValues,
}

/// A function's arguments and return value, or (Avatar) a script's standard input and output.
#[derive(Deserialize)]
#[serde(untagged)]
enum CallValues {
    Function {
        inputs: serde_json::Value,
        #[serde(rename = "return")]
        returned: serde_json::Value,
    },
    Script {
        input: serde_json::Value,
        output: serde_json::Value,
    },
}

/// A line of a summary file.
#[derive(Deserialize)]
struct Answer {
    prediction: serde_json::Value,
    problem_id: String,
}

/// A row of a validation file.
#[derive(Deserialize)]
struct Verdict {
    case_name: String,
    benchmark: String,
    rs: u8,
    difficulty_level: String,
}

/// One run: a model under a prompt setting, on a task.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Run {
    model: String,
    task: Task,
    /// `wocot`, `wohint`, or empty.
    setting: String,
}

impl Run {
    /// The model as the views name it: `cwm`, `cwm (no CoT)`.
    fn model_name(&self) -> String {
        match SETTINGS.iter().find(|(suffix, _)| *suffix == self.setting) {
            Some((_, label)) => format!("{} ({label})", self.model),
            None => self.model.clone(),
        }
    }

    /// The folder of its raw responses: `output_prediction_wocot`.
    fn response_folder(&self) -> String {
        let task = if self.task == Task::Input { "input_prediction" } else { "output_prediction" };
        if self.setting.is_empty() {
            task.to_owned()
        } else {
            format!("{task}_{}", self.setting)
        }
    }
}

/// `cwm_input.csv`, `cwm_output_prediction_wocot.csv`, `cwm_input_prediction.jsonl`: the run a
/// validation or summary file is of, from its stem.
fn run_of(stem: &str) -> Option<Run> {
    for (task, name) in [(Task::Input, "input"), (Task::Output, "output")] {
        for (setting, _) in SETTINGS.iter().copied().chain([("", "")]) {
            let suffixes = if setting.is_empty() {
                vec![format!("_{name}_prediction"), format!("_{name}")]
            } else {
                vec![format!("_{name}_prediction_{setting}")]
            };
            for suffix in suffixes {
                if let Some(model) = stem.strip_suffix(&suffix).filter(|m| !m.is_empty()) {
                    return Some(Run { model: model.to_owned(), task, setting: setting.to_owned() });
                }
            }
        }
    }
    None
}

/// The file of a problem's code in `code/`.
pub fn code_file(problem_id: &str, source: &str) -> String {
    match source {
        "cruxeval" => format!("{}.py", problem_id.replace("sample", "cruxeval")),
        "Classeval" => format!("{}.py", problem_id.rsplit('@').next().unwrap_or(problem_id)),
        _ => format!("{problem_id}.py"),
    }
}

/// The file of a problem's calls in `input-output/<source>/`, which is also the `case_name` of
/// its validation rows — RE2-Bench's own `find_io_index`, its Python `rstrip(".py")` (which strips
/// any of `.`, `p`, `y`: `radsimp.py` → `radsim`) included.
pub fn io_file(problem_id: &str, source: &str) -> String {
    match source {
        "Swebench" => {
            let parts: Vec<&str> = problem_id.split("@@").collect();
            let module = parts.get(1).map_or("", |m| m.trim_end_matches(['.', 'p', 'y']));
            format!("{}@@{module}.{}.jsonl", parts[0], parts.get(2).unwrap_or(&""))
        }
        "cruxeval" => format!("{}.jsonl", problem_id.replace("sample", "cruxeval")),
        "Classeval" => format!("{}.jsonl", problem_id.rsplit('@').next().unwrap_or(problem_id).replace('.', "@")),
        _ => format!("{problem_id}.jsonl"),
    }
}

/// The tasks of its problems file's problems (and of the validations).
const IO_TASKS: [Task; 2] = [Task::Input, Task::Output];

/// The problem sources, as RE2-Bench names them.
const SOURCES: &[&str] = &["Swebench", "Real", "cruxeval", "HumanEval", "Classeval", "Avatar"];

/// What a file of RE2-Bench's repository is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Part {
    Problems,
    Code,
    Calls,
    Summary,
    Validation,
    ValidationMetadata,
    Response,
    /// `loop/` and `branch/` beside the true states: named only.
    Intermediate,
    /// `loop|branch/<easy|difficult>/<id>.json`: the true loop states and branch outcomes.
    Truth,
    /// `results/<loop|branch>_prediction/<model>/<HC|LC>/<id>.txt`: an answer, judged by
    /// RE2-Bench's own validator ([`crate::intermediate`]).
    IntermediateAnswer,
    /// `dependency/`: the projects' code the functions import.
    Dependency,
    /// Its own analysis scripts and results.
    Analysis,
    /// `analysis/false_prediction_reports/*_false_reports.json`: its failure taxonomy.
    FailureReport,
}

impl Part {
    fn what(self) -> &'static str {
        match self {
            Part::Intermediate => "of loop and branch prediction, neither true states nor answers: not read",
            Part::Dependency => "the code of the projects its functions import: not needed to measure them",
            Part::Analysis => "RE2-Bench's own analysis scripts and their results: exerscope computes its own",
            Part::ValidationMetadata => "RE2-Bench's totals of its validation files: checked against their rows",
            _ => "",
        }
    }
}

/// Which part of RE2-Bench a file is, by where it lies (and, for results, by its name).
fn part_of(file: &InputFile) -> Option<Part> {
    let components = file.components();
    let name = file.file_name();
    if let Some(at) = components.iter().position(|c| *c == DATASET_FOLDER) {
        let inside = &components[at + 1..];
        return match inside {
            [_] if name.ends_with("_problems.json") => Some(Part::Problems),
            ["code", _] if name.ends_with(".py") => Some(Part::Code),
            ["input-output", _, _] if name.ends_with(".jsonl") => Some(Part::Calls),
            ["loop" | "branch", "easy" | "difficult", _] if name.ends_with(".json") => Some(Part::Truth),
            ["loop" | "branch", ..] => Some(Part::Intermediate),
            ["dependency", ..] => Some(Part::Dependency),
            _ => None,
        };
    }
    let at = components.iter().rposition(|c| *c == "results")?;
    match &components[at + 1..] {
        ["summary", _] if name.ends_with(".jsonl") && run_of(name.trim_end_matches(".jsonl")).is_some() => {
            first_line(file).contains("\"problem_id\"").then_some(Part::Summary)
        }
        ["validations", _] if name.ends_with("_metadata.json") => Some(Part::ValidationMetadata),
        ["validations", _] if name.ends_with(".csv") => {
            first_line(file).starts_with(VALIDATION_HEADER).then_some(Part::Validation)
        }
        [task, _, "HC" | "LC", _] if name.ends_with(".txt") => {
            if *task == "loop_prediction" || *task == "branch_prediction" {
                Some(Part::IntermediateAnswer)
            } else {
                (run_of(&format!("m_{task}")).is_some()).then_some(Part::Response)
            }
        }
        _ => None,
    }
}

/// Whether RE2-Bench's reader names the file at `path` without reading it: its `dependency/`
/// code, images.
pub fn named_only(path: &str) -> bool {
    let image = [".jpeg", ".jpg", ".png", ".pdf"].iter().any(|extension| path.ends_with(extension));
    let mut components = path.split('/');
    let in_dataset =
        components.by_ref().any(|c| c == DATASET_FOLDER) && matches!(components.next(), Some("dependency"));
    image || in_dataset
}

/// RE2-Bench's `analysis/` folder: the one holding its `construct_analysis.py`.
fn analysis_folders(files: &[InputFile], unclaimed: &[usize]) -> Vec<String> {
    let marker = |i: &usize| files[*i].file_name() == "construct_analysis.py";
    unclaimed.iter().filter(|i| marker(i)).map(|&i| format!("{}/", folder_of(&files[i].path))).collect()
}

impl Reader for Re2Bench {
    fn formats(&self) -> &'static [Format] {
        &[Format::Re2Bench]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let analysis = analysis_folders(files, unclaimed);
        let mut parts: BTreeMap<usize, Part> = BTreeMap::new();
        for &i in unclaimed.iter() {
            let in_analysis = analysis.iter().any(|folder| files[i].path.starts_with(folder));
            let part = match in_analysis {
                true if files[i].file_name().ends_with("_false_reports.json") => Some(Part::FailureReport),
                true => Some(Part::Analysis),
                false => part_of(&files[i]),
            };
            if let Some(part) = part {
                parts.insert(i, part);
            }
        }
        if parts.is_empty() {
            return;
        }
        unclaimed.retain(|i| !parts.contains_key(i));
        let of = |wanted: Part| parts.iter().filter(move |(_, &p)| p == wanted).map(|(&i, _)| &files[i]);
        let Reading { builder, errors, .. } = out;
        name_the_rest(&parts, files, errors);
        let problems = read_problems(of(Part::Problems), errors);
        let answers = read_answers(of(Part::Summary), errors);
        let mut responses = read_responses(of(Part::Response), errors);
        let verdicts: Vec<&InputFile> = of(Part::Validation).collect();
        let totals: HashMap<&str, &InputFile> =
            of(Part::ValidationMetadata).map(|f| (f.file_name().trim_end_matches("_metadata.json"), f)).collect();
        let ids = IdMap::new(&problems, &answers);
        let causes = read_failure_causes(of(Part::FailureReport), errors);
        let truths: Vec<&InputFile> = of(Part::Truth).collect();
        let mut programs = ProgramsRead { causes, truth_tasks: truth_tasks(&truths), ..Default::default() };
        let code: HashMap<&str, &InputFile> = of(Part::Code).map(|f| (f.file_name(), f)).collect();
        add_programs(&problems, &code, of(Part::Calls).collect(), builder, errors, &mut programs);
        let sources = Sources { ids: &ids, answers: &answers, responses: &mut responses, totals: &totals };
        let validated = read_validations(&verdicts, sources, builder, errors, &mut programs);
        tell_unvalidated(&answers, &validated, errors);
        let intermediate = Intermediate { truths, answers: of(Part::IntermediateAnswer).collect() };
        read_intermediate(intermediate, &code, builder, errors, &mut programs);
        tell_unused_code(&code, &programs, errors);
        add_programs_of_validations(programs, builder);
    }
}

/// One message per part that exerscope takes without reading (loop and branch, dependencies,
/// analysis, metadata), at the folder holding them all.
fn name_the_rest(parts: &BTreeMap<usize, Part>, files: &[InputFile], errors: &mut Vec<FileError>) {
    let mut named: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (&i, &part) in parts {
        let what = part.what();
        if !what.is_empty() {
            named.entry(what).or_default().push(folder_of(&files[i].path));
        }
    }
    for (what, folders) in named {
        let count = folders.len();
        let place = crate::input::common_folder(folders.iter().copied());
        errors.push(FileError::new(
            if place.is_empty() { folders[0] } else { place },
            format!("{count} file(s): {what}"),
        ));
    }
}

/// Problem id → (source, difficulty, index of its call).
type Problems = BTreeMap<String, (String, &'static str, usize)>;

fn read_problems<'a>(files: impl Iterator<Item = &'a InputFile>, errors: &mut Vec<FileError>) -> Problems {
    let mut problems = Problems::new();
    for file in files {
        match parse_json::<BTreeMap<String, BTreeMap<String, Problem>>>(file) {
            Ok(levels) => {
                for (level, of_level) in levels {
                    let difficulty = match level.as_str() {
                        "HC" => "difficult",
                        "LC" => "easy",
                        _ => {
                            errors.push(FileError::new(&file.path, format!("level {level:?} is neither HC nor LC")));
                            continue;
                        }
                    };
                    for (id, problem) in of_level {
                        problems.insert(id, (problem.benchmark, difficulty, problem.input_output));
                    }
                }
            }
            Err(e) => errors.push(e),
        }
    }
    problems
}

/// The answers of each run, by problem id, and where they were read.
type Answers = BTreeMap<Run, (String, HashMap<String, String>)>;

fn read_answers<'a>(files: impl Iterator<Item = &'a InputFile>, errors: &mut Vec<FileError>) -> Answers {
    let mut answers = Answers::new();
    for file in files {
        let Some(run) = run_of(file.file_name().trim_end_matches(".jsonl")) else { continue };
        let mut of_run = HashMap::new();
        for (_, answer) in parse_json_lines::<Answer>(file, errors) {
            of_run.insert(answer.problem_id, answer_text(answer.prediction, run.task));
        }
        if of_run.is_empty() {
            errors.push(FileError::new(&file.path, "no answers in it (empty)"));
            continue;
        }
        answers.insert(run, (file.path.clone(), of_run));
    }
    answers
}

/// An answer as text: an output prediction's `output` (a string as it is, anything else as
/// JSON); an input prediction's `self`, `args` and `kwargs` as JSON.
fn answer_text(prediction: serde_json::Value, task: Task) -> String {
    let value = match (task, prediction) {
        (Task::Output, serde_json::Value::Object(mut fields)) if fields.contains_key("output") => {
            fields.remove("output").unwrap_or_default()
        }
        (_, other) => other,
    };
    match value {
        serde_json::Value::String(text) => text,
        other => other.to_string(),
    }
}

/// The raw responses, by (response folder, model, problem id).
type Responses = HashMap<(String, String, String), String>;

fn read_responses<'a>(files: impl Iterator<Item = &'a InputFile>, errors: &mut Vec<FileError>) -> Responses {
    let mut responses = Responses::new();
    for file in files {
        let components = file.components();
        let [.., task, model, _, name] = components[..] else { continue };
        if let Ok(text) = utf8_text(&file.path, &file.bytes).map_err(|e| errors.push(e)) {
            let id = name.trim_end_matches(".txt").to_owned();
            responses.insert((task.to_owned(), model.to_owned(), id), text);
        }
    }
    responses
}

/// A validation row's `case_name` → its problem id: through the problems file, as RE2-Bench's
/// `correlation_analysis.py` maps them, else through the answers' problem ids.
struct IdMap(HashMap<String, String>);

impl IdMap {
    fn new(problems: &Problems, answers: &Answers) -> IdMap {
        let mut map = HashMap::new();
        for (id, (source, ..)) in problems {
            map.insert(io_file(id, source), id.clone());
        }
        // The runs answer the same problems: each id once.
        let answered: std::collections::BTreeSet<&String> =
            answers.values().flat_map(|(_, of_run)| of_run.keys()).collect();
        for id in answered {
            for source in SOURCES {
                map.entry(io_file(id, source)).or_insert_with(|| id.clone());
            }
        }
        IdMap(map)
    }

    /// The problem id of a row of `source`; without a mapping, the case name read back where
    /// that can be done (`cruxeval_7.jsonl` → `sample_7`), else without its `.jsonl`.
    fn problem_id(&self, case_name: &str, source: &str) -> String {
        match self.0.get(case_name) {
            Some(id) => id.clone(),
            None if source == "cruxeval" => case_name.trim_end_matches(".jsonl").replacen("cruxeval", "sample", 1),
            None => case_name.trim_end_matches(".jsonl").to_owned(),
        }
    }
}

/// The programs added, and those the validations name without a problems file (added code-less,
/// with the source and difficulty the rows give); the failure causes they are given.
#[derive(Default)]
struct ProgramsRead {
    added: std::collections::HashSet<String>,
    /// Each added program's code file in `code/`.
    code_of: HashMap<String, String>,
    /// The tasks of loop and branch prediction that have a problem's true states.
    truth_tasks: HashMap<String, Vec<Task>>,
    from_validations: BTreeMap<String, RawProgram>,
    causes: FailureCauses,
}

impl ProgramsRead {
    /// What RE2-Bench says of a problem: its source, difficulty and failure causes, and why it is
    /// not run — but Avatar's scripts, which run on their standard input as ExeRScope's do.
    fn notes(&self, id: &str, io_name: &str, source: &str, difficulty: &str, asked: &[Task]) -> ProgramNotes {
        let not_run = match source {
            "Swebench" | "Real" => Some(NotRun::NeedsProject),
            "Avatar" => None,
            _ => Some(NotRun::ArgumentsAsJson),
        };
        let mut attributes =
            vec![("source".to_owned(), source.to_owned()), ("difficulty".to_owned(), difficulty.to_owned())];
        if let Some(causes) = self.causes.get(io_name.trim_end_matches(".jsonl")) {
            let none = [NO_CAUSE.to_owned()];
            let values = if causes.is_empty() { &none[..] } else { &causes[..] };
            attributes.extend(values.iter().map(|cause| (FAILURE_CAUSE.to_owned(), cause.clone())));
        }
        let mut asked_in = asked.to_vec();
        asked_in.extend(self.truth_tasks.get(id).into_iter().flatten());
        ProgramNotes { attributes, not_run, asked_in }
    }
}

/// The attribute RE2-Bench's failure taxonomy gives a problem, once per cause.
pub const FAILURE_CAUSE: &str = "failure cause";
/// Its value for a problem its taxonomy lists without a cause.
const NO_CAUSE: &str = "none found";

/// A failed problem's causes by its input-output name (no `.jsonl`): the same in every report
/// (RE2-Bench derives them from the problem alone, `false_prediction_taxonomy.py`).
type FailureCauses = HashMap<String, Vec<String>>;

fn read_failure_causes<'a>(files: impl Iterator<Item = &'a InputFile>, errors: &mut Vec<FileError>) -> FailureCauses {
    let mut causes = FailureCauses::new();
    let mut folder = None;
    for file in files {
        folder.get_or_insert_with(|| folder_of(&file.path).to_owned());
        match parse_json::<BTreeMap<String, Vec<String>>>(file) {
            Ok(report) => causes.extend(report),
            Err(e) => errors.push(e),
        }
    }
    if let Some(folder) = folder {
        errors.push(FileError::new(
            folder,
            format!(
                "RE2-Bench's failure causes of {} problem(s), those a model of its reports failed, as the program \
                 attribute \"{FAILURE_CAUSE}\" (the others have none: it names causes only of failures)",
                causes.len()
            ),
        ));
    }
    causes
}

fn add_programs(
    problems: &Problems,
    code: &HashMap<&str, &InputFile>,
    calls: Vec<&InputFile>,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
    programs: &mut ProgramsRead,
) {
    if problems.is_empty() {
        if let Some(example) = code.values().next() {
            errors.push(FileError::new(
                folder_of(&example.path),
                format!(
                    "{} code file(s) without re2bench_lite_problems.json beside them: which problem each is \
                     cannot be told; not read",
                    code.len()
                ),
            ));
        }
        return;
    }
    let calls: HashMap<(&str, &str), &InputFile> = calls
        .into_iter()
        .filter_map(|f| Some(((f.components().iter().rev().nth(1).copied()?, f.file_name()), f)))
        .collect();
    let source_folder = builder_source(problems, code);
    builder.reading_from(&source_folder);
    let (mut without_code, mut without_calls) = (Vec::new(), Vec::new());
    for (id, (source, difficulty, call)) in problems {
        let file = code.get(code_file(id, source).as_str());
        if file.is_none() {
            without_code.push(id.as_str());
        }
        let text = file.and_then(|f| utf8_text(&f.path, &f.bytes).map_err(|e| errors.push(e)).ok());
        let (input, expected) = match calls.get(&(source.as_str(), io_file(id, source).as_str())) {
            Some(file) => call_values(file, *call, errors).unwrap_or_default(),
            None => {
                without_calls.push(io_file(id, source));
                Default::default()
            }
        };
        programs.added.insert(id.clone());
        programs.code_of.insert(id.clone(), code_file(id, source));
        builder.add_program(RawProgram {
            benchmark: BENCHMARK.to_owned(),
            id: id.clone(),
            language: Language::Python,
            code: text,
            input,
            expected,
            extra_inputs: Vec::new(),
            source_path: file.map_or_else(|| format!("{source_folder} ({id})"), |f| f.path.clone()),
            about: programs.notes(id, &io_file(id, source), source, difficulty, &IO_TASKS),
        });
    }
    if !without_code.is_empty() {
        errors.push(FileError::new(
            &source_folder,
            format!(
                "{} problem(s) without their code file in code/ (e.g. {}): judged, not measured",
                without_code.len(),
                without_code[0]
            ),
        ));
    }
    if !without_calls.is_empty() && !calls.is_empty() {
        let named: Vec<&str> = without_calls.iter().take(3).map(String::as_str).collect();
        let more = if without_calls.len() > 3 { ", …" } else { "" };
        errors.push(FileError::new(
            &source_folder,
            format!(
                "{} problem(s) without their input-output/ file ({}{more}): their input and output are unknown",
                without_calls.len(),
                named.join(", ")
            ),
        ));
    } else if calls.is_empty() {
        errors.push(FileError::new(
            &source_folder,
            "no input-output/ folder (122 MB, left out of some copies): the problems' inputs and outputs are unknown; \
             their verdicts are RE2-Bench's own",
        ));
    }
}

/// The code files of `code/` no problem of the problems file, loop or branch prediction uses.
fn tell_unused_code(code: &HashMap<&str, &InputFile>, programs: &ProgramsRead, errors: &mut Vec<FileError>) {
    let used =
        programs.added.iter().filter(|id| programs.code_of.get(*id).is_some_and(|f| code.contains_key(f.as_str())));
    let others = code.len().saturating_sub(used.count());
    if let (true, Some(example)) = (others > 0, code.values().next()) {
        errors.push(FileError::new(
            folder_of(&example.path),
            format!("{others} code file(s) of problems outside RE2-Bench lite (its problems file): not analysed"),
        ));
    }
}

/// The folder the programs are read from, for the page's list of sources.
fn builder_source(problems: &Problems, code: &HashMap<&str, &InputFile>) -> String {
    let example = problems.iter().find_map(|(id, (source, ..))| code.get(code_file(id, source).as_str()));
    example.map_or_else(|| BENCHMARK.to_owned(), |f| folder_of(&f.path).to_owned())
}

/// The problem's input (its `self`, `args`, `kwargs` as JSON) and its return value (JSON), from
/// line `index` (from 0) of its calls' file.
fn call_values(file: &InputFile, index: usize, errors: &mut Vec<FileError>) -> Option<(String, String)> {
    let text = utf8_text(&file.path, &file.bytes).map_err(|e| errors.push(e)).ok()?;
    let Some(line) = text.lines().filter(|l| !l.trim().is_empty()).nth(index) else {
        errors.push(FileError::new(&file.path, format!("no call #{index} (it has fewer lines)")));
        return None;
    };
    match parse_python_json::<Call>(line) {
        Ok(Call { values: CallValues::Function { inputs, returned } }) => {
            Some((inputs.to_string(), json_text(returned)))
        }
        Ok(Call { values: CallValues::Script { input, output } }) => Some((json_text(input), json_text(output))),
        Err(e) => {
            errors.push(FileError::at_line(&file.path, index + 1, format!("not a call's values: {e}")));
            None
        }
    }
}

fn json_text(value: serde_json::Value) -> String {
    match value {
        serde_json::Value::String(text) => text,
        other => other.to_string(),
    }
}

/// Each validation file's rows as predictions with RE2-Bench's verdict (`rs`), the run's answers
/// and responses joined by problem id. Returns the runs read.
fn read_validations(
    files: &[&InputFile],
    sources: Sources<'_>,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
    programs: &mut ProgramsRead,
) -> Vec<Run> {
    let Sources { ids, answers, responses, totals } = sources;
    let mut validated = Vec::new();
    for file in files {
        let Some(run) = run_of(file.file_name().trim_end_matches(".csv")) else {
            errors.push(FileError::new(&file.path, "cannot tell the model and task from its name; skipped"));
            continue;
        };
        builder.reading_from(&file.path);
        let run_answers = answers.get(&run).map(|(_, of_run)| of_run);
        if run_answers.is_none() {
            errors.push(FileError::new(
                &file.path,
                format!(
                    "no answers of {} (results/summary/{}.jsonl): its verdicts are counted, its answers unknown",
                    run.model_name(),
                    summary_stem(&run)
                ),
            ));
        }
        let (model, response_folder) = (run.model_name(), run.response_folder());
        let (mut right, mut rows) = (0, 0);
        for (_, verdict) in csv_rows::<Verdict>(file, "validation", errors) {
            let id = ids.problem_id(&verdict.case_name, &verdict.benchmark);
            if !programs.added.contains(&id) && !programs.from_validations.contains_key(&id) {
                let about =
                    programs.notes(&id, &verdict.case_name, &verdict.benchmark, &verdict.difficulty_level, &IO_TASKS);
                programs.from_validations.insert(
                    id.clone(),
                    RawProgram {
                        benchmark: BENCHMARK.to_owned(),
                        id: id.clone(),
                        language: Language::Python,
                        code: None,
                        input: String::new(),
                        expected: String::new(),
                        extra_inputs: Vec::new(),
                        source_path: format!("{} ({id})", file.path),
                        about,
                    },
                );
            }
            (right, rows) = (right + usize::from(verdict.rs == 1), rows + 1);
            // Each response answers one row: taken, not copied.
            let response = responses.remove(&(response_folder.clone(), run.model.clone(), id.clone()));
            builder.add_prediction(RawPrediction {
                model: model.clone(),
                benchmark: BENCHMARK.to_owned(),
                answer: run_answers.and_then(|a| a.get(&id)).cloned().unwrap_or_default(),
                program_id: id,
                task: run.task,
                sample: 0,
                stored_verdict: Some(verdict.rs == 1),
                input: None,
                response,
                source_path: file.path.clone(),
            });
        }
        if let Some(metadata) = totals.get(file.file_name().trim_end_matches(".csv")) {
            check_totals(metadata, right, rows, errors);
        }
        validated.push(run);
    }
    validated
}

/// What the validations are read with.
struct Sources<'a> {
    ids: &'a IdMap,
    answers: &'a Answers,
    responses: &'a mut Responses,
    /// Each validation file's `_metadata.json`, by the validation file's stem.
    totals: &'a HashMap<&'a str, &'a InputFile>,
}

/// RE2-Bench's totals of a validation file: its problems (`difficult_number + easy_number`) and
/// share right (`total_rs`), told where they differ from the rows read.
fn check_totals(metadata: &InputFile, right: usize, rows: usize, errors: &mut Vec<FileError>) {
    #[derive(Deserialize)]
    struct Totals {
        difficult_number: usize,
        easy_number: usize,
        total_rs: f64,
    }
    match parse_json::<Totals>(metadata) {
        Ok(totals) => {
            let problems = totals.difficult_number + totals.easy_number;
            let rate = right as f64 / rows.max(1) as f64;
            if problems != rows || (totals.total_rs - rate).abs() > 1e-9 {
                errors.push(FileError::new(
                    &metadata.path,
                    format!(
                        "says {problems} problems, {:.4} right; its validation file's rows give {rows}, {rate:.4}: the \
                         rows are used",
                        totals.total_rs
                    ),
                ));
            }
        }
        Err(e) => errors.push(e),
    }
}

fn summary_stem(run: &Run) -> String {
    format!("{}_{}", run.model, run.response_folder())
}

/// Answers without a validation file: RE2-Bench has not judged them, and exerscope cannot judge
/// them its way (its validators compare structured values): said, not analysed.
fn tell_unvalidated(answers: &Answers, validated: &[Run], errors: &mut Vec<FileError>) {
    for (run, (path, of_run)) in answers {
        if !validated.contains(run) {
            errors.push(FileError::new(
                path,
                format!(
                    "{} answers of {} without RE2-Bench's verdicts (no results/validations/ file of this run): not \
                     analysed",
                    of_run.len(),
                    run.model_name()
                ),
            ));
        }
    }
}

/// Loop and branch prediction: the true states and outcomes, and the answers.
struct Intermediate<'a> {
    truths: Vec<&'a InputFile>,
    answers: Vec<&'a InputFile>,
}

/// The task of a folder of loop or branch prediction: `loop`, `loop_prediction`, `branch`, ….
fn task_of_folder(folder: &str) -> Task {
    if folder.starts_with("loop") {
        Task::Loop
    } else {
        Task::Branch
    }
}

/// Each problem's tasks of loop and branch prediction, by where its true states lie.
fn truth_tasks(truths: &[&InputFile]) -> HashMap<String, Vec<Task>> {
    let mut tasks: HashMap<String, Vec<Task>> = HashMap::new();
    for file in truths {
        let components = file.components();
        let task = task_of_folder(components[components.len() - 3]);
        let of_problem = tasks.entry(file.file_name().trim_end_matches(".json").to_owned()).or_default();
        if !of_problem.contains(&task) {
            of_problem.push(task);
        }
    }
    tasks
}

/// The source of a problem of loop or branch prediction, told by its id (those outside the
/// problems file are CRUXEval's `sample_<n>`, HumanEval's and ClassEval's).
fn source_of(id: &str) -> &'static str {
    match id.split_once("@@") {
        Some((project, _)) if project.contains("__") => "Swebench",
        Some(_) => "Real",
        None if id.starts_with("sample_") => "cruxeval",
        None if id.starts_with("ClassEval_") => "Classeval",
        None if id.starts_with("Avatar") => "Avatar",
        None => "HumanEval",
    }
}

/// Each answer judged against its true states by RE2-Bench's own validator (the item right when
/// every loop, or branch, is); the problems of loop and branch prediction outside the problems
/// file added with their code. An answer's level (HC, LC) is its truth's (difficult, easy).
fn read_intermediate(
    read: Intermediate<'_>,
    code: &HashMap<&str, &InputFile>,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
    programs: &mut ProgramsRead,
) {
    use super::re2bench_intermediate::stored_run;
    // Each true-states file read once (its answers are several models'); one that is not gives one message.
    let mut truths: HashMap<(Task, &str, &str), Option<StoredRun>> = HashMap::new();
    for file in &read.truths {
        let components = file.components();
        let [.., task, level, _] = components[..] else { continue };
        let (id, task) = (file.file_name().trim_end_matches(".json"), task_of_folder(task));
        let truth = utf8_text(&file.path, &file.bytes)
            .map_err(|e| e.message)
            .and_then(|text| stored_run(task == Task::Loop, &text));
        let truth = truth.map_err(|e| {
            errors
                .push(FileError::new(&file.path, format!("not RE2-Bench's true states ({e}): its answers not judged")))
        });
        if let Ok(run) = &truth {
            builder.add_stored_run(BENCHMARK, id, task, run.clone());
        }
        truths.insert((task, level, id), truth.ok());
        if !programs.added.contains(id) {
            let source = source_of(id);
            let text = code.get(code_file(id, source).as_str()).and_then(|f| utf8_text(&f.path, &f.bytes).ok());
            let input = parse_python_json::<serde_json::Value>(&String::from_utf8_lossy(&file.bytes))
                .ok()
                .and_then(|truth| truth.get("input").cloned())
                .map(json_text)
                .unwrap_or_default();
            programs.added.insert(id.to_owned());
            programs.code_of.insert(id.to_owned(), code_file(id, source));
            builder.reading_from(&file.path);
            builder.add_program(RawProgram {
                benchmark: BENCHMARK.to_owned(),
                id: id.to_owned(),
                language: Language::Python,
                code: text,
                input,
                expected: String::new(),
                extra_inputs: Vec::new(),
                source_path: file.path.clone(),
                about: programs.notes(id, id, source, level, &[]),
            });
        }
    }
    let mut without_truth = Vec::new();
    for file in &read.answers {
        let components = file.components();
        let [.., task, model, level, _] = components[..] else { continue };
        let id = file.file_name().trim_end_matches(".txt");
        let level = if level == "HC" { "difficult" } else { "easy" };
        let task = task_of_folder(task);
        let truth = match truths.get(&(task, level, id)) {
            Some(Some(truth)) => truth,
            Some(None) => continue, // its truth could not be read: told once, above
            None => {
                without_truth.push(file.path.as_str());
                continue;
            }
        };
        let Ok(response) = utf8_text(&file.path, &file.bytes).map_err(|e| errors.push(e)) else { continue };
        let score = truth.score(&response);
        builder.reading_from(&file.path);
        builder.add_prediction(RawPrediction {
            model: model.to_owned(),
            benchmark: BENCHMARK.to_owned(),
            program_id: id.to_owned(),
            task,
            sample: 0,
            answer: answer_of(&response).unwrap_or_default().trim().to_owned(),
            stored_verdict: Some(score.right),
            input: None,
            response: Some(response),
            source_path: file.path.clone(),
        });
    }
    if let Some(first) = without_truth.first() {
        errors.push(FileError::new(
            crate::input::common_folder(without_truth.iter().map(|p| folder_of(p))),
            format!(
                "{} loop or branch answer(s) without their true states in dataset/re2-bench/ (e.g. {first}): not judged, \
                 as RE2-Bench's validators skip them",
                without_truth.len()
            ),
        ));
    }
}

/// The programs only validation rows named (no problems file): code-less, with their source and
/// difficulty.
fn add_programs_of_validations(programs: ProgramsRead, builder: &mut TableBuilder) {
    for program in programs.from_validations.into_values() {
        builder.add_program(program);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::judges::Judge;
    use crate::report::Report;

    #[test]
    fn file_names_follow_re2_bench_s_own_mapping_and_its_rstrip() {
        let swe = "sympy__sympy-19601@@sympy.simplify.radsimp.py@@collect";
        assert_eq!(io_file(swe, "Swebench"), "sympy__sympy-19601@@sympy.simplify.radsim.collect.jsonl");
        assert_eq!(code_file(swe, "Swebench"), format!("{swe}.py"));
        assert_eq!(io_file("sample_722", "cruxeval"), "cruxeval_722.jsonl");
        assert_eq!(code_file("sample_722", "cruxeval"), "cruxeval_722.py");
        let class = "ClassEval_28@DatabaseProcessor.delete_from_database";
        assert_eq!(io_file(class, "Classeval"), "DatabaseProcessor@delete_from_database.jsonl");
        assert_eq!(code_file(class, "Classeval"), "DatabaseProcessor.delete_from_database.py");
        let real = "attrs@@src_attr__make.py@@add_str_L1002";
        assert_eq!((io_file(real, "Real"), code_file(real, "Real")), (format!("{real}.jsonl"), format!("{real}.py")));
    }

    #[test]
    fn what_is_named_only_is_left_unread() {
        for path in ["r/dataset/re2-bench/dependency/sympy/core.py", "r/analysis/figs/overlap/cwm.jpeg"] {
            assert!(named_only(path), "{path}");
        }
        for path in [
            "r/dataset/re2-bench/code/cruxeval_0.py",
            "r/results/output_prediction/cwm/HC/x.txt",
            "loop/x.txt",
            "r/dataset/re2-bench/loop/easy/sample_0.json",
            "r/results/branch_prediction/cwm/HC/x.txt",
        ] {
            assert!(!named_only(path), "{path}");
        }
    }

    #[test]
    fn runs_are_told_by_their_file_names() {
        let run = |model: &str, task, setting: &str| Some(Run { model: model.into(), task, setting: setting.into() });
        assert_eq!(run_of("cwm_input"), run("cwm", Task::Input, ""));
        assert_eq!(run_of("cwm_output_prediction_wocot"), run("cwm", Task::Output, "wocot"));
        assert_eq!(run_of("gpt-5-mini-reasoning_input_prediction"), run("gpt-5-mini-reasoning", Task::Input, ""));
        assert_eq!(
            run_of("claude-haiku-4.5_output_prediction_wohint"),
            run("claude-haiku-4.5", Task::Output, "wohint")
        );
        assert_eq!(run_of("_input"), None);
        assert_eq!(run_of("notes"), None);
        assert_eq!(run_of("cwm_output_prediction_wocot").unwrap().model_name(), "cwm (no CoT)");
    }

    /// Two problems (one of a project, one from CRUXEval), a model's answers, verdicts and
    /// responses, as RE2-Bench lays them out — its oddities included.
    fn repository() -> Vec<InputFile> {
        let problems = serde_json::json!({
            "HC": {"proj@@pkg_mod.py@@run_L3": {"benchmark": "Real", "input-output": 1}},
            "LC": {"sample_7": {"benchmark": "cruxeval", "input-output": 0}},
        });
        let call = |args: &str, returned: &str| {
            format!(
                r#"{{"name": "f", "values": {{"inputs": {{"self": {{}}, "args": {args}, "kwargs": {{}}}}, "return": {returned}}}}}"#
            )
        };
        vec![
            InputFile::new("RE2-Bench/dataset/re2-bench/re2bench_lite_problems.json", problems.to_string()),
            InputFile::new("RE2-Bench/dataset/re2-bench/code/proj@@pkg_mod.py@@run_L3.py", "def run(self):\n    return helper(self.x)\n"),
            InputFile::new("RE2-Bench/dataset/re2-bench/code/cruxeval_7.py", "def f(text):\n    for c in text:\n        pass\n    return text\n"),
            InputFile::new("RE2-Bench/dataset/re2-bench/code/cruxeval_8.py", "def f():\n    return 1\n"),
            InputFile::new(
                "RE2-Bench/dataset/re2-bench/input-output/Real/proj@@pkg_mod.py@@run_L3.jsonl",
                format!("{}\n{}\n", call(r#"{}"#, "1"), call(r#"{}"#, r#"[1, 2]"#)),
            ),
            InputFile::new("RE2-Bench/dataset/re2-bench/input-output/cruxeval/cruxeval_7.jsonl", call(r#"{"text": "ab"}"#, r#""ab""#)),
            InputFile::new("RE2-Bench/dataset/re2-bench/loop/easy/1.json", "{}"),
            InputFile::new(
                "RE2-Bench/results/summary/m_output_prediction.jsonl",
                "{\"model\": \"m\", \"prediction\": {\"output\": [1, 2]}, \"problem_id\": \"proj@@pkg_mod.py@@run_L3\", \"difficulty\": \"difficult\"}\n\
                 {\"model\": \"m\", \"prediction\": {\"output\": NaN}, \"problem_id\": \"sample_7\", \"difficulty\": \"easy\"}\n",
            ),
            InputFile::new(
                "RE2-Bench/results/summary/m_input_prediction.jsonl",
                "{\"model\": \"m\", \"prediction\": {\"self\": {}, \"args\": {\"text\": \"ab\"}, \"kwargs\": {}}, \"problem_id\": \"sample_7\", \"difficulty\": \"easy\"}\n",
            ),
            InputFile::new(
                "RE2-Bench/results/validations/m_output.csv",
                "case_name,benchmark,rs,partial_rs,difficulty_level\nproj@@pkg_mod.py@@run_L3.jsonl,Real,1,1.0,difficult\ncruxeval_7.jsonl,cruxeval,0,0.0,easy\n",
            ),
            InputFile::new(
                "RE2-Bench/results/validations/m_output_metadata.json",
                r#"{"difficult_number": 1, "easy_number": 1, "total_rs": 0.9}"#,
            ),
            InputFile::new(
                "RE2-Bench/results/validations/n_output.csv",
                "case_name,benchmark,rs,partial_rs,difficulty_level\ncruxeval_7.jsonl,cruxeval,1,1.0,easy\n",
            ),
            InputFile::new("RE2-Bench/results/output_prediction/m/HC/proj@@pkg_mod.py@@run_L3.txt", "[THOUGHT] it returns [1, 2]"),
            InputFile::new("RE2-Bench/analysis/construct_analysis.py", "print(1)"),
            InputFile::new("RE2-Bench/analysis/constructs.json", "{}"),
        ]
    }

    #[test]
    fn a_repository_gives_its_verdicts_answers_responses_and_programs() {
        let analysis = analyze(repository());
        let report = Report::build(&analysis.facts, Judge::Reference);
        let runs: Vec<_> =
            report.runs.iter().map(|r| (r.model.as_str(), r.benchmark.as_str(), r.task, r.correct, r.total)).collect();
        assert_eq!(runs, [("m", BENCHMARK, Task::Output, 1, 2), ("n", BENCHMARK, Task::Output, 1, 1)]);
        let table = &analysis.table;
        assert_eq!(table.programs.len(), 3, "the code file of a problem outside the problems file is no program");
        let looped = table.programs.iter().find(|p| p.id == "1").unwrap();
        assert_eq!(looped.about.asked_in, [Task::Loop], "a problem of loop prediction alone");
        let project = table.programs.iter().find(|p| p.id == "proj@@pkg_mod.py@@run_L3").unwrap();
        assert_eq!(project.expected, "[1,2]", "the problem's call is line `input-output` of its file");
        assert_eq!(project.about.not_run, Some(NotRun::NeedsProject));
        assert_eq!(project.about.attributes[0], ("source".to_owned(), "Real".to_owned()));
        assert_eq!(project.about.attributes[1], ("difficulty".to_owned(), "difficult".to_owned()));
        let crux = table.programs.iter().find(|p| p.id == "sample_7").unwrap();
        assert_eq!(
            (crux.input.as_str(), crux.expected.as_str()),
            (r#"{"args":{"text":"ab"},"kwargs":{},"self":{}}"#, "ab")
        );
        let answers: Vec<(&str, Option<&str>)> = (0..table.predictions.len())
            .filter(|&i| table.models[table.predictions.model[i] as usize] == "m")
            .map(|i| (&table.predictions.answer[i][..], table.predictions.response.get(i)))
            .collect();
        assert!(answers.contains(&("[1,2]", Some("[THOUGHT] it returns [1, 2]"))), "{answers:?}");
        assert!(answers.contains(&("NaN", None)), "Python's NaN read as its text: {answers:?}");
        let messages: Vec<String> = analysis.facts.errors.iter().map(|e| e.to_string()).collect();
        let told = |text: &str| assert!(messages.iter().any(|m| m.contains(text)), "{text} in {messages:#?}");
        told("no answers of n (results/summary/n_output_prediction.jsonl)");
        told("1 answers of m without RE2-Bench's verdicts");
        told("m_output_metadata.json: says 2 problems, 0.9000 right; its validation file's rows give 2, 0.5000");
        told("1 code file(s) of problems outside RE2-Bench lite");
        told("RE2-Bench/analysis: 2 file(s): RE2-Bench's own analysis");

        told("1 program(s) are not run on their own input (a function of a project");
        assert!(!messages.iter().any(|m| m.contains("not a recognised")), "{messages:#?}");
    }

    #[test]
    fn validations_alone_give_code_less_programs_with_their_source_and_difficulty() {
        let files: Vec<InputFile> =
            repository().into_iter().filter(|f| f.path.contains("/validations/") && f.path.ends_with(".csv")).collect();
        let analysis = analyze(files);
        let program = analysis.table.programs.iter().find(|p| p.id == "sample_7").unwrap();
        assert_eq!(program.code, None);
        assert_eq!(program.about.attributes[0].1, "cruxeval");
        assert_eq!(analysis.table.programs.len(), 2);
    }
}
