//! CoCoNUT (seal-research/structural-code-understanding-dataset): models predict the lines a
//! HumanEval function executes on a call, in order (task `trace`).
//!
//! - results `Results/<model>[/<size>]/HumanEval/<run>.csv`: `HumanEval_ID, Name, FunctionCall,
//!   Predicted, Actual, Matched, Distance` (some files begin with an unnamed index column), one
//!   row per call; `Matched` is CoCoNUT's verdict, used as stored. The run is the file's name
//!   (`HumanEval_CoT_T0`, `HumanEval_CoT_T0_NoReps`: repetitions removed before matching): each is
//!   a setting of its own beside the model. The calls of one program are its samples.
//! - programs: `Dataset/HumanEval/HumanEval_trace.csv` (`HumanEval_ID, Name, FunctionCall,
//!   ExecutedLines, …, Code_Indices`: the code its line numbers count, each line ending in
//!   `# n`), or else `human-eval-v2-20210705.jsonl` (`prompt` + `canonical_solution`).
//!
//! Its advanced concepts (OOP, Recursion, Concurrency), each a benchmark of its own:
//!
//! - results `Results/<model>[/<size>]/Complex/<run>.csv`: `Filename, Category, Predicted, Actual,
//!   Matched, Distance`, one row per test of a program, in the order of its tests;
//! - programs `Dataset/Advanced/Test/<Category>/Python/<Filename>_trace_<k>.py`: the program with
//!   its k-th test as a script, whose lines the traces number (the first is the program's, the
//!   others its extra inputs, each with its own code). `Dataset/Advanced/Trace/*.csv` hold the same
//!   code without its indentation and `Base/` the programs without tests: named, not read.

use super::json_input::{csv_rows, first_line, parse_json_lines};
use super::{Format, Reader, Reading};
use crate::diagnostics::FileError;
use crate::input::InputFile;
use crate::intermediate::StoredRun;
use crate::table::{ExtraInput, Language, RawPrediction, RawProgram, TableBuilder, Task};
use crate::texts::cut;
use serde::Deserialize;
use std::collections::BTreeMap;

pub struct Coconut;

pub const BENCHMARK: &str = "CoCoNUT HumanEval";
const RESULT_COLUMNS: &str = "HumanEval_ID,Name,FunctionCall,Predicted,Actual,Matched,Distance";
const TRACE_COLUMNS: &str = "HumanEval_ID,Name,FunctionCall,ExecutedLines";
const ADVANCED_RESULT_COLUMNS: &str = "Filename,Category,Predicted,Actual,Matched,Distance";
const ADVANCED_TRACE_COLUMNS: &str = "Filename,Category,ExecutedLines";
/// The suffix of a category's folder and column value (`OOP_prepared`).
const PREPARED: &str = "_prepared";

#[derive(Deserialize)]
struct ResultRow {
    #[serde(rename = "HumanEval_ID")]
    id: String,
    #[serde(rename = "FunctionCall")]
    call: String,
    #[serde(rename = "Predicted")]
    predicted: String,
    #[serde(rename = "Actual")]
    actual: String,
    #[serde(rename = "Matched")]
    matched: String,
}

/// A row of an advanced concept's results.
#[derive(Deserialize)]
struct AdvancedResultRow {
    #[serde(rename = "Filename")]
    program: String,
    #[serde(rename = "Category")]
    category: String,
    #[serde(rename = "Predicted")]
    predicted: String,
    #[serde(rename = "Actual")]
    actual: String,
    #[serde(rename = "Matched")]
    matched: String,
}

#[derive(Deserialize)]
struct TraceRow {
    #[serde(rename = "HumanEval_ID")]
    id: String,
    #[serde(rename = "Name")]
    name: String,
    #[serde(rename = "FunctionCall")]
    call: String,
    #[serde(rename = "Code_Indices")]
    code: String,
}

/// A line of HumanEval's own file.
#[derive(Deserialize)]
struct HumanEvalProblem {
    task_id: String,
    prompt: String,
    canonical_solution: String,
}

impl Reader for Coconut {
    fn formats(&self) -> &'static [Format] {
        &[Format::Coconut]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        let (mut results, mut traces, mut problems) = (Vec::new(), Vec::new(), Vec::new());
        let (mut advanced_results, mut scripts, mut named) = (Vec::new(), Vec::new(), Vec::new());
        for &i in unclaimed.iter() {
            match kind_of(&files[i]) {
                Some(Kind::Results) => results.push(i),
                Some(Kind::Traces) => traces.push(i),
                Some(Kind::AdvancedResults) => advanced_results.push(i),
                Some(Kind::AdvancedScript) => scripts.push(i),
                Some(Kind::AdvancedNamed) => named.push(i),
                None if is_humaneval_file(&files[i]) => problems.push(i),
                None => {}
            }
        }
        if results.is_empty() && traces.is_empty() && advanced_results.is_empty() && scripts.is_empty() {
            return; // HumanEval's own file, without CoCoNUT's, is another format's
        }
        let taken: std::collections::HashSet<usize> =
            [&results, &traces, &problems, &advanced_results, &scripts, &named]
                .into_iter()
                .flatten()
                .copied()
                .collect();
        super::claim(unclaimed, &taken);
        let [advanced_results, scripts, named] =
            [advanced_results, scripts, named].map(|l| l.into_iter().map(|i| &files[i]).collect::<Vec<_>>());
        read_advanced(&advanced_results, &scripts, builder, errors);
        name_advanced(&named, errors);
        let [results, traces, problems] =
            [results, traces, problems].map(|l| l.into_iter().map(|i| &files[i]).collect::<Vec<_>>());
        let traced = read_traces(&traces, builder, errors);
        if traced.is_empty() {
            read_problems(&problems, builder, errors);
        } else if let Some(file) = problems.first() {
            errors.push(FileError::new(
                &file.path,
                "HumanEval's programs, as HumanEval_trace.csv beside it numbers their lines: read from there",
            ));
        }
        for file in results {
            read_results(file, builder, errors);
        }
    }
}

/// A CoCoNUT file, by its columns (or, for the advanced concepts' programs, where it lies).
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Results,
    Traces,
    AdvancedResults,
    /// `Dataset/Advanced/Test/<Category>/Python/<name>_trace_<k>.py`.
    AdvancedScript,
    /// The rest of `Dataset/Advanced/`: traces without indentation, other languages, `Base/`.
    AdvancedNamed,
}

fn kind_of(file: &InputFile) -> Option<Kind> {
    if let Some(kind) = advanced_kind(file) {
        return Some(kind);
    }
    if !file.path.ends_with(".csv") {
        return None;
    }
    let header = first_line(file).trim_start_matches('\u{feff}');
    let named_columns = header.trim_start_matches(',');
    if named_columns.starts_with(RESULT_COLUMNS) {
        Some(Kind::Results)
    } else if header.starts_with(TRACE_COLUMNS) {
        Some(Kind::Traces)
    } else if named_columns.starts_with(ADVANCED_RESULT_COLUMNS) {
        Some(Kind::AdvancedResults)
    } else {
        None
    }
}

/// A file of `Dataset/Advanced/`, by where it lies.
fn advanced_kind(file: &InputFile) -> Option<Kind> {
    let components = file.components();
    let at = components.windows(2).position(|w| w == ["Dataset", "Advanced"])?;
    Some(match &components[at + 2..] {
        ["Test", category, "Python", name] if category.ends_with(PREPARED) && script_test(name).is_some() => {
            Kind::AdvancedScript
        }
        ["Trace", _] if first_line(file).trim_start_matches(',').starts_with(ADVANCED_TRACE_COLUMNS) => {
            Kind::AdvancedNamed
        }
        ["Test" | "Base" | "Trace", ..] => Kind::AdvancedNamed,
        _ => return None,
    })
}

/// `<name>_trace_<k>.py` → (name, k).
fn script_test(file_name: &str) -> Option<(&str, u32)> {
    let (name, k) = file_name.strip_suffix(".py")?.rsplit_once("_trace_")?;
    Some((name, k.parse().ok()?))
}

/// The benchmark of an advanced concept: `OOP_prepared` → "CoCoNUT OOP".
fn advanced_benchmark(category: &str) -> String {
    format!("CoCoNUT {}", category.trim_end_matches(PREPARED))
}

/// The advanced concepts' programs (one per name, its tests in order: the first its own, the
/// others extra inputs with their own code) and results (a run per file, its rows the tests).
fn read_advanced(
    results: &[&InputFile],
    scripts: &[&InputFile],
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
) {
    let mut tests: BTreeMap<(String, String), BTreeMap<u32, &InputFile>> = BTreeMap::new();
    for file in scripts {
        let components = file.components();
        let category = components[components.len() - 3];
        if let Some((name, k)) = script_test(file.file_name()) {
            tests.entry((advanced_benchmark(category), name.to_owned())).or_default().insert(k, file);
        }
    }
    for ((benchmark, name), tests) in tests {
        let mut codes = tests.values().filter_map(|file| {
            crate::diagnostics::utf8_text(&file.path, &file.bytes).map_err(|e| errors.push(e)).ok().map(|t| (file, t))
        });
        let Some((first, code)) = codes.next() else { continue };
        builder.reading_from(&first.path);
        let extra_inputs = codes
            .enumerate()
            .map(|(k, (_, code))| ExtraInput {
                id: format!("{name}#{}", k + 2),
                code: Some(code),
                input: String::new(),
                expected: String::new(),
            })
            .collect();
        builder.add_program(RawProgram {
            benchmark,
            id: name,
            language: Language::Python,
            code: Some(code),
            input: String::new(),
            expected: String::new(),
            extra_inputs,
            source_path: first.path.clone(),
            about: Default::default(),
        });
    }
    for file in results {
        read_advanced_results(file, builder, errors);
    }
}

fn read_advanced_results(file: &InputFile, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    builder.reading_from(&file.path);
    let model = format!("{} ({})", model_of(file), file.file_name().trim_end_matches(".csv"));
    let mut samples: BTreeMap<String, u32> = BTreeMap::new();
    for (line, result) in csv_rows::<AdvancedResultRow>(file, "result", errors) {
        let Some(verdict) = matched(&result.matched, file, line, errors) else { continue };
        let sample = samples.entry(result.program.clone()).or_default();
        let run = executed_lines(&result.actual, file, line, errors);
        let prediction = RawPrediction {
            model: model.clone(),
            benchmark: advanced_benchmark(&result.category),
            program_id: result.program,
            task: Task::Trace,
            sample: *sample,
            answer: result.predicted,
            stored_verdict: Some(verdict),
            input: None,
            response: None,
            source_path: file.path.clone(),
        };
        builder.add_prediction_with_run(prediction, run);
        *sample += 1;
    }
}

/// One message for the files of `Dataset/Advanced/` taken without reading.
fn name_advanced(named: &[&InputFile], errors: &mut Vec<FileError>) {
    if named.is_empty() {
        return;
    }
    let place = crate::input::common_folder(named.iter().map(|f| crate::input::folder_of(&f.path)));
    errors.push(FileError::new(
        place,
        format!(
            "{} file(s) of CoCoNUT's advanced concepts not read: its traces' CSV files (the code without its \
             indentation; the traced scripts of Test/*/Python are read), the Java versions and Base/ (the programs \
             without their tests)",
            named.len()
        ),
    ));
}

/// CoCoNUT's `Matched`, or a message naming the line.
fn matched(value: &str, file: &InputFile, line: usize, errors: &mut Vec<FileError>) -> Option<bool> {
    match value {
        "True" => Some(true),
        "False" => Some(false),
        other => {
            let message = format!("Matched is {other:?}, neither True nor False; skipped");
            errors.push(FileError::at_line(&file.path, line, message));
            None
        }
    }
}

/// The executed lines a row's answer was judged against (`Actual`), or a message naming the line.
fn executed_lines(value: &str, file: &InputFile, line: usize, errors: &mut Vec<FileError>) -> Option<StoredRun> {
    match serde_json::from_str(value) {
        Ok(lines) => Some(StoredRun::Lines { lines }),
        Err(_) => {
            let message = format!("Actual is {:?}, no list of line numbers: its answer is not aligned", cut(value, 80));
            errors.push(FileError::at_line(&file.path, line, message));
            None
        }
    }
}

/// HumanEval's own `human-eval-v2-20210705.jsonl` (its records' keys).
fn is_humaneval_file(file: &InputFile) -> bool {
    let line = first_line(file);
    file.path.ends_with(".jsonl")
        && ["\"task_id\"", "\"prompt\"", "\"canonical_solution\"", "\"entry_point\""].iter().all(|k| line.contains(k))
}

/// The programs of `HumanEval_trace.csv`: one per HumanEval id, its code as the file numbers its
/// lines, its first call the input (the others its extra inputs). Returns the ids read.
fn read_traces(files: &[&InputFile], builder: &mut TableBuilder, errors: &mut Vec<FileError>) -> Vec<String> {
    let mut programs: BTreeMap<String, RawProgram> = BTreeMap::new();
    for file in files {
        builder.reading_from(&file.path);
        for (_, trace) in csv_rows::<TraceRow>(file, "trace", errors) {
            let call = call_of(&trace.name, &trace.call);
            match programs.get_mut(&trace.id) {
                Some(program) => program.extra_inputs.push(ExtraInput {
                    id: format!("{}#{}", trace.id, program.extra_inputs.len() + 1),
                    code: None,
                    input: call,
                    expected: String::new(),
                }),
                None => {
                    programs.insert(
                        trace.id.clone(),
                        RawProgram {
                            benchmark: BENCHMARK.to_owned(),
                            id: trace.id.clone(),
                            language: Language::Python,
                            code: Some(without_line_numbers(&trace.code)),
                            input: call,
                            expected: String::new(),
                            extra_inputs: Vec::new(),
                            source_path: format!("{} ({})", file.path, trace.id),
                            about: Default::default(),
                        },
                    );
                }
            }
        }
    }
    let ids = programs.keys().cloned().collect();
    programs.into_values().for_each(|program| builder.add_program(program));
    ids
}

/// `Code_Indices` without the `  # n` each line ends in.
/// The call a `FunctionCall` stands for. CoCoNUT writes it two ways: the arguments as written
/// (`[1.0, 2.0], 0.3`) or the repr of their tuple (`('( ) (( ))',)`, `(76, 67)`): the tuple's
/// parentheses are then the call's own (the first form's `f(('( ) (( ))',))` would pass a tuple).
fn call_of(name: &str, arguments: &str) -> String {
    let arguments = arguments.trim();
    if is_one_parenthesised_group(arguments) {
        format!("{name}{arguments}")
    } else {
        format!("{name}({arguments})")
    }
}

/// `(…)` whose first parenthesis closes at its end (quotes and their escapes skipped).
fn is_one_parenthesised_group(text: &str) -> bool {
    if !text.starts_with('(') {
        return false;
    }
    let (mut depth, mut quote, mut escaped) = (0usize, None, false);
    for (i, c) in text.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None => match c {
                '\'' | '"' => quote = Some(c),
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return i + 1 == text.len();
                    }
                }
                _ => {}
            },
        }
    }
    false
}

fn without_line_numbers(code: &str) -> String {
    let lines: Vec<&str> = code
        .lines()
        .map(|line| match line.rsplit_once("  # ") {
            Some((code, number)) if number.trim().bytes().all(|b| b.is_ascii_digit()) => code,
            _ => line,
        })
        .collect();
    lines.join("\n") + "\n"
}

fn read_problems(files: &[&InputFile], builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    for file in files {
        builder.reading_from(&file.path);
        for (_, problem) in parse_json_lines::<HumanEvalProblem>(file, errors) {
            builder.add_program(RawProgram {
                benchmark: BENCHMARK.to_owned(),
                source_path: format!("{} ({})", file.path, problem.task_id),
                id: problem.task_id,
                language: Language::Python,
                code: Some(format!("{}{}", problem.prompt, problem.canonical_solution)),
                input: String::new(),
                expected: String::new(),
                extra_inputs: Vec::new(),
                about: Default::default(),
            });
        }
    }
}

/// The model of a results file: the folders between `Results/` and the benchmark's folder
/// (`GPT`, `CodeLLama 34B`), or the folder above the benchmark's.
fn model_of(file: &InputFile) -> String {
    let components = file.components();
    let folders = &components[..components.len() - 1];
    let below_results = folders.iter().rposition(|c| *c == "Results").map(|at| &folders[at + 1..]);
    match below_results {
        Some(names) if names.len() >= 2 => names[..names.len() - 1].join(" "),
        _ => folders.iter().rev().nth(1).map_or("(unknown model)", |m| *m).to_owned(),
    }
}

fn read_results(file: &InputFile, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    builder.reading_from(&file.path);
    let run = file.file_name().trim_end_matches(".csv");
    let model = format!("{} ({run})", model_of(file));
    let mut samples: BTreeMap<String, u32> = BTreeMap::new();
    // Some files begin with an unnamed index column: rows are read by the header's names.
    for (line, result) in csv_rows::<ResultRow>(file, "result", errors) {
        let Some(verdict) = matched(&result.matched, file, line, errors) else { continue };
        let sample = samples.entry(result.id.clone()).or_default();
        let run = executed_lines(&result.actual, file, line, errors);
        let prediction = RawPrediction {
            model: model.clone(),
            benchmark: BENCHMARK.to_owned(),
            program_id: result.id,
            task: Task::Trace,
            sample: *sample,
            answer: result.predicted,
            stored_verdict: Some(verdict),
            input: Some(result.call),
            response: None,
            source_path: file.path.clone(),
        };
        builder.add_prediction_with_run(prediction, run);
        *sample += 1;
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_function_call_written_as_its_arguments_tuple_is_the_call_s_own_parentheses() {
        assert_eq!(call_of("f", "[1.0, 2.0], 0.3"), "f([1.0, 2.0], 0.3)");
        assert_eq!(call_of("f", "('( ) (( ))',)"), "f('( ) (( ))',)");
        assert_eq!(call_of("f", "(76, 67)"), "f(76, 67)");
        assert_eq!(call_of("f", "(1, 2), (3, 4)"), "f((1, 2), (3, 4))");
        assert_eq!(call_of("f", "'(', ')'"), "f('(', ')')");
        assert_eq!(call_of("f", "('a)', 'b')"), "f('a)', 'b')");
    }
    use super::*;
    use crate::analysis::analyze;
    use crate::judges::Judge;
    use crate::report::Report;

    const TRACE: &str = "HumanEval_ID,Name,FunctionCall,ExecutedLines,ExecutedLines_Symbols,Code_Indices,Code_Symbols\n\
        HumanEval/0,twice,\"[1, 2]\",\"[2, 3, 2, 3, 2, 4]\",ab,\"def twice(xs):  # 1\n    for x in xs:  # 2\n        pass  # 3\n    return xs * 2  # 4\",x\n\
        HumanEval/0,twice,[],\"[2, 4]\",ab,\"def twice(xs):  # 1\n    for x in xs:  # 2\n        pass  # 3\n    return xs * 2  # 4\",x\n";

    #[test]
    fn each_call_is_a_sample_judged_by_matched_and_the_code_is_the_trace_s() {
        let results = "HumanEval_ID,Name,FunctionCall,Predicted,Actual,Matched,Distance\n\
            HumanEval/0,twice,\"[1, 2]\",\"[2, 3, 2, 3, 2, 4]\",\"[2, 3, 2, 3, 2, 4]\",True,0.0\n\
            HumanEval/0,twice,[],\"[2, 3, 4]\",\"[2, 4]\",False,0.2\n";
        let files = vec![
            InputFile::new("Dataset/HumanEval/HumanEval_trace.csv", TRACE),
            InputFile::new(
                "Dataset/HumanEval/human-eval-v2-20210705.jsonl",
                r#"{"task_id": "HumanEval/0", "prompt": "def twice(xs):\n", "canonical_solution": "    return xs * 2\n", "test": "", "entry_point": "twice"}"#,
            ),
            InputFile::new(
                "Results/CodeLLama/34B/HumanEval/results_HumanEval_x_NoReps.csv",
                format!(",{}", results.replace('\n', "\n0,").trim_end_matches("0,")),
            ),
        ];
        let analysis = analyze(files);
        let report = Report::build(&analysis.facts, Judge::Reference);
        let runs: Vec<_> =
            report.runs.iter().map(|r| (r.model.as_str(), r.task, r.correct, r.total, r.programs)).collect();
        assert_eq!(runs, [("CodeLLama 34B (results_HumanEval_x_NoReps)", Task::Trace, 1, 2, 1)]);
        let program = &analysis.table.programs[0];
        assert_eq!(
            program.code.as_deref(),
            Some("def twice(xs):\n    for x in xs:\n        pass\n    return xs * 2\n")
        );
        assert_eq!((program.input.as_str(), program.extra_inputs[0].input.as_str()), ("twice([1, 2])", "twice([])"));
        let messages: Vec<&str> = analysis.facts.errors.iter().map(|e| e.message.as_str()).collect();
        assert!(messages[0].starts_with("HumanEval's programs, as HumanEval_trace.csv"), "{messages:?}");
    }

    #[test]
    fn an_advanced_concept_is_a_benchmark_its_tests_the_samples_and_scripts_the_programs() {
        let results = ",Filename,Category,Predicted,Actual,Matched,Distance\n\
            0,Shop,OOP_prepared,\"[4, 1, 2]\",\"[4, 1, 2]\",True,0.0\n\
            1,Shop,OOP_prepared,\"[4, 1]\",\"[4, 1, 2]\",False,0.3\n";
        let script = |test: &str| format!("class Shop:\n    def buy(self):\n        return 1\n{test}\n");
        let files = vec![
            InputFile::new("Results/Gemini/Complex/Gemini_OOP_cot_T0.csv", results),
            InputFile::new("Dataset/Advanced/Test/OOP_prepared/Python/Shop_trace_1.py", script("Shop().buy()")),
            InputFile::new("Dataset/Advanced/Test/OOP_prepared/Python/Shop_trace_2.py", script("Shop().buy() or 2")),
            InputFile::new("Dataset/Advanced/Test/OOP_prepared/Java/Shop_trace_1.java", "class Shop {}"),
            InputFile::new(
                "Dataset/Advanced/Trace/program_traces_Python_OOP_Lines.csv",
                ",Filename,Category,ExecutedLines,Code_Indices\n0,Shop,OOP_prepared,\"[4, 1, 2]\",x\n",
            ),
            InputFile::new("Dataset/Advanced/Base/OOP/Python/Shop.py", script("")),
        ];
        let analysis = analyze(files);
        let report = Report::build(&analysis.facts, Judge::Reference);
        let runs: Vec<_> = report
            .runs
            .iter()
            .map(|r| (r.model.as_str(), r.benchmark.as_str(), r.task, r.correct, r.total, r.programs))
            .collect();
        assert_eq!(runs, [("Gemini (Gemini_OOP_cot_T0)", "CoCoNUT OOP", Task::Trace, 1, 2, 1)]);
        let program = &analysis.table.programs[0];
        assert_eq!((program.id.as_str(), program.code.as_deref()), ("Shop", Some(script("Shop().buy()").as_str())));
        assert_eq!(program.extra_inputs[0].code.as_deref(), Some(script("Shop().buy() or 2").as_str()));
        let messages: Vec<&str> = analysis.facts.errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].starts_with("3 file(s) of CoCoNUT's advanced concepts not read"), "{messages:?}");
    }

    #[test]
    fn a_results_row_without_a_verdict_is_named_and_human_eval_alone_is_not_taken() {
        let results = "HumanEval_ID,Name,FunctionCall,Predicted,Actual,Matched,Distance\nHumanEval/0,twice,[],[2],\"[2, 4]\",maybe,0.5\n";
        let analysis = analyze(vec![InputFile::new("Results/GPT/HumanEval/run.csv", results)]);
        let error = &analysis.facts.errors[0];
        assert_eq!(
            (error.line, error.message.as_str()),
            (Some(2), "Matched is \"maybe\", neither True nor False; skipped")
        );
        let (unclaimed, _, _) = super::super::read_alone(
            &Coconut,
            &[InputFile::new(
                "human-eval.jsonl",
                r#"{"task_id": "HumanEval/0", "prompt": "", "canonical_solution": "", "entry_point": "f"}"#,
            )],
            Default::default(),
        );
        assert_eq!(unclaimed, [0], "HumanEval's own file, without CoCoNUT's, is left to other readers");
    }
}
