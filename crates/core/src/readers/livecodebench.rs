//! LiveCodeBench's execution task: its leaderboard's per-problem file
//! (`performances_execution.json`: `{"performances": [{model, sample_id, question_id, Pass@1,
//! Pass@1-COT, date}], "models": […]}`, a row per model and problem, each Pass@1 a percentage of
//! the model's samples) and, when dropped beside it, the execution dataset's rows (`id`, `code`,
//! `input` — a call such as `f(s = "hi")` —, `output`, `function_name`, `numsteps`, `difficulty`) as
//! JSON Lines or a JSON array, joined on `sample_id` = `id`.
//!
//! Each row is read as c of n samples right (n = 10, the leaderboard's; 8 where the percentage is
//! no tenth, as 12.5 is), so pass@1 is the leaderboard's own mean; the CoT column is a setting of
//! its own beside the model (`Claude-2 (CoT)`).

use super::json_input::{first_line, first_record, has_keys, parse_json, parse_json_lines};
use super::shares::{self, Share};
use super::{Format, Reader, Reading};
use crate::diagnostics::FileError;
use crate::input::InputFile;
use crate::table::{Language, RawPrediction, RawProgram, TableBuilder, Task};
use serde::Deserialize;

pub struct LiveCodeBench;

pub const BENCHMARK: &str = "LiveCodeBench execution";
/// The leaderboard's samples per problem.
const SAMPLES: u32 = 10;
/// The keys that tell the execution dataset's rows from CRUXEval's (which share the others).
const DATASET_KEYS: &[&str] = &["id", "code", "input", "output", "function_name", "numsteps"];

#[derive(Deserialize)]
struct Leaderboard {
    performances: Vec<Performance>,
}

#[derive(Deserialize)]
struct Performance {
    model: String,
    sample_id: String,
    #[serde(rename = "Pass@1")]
    direct: Option<f64>,
    #[serde(rename = "Pass@1-COT")]
    cot: Option<f64>,
}

#[derive(Deserialize)]
struct Problem {
    id: String,
    code: String,
    input: String,
    output: String,
    #[serde(default)]
    difficulty: Option<String>,
}

impl Reader for LiveCodeBench {
    fn formats(&self) -> &'static [Format] {
        &[Format::LiveCodeBench]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        let (mut leaderboards, mut datasets) = (Vec::new(), Vec::new());
        unclaimed.retain(|&i| {
            let file = &files[i];
            if is_leaderboard(file) {
                leaderboards.push(file);
            } else if is_dataset(file) {
                datasets.push(file);
            } else {
                return true;
            }
            false
        });
        for file in &datasets {
            read_problems(file, builder, errors);
        }
        for file in &leaderboards {
            read_leaderboard(file, builder, errors);
            if datasets.is_empty() {
                errors.push(FileError::new(
                    &file.path,
                    "the execution problems themselves are not in the drop: the results are shown per model; drop \
                     the execution dataset's rows (JSON Lines of id, code, input, output) beside it to join each \
                     problem's code and measure it",
                ));
            }
        }
    }
}

/// How far into a JSON file its first record's keys are looked for: every .json of a drop is
/// asked, and searching the whole of each (megabytes of results) would cost more than reading it.
const HEAD_BYTES: usize = 64 << 10;

/// Whether every one of `keys` occurs, quoted, in the file's first [`HEAD_BYTES`].
fn head_has(file: &InputFile, keys: &[&str]) -> bool {
    let head = &file.bytes[..file.bytes.len().min(HEAD_BYTES)];
    keys.iter().all(|key| {
        let quoted = format!("\"{key}\"");
        head.windows(quoted.len()).any(|window| window == quoted.as_bytes())
    })
}

fn is_leaderboard(file: &InputFile) -> bool {
    file.path.ends_with(".json")
        && first_line(file).trim_start().starts_with('{')
        && head_has(file, &["performances", "sample_id", "Pass@1"])
}

fn is_dataset(file: &InputFile) -> bool {
    let jsonl = first_record(file).is_some_and(|record| has_keys(&record, DATASET_KEYS));
    let array =
        file.path.ends_with(".json") && first_line(file).trim_start().starts_with('[') && head_has(file, DATASET_KEYS);
    jsonl || array
}

fn read_problems(file: &InputFile, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    builder.reading_from(&file.path);
    let problems: Vec<Problem> = if file.path.ends_with(".jsonl") {
        parse_json_lines(file, errors).into_iter().map(|(_, problem)| problem).collect()
    } else {
        match parse_json(file) {
            Ok(problems) => problems,
            Err(e) => return errors.push(e),
        }
    };
    for problem in problems {
        builder.add_program(RawProgram {
            benchmark: BENCHMARK.to_owned(),
            source_path: format!("{} ({})", file.path, problem.id),
            id: problem.id,
            language: Language::Python,
            code: Some(problem.code),
            input: problem.input,
            expected: problem.output,
            extra_inputs: Vec::new(),
            about: crate::table::ProgramNotes {
                asked_in: Vec::new(),
                attributes: problem.difficulty.map(|d| ("difficulty".to_owned(), d)).into_iter().collect(),
                not_run: None,
            },
        });
    }
}

fn read_leaderboard(file: &InputFile, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    let leaderboard = match parse_json::<Leaderboard>(file) {
        Ok(leaderboard) => leaderboard,
        Err(e) => return errors.push(e),
    };
    builder.reading_from(&file.path);
    let mut unreadable = Vec::new();
    // The leaderboard writes -1 where a model was not run in a setting (CoT): no prediction.
    let mut not_run: std::collections::BTreeMap<String, usize> = Default::default();
    for row in leaderboard.performances {
        builder.add_program(RawProgram {
            benchmark: BENCHMARK.to_owned(),
            id: row.sample_id.clone(),
            language: Language::Python,
            code: None,
            input: String::new(),
            expected: String::new(),
            extra_inputs: Vec::new(),
            source_path: format!("{} ({})", file.path, row.sample_id),
            about: Default::default(),
        });
        for (percent, model) in [(row.direct, row.model.clone()), (row.cot, format!("{} (CoT)", row.model))] {
            let Some(percent) = percent else { continue };
            if percent < 0.0 {
                *not_run.entry(model).or_default() += 1;
                continue;
            }
            match share_of_percent(percent) {
                Ok(share) => {
                    let template = RawPrediction {
                        model,
                        benchmark: BENCHMARK.to_owned(),
                        program_id: row.sample_id.clone(),
                        task: Task::Output,
                        sample: 0,
                        answer: String::new(),
                        stored_verdict: None,
                        input: None,
                        response: None,
                        source_path: file.path.clone(),
                    };
                    shares::predictions(template, share, 0).for_each(|p| builder.add_prediction(p));
                }
                Err(message) => unreadable.push(format!("{model} on {}: {message}", row.sample_id)),
            }
        }
    }
    for (model, rows) in not_run {
        errors.push(FileError::new(
            &file.path,
            format!("{model}: {rows} problem(s) with a Pass@1 of -1 (not run in this setting): left out"),
        ));
    }
    if let Some(first) = unreadable.first() {
        errors.push(FileError::new(&file.path, format!("{} row(s) skipped, the first {first}", unreadable.len())));
    }
}

/// A leaderboard percentage as c of n samples: of 10, else of the fewest that make it whole.
fn share_of_percent(percent: f64) -> Result<Share, String> {
    let share = shares::parse(&(percent / 100.0).to_string())?;
    shares::of_samples(share, SAMPLES).or_else(|_| shares::share_of(share, None, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::judges::Judge;
    use crate::report::Report;

    const LEADERBOARD: &str = r#"{
    "performances": [
        {"model": "M", "sample_id": "sample_0", "question_id": 2777, "Pass@1": 70.0, "date": 1683504000000, "Pass@1-COT": 100.0},
        {"model": "M", "sample_id": "sample_1", "question_id": 2777, "Pass@1": 12.5, "date": 1683504000000, "Pass@1-COT": 0.0},
        {"model": "N", "sample_id": "sample_1", "question_id": 2777, "Pass@1": 50.0, "date": 1683504000000, "Pass@1-COT": -1.0}
    ],
    "models": [{"model_name": "m", "model_repr": "M"}]
}"#;

    #[test]
    fn pass_at_1_is_the_leaderboard_s_mean_and_the_dataset_joins_its_problems() {
        let rows = [
            r#"{"question_id": "2777", "id": "sample_0", "function_name": "f", "code": "def f(s):\n    return s * 2\n", "input": "f(s = \"hi\")", "output": "\"hihi\"", "numsteps": 5, "difficulty": "easy", "contest_id": "x", "contest_date": "2023-05-07", "problem_id": "p"}"#,
            r#"{"question_id": "2777", "id": "sample_1", "function_name": "g", "code": "def g(n):\n    return n\n", "input": "g(n = 1)", "output": "1", "numsteps": 3, "difficulty": "hard", "contest_id": "x", "contest_date": "2023-05-07", "problem_id": "p"}"#,
        ];
        let files = vec![
            InputFile::new("performances_execution.json", LEADERBOARD),
            InputFile::new("execution/test.jsonl", rows.join("\n")),
        ];
        let analysis = analyze(files);
        let report = Report::build(&analysis.facts, Judge::Reference);
        let runs: Vec<_> =
            report.runs.iter().map(|r| (r.model.as_str(), r.programs, r.samples, r.pass_at_1.unwrap())).collect();
        assert_eq!(runs, [("M", 2, 10, (0.7 + 0.125) / 2.0), ("M (CoT)", 2, 10, 0.5), ("N", 1, 10, 0.5)]);
        let told: Vec<&str> = analysis.facts.errors.iter().map(|e| e.message.as_str()).collect();
        assert!(
            told.contains(&"N (CoT): 1 problem(s) with a Pass@1 of -1 (not run in this setting): left out"),
            "{told:?}"
        );
        let program = analysis.table.programs.iter().find(|p| p.id == "sample_0").unwrap();
        assert_eq!((program.input.as_str(), program.expected.as_str()), ("f(s = \"hi\")", "\"hihi\""));
        assert_eq!(program.about.attributes, [("difficulty".to_owned(), "easy".to_owned())]);
        assert!(!analysis.facts.errors.iter().any(|e| e.message.contains("not in the drop")));
    }

    #[test]
    fn without_the_dataset_the_results_are_shown_and_the_join_explained() {
        let analysis = analyze(vec![InputFile::new("performances_execution.json", LEADERBOARD)]);
        assert_eq!(analysis.table.programs.len(), 2);
        assert!(analysis.facts.errors.iter().any(|e| e.message.starts_with("the execution problems themselves")));
    }
}
