//! `exerscope analyze [--judge J] [--format NAME] [--map FIELD=COLUMN]... [--python P | --no-run]
//! PATH...`: reads result folders, files and `.zip` archives, runs the programs that verdicts need
//! and every program on its own input (its dynamic properties) in python3, and prints one JSON
//! report on stdout; `exerscope report --out DIR …` writes the same report and every table as CSV
//! and LaTeX into DIR; `exerscope trace PATH... --program ID` prints one program's execution
//! trace as JSON. `--facts DIR` also writes the joined facts as Parquet. Exits 0 whenever a
//! report was produced, even if some files could not be read (they are listed under `errors`).

/// mimalloc: the analysis makes and frees millions of small strings, where glibc's allocator
/// spent a third of the time (malloc_consolidate).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use exerscope_charts::palette::Ink;
use exerscope_cli::python_runner::PythonRunner;
use exerscope_cli::{collect, facts_files, paper};
use exerscope_core::execution::trace::Trace;
use exerscope_core::execution::{NoRunner, ProgramRunner, RunReport};
use exerscope_core::prose::{claims_on_run, ProseAlignment};
use exerscope_core::stats::comparison;
use exerscope_core::stats::numeric::{affords_rho_intervals, AUTO_RHO_INTERVALS};
use exerscope_core::FileError;
use serde::Serialize;

use clap::{Args, Parser, Subcommand, ValueEnum};
use exerscope_core::analysis::analyze_with_progress;
use exerscope_core::readers::generic_table::Field;
use exerscope_core::readers::{Format, ReadOptions};
use exerscope_core::report::TaskedReport;
use exerscope_core::Judge;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "exerscope", version, about = "Why do models fail at code execution reasoning?")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Analyse result folders, files or .zip archives and print a JSON report.
    Analyze(Analysis),
    /// The same analysis, written for a paper: `DIR/report.json` and every table as CSV and LaTeX
    /// (`DIR/tables/<table>.csv|.tex`; with several tasks, `DIR/tables/<task>/…`).
    Report {
        /// The folder to write into (made if missing; files in it are replaced).
        #[arg(long)]
        out: PathBuf,
        /// Draw the figures on the dark ground of the page's dark mode (for slides); without it,
        /// on white (for print).
        #[arg(long)]
        dark_figures: bool,
        #[command(flatten)]
        analysis: Analysis,
    },
    /// One program's run on its own input, line by line, as JSON: each line run with how often it
    /// had run, the variables it changed, the loops' iterations grouped, and how the run ended.
    Trace {
        /// The program's id (`sample_3`, `HumanEval_10`), or `benchmark/id` when several benchmarks
        /// have that id.
        #[arg(long)]
        program: String,
        /// Trace this call of the program's function instead of its own input (a predicted input).
        #[arg(long)]
        input: Option<String>,
        #[command(flatten)]
        analysis: Analysis,
    },
}

#[derive(Args)]
struct Analysis {
    /// Which predictions count as correct.
    #[arg(long, value_enum, default_value_t = JudgeArg::Reference)]
    judge: JudgeArg,
    /// Read every file as this format instead of detecting each file's format.
    #[arg(long, value_parser = format_named)]
    format: Option<Format>,
    /// For CSV / JSON Lines results: which column holds a field, e.g. `--map id=problem`
    /// (fields: model, benchmark, id, task, sample, language, code, input, expected,
    /// prediction, correct). Repeatable.
    #[arg(long = "map", value_parser = field_column)]
    maps: Vec<(Field, String)>,
    /// The Python that runs programs: every program on its own input (dynamic properties), and
    /// those whose verdict needs a run (input predictions without a stored verdict, programs
    /// models wrote).
    #[arg(long, default_value = "python3")]
    python: PathBuf,
    /// Run no program: no dynamic properties, and predictions that need a run are judged as text.
    #[arg(long)]
    no_run: bool,
    /// Run programs only for verdicts, not each on its own input: no dynamic properties (faster).
    #[arg(long)]
    no_dynamic: bool,
    /// Bootstrap intervals of Spearman's ρ (2,000 resamples of programs per correlation): `auto`
    /// gives them up to 50,000 model × program pairs, `all` always, `none` never.
    #[arg(long, value_enum, default_value_t = RhoIntervals::Auto)]
    rho_intervals: RhoIntervals,
    /// Also write the joined facts as Parquet into this folder: `programs.parquet` (one row per
    /// program, every property) and `predictions.parquet` (one row per prediction, its verdicts),
    /// for DuckDB, Spark or Trino.
    #[arg(long, value_name = "DIR")]
    facts: Option<PathBuf>,
    /// Compare two models side by side (`--compare A,B`): the programs each solved and the other
    /// did not, McNemar's test, and the property combinations where each one's wins gather (the
    /// report's `comparisons`). Repeatable.
    #[arg(long, value_name = "A,B", value_parser = model_pair)]
    compare: Vec<(String, String)>,
    /// Folders, files or .zip archives (datasets and results together).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RhoIntervals {
    Auto,
    All,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum JudgeArg {
    Reference,
    Lenient,
    Value,
}

impl From<JudgeArg> for Judge {
    fn from(judge: JudgeArg) -> Judge {
        match judge {
            JudgeArg::Reference => Judge::Reference,
            JudgeArg::Lenient => Judge::Lenient,
            JudgeArg::Value => Judge::Value,
        }
    }
}

fn format_named(name: &str) -> Result<Format, String> {
    Format::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        format!("one of {}", names.join(", "))
    })
}

fn model_pair(text: &str) -> Result<(String, String), String> {
    comparison::model_pair(text).ok_or_else(|| "two different models' names, A,B".to_owned())
}

fn field_column(text: &str) -> Result<(Field, String), String> {
    let (field, column) = text.split_once('=').ok_or("FIELD=COLUMN")?;
    let field = Field::from_name(field).ok_or_else(|| {
        let names: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
        format!("{field} is not one of {}", names.join(", "))
    })?;
    Ok((field, column.to_owned()))
}

/// The analysis thread's stack: walks over trees are bounded in depth, and this leaves room to spare
/// for whatever a hostile file finds that the bounds missed.
const ANALYSIS_STACK_BYTES: usize = 256 << 20;

fn main() -> ExitCode {
    let command = Cli::parse().command;
    let analysis = std::thread::Builder::new().stack_size(ANALYSIS_STACK_BYTES).spawn(move || run(command));
    match analysis.map(|thread| thread.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => {
            eprintln!("exerscope: the analysis failed (a bug: please report it with the files that caused it)");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("exerscope: cannot start the analysis: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> ExitCode {
    let (mut options, out) = match command {
        Command::Analyze(options) => (options, None),
        Command::Report { out, dark_figures, analysis } => {
            (analysis, Some((out, if dark_figures { Ink::DARK } else { Ink::LIGHT })))
        }
        Command::Trace { program, input, analysis } => return trace(analysis, &program, input.as_deref()),
    };
    let judge = options.judge.into();
    let dynamic = !options.no_dynamic;
    let facts_dir = options.facts.clone();
    let rho_intervals = options.rho_intervals;
    let pairs = std::mem::take(&mut options.compare);
    let (mut analysis, mut errors, mut runner) = options.analyse(true);
    if dynamic {
        analysis.run_programs(runner.as_mut(), &mut |_| {});
    }
    if let Some(dir) = facts_dir {
        if let Err(e) = facts_files::write(&dir, &analysis) {
            return failed(&format!("cannot write the facts: {e}"));
        }
    }
    let mut report = TaskedReport::build(&analysis.facts, judge);
    if let Err(e) = report.compare(&analysis.facts, &pairs) {
        return failed(&e);
    }
    match rho_intervals {
        RhoIntervals::All => report.add_rho_intervals(&analysis.facts),
        RhoIntervals::Auto if affords_rho_intervals(&analysis.facts) => report.add_rho_intervals(&analysis.facts),
        RhoIntervals::Auto => errors.push(FileError::new(
            "(statistics)",
            format!(
                "bootstrap intervals of rho left out: more than {AUTO_RHO_INTERVALS} model × program pairs; \
                 --rho-intervals all computes them"
            ),
        )),
        RhoIntervals::None => {}
    }
    report.sandbox = analysis.runs.reports.iter().map(|r| &r.sandbox).find(|s| !s.is_empty()).cloned();
    errors.append(&mut report.errors);
    report.errors = errors;
    let written = match out {
        None => {
            serde_json::to_writer(std::io::stdout().lock(), &report).map(|()| println!()).map_err(|e| e.to_string())
        }
        Some((out, ink)) => paper::write(&out, &report, &analysis.facts, &ink),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("exerscope: cannot write the report: {e}");
            ExitCode::FAILURE
        }
    }
}

impl Analysis {
    /// Reads, joins and judges the paths (running what verdicts need, when `verdicts` says so);
    /// the errors of paths that could not be read, and the runner, for the runs still to make.
    fn analyse(self, verdicts: bool) -> (exerscope_core::Analysis, Vec<FileError>, Box<dyn ProgramRunner>) {
        let Analysis { format, maps, python, no_run, paths, .. } = self;
        let (files, errors) = collect::read_inputs(&paths);
        let options = ReadOptions { forced: format, overrides: maps.into_iter().collect(), ..Default::default() };
        let mut runner: Box<dyn ProgramRunner> =
            if no_run { Box::new(NoRunner::because("--no-run")) } else { Box::new(PythonRunner::new(python)) };
        let mut no_verdict_runs = NoRunner::because("not needed for a trace");
        let verdict_runner: &mut dyn ProgramRunner = if verdicts { runner.as_mut() } else { &mut no_verdict_runs };
        let analysis = analyze_with_progress(files, &options, verdict_runner, &mut |_| {});
        (analysis, errors, runner)
    }
}

/// `exerscope trace`: one program's trace as JSON on stdout.
fn trace(options: Analysis, program: &str, input: Option<&str>) -> ExitCode {
    // One program is traced: the runs other predictions' verdicts need are not made.
    let (analysis, _, mut runner) = options.analyse(false);
    let found = analysis.facts.programs.iter().enumerate().filter(|(_, p)| {
        p.id == program || format!("{}/{}", analysis.facts.benchmarks[p.benchmark as usize], p.id) == program
    });
    let found: Vec<usize> = found.map(|(index, _)| index).collect();
    let index = match found[..] {
        [index] => index,
        [] => return failed(&format!("no program {program} in the files given")),
        _ => return failed(&format!("{} programs are called {program}: give it as benchmark/id", found.len())),
    };
    let request = match analysis.trace_request(index, input) {
        Ok(request) => request,
        Err(reason) => return failed(&format!("{program} cannot be traced: {reason}")),
    };
    let mut report = runner.run(std::slice::from_ref(&request), &mut |_| {}).remove(0);
    let trace = Trace::build(&report, &request.code);
    report.trace = None;
    // What the reasoning of the output predictions claims about this run: their own input's.
    let reasoning_claims = match (&trace, input) {
        (Some(trace), None) => claims_on_run(&analysis.table, index as u32, trace),
        _ => Vec::new(),
    };
    let traced = TracedRun {
        benchmark: &analysis.facts.benchmarks[analysis.facts.programs[index].benchmark as usize],
        program: &analysis.facts.programs[index].id,
        call: request.call.as_ref().map(|call| call.text.as_str()),
        stdin: (request.call.is_none()).then_some(request.stdin.as_str()),
        report: &report,
        trace,
        reasoning_claims,
    };
    match serde_json::to_writer(std::io::stdout().lock(), &traced) {
        Ok(()) => {
            println!();
            ExitCode::SUCCESS
        }
        Err(e) => failed(&format!("cannot write the trace: {e}")),
    }
}

/// What `exerscope trace` prints.
#[derive(Serialize)]
struct TracedRun<'a> {
    benchmark: &'a str,
    program: &'a str,
    /// The call traced, or the standard input of a script.
    call: Option<&'a str>,
    stdin: Option<&'a str>,
    /// How the run ended and its dynamic properties (the recorded events are in `trace`).
    report: &'a RunReport,
    /// `null` when the run recorded none (Python could not run it).
    trace: Option<Trace>,
    /// The values the output predictions' reasoning gives variables, placed on the run.
    reasoning_claims: Vec<ProseAlignment>,
}

fn failed(message: &str) -> ExitCode {
    eprintln!("exerscope: {message}");
    ExitCode::FAILURE
}
