//! REval (SPEC §2; r-eval/REval `evaluation.py`): the benchmark `DREval_data.jsonl`
//! (`{task_id, entry_point, code, inputs, outputs, test}` per line) and runs
//! `model_generations/<task>@<model>_<direct|cot>_temp<T>/<timestamp>.jsonl`, one line per program
//! `{"task_id": "DREval/<idx>", "generation": [{"input_idx": k, "results": [...]}]}` and a last
//! line of metrics. Each result is one question about the program run on input k, judged as
//! REval's own evaluation does:
//!
//! | task | result | correct when |
//! |---|---|---|
//! | coverage | `{generated, response, expected}` | `response == expected` |
//! | state | `{generated, eq}` | `eq` |
//! | path | `{generated, response: [line], expected: [line]}` | some response line is expected |
//! | output | `{generated, pass}` | `pass` |
//!
//! The questions of one program (several inputs, several lines) count as its samples: the
//! program's success is the share it got right. With `DREval_tasks.jsonl` (the questions: per
//! program and input, each one's line and variable, in the order the results answer them), each
//! coverage, path and state answer stands on its line of the run ([`StoredRun::Question`]); a
//! state answer is REval's `value; type` from the response's `[ANSWER]` block.

use super::json_input::{first_record, nothing_in, parse_json_lines, SeenIds};
use super::{take_each, Format, Reader, Reading};
use crate::diagnostics::FileError;
use crate::input::InputFile;
use crate::intermediate::{self, StoredRun, TrueAnswer};
use crate::pyliteral::{self, Value as Literal};
use crate::table::{ExtraInput, Language, RawPrediction, RawProgram, TableBuilder, Task};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;

pub struct Reval;

pub const BENCHMARK: &str = "DREval";

#[derive(Deserialize)]
struct BenchmarkRecord {
    task_id: String,
    entry_point: String,
    code: String,
    inputs: Vec<String>,
    outputs: Vec<String>,
}

/// A line of `DREval_tasks.jsonl`: a program's questions, per input.
#[derive(Deserialize)]
struct QuestionsRecord {
    task_id: String,
    tasks: Vec<InputQuestions>,
}

#[derive(Deserialize)]
struct InputQuestions {
    input_idx: usize,
    task: Vec<Question>,
}

/// A question's place: the line, and the variable a state question asks about.
#[derive(Deserialize)]
struct Question {
    lineno: u32,
    var: Option<String>,
}

/// The questions by program, then by input.
type Questions = HashMap<String, HashMap<usize, Vec<Question>>>;

#[derive(Deserialize)]
struct RunRecord {
    task_id: String,
    generation: Vec<InputResults>,
}

#[derive(Deserialize)]
struct InputResults {
    /// Which of the program's inputs the questions are about.
    input_idx: Option<usize>,
    results: Vec<Value>,
}

impl Reader for Reval {
    fn formats(&self) -> &'static [Format] {
        &[Format::Reval]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        let (mut benchmarks, mut runs, mut question_files) = (Vec::new(), Vec::new(), Vec::new());
        take_each(files, unclaimed, |file| {
            let Some(record) = first_record(file) else {
                return false;
            };
            let is_reval = record.get("task_id").and_then(Value::as_str).is_some_and(|id| id.starts_with("DREval/"));
            if let Some((task, model)) = run_name(file).filter(|_| is_reval || record.contains_key("generation")) {
                runs.push((file, task, model));
                true
            } else if is_reval && record.contains_key("entry_point") {
                benchmarks.push(file);
                true
            } else if is_reval && record.contains_key("tasks") {
                question_files.push(file);
                true
            } else {
                false
            }
        });
        // The benchmark first: each result names its input by index.
        let mut inputs = HashMap::new();
        for file in benchmarks {
            read_benchmark(file, &mut inputs, builder, errors);
        }
        let mut questions = Questions::new();
        for file in question_files {
            read_questions(file, &mut questions, errors);
        }
        for (file, task, model) in runs {
            let asked = Asked { inputs: &inputs, questions: &questions };
            read_run(file, task, &model, asked, builder, errors);
        }
    }
}

/// From the run's folder, `<task>@<model>_<direct|cot>_temp<T>`: the task, and the model named
/// with its prompt type and temperature (`gpt-4 (cot, T=0.0)`).
fn run_name(file: &InputFile) -> Option<(Task, String)> {
    let components = file.components();
    let folder = components.get(components.len().checked_sub(2)?)?;
    let (task, run) = folder.split_once('@')?;
    let task = match task {
        "coverage" => Task::Coverage,
        "state" => Task::State,
        "path" => Task::Path,
        "output" => Task::Output,
        _ => return None,
    };
    let model = match run.rsplit_once("_temp").and_then(|(rest, t)| Some((rest.rsplit_once('_')?, t))) {
        Some(((model, prompt @ ("direct" | "cot")), temperature)) => format!("{model} ({prompt}, T={temperature})"),
        _ => run.to_owned(),
    };
    Some((task, model))
}

/// Reads the programs, and keeps each program's inputs as calls (by `task_id`).
fn read_benchmark(
    file: &InputFile,
    inputs: &mut HashMap<String, Vec<String>>,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
) {
    builder.reading_from(&file.path);
    let mut seen = SeenIds::default();
    for (line, record) in parse_json_lines::<BenchmarkRecord>(file, errors) {
        if !seen.first(&record.task_id, file, || Some(line), errors) {
            continue;
        }
        let calls: Vec<String> = record.inputs.iter().map(|args| invocation(&record.entry_point, args)).collect();
        inputs.insert(record.task_id.clone(), calls.clone());
        builder.add_program(RawProgram {
            benchmark: BENCHMARK.to_owned(),
            source_path: format!("{} ({})", file.path, record.task_id),
            input: calls.first().cloned().unwrap_or_default(),
            expected: record.outputs.first().cloned().unwrap_or_default(),
            extra_inputs: calls
                .iter()
                .zip(&record.outputs)
                .enumerate()
                .skip(1)
                .map(|(k, (input, expected))| ExtraInput {
                    id: format!("{}#{k}", record.task_id),
                    code: None,
                    input: input.clone(),
                    expected: expected.clone(),
                })
                .collect(),
            id: record.task_id,
            language: Language::Python,
            code: Some(record.code),
            about: Default::default(),
        });
    }
}

/// REval's inputs are argument tuples, `([1, 2], 0.3,)`; the call is `f([1, 2], 0.3)`.
fn invocation(entry_point: &str, arguments: &str) -> String {
    let inner = arguments.trim().strip_prefix('(').and_then(|a| a.strip_suffix(')')).unwrap_or(arguments);
    format!("{entry_point}({})", inner.trim_end().trim_end_matches(','))
}

fn read_questions(file: &InputFile, questions: &mut Questions, errors: &mut Vec<FileError>) {
    for (_, record) in parse_json_lines::<QuestionsRecord>(file, errors) {
        let by_input = record.tasks.into_iter().map(|input| (input.input_idx, input.task));
        questions.entry(record.task_id).or_default().extend(by_input);
    }
}

/// What the benchmark's files say the results answer: each program's inputs as calls, and its
/// questions.
#[derive(Clone, Copy)]
struct Asked<'a> {
    inputs: &'a HashMap<String, Vec<String>>,
    questions: &'a Questions,
}

fn read_run(
    file: &InputFile,
    task: Task,
    model: &str,
    asked: Asked,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
) {
    builder.reading_from(&file.path);
    let lines = parse_json_lines::<Value>(file, errors);
    if lines.iter().all(|(_, value)| value.get("task_id").is_none()) {
        return errors.push(nothing_in(file));
    }
    let last = lines.len().saturating_sub(1);
    let mut seen = SeenIds::default();
    for (index, (line, value)) in lines.into_iter().enumerate() {
        if index == last && value.get("task_id").is_none() {
            continue; // the run's metrics
        }
        let record: RunRecord = match serde_json::from_value(value) {
            Ok(record) => record,
            Err(e) => {
                errors.push(FileError::at_line(&file.path, line, format!("not a REval result line: {e}; skipped")));
                continue;
            }
        };
        if !seen.first(&record.task_id, file, || Some(line), errors) {
            continue;
        }
        let program_inputs = asked.inputs.get(&record.task_id);
        let mut results: Vec<(Option<&String>, &Value, Option<&Question>)> = Vec::new();
        for generation in &record.generation {
            let input = match (generation.input_idx, program_inputs) {
                (Some(k), Some(calls)) if k >= calls.len() => {
                    errors.push(FileError::at_line(
                        &file.path,
                        line,
                        format!(
                            "{}: input_idx {k} is out of range ({} input(s) in DREval_data.jsonl); its results are skipped",
                            record.task_id,
                            calls.len()
                        ),
                    ));
                    continue;
                }
                (Some(k), Some(calls)) => Some(&calls[k]),
                _ => None,
            };
            let questions = questions_of(task, asked.questions, &record.task_id, generation);
            if let Err(message) = &questions {
                errors.push(FileError::at_line(&file.path, line, message.clone()));
            }
            let mut questions = questions.ok().flatten().unwrap_or_default().iter();
            results.extend(generation.results.iter().map(|result| (input, result, questions.next())));
        }
        if results.is_empty() {
            errors.push(FileError::at_line(
                &file.path,
                line,
                format!("{}: no results; counted as missing", record.task_id),
            ));
        }
        for (sample, (input, result, question)) in results.into_iter().enumerate() {
            let Some(verdict) = verdict(task, result) else {
                errors.push(FileError::at_line(
                    &file.path,
                    line,
                    format!("{}: {} result without the fields REval judges by; skipped", record.task_id, task.name()),
                ));
                continue;
            };
            let response = result.get("generated").and_then(Value::as_str);
            let answer = match task {
                Task::State => state_answer(response.unwrap_or_default()),
                _ => answer_text(result.get("response")),
            };
            let prediction = RawPrediction {
                model: model.to_owned(),
                benchmark: BENCHMARK.to_owned(),
                program_id: record.task_id.clone(),
                task,
                sample: sample as u32,
                answer,
                stored_verdict: Some(verdict),
                input: input.cloned(),
                response: response.map(str::to_owned),
                source_path: file.path.clone(),
            };
            builder.add_prediction_with_run(prediction, question.map(|q| question_run(task, q, result, verdict)));
        }
    }
}

/// The questions a generation's results answer, one for one: none for the output task or without
/// `DREval_tasks.jsonl`; an error when their counts differ (the results are read, not placed).
fn questions_of<'a>(
    task: Task,
    questions: &'a Questions,
    program: &str,
    generation: &InputResults,
) -> Result<Option<&'a [Question]>, String> {
    if !matches!(task, Task::Coverage | Task::Path | Task::State) || questions.is_empty() {
        return Ok(None);
    }
    let k = generation.input_idx.unwrap_or_default();
    let asked = questions.get(program).and_then(|by_input| by_input.get(&k)).map_or(&[][..], Vec::as_slice);
    if asked.len() == generation.results.len() {
        Ok(Some(asked))
    } else {
        let results = generation.results.len();
        Err(format!(
            "{program}: {results} result(s) on input {k} for {} question(s) in DREval_tasks.jsonl; not placed on its lines",
            asked.len()
        ))
    }
}

/// A question with what the run gave, where REval stores it (coverage: whether the line ran; path:
/// the lines that ran next), and REval's verdict.
fn question_run(task: Task, question: &Question, result: &Value, right: bool) -> StoredRun {
    let expected = match result.get("expected") {
        Some(Value::Bool(ran)) => Some(Literal::Bool(*ran)),
        Some(Value::Array(lines)) => {
            let lines = lines.iter().filter_map(Value::as_i64).map(|l| Literal::Int(pyliteral::Int::Small(l.into())));
            Some(Literal::List(lines.collect()))
        }
        _ => None,
    };
    let variable = question.var.clone().filter(|_| task == Task::State);
    StoredRun::Question(TrueAnswer { line: question.lineno, variable, expected, right })
}

/// A state answer as REval's `State._postprocess` finds it: the response's `[ANSWER]` block (its
/// whole text without one), curly quotes made straight, trimmed.
fn state_answer(response: &str) -> String {
    let answer = intermediate::answer_of(response).unwrap_or(response);
    let answer = answer.split("[/ANSWER").next().unwrap_or(answer);
    answer.replace(['\u{2018}', '\u{2019}'], "'").replace(['\u{201c}', '\u{201d}'], "\"").trim().to_owned()
}

/// REval's own rule for each task (`evaluation.py`, `Consistency.run`).
fn verdict(task: Task, result: &Value) -> Option<bool> {
    match task {
        Task::Coverage => Some(result.get("response")? == result.get("expected")?),
        Task::State => result.get("eq")?.as_bool(),
        Task::Path => {
            let expected = result.get("expected")?.as_array()?;
            Some(result.get("response")?.as_array()?.iter().any(|line| expected.contains(line)))
        }
        Task::Output | Task::Input => result.get("pass")?.as_bool(),
        Task::Code | Task::Trace | Task::Loop | Task::Branch => None,
    }
}

fn answer_text(response: Option<&Value>) -> String {
    match response {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Bool(b)) => if *b { "True" } else { "False" }.to_owned(),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_folders_name_task_model_prompt_and_temperature() {
        let name = |path: &str| run_name(&InputFile::new(path, ""));
        assert_eq!(
            name("model_generations/path@gpt-4_cot_temp0.0/2024.jsonl"),
            Some((Task::Path, "gpt-4 (cot, T=0.0)".into()))
        );
        assert_eq!(
            name("state@codellama_7b_direct_temp0.8/a.jsonl"),
            Some((Task::State, "codellama_7b (direct, T=0.8)".into()))
        );
        assert_eq!(name("x/other@m/a.jsonl"), None);
        assert_eq!(invocation("f", "([1.0, 2.0], 0.3,)"), "f([1.0, 2.0], 0.3)");
        assert_eq!(invocation("g", "('a',)"), "g('a')");
    }

    #[test]
    fn each_task_is_judged_by_reval_rules() {
        let json = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        assert_eq!(verdict(Task::Coverage, &json(r#"{"response": true, "expected": true}"#)), Some(true));
        assert_eq!(verdict(Task::Coverage, &json(r#"{"response": false, "expected": true}"#)), Some(false));
        assert_eq!(verdict(Task::State, &json(r#"{"eq": false}"#)), Some(false));
        assert_eq!(verdict(Task::Path, &json(r#"{"response": [-2, 17], "expected": [15, 17]}"#)), Some(true));
        assert_eq!(verdict(Task::Path, &json(r#"{"response": [3], "expected": [-1]}"#)), Some(false));
        assert_eq!(verdict(Task::Output, &json(r#"{"pass": true}"#)), Some(true));
        assert_eq!(verdict(Task::Output, &json(r#"{"eq": true}"#)), None);
    }

    #[test]
    fn state_answers_are_read_as_reval_reads_them() {
        assert_eq!(state_answer("[THOUGHT]x = 1[/THOUGHT]\n[ANSWER]\n\u{2018}a\u{2019}; str\n[/ANSWER]"), "'a'; str");
        assert_eq!(state_answer("[ANSWER] [1]; list [/ANSWER"), "[1]; list");
        assert_eq!(state_answer(" Nil "), "Nil");
        let claim =
            |answer: &str, of_variable| intermediate::question_claim(answer, of_variable).map(|v| v.to_string());
        assert_eq!(claim("[1, 'a;b']; list", true).as_deref(), Some("[1, 'a;b']"), "the type follows the last `;`");
        assert_eq!(claim("Nil", true).as_deref(), Some("Nil"));
        assert_eq!(claim("True", false).as_deref(), Some("True"));
        assert_eq!(claim("[17]", false).as_deref(), Some("[17]"));
        assert_eq!(claim("[-2]", false), None, "REval's mark of an answer it could not read");
        assert_eq!(claim("", true), None);
    }

    #[test]
    fn results_stand_on_the_questions_they_answer_and_a_count_that_differs_is_told() {
        let benchmark = r#"{"task_id": "DREval/0", "entry_point": "f", "code": "def f(x):\n    y = x + 1\n    return y\n", "inputs": ["(1,)", "(2,)"], "outputs": ["2", "3"]}"#;
        let questions = r#"{"task_id": "DREval/0", "idx": 0, "tasks": [{"input_idx": 0, "task": [{"lineno": 2, "var": "y"}, {"lineno": 3, "var": "y"}]}, {"input_idx": 1, "task": [{"lineno": 2, "var": "y"}]}]}"#;
        let run = r#"{"task_id": "DREval/0", "generation": [{"input_idx": 0, "results": [{"generated": "[ANSWER]2; int[/ANSWER]", "eq": true}, {"generated": "[ANSWER]3; int[/ANSWER]", "eq": false}]}, {"input_idx": 1, "results": [{"generated": "3; int", "eq": true}, {"generated": "?", "eq": false}]}]}"#;
        let files = vec![
            InputFile::new("data/DREval_data.jsonl", benchmark),
            InputFile::new("data/DREval_tasks.jsonl", questions),
            InputFile::new("model_generations/state@m_cot_temp0/1.jsonl", run),
        ];
        let analysis = crate::analysis::analyze(files);
        let messages: Vec<String> = analysis.facts.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            messages,
            ["model_generations/state@m_cot_temp0/1.jsonl:1: DREval/0: 2 result(s) on input 1 for 1 question(s) in DREval_tasks.jsonl; not placed on its lines"]
        );
        assert_eq!(
            analysis.table.predictions.len(),
            4,
            "every answer is read: {:?}",
            analysis.table.predictions.answer
        );
        let placed: Vec<(u32, Option<&str>, bool)> = analysis
            .table
            .prediction_runs
            .iter()
            .map(|(i, run)| match run {
                StoredRun::Question(truth) => (*i, truth.variable.as_deref(), truth.right),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(placed, [(0, Some("y"), true), (1, Some("y"), false)], "input 0's answers, on lines 2 and 3");
        assert_eq!(&analysis.table.predictions.answer[1], "3; int");
    }

    #[test]
    fn malformed_lines_are_named_and_the_rest_is_read() {
        let benchmark = r#"{"task_id": "DREval/0", "entry_point": "f", "code": "def f(x):\n    return x\n", "inputs": ["(1,)"], "outputs": ["1"], "test": null}"#;
        let run = [
            r#"{"task_id": "DREval/0", "generation": [{"input_idx": 0, "results": [{"generated": "1", "pass": true}]}]}"#,
            r#"{"task_id": "DREval/0", "generation": []}"#,
            r#"{"task_id": "DREval/1", "generation": "none"}"#,
            r#"{"task_id": "DREval/2", "generation": []}"#,
            r#"{"task_id": "DREval/3", "generation": [{"input_idx": 0, "results": [{"generated": "1"}]}]}"#,
            r#"{"task_id": "DREval/4", "generation": [{"#,
            r#"{"acc": 1.0}"#,
        ]
        .join("\n");
        let files = vec![
            InputFile::new("data/DREval_data.jsonl", format!("{benchmark}\n{benchmark}\n")),
            InputFile::new("model_generations/output@m_direct_temp0/1.jsonl", run),
        ];
        let facts = crate::analysis::analyze(files).facts;
        let at = |line: usize| -> &str {
            let found = facts.errors.iter().find(|e| e.line == Some(line) && e.file.ends_with("1.jsonl"));
            found.map_or("", |e| e.message.as_str())
        };
        assert!(facts.errors.iter().any(|e| e.file == "data/DREval_data.jsonl" && e.line == Some(2)));
        assert_eq!(at(2), "duplicate id DREval/0: the first one is used");
        assert!(at(3).starts_with("not a REval result line: invalid type: string \"none\""), "{}", at(3));
        assert_eq!(at(4), "DREval/2: no results; counted as missing");
        assert_eq!(at(5), "DREval/3: output result without the fields REval judges by; skipped");
        assert!(at(6).starts_with("truncated JSON"), "{}", at(6));
        assert_eq!(facts.predictions.verdict[0], [true], "DREval/0 is still analysed");
    }

    #[test]
    fn an_input_index_out_of_range_and_a_first_line_without_generation_are_told() {
        let benchmark = r#"{"task_id": "DREval/0", "entry_point": "f", "code": "def f(x):\n    return x\n", "inputs": ["(1,)"], "outputs": ["1"], "test": null}"#;
        let run = [
            r#"{"task_id": "DREval/0"}"#,
            r#"{"task_id": "DREval/0", "generation": [{"input_idx": 7, "results": [{"generated": "1", "pass": true}]}, {"input_idx": 0, "results": [{"generated": "1", "pass": false}]}]}"#,
        ]
        .join("\n");
        let files = vec![
            InputFile::new("DREval_data.jsonl", benchmark),
            InputFile::new("model_generations/output@m_direct_temp0/1.jsonl", run),
        ];
        let facts = crate::analysis::analyze(files).facts;
        let messages: Vec<String> = facts.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(facts.models, ["m (direct, T=0)"], "never a model named after the file: {messages:?}");
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(messages[0].starts_with("model_generations/output@m_direct_temp0/1.jsonl:1: not a REval result line: missing field `generation`"), "{messages:?}");
        assert_eq!(
            messages[1],
            "model_generations/output@m_direct_temp0/1.jsonl:2: DREval/0: input_idx 7 is out of range (1 input(s) in DREval_data.jsonl); its results are skipped"
        );
        assert_eq!(facts.predictions.verdict[0], [false], "the question about input 0 is read");
    }
}
