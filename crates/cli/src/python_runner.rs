//! Runs programs for the command line: python3 processes running the core's harness as fork
//! servers, each in a sandbox ([`crate::sandbox`]), one per core, sharing one queue of requests.
//! A request goes in on the server's stdin and its report comes out on its stdout, one JSON line
//! each, with a nonce of its own; each run happens in a process of its own, forked from the warmed
//! server and confined further by the harness.
//!
//! Programs see the standard library only (`-I -S`: no site-packages, no user environment), as
//! in the browser: a program's verdict does not depend on what this machine happens to have
//! installed. A server that does not answer in time, or answers with another nonce, is ended (with
//! everything it started) and another takes the rest.

use crate::sandbox::Sandbox;
use exerscope_core::execution::{ProgramRunner, RunOutcome, RunReport, RunRequest, HARNESS};
use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How long past a run's own time limit the server gets to answer before it is ended. The
/// harness ends the run itself half a second after its limit.
const GRACE: Duration = Duration::from_secs(2);
/// How long a server may take to start.
const START_LIMIT: Duration = Duration::from_secs(30);

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
    /// Each server takes the next request when it is done with one (a few long runs do not hold
    /// up a share of the others).
    fn run(&mut self, requests: &[RunRequest], progress: &mut dyn FnMut(usize)) -> Vec<RunReport> {
        if requests.is_empty() {
            return Vec::new();
        }
        let sandbox = match Sandbox::new(&self.python) {
            Ok(sandbox) => sandbox,
            Err(reason) => return vec![RunReport::ended(RunOutcome::NotRun { reason }); requests.len()],
        };
        let next = AtomicUsize::new(0);
        let (ran, reports) = mpsc::channel::<(usize, RunReport)>();
        let mut ordered: Vec<Option<RunReport>> = vec![None; requests.len()];
        thread::scope(|scope| {
            for lane in 0..self.processes.clamp(1, requests.len()) {
                let (ran, next, sandbox) = (ran.clone(), &next, &sandbox);
                scope.spawn(move || run_queue(sandbox, lane, requests, next, &ran));
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

/// Runs requests from the shared queue on one server (started again when lost), sending each
/// report with its index.
fn run_queue(
    sandbox: &Sandbox,
    lane: usize,
    requests: &[RunRequest],
    next: &AtomicUsize,
    ran: &mpsc::Sender<(usize, RunReport)>,
) {
    let mut server: Option<Server> = None;
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some(request) = requests.get(index) else {
            return;
        };
        let report = match server.take().map_or_else(|| Server::start(sandbox, lane), Ok) {
            Err(reason) => RunReport::ended(RunOutcome::NotRun { reason }),
            Ok(mut running) => {
                let (report, alive) = running.run(request);
                if alive {
                    server = Some(running);
                }
                report
            }
        };
        if ran.send((index, report)).is_err() {
            return;
        }
    }
}

/// One python3 fork server running the harness.
struct Server {
    child: Child,
    requests: ChildStdin,
    reports: Receiver<String>,
    /// Counts requests; with a random start, the nonce of each.
    nonce: u64,
}

impl Server {
    fn start(sandbox: &Sandbox, lane: usize) -> Result<Server, String> {
        let (mut child, held) = sandbox.spawn(&["-I", "-S", "-c", HARNESS], Stdio::piped(), Stdio::piped())?;
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
        let folder = sandbox.folder().join(format!("server-{lane}"));
        let setup = json!({
            "folder": folder,
            "sandbox": held.describe(),
            "pid_namespace": held.pid_namespace,
        });
        let mut server = Server { child, requests, reports, nonce: random_start() };
        let started = writeln!(server.requests, "{setup}").and_then(|()| server.requests.flush());
        match (started, server.reports.recv_timeout(START_LIMIT)) {
            (Ok(()), Ok(line)) if line.starts_with("{\"ready\"") => Ok(server),
            (_, Ok(line)) => Err(format!("the Python harness did not start: {line}")),
            (Err(e), _) => Err(format!("the Python harness did not start: {e}")),
            (_, Err(_)) => Err("the Python harness did not start (no answer)".to_owned()),
        }
    }

    /// Runs one request; `false` when the server is gone (ended, or ended by us) after it.
    fn run(&mut self, request: &RunRequest) -> (RunReport, bool) {
        self.nonce = self.nonce.wrapping_add(1);
        let line = json!({"nonce": self.nonce, "request": request}).to_string() + "\n";
        if let Err(e) = self.requests.write_all(line.as_bytes()).and_then(|()| self.requests.flush()) {
            return (self.lost(format!("python3 stopped reading: {e}")), false);
        }
        let limit = Duration::from_millis(request.time_limit_ms.into()) + GRACE;
        match self.reports.recv_timeout(limit) {
            Ok(line) => match serde_json::from_str::<serde_json::Value>(&line) {
                Ok(report) if report.get("nonce").and_then(|n| n.as_u64()) != Some(self.nonce) => {
                    (self.lost("a report without this run's nonce".to_owned()), false)
                }
                Ok(report) => match serde_json::from_value(report) {
                    Ok(report) => (report, true),
                    Err(e) => (self.lost(format!("an unreadable report from the harness: {e}")), false),
                },
                Err(e) => (self.lost(format!("an unreadable report from the harness: {e}")), false),
            },
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                (RunReport::ended(RunOutcome::TimedOut), false)
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.wait().map_or_else(|e| e.to_string(), |s| s.to_string());
                (self.lost(format!("python3 ended ({status})")), false)
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

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A starting nonce no program can guess from the order of runs.
fn random_start() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher
        .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos());
    hasher.finish() >> 11
}

#[cfg(test)]
mod tests {
    use super::*;
    use exerscope_core::execution::call::{python_parser, read_call};

    fn request(code: &str, call: &str) -> RunRequest {
        let call = read_call(call, None, &mut python_parser()).unwrap();
        RunRequest { call: Some(call), time_limit_ms: 500, ..RunRequest::new(code) }
    }

    fn run(requests: &[RunRequest]) -> Vec<RunReport> {
        PythonRunner { python: "python3".into(), processes: 2 }.run(requests, &mut |_| {})
    }

    #[test]
    fn runs_report_values_and_dynamic_properties_and_the_core_judges() {
        let loop_code = "def f(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n";
        let recursive = "def f(n):\n    return 1 if n < 2 else n * f(n - 1)\n";
        let reports = run(&[request(loop_code, "f(3)"), request(recursive, "f(5)"), request(loop_code, "f(2)")]);
        assert_eq!(reports[0].verdict("3"), Some(true), "{:?}", reports[0]);
        assert_eq!(reports[0].loop_length, 4, "a for header counts n + 1");
        assert_eq!(reports[1].recursion_depth, 5);
        assert_eq!(reports[1].answer(), "120");
        assert_eq!(reports[2].verdict("3"), Some(false));
        assert!(!reports[0].sandbox.is_empty());
    }

    #[test]
    fn failures_are_outcomes_and_the_rest_still_runs() {
        let reports = run(&[
            request("def f():\n    return {}[1]\n", "f()"),
            request("def f():\n    while True:\n        pass\n", "f()"),
            request("def f():\n    while True:\n        try:\n            pass\n        except BaseException:\n            pass\n", "f()"),
            request("import os\ndef f():\n    os._exit(3)\n", "f()"),
            request("def f():\n    print('noise')\n    return input()\n", "f()"),
            request("def f(x):\n    return x\n", "f((1, 2.0))"),
        ]);
        assert!(matches!(&reports[0].outcome, RunOutcome::Raised { error } if error.starts_with("KeyError")));
        assert_eq!(reports[1].outcome, RunOutcome::TimedOut);
        assert_eq!(reports[2].outcome, RunOutcome::TimedOut, "a loop that swallows the interruption is ended");
        assert!(matches!(&reports[3].outcome, RunOutcome::Crashed { .. }), "{:?}", reports[3]);
        assert!(matches!(&reports[4].outcome, RunOutcome::Raised { error } if error.starts_with("EOFError")));
        assert_eq!(reports[5].verdict("(1, 2)"), Some(true), "a run after lost processes still works; 2.0 == 2");
    }

    #[test]
    fn a_program_cannot_change_what_the_next_one_sees() {
        let mut one_server = PythonRunner { python: "python3".into(), processes: 1 };
        let reports = one_server.run(&[
            request("import builtins, sys\nbuiltins.len = lambda x: 0\nsys.setrecursionlimit(50)\ndef f():\n    return len([1])\n", "f()"),
            request("import sys\ndef f():\n    return (len([1]), sys.getrecursionlimit() > 50)\n", "f()"),
        ], &mut |_| {});
        assert_eq!(reports[0].verdict("0"), Some(true), "{reports:?}");
        assert_eq!(reports[1].verdict("(1, True)"), Some(true), "{reports:?}");
    }

    #[test]
    fn programs_see_the_standard_library_only() {
        let reports =
            run(&[request("import sys\ndef f():\n    return any('site-packages' in p for p in sys.path)\n", "f()")]);
        assert_eq!(reports[0].verdict("False"), Some(true), "{:?}", reports[0]);
    }

    #[test]
    fn a_missing_python_leaves_every_run_not_made() {
        let reports = PythonRunner { python: "/nonexistent/python3".into(), processes: 1 }
            .run(&[request("x = 1", "f()")], &mut |_| {});
        assert!(matches!(&reports[0].outcome, RunOutcome::NotRun { reason } if reason.contains("cannot start")));
    }

    /// Where the kernel gives no pid namespace, the harness's own walls hold alone: a run may not
    /// fork at all (a forked process could leave the run's process group and outlive it).
    #[test]
    fn without_a_pid_namespace_a_run_may_not_fork() {
        use std::io::BufRead;
        let folder = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new("python3")
            .args(["-I", "-S", "-c", HARNESS])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
        let setup = json!({"folder": folder.path().join("s"), "sandbox": "none", "pid_namespace": false});
        writeln!(stdin, "{setup}").unwrap();
        assert!(stdout.next().unwrap().unwrap().starts_with("{\"ready\""));
        let forks = request("import os\ndef f():\n    return os.fork()\n", "f()");
        writeln!(stdin, "{}", json!({"nonce": 7, "request": forks})).unwrap();
        let report: serde_json::Value = serde_json::from_str(&stdout.next().unwrap().unwrap()).unwrap();
        assert_eq!(report["nonce"], 7);
        assert!(report["error"].as_str().unwrap().contains("refuses more forks"), "{report}");
        drop(stdin);
        child.wait().unwrap();
    }
}
