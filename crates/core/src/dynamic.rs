//! Dynamic properties (SPEC §4.4): what a program's run on its own benchmark input did. The
//! hosts run [`crate::execution::plan_program_runs`]'s requests after the static analysis and
//! hand the reports to [`DynamicProperties::of_run`]; the facts carry the result per program.

use crate::execution::{RunOutcome, RunReport, RunRequest, RunValue};
use crate::facts::Facts;
use crate::texts::cut;
use serde::{Deserialize, Serialize};

/// The outcome of a run its environment stopped: its counts describe the environment.
const ENVIRONMENT_STOPPED: &str = "could not run here";
/// What the run gave is kept, when it is not the expected output, up to this many characters.
const GOT_CHARS: usize = 200;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DynamicProperties {
    /// The most line events of one line (the reference's LW; a `for` header counts n + 1).
    pub loop_length: u64,
    /// The deepest stack of the program's own function calls.
    pub recursion_depth: u32,
    /// Line events in all.
    pub executed_lines: u64,
    pub distinct_lines: u32,
    pub run_time_ms: f64,
    /// `returned`, `raised <type>`, `timed out`, `stopped after 5,000,000 lines`, `out of memory`,
    /// `ended its interpreter` or `could not run here` (a module was not found, the browser's
    /// Python has no threads, or the sandbox refused a call).
    pub outcome: String,
    /// Whether the run gave the benchmark's expected output; `None` when that cannot be told (an
    /// expected output that is no value, a value too large to write down).
    pub returns_expected: Option<bool>,
    /// What the run gave instead, when it did not give the expected output (cut).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub got: Option<String>,
    /// Whether a second run on the same input gave the same (programs no model answered are run
    /// twice); `None` when there was no second run, or one of the two could not run here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeated: Option<Repeated>,
}

/// What a program's second run on its own input gave, beside its first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Repeated {
    Same,
    /// Something else (a random number, the time, a set's order): what (cut).
    Differed {
        got: String,
    },
}

impl Repeated {
    /// The comparison of what two runs gave ([`gave`]), when both gave something.
    pub fn of(first: Option<&str>, second: Option<&str>) -> Option<Repeated> {
        let (first, second) = (first?, second?);
        Some(if first == second { Repeated::Same } else { Repeated::Differed { got: cut(second, GOT_CHARS) } })
    }

    pub fn differed(&self) -> bool {
        matches!(self, Repeated::Differed { .. })
    }
}

/// What a run gave, to compare with another run of the same request: its value or what it
/// printed, its error or how it ended, with the memory addresses of objects' reprs (`<A object
/// at 0x7f…>`) blanked, since they change from run to run of the same program. `None` when the
/// run was not made or its environment stopped it.
pub fn gave(report: &RunReport, request: &RunRequest) -> Option<String> {
    if matches!(report.outcome, RunOutcome::NotRun { .. }) || report.stopped_by_environment() {
        return None;
    }
    Some(without_addresses(&printed(report, request)))
}

/// `text` with the hexadecimal digits after each " at 0x" left out.
fn without_addresses(text: &str) -> String {
    const MARK: &str = " at 0x";
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(MARK) {
        kept.push_str(&rest[..at + MARK.len()]);
        rest = rest[at + MARK.len()..].trim_start_matches(|c: char| c.is_ascii_hexdigit());
    }
    kept.push_str(rest);
    kept
}

impl DynamicProperties {
    /// The properties of a run of `request`, whose expected output is `expected`; `None` when no
    /// run was made.
    pub fn of_run(report: &RunReport, request: &RunRequest, expected: &str) -> Option<DynamicProperties> {
        let stopped = report.stopped_by_environment();
        let outcome = match &report.outcome {
            RunOutcome::NotRun { .. } => return None,
            _ if stopped => ENVIRONMENT_STOPPED.to_owned(),
            RunOutcome::Returned { .. } => "returned".to_owned(),
            RunOutcome::Raised { error } => format!("raised {}", error.split(':').next().unwrap_or(error)),
            RunOutcome::TimedOut => "timed out".to_owned(),
            RunOutcome::LineLimit => crate::execution::LINE_LIMIT.to_owned(),
            RunOutcome::OutOfMemory => "out of memory".to_owned(),
            RunOutcome::Crashed { .. } => "ended its interpreter".to_owned(),
        };
        let returns_expected = match script_output(report, request) {
            _ if stopped => None,
            Some(printed) => Some(same_output(printed, expected)),
            None => report.verdict(expected),
        };
        let got = (returns_expected == Some(false) || stopped).then(|| cut(&printed(report, request), GOT_CHARS));
        Some(DynamicProperties {
            loop_length: report.loop_length,
            recursion_depth: report.recursion_depth,
            executed_lines: report.line_events,
            distinct_lines: report.distinct_lines,
            run_time_ms: report.seconds * 1000.0,
            outcome,
            returns_expected,
            got,
            repeated: None,
        })
    }

    /// Whether the run ended by itself (returned or raised): only then do its counts describe the
    /// program, not where a limit stopped it.
    pub fn complete(&self) -> bool {
        self.outcome == "returned" || self.outcome.starts_with("raised ")
    }

    /// Whether the run did not give the expected output, or gave something else when repeated.
    pub fn unexpected(&self) -> bool {
        self.returns_expected == Some(false) || self.repeated.as_ref().is_some_and(Repeated::differed)
    }
}

/// A run on a benchmark's own input that did not give its expected output: non-determinism, a
/// data bug (HumanEval_10 recurses forever), a module the benchmark needs but exerscope's Python
/// lacks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnexpectedRun {
    pub benchmark: String,
    pub program: String,
    /// The extra input's id, when the run was on one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_input: Option<String>,
    pub outcome: String,
    /// What it gave instead (cut), when it returned or raised.
    pub got: Option<String>,
    /// What a second run on the same input gave (cut), when it was not what the first gave.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_run_gave: Option<String>,
}

/// A program's run on one of its extra inputs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExtraRun {
    /// The input's id in the dataset (`HumanEval_0__1`).
    pub id: String,
    /// `None` until run, or when it could not be.
    pub run: Option<DynamicProperties>,
}

/// Every run, on a program's own input or an extra one, that did not give the expected output or
/// gave something else when repeated.
pub fn unexpected_runs(facts: &Facts) -> Vec<UnexpectedRun> {
    let mut rows = Vec::new();
    for program in &facts.programs {
        let runs = std::iter::once((None, &program.dynamic))
            .chain(program.extra_runs.iter().map(|extra| (Some(&extra.id), &extra.run)));
        for (extra, run) in runs {
            let Some(run) = run.as_ref().filter(|run| run.unexpected()) else { continue };
            let second_run_gave = match &run.repeated {
                Some(Repeated::Differed { got }) => Some(got.clone()),
                _ => None,
            };
            rows.push(UnexpectedRun {
                benchmark: facts.benchmarks[program.benchmark as usize].clone(),
                program: program.id.clone(),
                extra_input: extra.cloned(),
                outcome: run.outcome.clone(),
                got: run.got.clone(),
                second_run_gave,
            });
        }
    }
    rows
}

/// A script's output as the benchmark's expected output: equal but for trailing spaces at line
/// ends and blank lines at the end (what a judge of printed output ignores).
fn same_output(printed: &str, expected: &str) -> bool {
    let lines = |text: &str| -> Vec<String> {
        let mut lines: Vec<String> = text.lines().map(|line| line.trim_end().to_owned()).collect();
        while lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines
    };
    lines(printed) == lines(expected)
}

/// What the run gave, as shown: a script's output as printed, a call's value as its repr.
fn printed(report: &RunReport, request: &RunRequest) -> String {
    script_output(report, request).map_or_else(|| report.answer(), str::to_owned)
}

/// What a script that ran to its end printed (the harness returns it as a string).
fn script_output<'a>(report: &'a RunReport, request: &RunRequest) -> Option<&'a str> {
    match (&report.outcome, &request.call) {
        (RunOutcome::Returned { result: RunValue::Str(text), .. }, None) => Some(text),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn returned(value: &str, result: RunValue) -> RunReport {
        RunReport {
            loop_length: 3,
            line_events: 7,
            seconds: 0.002,
            ..RunReport::ended(RunOutcome::Returned {
                value: value.into(),
                result,
                expected_value: None,
                expected_error: None,
            })
        }
    }

    #[test]
    fn a_call_returns_the_expected_value_or_says_what_it_gave() {
        let request = crate::execution::tests::request("f(1)");
        let run = returned("[1, 2]", RunValue::List(vec![RunValue::Int("1".into()), RunValue::Int("2".into())]));
        let right = DynamicProperties::of_run(&run, &request, "[1, 2.0]").unwrap();
        assert_eq!((right.returns_expected, right.loop_length, right.executed_lines), (Some(true), 3, 7));
        assert!((right.run_time_ms - 2.0).abs() < 1e-9);
        let wrong = DynamicProperties::of_run(&run, &request, "[2]").unwrap();
        assert_eq!((wrong.returns_expected, wrong.got.as_deref()), (Some(false), Some("[1, 2]")));
        assert!(right.complete());
    }

    #[test]
    fn a_script_is_judged_by_its_printed_lines() {
        let request = RunRequest { stdin: "5 7\n".into(), ..RunRequest::new("print(12)") };
        let run = returned("'12  \\n\\n'", RunValue::Str("12  \n\n".into()));
        assert_eq!(DynamicProperties::of_run(&run, &request, "12\n").unwrap().returns_expected, Some(true));
        assert_eq!(DynamicProperties::of_run(&run, &request, "13").unwrap().got.as_deref(), Some("12  \n\n"));
    }

    #[test]
    fn outcomes_are_named_and_limits_make_runs_incomplete() {
        let request = crate::execution::tests::request("f(1)");
        let raised = RunReport::ended(RunOutcome::Raised { error: "RecursionError: maximum recursion depth".into() });
        let raised = DynamicProperties::of_run(&raised, &request, "1").unwrap();
        assert_eq!(
            (raised.outcome.as_str(), raised.returns_expected, raised.complete()),
            ("raised RecursionError", Some(false), true)
        );
        let timed_out = DynamicProperties::of_run(&RunReport::ended(RunOutcome::TimedOut), &request, "1").unwrap();
        assert_eq!((timed_out.outcome.as_str(), timed_out.complete()), ("timed out", false));
        let not_run = RunReport::ended(RunOutcome::NotRun { reason: "--no-run".into() });
        assert_eq!(DynamicProperties::of_run(&not_run, &request, "1"), None);
    }

    #[test]
    fn a_run_its_environment_stopped_describes_no_program() {
        let request = crate::execution::tests::request("f(1)");
        let errors = [
            "ModuleNotFoundError: The module 'sqlite3' is unvendored from the Python standard library in the \
             Pyodide distribution.",
            "RuntimeError: can't start new thread",
            "PermissionError: exerscope's sandbox refuses socket.gethostbyaddr",
        ];
        for error in errors {
            let run = RunReport { loop_length: 1, ..RunReport::ended(RunOutcome::Raised { error: error.into() }) };
            let properties = DynamicProperties::of_run(&run, &request, "1").unwrap();
            assert_eq!((properties.outcome.as_str(), properties.complete()), (ENVIRONMENT_STOPPED, false));
            assert_eq!((properties.returns_expected, properties.got), (None, Some(format!("raised {error}"))));
        }
        // What Python lacks leaves the verdict to the judges; what the sandbox refuses is wrong.
        let lacked = RunReport::ended(RunOutcome::Raised { error: errors[1].into() });
        let refused = RunReport::ended(RunOutcome::Raised { error: errors[2].into() });
        assert_eq!((lacked.verdict("1"), refused.verdict("1")), (None, Some(false)));
        // A module not found is missing here too; its verdict stays the run's (wrong).
        let missing = RunReport::ended(RunOutcome::Raised { error: "ModuleNotFoundError: No module named 'x'".into() });
        assert_eq!(DynamicProperties::of_run(&missing, &request, "1").unwrap().outcome, ENVIRONMENT_STOPPED);
        assert_eq!(missing.verdict("1"), Some(false));
        let raised = RunReport::ended(RunOutcome::Raised { error: "ImportError: cannot import name 'y'".into() });
        assert_eq!(DynamicProperties::of_run(&raised, &request, "1").unwrap().outcome, "raised ImportError");
    }
}
