//! The core on the real fixture folders, as the web worker runs it after reading the files:
//! `cargo bench -p exerscope-cli --bench analyze`. Results are in BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion};
use exerscope_cli::collect::read_inputs;
use exerscope_core::alignment::divergences;
use exerscope_core::analysis::near_duplicates;
use exerscope_core::dynamic::DynamicProperties;
use exerscope_core::extractors::ProgramParser;
use exerscope_core::facts::Outcome;
use exerscope_core::intermediate::StoredRun;
use exerscope_core::report::{Part, ReportScope};
use exerscope_core::stats::prediction::prediction;
use exerscope_core::stats::slices::slices;
use exerscope_core::table::{Language, Task};
use exerscope_core::{analyze, InputFile, Judge, Report};
use std::path::PathBuf;

fn fixtures() -> PathBuf {
    std::env::var_os("EXERSCOPE_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures"))
}

fn bench(c: &mut Criterion) {
    let (files, errors) = read_inputs(&[fixtures().join("exerscope")]);
    assert!(errors.is_empty() && !files.is_empty(), "fixtures not found under {}", fixtures().display());
    let mut group = c.benchmark_group("exerscope fixtures (1,448 programs, 2,834 predictions)");
    group.sample_size(10);
    group.bench_function("analyze (read, join, parse, judge)", |b| b.iter(|| analyze(files.clone())));
    let facts = analyze(files.clone()).facts;
    group.bench_function("report for one judge", |b| b.iter(|| Report::build(&facts, Judge::Reference)));
    let analysis = analyze(files.clone());
    let programs: Vec<&str> = analysis.table.programs.iter().filter_map(|p| p.code.as_deref()).collect();
    group.bench_function("parse + extract every program", |b| {
        let mut parser = ProgramParser::new();
        b.iter(|| programs.iter().map(|code| parser.extract(code, Language::Python)).count())
    });
    group.bench_function("near-duplicates of every program", |b| b.iter(|| near_duplicates(&analysis.table)));
    // The slice finder with every property a run gives set (values spread as runs spread them),
    // so that it bins as many properties as after the page's runs.
    let mut ran = facts.clone();
    for (i, program) in ran.programs.iter_mut().enumerate() {
        program.dynamic = Some(DynamicProperties {
            loop_length: (i * 7 % 41) as u64,
            recursion_depth: (i % 4) as u32,
            executed_lines: (i * 13 % 401) as u64,
            distinct_lines: (i % 31) as u32,
            run_time_ms: 1.0,
            outcome: "returned".to_owned(),
            returns_expected: Some(true),
            got: None,
            repeated: None,
        });
    }
    let outcomes = ran.outcomes(Judge::Reference);
    group.bench_function("slices of every model (run properties set)", |b| b.iter(|| slices(&ran, &outcomes)));
    group.bench_function("prediction of every model (run properties set)", |b| b.iter(|| prediction(&ran, &outcomes)));
    // The size: 37 models answering 800 programs, each verdict drawn at 60%.
    let mut many = ran.clone();
    many.models = (0..37).map(|m| format!("model {m}")).collect();
    let mut random = fastrand::Rng::with_seed(37);
    let drawn: Vec<Outcome> = (0..37)
        .flat_map(|model| (0..800).map(move |program| (model, program)))
        .map(|(model, program)| {
            let correct = u32::from(random.f64() < 0.6);
            Outcome { model, program, task: Task::Output, correct, samples: 1 }
        })
        .collect();
    group.bench_function("prediction of 37 models × 800 programs", |b| b.iter(|| prediction(&many, &drawn)));
    group.finish();
}

/// Extraction over generated programs of growing size: time per line should stay flat (linear).
fn bench_growth(c: &mut Criterion) {
    let unit = "def f{i}(xs):\n    total = 0\n    for x in xs:\n        if x % 2 == 0 and x > 3:\n            total += g(x)\n        elif x:\n            while x > 0:\n                x -= 1\n    return [y for y in xs if y] if total else total\n\n";
    let mut group = c.benchmark_group("extraction by program size (lines)");
    group.sample_size(10);
    for functions in [1, 10, 100, 1000] {
        let code: String = (0..functions).map(|i| unit.replace("{i}", &i.to_string())).collect();
        let lines = code.lines().count();
        let mut parser = ProgramParser::new();
        group.throughput(criterion::Throughput::Elements(lines as u64));
        group.bench_function(format!("{lines} lines"), |b| b.iter(|| parser.extract(&code, Language::Python)));
    }
    group.finish();
}

/// CRUXEval-sized (issue 4): the 800 CRUXEval programs with Code Llama 7B's real 10 samples per
/// program for input and output prediction, given to four models: 64,000 predictions.
fn bench_cruxeval_sized(c: &mut Criterion) {
    let cruxeval = fixtures().join("cruxeval");
    let (mut base, errors) = read_inputs(&[cruxeval.join("data/cruxeval.jsonl")]);
    assert!(errors.is_empty() && !base.is_empty(), "fixtures not found under {}", cruxeval.display());
    let generations = cruxeval.join("samples/model_generations");
    for model in ["model-a", "model-b", "model-c", "model-d"] {
        for task in ["input", "output"] {
            let path = generations.join(format!("sample_codellama-7b_temp0.2_{task}/generations.json"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            base.push(InputFile::new(format!("{model}_temp0.2_{task}/generations.json"), bytes));
        }
    }
    let predictions = analyze(base.clone()).facts.predictions.len();
    assert_eq!(predictions, 64_000);
    let mut group = c.benchmark_group("CRUXEval-sized (800 programs x 10 samples x 2 tasks x 4 models)");
    group.sample_size(10);
    group.throughput(criterion::Throughput::Elements(predictions as u64));
    group.bench_function("analyze (read, join, parse, judge)", |b| b.iter(|| analyze(base.clone())));
    let facts = analyze(base.clone()).facts;
    group.bench_function("report for one judge", |b| b.iter(|| Report::build(&facts, Judge::Reference)));
    group.finish();
}

/// A leaderboard's worth: 200 programs answered by 100 models (JSON Lines of the generic reader),
/// each model right with its own probability (a fixed-seed generator: the same data every run).
fn hundred_models() -> InputFile {
    // (code with {k}, input, expected output for k)
    type Template = (&'static str, &'static str, fn(u64) -> String);
    let templates: [Template; 4] = [
        ("def f(x):\n    return x + {k}\n", "f(1)", |k: u64| (1 + k).to_string()),
        ("def f(xs):\n    t = 0\n    for x in xs:\n        t += x * {k}\n    return t\n", "f([1, 2, 3])", |k: u64| {
            (6 * k).to_string()
        }),
        (
            "def f(n):\n    i = 0\n    while n > {k}:\n        n -= 1\n        i += 1\n    return i\n",
            "f(20)",
            |k: u64| (20 - k).to_string(),
        ),
        ("def f(x):\n    if x > {k}:\n        return [x]\n    return []\n", "f(5)", |k: u64| {
            if 5 > k {
                "[5]".into()
            } else {
                "[]".into()
            }
        }),
    ];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut lines = String::new();
    for model in 0..100_u64 {
        for program in 0..200_u64 {
            let (code, input, output) = &templates[(program % 4) as usize];
            let k = program / 4 % 10;
            let expected = output(k);
            let right = next() % 100 < 30 + model * 2 / 3;
            let prediction = if right { expected.clone() } else { format!("{expected}0") };
            let row = serde_json::json!({
                "id": format!("p{program:03}"), "model": format!("model-{model:03}"), "benchmark": "synthetic",
                "task": "output", "code": code.replace("{k}", &k.to_string()), "input": input,
                "expected": expected, "prediction": prediction,
            });
            lines.push_str(&row.to_string());
            lines.push('\n');
        }
    }
    InputFile::new("hundred.jsonl", lines)
}

fn bench_hundred_models(c: &mut Criterion) {
    let facts = analyze(vec![hundred_models()]).facts;
    assert_eq!((facts.models.len(), facts.predictions.len()), (100, 20_000));
    let mut group = c.benchmark_group("100 models (200 programs, 20,000 predictions)");
    group.sample_size(10);
    group.bench_function("report for one judge (what a judge switch rebuilds)", |b| {
        b.iter(|| Report::build(&facts, Judge::Reference))
    });
    group.finish();
}

/// eval-arena-sized (issue 13): 37 models × the 800 CRUXEval programs as eval-arena rows (a share
/// of 10 samples each, from a fixed-seed generator) with `cruxeval.jsonl`: 29,600 rows.
fn eval_arena_sized() -> Vec<InputFile> {
    let cruxeval = fixtures().join("cruxeval/data/cruxeval.jsonl");
    let (mut files, errors) = read_inputs(std::slice::from_ref(&cruxeval));
    assert!(errors.is_empty() && !files.is_empty(), "fixtures not found under {}", cruxeval.display());
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut lines = String::new();
    for model in 0..37_u64 {
        for program in 0..800_u64 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let correct = (state % 11).min(10 * (model + 3) / 40 + program % 3);
            let row = serde_json::json!({
                "benchmark_id": "CRUXEval-output", "model": format!("model-{model:02}"),
                "example_id": format!("CRUXEval-output/{program}"), "pass1": correct as f64 / 10.0,
                "hyperparams": "temp0.2",
            });
            lines.push_str(&row.to_string());
            lines.push('\n');
        }
    }
    files.push(InputFile::new("cruxeval_output.jsonl", lines));
    files
}

fn bench_eval_arena_sized(c: &mut Criterion) {
    use exerscope_core::numeric::NumericProperty;
    use exerscope_core::stats::agreement::{by_mean_difference, model_agreements, pair_matrix};
    use exerscope_core::stats::numeric::{add_rho_intervals, ALL_BENCHMARKS};
    let files = eval_arena_sized();
    let facts = analyze(files.clone()).facts;
    assert_eq!((facts.models.len(), facts.programs.len()), (37, 800));
    let outcomes = facts.outcomes(Judge::Reference);
    let mut group = c.benchmark_group("eval-arena-sized (37 models x 800 programs, 29,600 rows)");
    group.sample_size(10);
    group.bench_function("analyze (read, join, parse)", |b| b.iter(|| analyze(files.clone())));
    group.bench_function("report for one judge", |b| b.iter(|| Report::build(&facts, Judge::Reference)));
    group.bench_function("all pairs: agreements, McNemar, paired differences, BH (666 pairs)", |b| {
        b.iter(|| model_agreements(&facts, &outcomes, None))
    });
    let agreements = model_agreements(&facts, &outcomes, None);
    group.bench_function("all-pairs matrix of the pooled scope", |b| {
        b.iter(|| pair_matrix(&agreements, ALL_BENCHMARKS, &by_mean_difference(&agreements, ALL_BENCHMARKS)))
    });
    let report = Report::build(&facts, Judge::Reference);
    group.bench_function("bootstrap intervals of rho, one property, every model, both modes", |b| {
        b.iter(|| {
            let mut rows: Vec<_> =
                report.correlations.iter().filter(|r| r.property == NumericProperty::Loc).cloned().collect();
            add_rho_intervals(&facts, &outcomes, &mut rows);
            rows
        })
    });
    group.finish();
}

/// Every pair of models at a million predictions, as each report of one task computes them for the
/// leaderboard's paired places: the output task of the folder `EXERSCOPE_MILLION` names (made by
/// `tools/synthetic.mjs`, 100 models × 10,000 programs; skipped without it). Run with
/// `RAYON_NUM_THREADS=1` for the browser's one thread.
fn bench_million_pairs(c: &mut Criterion) {
    use exerscope_core::stats::agreement::model_agreements;
    let Some(folder) = std::env::var_os("EXERSCOPE_MILLION") else {
        return;
    };
    let (files, errors) = read_inputs(&[PathBuf::from(folder)]);
    assert!(errors.is_empty() && !files.is_empty(), "no results in EXERSCOPE_MILLION");
    let facts = analyze(files).facts;
    let output = facts.of_task(Some(Task::Output));
    let outcomes = output.outcomes(Judge::Reference);
    let mut group =
        c.benchmark_group(format!("{} models, {} outcomes of one task", output.models.len(), outcomes.len()));
    group.sample_size(10);
    group.bench_function("all pairs: agreements, McNemar, paired differences, BH", |b| {
        b.iter(|| model_agreements(&output, &outcomes, None))
    });
    group.finish();
}

/// RE2-Bench's loop and branch answers of the fixture's four models (1,584), placed on their runs:
/// every answer, the Reasoning section's statistics of one task, and the program view of the
/// program with the longest run.
fn bench_re2_alignment(c: &mut Criterion) {
    let re2 = fixtures().join("re2bench");
    let (files, errors) = read_inputs(&[re2.join("dataset"), re2.join("results")]);
    assert!(errors.is_empty() && !files.is_empty(), "fixtures not found under {}", re2.display());
    let analysis = analyze(files);
    let mut group = c.benchmark_group("RE2-Bench loop and branch answers (4 models, 1,584 answers)");
    group.sample_size(10);
    group.bench_function("align every answer", |b| b.iter(|| divergences(&analysis.table)));
    let scope = ReportScope {
        task: Some(Task::Loop),
        hidden: Default::default(),
        judge: Judge::Reference,
        rho_intervals: None,
        parts: [Part::Divergences].into_iter().collect(),
        property: None,
        compared: None,
        pair: None,
    };
    group.bench_function("the Reasoning section's report (loop)", |b| b.iter(|| scope.report(&analysis.facts)));
    let longest = analysis.table.stored_runs.iter().max_by_key(|s| match &s.run {
        StoredRun::Loops { loops } => loops.iter().map(|l| l.variables.iter().map(|v| v.1.len()).sum::<usize>()).sum(),
        StoredRun::Decisions { decisions } => decisions.len(),
        StoredRun::Lines { lines } => lines.len(),
        StoredRun::Question(_) => 1,
    });
    let program = longest.unwrap().program;
    group.bench_function("the program view of the longest run", |b| b.iter(|| analysis.program_detail(program)));
    group.finish();
}

criterion_group!(
    benches,
    bench,
    bench_growth,
    bench_cruxeval_sized,
    bench_hundred_models,
    bench_eval_arena_sized,
    bench_re2_alignment,
    bench_million_pairs
);
criterion_main!(benches);
