//! Which predictions are judged by running a program, and the runs they need, each run once
//! (ten samples that guess the same input share one run).

use super::{RunRequest, DEFAULT_TIME_LIMIT_MS};
use crate::table::{Language, Program, ProgramIdx, Table, Task};
use std::collections::HashMap;

/// The runs an analysis needs, and which run judges each prediction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunPlan {
    pub requests: Vec<RunRequest>,
    /// One entry per prediction of the table: the index of its run in `requests`.
    pub of_prediction: Vec<Option<u32>>,
    /// Predictions that need a run but whose program cannot be run here (Java, or no code): they
    /// are judged as text.
    pub not_runnable: usize,
}

/// Plans a run for every prediction whose verdict needs one: a Python input prediction without
/// a stored verdict (the program is called on it), and a program a model wrote (called on its
/// test input). The expected output is the program's.
pub fn plan_runs(table: &Table) -> RunPlan {
    let predictions = &table.predictions;
    let mut plan =
        RunPlan { requests: Vec::new(), of_prediction: Vec::with_capacity(predictions.len()), not_runnable: 0 };
    let mut planned: HashMap<(ProgramIdx, &str), u32> = HashMap::new();
    for i in 0..predictions.len() {
        let program_index = predictions.program[i];
        let program = &table.programs[program_index as usize];
        let call = match predictions.task[i] {
            _ if predictions.stored_verdict[i].is_some() => None,
            Task::Input => calls_entry(&predictions.answer[i], program),
            Task::Code => calls_entry(&program.input, program),
            _ => None,
        };
        if call.is_some() && !runnable(program) {
            plan.not_runnable += 1;
        }
        let run = call.filter(|_| runnable(program)).map(|call| {
            *planned.entry((program_index, call)).or_insert_with(|| {
                plan.requests.push(RunRequest {
                    code: program.code.clone().unwrap_or_default(),
                    call: call.to_owned(),
                    expected: program.expected.clone(),
                    time_limit_ms: DEFAULT_TIME_LIMIT_MS,
                });
                (plan.requests.len() - 1) as u32
            })
        });
        plan.of_prediction.push(run);
    }
    plan
}

fn runnable(program: &Program) -> bool {
    program.language == Language::Python && program.code.is_some()
}

/// `call` when it calls the program's entry function (the function its own input calls), as
/// CRUXEval requires of an input prediction (`"f(" in generation`); an answer that does not is
/// judged as text, and is wrong.
fn calls_entry<'a>(call: &'a str, program: &Program) -> Option<&'a str> {
    let entry = program.input.split_once('(')?.0.trim();
    let is_name = !entry.is_empty() && entry.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.');
    (is_name && call.contains(&format!("{entry}("))).then(|| call.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{RawPrediction, RawProgram, TableBuilder};

    fn table(predictions: &[(Task, &str, Option<bool>)]) -> Table {
        let mut builder = TableBuilder::default();
        builder.reading_from("b.jsonl");
        builder.add_program(RawProgram {
            benchmark: "b".into(),
            id: "1".into(),
            language: Language::Python,
            code: Some("def f(x):\n    return x + 1\n".into()),
            input: "f(1)".into(),
            expected: "2".into(),
            extra_inputs: 0,
            source_path: "b.jsonl".into(),
        });
        for (sample, &(task, answer, stored_verdict)) in predictions.iter().enumerate() {
            builder.add_prediction(RawPrediction {
                model: "m".into(),
                benchmark: "b".into(),
                program_id: "1".into(),
                task,
                sample: sample as u32,
                answer: answer.into(),
                stored_verdict,
                input: None,
                response: None,
                source_path: "m.json".into(),
            });
        }
        builder.finish().0
    }

    #[test]
    fn unscored_input_predictions_are_run_once_per_distinct_call() {
        let plan = plan_runs(&table(&[
            (Task::Input, "f(1)", None),
            (Task::Input, " f(1) ", None),
            (Task::Input, "f(0)", None),
            (Task::Input, "f(5)", Some(false)),
            (Task::Output, "2", None),
        ]));
        let calls: Vec<&str> = plan.requests.iter().map(|r| r.call.as_str()).collect();
        assert_eq!(calls, ["f(1)", "f(0)"]);
        // The table orders a program's predictions by task (output first), then sample.
        assert_eq!(plan.of_prediction, [None, Some(0), Some(0), Some(1), None]);
        assert_eq!(plan.requests[0].expected, "2");
        assert!(plan.requests[0].code.contains("return x + 1"));
    }

    #[test]
    fn an_answer_that_does_not_call_the_entry_function_is_not_run() {
        let plan = plan_runs(&table(&[(Task::Input, "1", None), (Task::Input, "g(1)", None)]));
        assert!(plan.requests.is_empty());
        assert_eq!(plan.of_prediction, [None, None]);
    }

    #[test]
    fn java_programs_are_not_run_and_counted() {
        let mut table = table(&[(Task::Input, "f(1)", None)]);
        table.programs[0].language = Language::Java;
        let plan = plan_runs(&table);
        assert_eq!((plan.requests.len(), plan.not_runnable), (0, 1));
    }

    #[test]
    fn a_program_a_model_wrote_is_run_on_its_own_input() {
        let plan = plan_runs(&table(&[(Task::Code, "", None)]));
        assert_eq!(plan.requests.len(), 1);
        assert_eq!(plan.requests[0].call, "f(1)");
    }
}
