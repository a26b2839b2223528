//! One program with everything the drill-down shows: its code, input and expected output, and
//! every model's prediction with each judge's verdict and the raw response.

use crate::alignment::{align, words_at_divergence, Alignment, RunCode};
use crate::analysis::Analysis;
use crate::diagnostics::{utf8_text, FileError};
use crate::dynamic::DynamicProperties;
use crate::execution::RunReport;
use crate::extractors::{ConstructLine, Constructs, ReferenceConstructs};
use crate::table::{ProgramIdx, RawProgram, Task};
use serde::{Deserialize, Serialize};

/// Responses are cut to this many bytes for display (they are judged in full).
pub const SHOWN_RESPONSE_BYTES: usize = 64 * 1024;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramDetail {
    pub index: ProgramIdx,
    /// The program, with its benchmark's name.
    #[serde(flatten)]
    pub program: RawProgram,
    pub reference_constructs: ReferenceConstructs,
    pub constructs: Constructs,
    /// Where the constructs are in the code.
    pub construct_lines: Vec<ConstructLine>,
    pub syntax_error_line: Option<usize>,
    /// What its run on its own input did, once run.
    pub dynamic: Option<DynamicProperties>,
    pub predictions: Vec<PredictionDetail>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PredictionDetail {
    pub model: String,
    pub task: Task,
    pub sample: u32,
    /// Where the verdict came from.
    pub verdict_from: VerdictSource,
    /// The input the prediction is about, where it is not the program's.
    pub input: Option<String>,
    pub answer: String,
    /// Verdicts in [`crate::Judge::ALL`] order.
    pub verdict: crate::judges::PerJudge<bool>,
    pub response: Option<String>,
    /// Bytes of the response left out of `response`.
    pub response_cut_bytes: usize,
    pub source_path: String,
    /// An intermediate answer (loop states, branch decisions) placed on the run its benchmark
    /// stored, step by step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alignment: Option<Alignment>,
    /// The model's words where its reasoning quotes the line of the first divergence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words_at_divergence: Option<String>,
}

/// Where a prediction's verdict came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum VerdictSource {
    /// Each judge's rule, on the answer's text.
    Judges,
    /// The results file stored it (every judge's verdict).
    Stored,
    /// A run of the program on `call`: its verdict is every judge's, unless the run could not
    /// tell (`verdict` is `None`: [`RunReport::verdict`]) and the judges gave theirs.
    Run { call: String, report: Box<RunReport>, verdict: Option<bool> },
    /// The verdict needed a run that was not made (`reason`): each judge's rule, on the text.
    NotRun { reason: String },
}

impl Analysis {
    fn verdict_source(&self, prediction: usize) -> VerdictSource {
        if self.table.predictions.stored_verdict[prediction].is_some() {
            return VerdictSource::Stored;
        }
        if let Some(reason) = self.runs.plan.not_run.get(&(prediction as u32)) {
            return VerdictSource::NotRun { reason: reason.clone() };
        }
        match self.runs.plan.of_prediction[prediction] {
            Some(run) => VerdictSource::Run {
                call: self.runs.plan.requests[run as usize].call.as_ref().map_or_else(String::new, |c| c.text.clone()),
                report: Box::new(self.runs.reports[run as usize].clone()),
                verdict: self.runs.verdict_of(prediction),
            },
            None => VerdictSource::Judges,
        }
    }

    /// Takes the bytes of a response left unread: `program`'s predictions beside it show it (an
    /// error names the file when its bytes are not UTF-8).
    pub fn accept_response(&mut self, program: ProgramIdx, path: &str, bytes: &[u8]) -> Result<(), FileError> {
        let text = utf8_text(path, bytes)?;
        self.table.accept_response(program, path, &text);
        Ok(())
    }

    /// Unpacks the responses of `program` left packed in the drop's archives; returns those that
    /// cannot be, each named (its predictions show no response).
    pub fn unpack_responses(&mut self, program: ProgramIdx) -> Vec<FileError> {
        let packed: Vec<String> =
            self.table.unread_responses(program).into_iter().filter(|path| self.packed.holds(path)).collect();
        let mut errors = Vec::new();
        for path in packed {
            let unpacked = self.packed.unpack(&path).map_err(|message| FileError::new(&path, message));
            if let Err(error) = unpacked.and_then(|bytes| self.accept_response(program, &path, &bytes)) {
                errors.push(error);
            }
        }
        errors
    }

    pub fn program_detail(&self, index: ProgramIdx) -> Option<ProgramDetail> {
        let program = self.table.programs.get(index as usize)?;
        let facts = &self.facts.programs[index as usize];
        let table = &self.table.predictions;
        let run_code = RunCode::of(&self.table, self.table.predictions_of(index));
        let predictions = self
            .table
            .predictions_of(index)
            .map(|i| {
                let (response, response_cut_bytes) = cut(table.response.get(i));
                let alignment = align(&self.table, &run_code, i);
                let words_at_divergence =
                    alignment.as_ref().zip(table.response.get(i)).and_then(|(a, r)| words_at_divergence(a, r));
                PredictionDetail {
                    model: self.table.models[table.model[i] as usize].clone(),
                    task: table.task[i],
                    sample: table.sample[i],
                    verdict_from: self.verdict_source(i),
                    input: table.input.get(i).map(str::to_owned),
                    answer: table.answer[i].to_owned(),
                    verdict: std::array::from_fn(|j| self.facts.predictions.verdict[j][i]),
                    response,
                    response_cut_bytes,
                    source_path: table.source_path[i].to_owned(),
                    alignment,
                    words_at_divergence,
                }
            })
            .collect();
        Some(ProgramDetail {
            index,
            program: program.clone().in_benchmark(self.table.benchmarks[program.benchmark as usize].clone()),
            reference_constructs: facts.reference_constructs,
            constructs: facts.constructs,
            construct_lines: self.construct_lines[index as usize].clone(),
            syntax_error_line: facts.syntax_error_line,
            dynamic: facts.dynamic.clone(),
            predictions,
        })
    }
}

fn cut(response: Option<&str>) -> (Option<String>, usize) {
    let Some(text) = response else {
        return (None, 0);
    };
    if text.len() <= SHOWN_RESPONSE_BYTES {
        return (Some(text.to_owned()), 0);
    }
    let mut end = SHOWN_RESPONSE_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (Some(text[..end].to_owned()), text.len() - end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, InputFile};

    #[test]
    fn long_responses_are_cut_on_a_character_boundary() {
        let long = "é".repeat(SHOWN_RESPONSE_BYTES);
        let (shown, cut_bytes) = cut(Some(&long));
        let shown = shown.unwrap();
        assert!(shown.len() <= SHOWN_RESPONSE_BYTES);
        assert_eq!(shown.len() + cut_bytes, long.len());
        assert_eq!(cut(Some("short")), (Some("short".to_owned()), 0));
    }

    #[test]
    fn a_response_left_unread_is_shown_once_read_and_judging_does_not_need_it() {
        let files = |response: fn(&str) -> InputFile| {
            let mut files = Vec::new();
            for id in ["p1", "p2"] {
                files.push(InputFile::new(format!("dataset/b/{id}/main.py"), "def f(x):\n    return [x]\n"));
                files.push(InputFile::new(format!("dataset/b/{id}/input.txt"), "f(1)"));
                files.push(InputFile::new(format!("dataset/b/{id}/output.txt"), "[1]"));
                files.push(InputFile::new(format!("ER/m/b/{id}/predict.txt"), "\n[1]\n"));
                files.push(response(&format!("ER/m/b/{id}/response.txt")));
            }
            files
        };
        let read = analyze(files(|path| InputFile::new(path, "The output is [1].")));
        let paths: Vec<String> = files(|path| InputFile::unread(path)).into_iter().map(|f| f.path).collect();
        let left_unread = crate::readers::left_unread(&paths);
        assert_eq!(left_unread.iter().filter(|&&s| s).count(), 2, "the two responses beside predict.txt");
        assert!(paths.iter().zip(&left_unread).all(|(p, &s)| s == p.ends_with("response.txt")));
        let mut unread = analyze(files(|path| InputFile::unread(path)));
        // The same analysis, but for the claims read in the responses' prose: only what was read counts.
        let without_prose = |facts: &crate::Facts| crate::Facts { prose: Vec::new(), ..facts.clone() };
        assert_eq!(without_prose(&unread.facts), without_prose(&read.facts), "the same analysis");
        assert!(unread.facts.prose.is_empty() && read.facts.prose.len() == 2);
        let program = unread.table.programs.iter().position(|p| p.id == "p2").unwrap() as ProgramIdx;
        assert_eq!(unread.program_detail(program).unwrap().predictions[0].response, None);
        assert_eq!(unread.table.unread_responses(program), ["ER/m/b/p2/response.txt"]);
        assert!(unread.accept_response(program, "ER/m/b/p2/response.txt", b"\xff").is_err(), "not UTF-8: named");
        unread.accept_response(program, "ER/m/b/p2/response.txt", b"The output is [1].").unwrap();
        assert_eq!(unread.program_detail(program), read.program_detail(program), "shown as if read at once");
        assert!(unread.table.unread_responses(program).is_empty());
        let other = 1 - program;
        assert_eq!(
            unread.table.unread_responses(other),
            ["ER/m/b/p1/response.txt"],
            "the other program's still unread"
        );
    }

    #[test]
    fn a_zipped_response_stays_packed_until_its_program_is_shown() {
        let mut entries: Vec<(String, String)> = Vec::new();
        for id in ["p1", "p2"] {
            entries.push((format!("dataset/b/{id}/main.py"), "def f(x):\n    return [x]\n".into()));
            entries.push((format!("dataset/b/{id}/input.txt"), "f(1)".into()));
            entries.push((format!("dataset/b/{id}/output.txt"), "[1]".into()));
            entries.push((format!("ER/m/b/{id}/predict.txt"), "\n[1]\n".into()));
            entries.push((format!("ER/m/b/{id}/response.txt"), format!("{id}: the output is [1].")));
        }
        let loose = analyze(entries.iter().map(|(path, text)| InputFile::new(path, text.as_str())).collect());
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (path, text) in &entries {
            zip.start_file(path.as_str(), zip::write::SimpleFileOptions::default()).unwrap();
            std::io::Write::write_all(&mut zip, text.as_bytes()).unwrap();
        }
        let zip = zip.finish().unwrap().into_inner();
        let mut zipped = analyze(vec![InputFile::new("run.zip", zip)]);
        assert_eq!(zipped.facts.predictions, loose.facts.predictions, "judging does not need them");
        let program = zipped.table.programs.iter().position(|p| p.id == "p2").unwrap() as ProgramIdx;
        assert_eq!(zipped.table.unread_responses(program), ["run.zip/ER/m/b/p2/response.txt"]);
        assert_eq!(zipped.program_detail(program).unwrap().predictions[0].response, None);
        assert!(zipped.unpack_responses(program).is_empty());
        let shown = zipped.program_detail(program).unwrap().predictions[0].response.clone();
        assert_eq!(shown.as_deref(), Some("p2: the output is [1]."));
        assert_eq!(zipped.table.unread_responses(1 - program), ["run.zip/ER/m/b/p1/response.txt"], "still packed");
    }
}
