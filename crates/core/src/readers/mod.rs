//! One reader per input format. A reader looks at every dropped file, takes the ones that are
//! its format (by name *and* content), and turns them into raw programs and predictions. Files
//! that no reader takes are reported, never silently dropped.
//!
//! Adding a format: a new file here implementing [`Reader`], one line in [`READERS`], tests in
//! the new file (see CONTRIBUTING.md).

mod coconut;
mod codemind_ier;
mod codemind_jsonl;
mod cruxeval;
mod cruxeval_x;
mod dataset_folders;
mod eval_arena;
mod exerscope_er;
pub mod generic_table;
mod json_input;
mod livecodebench;
mod prediction_folder;

pub mod re2bench;
mod re2bench_intermediate;
mod reval;
mod shares;

use crate::diagnostics::FileError;
use crate::input::{folder_of, InputFile};
use crate::table::TableBuilder;
use crate::units::units;
use generic_table::ColumnMapping;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};

/// What readers know about the whole drop: benchmark names (lower case) found in datasets, so
/// that a result folder can tell `<model>/<bench>` from `<bench>/<model>`.
#[derive(Default)]
pub struct DropContext {
    pub dataset_benchmarks: HashSet<String>,
    /// The user's column mappings for generic tables, by [`generic_table::columns_key`].
    pub mappings: HashMap<String, ColumnMapping>,
    /// Columns the user named for every generic table (the CLI's `--map`).
    pub overrides: ColumnMapping,
}

/// What the user told about the drop: a format to read every file as, column mappings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ReadOptions {
    pub forced: Option<Format>,
    /// Column mappings of generic tables, by [`generic_table::columns_key`] (the app's form).
    #[serde(default)]
    pub mappings: HashMap<String, ColumnMapping>,
    /// Columns named for every generic table that has them (the CLI's `--map field=column`).
    #[serde(default)]
    pub overrides: ColumnMapping,
    /// Formats the user chose for single files or folders (a path, or a folder and all below it),
    /// where the detected one was wrong.
    #[serde(default)]
    pub per_source: BTreeMap<String, Format>,
}

impl ReadOptions {
    /// The format the user chose for this file, if any: for it alone, or for every file.
    pub fn format_of(&self, path: &str) -> Option<Format> {
        let chosen = self.per_source.iter().find(|(source, _)| {
            path == source.as_str() || path.strip_prefix(source.as_str()).is_some_and(|rest| rest.starts_with('/'))
        });
        chosen.map(|(_, format)| *format).or(self.forced)
    }
}

units! {
    /// The result formats exerscope reads (SPEC §2); detected per file, or forced by the user.
    pub enum Format {
        /// ExeRScope's `dataset/` and `Experiment_Results/ER/` folders.
        Exerscope => "exerscope", "ExeRScope folders (dataset/, Experiment_Results/ER/)";
        /// CodeMind's `dataset/` and `Results/IER/` folders.
        Codemind => "codemind", "CodeMind folders (dataset/, Results/)";
        /// `cruxeval.jsonl` with generation or scored files.
        Cruxeval => "cruxeval", "CRUXEval (cruxeval.jsonl, generations, scored files)";
        /// CRUXEval-X `infer_results/<model>/<lang>_<task>.json` (and its preprocessed benchmark).
        CruxevalX => "cruxeval-x", "CRUXEval-X (infer_results/)";
        /// REval `DREval_data.jsonl` with `model_generations/<task>@<model>/<time>.jsonl` runs.
        Reval => "reval", "REval (DREval_data.jsonl, model_generations/)";
        /// RE2-Bench's `dataset/re2-bench/` and `results/` (summaries, validations, responses).
        Re2Bench => "re2-bench", "RE2-Bench (dataset/re2-bench/, results/)";
        /// CoCoNUT's `Results/<model>/HumanEval/*.csv` with `Dataset/HumanEval/`.
        Coconut => "coconut", "CoCoNUT (Results/<model>/HumanEval/, Dataset/HumanEval/)";
        /// LiveCodeBench's `performances_execution.json`, with the execution dataset's rows.
        LiveCodeBench => "livecodebench", "LiveCodeBench execution (performances_execution.json)";
        /// eval-arena's JSON Lines: one row per (model, example) with its pass rate over samples.
        EvalArena => "eval-arena", "eval-arena (benchmark_id, model, example_id, pass1)";
        /// A CSV file of one prediction per row, columns mapped to fields.
        Csv => "csv", "CSV, one prediction per row";
        /// A JSON Lines file of one prediction per line, keys mapped to fields.
        Jsonl => "jsonl", "JSON Lines, one prediction per line";
    }
}

/// Where a reader puts what it reads, and what it knows of the whole drop.
pub struct Reading<'a> {
    pub context: &'a mut DropContext,
    pub builder: &'a mut TableBuilder,
    pub errors: &'a mut Vec<FileError>,
}

pub trait Reader: Sync {
    /// The formats this reader's files belong to.
    fn formats(&self) -> &'static [Format];
    /// Takes its files out of `unclaimed` (indices into `files`) and reads them.
    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>);
}

/// Datasets first: result readers use the benchmark names they find.
pub const READERS: &[&dyn Reader] = &[
    &dataset_folders::DatasetFolders,
    // Before CRUXEval's: its execution rows have CRUXEval's keys, and more.
    &livecodebench::LiveCodeBench,
    &cruxeval::Cruxeval,
    &cruxeval_x::CruxevalX,
    &reval::Reval,
    &codemind_ier::CodemindIer,
    &codemind_jsonl::CodemindJsonl,
    &re2bench::Re2Bench,
    &coconut::Coconut,
    &exerscope_er::ExerscopeEr,
    // After the readers of benchmarks: the programs it joins are read first.
    &eval_arena::EvalArena,
    &generic_table::GenericTable,
];

/// Which of a drop's `paths` are left unread at first (unpacked or handed over only when needed):
/// what only a program's view shows — a raw response beside its `predict.txt`, read when its
/// program opens — and what no reader reads but names (RE2-Bench's `dependency/` and loop and
/// branch files, images).
pub fn left_unread(paths: &[String]) -> Vec<bool> {
    let shown_only = prediction_folder::shown_only(paths);
    paths.iter().zip(shown_only).map(|(path, shown_only)| shown_only || re2bench::named_only(path)).collect()
}

/// Runs every reader (or only those of the forced format) over `files`, then reports what none
/// of them took.
pub fn read_all(files: &[InputFile], options: &ReadOptions, builder: &mut TableBuilder, errors: &mut Vec<FileError>) {
    let mut unclaimed: Vec<usize> = (0..files.len()).filter(|&i| !is_ignorable(&files[i])).collect();
    let mut context =
        DropContext { mappings: options.mappings.clone(), overrides: options.overrides.clone(), ..Default::default() };
    for reader in READERS {
        // A reader sees the files left, except those the user gave another format.
        let (mut offered, withheld): (Vec<usize>, Vec<usize>) = unclaimed
            .iter()
            .partition(|&&i| options.format_of(&files[i].path).is_none_or(|f| reader.formats().contains(&f)));
        if offered.is_empty() {
            continue;
        }
        let names: Vec<&str> = reader.formats().iter().map(|f| f.name()).collect();
        builder.reading_as(&names.join(" / "));
        // A reader that fails on a file it was offered (a bug, where panics unwind: on the command
        // line) takes those files with it, and the other readers go on.
        let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            reader.read(files, &mut offered, &mut Reading { context: &mut context, builder, errors })
        }));
        if let Err(panic) = read {
            let what = panic.downcast_ref::<&str>().copied().or(panic.downcast_ref::<String>().map(String::as_str));
            errors.push(FileError::new(
                offered.first().map_or("(drop)", |&i| files[i].path.as_str()),
                format!(
                    "an internal error while reading {} file(s) as {} ({}): they are not analysed; please report it",
                    offered.len(),
                    names.join(" / "),
                    what.unwrap_or("no message")
                ),
            ));
            offered.clear();
        }
        unclaimed = withheld;
        unclaimed.extend(offered);
        unclaimed.sort_unstable();
    }
    report_unclaimed(files, &unclaimed, options, errors);
}

/// Hidden files and folders inside what was dropped (the dropped folder itself may be hidden: the
/// user chose it), and the reference tool's own stored statistics (read by later issues' views).
fn is_ignorable(file: &InputFile) -> bool {
    let components = file.components();
    components.iter().skip(1).any(|c| c.starts_with('.')) || components.contains(&"result_stat")
}

/// Past this many sibling folders holding unrecognised files, they are told in one message at
/// their parent (a results folder of 164 program folders is one message, not 164).
const SIBLING_FOLDERS_TOLD_APART: usize = 3;

/// One message per folder, listing what was not recognised there; sibling folders past
/// [`SIBLING_FOLDERS_TOLD_APART`] in one message at their parent.
fn report_unclaimed(files: &[InputFile], unclaimed: &[usize], options: &ReadOptions, errors: &mut Vec<FileError>) {
    let mut siblings: BTreeMap<&str, HashSet<&str>> = BTreeMap::new();
    for &i in unclaimed {
        let folder = folder_of(&files[i].path);
        siblings.entry(folder_of(folder)).or_default().insert(folder);
    }
    let mut by_folder: BTreeMap<(&str, Option<Format>), Vec<&str>> = BTreeMap::new();
    for &i in unclaimed {
        let path = files[i].path.as_str();
        let (folder, parent) = (folder_of(path), folder_of(folder_of(path)));
        let merged = !parent.is_empty() && siblings[parent].len() > SIBLING_FOLDERS_TOLD_APART;
        let (place, name) = if merged { (parent, &path[parent.len() + 1..]) } else { (folder, files[i].file_name()) };
        by_folder.entry((place, options.format_of(path))).or_default().push(name);
    }
    for ((folder, chosen), names) in by_folder {
        let what = match chosen {
            Some(format) => format!("not a {} file", format.name()),
            None => "not a recognised dataset or result file".to_owned(),
        };
        let shown: Vec<&str> = names.iter().take(5).copied().collect();
        let more = if names.len() > 5 { format!(" and {} more", names.len() - 5) } else { String::new() };
        let place = if folder.is_empty() { names[0] } else { folder };
        errors.push(FileError::new(place, format!("{what}, not used: {}{more}", shown.join(", "))));
    }
}

/// Groups file indices by their folder (`a/b/c/x.txt` → `a/b/c`), keeping a stable order.
pub(crate) fn group_by_folder(files: &[InputFile], indices: impl Iterator<Item = usize>) -> BTreeMap<&str, Vec<usize>> {
    let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for i in indices {
        groups.entry(folder_of(&files[i].path)).or_default().push(i);
    }
    groups
}

/// The folder that holds a one-folder-per-program layout, which the page lists as one source:
/// `ER/gpt-4/cruxeval` for `ER/gpt-4/cruxeval/sample_0/predict.txt`.
pub(crate) fn folder_of_program_folders(file_path: &str) -> &str {
    let program_folder = folder_of(file_path);
    program_folder.rsplit_once('/').map_or(program_folder, |(folder, _)| folder)
}

/// For readers that look at files one at a time: `take` reads a file it recognises and returns
/// `true`; the files it took leave `unclaimed`.
pub(crate) fn take_each<'a>(
    files: &'a [InputFile],
    unclaimed: &mut Vec<usize>,
    mut take: impl FnMut(&'a InputFile) -> bool,
) {
    unclaimed.retain(|&i| !take(&files[i]));
}

/// Removes `taken` from `unclaimed`.
pub(crate) fn claim(unclaimed: &mut Vec<usize>, taken: &HashSet<usize>) {
    unclaimed.retain(|i| !taken.contains(i));
}

/// One reader over `files` alone (for readers' tests): what it left, read and reported.
#[cfg(test)]
pub(crate) fn read_alone(
    reader: &dyn Reader,
    files: &[InputFile],
    mut context: DropContext,
) -> (Vec<usize>, TableBuilder, Vec<FileError>) {
    let mut unclaimed: Vec<usize> = (0..files.len()).collect();
    let (mut builder, mut errors) = (TableBuilder::default(), Vec::new());
    reader.read(
        files,
        &mut unclaimed,
        &mut Reading { context: &mut context, builder: &mut builder, errors: &mut errors },
    );
    (unclaimed, builder, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_format_chosen_for_a_file_or_folder_applies_to_it_alone() {
        let options = ReadOptions {
            per_source: [("runs/a".to_owned(), Format::Csv), ("b.jsonl".to_owned(), Format::Reval)].into(),
            ..Default::default()
        };
        assert_eq!(options.format_of("runs/a/x.csv"), Some(Format::Csv));
        assert_eq!(options.format_of("runs/ab/x.csv"), None, "a folder is not a prefix of its neighbours");
        assert_eq!(options.format_of("b.jsonl"), Some(Format::Reval));
        let all = ReadOptions { forced: Some(Format::Cruxeval), ..options };
        assert_eq!(all.format_of("elsewhere.json"), Some(Format::Cruxeval));
    }

    #[test]
    fn each_reader_names_its_sources_files_or_the_folders_of_program_folders() {
        assert_eq!(folder_of_program_folders("x/ER/m/b/p1/predict.txt"), "x/ER/m/b");
        assert_eq!(folder_of_program_folders("p1/predict.txt"), "p1");
        let files = [
            InputFile::new("dataset/b/p1/main.py", "def f(x):\n    return x\n"),
            InputFile::new("dataset/b/p1/input.txt", "f(1)"),
            InputFile::new("dataset/b/p1/output.txt", "1"),
            InputFile::new("ER/m/b/p1/predict.txt", "1"),
            InputFile::new("runs/mine.csv", "id,benchmark,model,prediction,correct\np1,b,n,1,true\n"),
        ];
        let (mut builder, mut errors) = (TableBuilder::default(), Vec::new());
        read_all(&files, &ReadOptions::default(), &mut builder, &mut errors);
        let (table, _) = builder.finish();
        let sources: Vec<(&str, u64, u64)> =
            table.sources.iter().map(|s| (s.source.as_str(), s.programs, s.predictions)).collect();
        assert_eq!(sources, [("ER/m/b", 0, 1), ("dataset/b", 1, 0), ("runs/mine.csv", 1, 1)], "{errors:?}");
    }

    #[test]
    fn a_file_given_another_format_is_not_detected_and_the_others_are() {
        let files = [
            InputFile::new("mine.csv", "id,prediction,correct\np1,1,true\n"),
            InputFile::new("other.csv", "id,prediction,correct\np1,1,true\n"),
        ];
        let options =
            ReadOptions { per_source: [("mine.csv".to_owned(), Format::Cruxeval)].into(), ..Default::default() };
        let (mut builder, mut errors) = (TableBuilder::default(), Vec::new());
        read_all(&files, &options, &mut builder, &mut errors);
        assert_eq!(builder.raw_predictions().len(), 1, "other.csv is read");
        assert_eq!(errors, [FileError::new("mine.csv", "not a cruxeval file, not used: mine.csv")]);
    }

    #[test]
    fn many_sibling_folders_of_unrecognised_files_are_told_at_their_parent() {
        let file = |path: String| InputFile::new(path, "?");
        let mut files: Vec<InputFile> = (0..6).map(|k| file(format!("repo/study/P_{k}/0.py"))).collect();
        files.extend([file("repo/notes/a.txt".into()), file("repo/other/b.txt".into())]);
        let (mut builder, mut errors) = (TableBuilder::default(), Vec::new());
        read_all(&files, &ReadOptions::default(), &mut builder, &mut errors);
        let told: Vec<(&str, &str)> = errors.iter().map(|e| (e.file.as_str(), e.message.as_str())).collect();
        assert_eq!(
            told,
            [
                ("repo/notes", "not a recognised dataset or result file, not used: a.txt"),
                ("repo/other", "not a recognised dataset or result file, not used: b.txt"),
                (
                    "repo/study",
                    "not a recognised dataset or result file, not used: P_0/0.py, P_1/0.py, P_2/0.py, P_3/0.py, \
                     P_4/0.py and 1 more"
                ),
            ]
        );
    }
}
