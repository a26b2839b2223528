//! `exerscope report --out DIR`: the analysis written for a paper's repository, so that every table
//! and figure is rebuilt by a script — `report.json` (what `analyze` prints), each table of
//! [`exerscope_core::export::sheets`] as `tables/<table>.csv` and `.tex`, and each figure of
//! [`exerscope_charts::figures::all`] as `figures/<figure>.svg` (with several tasks,
//! `tables/<task>/…` and `figures/<task>/…`: statistics never pool tasks).

use exerscope_charts::figures;
use exerscope_charts::palette::Ink;
use exerscope_core::export::{program_sheet, sheets};
use exerscope_core::methods::{methods as methods_of, Methods};
use exerscope_core::report::TaskedReport;
use exerscope_core::stats::own_numbers::own_numbers_of;
use exerscope_core::stats::Statistic;
use exerscope_core::table::Task;
use exerscope_core::Facts;
use std::borrow::Cow;
use std::fs;
use std::path::Path;

/// A methods paragraph per task (to print as it is), then every statistic of the report by its
/// name, in words (as the page's methods list shows them), and what exerscope does with the
/// numbers the benchmarks read publish themselves.
fn methods(benchmarks: &[String], paragraphs: &[(Task, Methods)]) -> String {
    let mut text =
        "# Methods\n\nA paragraph a paper prints as it is (its references in `references.bib`):\n\n".to_owned();
    for (task, methods) in paragraphs {
        if paragraphs.len() > 1 {
            text += &format!("### {}\n\n", task.label());
        }
        text += &format!("{}\n\n", methods.paragraph);
    }
    let lines: Vec<String> = Statistic::ALL.iter().map(|s| format!("- `{}`: {}", s.name(), s.label())).collect();
    text += &format!("## How each number of report.json is computed\n\n{}\n", lines.join("\n"));
    let own: Vec<String> = own_numbers_of(benchmarks)
        .map(|n| {
            let verdict = n.treatment.label();
            format!("- {}, {}: {verdict}: {}", n.benchmark, n.number, n.how)
        })
        .collect();
    if !own.is_empty() {
        text += &format!("\n## The benchmarks' own numbers\n\n{}\n", own.join("\n"));
    }
    text
}

/// The BibTeX entries the paragraphs cite, each once.
fn references(paragraphs: &[(Task, Methods)]) -> String {
    let mut entries: Vec<&str> = Vec::new();
    for entry in paragraphs.iter().flat_map(|(_, m)| m.bibtex.trim_end().split("\n\n")) {
        if !entries.contains(&entry) {
            entries.push(entry);
        }
    }
    entries.join("\n\n") + "\n"
}

/// Writes the report, its tables, methods and figures (drawn in `ink`) into `out`.
pub fn write(out: &Path, report: &TaskedReport, facts: &Facts, ink: &Ink) -> Result<(), String> {
    let failed = |path: &Path, e: std::io::Error| format!("{}: {e}", path.display());
    fs::create_dir_all(out).map_err(|e| failed(out, e))?;
    let json = serde_json::to_string_pretty(report).map_err(|e| e.to_string())?;
    let path = out.join("report.json");
    fs::write(&path, json + "\n").map_err(|e| failed(&path, e))?;
    let tasks = facts.tasks();
    let paragraphs: Vec<(Task, Methods)> =
        tasks.iter().map(|&task| (task, methods_of(&report.for_task(task)))).collect();
    let path = out.join("methods.md");
    fs::write(&path, methods(&facts.benchmarks, &paragraphs)).map_err(|e| failed(&path, e))?;
    let path = out.join("references.bib");
    fs::write(&path, references(&paragraphs)).map_err(|e| failed(&path, e))?;
    // Every program with its properties, whatever the tasks (also for programs without predictions).
    let tables = out.join("tables");
    fs::create_dir_all(&tables).map_err(|e| failed(&tables, e))?;
    let path = tables.join("programs.csv");
    fs::write(&path, program_sheet(facts).csv()).map_err(|e| failed(&path, e))?;
    // A drop without predictions has no task, and its programs' profile is still written: once,
    // from the report of any task (which keeps what no task owns, and has no row of its own).
    let passes = if tasks.is_empty() { vec![Task::ALL[0]] } else { tasks.clone() };
    for task in passes {
        let folder = |kind: &str| {
            let folder = if tasks.len() > 1 { out.join(kind).join(task.name()) } else { out.join(kind) };
            fs::create_dir_all(&folder).map(|()| folder.clone()).map_err(|e| failed(&folder, e))
        };
        let (tables, figures_folder) = (folder("tables")?, folder("figures")?);
        // The figures need the task's own facts (which models and benchmarks it predicted).
        let task_facts = if tasks.len() > 1 { Cow::Owned(facts.for_task(task)) } else { Cow::Borrowed(facts) };
        let task_report = report.for_task(task);
        // (Without a task, the tables of success would be empty: only those with rows are written.)
        for sheet in sheets(&task_report).into_iter().filter(|sheet| !tasks.is_empty() || !sheet.rows.is_empty()) {
            for (extension, text) in [("csv", sheet.csv()), ("tex", sheet.latex())] {
                let path = tables.join(format!("{}.{extension}", sheet.name));
                fs::write(&path, text).map_err(|e| failed(&path, e))?;
            }
        }
        for figure in figures::all(&task_facts, &task_report) {
            let path = figures_folder.join(format!("{}.svg", figure.name));
            fs::write(&path, figure.svg(ink)?).map_err(|e| failed(&path, e))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{methods, references, Methods, Task};

    #[test]
    fn the_methods_say_what_becomes_of_the_benchmarks_own_numbers() {
        let re2 = methods(&["RE2-Bench".to_owned()], &[]);
        assert!(re2.contains("## The benchmarks' own numbers"), "{re2}");
        assert!(re2.contains("- RE2-Bench, construct flags (analysis/constructs.json): reproduced: "), "{re2}");
        assert!(re2.contains("computed exerscope's way: its nine metrics"), "{re2}");
        assert!(!methods(&["CRUXEval".to_owned()], &[]).contains("own numbers"));
    }

    #[test]
    fn each_tasks_paragraph_is_printed_and_each_reference_once() {
        let one =
            |paragraph: &str, bibtex: &str| Methods { paragraph: paragraph.to_owned(), bibtex: bibtex.to_owned() };
        let paragraphs = [
            (Task::Output, one("Output, as (A, 2000).", "@misc{a,\n}\n\n@misc{b,\n}\n")),
            (Task::Input, one("Input, as (B, 2001).", "@misc{b,\n}\n")),
        ];
        let text = methods(&[], &paragraphs);
        assert!(
            text.contains("### output prediction\n\nOutput, as (A, 2000).\n\n### input prediction\n\nInput"),
            "{text}"
        );
        assert_eq!(references(&paragraphs), "@misc{a,\n}\n\n@misc{b,\n}\n");
        assert!(!methods(&[], &paragraphs[..1]).contains("###"), "one task: no heading");
    }
}
