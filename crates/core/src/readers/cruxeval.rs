//! CRUXEval (SPEC §2): the benchmark `cruxeval.jsonl` (one `{code, input, output, id}` per line)
//! and runs as `generations.json` (`{id: [generation, ...]}`) or scored files
//! (`{raw_generations, raw_scored_generations, pass_at_1, pass_at_5}`). Model, temperature and task
//! come from the run's file name, or its folder's for `generations.json`:
//! `sample_scored_codellama-7b_temp0.2_output.json`, `gpt-4o+cot_temp0.2_input/generations.json`.
//!
//! A scored run carries its verdicts; its lists of verdicts can be shorter than its generations,
//! so verdicts are never paired with generations unless both lists have the same length. When a
//! run is dropped both scored and unscored, the scored file is used.

use super::json_input::{first_record, has_keys, line_of, nothing_in, parse_json, parse_json_lines, Entries, SeenIds};
use super::{claim, Format, Reader, Reading};
use crate::diagnostics::FileError;
use crate::input::InputFile;
use crate::table::{Language, RawPrediction, RawProgram, TableBuilder, Task};
use rayon::prelude::*;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::{HashMap, HashSet};

pub struct Cruxeval;

/// The benchmark's name in the table (it joins with ExeRScope's `cruxeval` dataset, same ids).
pub const BENCHMARK: &str = "CRUXEval";
const GENERATIONS_FILE: &str = "generations.json";
const SCORED_KEY: &str = "\"raw_scored_generations\"";

#[derive(Deserialize)]
struct BenchmarkRecord {
    id: String,
    code: String,
    input: String,
    output: String,
}

#[derive(Deserialize)]
struct ScoredRun {
    raw_generations: Entries<Vec<String>>,
    raw_scored_generations: Entries<Vec<bool>>,
}

/// Who ran, on which task: from `<model>[+cot][_temp<T>]_<input|output>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RunName {
    pub model: String,
    pub task: Task,
}

impl RunName {
    /// `sample_` and `scored_` (the CRUXEval repository's prefixes) are dropped; the temperature
    /// stays in the model's name, so runs at different temperatures stay apart.
    pub fn parse(name: &str) -> Option<RunName> {
        let stem = name.strip_suffix(".json").unwrap_or(name);
        let stem = stem.strip_prefix("sample_").unwrap_or(stem);
        let stem = stem.strip_prefix("scored_").unwrap_or(stem);
        let (rest, task) = match (stem.strip_suffix("_output"), stem.strip_suffix("_input")) {
            (Some(rest), _) => (rest, Task::Output),
            (_, Some(rest)) => (rest, Task::Input),
            _ => return None,
        };
        let model = match rest.rsplit_once("_temp") {
            Some((model, t)) if !model.is_empty() && t.parse::<f64>().is_ok() => format!("{model} (T={t})"),
            _ => rest.to_owned(),
        };
        (!model.is_empty()).then_some(RunName { model, task })
    }
}

impl Reader for Cruxeval {
    fn formats(&self) -> &'static [Format] {
        &[Format::Cruxeval]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        let mut taken = HashSet::new();
        let mut scored = Vec::new();
        let mut unscored = Vec::new();
        for &i in unclaimed.iter() {
            let file = &files[i];
            if is_benchmark_file(file) {
                taken.insert(i);
                read_benchmark(file, builder, errors);
            } else if let Some(run) = scored_run_name(file) {
                taken.insert(i);
                scored.push((i, run));
            } else if let Some(run) = generations_run_name(file) {
                taken.insert(i);
                unscored.push((i, run));
            }
        }
        let scored_runs: HashSet<&RunName> = scored.iter().map(|(_, run)| run).collect();
        for wave in scored.chunks(parse_wave()) {
            for ((i, run), parsed) in wave.iter().zip(parse_each(files, wave)) {
                read_scored(&files[*i], run, parsed, builder, errors);
            }
        }
        let (superseded, unscored): (Vec<_>, Vec<_>) =
            unscored.into_iter().partition(|(_, run)| scored_runs.contains(run));
        for (i, run) in &superseded {
            errors.push(FileError::new(
                &files[*i].path,
                format!("{} ({}): the scored file of this run is used instead", run.model, run.task.name()),
            ));
        }
        for wave in unscored.chunks(parse_wave()) {
            for ((i, run), parsed) in wave.iter().zip(parse_each(files, wave)) {
                read_generations(&files[*i], run, parsed, builder, errors);
            }
        }
        claim(unclaimed, &taken);
    }
}

fn is_benchmark_file(file: &InputFile) -> bool {
    first_record(file).is_some_and(|record| has_keys(&record, &["code", "input", "output", "id"]))
}

fn scored_run_name(file: &InputFile) -> Option<RunName> {
    let name = file.file_name();
    if !name.ends_with(".json") || line_of(file, SCORED_KEY).is_none() {
        return None;
    }
    RunName::parse(name)
}

fn generations_run_name(file: &InputFile) -> Option<RunName> {
    if file.file_name() != GENERATIONS_FILE {
        return None;
    }
    let components = file.components();
    RunName::parse(components.get(components.len().checked_sub(2)?)?)
}

fn read_benchmark(file: &InputFile, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    builder.reading_from(&file.path);
    let mut seen = SeenIds::default();
    for (line, record) in parse_json_lines::<BenchmarkRecord>(file, errors) {
        if !seen.first(&record.id, file, || Some(line), errors) {
            continue;
        }
        builder.add_program(RawProgram {
            benchmark: BENCHMARK.to_owned(),
            source_path: format!("{} ({})", file.path, record.id),
            id: record.id,
            language: Language::Python,
            code: Some(record.code),
            input: format!("f({})", record.input),
            expected: record.output,
            extra_inputs: Vec::new(),
            about: Default::default(),
        });
    }
}

/// How many runs' files are parsed at a time: a few per core, not all at once (a hundred models'
/// answers parsed would all be in memory before the first is added).
fn parse_wave() -> usize {
    2 * rayon::current_num_threads()
}

/// Each of these runs' files parsed as JSON, on every core (a hundred models' files are most of
/// the reading), in their order.
fn parse_each<T: DeserializeOwned + Send>(files: &[InputFile], runs: &[(usize, RunName)]) -> Vec<Result<T, FileError>> {
    runs.par_iter().map(|(i, _)| parse_json(&files[*i])).collect()
}

fn read_scored(
    file: &InputFile,
    run: &RunName,
    parsed: Result<ScoredRun, FileError>,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
) {
    builder.reading_from(&file.path);
    let scored = match parsed {
        Ok(scored) if scored.raw_scored_generations.entries.is_empty() => return errors.push(nothing_in(file)),
        Ok(scored) => scored,
        Err(e) => return errors.push(e),
    };
    let generations: HashMap<String, Vec<String>> = scored.raw_generations.told(file, errors).into_iter().collect();
    for (id, verdicts) in scored.raw_scored_generations.told(file, errors) {
        let samples = generations.get(&id);
        if verdicts.is_empty() {
            report_empty(file, &id, errors);
            continue;
        }
        // Fewer verdicts than generations is how CRUXEval scores some runs (the first n); more
        // verdicts than generations cannot be: which of them is whose is not known.
        if let Some(samples) = samples.filter(|samples| samples.len() < verdicts.len()) {
            let message = format!(
                "{id}: {} verdicts for {} generation(s); its verdicts are not used (counted as missing)",
                verdicts.len(),
                samples.len()
            );
            errors.push(at_entry(file, &id, message));
            continue;
        }
        let answers = samples.filter(|samples| samples.len() == verdicts.len());
        for (sample, &verdict) in verdicts.iter().enumerate() {
            let answer = answers.map_or_else(String::new, |g| g[sample].clone());
            builder.add_prediction(prediction(file, run, &id, sample, answer, Some(verdict)));
        }
    }
}

fn read_generations(
    file: &InputFile,
    run: &RunName,
    parsed: Result<Entries<Vec<String>>, FileError>,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
) {
    builder.reading_from(&file.path);
    let generations = match parsed {
        Ok(generations) if generations.entries.is_empty() => return errors.push(nothing_in(file)),
        Ok(generations) => generations.told(file, errors),
        Err(e) => return errors.push(e),
    };
    for (id, samples) in generations {
        if samples.is_empty() {
            report_empty(file, &id, errors);
        }
        for (sample, answer) in samples.into_iter().enumerate() {
            builder.add_prediction(prediction(file, run, &id, sample, answer, None));
        }
    }
}

fn prediction(
    file: &InputFile,
    run: &RunName,
    id: &str,
    sample: usize,
    answer: String,
    stored_verdict: Option<bool>,
) -> RawPrediction {
    RawPrediction {
        model: run.model.clone(),
        benchmark: BENCHMARK.to_owned(),
        program_id: id.to_owned(),
        task: run.task,
        sample: sample as u32,
        answer,
        stored_verdict,
        input: None,
        response: None,
        source_path: file.path.clone(),
    }
}

fn report_empty(file: &InputFile, id: &str, errors: &mut Vec<FileError>) {
    errors.push(at_entry(file, id, format!("{id}: an empty list of samples; counted as missing")));
}

/// A message at the line of an id's entry.
fn at_entry(file: &InputFile, id: &str, message: String) -> FileError {
    match line_of(file, &format!("\"{id}\"")) {
        Some(line) => FileError::at_line(&file.path, line, message),
        None => FileError::new(&file.path, message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::judges::Judge;
    use crate::report::Report;

    const BENCHMARK_FILE: &str = concat!(
        "{\"code\": \"def f(x):\\n    return x + 1\", \"input\": \"1\", \"output\": \"2\", \"id\": \"sample_0\"}\n",
        "{\"code\": \"def f(s):\\n    return s[::-1]\", \"input\": \"'ab'\", \"output\": \"'ba'\", \"id\": \"sample_1\"}\n",
    );

    fn run_names(name: &str) -> Option<(String, Task)> {
        RunName::parse(name).map(|r| (r.model, r.task))
    }

    #[test]
    fn model_temperature_and_task_come_from_the_name() {
        assert_eq!(
            run_names("sample_scored_codellama-7b_temp0.2_output.json"),
            Some(("codellama-7b (T=0.2)".into(), Task::Output))
        );
        assert_eq!(run_names("gpt-4o+cot_temp0.8_input"), Some(("gpt-4o+cot (T=0.8)".into(), Task::Input)));
        assert_eq!(run_names("phi-2_output.json"), Some(("phi-2".into(), Task::Output)));
        assert_eq!(run_names("results.json"), None);
        assert_eq!(run_names("_output.json"), None);
    }

    #[test]
    fn generations_are_judged_and_scores_are_used_as_stored() {
        let files = vec![
            InputFile::new(
                "out/m_temp0.2_output/generations.json",
                r#"{"sample_0": ["2", "3"], "sample_1": ["'ba'"]}"#,
            ),
            InputFile::new(
                "scored_m_temp0.2_input.json",
                r#"{"raw_generations": {"sample_0": ["f(1)", "f(9)", "f(1)"]}, "raw_scored_generations": {"sample_0": [true, true]}, "pass_at_1": 100.0}"#,
            ),
            InputFile::new("data/cruxeval.jsonl", BENCHMARK_FILE),
        ];
        let facts = analyze(files).facts;
        assert!(facts.errors.is_empty(), "{:?}", facts.errors);
        let report = Report::build(&facts, Judge::Reference);
        let run = |task: Task| report.runs.iter().find(|r| r.task == task).unwrap();
        let output = run(Task::Output);
        assert_eq!((output.model.as_str(), output.correct, output.total), ("m (T=0.2)", 2, 3));
        assert_eq!(output.samples, 2);
        assert_eq!(output.pass_at_1, Some(0.75), "sample_0: 1/2, sample_1: 1/1");
        let input = run(Task::Input);
        assert_eq!((input.correct, input.total, input.samples), (2, 2, 2), "the stored verdicts, not the judge");
    }

    #[test]
    fn a_scored_run_replaces_its_unscored_generations() {
        let files = vec![
            InputFile::new("cruxeval.jsonl", BENCHMARK_FILE),
            InputFile::new("m_output/generations.json", r#"{"sample_0": ["2"]}"#),
            InputFile::new(
                "m_output.json",
                r#"{"raw_generations": {}, "raw_scored_generations": {"sample_0": [false]}}"#,
            ),
        ];
        let facts = analyze(files).facts;
        assert_eq!(facts.predictions.model.len(), 1);
        assert_eq!(facts.predictions.verdicts(Judge::Reference), [false]);
        assert!(facts
            .errors
            .iter()
            .any(|e| e.file == "m_output/generations.json" && e.message.contains("scored file")));
    }

    #[test]
    fn more_verdicts_than_generations_and_repeated_ids_are_told() {
        let files = vec![
            InputFile::new("cruxeval.jsonl", BENCHMARK_FILE),
            InputFile::new(
                "m_output.json",
                "{\"raw_generations\": {\"sample_0\": [\"2\"], \"sample_1\": [\"'ba'\"]},\n\
                 \"raw_scored_generations\": {\"sample_0\": [true, true, true],\n\"sample_1\": [true]}}",
            ),
            InputFile::new("n_output/generations.json", "{\"sample_0\": [\"2\"],\n\"sample_0\": [\"3\", \"4\"]}"),
        ];
        let facts = analyze(files).facts;
        let messages: Vec<String> = facts.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            messages,
            [
                "m_output.json:1: sample_0: 3 verdicts for 1 generation(s); its verdicts are not used (counted as missing)",
                "n_output/generations.json:2: the key \"sample_0\" appears again: the first one is used",
            ]
        );
        let report = Report::build(&facts, Judge::Reference);
        let totals: Vec<(&str, u64, u64)> =
            report.runs.iter().map(|r| (r.model.as_str(), r.correct, r.total)).collect();
        assert_eq!(totals, [("m", 1, 1), ("n", 1, 1)]);
    }

    #[test]
    fn a_benchmark_file_whose_first_program_is_long_is_still_told_by_its_first_record() {
        let long = format!("def f(x):\n    return x\nPAD = '{}'\n", "x".repeat(70_000));
        let line = serde_json::json!({"code": long, "input": "1", "output": "1", "id": "sample_0"}).to_string();
        assert!(line.len() > 1 << 16);
        let files = vec![
            InputFile::new("cruxeval.jsonl", line + "\n"),
            InputFile::new("m_output/generations.json", r#"{"sample_0": ["1"]}"#),
        ];
        let facts = analyze(files).facts;
        assert!(facts.errors.is_empty(), "{:?}", facts.errors);
        assert_eq!(facts.predictions.verdicts(Judge::Reference), [true]);
    }

    #[test]
    fn malformed_files_are_named_with_their_line_and_the_rest_is_read() {
        let files = vec![
            InputFile::new(
                "cruxeval.jsonl",
                format!(
                    "{BENCHMARK_FILE}{{\"code\": 1, \"input\": \"\", \"output\": \"\", \"id\": \"x\"}}\n{}",
                    BENCHMARK_FILE.lines().next().unwrap()
                ),
            ),
            InputFile::new("a_output/generations.json", "{\"sample_0\": [\"2\"],\n \"sample_1\": [\n"),
            InputFile::new("b_output/generations.json", "{\"sample_0\": [2]}"),
            InputFile::new(
                "c_output/generations.json",
                "{\"sample_0\": [],\n \"sample_1\": [\"'ba'\"], \"sample_77\": [\"1\"]}",
            ),
        ];
        let facts = analyze(files).facts;
        let error = |file: &str| {
            facts.errors.iter().find(|e| e.file == file).unwrap_or_else(|| panic!("{file}: {:?}", facts.errors))
        };
        assert_eq!(error("cruxeval.jsonl").line, Some(3));
        assert!(facts
            .errors
            .iter()
            .any(|e| e.file == "cruxeval.jsonl" && e.line == Some(4) && e.message.contains("duplicate id sample_0")));
        assert_eq!(error("a_output/generations.json").line, Some(3));
        assert!(error("a_output/generations.json").message.starts_with("truncated JSON"));
        assert!(error("b_output/generations.json").message.contains("expected a string"));
        assert_eq!(error("c_output/generations.json").line, Some(1), "{:?}", facts.errors);
        assert!(
            facts
                .errors
                .iter()
                .any(|e| e.message.contains("1 prediction(s) of model c") && e.message.ends_with("Ids: sample_77")),
            "the unknown id is counted and named: {:?}",
            facts.errors
        );
        assert_eq!(facts.predictions.model.len(), 1, "c's sample_1 is still analysed");
    }
}
