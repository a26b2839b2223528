//! Issue 11's *must reproduce*: every program of the ExeRScope fixture run on its own input in
//! python3 (as the CLI runs it), its loop length against the reference's stored
//! `result_stat/LW/lw.json`, and the reference's loop-length correlation from exerscope's own
//! loop lengths. Each disagreement is in `snapshots/loop_length_disagreements.txt` with its reason.

mod common;

use exerscope_cli::collect::read_inputs;
use exerscope_cli::python_runner::PythonRunner;
use exerscope_core::dynamic::DynamicProperties;
use exerscope_core::stats::buckets::reference_buckets;
use exerscope_core::{analyze, Analysis, Judge};
use std::collections::BTreeMap;
use std::path::Path;

type Stored = BTreeMap<String, BTreeMap<String, u64>>;

/// The fixture analysed and every program run on its own and its extra inputs.
fn run_all(root: &Path) -> Analysis {
    let (files, _) = read_inputs(&[root.to_owned()]);
    let mut analysis = analyze(files);
    analysis.run_programs(&mut PythonRunner::new("python3".into()), &mut |_| {});
    analysis
}

/// (benchmark as lw.json names it, id) → what exerscope's run found.
fn runs_by_id(analysis: &Analysis) -> BTreeMap<(String, String), DynamicProperties> {
    let facts = &analysis.facts;
    let mut runs = BTreeMap::new();
    for program in &facts.programs {
        let benchmark = facts.benchmarks[program.benchmark as usize].to_lowercase();
        let extra = program.extra_runs.iter().map(|e| (&e.id, &e.run));
        for (id, run) in std::iter::once((&program.id, &program.dynamic)).chain(extra) {
            if let Some(run) = run {
                runs.insert((benchmark.clone(), id.clone()), run.clone());
            }
        }
    }
    runs
}

/// Whether a comprehension is written over several lines: Python versions report the line events
/// of its lines differently (3.11 returns to the first line for each item).
fn multiline_comprehension(code: &str) -> bool {
    let mut open: Vec<(usize, bool)> = Vec::new(); // per bracket: where it opened, whether a line ended in it
    let bytes = code.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'[' | b'{' | b'(' => open.push((i, false)),
            b'\n' => open.iter_mut().for_each(|o| o.1 = true),
            b']' | b'}' | b')' => {
                if let Some((start, multiline)) = open.pop() {
                    if multiline && code[start..i].contains(" for ") {
                        return true;
                    }
                }
            }
            _ => {}
        }
    }
    false
}

/// Why exerscope's loop length is not the reference's.
fn reason(run: &DynamicProperties, input: &str, code: &str) -> String {
    if !run.complete() {
        return format!("{} (the reference traced it to its end)", run.outcome);
    }
    if run.outcome != "returned" {
        return format!("{} (the reference's trace of it printed no line of the program)", run.outcome);
    }
    if input.contains('\\') || input.contains('"') {
        return "the input holds a backslash or a double quote: the reference pasted it into a string literal, \
                which changed it"
            .to_owned();
    }
    if multiline_comprehension(code) {
        return format!(
            "counted {}: a comprehension written over several lines, whose line events differ between Python versions",
            run.loop_length
        );
    }
    format!("counted {}", run.loop_length)
}

#[test]
fn loop_lengths_agree_with_the_references_and_so_does_its_correlation() {
    let Some(fixtures) = common::fixtures() else {
        return;
    };
    let root = fixtures.join("exerscope");
    let stored: Stored =
        serde_json::from_slice(&std::fs::read(root.join("Experiment_Results/result_stat/LW/lw.json")).unwrap())
            .unwrap();
    let analysis = run_all(&root);
    let runs = runs_by_id(&analysis);
    let file_of = |benchmark: &str, id: &str, file: &str| {
        let folder = if benchmark == "avatar" { "Avatar" } else { benchmark };
        std::fs::read_to_string(root.join("dataset").join(folder).join(id).join(file)).unwrap_or_default()
    };

    let mut snapshot = String::new();
    let mut agreed = BTreeMap::new();
    for (benchmark, lengths) in &stored {
        for id in lengths.keys() {
            let run = runs.get(&(benchmark.clone(), id.clone()));
            let run = run.unwrap_or_else(|| panic!("{benchmark}/{id} was not run"));
            let same = run.loop_length == lengths[id];
            let (same_count, count) = agreed.entry(benchmark.as_str()).or_insert((0u32, 0u32));
            *same_count += u32::from(same);
            *count += 1;
            if !same && benchmark != "classeval" {
                snapshot += &format!(
                    "{benchmark}/{id}: reference {}; {}\n",
                    lengths[id],
                    reason(run, &file_of(benchmark, id, "input.txt"), &file_of(benchmark, id, "main.py"))
                );
            }
        }
    }
    let (three_agreed, three): (u32, u32) =
        ["cruxeval", "humaneval", "avatar"].iter().map(|b| agreed[b]).fold((0, 0), |(a, n), (b, m)| (a + b, n + m));
    let header = format!(
        "agreement: cruxeval {:?}, humaneval {:?}, avatar {:?}: {three_agreed} of {three}\n",
        agreed["cruxeval"], agreed["humaneval"], agreed["avatar"]
    );
    // ClassEval's agreement is reported, not snapshot: some of its programs draw random numbers
    // (MinesweeperGame), and EightPuzzle.solve runs 6-10 s of its 20 s limit (a loaded machine
    // stops it): 368 of 400 on a quiet machine.
    let (classeval_agreed, classeval) = agreed["classeval"];
    eprintln!("{header}{snapshot}classeval: {classeval_agreed} of {classeval}");
    assert!(classeval == 400 && classeval_agreed >= 360, "ClassEval: {classeval_agreed} of {classeval}");
    assert_eq!(three, 1_372, "the programs lw.json lists for CRUXEval, HumanEval and Avatar");
    assert!(f64::from(three_agreed) >= 0.98 * f64::from(three), "{header}");
    let cruxeval_right = runs.iter().filter(|((b, _), run)| b == "cruxeval" && run.returns_expected == Some(true));
    assert_eq!(cruxeval_right.count(), 800, "every CRUXEval program returns its own expected output");
    let expected = include_str!("snapshots/loop_length_disagreements.txt");
    assert_eq!(format!("{header}{snapshot}"), expected, "the disagreements changed (snapshot above)");

    // SPEC §5 reference mode, the four benchmarks pooled: from the stored loop lengths, and from
    // exerscope's own (within 0.1).
    let facts = &analysis.facts;
    let verdicts = facts.predictions.verdicts(Judge::Reference);
    for (model, reference_rho) in [("gpt-4-turbo", -0.3697), ("deepseek-coder-33b-instruct", -0.8182)] {
        let model_index = facts.model_index(model).unwrap();
        let pairs = |length: &dyn Fn(&str, &str, &DynamicProperties) -> Option<u64>| -> Vec<(f64, bool)> {
            (0..facts.predictions.len())
                .filter(|&i| facts.predictions.model[i] == model_index)
                .filter_map(|i| {
                    let program = &facts.programs[facts.predictions.program[i] as usize];
                    let benchmark = facts.benchmarks[program.benchmark as usize].to_lowercase();
                    let run = program.dynamic.as_ref()?;
                    length(&benchmark, &program.id, run).map(|l| (l as f64, verdicts[i]))
                })
                .collect()
        };
        let from_stored = reference_buckets(pairs(&|b, id, _| stored.get(b)?.get(id).copied())).correlation.unwrap();
        let own = reference_buckets(pairs(&|_, _, run| run.complete().then_some(run.loop_length))).correlation.unwrap();
        eprintln!("{model}: ρ from lw.json {:.4}, from exerscope's runs {:.4}", from_stored.rho, own.rho);
        assert!((from_stored.rho - reference_rho).abs() < 5e-5, "{model}: {}", from_stored.rho);
        assert!((own.rho - reference_rho).abs() < 0.1, "{model}: {}", own.rho);
    }
}
