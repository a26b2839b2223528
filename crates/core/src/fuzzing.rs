//! What the fuzz targets run (`fuzz/`, `cargo fuzz run <target>`), and what the tests replay on
//! the committed corpus (`crates/core/tests/fuzz_corpus.rs`): every way anyone's bytes enter the
//! core. None of them may panic, hang or overflow the stack, whatever the bytes.

use crate::analysis::analyze;
use crate::archive::{expand_archives, Packed};
use crate::execution::call::{entry_of, python_parser, read_call};
use crate::execution::RunReport;
use crate::extractors::ProgramParser;
use crate::input::InputFile;
use crate::judges::Judge;
use crate::pyliteral;
use crate::table::Language;
use crate::types::{exerscope_type, value_length, ReferenceType};

/// A fuzz target's body: any bytes in, nothing out, no panic.
pub type Target = fn(&[u8]);

/// The targets, by name: `fuzz/fuzz_targets/<name>.rs` and `fuzz/corpus/<name>/`.
pub const TARGETS: &[(&str, Target)] = &[
    ("readers", readers),
    ("literal", literal),
    ("archive", archive),
    ("judges", judges),
    ("call", call),
    ("run_report", run_report),
    ("program", program),
];

/// Names a reader recognises: each file of the input takes one, by its first byte.
const NAMES: &[&str] = &[
    "cruxeval.jsonl",
    "m_temp0.2_output/generations.json",
    "sample_scored_m_temp0.2_input.json",
    "infer_results/m/py_output.json",
    "infer_results/m/java_input.json",
    "cruxeval_preprocessed/py.jsonl",
    "Results/DER/M/HumanEval/oneTest.jsonl",
    "DREval_data.jsonl",
    "model_generations/output@m_direct_temp0/1.jsonl",
    "results.csv",
    "results.jsonl",
    "dataset/cruxeval/sample_0/main.py",
    "dataset/cruxeval/sample_0/input.txt",
    "dataset/cruxeval/sample_0/output.txt",
    "Experiment_Results/ER/m/cruxeval/sample_0/predict.txt",
    "Experiment_Results/ER/m/cruxeval/sample_0/response.txt",
    "dataset/Avatar/a/Main.java",
];

/// A drop of up to eight files, separated by NUL bytes; each file's first byte picks its name.
pub fn readers(data: &[u8]) {
    let files = data
        .split(|&b| b == 0)
        .take(8)
        .enumerate()
        .filter(|(_, chunk)| !chunk.is_empty())
        .map(|(i, chunk)| {
            let name = NAMES[usize::from(chunk[0]) % NAMES.len()];
            InputFile::new(format!("drop/{i}/{name}"), &chunk[1..])
        })
        .collect();
    let analysis = analyze(files);
    for index in 0..analysis.table.programs.len() {
        let _ = analysis.program_detail(index as u32);
    }
    let _ = crate::report::TaskedReport::build(&analysis.facts, Judge::Value);
}

pub fn literal(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(value) = pyliteral::parse(&text) {
        let _ = pyliteral::python_eq(&value, &value);
    }
    let _ = pyliteral::nests_too_deep(&text);
    let _ = exerscope_type(&text, Language::Python);
    let _ = value_length(&text);
    let _ = ReferenceType::of_text(&text);
}

pub fn archive(data: &[u8]) {
    let _ = expand_archives(vec![InputFile::new("drop.zip", data)], &mut Packed::default(), &mut Vec::new());
}

/// Two texts, separated by a NUL byte: a prediction and an expected output.
pub fn judges(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (predicted, expected) = text.split_once('\0').unwrap_or((&text, ""));
    for judge in Judge::ALL {
        for language in [Language::Python, Language::Java] {
            let _ = judge.is_correct(predicted, expected, language);
        }
    }
}

pub fn call(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut parser = python_parser();
    let _ = read_call(&text, Some("f"), &mut parser);
    let _ = read_call(&text, None, &mut parser);
    let _ = entry_of(&text, &mut parser);
}

/// A report as a harness (running anyone's program) may send it, and the expected output after a
/// NUL byte.
pub fn run_report(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (report, expected) = text.split_once('\0').unwrap_or((&text, "1"));
    if let Ok(report) = serde_json::from_str::<RunReport>(report) {
        let _ = report.verdict(expected);
        let _ = report.answer();
    }
}

/// Code in a language its first byte picks (every language; those this build does not parse give
/// nothing).
pub fn program(data: &[u8]) {
    let Some((&first, code)) = data.split_first() else {
        return;
    };
    let language = Language::ALL[first as usize % Language::ALL.len()];
    let _ = ProgramParser::new().extract(&String::from_utf8_lossy(code), language);
}
