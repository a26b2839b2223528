//! Anyone's own results (SPEC §2, "generic"): CSV or JSON Lines, one prediction per row, whose
//! columns are mapped to exerscope's fields. Common column names are recognised by themselves;
//! a file whose columns lack a required field (the program id, and a prediction or a verdict) is
//! listed with its columns and a guess, for the user to map (the app's form, the CLI's `--map`).
//! A mapping applies to every file with the same columns.

use super::json_input::{nothing_in, parse_json_lines, Entries};
use super::shares;
use super::{take_each, DropContext, Format, Reader, Reading};
use crate::diagnostics::{utf8_text, FileError};
use crate::input::InputFile;
use crate::table::{Language, RawPrediction, RawProgram, TableBuilder, Task};
use crate::units::units;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

pub struct GenericTable;

units! {
    /// A field of exerscope's data model a column can hold.
    pub enum Field {
        Model => "model", "the model's name";
        Benchmark => "benchmark", "the benchmark's name";
        Id => "id", "the program's id in its benchmark";
        Task => "task", "what was predicted (output, input, …)";
        Sample => "sample", "the sample's number (0, 1, …)";
        Language => "language", "the program's language";
        Code => "code", "the program's source";
        Input => "input", "the program's input";
        Expected => "expected", "the expected answer";
        Prediction => "prediction", "the model's answer";
        Correct => "correct", "the stored verdict (true/false, 1/0), or the share of samples correct (0.7)";
        Samples => "n", "how many samples a share in `correct` is of";
    }
}

impl Field {
    /// Column names recognised without asking, lower case.
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Field::Model => &["model", "model_name", "model_id"],
            Field::Benchmark => &["benchmark", "dataset", "dataset_name", "bench"],
            Field::Id => &["id", "program_id", "problem_id", "problem_name", "task_id", "sample_id"],
            Field::Task => &["task", "mode"],
            Field::Sample => &["sample", "sample_index", "sample_idx"],
            Field::Language => &["language", "lang"],
            Field::Code => &["code", "program", "source"],
            Field::Input => &["input", "input_data"],
            Field::Expected => &["expected", "expected_output", "output", "gold", "reference"],
            Field::Prediction => &["prediction", "predicted", "answer", "predicted_output", "generation"],
            Field::Correct => &["correct", "is_correct", "pass", "passed", "verdict", "score", "pass1", "pass@1"],
            Field::Samples => &["n", "samples", "n_samples", "num_samples"],
        }
    }
}

/// Which column holds each field.
pub type ColumnMapping = BTreeMap<Field, String>;

/// A file whose columns could not all be recognised: shown to the user to map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnmappedTable {
    pub file: String,
    pub columns: Vec<String>,
    /// What was recognised, as a starting point.
    pub guess: ColumnMapping,
}

/// The key a mapping is remembered by: the file's columns, in order.
pub fn columns_key(columns: &[String]) -> String {
    columns.join("\u{1f}")
}

impl Reader for GenericTable {
    fn formats(&self) -> &'static [Format] {
        &[Format::Csv, Format::Jsonl]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { context, builder, errors } = out;
        take_each(files, unclaimed, |file| {
            let rows = if file.path.ends_with(".csv") {
                csv_rows(file, errors)
            } else if file.path.ends_with(".jsonl") {
                jsonl_rows(file, errors)
            } else {
                return false;
            };
            if let Some(rows) = rows {
                let mapping = mapping_for(&rows.columns, context);
                read_rows(file, rows, mapping, builder, errors);
            }
            true
        });
    }
}

/// More distinct columns than this make no table of predictions (a file of one key per row).
const MAX_COLUMNS: usize = 1_000;

/// A file's rows: its columns, and each row's line and values. A row holds the values it has, by
/// column index in increasing order: JSON Lines rows need not share their keys, and a file whose
/// every row brings new keys must not cost rows × columns.
struct Rows {
    columns: Vec<String>,
    records: Vec<(usize, Vec<(usize, String)>)>,
}

fn csv_rows(file: &InputFile, errors: &mut Vec<FileError>) -> Option<Rows> {
    let text = utf8_text(&file.path, &file.bytes).map_err(|e| errors.push(e)).ok()?;
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(text.as_bytes());
    let columns: Vec<String> = match reader.headers() {
        Ok(headers) => headers.iter().map(|h| h.trim().to_owned()).collect(),
        Err(e) => {
            errors.push(FileError::new(&file.path, format!("not a CSV file: {e}; skipped")));
            return None;
        }
    };
    let mut records = Vec::new();
    for record in reader.records() {
        match record {
            Ok(record) => {
                let line = record.position().map_or(0, |p| p.line() as usize);
                records.push((line, record.iter().map(str::to_owned).enumerate().collect()));
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line() as usize);
                errors.push(FileError::at_line(&file.path, line, format!("not a CSV row: {e}; skipped")));
            }
        }
    }
    Some(Rows { columns, records })
}

fn jsonl_rows(file: &InputFile, errors: &mut Vec<FileError>) -> Option<Rows> {
    let objects: Vec<(usize, Entries<Value>)> = parse_json_lines(file, errors);
    let mut columns: Vec<String> = Vec::new();
    let mut column_of: HashMap<String, usize> = HashMap::new();
    let mut records = Vec::with_capacity(objects.len());
    for (line, object) in objects {
        for key in &object.repeated {
            errors.push(FileError::at_line(
                &file.path,
                line,
                format!("the key {key:?} appears again: the first one is used"),
            ));
        }
        let mut values: Vec<(usize, String)> = object
            .entries
            .into_iter()
            .map(|(key, value)| {
                let next = columns.len();
                let column = *column_of.entry(key).or_insert_with_key(|key| {
                    columns.push(key.clone());
                    next
                });
                (column, value_text(&value))
            })
            .collect();
        values.sort_unstable_by_key(|&(column, _)| column);
        records.push((line, values));
    }
    if columns.len() > MAX_COLUMNS {
        errors.push(FileError::new(
            &file.path,
            format!(
                "{} different keys in its rows: not a table of predictions (at most {MAX_COLUMNS}); skipped",
                columns.len()
            ),
        ));
        return None;
    }
    Some(Rows { columns, records })
}

fn value_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The user's mapping for these columns, else the columns recognised by name with the user's
/// overrides (those naming a column the file has) on top.
fn mapping_for(columns: &[String], context: &DropContext) -> ColumnMapping {
    if let Some(mapping) = context.mappings.get(&columns_key(columns)) {
        return mapping.clone();
    }
    let mut mapping = ColumnMapping::new();
    for (field, column) in context.overrides.iter().filter(|(_, column)| columns.contains(column)) {
        mapping.insert(*field, column.clone());
    }
    for field in Field::ALL {
        let found = columns.iter().find(|c| field.aliases().contains(&c.to_lowercase().as_str()));
        if let Some(column) =
            found.filter(|c| !mapping.contains_key(&field) && !mapping.values().any(|taken| taken == *c))
        {
            mapping.insert(field, column.clone());
        }
    }
    mapping
}

fn is_complete(mapping: &ColumnMapping) -> bool {
    mapping.contains_key(&Field::Id)
        && (mapping.contains_key(&Field::Prediction) || mapping.contains_key(&Field::Correct))
}

fn read_rows(
    file: &InputFile,
    rows: Rows,
    mapping: ColumnMapping,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
) {
    if rows.records.is_empty() {
        return errors.push(nothing_in(file));
    }
    if !is_complete(&mapping) {
        errors.push(FileError::new(
            &file.path,
            "which columns hold the program id and the prediction (or verdict)? Map them; the file is not used until then",
        ));
        builder.add_unmapped(UnmappedTable { file: file.path.clone(), columns: rows.columns, guess: mapping });
        return;
    }
    let position: BTreeMap<Field, usize> = mapping
        .iter()
        .filter_map(|(field, column)| Some((*field, rows.columns.iter().position(|c| c == column)?)))
        .collect();
    builder.reading_from(&file.path);
    let read = parse_rows(file, rows.records, &position, errors);
    add_rows(file, read, builder, errors);
}

/// Each row read (with its line), rows that cannot be read told by line; repeated rows told once.
fn parse_rows(
    file: &InputFile,
    records: Vec<(usize, Vec<(usize, String)>)>,
    position: &BTreeMap<Field, usize>,
    errors: &mut Vec<FileError>,
) -> Vec<(usize, Row)> {
    let stem = file.file_name().rsplit_once('.').map_or(file.file_name(), |(stem, _)| stem);
    let mut repeats = Repeats::default();
    let mut read = Vec::with_capacity(records.len());
    for (line, values) in records {
        let get = |field: Field| {
            let column = *position.get(&field)?;
            let at = values.binary_search_by_key(&column, |&(c, _)| c).ok()?;
            Some(values[at].1.as_str())
        };
        if get(Field::Sample).is_none() {
            repeats.check(&values, line);
        }
        match row(&get, stem) {
            Ok(row) => read.push((line, row)),
            Err(message) => errors.push(FileError::at_line(&file.path, line, format!("{message}; row skipped"))),
        }
    }
    repeats.tell(file, errors);
    read
}

/// The rows' programs and predictions: samples numbered in the order of the file, a share as its
/// samples ([`shares`]).
fn add_rows(file: &InputFile, read: Vec<(usize, Row)>, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    let samples_of_runs = samples_of_shares(&read);
    let mut next_sample: HashMap<(String, String, String, Task), u32> = HashMap::new();
    for (line, Row { program, prediction, stored }) in read {
        let run = samples_of_runs.get(&prediction.model);
        let share = match stored {
            Stored::Share { share, samples } => Some(shares::share_of(share, samples, run)),
            // Beside a model's shares, its 0 and 1 are shares of as many samples.
            Stored::Verdict(Some(verdict)) if run.is_some() && prediction.sample == NEXT_SAMPLE => {
                Some(shares::share_of(f64::from(u8::from(verdict)), None, run))
            }
            Stored::Verdict(_) => None,
        };
        let key =
            (prediction.model.clone(), prediction.benchmark.clone(), prediction.program_id.clone(), prediction.task);
        let next = next_sample.entry(key).or_insert(0);
        builder.add_program(RawProgram { source_path: format!("{}:{line}", file.path), ..program });
        let prediction = RawPrediction { source_path: file.path.clone(), ..prediction };
        match share {
            None => {
                let sample = match prediction.sample {
                    NEXT_SAMPLE => *next,
                    given => given,
                };
                *next += 1;
                builder.add_prediction(RawPrediction { sample, ..prediction });
            }
            Some(Ok(share)) => {
                shares::predictions(prediction, share, *next).for_each(|p| builder.add_prediction(p));
                *next += share.samples;
            }
            Some(Err(message)) => errors.push(FileError::at_line(&file.path, line, format!("{message}; row skipped"))),
        }
    }
    let mut uneven: Vec<(&String, f64)> =
        samples_of_runs.iter().filter_map(|(model, n)| Some((model, n.err()?))).collect();
    uneven.sort_by(|a, b| a.0.cmp(b.0));
    for (model, share) in uneven {
        errors.push(FileError::new(&file.path, shares::no_common_samples(model, share)));
    }
}

/// Per model, the samples its shares without `n` stand for ([`shares::samples_of_runs`]).
fn samples_of_shares(rows: &[(usize, Row)]) -> HashMap<String, Result<u32, f64>> {
    shares::samples_of_runs(rows.iter().filter_map(|(_, row)| match row.stored {
        Stored::Share { share, samples: None } => Some((row.prediction.model.clone(), share)),
        _ => None,
    }))
}

/// Rows that repeat an earlier row of their file exactly. Without a sample column, a program's
/// rows are its samples, and two samples may well agree; a whole row given twice more likely
/// means a file joined to itself. Such rows are read as samples, and told.
#[derive(Default)]
struct Repeats {
    /// A hash of each row's values → its line.
    first_line: HashMap<u64, usize>,
    /// How many rows repeated another, and the (repeat, first) lines of the first of them.
    count: usize,
    example: Option<(usize, usize)>,
}

impl Repeats {
    fn check(&mut self, values: &[(usize, String)], line: usize) {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        values.hash(&mut hasher);
        let first = *self.first_line.entry(hasher.finish()).or_insert(line);
        if first != line {
            self.count += 1;
            self.example.get_or_insert((line, first));
        }
    }

    fn tell(&self, file: &InputFile, errors: &mut Vec<FileError>) {
        if let Some((line, first)) = self.example {
            errors.push(FileError::at_line(
                &file.path,
                line,
                format!(
                    "{} row(s) repeat an earlier row exactly (this one, line {first}): each is read as one more \
                     sample of its program; number samples in a `sample` column, or remove the repeats",
                    self.count
                ),
            ));
        }
    }
}

type RowGetter<'a> = dyn Fn(Field) -> Option<&'a str> + 'a;

/// A row read: its program, its prediction (sample [`NEXT_SAMPLE`] unless the row numbers it)
/// and what it says of the prediction's correctness.
struct Row {
    program: RawProgram,
    prediction: RawPrediction,
    stored: Stored,
}

/// What a row's `correct` says: a verdict (or nothing, to be judged), or a share of samples.
enum Stored {
    Verdict(Option<bool>),
    Share { share: f64, samples: Option<u32> },
}

/// The sample of a row without a `sample` column: numbered in the order of the file.
const NEXT_SAMPLE: u32 = u32::MAX;

fn row(get: &RowGetter<'_>, file_stem: &str) -> Result<Row, String> {
    let text = |field: Field| get(field).map(str::trim).filter(|v| !v.is_empty());
    let id = text(Field::Id).ok_or("no program id")?.to_owned();
    let model = text(Field::Model).unwrap_or(file_stem).to_owned();
    let benchmark = text(Field::Benchmark).unwrap_or("table").to_owned();
    let task = match text(Field::Task) {
        None => Task::Output,
        Some(name) => task_named(name).ok_or_else(|| format!("unknown task {name:?}"))?,
    };
    let language = match text(Field::Language).map(str::to_lowercase).as_deref() {
        None | Some("python" | "py") => Language::Python,
        Some("java") => Language::Java,
        Some(other) => return Err(format!("language {other:?}: exerscope reads Python and Java")),
    };
    let stored = stored(text(Field::Correct), text(Field::Samples))?;
    if matches!(stored, Stored::Verdict(None)) && get(Field::Prediction).is_none() {
        return Err("neither a prediction nor a verdict".into());
    }
    let sample = match text(Field::Sample) {
        None => NEXT_SAMPLE,
        Some(_) if matches!(stored, Stored::Share { .. }) => {
            return Err("a share of samples in `correct` and a sample number: one or the other".into())
        }
        Some(value) => {
            value.parse().ok().filter(|&n| n != NEXT_SAMPLE).ok_or(format!("sample {value:?} is not a number"))?
        }
    };
    let program = RawProgram {
        benchmark: benchmark.clone(),
        id: id.clone(),
        language,
        code: get(Field::Code).filter(|c| !c.trim().is_empty()).map(str::to_owned),
        input: get(Field::Input).unwrap_or_default().to_owned(),
        expected: get(Field::Expected).unwrap_or_default().to_owned(),
        extra_inputs: Vec::new(),
        about: Default::default(),
        source_path: String::new(),
    };
    let prediction = RawPrediction {
        model,
        benchmark,
        program_id: id,
        task,
        sample,
        answer: get(Field::Prediction).unwrap_or_default().to_owned(),
        stored_verdict: match stored {
            Stored::Verdict(verdict) => verdict,
            Stored::Share { .. } => None,
        },
        input: None,
        response: None,
        source_path: String::new(),
    };
    Ok(Row { program, prediction, stored })
}

/// `correct` (and `n`): a verdict, a share, or nothing. With `n`, `correct` is a share of n samples.
fn stored(correct: Option<&str>, samples: Option<&str>) -> Result<Stored, String> {
    let samples = match samples {
        None => None,
        Some(n) => {
            Some(n.parse::<u32>().ok().filter(|&n| n > 0).ok_or(format!("`n` is {n:?}, not a number of samples"))?)
        }
    };
    let Some(value) = correct else {
        return Ok(Stored::Verdict(None));
    };
    match (verdict(value), samples) {
        (Some(verdict), None) => Ok(Stored::Verdict(Some(verdict))),
        (Some(verdict), Some(_)) => Ok(Stored::Share { share: f64::from(u8::from(verdict)), samples }),
        (None, _) => {
            let share =
                shares::parse(value).map_err(|e| format!("`correct`: {e}; give true/false or a share of samples"))?;
            Ok(Stored::Share { share, samples })
        }
    }
}

fn task_named(name: &str) -> Option<Task> {
    Task::ALL.into_iter().find(|t| t.name() == name.to_lowercase())
}

fn verdict(value: &str) -> Option<bool> {
    match value.to_lowercase().as_str() {
        "true" | "1" | "1.0" | "yes" | "pass" | "passed" | "correct" => Some(true),
        "false" | "0" | "0.0" | "no" | "fail" | "failed" | "wrong" | "incorrect" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze_with_progress;
    use crate::execution::NoRunner;
    use crate::judges::Judge;
    use crate::report::Report;

    fn analyze(files: Vec<InputFile>, mappings: HashMap<String, ColumnMapping>) -> crate::Analysis {
        let options = super::super::ReadOptions { mappings, ..Default::default() };
        analyze_with_progress(files, &options, &mut NoRunner::because("not needed"), &mut |_| {})
    }

    #[test]
    fn recognised_columns_need_no_mapping() {
        let csv = "model,benchmark,id,code,input,expected,prediction\n\
                   m,b,p1,\"def f(x):\n    return x\",f(1),1,1\n\
                   m,b,p2,\"def f(x):\n    return [x]\",f(1),[1],\"[1, 1]\"\n\
                   m,b,p2,,,,[1]\n";
        let analysis = analyze(vec![InputFile::new("runs/results.csv", csv)], HashMap::new());
        assert!(analysis.facts.errors.is_empty(), "{:?}", analysis.facts.errors);
        assert_eq!(analysis.table.programs.len(), 2);
        assert!(
            analysis.table.programs.iter().all(|p| p.code.is_some()),
            "the first row of a program carries its code"
        );
        let run = &Report::build(&analysis.facts, Judge::Reference).runs[0];
        assert_eq!((run.correct, run.total, run.programs, run.samples), (2, 3, 2, 2));
        assert_eq!(run.pass_at_1, Some(0.75));
    }

    #[test]
    fn a_share_in_correct_is_c_of_n_samples_and_pass_at_1_the_mean_share() {
        let csv = "model,id,correct,n\nm,p1,0.7,10\nm,p2,1,10\nm,p3,0.25,4\nm,p4,0.5,\n";
        let analysis = analyze(vec![InputFile::new("shares.csv", csv)], HashMap::new());
        assert!(analysis.facts.errors.is_empty(), "{:?}", analysis.facts.errors);
        let run = &Report::build(&analysis.facts, Judge::Reference).runs[0];
        assert_eq!((run.correct, run.total, run.programs, run.samples), (7 + 10 + 1 + 1, 10 + 10 + 4 + 2, 4, 10));
        assert_eq!(run.pass_at_1, Some((0.7 + 1.0 + 0.25 + 0.5) / 4.0));
    }

    #[test]
    fn shares_without_n_stand_for_the_fewest_samples_that_make_each_model_s_shares_whole() {
        let jsonl = [
            r#"{"model": "ten", "id": "p1", "correct": 0.7}"#,
            r#"{"model": "ten", "id": "p2", "correct": 0.5}"#,
            r#"{"model": "three", "id": "p1", "correct": 0.6666666667}"#,
            r#"{"model": "three", "id": "p2", "correct": 1.0}"#,
        ]
        .join("\n");
        let facts = analyze(vec![InputFile::new("arena.jsonl", jsonl)], HashMap::new()).facts;
        assert!(facts.errors.is_empty(), "{:?}", facts.errors);
        let runs = Report::build(&facts, Judge::Reference).runs;
        let by_model: Vec<(&str, u32, u64, Option<f64>)> =
            runs.iter().map(|r| (r.model.as_str(), r.samples, r.total, r.pass_at_1)).collect();
        assert_eq!(
            by_model,
            [("ten", 10, 20, Some((0.7 + 0.5) / 2.0)), ("three", 3, 6, Some((2.0 / 3.0 + 1.0) / 2.0))]
        );
    }

    #[test]
    fn a_share_outside_0_to_1_or_of_no_whole_number_of_samples_is_an_error_naming_its_line() {
        let csv = "model,id,correct,n\nm,p1,1.5,\nm,p2,0.7,4\nm,p3,0.3,10\nm,p4,0.1234567,\n";
        let facts = analyze(vec![InputFile::new("bad.csv", csv)], HashMap::new()).facts;
        let errors: Vec<(Option<usize>, &str)> = facts.errors.iter().map(|e| (e.line, e.message.as_str())).collect();
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert_eq!(errors[0].0, Some(2));
        assert!(errors[0].1.contains("1.5 is not a share: it must lie between 0 and 1"), "{errors:?}");
        assert_eq!(errors[1].0, Some(3));
        assert!(errors[1].1.contains("no whole number of 4 samples"), "{errors:?}");
        assert_eq!(errors[2].0, Some(5));
        assert!(errors[2].1.contains("needs more than 1000 samples"), "{errors:?}");
        assert!(errors[3].1.starts_with("m: no number of samples up to 1000"), "{errors:?}");
        assert_eq!(facts.predictions.len(), 10, "p3's 10 samples are read");
    }

    #[test]
    fn unknown_columns_are_listed_until_mapped_and_the_mapping_is_used() {
        let jsonl =
            "{\"problem\": \"p1\", \"llm\": \"m\", \"ok\": true}\n{\"problem\": \"p2\", \"llm\": \"m\", \"ok\": 0}\n";
        let file = || InputFile::new("mine.jsonl", jsonl);
        let unmapped = analyze(vec![file()], HashMap::new()).facts;
        assert_eq!(unmapped.predictions.model.len(), 0);
        let table = &unmapped.unmapped_tables[0];
        assert_eq!(
            (table.file.as_str(), table.columns.clone()),
            ("mine.jsonl", vec!["problem".to_owned(), "llm".into(), "ok".into()]),
            "keys in the order of the file"
        );
        assert!(unmapped.errors[0].message.starts_with("which columns hold the program id"));

        let mapping: ColumnMapping = [(Field::Id, "problem"), (Field::Model, "llm"), (Field::Correct, "ok")]
            .map(|(f, c)| (f, c.to_owned()))
            .into();
        let mapped = analyze(vec![file()], [(columns_key(&table.columns), mapping)].into()).facts;
        assert!(mapped.unmapped_tables.is_empty());
        assert_eq!(mapped.predictions.verdicts(Judge::Reference), [true, false]);
        assert_eq!(mapped.models, ["m"]);
        assert!(mapped.errors.is_empty(), "{:?}", mapped.errors);
    }

    #[test]
    fn rows_with_keys_of_their_own_cost_no_more_than_their_keys() {
        let rows: String = (0..50_000).map(|i| format!("{{\"id\": \"p{i}\", \"key{i}\": {i}}}\n")).collect();
        let facts = analyze(vec![InputFile::new("keys.jsonl", rows)], HashMap::new()).facts;
        assert!(facts.unmapped_tables.is_empty());
        assert_eq!(facts.errors.len(), 1, "{:?}", facts.errors);
        assert!(facts.errors[0].message.starts_with("50001 different keys"), "{:?}", facts.errors);
    }

    #[test]
    fn a_repeated_key_in_a_row_is_told_and_the_first_value_kept() {
        let jsonl = "{\"id\": \"p1\", \"correct\": true, \"correct\": false}\n";
        let facts = analyze(vec![InputFile::new("r.jsonl", jsonl)], HashMap::new()).facts;
        assert_eq!(facts.predictions.verdicts(Judge::Reference), [true]);
        assert_eq!(
            facts.errors,
            [FileError::at_line("r.jsonl", 1, "the key \"correct\" appears again: the first one is used")]
        );
    }

    #[test]
    fn rows_repeated_exactly_are_told() {
        let csv = "id,prediction,correct\np1,1,true\np2,2,false\np1,1,true\np2,2,false\np1,3,true\n";
        let facts = analyze(vec![InputFile::new("t.csv", csv)], HashMap::new()).facts;
        let told: Vec<String> = facts.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            told,
            ["t.csv:4: 2 row(s) repeat an earlier row exactly (this one, line 2): each is read as one more sample of \
              its program; number samples in a `sample` column, or remove the repeats"]
        );
        assert_eq!(facts.predictions.model.len(), 5);
        let numbered = "id,sample,prediction\np1,0,1\np1,1,1\n";
        assert!(analyze(vec![InputFile::new("n.csv", numbered)], HashMap::new()).facts.errors.is_empty());
    }

    #[test]
    fn bad_rows_are_named_by_line_and_the_others_are_read() {
        let csv = "id,prediction,correct,task\np1,1,true,output\n,1,true,output\np3,1,maybe,output\np4,1,true,guess\np5,\"unterminated\n";
        let facts = analyze(vec![InputFile::new("t.csv", csv)], HashMap::new()).facts;
        let at = |line: usize| facts.errors.iter().find(|e| e.line == Some(line)).map_or("", |e| e.message.as_str());
        assert_eq!(at(3), "no program id; row skipped");
        assert_eq!(at(4), "`correct`: \"maybe\" is not a number; give true/false or a share of samples; row skipped");
        assert_eq!(at(5), "unknown task \"guess\"; row skipped");
        assert!(!at(6).is_empty(), "{:?}", facts.errors);
        assert_eq!((facts.models.clone(), facts.predictions.model.len()), (vec!["t".to_owned()], 1), "p1 is read");
    }
}
