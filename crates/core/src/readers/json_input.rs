//! JSON and JSON Lines as the JSON-based readers need them: typed, with every problem reported
//! with the file's name and the line it is on.

use crate::diagnostics::{utf8_text, FileError};
use crate::input::InputFile;
use serde::de::DeserializeOwned;
use std::collections::HashSet;

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
        match serde_json::from_str(line) {
            Ok(record) => records.push((index + 1, record)),
            Err(e) => errors.push(json_error(&file.path, index, &e)),
        }
    }
    records
}

/// The first non-blank line of a text file (for telling formats apart by their content).
pub fn first_line(file: &InputFile) -> &str {
    let text = std::str::from_utf8(&file.bytes[..file.bytes.len().min(1 << 16)])
        .unwrap_or_else(|e| std::str::from_utf8(&file.bytes[..e.valid_up_to()]).unwrap_or_default());
    text.lines().find(|line| !line.trim().is_empty()).unwrap_or_default()
}

/// The 1-based line of the first occurrence of `needle` in the file (to point at one entry of a
/// JSON document), if it occurs.
pub fn line_of(file: &InputFile, needle: &str) -> Option<usize> {
    let at = file.bytes.windows(needle.len().max(1)).position(|w| w == needle.as_bytes())?;
    Some(file.bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1)
}

/// A file of the right format that holds nothing to analyse (an empty list or table).
pub fn nothing_in(file: &InputFile) -> FileError {
    FileError::new(&file.path, "empty: no programs or predictions in it")
}

/// The ids already read from one file: a repeated id is reported at its line and skipped.
#[derive(Default)]
pub struct SeenIds(HashSet<String>);

impl SeenIds {
    /// `true` the first time `id` is seen; after that, a message naming the file and line.
    pub fn first(&mut self, id: &str, file: &InputFile, line: Option<usize>, errors: &mut Vec<FileError>) -> bool {
        if self.0.insert(id.to_owned()) {
            return true;
        }
        let message = format!("duplicate id {id}: the first one is used");
        errors.push(match line {
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
    fn lines_of_entries_and_first_lines() {
        let file = InputFile::new("g.json", "\n{\n  \"sample_1\": []\n}");
        assert_eq!(line_of(&file, "\"sample_1\""), Some(3));
        assert_eq!(line_of(&file, "\"sample_2\""), None);
        assert_eq!(first_line(&file), "{");
    }
}
