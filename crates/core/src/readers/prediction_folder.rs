//! One prediction folder, `<id>/{predict.txt, <response>}`, as both ExeRScope and CodeMind
//! write them: the extracted answer in `predict.txt`, the raw response beside it.

use crate::answer::{extract_output, NO_RESPONSE};
use crate::diagnostics::{utf8_text, FileError};
use crate::input::{file_name_of, folder_of, InputFile};
use crate::table::{RawPrediction, Task};
use std::collections::HashSet;

pub const PREDICTION_FILE: &str = "predict.txt";

/// Responses above this size are still judged in full; users are told the drill-down shows
/// only their beginning.
pub const LARGE_RESPONSE_BYTES: usize = 1 << 20;

/// Who predicted what: read from the folder names around `<id>/`.
pub struct Origin<'a> {
    pub model: &'a str,
    pub benchmark: &'a str,
    pub program_id: &'a str,
}

/// The answer comes from `predict.txt`; without it, from the response (SPEC §3). A response left
/// unread is read when its program is shown ([`crate::table::Table::accept_response`]).
pub fn read_prediction(
    files: &[InputFile],
    predict: Option<usize>,
    response: Option<usize>,
    origin: Origin<'_>,
    errors: &mut Vec<FileError>,
) -> Option<RawPrediction> {
    let response_text = response.filter(|&i| !files[i].unread).and_then(|i| {
        let file = &files[i];
        if file.bytes.len() > LARGE_RESPONSE_BYTES {
            errors.push(FileError::new(
                &file.path,
                format!(
                    "response is {:.1} MB: judged in full, the drill-down shows its beginning only",
                    file.bytes.len() as f64 / 1e6
                ),
            ));
        }
        utf8_text(&file.path, &file.bytes).map_err(|e| errors.push(e)).ok()
    });
    let (answer, source_path) = match predict {
        Some(i) => (utf8_text(&files[i].path, &files[i].bytes).map_err(|e| errors.push(e)).ok()?, &files[i].path),
        None => {
            let i = response?;
            let answer = response_text.as_deref().map_or_else(|| NO_RESPONSE.to_owned(), extract_output);
            (answer, &files[i].path)
        }
    };
    Some(RawPrediction {
        model: origin.model.to_owned(),
        benchmark: origin.benchmark.to_owned(),
        program_id: origin.program_id.to_owned(),
        task: Task::Output,
        sample: 0,
        answer,
        stored_verdict: None,
        input: None,
        response: response_text,
        source_path: source_path.clone(),
    })
}

/// Which of `paths` only a program's view shows: the raw response beside a `predict.txt` (the
/// answer is read from `predict.txt`; the response is shown, never judged). A loose folder's
/// responses, a quarter of the ExeRScope artifact's 11,009 files, are read when shown.
pub fn shown_only(paths: &[String]) -> Vec<bool> {
    let with_answers: HashSet<&str> =
        paths.iter().filter(|p| file_name_of(p) == PREDICTION_FILE).map(|p| folder_of(p)).collect();
    paths.iter().map(|p| is_response(file_name_of(p)) && with_answers.contains(folder_of(p))).collect()
}

/// A response file's name, in ExeRScope's layout or CodeMind's.
pub fn is_response(name: &str) -> bool {
    name == RESPONSE_FILE || name.ends_with(COT_RESPONSE_SUFFIX)
}

/// ExeRScope's response, beside `predict.txt`.
pub const RESPONSE_FILE: &str = "response.txt";
/// CodeMind's response, `<model>_cot.txt` beside `predict.txt`.
pub const COT_RESPONSE_SUFFIX: &str = "_cot.txt";

/// The two folder names above `<id>/` and the id itself, or an error naming the file.
pub fn folder_names(files: &[InputFile], index: usize) -> Result<[&str; 3], FileError> {
    let parts = files[index].components();
    match parts[..] {
        [.., first, second, id, _file] => Ok([first, second, id]),
        _ => Err(FileError::new(
            &files[index].path,
            "cannot tell model and benchmark: expected <model>/<benchmark>/<id>/ around it; skipped",
        )),
    }
}
