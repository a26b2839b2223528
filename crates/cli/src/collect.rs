//! Turns command-line paths into the core's input files: folders are read recursively, each file
//! named by its path from the folder's parent (so `results/dataset/...` keeps its layout).
//!
//! Only regular files are read. Links are followed, but every real folder is visited once, so
//! that a link loop (`ln -s . d/loop`) neither hangs the walk nor counts a folder's files twice;
//! pipes, sockets and devices are named and skipped (reading a pipe would wait forever).

use exerscope_core::{FileError, InputFile};
use std::collections::HashSet;
use std::fs::{self, Metadata};
use std::path::{Path, PathBuf};

/// A file larger than this is named and skipped (the analysis holds every file in memory).
pub const MAX_FILE_BYTES: u64 = 1 << 30;

pub fn read_inputs(paths: &[PathBuf]) -> (Vec<InputFile>, Vec<FileError>) {
    let mut walk = Walk::default();
    for path in paths {
        let base = path.parent().unwrap_or(Path::new(""));
        match fs::metadata(path) {
            Ok(metadata) if metadata.is_dir() => {
                let before = walk.files.len();
                walk.folder(path, &metadata, base);
                if walk.files.len() == before {
                    walk.problem(path, "empty folder: nothing in it to analyse");
                }
            }
            Ok(metadata) => walk.file(path, &metadata, base),
            Err(e) => walk.problem(path, &format!("cannot be read: {e}")),
        }
    }
    (walk.files, walk.errors)
}

#[derive(Default)]
struct Walk {
    files: Vec<InputFile>,
    errors: Vec<FileError>,
    /// Folders already read, by device and inode.
    visited: HashSet<(u64, u64)>,
}

impl Walk {
    /// Reads every file below `root`, in the order of their paths. Folders reached through links
    /// are read after all the others, so that a folder is named by its own path where it has one.
    fn folder(&mut self, root: &Path, metadata: &Metadata, base: &Path) {
        let start = self.files.len();
        let mut pending = Vec::new();
        let mut linked = Vec::new();
        if self.first_visit(root, metadata) {
            pending.push(root.to_path_buf());
        }
        while let Some(dir) = pending.pop() {
            let entries = match fs::read_dir(&dir) {
                Ok(entries) => entries,
                Err(e) => {
                    self.problem(&dir, &format!("cannot read folder: {e}"));
                    continue;
                }
            };
            let mut paths: Vec<PathBuf> = entries.filter_map(|entry| entry.ok().map(|e| e.path())).collect();
            paths.sort();
            for path in paths.into_iter().rev() {
                let is_link = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
                match fs::metadata(&path) {
                    Ok(metadata) if metadata.is_dir() && is_link => linked.push((path, metadata)),
                    Ok(metadata) if metadata.is_dir() => {
                        if self.first_visit(&path, &metadata) {
                            pending.push(path);
                        }
                    }
                    Ok(metadata) => self.file(&path, &metadata, base),
                    Err(e) => self.problem(&path, &format!("cannot be read: {e}")),
                }
            }
            if pending.is_empty() {
                // Every real folder is read: the linked ones that lead somewhere new are next.
                while let Some((path, metadata)) = linked.pop() {
                    if self.first_visit(&path, &metadata) {
                        pending.push(path);
                        break;
                    }
                }
            }
        }
        self.files[start..].sort_by(|a, b| a.path.cmp(&b.path));
    }

    /// `true` the first time a real folder is met; a folder met again (through a link) is named.
    fn first_visit(&mut self, path: &Path, metadata: &Metadata) -> bool {
        if self.visited.insert(identity(metadata)) {
            return true;
        }
        self.problem(path, "a folder already read (through a link): not read again");
        false
    }

    fn file(&mut self, path: &Path, metadata: &Metadata, base: &Path) {
        if !metadata.is_file() {
            return self.problem(path, "not a regular file (a pipe, socket or device): skipped");
        }
        if metadata.len() > MAX_FILE_BYTES {
            return self.problem(path, &format!("larger than {} MiB: skipped", MAX_FILE_BYTES >> 20));
        }
        let name = path.strip_prefix(base).unwrap_or(path).to_string_lossy().into_owned();
        match fs::read(path) {
            Ok(bytes) => self.files.push(InputFile::new(name, bytes)),
            Err(e) => self.problem(path, &format!("cannot read: {e}")),
        }
    }

    fn problem(&mut self, path: &Path, message: &str) {
        self.errors.push(FileError::new(path.display().to_string(), message));
    }
}

#[cfg(unix)]
fn identity(metadata: &Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (metadata.dev(), metadata.ino())
}

/// Without inodes, folders are told apart by nothing: links cannot loop on such systems' walks
/// either way, as `read_dir` does not follow them.
#[cfg(not(unix))]
fn identity(_metadata: &Metadata) -> (u64, u64) {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    (0, NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn temp_folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("exerscope-collect-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("d/sub")).unwrap();
        fs::write(dir.join("d/a.txt"), "a").unwrap();
        fs::write(dir.join("d/sub/b.txt"), "b").unwrap();
        dir
    }

    fn paths(files: &[InputFile]) -> Vec<&str> {
        files.iter().map(|f| f.path.as_str()).collect()
    }

    #[test]
    fn link_loops_are_read_once_and_named() {
        let dir = temp_folder("loop");
        symlink(".", dir.join("d/loop")).unwrap();
        symlink("..", dir.join("d/sub/up")).unwrap();
        let (files, errors) = read_inputs(&[dir.join("d")]);
        assert_eq!(paths(&files), ["d/a.txt", "d/sub/b.txt"]);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors.iter().all(|e| e.message.contains("already read")), "{errors:?}");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_folder_is_named_by_its_own_path_before_a_link_to_it() {
        let dir = temp_folder("names");
        symlink("sub", dir.join("d/aaa")).unwrap();
        let (files, errors) = read_inputs(&[dir.join("d")]);
        assert_eq!(paths(&files), ["d/a.txt", "d/sub/b.txt"]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].file.ends_with("d/aaa"));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn pipes_are_skipped_with_a_message() {
        let dir = temp_folder("pipe");
        let fifo = dir.join("d/fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let (files, errors) = read_inputs(&[dir.join("d"), fifo.clone()]);
        assert_eq!(paths(&files), ["d/a.txt", "d/sub/b.txt"]);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors.iter().all(|e| e.file.ends_with("fifo") && e.message.contains("not a regular file")));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn linked_files_are_read_under_their_own_names() {
        let dir = temp_folder("files");
        symlink("a.txt", dir.join("d/linked.txt")).unwrap();
        let (files, errors) = read_inputs(&[dir.join("d")]);
        assert_eq!(paths(&files), ["d/a.txt", "d/linked.txt", "d/sub/b.txt"]);
        assert!(errors.is_empty(), "{errors:?}");
        fs::remove_dir_all(dir).unwrap();
    }
}
