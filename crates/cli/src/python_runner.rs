//! Runs programs for the command line: python3 processes running the core's harness, requests
//! on their stdin and reports on their stdout, one JSON line each. One process per core.
//!
//! Programs see the standard library only (`-I -S`: no site-packages, no user environment), as
//! in the browser: a program's verdict does not depend on what this machine happens to have
//! installed. The harness stops a program at its time limit itself; a program it cannot stop (a long call
//! into C, a loop that swallows the interruption) or one that ends the interpreter loses its
//! process: that run is reported, and a new process takes the rest.

use exerscope_core::execution::{ProgramRunner, RunOutcome, RunReport, RunRequest, HARNESS};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How long past a run's own time limit the process gets before it is killed.
const GRACE: Duration = Duration::from_secs(1);
/// The address space of one python3 process (its programs' memory limit).
const MEMORY_LIMIT_BYTES: u64 = 2 << 30;

pub struct PythonRunner {
    pub python: PathBuf,
    pub processes: usize,
}

impl PythonRunner {
    pub fn new(python: PathBuf) -> PythonRunner {
        let processes = thread::available_parallelism().map_or(1, |n| n.get());
        PythonRunner { python, processes }
    }
}

impl ProgramRunner for PythonRunner {
    /// Each process takes the next request when it is done with one (a few long runs do not hold
    /// up a share of the others).
    fn run(&mut self, requests: &[RunRequest], progress: &mut dyn FnMut(usize)) -> Vec<RunReport> {
        let next = AtomicUsize::new(0);
        let (ran, reports) = mpsc::channel::<(usize, RunReport)>();
        let python = &self.python;
        let mut ordered: Vec<Option<RunReport>> = vec![None; requests.len()];
        thread::scope(|scope| {
            for _ in 0..self.processes.clamp(1, requests.len().max(1)) {
                let (ran, next) = (ran.clone(), &next);
                scope.spawn(move || run_queue(python, requests, next, &ran));
            }
            drop(ran);
            for (done, (index, report)) in reports.iter().enumerate() {
                ordered[index] = Some(report);
                progress(done + 1);
            }
        });
        ordered.into_iter().map(|report| report.expect("every request was run")).collect()
    }
}

/// Runs requests from the shared queue in one process (started again when lost), sending each
/// report with its index.
fn run_queue(python: &Path, requests: &[RunRequest], next: &AtomicUsize, ran: &mpsc::Sender<(usize, RunReport)>) {
    let mut process: Option<Process> = None;
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some(request) = requests.get(index) else {
            return;
        };
        let report = match process.take().map_or_else(|| Process::start(python), Ok) {
            Err(reason) => RunReport::ended(RunOutcome::NotRun { reason }),
            Ok(mut running) => {
                let (report, alive) = running.run(request);
                if alive {
                    process = Some(running);
                }
                report
            }
        };
        if ran.send((index, report)).is_err() {
            return;
        }
    }
}

/// One python3 process running the harness.
struct Process {
    child: Child,
    requests: ChildStdin,
    reports: Receiver<String>,
}

impl Process {
    fn start(python: &Path) -> Result<Process, String> {
        let mut child = Command::new(python)
            .args(["-I", "-S", "-c", HARNESS, &MEMORY_LIMIT_BYTES.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", python.display()))?;
        let requests = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let (send, reports) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process { child, requests, reports })
    }

    /// Runs one request; `false` when the process is gone (killed or ended) after it.
    fn run(&mut self, request: &RunRequest) -> (RunReport, bool) {
        let line = serde_json::to_string(request).expect("requests serialise") + "\n";
        if let Err(e) = self.requests.write_all(line.as_bytes()).and_then(|()| self.requests.flush()) {
            return (self.lost(format!("python3 stopped reading: {e}")), false);
        }
        let limit = Duration::from_millis(request.time_limit_ms.into()) + GRACE;
        match self.reports.recv_timeout(limit) {
            Ok(report) => match serde_json::from_str(&report) {
                Ok(report) => (report, true),
                Err(e) => (self.lost(format!("unreadable report from the harness: {e}")), false),
            },
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                (RunReport::ended(RunOutcome::TimedOut), false)
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.wait().map_or_else(|e| e.to_string(), |s| s.to_string());
                (self.lost(format!("the program ended python3 ({status})")), false)
            }
        }
    }

    fn lost(&mut self, reason: String) -> RunReport {
        self.kill();
        RunReport::ended(RunOutcome::Crashed { reason })
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(code: &str, call: &str, expected: &str) -> RunRequest {
        RunRequest { code: code.into(), call: call.into(), expected: expected.into(), time_limit_ms: 500 }
    }

    fn run(requests: &[RunRequest]) -> Vec<RunReport> {
        PythonRunner { python: "python3".into(), processes: 2 }.run(requests, &mut |_| {})
    }

    #[test]
    fn runs_report_values_verdicts_and_dynamic_properties() {
        let loop_code = "def f(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n";
        let recursive = "def f(n):\n    return 1 if n < 2 else n * f(n - 1)\n";
        let reports =
            run(&[request(loop_code, "f(3)", "3"), request(recursive, "f(5)", "120"), request(loop_code, "f(2)", "3")]);
        assert_eq!(reports[0].outcome, RunOutcome::Returned { value: "3".into(), equals_expected: Some(true) });
        assert_eq!(reports[0].loop_length, 4, "a for header counts n + 1");
        assert_eq!(reports[1].recursion_depth, 5);
        assert_eq!(reports[2].verdict(), Some(false));
    }

    #[test]
    fn failures_are_outcomes_and_the_rest_still_runs() {
        let reports = run(&[
            request("def f():\n    return {}[1]\n", "f()", "1"),
            request("def f():\n    while True:\n        pass\n", "f()", "1"),
            request("def f():\n    while True:\n        try:\n            pass\n        except BaseException:\n            pass\n", "f()", "1"),
            request("import os\ndef f():\n    os._exit(3)\n", "f()", "1"),
            request("def f():\n    print('noise')\n    return input()\n", "f()", "1"),
            request("def f(x):\n    return x\n", "f((1, 2.0))", "(1, 2)"),
        ]);
        assert!(matches!(&reports[0].outcome, RunOutcome::Raised { error } if error.starts_with("KeyError")));
        assert_eq!(reports[1].outcome, RunOutcome::TimedOut);
        assert_eq!(reports[2].outcome, RunOutcome::TimedOut, "a loop that swallows the interruption is killed");
        assert!(matches!(&reports[3].outcome, RunOutcome::Crashed { .. }), "{:?}", reports[3]);
        assert!(matches!(&reports[4].outcome, RunOutcome::Raised { error } if error.starts_with("EOFError")));
        assert_eq!(reports[5].verdict(), Some(true), "a run after lost processes still works; 2.0 == 2");
    }

    #[test]
    fn a_program_cannot_change_what_the_next_one_sees() {
        let mut one_process = PythonRunner { python: "python3".into(), processes: 1 };
        let reports = one_process.run(&[
            request("import builtins, sys\nbuiltins.len = lambda x: 0\nsys.setrecursionlimit(50)\ndef f():\n    return len([1])\n", "f()", "0"),
            request("import sys\ndef f():\n    return (len([1]), sys.getrecursionlimit() > 50)\n", "f()", "(1, True)"),
        ], &mut |_| {});
        assert_eq!(reports.iter().map(RunReport::verdict).collect::<Vec<_>>(), [Some(true), Some(true)], "{reports:?}");
    }

    #[test]
    fn programs_see_the_standard_library_only() {
        let reports = run(&[request(
            "import sys\ndef f():\n    return any('site-packages' in p for p in sys.path)\n",
            "f()",
            "False",
        )]);
        assert_eq!(reports[0].verdict(), Some(true), "{:?}", reports[0]);
    }

    #[test]
    fn a_missing_python_leaves_every_run_not_made() {
        let reports = PythonRunner { python: "/nonexistent/python3".into(), processes: 1 }
            .run(&[request("x = 1", "x", "1")], &mut |_| {});
        assert!(matches!(&reports[0].outcome, RunOutcome::NotRun { reason } if reason.contains("cannot start")));
    }
}
