//! CRUXEval-X (SPEC §2): results `infer_results/<model>/<lang>_<input|output>.json`, an array of
//! `{id, res, error?, error_message?, code, answer}` where `code` is the whole check program with
//! the model's answer filled in; and, optionally, the benchmark: `datasets/cruxeval-x/<lang>.json`
//! (an array of `{id, code}`; `{id}` alone where the language lacks the problem) or
//! `cruxeval_preprocessed/<lang>.jsonl` (`{id, code, input_reasoning, output_reasoning}`), whose
//! check holds the true input and output.
//!
//! Entries `{"id": i, "res": 0}` (an integer, no code) are placeholders for problems the language
//! lacks: they are excluded, and their count is told. The program shown and measured is the code
//! without its test harness ([`LANGUAGES`]). All 19 languages are read; the true input and output
//! are read from the checks of Python and Java.

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

/// An entry of `datasets/cruxeval-x/<lang>.json`.
#[derive(Deserialize)]
struct DatasetEntry {
    id: Id,
    code: Option<String>,
}

/// Each language: its code in the file names, exerscope's language, and where its test harness
/// begins (the first of these at the start of a line; the program is the code before it).
const LANGUAGES: &[(&str, Language, &[&str])] = &[
    ("py", Language::Python, &["def check(candidate):"]),
    ("java", Language::Java, &["public static void main("]),
    ("cpp", Language::Cpp, &["int main()"]),
    ("cs", Language::CSharp, &["public static void Main("]),
    ("d", Language::D, &["unittest"]),
    ("go", Language::Go, &["func TestF("]),
    ("jl", Language::Julia, &["using Test"]),
    ("js", Language::JavaScript, &["const assert = require("]),
    ("lua", Language::Lua, &["lu = require("]),
    ("php", Language::Php, &["function candidate("]),
    ("pl", Language::Perl, &["use Test::Deep;"]),
    ("r", Language::R, &["test_humaneval <- function()"]),
    ("rb", Language::Ruby, &["require 'test/unit'"]),
    ("rkt", Language::Racket, &["(require rackunit)"]),
    ("rs", Language::Rust, &["fn main()"]),
    ("scala", Language::Scala, &["def main(args: Array[String])"]),
    ("sh", Language::Shell, &["candidate() {"]),
    ("swift", Language::Swift, &["func ==(", "assert("]),
    ("ts", Language::TypeScript, &["declare var require: any;", "const assert = require("]),
];

/// The file of every language's programs at once, which the languages' own files repeat.
const MERGED_DATASET: &str = "merge.json";

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
            } else if let Some(language) = preprocessed_name(file) {
                match language_of(language) {
                    Some(language) => read_preprocessed(file, language, builder, errors),
                    None => errors.push(unsupported(file, language)),
                }
            } else if let Some(language) = dataset_name(file) {
                read_dataset(file, language, builder, errors);
            } else if is_merged_dataset(file) {
                errors.push(FileError::new(
                    &file.path,
                    "every language's programs at once, as each language's own file has them: not read again",
                ));
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
fn preprocessed_name(file: &InputFile) -> Option<&str> {
    let language = file.file_name().strip_suffix(".jsonl")?;
    let record = first_record(file)?;
    has_keys(&record, &["input_reasoning", "output_reasoning"]).then_some(language)
}

/// `<lang>.json` of a known language, an array of `{id, code}` (no `res`: not results).
fn dataset_name(file: &InputFile) -> Option<Language> {
    let language = language_of(file.file_name().strip_suffix(".json")?)?;
    let is_programs = first_line(file).trim_start().starts_with('[')
        && line_of(file, "\"code\"").is_some()
        && line_of(file, "\"res\"").is_none();
    is_programs.then_some(language)
}

/// `merge.json`: an object of languages, each an object of `{id, code}` by id.
fn is_merged_dataset(file: &InputFile) -> bool {
    file.file_name() == MERGED_DATASET
        && first_line(file).trim_start().starts_with('{')
        && line_of(file, "\"code\"").is_some()
}

fn language_of(code: &str) -> Option<Language> {
    let code = if code == "python" { "py" } else { code };
    LANGUAGES.iter().find(|(name, ..)| *name == code).map(|&(_, language, _)| language)
}

fn benchmark(language: Language) -> String {
    format!("CRUXEval-X {}", language.label())
}

fn unsupported(file: &InputFile, language: &str) -> FileError {
    let known: Vec<&str> = LANGUAGES.iter().map(|(code, ..)| *code).collect();
    FileError::new(
        &file.path,
        format!("CRUXEval-X in {language:?}: not one of its languages ({}); skipped", known.join(", ")),
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
        // Found only when told: a search of the whole file per entry.
        let line = || line_of(file, &format!("\"id\": {}", entry_id_json(&entry.id)));
        let verdict = match (&entry.res, &entry.code) {
            (Res::Number(0), None) => {
                placeholders += 1;
                continue;
            }
            (Res::Verdict(verdict), Some(_)) => *verdict,
            _ => {
                let message = format!("id {id}: `res` must be true or false, with `code`; skipped");
                errors.push(match line() {
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
            about: Default::default(),
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

/// A language's programs, `{id, code}` each (`{id}` alone: a problem the language lacks).
fn read_dataset(file: &InputFile, language: Language, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    builder.reading_from(&file.path);
    let records = match parse_json::<Vec<DatasetEntry>>(file) {
        Ok(records) => records,
        Err(e) => return errors.push(e),
    };
    let mut seen = SeenIds::default();
    for record in records {
        let Some(code) = record.code else { continue };
        let id = record.id.text();
        if !seen.first(&id, file, || line_of(file, &format!("\"id\": {}", entry_id_json(&record.id))), errors) {
            continue;
        }
        let check = check_of(&code, language);
        builder.add_program(RawProgram {
            benchmark: benchmark(language),
            source_path: format!("{} (id {id})", file.path),
            id,
            language,
            code: Some(without_check(&code, language)),
            input: check.as_ref().map(|c| c.call.clone()).unwrap_or_default(),
            expected: check.map(|c| c.expected).unwrap_or_default(),
            extra_inputs: Vec::new(),
            about: Default::default(),
        });
    }
}

fn read_preprocessed(file: &InputFile, language: Language, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    builder.reading_from(&file.path);
    let mut seen = SeenIds::default();
    for (line, record) in parse_json_lines::<DatasetRecord>(file, errors) {
        let id = record.id.text();
        if !seen.first(&id, file, || Some(line), errors) {
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
            about: Default::default(),
        });
    }
}

/// The function under test, without the harness that checks it: the code before the first line
/// that begins the language's harness ([`LANGUAGES`]); a class around the function (Java, C#,
/// Scala) is closed again.
fn without_check(code: &str, language: Language) -> String {
    let markers = LANGUAGES.iter().find(|(_, l, _)| *l == language).map_or(&[][..], |(_, _, markers)| *markers);
    let mut offset = 0;
    let harness = code.split_inclusive('\n').find_map(|line| {
        let at = offset;
        offset += line.len();
        markers.iter().any(|marker| line.trim_start().starts_with(marker)).then_some(at)
    });
    let program = code[..harness.unwrap_or(code.len())].trim();
    match (harness, language) {
        (Some(_), Language::Java | Language::CSharp | Language::Scala) => format!("{program}\n}}\n"),
        _ => format!("{program}\n"),
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
        _ => return None,
    };
    let open = code.find(marker)? + marker.len() - 1;
    let close = matching_bracket(code, open)?;
    let after_call = &code[close + 1..];
    let expected = match language {
        Language::Python => after_call.strip_prefix(" == ")?.lines().next()?,
        _ => {
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
    use crate::extractors::ProgramParser;
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

    #[test]
    fn every_language_s_harness_is_cut_from_its_program() {
        let julia = "function f(x)\n    return x\nend\nusing Test\n\n@testset begin\ncandidate = f;\n\t@test(candidate(1) == 1)\nend\n";
        assert_eq!(without_check(julia, Language::Julia), "function f(x)\n    return x\nend\n");
        let scala = "object Problem {\n    def f(x : Long) : Long = x\n    def main(args: Array[String]) = {\n    assert(f((1l)) == (1l));\n    }\n\n}\n";
        assert_eq!(without_check(scala, Language::Scala), "object Problem {\n    def f(x : Long) : Long = x\n}\n");
        let swift = "func f(a: Int) -> Int {\n    return a\n}\n\nfunc ==(left: [(Int, Int)], right: [(Int, Int)]) -> Bool {\n    return true\n}\nassert(f(a: 1) == 1)";
        assert_eq!(without_check(swift, Language::Swift), "func f(a: Int) -> Int {\n    return a\n}\n");
        let shell = "f() {\n    echo $1\n}\n\ncandidate() {\n    f \"$@\"\n}\n";
        assert_eq!(without_check(shell, Language::Shell), "f() {\n    echo $1\n}\n");
        assert_eq!(without_check("no harness here", Language::Lua), "no harness here\n");
        for (code, ..) in LANGUAGES {
            assert!(language_of(code).is_some(), "{code}");
        }
        assert_eq!(LANGUAGES.len(), 19);
    }

    #[test]
    fn a_language_s_dataset_file_gives_its_programs_and_the_merged_file_is_named_once() {
        let julia = "function f(x)\n    return x\nend\nusing Test\n@testset begin\ncandidate = f;\n\t@test(candidate(1) == 1)\nend\n";
        let dataset = serde_json::json!([{"id": 0, "code": julia}, {"id": 1}]).to_string();
        let merged =
            serde_json::json!({"jl": {"0": {"id": 0, "code": julia}}, "sh": {}}).to_string().replace(',', ",\n");
        let result = serde_json::json!([{"id": 0, "res": true, "code": julia, "answer": "1"}, {"id": 1, "res": 0}]);
        let files = vec![
            InputFile::new("datasets/cruxeval-x/jl.json", dataset),
            InputFile::new("datasets/cruxeval-x/merge.json", merged),
            InputFile::new("infer_results/m/jl_output.json", result.to_string()),
        ];
        let analysis = analyze(files);
        let report = Report::build(&analysis.facts, Judge::Reference);
        let runs: Vec<_> = report.runs.iter().map(|r| (r.benchmark.as_str(), r.correct, r.total, r.missing)).collect();
        assert_eq!(runs, [("CRUXEval-X Julia", 1, 1, 0)]);
        assert_eq!(analysis.table.programs.len(), 1, "the problem Julia lacks is no program");
        let messages: Vec<&str> = analysis.facts.errors.iter().map(|e| e.message.as_str()).collect();
        assert!(messages.iter().any(|m| m.starts_with("every language's programs at once")), "{messages:?}");
        // Parsed where this build has Julia's grammar; else said, and given no measures.
        let julia = &analysis.facts.programs[0];
        if ProgramParser::parses(Language::Julia) {
            assert_eq!(julia.metrics.map(|m| m.loc), Some(3));
        } else {
            assert_eq!(julia.metrics, None);
            assert!(messages.iter().any(|m| m.starts_with("1 program(s) in Julia were not parsed")), "{messages:?}");
        }
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
        assert!(errors.iter().any(|e| e.file.ends_with("rs_output.json") && e.message.starts_with("1 placeholder")));
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
