//! Which predictions are judged by running a program, and the runs they need, each run once
//! (ten samples that guess the same input share one run).

use super::call::{entry_of, python_parser, read_call};
use super::{RunRequest, DEFAULT_TIME_LIMIT_MS, PROGRAM_RUN_TIME_LIMIT_MS};
use crate::pyliteral;
use crate::table::{Language, Program, ProgramIdx, Table, Task};
use rayon::prelude::*;
use std::collections::HashMap;
use tree_sitter_c2rust::Parser;

/// The runs an analysis needs, and which run judges each prediction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunPlan {
    pub requests: Vec<RunRequest>,
    /// What each request's result must equal: its program's expected output (Python source).
    pub expected: Vec<String>,
    /// One entry per prediction of the table: the index of its run in `requests`.
    pub of_prediction: Vec<Option<u32>>,
    /// Why a prediction that needs a run is judged as text instead, by prediction: it is not a
    /// call of the program's function, or the program cannot be run here.
    pub not_run: HashMap<u32, String>,
    /// Predictions that need a run but whose program cannot be run here (Java, or no code): they
    /// are judged as text.
    pub not_runnable: usize,
}

/// Plans a run for every prediction whose verdict needs one: a Python input prediction without
/// a stored verdict (the program is called on it, when it is a call of the program's function),
/// and a program a model wrote (called on its test input). The expected output is the program's.
pub fn plan_runs(table: &Table) -> RunPlan {
    let predictions = &table.predictions;
    let mut plan = RunPlan { of_prediction: Vec::with_capacity(predictions.len()), ..RunPlan::default() };
    let mut parser = python_parser();
    let mut entries: HashMap<ProgramIdx, Option<String>> = HashMap::new();
    let mut planned: HashMap<(ProgramIdx, &str), u32> = HashMap::new();
    for i in 0..predictions.len() {
        let program_index = predictions.program[i];
        let program = &table.programs[program_index as usize];
        let (text, entry) = match predictions.task[i] {
            _ if predictions.stored_verdict[i].is_some() => (None, None),
            Task::Input => {
                let entry = entries.entry(program_index).or_insert_with(|| entry_of(&program.input, &mut parser));
                (Some(&predictions.answer[i]), Some(entry.as_deref()))
            }
            Task::Code => (Some(program.input.as_str()), Some(None)),
            _ => (None, None),
        };
        let (Some(text), Some(entry)) = (text, entry) else {
            plan.of_prediction.push(None);
            continue;
        };
        let run = match runnable(program) {
            Err(reason) => {
                plan.not_runnable += 1;
                Err(reason.to_owned())
            }
            Ok(_) if predictions.task[i] == Task::Input && entry.is_none() => {
                Err("the program's own input is not a call: there is no function to call".to_owned())
            }
            Ok(code) => match planned.get(&(program_index, text.trim())) {
                Some(&run) => Ok(run),
                None => read_call(text, entry, &mut parser).map(|call| {
                    let run = plan.requests.len() as u32;
                    planned.insert((program_index, text.trim()), run);
                    plan.requests.push(RunRequest {
                        call: Some(call),
                        expected_expression: expression_of(&program.expected),
                        ..RunRequest::new(code)
                    });
                    plan.expected.push(program.expected.clone());
                    run
                }),
            },
        };
        match run {
            Ok(run) => plan.of_prediction.push(Some(run)),
            Err(reason) => {
                plan.not_run.insert(i as u32, reason);
                plan.of_prediction.push(None);
            }
        }
    }
    plan
}

/// Every program's run on its own benchmark input, for its dynamic properties (SPEC §4.4).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProgramRuns {
    pub requests: Vec<RunRequest>,
    /// The program (its index in the table) each request runs: ascending.
    pub program: Vec<ProgramIdx>,
    /// Which of its inputs each request runs it on.
    pub input: Vec<RunOf>,
    /// Programs with code that are not run, by reason (Java), with how many: told once each.
    pub not_run: Vec<(&'static str, usize)>,
}

/// What a program run is: its run on its own input, on an extra one, or its own input again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOf {
    Own,
    /// Its k-th extra input.
    Extra(u32),
    /// Its own input a second time: a benchmark no model answered (one being designed) is run
    /// twice, to see whether a program gives the same output each time.
    Repeat,
}

impl RunOf {
    /// The input's place among the program's extra inputs, when it is one.
    pub fn extra(self) -> Option<u32> {
        match self {
            RunOf::Extra(k) => Some(k),
            RunOf::Own | RunOf::Repeat => None,
        }
    }
}

impl ProgramRuns {
    /// The run of `program` on its own input, if it is run (its first run).
    pub fn of(&self, program: ProgramIdx) -> Option<usize> {
        let first = self.program.partition_point(|&p| p < program);
        (self.program.get(first) == Some(&program)).then_some(first)
    }

    /// Whether `program` runs on its own input twice.
    pub fn repeats(&self, program: ProgramIdx) -> bool {
        let (first, end) =
            (self.program.partition_point(|&p| p < program), self.program.partition_point(|&p| p <= program));
        self.input[first..end].contains(&RunOf::Repeat)
    }
}

/// Plans each Python program's run on its own input, and on each of its extra inputs: a call of
/// its function (CRUXEval, HumanEval, REval; ClassEval's `Test.test()` runs its test method), or,
/// when the input is no call, the program as a script with the input as its standard input
/// (Avatar). The programs of the benchmarks `repeated` marks run on their own input twice.
pub fn plan_program_runs(table: &Table, repeated: &[bool]) -> ProgramRuns {
    // Each program's input read on every core (a call is parsed with tree-sitter: 10,000 programs
    // take a tenth of a second).
    let planned: Vec<Result<Vec<RunRequest>, &'static str>> = table
        .programs
        .par_iter()
        .map_init(python_parser, |parser, program| program_requests(program, parser))
        .collect();
    let mut runs = ProgramRuns::default();
    let mut not_run: HashMap<&'static str, usize> = HashMap::new();
    for ((index, program), planned) in table.programs.iter().enumerate().zip(planned) {
        match planned {
            Ok(requests) => {
                let repeat = repeated.get(program.benchmark as usize).copied().unwrap_or(false);
                let repeat = repeat.then(|| RunRequest { repeat: true, ..requests[0].clone() });
                let inputs =
                    (0..requests.len()).map(|k| k.checked_sub(1).map_or(RunOf::Own, |k| RunOf::Extra(k as u32)));
                let planned = inputs.zip(requests).chain(repeat.map(|request| (RunOf::Repeat, request)));
                for (input, request) in planned {
                    runs.program.push(index as ProgramIdx);
                    runs.input.push(input);
                    runs.requests.push(request);
                }
            }
            // A program without code has nothing to run: nothing to tell either.
            Err(reason) if program.code.is_some() => *not_run.entry(reason).or_default() += 1,
            Err(_) => {}
        }
    }
    runs.not_run = not_run.into_iter().collect();
    runs.not_run.sort_unstable();
    runs
}

/// A program's runs: on its own input, then on each extra input; or why it is not run.
fn program_requests(program: &Program, parser: &mut Parser) -> Result<Vec<RunRequest>, &'static str> {
    let code = runnable(program)?;
    let extras =
        program.extra_inputs.iter().map(|extra| (extra.code.as_deref().unwrap_or(code), &extra.input, &extra.expected));
    let own = std::iter::once((code, &program.input, &program.expected));
    let requests = own.chain(extras).map(|(code, input, expected)| {
        let request = match read_call(input, None, parser) {
            Ok(call) => {
                RunRequest { call: Some(call), expected_expression: expression_of(expected), ..RunRequest::new(code) }
            }
            Err(_) => RunRequest { stdin: input.clone(), ..RunRequest::new(code) },
        };
        RunRequest { time_limit_ms: PROGRAM_RUN_TIME_LIMIT_MS, ..request }
    });
    Ok(requests.collect())
}

impl RunRequest {
    /// A run of `code` as a script on empty input, in the default time limit, untraced.
    pub fn new(code: &str) -> RunRequest {
        RunRequest {
            code: code.to_owned(),
            call: None,
            stdin: String::new(),
            expected_expression: None,
            time_limit_ms: DEFAULT_TIME_LIMIT_MS,
            trace: false,
            repeat: false,
        }
    }
}

/// The program's code, when it can be run here.
fn runnable(program: &Program) -> Result<&str, &'static str> {
    if let Some(reason) = program.about.not_run {
        return Err(reason.label());
    }
    match (&program.code, program.language) {
        (Some(code), Language::Python) => Ok(code),
        (_, Language::Java) => Err("a Java program: exerscope runs Python only"),
        (None, _) => Err("the program has no code"),
        _ => Err("not a Python program: exerscope runs Python only"),
    }
}

/// The expected output when it is to be evaluated in the run: when it is no literal (a literal
/// is compared by the core, and one nested past Python's limits is no Python at all).
fn expression_of(expected: &str) -> Option<String> {
    let is_value = pyliteral::parse(expected).is_ok() || pyliteral::nests_too_deep(expected);
    (!is_value && !expected.trim().is_empty()).then(|| expected.trim().to_owned())
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
            extra_inputs: Vec::new(),
            about: Default::default(),
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
        let calls: Vec<&str> = plan.requests.iter().map(|r| r.call.as_ref().unwrap().text.as_str()).collect();
        assert_eq!(calls, ["f(1)", "f(0)"]);
        // The table orders a program's predictions by task (output first), then sample.
        assert_eq!(plan.of_prediction, [None, Some(0), Some(0), Some(1), None]);
        assert_eq!(plan.expected[0], "2");
        assert_eq!(plan.requests[0].expected_expression, None, "a literal is compared by the core");
        assert!(plan.requests[0].code.contains("return x + 1"));
    }

    #[test]
    fn an_answer_that_does_not_call_the_entry_function_is_not_run() {
        let plan = plan_runs(&table(&[(Task::Input, "1", None), (Task::Input, "g(1)", None)]));
        assert!(plan.requests.is_empty());
        assert_eq!(plan.of_prediction, [None, None]);
        assert_eq!(plan.not_run[&0], "an integer, not a call");
        assert_eq!(plan.not_run[&1], "calls g, not the program's function f");
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
        assert_eq!(plan.requests[0].call.as_ref().unwrap().text, "f(1)");
    }

    #[test]
    fn every_python_program_runs_on_its_own_input_a_call_or_its_stdin() {
        let mut table = table(&[]);
        let mut script = table.programs[0].clone();
        script.input = "5 7\n".into();
        script.code = Some("print(sum(map(int, input().split())))\n".into());
        let mut java = table.programs[0].clone();
        java.language = Language::Java;
        table.programs.extend([script, java]);
        let runs = plan_program_runs(&table, &[]);
        assert_eq!(runs.program, [0, 1]);
        assert_eq!((runs.of(1), runs.of(2)), (Some(1), None));
        assert_eq!(runs.requests[0].call.as_ref().unwrap().text, "f(1)");
        assert_eq!((runs.requests[1].call.as_ref(), runs.requests[1].stdin.as_str()), (None, "5 7\n"));
        assert_eq!(runs.not_run, [("a Java program: exerscope runs Python only", 1)]);
    }
}
