//! CodeMind's DER and SR results (SPEC §2): JSON Lines of `{problem_name, generated_code,
//! model_name, dataset_name, input_data, expected_output, assertion}`. Each line is a program the
//! model wrote, with the input it runs on and the output it must give.
//!
//! Whether the model's code gives that output is known only by running it; the files store no
//! verdict. Until exerscope runs Python in the browser, these programs are read and measured
//! (they appear in the program table) and the file is told that their verdicts are pending.

use super::json_input::{first_line, parse_json_lines, SeenIds};
use super::{take_each, Format, Reader, Reading};
use crate::diagnostics::FileError;
use crate::input::InputFile;
use crate::table::{Language, RawProgram, TableBuilder};
use serde::Deserialize;

pub struct CodemindJsonl;

#[derive(Deserialize)]
struct Record {
    problem_name: String,
    /// `null` where the model gave nothing.
    generated_code: Option<String>,
    model_name: String,
    dataset_name: String,
    /// `null` for problems without a test.
    input_data: Option<String>,
    expected_output: Option<String>,
}

impl Reader for CodemindJsonl {
    fn formats(&self) -> &'static [Format] {
        &[Format::Codemind]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        take_each(files, unclaimed, |file| {
            let line = first_line(file);
            let ours = file.path.ends_with(".jsonl")
                && line.contains("\"generated_code\"")
                && line.contains("\"problem_name\"");
            if ours {
                read_file(file, builder, errors);
            }
            ours
        });
    }
}

fn read_file(file: &InputFile, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    let mut seen = SeenIds::default();
    let mut programs = 0;
    for (line, record) in parse_json_lines::<Record>(file, errors) {
        let benchmark = format!("{} ({}'s code)", record.dataset_name, record.model_name);
        if !seen.first(&format!("{} of {benchmark}", record.problem_name), file, Some(line), errors) {
            continue;
        }
        builder.add_program(RawProgram {
            benchmark,
            source_path: format!("{} ({})", file.path, record.problem_name),
            code: record.generated_code.as_deref().map(code_of),
            id: record.problem_name,
            language: Language::Python,
            input: record.input_data.as_deref().unwrap_or_default().trim().to_owned(),
            expected: record.expected_output.as_deref().unwrap_or_default().trim().to_owned(),
            extra_inputs: 0,
        });
        programs += 1;
    }
    errors.push(FileError::new(
        &file.path,
        format!(
            "CodeMind DER/SR: {programs} program(s) written by the model, read and measured; whether they give \
             the expected output needs running them, which exerscope does not do yet, so they have no verdicts"
        ),
    ));
}

/// The code inside a response (after the echoed prompt's `[/INST]`, if any): between ```python
/// fences or [PYTHON] tags, else all of it.
fn code_of(generated: &str) -> String {
    let generated = generated.rsplit_once("[/INST]").map_or(generated, |(_, answer)| answer);
    let inside = |open: &str, close: &str| {
        let start = generated.find(open)? + open.len();
        let end = generated[start..].find(close).map_or(generated.len(), |e| start + e);
        Some(&generated[start..end])
    };
    let code = inside("```python", "```").or_else(|| inside("[PYTHON]", "[/PYTHON]")).unwrap_or(generated);
    code.trim_matches('\n').to_owned() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_comes_from_fences_or_tags() {
        assert_eq!(code_of("Here:\n```python\ndef f():\n    return 1\n```\nDone"), "def f():\n    return 1\n");
        let echoed =
            "<s> [INST]Write code between [PYTHON] and [/PYTHON] tags.[/INST] [PYTHON]\ndef g(): pass\n[/PYTHON] text";
        assert_eq!(code_of(echoed), "def g(): pass\n");
        assert_eq!(code_of("def h(): pass"), "def h(): pass\n");
    }

    #[test]
    fn records_become_programs_and_the_pending_verdicts_are_told() {
        let record = |name: &str| {
            serde_json::json!({"problem_name": name, "generated_code": "```python\ndef f(x):\n    return x\n```",
                "model_name": "GPT_4", "dataset_name": "HumanEval", "nl": "", "input_data": "f(1) ", "expected_output": " 1",
                "assertion": "assert f(1) == 1"})
            .to_string()
        };
        let file = InputFile::new(
            "DER/GPT_4/HumanEval/oneTest.jsonl",
            [record("HumanEval_1"), record("HumanEval_1"), "{".into()].join("\n"),
        );
        let analysis = crate::analysis::analyze(vec![file]);
        let program = &analysis.table.programs[0];
        assert_eq!(
            (program.benchmark, program.id.as_str(), program.input.as_str(), program.expected.as_str()),
            (0, "HumanEval_1", "f(1)", "1")
        );
        assert_eq!(analysis.table.benchmarks, ["HumanEval (GPT_4's code)"]);
        let lines: Vec<Option<usize>> = analysis.facts.errors.iter().map(|e| e.line).collect();
        assert!(lines.contains(&Some(2)) && lines.contains(&Some(3)), "{:?}", analysis.facts.errors);
        assert!(analysis.facts.errors.iter().any(|e| e.message.starts_with("CodeMind DER/SR: 1 program(s)")));
    }
}
