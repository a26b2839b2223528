//! JSON and JSON Lines as the JSON-based readers need them: typed, with every problem reported
//! with the file's name and the line it is on.

use crate::diagnostics::{utf8_text, FileError};
use crate::input::InputFile;
use serde::de::{DeserializeOwned, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::HashSet;
use std::fmt;
use std::marker::PhantomData;

/// The whole file as `T`, or a message naming the file and the line where it went wrong.
pub fn parse_json<T: DeserializeOwned>(file: &InputFile) -> Result<T, FileError> {
    let text = utf8_text(&file.path, &file.bytes)?;
    serde_json::from_str(&text).map_err(|e| json_error(&file.path, 0, &e))
}

/// Each non-blank line of a JSON Lines file as `T`, with its 1-based line number; a line that is
/// not a `T` is reported and skipped, and the others are still read.
pub fn parse_json_lines<T: DeserializeOwned>(file: &InputFile, errors: &mut Vec<FileError>) -> Vec<(usize, T)> {
    let text = match utf8_text(&file.path, &file.bytes) {
        Ok(text) => text,
        Err(e) => {
            errors.push(e);
            return Vec::new();
        }
    };
    let mut records = Vec::new();
    for (index, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        match parse_python_json(line) {
            Ok(record) => records.push((index + 1, record)),
            Err(e) => errors.push(json_error(&file.path, index, &e)),
        }
    }
    records
}

/// Each row of a CSV file as `T` (by the header's names), with the line it starts on (a quoted
/// field may hold newlines). The first row that is not a `T` is told at its line, with how many
/// more were not; the other rows are still read.
pub fn csv_rows<T: DeserializeOwned>(file: &InputFile, what: &str, errors: &mut Vec<FileError>) -> Vec<(usize, T)> {
    let text = match utf8_text(&file.path, &file.bytes) {
        Ok(text) => text,
        Err(e) => {
            errors.push(e);
            return Vec::new();
        }
    };
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().cloned().unwrap_or_default();
    let (mut rows, mut bad) = (Vec::new(), Vec::new());
    for record in reader.records() {
        let line = |position: Option<&csv::Position>| position.map_or(0, |p| p.line() as usize);
        let row = record.and_then(|record| {
            let at = line(record.position());
            record.deserialize::<T>(Some(&headers)).map(|row| (at, row))
        });
        match row {
            Ok(row) => rows.push(row),
            Err(e) => bad.push((line(e.position()), e.to_string())),
        }
    }
    if let Some((at, reason)) = bad.first() {
        let more = if bad.len() > 1 { format!(" ({} more rows not read)", bad.len() - 1) } else { String::new() };
        errors.push(FileError::at_line(&file.path, *at, format!("not a {what} row: {reason}; skipped{more}")));
    }
    rows
}

/// JSON as Python's `json.dumps` writes it: also `NaN`, `Infinity`, `-Infinity` and numbers past
/// a float's range (integers of any size), which JSON has not. Those are read as strings holding
/// their text, which keeps what the file says; anything else is read as JSON is.
pub fn parse_python_json<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    serde_json::from_str(text).or_else(|error| serde_json::from_str(&python_tokens_quoted(text)).map_err(|_| error))
}

/// `text` with Python's non-JSON number tokens outside strings written as JSON strings.
fn python_tokens_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut chars = text.char_indices().peekable();
    let mut in_string = false;
    while let Some((at, c)) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next().map(|(_, c)| c)),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        if c == '"' {
            in_string = true;
            out.push(c);
            continue;
        }
        if !(c == '-' || c.is_ascii_alphanumeric()) {
            out.push(c);
            continue;
        }
        // A bare token: a number, true/false/null, or Python's NaN and Infinity.
        let mut end = at + c.len_utf8();
        while let Some(&(next_at, next)) = chars.peek() {
            if !(next.is_ascii_alphanumeric() || matches!(next, '.' | '+' | '-')) {
                break;
            }
            end = next_at + next.len_utf8();
            chars.next();
        }
        let token = &text[at..end];
        let out_of_range = token.parse::<f64>().is_ok_and(|x| x.is_infinite()) && !token.contains("Infinity");
        if matches!(token, "NaN" | "Infinity" | "-Infinity") || out_of_range {
            out.push('"');
            out.push_str(token);
            out.push('"');
        } else {
            out.push_str(token);
        }
    }
    out
}

/// The first non-blank line of a text file, whole however long (formats are told apart by their
/// first record); empty when it is not UTF-8.
pub fn first_line(file: &InputFile) -> &str {
    let bytes = file.bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&file.bytes);
    let line = bytes.split(|&b| b == b'\n').find(|line| !line.trim_ascii().is_empty()).unwrap_or_default();
    std::str::from_utf8(line).unwrap_or_default()
}

/// The first record of a JSON Lines file, whole, when it is a JSON object: formats of JSON Lines
/// files are told apart by the fields of their first record.
pub fn first_record(file: &InputFile) -> Option<serde_json::Map<String, serde_json::Value>> {
    if !file.path.ends_with(".jsonl") {
        return None;
    }
    serde_json::from_str(first_line(file)).ok()
}

/// Whether a record has every one of `keys`.
pub fn has_keys(record: &serde_json::Map<String, serde_json::Value>, keys: &[&str]) -> bool {
    keys.iter().all(|key| record.contains_key(*key))
}

/// The 1-based line of the first occurrence of `needle` in the file (to point at one entry of a
/// JSON document), if it occurs.
pub fn line_of(file: &InputFile, needle: &str) -> Option<usize> {
    line_of_occurrence(file, needle, 0)
}

/// The 1-based line of occurrence number `n` (from 0) of `needle` in the file, if it occurs.
pub fn line_of_occurrence(file: &InputFile, needle: &str, n: usize) -> Option<usize> {
    let at = file.bytes.windows(needle.len().max(1)).enumerate().filter(|(_, w)| *w == needle.as_bytes()).nth(n)?.0;
    Some(file.bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1)
}

/// A JSON object's entries in the order of the file. serde_json's maps keep the last of a repeated
/// key without a word; here the first is kept and the repeated keys are set aside, to be told.
#[derive(Debug, PartialEq)]
pub struct Entries<V> {
    pub entries: Vec<(String, V)>,
    /// Keys met again, once per repetition, in the order met.
    pub repeated: Vec<String>,
}

impl<V> Entries<V> {
    /// Names each repeated key at its line ("the first is used"), and gives the entries.
    pub fn told(self, file: &InputFile, errors: &mut Vec<FileError>) -> Vec<(String, V)> {
        let mut seen_again: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for key in &self.repeated {
            let occurrence = seen_again.entry(key).or_insert(0);
            *occurrence += 1;
            let message = format!("the key {key:?} appears again: the first one is used");
            errors.push(match line_of_occurrence(file, &serde_json::to_string(key).unwrap_or_default(), *occurrence) {
                Some(line) => FileError::at_line(&file.path, line, message),
                None => FileError::new(&file.path, message),
            });
        }
        self.entries
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntriesVisitor<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for EntriesVisitor<V> {
            type Value = Entries<V>;

            fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                formatter.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries<V>, A::Error> {
                let mut seen = HashSet::new();
                let mut out = Entries { entries: Vec::new(), repeated: Vec::new() };
                while let Some(key) = map.next_key::<String>()? {
                    if seen.contains(&key) {
                        map.next_value::<IgnoredAny>()?;
                        out.repeated.push(key);
                    } else {
                        out.entries.push((key.clone(), map.next_value()?));
                        seen.insert(key);
                    }
                }
                Ok(out)
            }
        }
        deserializer.deserialize_map(EntriesVisitor(PhantomData))
    }
}

/// A file of the right format that holds nothing to analyse (an empty list or table).
pub fn nothing_in(file: &InputFile) -> FileError {
    FileError::new(&file.path, "empty: no programs or predictions in it")
}

/// The ids already read from one file: a repeated id is reported at its line and skipped.
#[derive(Default)]
pub struct SeenIds(HashSet<String>);

impl SeenIds {
    /// `true` the first time `id` is seen; after that, a message naming the file and the line
    /// `line` finds (asked only then: finding it may search the file).
    pub fn first(
        &mut self,
        id: &str,
        file: &InputFile,
        line: impl FnOnce() -> Option<usize>,
        errors: &mut Vec<FileError>,
    ) -> bool {
        if self.0.insert(id.to_owned()) {
            return true;
        }
        let message = format!("duplicate id {id}: the first one is used");
        errors.push(match line() {
            Some(line) => FileError::at_line(&file.path, line, message),
            None => FileError::new(&file.path, message),
        });
        false
    }
}

fn json_error(path: &str, lines_before: usize, e: &serde_json::Error) -> FileError {
    let what = if e.is_eof() { "truncated JSON" } else { "not the expected JSON" };
    // serde_json's message ends in " at line L column C": the line goes in its own field.
    let text = e.to_string();
    let reason = text.rsplit_once(" at line ").map_or(text.as_str(), |(reason, _)| reason);
    FileError::at_line(
        path,
        lines_before + e.line().max(1),
        format!("{what}: {reason} (column {}); skipped", e.column()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_rows_are_read_by_name_and_a_bad_one_is_told_at_its_line() {
        #[derive(serde::Deserialize)]
        struct Row {
            id: String,
            n: u32,
        }
        let file = InputFile::new("t.csv", "n,id\n1,\"a\nb\"\nx,c\n3,d\ny,e\n");
        let mut errors = vec![];
        let rows: Vec<(usize, String, u32)> =
            csv_rows::<Row>(&file, "test", &mut errors).into_iter().map(|(line, r)| (line, r.id, r.n)).collect();
        assert_eq!(rows, [(2, "a\nb".to_owned(), 1), (5, "d".to_owned(), 3)]);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, Some(4), "the line the bad row starts on, past a field of two lines");
        assert!(
            errors[0].message.starts_with("not a test row:") && errors[0].message.ends_with("(1 more rows not read)")
        );
    }

    #[test]
    fn python_s_json_reads_its_nan_infinity_and_huge_numbers_as_their_text() {
        let value: serde_json::Value =
            parse_python_json(r#"{"a": NaN, "b": [-Infinity, 1e999, 12], "c": "NaN \" x", "d": -0.5}"#).unwrap();
        assert_eq!(value, serde_json::json!({"a": "NaN", "b": ["-Infinity", "1e999", 12], "c": "NaN \" x", "d": -0.5}));
        let huge = format!("[{}]", "9".repeat(400));
        assert_eq!(parse_python_json::<serde_json::Value>(&huge).unwrap()[0], serde_json::json!("9".repeat(400)));
        assert!(parse_python_json::<serde_json::Value>("{oops}").is_err());
    }
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Row {
        id: String,
    }

    #[test]
    fn a_truncated_document_names_its_last_line() {
        let file = InputFile::new("runs/a.json", "{\n  \"x\": [\n    1,\n");
        let e = parse_json::<serde_json::Value>(&file).unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("runs/a.json", Some(4)));
        assert!(e.message.starts_with("truncated JSON"), "{}", e.message);
    }

    #[test]
    fn a_wrong_type_is_reported_at_its_line_and_the_other_lines_are_read() {
        let file = InputFile::new("b.jsonl", "{\"id\": \"a\"}\n\n{\"id\": 3}\n{\"id\": \"c\"}\n");
        let mut errors = Vec::new();
        let rows: Vec<(usize, Row)> = parse_json_lines(&file, &mut errors);
        assert_eq!(rows, [(1, Row { id: "a".into() }), (4, Row { id: "c".into() })]);
        assert_eq!(errors[0].line, Some(3));
        assert!(errors[0].message.contains("invalid type: integer `3`, expected a string"), "{}", errors[0].message);
        assert!(!errors[0].message.contains(" at line "), "{}", errors[0].message);
    }

    #[test]
    fn every_format_tells_a_file_with_nothing_in_it() {
        let files = vec![
            InputFile::new("m/py_output.json", "[\n]"),
            InputFile::new("a_output/generations.json", "{}"),
            InputFile::new("b_output.json", r#"{"raw_generations": {}, "raw_scored_generations": {}}"#),
            InputFile::new("t.csv", "id,prediction\n"),
            InputFile::new("model_generations/path@m_cot_temp0/1.jsonl", "{\"generation\": [], \"acc\": 0}\n"),
        ];
        let facts = crate::analysis::analyze(files).facts;
        let mut told: Vec<&str> =
            facts.errors.iter().filter(|e| e.message.starts_with("empty:")).map(|e| e.file.as_str()).collect();
        told.sort_unstable();
        assert_eq!(
            told,
            ["a_output/generations.json", "b_output.json", "model_generations/path@m_cot_temp0/1.jsonl", "t.csv"]
        );
        // An empty array has nothing to tell CRUXEval-X by: it is named as not recognised.
        assert!(
            facts.errors.iter().any(|e| e.file == "m" && e.message.contains("py_output.json")),
            "{:?}",
            facts.errors
        );
    }

    #[test]
    fn repeated_keys_are_told_at_their_line_and_the_first_is_kept() {
        let file = InputFile::new("g.json", "{\"a\": [1],\n \"b\": [2],\n \"a\": [3]}");
        let entries: Entries<Vec<u8>> = parse_json(&file).unwrap();
        let mut errors = vec![];
        assert_eq!(entries.told(&file, &mut errors), [("a".to_owned(), vec![1]), ("b".to_owned(), vec![2])]);
        assert_eq!(errors, [FileError::at_line("g.json", 3, "the key \"a\" appears again: the first one is used")]);
    }

    #[test]
    fn lines_of_entries_and_first_lines() {
        let file = InputFile::new("g.json", "\n{\n  \"sample_1\": []\n}");
        assert_eq!(line_of(&file, "\"sample_1\""), Some(3));
        assert_eq!(line_of(&file, "\"sample_2\""), None);
        assert_eq!(first_line(&file), "{");
    }
}
