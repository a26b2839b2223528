//! `exerscope analyze [--judge reference|lenient|value] [--format NAME] PATH...`: reads result
//! folders, files
//! and `.zip` archives, and prints one JSON report on stdout. Exits 0 whenever a report was
//! produced, even if some files could not be read (they are listed under `errors`).

use exerscope_cli::collect;

use clap::{Parser, Subcommand, ValueEnum};
use exerscope_core::analysis::analyze_with_progress;
use exerscope_core::readers::Format;
use exerscope_core::{Judge, Report};
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
    Analyze {
        /// Which predictions count as correct.
        #[arg(long, value_enum, default_value_t = JudgeArg::Reference)]
        judge: JudgeArg,
        /// Read every file as this format instead of detecting each file's format.
        #[arg(long, value_parser = format_named)]
        format: Option<Format>,
        /// Folders, files or .zip archives (datasets and results together).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
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

fn main() -> ExitCode {
    let Command::Analyze { judge, format, paths } = Cli::parse().command;
    let (files, mut errors) = collect::read_inputs(&paths);
    let analysis = analyze_with_progress(files, format, &mut |_| {});
    let mut report = Report::build(&analysis.facts, judge.into());
    errors.append(&mut report.errors);
    report.errors = errors;
    match serde_json::to_writer(std::io::stdout().lock(), &report) {
        Ok(()) => {
            println!();
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("exerscope: cannot write the report: {e}");
            ExitCode::FAILURE
        }
    }
}
