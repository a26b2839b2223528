//! Turns command-line paths into the core's input files: folders are read recursively, each file
//! named by its path from the folder's parent (so `results/dataset/...` keeps its layout).

use exerscope_core::{FileError, InputFile};
use std::fs;
use std::path::{Path, PathBuf};

pub fn read_inputs(paths: &[PathBuf]) -> (Vec<InputFile>, Vec<FileError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        let base = path.parent().unwrap_or(Path::new(""));
        if path.is_dir() {
            let before = files.len();
            read_folder(path, base, &mut files, &mut errors);
            if files.len() == before {
                errors.push(FileError::new(path.display().to_string(), "empty folder: nothing in it to analyse"));
            }
        } else {
            read_file(path, base, &mut files, &mut errors);
        }
    }
    (files, errors)
}

fn read_folder(folder: &Path, base: &Path, files: &mut Vec<InputFile>, errors: &mut Vec<FileError>) {
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                errors.push(FileError::new(dir.display().to_string(), format!("cannot read folder: {e}")));
                continue;
            }
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|entry| entry.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                pending.push(path);
            } else {
                read_file(&path, base, files, errors);
            }
        }
    }
}

fn read_file(path: &Path, base: &Path, files: &mut Vec<InputFile>, errors: &mut Vec<FileError>) {
    let name = path.strip_prefix(base).unwrap_or(path).to_string_lossy().into_owned();
    match fs::read(path) {
        Ok(bytes) => files.push(InputFile::new(name, bytes)),
        Err(e) => errors.push(FileError::new(path.display().to_string(), format!("cannot read: {e}"))),
    }
}
