//! eval-arena's results (SPEC §2): JSON Lines of one row per (model, example),
//! `{"benchmark_id": "CRUXEval-output", "model": "codellama-13b+cot", "example_id":
//! "CRUXEval-output/12", "pass1": 0.7, "N": 10, "hyperparams": "temp0.2"}` (`N` often absent).
//!
//! `benchmark_id` gives the benchmark and the task (`CRUXEval-input`, `CRUXEval-output-T0.8`;
//! others by name, as code generation), `example_id`'s number the program (`CRUXEval-output/12` →
//! `sample_12` of CRUXEval, `HumanEval/12` → `HumanEval_12` of humaneval), so the rows join the
//! benchmark's own programs when they are dropped too. `pass1` is the program's share of correct
//! samples ([`super::shares`]): pass@1 is eval-arena's own, the mean of `pass1`.
//!
//! One model run at two settings in one drop (`T0.2` and `T0.8` files) is two models, named with
//! their `hyperparams`.

use super::json_input::{first_record, has_keys, parse_json_lines, SeenIds};
use super::shares::{self, Share};
use super::{take_each, Format, Reader, Reading};
use crate::diagnostics::FileError;
use crate::input::InputFile;
use crate::table::{Language, RawPrediction, RawProgram, TableBuilder, Task};
use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};

pub struct EvalArena;

#[derive(Deserialize)]
struct Row {
    benchmark_id: String,
    model: String,
    example_id: String,
    pass1: f64,
    #[serde(rename = "N")]
    samples: Option<u32>,
    #[serde(default)]
    hyperparams: Option<String>,
}

/// A row with what it names in exerscope's table.
struct Read<'a> {
    file: &'a InputFile,
    line: usize,
    model: String,
    hyperparams: String,
    benchmark: String,
    task: Task,
    id: String,
    share: f64,
    samples: Option<u32>,
}

impl Reader for EvalArena {
    fn formats(&self) -> &'static [Format] {
        &[Format::EvalArena]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        let mut rows = Vec::new();
        take_each(files, unclaimed, |file| {
            let ours = file.path.ends_with(".jsonl")
                && first_record(file).is_some_and(|r| has_keys(&r, &["benchmark_id", "example_id", "pass1"]));
            if ours {
                rows.extend(read_rows(file, errors));
            }
            ours
        });
        let named = model_names(&rows);
        let runs = shares::samples_of_runs(
            rows.iter().filter(|r| r.samples.is_none()).map(|r| ((&named[&run_key(r)], &r.benchmark, r.task), r.share)),
        );
        for row in &rows {
            let model = &named[&run_key(row)];
            builder.reading_from(&row.file.path);
            match shares::share_of(row.share, row.samples, runs.get(&(model, &row.benchmark, row.task))) {
                Ok(share) => add_row(builder, row, model, share),
                Err(message) => {
                    errors.push(FileError::at_line(&row.file.path, row.line, format!("{message}; row skipped")))
                }
            }
        }
        // Once per model whose shares no number of samples makes whole together.
        let mut uneven: Vec<(&str, f64)> =
            runs.iter().filter_map(|((model, _, _), samples)| Some((model.as_str(), samples.err()?))).collect();
        uneven.sort_by(|a, b| a.0.cmp(b.0));
        uneven.dedup_by(|a, b| a.0 == b.0);
        for (model, share) in uneven {
            let file = rows.iter().find(|r| named[&run_key(r)] == model).map_or("", |r| &r.file.path);
            errors.push(FileError::new(file, shares::no_common_samples(model, share)));
        }
    }
}

/// A row's program (without code: the benchmark's own file brings it) and its samples.
fn add_row(builder: &mut TableBuilder, row: &Read, model: &str, share: Share) {
    builder.add_program(RawProgram {
        benchmark: row.benchmark.clone(),
        id: row.id.clone(),
        language: Language::Python,
        code: None,
        input: String::new(),
        expected: String::new(),
        extra_inputs: Vec::new(),
        about: Default::default(),
        source_path: format!("{}:{}", row.file.path, row.line),
    });
    let template = RawPrediction {
        model: model.to_owned(),
        benchmark: row.benchmark.clone(),
        program_id: row.id.clone(),
        task: row.task,
        sample: 0,
        answer: String::new(),
        stored_verdict: None,
        input: None,
        response: None,
        source_path: row.file.path.clone(),
    };
    shares::predictions(template, share, 0).for_each(|p| builder.add_prediction(p));
}

fn read_rows<'a>(file: &'a InputFile, errors: &mut Vec<FileError>) -> Vec<Read<'a>> {
    let mut seen = SeenIds::default();
    let mut rows = Vec::new();
    for (line, row) in parse_json_lines::<Row>(file, errors) {
        let Some((benchmark, task, id)) = program_of(&row.benchmark_id, &row.example_id) else {
            errors.push(FileError::at_line(
                &file.path,
                line,
                format!(
                    "example_id {:?} names no program (expected <benchmark>/<number>); row skipped",
                    row.example_id
                ),
            ));
            continue;
        };
        if !(0.0..=1.0).contains(&row.pass1) {
            errors.push(FileError::at_line(
                &file.path,
                line,
                format!("pass1 is {}: a share must lie between 0 and 1; row skipped", row.pass1),
            ));
            continue;
        }
        let hyperparams = row.hyperparams.unwrap_or_default();
        let key = format!("{} ({hyperparams}) on {} {}", row.model, row.benchmark_id, row.example_id);
        if !seen.first(&key, file, || Some(line), errors) {
            continue;
        }
        rows.push(Read {
            file,
            line,
            model: row.model,
            hyperparams,
            benchmark,
            task,
            id,
            share: row.pass1,
            samples: row.samples,
        });
    }
    rows
}

/// The benchmark (as exerscope's other readers name it), the task and the program id of a row.
fn program_of(benchmark_id: &str, example_id: &str) -> Option<(String, Task, String)> {
    let (prefix, number) = example_id.rsplit_once('/')?;
    number.parse::<u32>().ok()?;
    let lower = benchmark_id.to_lowercase();
    Some(if let Some(task) = lower.strip_prefix("cruxeval-") {
        let task = if task.starts_with("input") { Task::Input } else { Task::Output };
        (super::cruxeval::BENCHMARK.to_owned(), task, format!("sample_{number}"))
    } else if lower == "humaneval" {
        ("humaneval".to_owned(), Task::Code, format!("HumanEval_{number}"))
    } else {
        (benchmark_id.to_owned(), Task::Code, format!("{}_{number}", prefix.replace('/', "_")))
    })
}

/// What names a model's run before settings are told apart.
fn run_key(row: &Read) -> (String, String) {
    (row.model.clone(), row.hyperparams.clone())
}

/// Each (model, hyperparams) its name: the model's, unless the drop holds it at several settings.
fn model_names(rows: &[Read]) -> HashMap<(String, String), String> {
    let mut settings: HashMap<&str, BTreeSet<&str>> = HashMap::new();
    for row in rows {
        settings.entry(&row.model).or_default().insert(&row.hyperparams);
    }
    rows.iter()
        .map(|row| {
            let name = if settings[row.model.as_str()].len() > 1 {
                format!("{} ({})", row.model, row.hyperparams)
            } else {
                row.model.clone()
            };
            (run_key(row), name)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::analysis::analyze_with_progress;
    use crate::execution::NoRunner;
    use crate::input::InputFile;
    use crate::judges::Judge;
    use crate::report::Report;
    use crate::table::Task;

    fn analyze(files: Vec<InputFile>) -> crate::Analysis {
        analyze_with_progress(files, &Default::default(), &mut NoRunner::because("not needed"), &mut |_| {})
    }

    fn row(benchmark: &str, model: &str, example: &str, pass1: f64, extra: &str) -> String {
        format!(
            r#"{{"benchmark_id":"{benchmark}","model":"{model}","example_id":"{example}","pass1":{pass1}{extra},"hyperparams":"temp0.2"}}"#
        )
    }

    const CRUXEVAL: &str = r#"{"code": "def f(x):\n    return x + 1", "input": "f(1)", "output": "2", "id": "sample_0"}
{"code": "def f(xs):\n    for x in xs:\n        pass\n    return xs", "input": "f([1])", "output": "[1]", "id": "sample_1"}
"#;

    #[test]
    fn rows_join_the_benchmark_s_programs_and_pass_at_1_is_the_mean_of_pass1() {
        let arena = [
            row("CRUXEval-output", "a", "CRUXEval-output/0", 0.7, ""),
            row("CRUXEval-output", "a", "CRUXEval-output/1", 0.2, ""),
            row("CRUXEval-output", "b", "CRUXEval-output/0", 1.0, ""),
            row("CRUXEval-output", "b", "CRUXEval-output/1", 0.0, ""),
            row("CRUXEval-input", "a", "CRUXEval-input/0", 0.5, r#","N":4"#),
        ]
        .join("\n");
        let analysis = analyze(vec![
            InputFile::new("data/cruxeval_output.jsonl", arena),
            InputFile::new("cruxeval/data/cruxeval.jsonl", CRUXEVAL),
        ]);
        assert!(analysis.facts.errors.is_empty(), "{:?}", analysis.facts.errors);
        assert_eq!(analysis.table.benchmarks, ["CRUXEval"], "one benchmark: the rows joined cruxeval.jsonl");
        assert!(analysis.table.programs.iter().all(|p| p.code.is_some()), "every program has its code");
        let report = Report::build(&analysis.facts, Judge::Reference);
        let runs: Vec<(&str, Task, u32, Option<f64>)> =
            report.runs.iter().map(|r| (r.model.as_str(), r.task, r.samples, r.pass_at_1)).collect();
        assert_eq!(
            runs,
            [
                ("a", Task::Output, 10, Some((0.7 + 0.2) / 2.0)),
                ("a", Task::Input, 4, Some(0.5)),
                ("b", Task::Output, 1, Some(0.5)),
            ]
        );
        let for_loops = report.constructs.iter().find(|c| c.model == "a" && c.construct == "for").unwrap();
        assert_eq!((for_loops.programs, for_loops.pass_at_1), (1, Some(0.2)), "properties cover the rows");
    }

    #[test]
    fn one_model_at_two_settings_is_two_models_and_examples_name_their_programs() {
        let file = |name: &str, setting: &str| {
            let row = row("CRUXEval-output", "m", "CRUXEval-output/3", 0.5, "").replace("temp0.2", setting);
            InputFile::new(name, row)
        };
        let facts = analyze(vec![file("t02.jsonl", "T0.2"), file("t08.jsonl", "T0.8")]).facts;
        assert_eq!(facts.models, ["m (T0.2)", "m (T0.8)"]);
        assert_eq!(super::program_of("HumanEval", "HumanEval/12").unwrap().2, "HumanEval_12");
        assert_eq!(
            super::program_of("humaneval+", "HumanEval/12").unwrap(),
            ("humaneval+".into(), Task::Code, "HumanEval_12".into())
        );
        assert_eq!(super::program_of("CRUXEval-input-T0.8", "CRUXEval-input/7").unwrap().1, Task::Input);
        assert_eq!(super::program_of("mbpp", "Mbpp/2"), Some(("mbpp".into(), Task::Code, "Mbpp_2".into())));
    }

    #[test]
    fn bad_rows_are_named_by_line_and_the_rest_is_read() {
        let rows = [
            row("CRUXEval-output", "a", "CRUXEval-output/0", 0.7, ""),
            row("CRUXEval-output", "a", "CRUXEval-output/1", 1.5, ""),
            row("CRUXEval-output", "a", "twelve", 0.5, ""),
            row("CRUXEval-output", "a", "CRUXEval-output/0", 0.1, ""),
            row("CRUXEval-output", "a", "CRUXEval-output/2", 0.25, r#","N":10"#),
        ]
        .join("\n");
        let facts = analyze(vec![InputFile::new("arena.jsonl", rows)]).facts;
        let lines: Vec<Option<usize>> = facts.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [Some(2), Some(3), Some(4), Some(5)], "{:?}", facts.errors);
        assert!(facts.errors[0].message.contains("between 0 and 1"));
        assert!(facts.errors[3].message.contains("no whole number of 10 samples"), "{:?}", facts.errors);
        assert_eq!(facts.predictions.len(), 10, "sample_0's 0.7 as 7 of 10");
    }
}
