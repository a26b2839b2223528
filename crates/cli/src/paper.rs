//! `exerscope report --out DIR`: the analysis written for a paper's repository, so that every table
//! is rebuilt by a script — `report.json` (what `analyze` prints) and each table of
//! [`exerscope_core::export::sheets`] as `tables/<table>.csv` and `.tex` (with several tasks,
//! `tables/<task>/…`: statistics never pool tasks).

use exerscope_core::export::sheets;
use exerscope_core::report::{Report, TaskedReport};
use exerscope_core::{Facts, Judge};
use std::fs;
use std::path::Path;

pub fn write(out: &Path, report: &TaskedReport, facts: &Facts, judge: Judge) -> Result<(), String> {
    let failed = |path: &Path, e: std::io::Error| format!("{}: {e}", path.display());
    fs::create_dir_all(out).map_err(|e| failed(out, e))?;
    let json = serde_json::to_string_pretty(report).map_err(|e| e.to_string())?;
    let path = out.join("report.json");
    fs::write(&path, json + "\n").map_err(|e| failed(&path, e))?;
    let tasks = facts.tasks();
    for &task in &tasks {
        let folder = if tasks.len() > 1 { out.join("tables").join(task.name()) } else { out.join("tables") };
        fs::create_dir_all(&folder).map_err(|e| failed(&folder, e))?;
        let task_facts = if tasks.len() > 1 { facts.for_task(task) } else { facts.clone() };
        for sheet in sheets(&Report::build(&task_facts, judge)) {
            for (extension, text) in [("csv", sheet.csv()), ("tex", sheet.latex())] {
                let path = folder.join(format!("{}.{extension}", sheet.name));
                fs::write(&path, text).map_err(|e| failed(&path, e))?;
            }
        }
    }
    Ok(())
}
