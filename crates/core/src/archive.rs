//! `.zip` archives: their files join the input as if the user had dropped the unpacked folder.

use crate::diagnostics::FileError;
use crate::input::InputFile;
use std::io::{Cursor, Read};

/// Replaces every `.zip` among `files` by the files it holds (paths `archive.zip/inner/path`).
/// A broken archive is reported and skipped; the other files go on.
pub fn expand_archives(files: Vec<InputFile>, errors: &mut Vec<FileError>) -> Vec<InputFile> {
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        if file.path.to_ascii_lowercase().ends_with(".zip") {
            match unzip(&file) {
                Ok(inner) => out.extend(inner),
                Err(message) => errors.push(FileError::new(&file.path, message)),
            }
        } else {
            out.push(file);
        }
    }
    out
}

fn unzip(file: &InputFile) -> Result<Vec<InputFile>, String> {
    let mut archive = zip::ZipArchive::new(Cursor::new(&file.bytes[..]))
        .map_err(|e| format!("not a readable zip archive ({e}); archive skipped"))?;
    let mut inner = Vec::with_capacity(archive.len());
    for index in 0..archive.len() {
        let mut entry =
            archive.by_index(index).map_err(|e| format!("broken zip entry #{index} ({e}); archive skipped"))?;
        let name = entry
            .name()
            .map_err(|e| format!("zip entry #{index} has an unreadable name ({e}); archive skipped"))?
            .into_owned();
        if entry.is_dir() || name.starts_with("__MACOSX/") {
            continue;
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry.read_to_end(&mut bytes).map_err(|e| format!("cannot unpack {name} ({e}); archive skipped"))?;
        inner.push(InputFile::new(format!("{}/{name}", file.path), bytes));
    }
    Ok(inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zip_of(entries: &[(&str, &str)]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, text) in entries {
            writer.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
            writer.write_all(text.as_bytes()).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    #[test]
    fn zip_entries_become_files_under_the_archive_name() {
        let bytes = zip_of(&[("dataset/b/1/main.py", "x = 1"), ("dataset/b/1/output.txt", "1")]);
        let mut errors = vec![];
        let files = expand_archives(vec![InputFile::new("run.zip", bytes)], &mut errors);
        assert!(errors.is_empty());
        let paths: Vec<_> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["run.zip/dataset/b/1/main.py", "run.zip/dataset/b/1/output.txt"]);
        assert_eq!(files[0].bytes, b"x = 1");
    }

    #[test]
    fn a_broken_zip_is_reported_and_the_rest_kept() {
        let mut errors = vec![];
        let files = expand_archives(
            vec![InputFile::new("bad.zip", b"PK\x03\x04 nope".to_vec()), InputFile::new("a.txt", "a")],
            &mut errors,
        );
        assert_eq!(files.len(), 1);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].file, "bad.zip");
        assert!(errors[0].message.contains("not a readable zip"), "{}", errors[0].message);
    }
}
