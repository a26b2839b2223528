//! A format test no fixture can fool: for every format, a few KB of input the project made in the
//! layout of the format's current public repository (variants and oddities included), under
//! `tests/formats/<format>/`, and a snapshot of `exerscope analyze`'s JSON report of it. A reader
//! that loses a program, a prediction or a message changes a snapshot: review it (`INSTA_UPDATE=always
//! cargo test -p exerscope-cli --test format_snapshots`, then `git diff`).

use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// What a reader decides, from the report of `exerscope analyze` run inside
/// `tests/formats/<format>` (its paths relative): the runs, the groups, every program (its
/// language, attributes, size and constructs), every message, and every intermediate answer
/// against its run. The statistics over them are
/// tested against their references elsewhere.
fn read(format: &str) -> Value {
    let mut report = report(format);
    let programs: Vec<Value> = report["programs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let properties = &p["properties"];
            serde_json::json!({
                "benchmark": p["benchmark"],
                "id": p["id"],
                "language": p["language"],
                "attributes": p["attributes"],
                "loc": properties["loc"],
                "lines": properties["lines"],
                "constructs": properties["constructs"],
                "output_type": properties["output_type"],
            })
        })
        .collect();
    let mut read = serde_json::json!({
        "runs": report["runs"].take(),
        "groups": report["groups"].take(),
        "programs": programs,
        "errors": report["errors"].take(),
        "unexpected_runs": report["unexpected_runs"].take(),
    });
    // Intermediate answers placed on their runs, where the format has them.
    for key in ["divergences", "divergence_summaries", "coherence"] {
        if let Some(rows) = report.get_mut(key) {
            read[key] = rows.take();
        }
    }
    read
}

fn report(format: &str) -> Value {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/formats").join(format);
    let output = Command::new(env!("CARGO_BIN_EXE_exerscope"))
        .current_dir(&folder)
        .args(["analyze", "--no-dynamic", "."])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

macro_rules! format_snapshot {
    ($($test:ident => $format:literal,)+) => {
        $(
            #[test]
            fn $test() {
                insta::assert_json_snapshot!($format, read($format));
            }
        )+
    };
}

format_snapshot! {
    exerscope_folders => "exerscope",
    codemind_as_published => "codemind",
    cruxeval_generations_and_scored_files => "cruxeval",
    cruxeval_x_results_and_datasets => "cruxeval-x",
    reval_runs => "reval",
    re2_bench_repository => "re2bench",
    coconut_results_and_traces => "coconut",
    livecodebench_leaderboard_and_dataset => "livecodebench",
    eval_arena_rows_with_cruxeval => "eval-arena",
    generic_csv => "generic",
}
