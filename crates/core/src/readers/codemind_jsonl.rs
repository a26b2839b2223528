//! CodeMind's DER and SR results (SPEC §2): JSON Lines of `{problem_name, generated_code,
//! model_name, dataset_name, input_data, expected_output, assertion}`. Each line is a program the
//! model wrote, with the input it runs on and the output it must give.
//!
//! The files store no verdict: whether the model's code gives that output is known by running it.
//! Each record becomes a program (of a benchmark of its own per model: two models' programs for
//! one problem differ) and a prediction of task `code`, which the analysis plans a run for.

use super::json_input::{first_record, has_keys, parse_json_lines, SeenIds};
use super::{take_each, Format, Reader, Reading};
use crate::diagnostics::FileError;
use crate::input::InputFile;
use crate::table::{Language, RawPrediction, RawProgram, TableBuilder, Task};
use serde::Deserialize;
use tree_sitter_c2rust::Parser;

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
    /// `assert <input_data> == <expected_output>[, message]`: the expected value without the
    /// message, which `expected_output` sometimes keeps (`["One"], "Error"`).
    assertion: Option<String>,
}

impl Reader for CodemindJsonl {
    fn formats(&self) -> &'static [Format] {
        &[Format::Codemind]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        take_each(files, unclaimed, |file| {
            let ours = first_record(file).is_some_and(|record| has_keys(&record, &["generated_code", "problem_name"]));
            if ours {
                read_file(file, builder, errors);
            }
            ours
        });
    }
}

fn read_file(file: &InputFile, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    builder.reading_from(&file.path);
    let mut seen = SeenIds::default();
    let mut untested = 0;
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_python::LANGUAGE.into()).expect("the bundled grammar matches tree-sitter");
    for (line, record) in parse_json_lines::<Record>(file, errors) {
        let benchmark = format!("{} ({}'s code)", record.dataset_name, record.model_name);
        if !seen.first(&format!("{} of {benchmark}", record.problem_name), file, || Some(line), errors) {
            continue;
        }
        let source_path = format!("{} ({})", file.path, record.problem_name);
        let input = record.input_data.as_deref().unwrap_or_default().trim().to_owned();
        if input.is_empty() {
            untested += 1;
        } else {
            builder.add_prediction(RawPrediction {
                model: record.model_name.clone(),
                benchmark: benchmark.clone(),
                program_id: record.problem_name.clone(),
                task: Task::Code,
                sample: 0,
                answer: String::new(),
                stored_verdict: None,
                input: None,
                response: record.generated_code.clone(),
                source_path: source_path.clone(),
            });
        }
        builder.add_program(RawProgram {
            benchmark,
            source_path,
            code: record.generated_code.as_deref().map(code_of),
            id: record.problem_name,
            language: Language::Python,
            input,
            expected: record
                .assertion
                .as_deref()
                .and_then(|assertion| expected_of_assertion(&mut parser, assertion))
                .or(record.expected_output)
                .unwrap_or_default()
                .trim()
                .to_owned(),
            extra_inputs: Vec::new(),
            about: Default::default(),
        });
    }
    if untested > 0 {
        errors.push(FileError::new(
            &file.path,
            format!("CodeMind DER/SR: {untested} program(s) have no test input; they are measured, not judged"),
        ));
    }
}

/// The right side of `assert <call> == <expected>, <message>`, parsed as Python.
fn expected_of_assertion(parser: &mut Parser, assertion: &str) -> Option<String> {
    let tree = parser.parse(assertion, None)?;
    let statement = tree.root_node().named_child(0).filter(|n| n.kind() == "assert_statement")?;
    let comparison = statement.named_child(0).filter(|n| n.kind() == "comparison_operator")?;
    let is_equality = comparison.child(1).is_some_and(|operator| operator.kind() == "==");
    let expected = comparison.named_child(1).filter(|_| is_equality && comparison.named_child_count() == 2)?;
    Some(assertion[expected.byte_range()].to_owned())
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
    fn the_expected_value_leaves_the_assertion_message_out() {
        let mut parser = Parser::new();
        parser.set_language(&tree_sitter_python::LANGUAGE.into()).unwrap();
        let mut expected = |assertion: &str| expected_of_assertion(&mut parser, assertion);
        let assertion = r#"assert by_length([2, 1])  ==  ["Two", "One"], "Error""#;
        assert_eq!(expected(assertion).as_deref(), Some(r#"["Two", "One"]"#));
        assert_eq!(expected("assert f(1) == (1, 2)").as_deref(), Some("(1, 2)"));
        assert_eq!(expected("assert f(1) < 2"), None);
        assert_eq!(expected("assert f(1)"), None);
    }

    #[test]
    fn records_become_programs_with_a_code_prediction_each() {
        let record = |name: &str, input: &str| {
            serde_json::json!({"problem_name": name, "generated_code": "```python\ndef f(x):\n    return x\n```",
                "model_name": "GPT_4", "dataset_name": "HumanEval", "nl": "", "input_data": input, "expected_output": " 1",
                "assertion": "assert f(1) == 1"})
            .to_string()
        };
        let file = InputFile::new(
            "DER/GPT_4/HumanEval/oneTest.jsonl",
            [record("HumanEval_1", "f(1) "), record("HumanEval_1", "f(1)"), "{".into(), record("HumanEval_2", "")]
                .join("\n"),
        );
        let analysis = crate::analysis::analyze(vec![file]);
        let program = &analysis.table.programs[0];
        assert_eq!(
            (program.benchmark, program.id.as_str(), program.input.as_str(), program.expected.as_str()),
            (0, "HumanEval_1", "f(1)", "1")
        );
        assert_eq!(program.code.as_deref(), Some("def f(x):\n    return x\n"));
        assert_eq!(analysis.table.benchmarks, ["HumanEval (GPT_4's code)"]);
        let predictions = &analysis.table.predictions;
        assert_eq!((predictions.len(), predictions.task[0], predictions.program[0]), (1, Task::Code, 0));
        assert_eq!(analysis.runs.plan.requests.len(), 1, "the prediction's verdict needs a run");
        let lines: Vec<Option<usize>> = analysis.facts.errors.iter().map(|e| e.line).collect();
        assert!(lines.contains(&Some(2)) && lines.contains(&Some(3)), "{:?}", analysis.facts.errors);
        assert!(analysis.facts.errors.iter().any(|e| e.message.contains("1 program(s) have no test input")));
    }
}
