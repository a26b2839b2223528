//! Results files are anyone's: the hostile corpus in `tests/hostile` (programs and predictions that
//! try to run commands, write, read and send files, leave processes behind, kill the tool, forge
//! verdicts) and inputs made here that try to end the analysis (nesting, archives, links, pipes).
//! Nothing of it may happen, and the honest programs beside them keep their verdicts.

use exerscope_cli::collect::read_inputs;
use exerscope_cli::python_runner::PythonRunner;
use exerscope_core::analysis::{analyze_with_progress, Analysis};
use exerscope_core::execution::RunOutcome;
use exerscope_core::readers::ReadOptions;
use std::collections::BTreeMap;
use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Runs of programs are checked for what they left behind: one test at a time.
static RUNS: Mutex<()> = Mutex::new(());

/// The port the corpus's programs try to send to.
const PORT: u16 = 47111;
/// Files the corpus's programs and predictions try to make.
const TRACES: [&str; 2] = ["/tmp/exerscope-hostile-written", "/tmp/exerscope-hostile-command"];
/// A line of the harness's own text: every python3 running it has it in its command line.
const HARNESS_MARK: &str = "Runs one Python program on one call under a line tracer";

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hostile")
}

/// Listens where the corpus sends; tells how many connections came.
fn listener() -> impl FnOnce() -> usize {
    let listener = TcpListener::bind(("127.0.0.1", PORT)).expect("the test port is free");
    listener.set_nonblocking(true).unwrap();
    move || std::iter::from_fn(|| listener.accept().ok()).count()
}

fn clean_traces() {
    for trace in TRACES {
        let _ = std::fs::remove_file(trace);
    }
}

fn no_traces() {
    for trace in TRACES {
        assert!(!Path::new(trace).exists(), "{trace} was made");
    }
}

fn analyze(paths: &[PathBuf]) -> Analysis {
    let (files, errors) = read_inputs(paths);
    assert!(errors.is_empty(), "{errors:?}");
    let mut runner = PythonRunner::new("python3".into());
    analyze_with_progress(files, &ReadOptions::default(), &mut runner, &mut |_| {})
}

#[test]
fn hostile_programs_run_confined_and_move_no_other_verdict() {
    let _one_at_a_time = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    clean_traces();
    let connections = listener();
    let analysis = analyze(&[corpus()]);
    let table = &analysis.table;
    let mut verdicts: BTreeMap<String, Vec<bool>> = BTreeMap::new();
    let mut outcomes: BTreeMap<String, String> = BTreeMap::new();
    for i in 0..table.predictions.len() {
        let id = &table.programs[table.predictions.program[i] as usize].id;
        verdicts.entry(id.clone()).or_default().push(analysis.facts.predictions.verdict[0][i]);
        if let Some(report) = analysis.runs.of_prediction(i) {
            outcomes.insert(id.clone(), report.answer());
            if let RunOutcome::Returned { .. } | RunOutcome::Raised { .. } = report.outcome {
                assert!(!report.sandbox.is_empty(), "every run names its sandbox");
            }
        }
    }
    for k in 0..10 {
        assert_eq!(verdicts[&format!("right_{k}")], [true], "{outcomes:?}");
        assert_eq!(verdicts[&format!("wrong_{k}")], [false], "{outcomes:?}");
    }
    // A hostile program expects 'never' and never returns it: none of them is right.
    let refused = |id: &str, what: &str| {
        assert_eq!(verdicts[id], [false], "{id}");
        assert!(outcomes[id].contains(what), "{id}: {}", outcomes[id]);
    };
    refused("writes_outside", "refuses writing /tmp/exerscope-hostile-written");
    refused("reads_and_sends", "refuses reading /etc/hostname");
    refused("sends_only", "refuses socket");
    refused("runs_a_command", "refuses os.system");
    refused("runs_a_command_below", "refuses import _posixsubprocess");
    refused("forks_fifty", "refuses more forks");
    refused("kills_its_parent", "refuses os.kill");
    refused("kills_everyone", "refuses os.kill");
    refused("writes_fake_reports", "wrote into its own report");
    refused("patches_the_harness", "");
    refused("reaches_javascript", "no way out");
    refused("fills_the_memory", "out of memory");
    // Its loop ends at the first limit it meets: the clock or the count of lines.
    let swallowed = &outcomes["swallows_the_interruption"];
    assert_eq!(verdicts["swallows_the_interruption"], [false]);
    assert!(swallowed == "timed out" || swallowed == "stopped after 5,000,000 lines", "{swallowed}");
    refused("exits", "SystemExit");
    refused("patches_builtins_for_later", "5");
    // CRUXEval input predictions: a command, a write and a kill in the arguments are refused;
    // an expression that is no call is not run at all; honest calls are judged as CRUXEval does.
    assert_eq!(verdicts["sample_0"], [false, true, false, true, false]);
    assert_eq!(verdicts["sample_1"], [true, false, false, false, true]);
    assert_eq!(connections(), 0, "a program reached the network");
    no_traces();
}

/// Processes whose command line is the harness's.
fn harness_processes() -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
        .filter(|e| {
            let mut cmdline = String::new();
            std::fs::File::open(e.path().join("cmdline")).and_then(|mut f| f.read_to_string(&mut cmdline)).is_ok()
                && cmdline.contains(HARNESS_MARK)
        })
        .count()
}

#[test]
fn the_command_line_survives_hostile_programs_and_leaves_nothing_running() {
    let _one_at_a_time = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    clean_traces();
    let connections = listener();
    let output = Command::new(env!("CARGO_BIN_EXE_exerscope")).arg("analyze").arg(corpus()).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a report, though a program killed");
    let code = report["runs"].as_array().unwrap().iter().find(|r| r["task"] == "code").unwrap();
    assert_eq!((code["correct"].as_u64(), code["total"].as_u64()), (Some(10), Some(35)));
    assert!(report["sandbox"].as_str().is_some_and(|s| s.contains("audit hook")), "{}", report["sandbox"]);
    // The fork servers end with the tool; the fifty sleepers a program forked end with its run.
    let deadline = Instant::now() + Duration::from_secs(10);
    while harness_processes() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    if cfg!(target_os = "linux") {
        assert_eq!(harness_processes(), 0, "processes left running");
    }
    assert_eq!(connections(), 0);
    no_traces();
}

/// Inputs made to end the analysis: each is told by name, and the rest of the drop is analysed.
#[test]
fn inputs_that_would_end_the_analysis_are_told_and_the_rest_is_analysed() {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    let write = |path: &str, text: &str| {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let benchmark = [
        serde_json::json!({"id": "sample_0", "code": "def f(x):\n    return x\n", "input": "1", "output": "1"}),
        serde_json::json!({"id": "sample_1", "code": "def f(x):\n    return x\n", "input": "1", "output": deep(20_000)}),
        serde_json::json!({"id": "sample_2", "code": format!("def f(x):\n    return {}x\n", "x + ".repeat(20_000)), "input": "1", "output": "1"}),
        serde_json::json!({"id": "sample_3", "code": format!("def g(x):\n    return x\ndef f(x):\n    return {}x{}\n", "g(".repeat(20_000), ")".repeat(20_000)), "input": "1", "output": "1"}),
    ];
    let lines: Vec<String> = benchmark.iter().map(|r| r.to_string()).collect();
    write("cruxeval.jsonl", &lines.join("\n"));
    let generations =
        serde_json::json!({"sample_0": ["1", deep(20_000)], "sample_1": ["1"], "sample_2": ["1"], "sample_3": ["1"]});
    write("m_output/generations.json", &generations.to_string());
    let inputs = serde_json::json!({"sample_0": [format!("f({})", deep(20_000)), "f(1)"]});
    write("m_input/generations.json", &inputs.to_string());
    let der = serde_json::json!({"problem_name": "deep", "generated_code": "def f(x):\n    return x\n", "model_name": "m",
        "dataset_name": "HumanEval", "input_data": "f(1)", "expected_output": "1",
        "assertion": format!("assert f(1) == {}", deep(20_000))});
    write("der.jsonl", &der.to_string());
    // A zip whose headers claim 4 GiB for a 3-byte entry, and one whose entry leaves the archive.
    let mut lying = zip_of(&[("a.txt", b"abc")]);
    for (signature, sizes_at) in [(&b"PK\x03\x04"[..], 18), (&b"PK\x01\x02"[..], 20)] {
        let at = lying.windows(4).position(|w| w == signature).unwrap() + sizes_at;
        lying[at..at + 8].copy_from_slice(&[0xff; 8]);
    }
    std::fs::write(root.join("lying.zip"), lying).unwrap();
    std::fs::write(root.join("climbing.zip"), zip_of(&[("../../evil.jsonl", b"{}")])).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(".", root.join("loop")).unwrap();
        assert!(Command::new("mkfifo").arg(root.join("pipe")).status().unwrap().success());
    }
    let output = Command::new(env!("CARGO_BIN_EXE_exerscope")).arg("analyze").arg(root).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let errors: Vec<String> = report["errors"].as_array().unwrap().iter().map(|e| e.to_string()).collect();
    let told = |what: &str| assert!(errors.iter().any(|e| e.contains(what)), "{what} not told: {errors:#?}");
    told("nest brackets deeper than Python allows");
    told("leaves the archive");
    told("already read (through a link)");
    told("not a regular file");
    let run = |task: &str| report["runs"].as_array().unwrap().iter().find(|r| r["task"] == task).cloned().unwrap();
    // "1" is right for sample_0, 2 and 3 (however deep their code), not for sample_1 (its expected
    // output nests too deep to be a value) nor as sample_0's second, too deep, answer. Five
    // predictions: the link loop counted none twice.
    assert_eq!((run("output")["correct"].as_u64(), run("output")["total"].as_u64()), (Some(3), Some(5)));
    assert_eq!((run("input")["correct"].as_u64(), run("input")["total"].as_u64()), (Some(1), Some(2)));
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        writer.start_file(*name, stored).unwrap();
        writer.write_all(bytes).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

/// Every program runs on its own input (dynamic properties): programs that never end, swallow the
/// interruption, ask for 10^10 bytes, recurse 100,000 deep, print 100 MB or end the interpreter
/// each end in their limit with their outcome, and the honest program beside them is measured.
#[test]
fn runs_on_their_own_inputs_end_in_their_limits() {
    let _one_at_a_time = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let programs: [(&str, &str, &str); 7] = [
        ("honest", "def f(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n", "f(4)"),
        ("endless", "def f():\n    while True:\n        pass\n", "f()"),
        (
            "swallows",
            "def f():\n    while True:\n        try:\n            while True:\n                pass\n        except BaseException:\n            pass\n",
            "f()",
        ),
        ("allocates", "def f():\n    return bytearray(10 ** 10)\n", "f()"),
        ("recurses", "import sys\nsys.setrecursionlimit(200000)\ndef f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\n", "f(100000)"),
        ("prints", "print('x' * 100_000_000)\n", ""),
        ("exits", "import os\nos._exit(3)\n", ""),
    ];
    for (id, code, input) in programs {
        let folder = dir.path().join("dataset/hostile").join(id);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("main.py"), code).unwrap();
        std::fs::write(folder.join("input.txt"), input).unwrap();
        std::fs::write(folder.join("output.txt"), "6").unwrap();
    }
    let mut analysis = analyze(&[dir.path().to_owned()]);
    analysis.run_programs(&mut PythonRunner::new("python3".into()), &mut |_| {});
    let dynamic = |id: &str| {
        let program = analysis.facts.programs.iter().find(|p| p.id == id).unwrap();
        program.dynamic.clone().unwrap_or_else(|| panic!("{id} has no run"))
    };
    let honest = dynamic("honest");
    assert_eq!((honest.loop_length, honest.returns_expected), (5, Some(true)), "{honest:?}");
    assert_eq!(dynamic("endless").outcome, "stopped after 5,000,000 lines");
    assert_eq!(dynamic("swallows").outcome, "timed out");
    assert_eq!(dynamic("allocates").outcome, "out of memory");
    // CPython 3.11 calls Python functions without the C stack: 100,001 frames deep is no crash.
    let recursion = dynamic("recurses");
    match recursion.outcome.as_str() {
        "returned" => assert_eq!(recursion.recursion_depth, 100_001),
        other => assert!(["raised RecursionError", "ended its interpreter"].contains(&other), "{other}"),
    }
    let prints = dynamic("prints");
    assert_eq!((prints.outcome.as_str(), prints.returns_expected), ("returned", Some(false)));
    assert!(prints.got.unwrap().len() < 1_000, "what it printed is kept cut");
    assert_eq!(dynamic("exits").outcome, "ended its interpreter");
    let report = exerscope_core::report::TaskedReport::build(&analysis.facts, exerscope_core::Judge::Reference);
    assert_eq!(report.unexpected_runs.len(), 6, "{:?}", report.unexpected_runs);
}
