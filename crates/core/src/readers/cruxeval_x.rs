//! CRUXEval-X (SPEC §2): results `infer_results/<model>/<lang>_<input|output>.json`, an array of
//! `{id, res, error?, error_message?, code, answer}` where `code` is the whole check program with
//! the model's answer filled in; and, optionally, the benchmark
//! `cruxeval_preprocessed/<lang>.jsonl` (`{id, code, input_reasoning, output_reasoning}`), whose
//! check holds the true input and output.
//!
//! Entries `{"id": i, "res": 0}` (an integer, no code) are placeholders for problems the language
//! lacks: they are excluded, and their count is told. The program shown and measured is the code
//! without its check harness. Python and Java are read; other languages are reported.

use super::json_input::{
    first_line, first_record, has_keys, line_of, nothing_in, parse_json, parse_json_lines, SeenIds,
};
use super::{take_each, Format, Reader, Reading};
use crate::diagnostics::FileError;
use crate::input::InputFile;
use crate::table::{Language, RawPrediction, RawProgram, TableBuilder, Task};
use serde::Deserialize;

pub struct CruxevalX;

#[derive(Deserialize)]
#[serde(untagged)]
enum Id {
    Number(u64),
    Text(String),
}

impl Id {
    fn text(&self) -> String {
        match self {
            Id::Number(n) => n.to_string(),
            Id::Text(s) => s.clone(),
        }
    }
}

/// `res`: the verdict, or the integer 0 of a placeholder.
#[derive(Deserialize)]
#[serde(untagged)]
enum Res {
    Verdict(bool),
    Number(i64),
}

#[derive(Deserialize)]
struct ResultEntry {
    id: Id,
    res: Res,
    code: Option<String>,
    answer: Option<String>,
}

#[derive(Deserialize)]
struct DatasetRecord {
    id: Id,
    code: String,
}

impl Reader for CruxevalX {
    fn formats(&self) -> &'static [Format] {
        &[Format::CruxevalX]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        take_each(files, unclaimed, |file| {
            if let Some((language, task)) = results_name(file) {
                match language_of(language) {
                    Some(language) => read_results(file, language, task, builder, errors),
                    None => errors.push(unsupported(file, language)),
                }
            } else if let Some(language) = dataset_name(file) {
                match language_of(language) {
                    Some(language) => read_dataset(file, language, builder, errors),
                    None => errors.push(unsupported(file, language)),
                }
            } else {
                return false;
            }
            true
        });
    }
}

/// `<lang>_<input|output>.json` holding a JSON array with `res` fields.
fn results_name(file: &InputFile) -> Option<(&str, Task)> {
    let stem = file.file_name().strip_suffix(".json")?;
    let (language, task) = stem.rsplit_once('_')?;
    let task = match task {
        "output" => Task::Output,
        "input" => Task::Input,
        _ => return None,
    };
    let looks_like_results = first_line(file).trim_start().starts_with('[') && line_of(file, "\"res\"").is_some();
    (language.chars().all(|c| c.is_ascii_lowercase()) && looks_like_results).then_some((language, task))
}

/// `<lang>.jsonl` whose records carry `input_reasoning` and `output_reasoning`.
fn dataset_name(file: &InputFile) -> Option<&str> {
    let language = file.file_name().strip_suffix(".jsonl")?;
    let record = first_record(file)?;
    has_keys(&record, &["input_reasoning", "output_reasoning"]).then_some(language)
}

fn language_of(name: &str) -> Option<Language> {
    match name {
        "py" | "python" => Some(Language::Python),
        "java" => Some(Language::Java),
        _ => None,
    }
}

fn benchmark(language: Language) -> String {
    match language {
        Language::Python => "CRUXEval-X Python".to_owned(),
        Language::Java => "CRUXEval-X Java".to_owned(),
    }
}

fn unsupported(file: &InputFile, language: &str) -> FileError {
    FileError::new(
        &file.path,
        format!("CRUXEval-X in {language}: exerscope reads Python and Java programs only; skipped"),
    )
}

fn read_results(
    file: &InputFile,
    language: Language,
    task: Task,
    builder: &mut TableBuilder,
    errors: &mut Vec<FileError>,
) {
    builder.reading_from(&file.path);
    let entries = match parse_json::<Vec<ResultEntry>>(file) {
        Ok(entries) if entries.is_empty() => return errors.push(nothing_in(file)),
        Ok(entries) => entries,
        Err(e) => return errors.push(e),
    };
    let model = file.components().iter().rev().nth(1).map_or("(unknown model)", |m| *m).to_owned();
    let mut placeholders = 0;
    let mut seen = SeenIds::default();
    for entry in entries {
        let id = entry.id.text();
        let line = line_of(file, &format!("\"id\": {}", entry_id_json(&entry.id)));
        let verdict = match (&entry.res, &entry.code) {
            (Res::Number(0), None) => {
                placeholders += 1;
                continue;
            }
            (Res::Verdict(verdict), Some(_)) => *verdict,
            _ => {
                let message = format!("id {id}: `res` must be true or false, with `code`; skipped");
                errors.push(match line {
                    Some(line) => FileError::at_line(&file.path, line, message),
                    None => FileError::new(&file.path, message),
                });
                continue;
            }
        };
        if !seen.first(&id, file, line, errors) {
            continue;
        }
        let code = entry.code.unwrap_or_default();
        let check = check_of(&code, language);
        let (input, expected) = match task {
            // The check's call holds the true input and the model's output; for input prediction
            // it is the other way round.
            Task::Input => (String::new(), check.as_ref().map(|c| c.expected.clone()).unwrap_or_default()),
            _ => (check.as_ref().map(|c| c.call.clone()).unwrap_or_default(), String::new()),
        };
        builder.add_program(RawProgram {
            benchmark: benchmark(language),
            id: id.clone(),
            language,
            code: Some(without_check(&code, language)),
            input,
            expected,
            extra_inputs: Vec::new(),
            source_path: format!("{} (id {id})", file.path),
        });
        builder.add_prediction(RawPrediction {
            model: model.clone(),
            benchmark: benchmark(language),
            program_id: id,
            task,
            sample: 0,
            answer: entry.answer.unwrap_or_default(),
            stored_verdict: Some(verdict),
            input: None,
            response: None,
            source_path: file.path.clone(),
        });
    }
    if placeholders > 0 {
        errors.push(FileError::new(
            &file.path,
            format!(
                "{placeholders} placeholder entr{} (problems this language lacks) excluded",
                if placeholders == 1 { "y" } else { "ies" }
            ),
        ));
    }
}

fn entry_id_json(id: &Id) -> serde_json::Value {
    match id {
        Id::Number(n) => (*n).into(),
        Id::Text(s) => s.clone().into(),
    }
}

fn read_dataset(file: &InputFile, language: Language, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    builder.reading_from(&file.path);
    let mut seen = SeenIds::default();
    for (line, record) in parse_json_lines::<DatasetRecord>(file, errors) {
        let id = record.id.text();
        if !seen.first(&id, file, Some(line), errors) {
            continue;
        }
        let Some(check) = check_of(&record.code, language) else {
            errors.push(FileError::at_line(&file.path, line, format!("id {id}: no check assertion found; skipped")));
            continue;
        };
        builder.add_program(RawProgram {
            benchmark: benchmark(language),
            source_path: format!("{} (id {id})", file.path),
            id,
            language,
            code: Some(without_check(&record.code, language)),
            input: check.call,
            expected: check.expected,
            extra_inputs: Vec::new(),
        });
    }
}

/// The function under test, without the harness that checks it.
fn without_check(code: &str, language: Language) -> String {
    match language {
        Language::Python => code.split("\ndef check(candidate):").next().unwrap_or(code).trim().to_owned() + "\n",
        Language::Java => match code.find("public static void main(") {
            Some(at) => format!("{}\n}}\n", code[..at].trim()),
            None => code.trim().to_owned() + "\n",
        },
    }
}

/// The call and the expected value of a check assertion:
/// `assert candidate(ARGS) == EXPECTED` (Python), `assert(f(ARGS).equals((EXPECTED)));` or
/// `assert(f(ARGS) == (EXPECTED));` (Java).
#[derive(Debug, PartialEq)]
struct Check {
    /// `f(ARGS)`.
    call: String,
    expected: String,
}

fn check_of(code: &str, language: Language) -> Option<Check> {
    let marker = match language {
        Language::Python => "assert candidate(",
        Language::Java => "assert(f(",
    };
    let open = code.find(marker)? + marker.len() - 1;
    let close = matching_bracket(code, open)?;
    let after_call = &code[close + 1..];
    let expected = match language {
        Language::Python => after_call.strip_prefix(" == ")?.lines().next()?,
        Language::Java => {
            // The expected value is bracketed: `.equals((X))` or ` == (X)`; anything else is not
            // a check this reader knows.
            let argument = after_call.strip_prefix(".equals").or_else(|| after_call.strip_prefix(" == "))?;
            let inside = argument.strip_prefix('(')?;
            &inside[..matching_bracket(argument, 0)? - 1]
        }
    };
    Some(Check { call: format!("f({})", &code[open + 1..close]), expected: expected.trim().to_owned() })
}

/// Index of the bracket closing the one at `open`, skipping brackets inside string and character
/// literals.
fn matching_bracket(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0_i32;
    let mut quote: Option<u8> = None;
    let mut i = open;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(_) if b == b'\\' => i += 1,
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None => match b {
                b'"' | b'\'' => quote = Some(b),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                _ => {}
            },
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::judges::Judge;
    use crate::report::Report;

    const PYTHON_CHECK: &str = "def f(xs):\n    return xs[::-1]\n\ndef check(candidate):\n    assert candidate([1, ')', 2]) == [2, ')', 1]\n\ndef test_check():\n    check(f)\n\ntest_check()\n";
    const JAVA_CHECK: &str = "import java.util.*;\nclass Problem {\n    public static long f(long x) {\n        return x + 1l;\n    }\n    public static void main(String[] args) {\n    assert(f((1l)).equals((2l)));\n    }\n\n}\n";

    #[test]
    fn checks_give_the_call_and_the_expected_value() {
        let python = check_of(PYTHON_CHECK, Language::Python).unwrap();
        assert_eq!(python, Check { call: "f([1, ')', 2])".into(), expected: "[2, ')', 1]".into() });
        let java = check_of(JAVA_CHECK, Language::Java).unwrap();
        assert_eq!(java, Check { call: "f((1l))".into(), expected: "(2l)".into() });
        let primitive = check_of("    assert(f((\"a)\")) == (false));", Language::Java).unwrap();
        assert_eq!(primitive, Check { call: "f((\"a)\"))".into(), expected: "false".into() });
        assert_eq!(without_check(PYTHON_CHECK, Language::Python), "def f(xs):\n    return xs[::-1]\n");
        assert!(without_check(JAVA_CHECK, Language::Java).ends_with("return x + 1l;\n    }\n}\n"));
        assert_eq!(check_of("assert candidate(1 == 2", Language::Python), None);
        assert_eq!(check_of("    assert(f((1l)) == é(1));", Language::Java), None, "no bracket: not a check");
        assert_eq!(check_of("    assert(f((1l)) == x);", Language::Java), None);
        let unicode = check_of("    assert(f((1l)).equals((\"é\")));", Language::Java).unwrap();
        assert_eq!(unicode.expected, "(\"é\")");
    }

    fn results(entries: &str) -> String {
        format!("[{entries}]")
    }

    #[test]
    fn placeholders_are_excluded_and_counted_and_the_dataset_fills_in_the_truth() {
        let entry =
            serde_json::json!({"id": 0, "res": true, "code": PYTHON_CHECK, "answer": "[2, ')', 1]"}).to_string();
        let files = vec![
            InputFile::new("infer_results/phi-1/py_output.json", results(&format!("{entry}, {{\"id\": 1, \"res\": 0}}"))),
            InputFile::new("infer_results/phi-1/java_input.json", results(&serde_json::json!({"id": 0, "res": false, "code": JAVA_CHECK.replace("(1l)", "(5l)"), "answer": "(5l)"}).to_string())),
            InputFile::new("cruxeval_preprocessed/java.jsonl", serde_json::json!({"id": 0, "code": JAVA_CHECK, "input_reasoning": "", "output_reasoning": ""}).to_string()),
            InputFile::new("infer_results/phi-1/rs_output.json", "[{\"id\": 0, \"res\": 0}]"),
        ];
        let analysis = analyze(files);
        let errors = &analysis.facts.errors;
        assert!(
            errors.iter().any(|e| e.file.ends_with("py_output.json")
                && e.message == "1 placeholder entry (problems this language lacks) excluded"),
            "{errors:?}"
        );
        assert!(errors
            .iter()
            .any(|e| e.file.ends_with("rs_output.json") && e.message.contains("Python and Java programs only")));
        assert!(errors.iter().any(|e| e.message.starts_with("1 program(s) are not run on their own input (a Java")));
        assert_eq!(errors.len(), 3, "{errors:?}");
        let report = Report::build(&analysis.facts, Judge::Reference);
        let runs: Vec<_> = report.runs.iter().map(|r| (r.benchmark.as_str(), r.task, r.correct, r.total)).collect();
        assert_eq!(runs, [("CRUXEval-X Java", Task::Input, 0, 1), ("CRUXEval-X Python", Task::Output, 1, 1)]);
        let java = analysis.table.programs.iter().find(|p| p.language == Language::Java).unwrap();
        assert_eq!(
            (java.input.as_str(), java.expected.as_str()),
            ("f((1l))", "(2l)"),
            "the dataset's truth, not the model's input"
        );
        let python = analysis.table.programs.iter().find(|p| p.language == Language::Python).unwrap();
        assert_eq!(python.input, "f([1, ')', 2])");
        assert!(analysis.facts.programs.iter().all(|p| p.syntax_error_line.is_none()));
    }

    #[test]
    fn malformed_results_are_named_with_their_line() {
        let files = vec![
            InputFile::new("m/py_output.json", "[\n{\"id\": 0, \"res\": true, \"code\": \"x\",\n"),
            InputFile::new(
                "n/py_output.json",
                "[\n{\"id\": 0, \"res\": 2, \"code\": \"x\"},\n{\"id\": 3, \"res\": \"yes\"}]",
            ),
            InputFile::new(
                "o/java_output.json",
                results(
                    &[0, 0]
                        .map(|_| {
                            serde_json::json!({"id": 7, "res": true, "code": JAVA_CHECK, "answer": "2"}).to_string()
                        })
                        .join(",\n"),
                ),
            ),
        ];
        let facts = analyze(files).facts;
        let error = |file: &str| {
            facts.errors.iter().find(|e| e.file == file).unwrap_or_else(|| panic!("{file}: {:?}", facts.errors))
        };
        assert!(error("m/py_output.json").message.starts_with("truncated JSON"));
        assert_eq!(error("n/py_output.json").line, Some(3), "an untyped `res` fails the whole file at its line");
        assert_eq!(error("o/java_output.json").message, "duplicate id 7: the first one is used");
        assert_eq!(facts.predictions.model.len(), 1);
    }
}
