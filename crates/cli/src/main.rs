//! `exerscope analyze [--judge J] [--format NAME] [--map FIELD=COLUMN]... [--python P | --no-run]
//! PATH...`: reads result folders, files and `.zip` archives, runs the programs that verdicts need
//! in python3, and prints one JSON report on stdout; `exerscope report --out DIR …` writes the
//! same report and every table as CSV and LaTeX into DIR. Exits 0 whenever a report was
//! produced, even if some files could not be read (they are listed under `errors`).

use exerscope_cli::python_runner::PythonRunner;
use exerscope_cli::{collect, paper};
use exerscope_core::execution::{NoRunner, ProgramRunner};

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
    /// The Python that runs programs whose verdict needs a run (input predictions without a
    /// stored verdict, programs models wrote).
    #[arg(long, default_value = "python3")]
    python: PathBuf,
    /// Run no program: such predictions are judged as text instead.
    #[arg(long)]
    no_run: bool,
    /// Folders, files or .zip archives (datasets and results together).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
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
    let (analysis, out) = match command {
        Command::Analyze(analysis) => (analysis, None),
        Command::Report { out, analysis } => (analysis, Some(out)),
    };
    let Analysis { judge, format, maps, python, no_run, paths } = analysis;
    let (files, mut errors) = collect::read_inputs(&paths);
    let options = ReadOptions { forced: format, overrides: maps.into_iter().collect(), ..Default::default() };
    let mut runner: Box<dyn ProgramRunner> =
        if no_run { Box::new(NoRunner::because("--no-run")) } else { Box::new(PythonRunner::new(python)) };
    let analysis = analyze_with_progress(files, &options, runner.as_mut(), &mut |_| {});
    let mut report = TaskedReport::build(&analysis.facts, judge.into());
    report.sandbox = analysis.runs.reports.iter().map(|r| &r.sandbox).find(|s| !s.is_empty()).cloned();
    errors.append(&mut report.errors);
    report.errors = errors;
    let written = match out {
        None => {
            serde_json::to_writer(std::io::stdout().lock(), &report).map(|()| println!()).map_err(|e| e.to_string())
        }
        Some(out) => paper::write(&out, &report, &analysis.facts),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("exerscope: cannot write the report: {e}");
            ExitCode::FAILURE
        }
    }
}
