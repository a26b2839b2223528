//! Dataset folders of ExeRScope and CodeMind: `<bench>/<id>/{main.py | Main.java, input.txt,
//! output.txt}`, usually under `dataset/`. A folder is a program when it holds `output.txt` and a
//! code file or `input.txt`: some CodeMind folders lack their code, and are still judged. The code
//! file is the folder's one `.py` or `.java` file, whatever its name (CodeMind's Avatar-Java names
//! 24 of its 86 after their class: `Punctuation.java`, `main.java`, `_96B.java`).
//! HumanEval's `<id>__0`, `<id>__1` folders are further inputs of program `<id>`, not programs.
//!
//! CodeMind's folders, as published, hold `main.py` beside the variants its other experiments use
//! (`refactored_main.py`, `var_main_1.py`, `main_ce.py`, a `main/` or `all_tests/` folder…): the
//! program is `main.py` (or `Main.java`), and the rest is listed once per drop, never a reason to
//! skip the program.

use super::{claim, folder_of_program_folders, group_by_folder, Format, Reader, Reading};
use crate::diagnostics::{utf8_text, FileError};
use crate::input::{common_folder, folder_of, InputFile};
use crate::table::{ExtraInput, Language, RawProgram};
use std::collections::{BTreeMap, HashMap, HashSet};

pub struct DatasetFolders;

/// A code file's language, by its extension.
const CODE_FILES: &[(&str, Language)] = &[(".py", Language::Python), (".java", Language::Java)];
/// The program of a folder that holds several code files: the others are variants.
const MAIN_FILES: &[&str] = &["main.py", "Main.java"];
const INPUT_FILE: &str = "input.txt";
const OUTPUT_FILE: &str = "output.txt";

impl Reader for DatasetFolders {
    fn formats(&self) -> &'static [Format] {
        &[Format::Exerscope, Format::Codemind]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { context, builder, errors } = out;
        let mut taken = HashSet::new();
        let mut programs = Vec::new();
        let mut program_folders = HashSet::new();
        for (folder, members) in group_by_folder(files, unclaimed.iter().copied()) {
            let has = |name: &str| members.iter().any(|&i| files[i].file_name() == name);
            let code = code_files(files, &members);
            if !has(OUTPUT_FILE) || (code.is_empty() && !has(INPUT_FILE)) {
                continue;
            }
            taken
                .extend(members.iter().copied().filter(|&i| [INPUT_FILE, OUTPUT_FILE].contains(&files[i].file_name())));
            match program_file(files, &code) {
                Ok(code_file) => {
                    taken.extend(code_file.map(|(i, _)| i));
                    if let Some(program) = read_program(files, folder, code_file, &members, errors) {
                        programs.push(program);
                        program_folders.insert(folder);
                    }
                }
                Err(()) => {
                    taken.extend(code.iter().map(|&(i, _)| i));
                    errors.push(several_code_files(files, folder, &code));
                }
            }
        }
        let others = other_files(files, unclaimed, &program_folders, &mut taken);
        report_other_files(&others, errors);
        report_programs_without_code(&programs, errors);
        claim(unclaimed, &taken);
        for program in fold_extra_inputs(programs) {
            context.dataset_benchmarks.insert(program.benchmark.to_lowercase());
            builder.reading_from(folder_of_program_folders(&program.source_path));
            builder.add_program(program);
        }
    }
}

fn language_of(name: &str) -> Option<Language> {
    CODE_FILES.iter().find(|(extension, _)| name.ends_with(extension)).map(|(_, language)| *language)
}

/// The folder's code files, with their languages.
fn code_files(files: &[InputFile], members: &[usize]) -> Vec<(usize, Language)> {
    members.iter().filter_map(|&i| Some((i, language_of(files[i].file_name())?))).collect()
}

/// The folder's program among its code files: the one there is, or `main.py` (`Main.java`)
/// beside variants; `Err` for several code files none of which is the main one.
fn program_file(files: &[InputFile], code: &[(usize, Language)]) -> Result<Option<(usize, Language)>, ()> {
    match code {
        [] | [_] => Ok(code.first().copied()),
        _ => MAIN_FILES
            .iter()
            .find_map(|&main| code.iter().find(|&&(i, _)| files[i].file_name() == main))
            .map(|&file| Some(file))
            .ok_or(()),
    }
}

/// The files of program folders (and of the folders inside them) that are not the program, its
/// input or its output — other experiments' variants — taken so that no one else reads them: by
/// name (digits as `*`, a folder inside as `name/`), with the program folders holding each.
fn other_files<'a>(
    files: &'a [InputFile],
    unclaimed: &[usize],
    program_folders: &HashSet<&'a str>,
    taken: &mut HashSet<usize>,
) -> BTreeMap<String, HashSet<&'a str>> {
    let mut others: BTreeMap<String, HashSet<&str>> = BTreeMap::new();
    for &i in unclaimed {
        if taken.contains(&i) {
            continue;
        }
        let path = files[i].path.as_str();
        // The nearest program folder above the file, and the name of what is in it.
        let mut folder = path;
        let found = loop {
            let Some((parent, _)) = folder.rsplit_once('/') else { break None };
            if program_folders.contains(parent) {
                let rest = &path[parent.len() + 1..];
                break Some((parent, rest.split_once('/').map_or(rest.to_owned(), |(sub, _)| format!("{sub}/"))));
            }
            folder = parent;
        };
        let Some((program_folder, name)) = found else { continue };
        taken.insert(i);
        others.entry(digits_as_star(&name)).or_default().insert(program_folder);
    }
    others
}

/// `var_main_12.py` → `var_main_*.py`: the variants of one kind counted together.
fn digits_as_star(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if !c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('*') {
            out.push('*');
        }
    }
    out
}

/// One message for the whole drop, at the folder holding every program folder concerned: what
/// else they hold, most common first.
fn report_other_files(others: &BTreeMap<String, HashSet<&str>>, errors: &mut Vec<FileError>) {
    let Some(first) = others.values().flatten().next() else { return };
    let mut counted: Vec<(&String, usize)> = others.iter().map(|(name, folders)| (name, folders.len())).collect();
    counted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let listed: Vec<String> = counted.iter().map(|(name, folders)| format!("{name} ({folders})")).collect();
    let place = common_folder(others.values().flatten().map(|folder| folder_of(folder)));
    errors.push(FileError::new(
        if place.is_empty() { first } else { place },
        format!(
            "program folders also hold files of other experiments, not analysed (the program is main.py, \
             Main.java or the folder's one code file): {} — in parentheses, the program folders holding each",
            listed.join(", ")
        ),
    ));
}

fn several_code_files(files: &[InputFile], folder: &str, code: &[(usize, Language)]) -> FileError {
    let names: Vec<&str> = code.iter().map(|&(i, _)| files[i].file_name()).collect();
    FileError::new(
        folder,
        format!(
            "{} code files ({}), none of them main.py or Main.java: a program folder holds one; program skipped",
            names.len(),
            names.join(", ")
        ),
    )
}

fn read_program(
    files: &[InputFile],
    folder: &str,
    code_file: Option<(usize, Language)>,
    members: &[usize],
    errors: &mut Vec<FileError>,
) -> Option<RawProgram> {
    let parts: Vec<&str> = folder.split('/').filter(|c| !c.is_empty()).collect();
    let [.., benchmark, id] = parts[..] else {
        errors.push(FileError::new(
            folder_or_file(files, members, folder),
            "cannot tell the benchmark: expected <benchmark>/<id>/ around the program; program skipped",
        ));
        return None;
    };
    let text_of = |name: &str, errors: &mut Vec<FileError>| -> Option<String> {
        let index = members.iter().copied().find(|&i| files[i].file_name() == name)?;
        utf8_text(&files[index].path, &files[index].bytes).map_err(|e| errors.push(e)).ok()
    };
    let code = match code_file {
        Some((index, _)) => Some(utf8_text(&files[index].path, &files[index].bytes).map_err(|e| errors.push(e)).ok()?),
        None => None,
    };
    let Some(expected) = text_of(OUTPUT_FILE, errors) else {
        errors.push(FileError::new(folder, "no readable output.txt: program skipped (nothing to judge against)"));
        return None;
    };
    let input = text_of(INPUT_FILE, errors).unwrap_or_else(|| {
        errors.push(FileError::new(folder, "no readable input.txt: the program's input is unknown"));
        String::new()
    });
    Some(RawProgram {
        benchmark: benchmark.to_owned(),
        id: id.to_owned(),
        language: code_file.map_or_else(|| language_from_name(benchmark), |(_, language)| language),
        code,
        input,
        expected,
        extra_inputs: Vec::new(),
        about: Default::default(),
        source_path: code_file.map_or_else(|| format!("{folder}/{OUTPUT_FILE}"), |(i, _)| files[i].path.clone()),
    })
}

fn folder_or_file<'a>(files: &'a [InputFile], members: &[usize], folder: &'a str) -> &'a str {
    if folder.is_empty() {
        &files[members[0]].path
    } else {
        folder
    }
}

/// Without code, the language can only come from the benchmark's name (`Avatar-Java`).
fn language_from_name(benchmark: &str) -> Language {
    if benchmark.to_lowercase().contains("java") {
        Language::Java
    } else {
        Language::Python
    }
}

/// One message per benchmark: programs without code are judged but have no properties.
fn report_programs_without_code(programs: &[RawProgram], errors: &mut Vec<FileError>) {
    let mut without_code: Vec<(&str, usize, &str)> = Vec::new();
    for program in programs.iter().filter(|p| p.code.is_none()) {
        match without_code.iter_mut().find(|(b, _, _)| *b == program.benchmark) {
            Some(entry) => entry.1 += 1,
            None => without_code.push((&program.benchmark, 1, &program.source_path)),
        }
    }
    for (benchmark, count, example) in without_code {
        errors.push(FileError::new(
            example,
            format!(
                "{count} program(s) of {benchmark} have no code file (.py, .java): they are judged, \
                 but have no code to show or extract properties from"
            ),
        ));
    }
}

/// Keeps `<id>__<n>` folders as extra inputs of `<id>` when that program exists.
fn fold_extra_inputs(programs: Vec<RawProgram>) -> Vec<RawProgram> {
    let key = |p: &RawProgram| (p.benchmark.to_lowercase(), p.id.clone());
    let mut extras: HashMap<(String, String), Vec<ExtraInput>> = HashMap::new();
    let known: HashSet<(String, String)> = programs.iter().map(key).collect();
    let mut kept = Vec::with_capacity(programs.len());
    for program in programs {
        let base = extra_input_base(&program.id)
            .map(|base| (program.benchmark.to_lowercase(), base.to_owned()))
            .filter(|base_key| known.contains(base_key));
        match base {
            Some(base_key) => extras.entry(base_key).or_default().push(ExtraInput {
                id: program.id,
                code: program.code,
                input: program.input,
                expected: program.expected,
            }),
            None => kept.push(program),
        }
    }
    for program in &mut kept {
        program.extra_inputs = extras.remove(&key(program)).unwrap_or_default();
        program.extra_inputs.sort_by(|a, b| a.id.cmp(&b.id));
    }
    kept
}

fn extra_input_base(id: &str) -> Option<&str> {
    let (base, suffix) = id.rsplit_once("__")?;
    (!suffix.is_empty() && suffix.bytes().all(|b| b.is_ascii_digit())).then_some(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(files: &[InputFile]) -> (crate::table::Table, Vec<FileError>, Vec<usize>) {
        let (unclaimed, builder, errors) = super::super::read_alone(&DatasetFolders, files, Default::default());
        (builder.finish().0, errors, unclaimed)
    }

    #[test]
    fn a_folder_with_code_input_and_output_is_a_program() {
        let files = [
            InputFile::new("/dataset/cruxeval/sample_0/main.py", "def f(x):\n    return x"),
            InputFile::new("/dataset/cruxeval/sample_0/input.txt", "f(1)"),
            InputFile::new("/dataset/cruxeval/sample_0/output.txt", "1"),
            InputFile::new("/dataset/Avatar/Avatar-Java/a1/Main.java", "class Main {}"),
            InputFile::new("/dataset/Avatar/Avatar-Java/a1/output.txt", "YES\n"),
            InputFile::new("/dataset/Avatar/Avatar-Java/a1/input.txt", "5 5 7\n"),
            InputFile::new("/dataset/Avatar/Avatar-Java/a2/output.txt", "NO\n"),
            InputFile::new("/dataset/Avatar/Avatar-Java/a2/input.txt", "1\n"),
            InputFile::new("/notes.txt", "hello"),
        ];
        let (table, errors, unclaimed) = run(&files);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.starts_with("1 program(s) of Avatar-Java have no code file"), "{errors:?}");
        assert_eq!(unclaimed, [8]);
        assert_eq!(table.benchmarks, ["Avatar-Java", "cruxeval"]);
        let crux = table.programs.iter().find(|p| p.id == "sample_0").unwrap();
        assert_eq!((crux.input.as_str(), crux.expected.as_str(), crux.language), ("f(1)", "1", Language::Python));
        assert_eq!(table.programs.iter().find(|p| p.id == "a1").unwrap().language, Language::Java);
        let without_code = table.programs.iter().find(|p| p.id == "a2").unwrap();
        assert_eq!((without_code.code.as_deref(), without_code.language), (None, Language::Java));
    }

    #[test]
    fn a_folder_s_one_code_file_is_its_program_whatever_its_name_and_several_are_an_error() {
        let files = [
            InputFile::new("Avatar-Java/p1/Punctuation.java", "class Punctuation {}"),
            InputFile::new("Avatar-Java/p1/input.txt", "1\n"),
            InputFile::new("Avatar-Java/p1/output.txt", "1\n"),
            InputFile::new("Avatar-Java/p2/main.java", "class main {}"),
            InputFile::new("Avatar-Java/p2/input.txt", "2\n"),
            InputFile::new("Avatar-Java/p2/output.txt", "2\n"),
            InputFile::new("mine/p3/solution.py", "def f():\n    return 3"),
            InputFile::new("mine/p3/helper.py", "X = 1"),
            InputFile::new("mine/p3/output.txt", "3"),
        ];
        let (table, errors, _) = run(&files);
        let programs: Vec<(&str, Language, Option<&str>)> =
            table.programs.iter().map(|p| (p.id.as_str(), p.language, p.code.as_deref())).collect();
        assert_eq!(
            programs,
            [("p1", Language::Java, Some("class Punctuation {}")), ("p2", Language::Java, Some("class main {}"))]
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].file, "mine/p3");
        assert!(
            errors[0].message.starts_with("2 code files (solution.py, helper.py), none of them main.py"),
            "{errors:?}"
        );
    }

    /// CodeMind's `dataset/` as published (d55bbc18): `main.py` beside other experiments' variants
    /// and folders, in every kind of folder it has.
    #[test]
    fn codemind_s_main_py_is_the_program_and_its_variants_are_listed_once() {
        let mut files = vec![];
        let mut folder = |folder: &str, others: &[&str]| {
            files.push(InputFile::new(format!("{folder}/main.py"), "def f(x):\n    return x"));
            files.push(InputFile::new(format!("{folder}/input.txt"), "f(1)"));
            files.push(InputFile::new(format!("{folder}/output.txt"), "1"));
            for other in others {
                files.push(InputFile::new(format!("{folder}/{other}"), "x"));
            }
        };
        let crux =
            ["refactored_main.py", "var_main.py", "var_main_1.py", "var_main_2.py", "variables.json", "main/main.py"];
        folder("CodeMind/dataset/cruxeval/sample_0", &crux);
        folder("CodeMind/dataset/cruxeval/sample_1", &crux[..1]);
        folder("CodeMind/dataset/humaneval/HumanEval_3", &["refactored_main.py", "var_main_1.py", "nl.txt"]);
        folder(
            "CodeMind/dataset/Avatar/Avatar-Python/codeforces_99_A",
            &[
                "main_ce.py",
                "main_refactored.py",
                "misleading_output.txt",
                "all_tests/input/0_input.txt",
                "all_tests/output/0_output.txt",
            ],
        );
        folder(
            "CodeMind/dataset/classeval/ClassEval_9@BigNumCalculator.subtract",
            &["class.py", "main_cc.py", "run.py", "test_all.py", "method_test.py", "execution_path.py"],
        );
        files.push(InputFile::new("CodeMind/dataset/Avatar/Avatar-Java/p1/Main.java", "class Main {}"));
        files.push(InputFile::new("CodeMind/dataset/Avatar/Avatar-Java/p1/Main.class", b"\xca\xfe".to_vec()));
        files.push(InputFile::new("CodeMind/dataset/Avatar/Avatar-Java/p1/output.txt", "1"));
        files.push(InputFile::new("CodeMind/dataset/Avatar/Avatar-Java/p1/input.txt", "1"));
        let (table, errors, unclaimed) = run(&files);
        let ids: Vec<&str> = table.programs.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), 6, "every folder is a program: {ids:?} {errors:?}");
        assert!(table
            .programs
            .iter()
            .filter(|p| p.language == Language::Python)
            .all(|p| p.code.as_deref() == Some("def f(x):\n    return x")));
        assert!(unclaimed.is_empty(), "the variants are taken: {unclaimed:?}");
        assert_eq!(errors.len(), 1, "one message for the drop: {errors:?}");
        assert_eq!(errors[0].file, "CodeMind/dataset");
        let message = &errors[0].message;
        assert!(message.contains(": refactored_main.py (3), var_main_*.py (2), "), "{message}");
        for other in ["all_tests/ (1)", "main/ (1)", "Main.class (1)", "main_ce.py (1)", "test_all.py (1)"] {
            assert!(message.contains(other), "{other} in {message}");
        }
    }

    #[test]
    fn humaneval_double_underscore_folders_are_extra_inputs() {
        let mut files = vec![];
        for id in ["HumanEval_0", "HumanEval_0__0", "HumanEval_0__1", "HumanEval_7__0"] {
            files.push(InputFile::new(format!("dataset/humaneval/{id}/main.py"), "pass"));
            files.push(InputFile::new(format!("dataset/humaneval/{id}/output.txt"), "None"));
            files.push(InputFile::new(format!("dataset/humaneval/{id}/input.txt"), "f()"));
        }
        let (table, _, _) = run(&files);
        let ids: Vec<_> = table.programs.iter().map(|p| (p.id.as_str(), p.extra_inputs.len())).collect();
        // HumanEval_7__0 has no base program: it stays a program of its own.
        assert_eq!(ids, [("HumanEval_0", 2), ("HumanEval_7__0", 0)]);
    }

    #[test]
    fn missing_output_and_bad_encoding_are_reported_by_file() {
        let files = [
            InputFile::new("d/b/1/main.py", "x = 1"),
            InputFile::new("d/b/1/input.txt", "f()"),
            InputFile::new("d/b/1/output.txt", b"\xff".to_vec()),
            InputFile::new("d/b/2/main.py", b"x = '\xff'".to_vec()),
            InputFile::new("d/b/2/output.txt", "1"),
            InputFile::new("main.py", "x = 1"),
            InputFile::new("output.txt", "1"),
        ];
        let (table, errors, _) = run(&files);
        assert!(table.programs.is_empty());
        let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert!(messages[0].starts_with("main.py: cannot tell the benchmark"), "{messages:?}");
        assert!(messages.iter().any(|m| m.starts_with("d/b/1: no readable output.txt")), "{messages:?}");
        assert!(messages.iter().any(|m| m.starts_with("d/b/1/output.txt:1: not UTF-8")), "{messages:?}");
        assert!(messages.iter().any(|m| m.starts_with("d/b/2/main.py:1: not UTF-8")), "{messages:?}");
    }
}
