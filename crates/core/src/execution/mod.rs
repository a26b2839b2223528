//! Running Python programs: what to run, and what a run tells.
//!
//! Some verdicts are known only by running a program: an input prediction that the framework did
//! not score is right when the program, called on it, returns the expected output (CRUXEval's
//! check), and a program a model wrote (CodeMind DER/SR) is right when it returns the expected
//! output on its test input. The core plans these runs ([`plan_runs`]) and reads their reports;
//! the hosts run them with [`HARNESS`], the same Python script everywhere: the command-line tool in
//! a python3 process, the web app in Pyodide (CPython in WebAssembly) workers. A host that cannot
//! run Python answers [`RunOutcome::NotRun`], and those predictions fall back to the judges.
//!
//! What a results file says is data first ([`call`]): a predicted input is run only when it is a
//! call of the program's function, and its literal arguments are never evaluated as code. What the
//! run returned comes back as data ([`value`]) and is compared with the expected output here, in
//! the core, where no program reaches.

pub mod call;
mod plan;
pub mod trace;
pub mod value;

pub use call::{Argument, Call};
pub use plan::{plan_program_runs, plan_runs, ProgramRuns, RunOf, RunPlan};
pub use trace::RecordedTrace;
pub use value::RunValue;

use crate::pyliteral::{parse, python_eq};
use serde::{Deserialize, Serialize};

/// The Python script the hosts run requests with: `serve(request_json) -> report_json`.
pub const HARNESS: &str = include_str!("harness.py");

/// How long one run may take (SPEC §4.4).
pub const DEFAULT_TIME_LIMIT_MS: u32 = 2_000;
/// How long a program's run on its own input may take: long enough that the harness's limit of
/// line events, the same on every machine, ends long runs before the clock does.
pub const PROGRAM_RUN_TIME_LIMIT_MS: u32 = 20_000;
/// How a run stopped by the harness's line limit is told.
pub const LINE_LIMIT: &str = "stopped after 5,000,000 lines";

/// One program to run on one call, or as a script on its standard input.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RunRequest {
    /// The whole program, executed as `__main__`.
    pub code: String,
    /// The call whose result is the run's: its literal arguments are read as data, and the whole
    /// call is evaluated (in the sandbox) only when an argument is an expression. Without a call
    /// the program is a script: what it prints is its result.
    pub call: Option<Call>,
    /// A script's standard input (a call's is empty).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stdin: String,
    /// The expected output when it is no literal (`tuple(g([1]))`): evaluated in the program's
    /// namespace after the call and returned as data. A literal expected output is compared by
    /// the core and never sent.
    pub expected_expression: Option<String>,
    pub time_limit_ms: u32,
    /// Whether to record the trace (line by line, the variables each line changed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trace: bool,
    /// Whether this is a second run of the same request ([`RunOf::Repeat`]): it tells the run
    /// apart from the first, so that a host's kept runs do not give it the first's report.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum RunOutcome {
    /// The call returned: `value` is its `repr` (cut when long), shown; `result` the value as data,
    /// compared. For an expected output that is an expression, what it evaluated to (or raised).
    Returned {
        value: String,
        result: RunValue,
        #[serde(default)]
        expected_value: Option<RunValue>,
        #[serde(default)]
        expected_error: Option<String>,
    },
    Raised {
        error: String,
    },
    TimedOut,
    /// Stopped after the most line events a run may count (`MAX_LINE_EVENTS` in the harness).
    LineLimit,
    OutOfMemory,
    /// The host lost the process or worker running it (the program ended the interpreter).
    Crashed {
        reason: String,
    },
    /// The host cannot run Python (no python3, running switched off).
    NotRun {
        reason: String,
    },
}

/// What one run did: its outcome and the dynamic properties of SPEC §4.4.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunReport {
    #[serde(flatten)]
    pub outcome: RunOutcome,
    /// The version of the Python that ran it (verdicts can depend on it: annotations, for one,
    /// are evaluated when a function is defined before 3.14, not after); empty when none did.
    #[serde(default)]
    pub python: String,
    /// What confined the run, as the host tells it (empty when none ran it).
    #[serde(default)]
    pub sandbox: String,
    /// The most line events of any one line of the program.
    pub loop_length: u64,
    /// The deepest stack of the program's own frames.
    pub recursion_depth: u32,
    pub line_events: u64,
    pub distinct_lines: u32,
    pub seconds: f64,
    /// The recorded trace, when the request asked for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<RecordedTrace>,
}

/// Errors that tell what the Python running a program lacks, not what the program does: a
/// standard module Pyodide leaves out (sqlite3), and threads, which the browser's Python cannot
/// start.
const PYTHON_LACKS: [&str; 2] = ["is unvendored from the Python standard library", "can't start new thread"];
/// What exerscope's sandbox says when it stops a call (a program doing it is not judged right).
const SANDBOX_REFUSES: &str = "exerscope's sandbox refuses";

impl RunReport {
    /// Whether the run stopped on what its Python lacks: its result says nothing of the program.
    pub fn python_lacked(&self) -> bool {
        matches!(&self.outcome, RunOutcome::Raised { error } if PYTHON_LACKS.iter().any(|lack| error.contains(lack)))
    }

    /// Whether the run stopped on what its environment lacks or refuses (its Python, a module,
    /// the sandbox): its counts say where it stopped, not what the program does. A benchmark's
    /// program imports only what the Python it was written for had: a module not found is
    /// missing here (numpy in the CLI's Python, or in Pyodide until loaded).
    pub fn stopped_by_environment(&self) -> bool {
        self.python_lacked()
            || matches!(&self.outcome, RunOutcome::Raised { error }
                if error.contains(SANDBOX_REFUSES) || error.starts_with("ModuleNotFoundError"))
    }

    pub fn ended(outcome: RunOutcome) -> RunReport {
        RunReport {
            outcome,
            python: String::new(),
            sandbox: String::new(),
            loop_length: 0,
            recursion_depth: 0,
            line_events: 0,
            distinct_lines: 0,
            seconds: 0.0,
            trace: None,
        }
    }

    /// Whether the run says the prediction is right: the returned value equals `expected` (the
    /// program's expected output, as Python source) under Python's `==`. `None` when it cannot
    /// tell: the expected output is neither a literal nor an expression that evaluated, or the
    /// value was too large to write down, or the run stopped on what its Python lacks.
    pub fn verdict(&self, expected: &str) -> Option<bool> {
        if self.python_lacked() {
            return None;
        }
        match &self.outcome {
            RunOutcome::Returned { result, expected_value, expected_error, .. } => {
                if expected_error.is_some() {
                    return None;
                }
                let expected = match expected_value {
                    Some(value) => value.to_value()?,
                    None => parse(expected).ok()?,
                };
                Some(python_eq(&result.to_value()?, &expected))
            }
            RunOutcome::NotRun { .. } => None,
            RunOutcome::Raised { .. }
            | RunOutcome::TimedOut
            | RunOutcome::LineLimit
            | RunOutcome::OutOfMemory
            | RunOutcome::Crashed { .. } => Some(false),
        }
    }

    /// The run's result as an answer: the returned value, or how it failed.
    pub fn answer(&self) -> String {
        match &self.outcome {
            RunOutcome::Returned { value, .. } => value.clone(),
            RunOutcome::Raised { error } => format!("raised {error}"),
            RunOutcome::TimedOut => "timed out".to_owned(),
            RunOutcome::LineLimit => LINE_LIMIT.to_owned(),
            RunOutcome::OutOfMemory => "out of memory".to_owned(),
            RunOutcome::Crashed { reason } => format!("crashed: {reason}"),
            RunOutcome::NotRun { reason } => format!("not run: {reason}"),
        }
    }
}

/// Runs requests, in order: one report per request.
pub trait ProgramRunner {
    fn run(&mut self, requests: &[RunRequest], progress: &mut dyn FnMut(usize)) -> Vec<RunReport>;
}

/// The runner of a host that cannot run Python: every report says why.
pub struct NoRunner {
    pub reason: String,
}

impl NoRunner {
    pub fn because(reason: &str) -> NoRunner {
        NoRunner { reason: reason.to_owned() }
    }
}

impl ProgramRunner for NoRunner {
    fn run(&mut self, requests: &[RunRequest], _progress: &mut dyn FnMut(usize)) -> Vec<RunReport> {
        let report = RunReport::ended(RunOutcome::NotRun { reason: self.reason.clone() });
        vec![report; requests.len()]
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn reports_read_the_harness_json_and_the_core_compares() {
        let json = r#"{"outcome": "returned", "value": "6", "result": {"int": "6"}, "expected_value": null,
            "expected_error": null, "error": null, "python": "3.11.3", "sandbox": "test", "loop_length": 4,
            "recursion_depth": 1, "line_events": 9, "distinct_lines": 4, "seconds": 0.0002}"#;
        let report: RunReport = serde_json::from_str(json).unwrap();
        assert_eq!((report.loop_length, report.recursion_depth, report.python.as_str()), (4, 1, "3.11.3"));
        assert_eq!(report.verdict("6"), Some(true));
        assert_eq!(report.verdict("6.0"), Some(true));
        assert_eq!(report.verdict("'6'"), Some(false));
        assert_eq!(report.verdict("g(1)"), None, "an expected output that is no literal was not evaluated");
        let raised = r#"{"outcome": "raised", "value": null, "error": "KeyError: 1",
            "loop_length": 1, "recursion_depth": 1, "line_events": 2, "distinct_lines": 2, "seconds": 0.0}"#;
        let report: RunReport = serde_json::from_str(raised).unwrap();
        assert_eq!(report.verdict("1"), Some(false));
        assert_eq!(report.answer(), "raised KeyError: 1");
    }

    #[test]
    fn an_expected_expression_is_compared_as_the_run_evaluated_it() {
        let returned = |expected_value, expected_error| {
            RunReport::ended(RunOutcome::Returned {
                value: "(1, 2)".into(),
                result: RunValue::Tuple(vec![RunValue::Int("1".into()), RunValue::Int("2".into())]),
                expected_value,
                expected_error,
            })
        };
        let tuple = RunValue::Tuple(vec![RunValue::Int("1".into()), RunValue::Float("2.0".into())]);
        assert_eq!(returned(Some(tuple), None).verdict("tuple([1, 2.0])"), Some(true));
        assert_eq!(returned(None, Some("NameError: g".into())).verdict("g(1)"), None);
    }

    #[test]
    fn a_run_that_did_not_happen_gives_no_verdict() {
        let reports = NoRunner::because("no python3").run(&[request("f(1)")], &mut |_| {});
        assert_eq!(reports[0].verdict("1"), None);
        assert_eq!(reports[0].answer(), "not run: no python3");
    }

    pub(crate) fn request(call: &str) -> RunRequest {
        RunRequest {
            code: "def f(x):\n    return x\n".into(),
            call: Some(call::read_call(call, None, &mut call::python_parser()).unwrap()),
            stdin: String::new(),
            expected_expression: None,
            time_limit_ms: 100,
            trace: false,
            repeat: false,
        }
    }
}
