//! Turns command-line paths into the core's input files: folders are read recursively, each file
//! named by its path from the folder's parent (so `results/dataset/...` keeps its layout).
//!
//! Only regular files are read. Links are followed, but every real folder is visited once, so
//! that a link loop (`ln -s . d/loop`) neither hangs the walk nor counts a folder's files twice;
//! pipes, sockets and devices are named and skipped (reading a pipe would wait forever).

use exerscope_core::{FileError, InputFile};
use rayon::prelude::*;
use std::collections::HashSet;
use std::fs::{self, File, Metadata};
use std::io::Read;
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
                    walk.errors.push(problem(path, "empty folder: nothing in it to analyse"));
                }
            }
            Ok(metadata) => walk.keep(read_file(path, &metadata, base)),
            Err(e) => walk.errors.push(problem(path, &format!("cannot be read: {e}"))),
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
    /// The folders of one depth are listed and their files read on every core: each file is a few
    /// system calls, and the 11,009 of ExeRScope's artifact took a fifth of the CLI's time one
    /// after the other.
    fn folder(&mut self, root: &Path, metadata: &Metadata, base: &Path) {
        let start = self.files.len();
        let mut depth = Vec::new();
        let mut linked = Vec::new();
        if self.first_visit(root, metadata) {
            depth.push(root.to_path_buf());
        }
        while !depth.is_empty() {
            let listings: Vec<Listing> = depth.par_iter().map(|dir| Listing::of(dir, base)).collect();
            depth.clear();
            for listing in listings {
                self.files.extend(listing.files);
                self.errors.extend(listing.errors);
                for (path, metadata) in listing.folders {
                    if self.first_visit(&path, &metadata) {
                        depth.push(path);
                    }
                }
                linked.extend(listing.linked);
            }
            if depth.is_empty() {
                // Every real folder is read: the linked ones that lead somewhere new are next.
                while let Some((path, metadata)) = linked.pop() {
                    if self.first_visit(&path, &metadata) {
                        depth.push(path);
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
        self.errors.push(problem(path, "a folder already read (through a link): not read again"));
        false
    }

    fn keep(&mut self, file: Result<InputFile, FileError>) {
        match file {
            Ok(file) => self.files.push(file),
            Err(error) => self.errors.push(error),
        }
    }
}

/// One folder's files read, and its folders to read next.
#[derive(Default)]
struct Listing {
    files: Vec<InputFile>,
    errors: Vec<FileError>,
    folders: Vec<(PathBuf, Metadata)>,
    /// Folders reached through a link.
    linked: Vec<(PathBuf, Metadata)>,
}

impl Listing {
    /// An entry's type comes with the folder's listing: only folders and links cost a `stat`.
    fn of(dir: &Path, base: &Path) -> Listing {
        let mut listing = Listing::default();
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => {
                listing.errors.push(problem(dir, &format!("cannot read folder: {e}")));
                return listing;
            }
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let file_type = entry.file_type().ok();
            let read = if file_type.is_some_and(|t| t.is_file()) {
                read_regular_file(&path, base)
            } else {
                match fs::metadata(&path) {
                    Ok(metadata) if metadata.is_dir() => {
                        let is_link = file_type.is_none_or(|t| t.is_symlink());
                        let folders = if is_link { &mut listing.linked } else { &mut listing.folders };
                        folders.push((path, metadata));
                        continue;
                    }
                    Ok(metadata) => read_file(&path, &metadata, base),
                    Err(e) => Err(problem(&path, &format!("cannot be read: {e}"))),
                }
            };
            match read {
                Ok(file) => listing.files.push(file),
                Err(error) => listing.errors.push(error),
            }
        }
        listing.folders.sort_by(|a, b| a.0.cmp(&b.0));
        // Taken from the end (`Walk::folder`): the first in path order last.
        listing.linked.sort_by(|a, b| b.0.cmp(&a.0));
        listing
    }
}

/// A path that is not a folder, read when it is a regular file.
fn read_file(path: &Path, metadata: &Metadata, base: &Path) -> Result<InputFile, FileError> {
    if !metadata.is_file() {
        return Err(problem(path, "not a regular file (a pipe, socket or device): skipped"));
    }
    read_regular_file(path, base)
}

/// A regular file's bytes, named by its path from `base`, unless it is larger than
/// [`MAX_FILE_BYTES`] (the size of the file opened: no `stat` before).
fn read_regular_file(path: &Path, base: &Path) -> Result<InputFile, FileError> {
    let cannot_read = |e: std::io::Error| problem(path, &format!("cannot read: {e}"));
    let mut file = File::open(path).map_err(cannot_read)?;
    let size = file.metadata().map_err(cannot_read)?.len();
    if size > MAX_FILE_BYTES {
        return Err(problem(path, &format!("larger than {} MiB: skipped", MAX_FILE_BYTES >> 20)));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.read_to_end(&mut bytes).map_err(cannot_read)?;
    let name = path.strip_prefix(base).unwrap_or(path).to_string_lossy().into_owned();
    Ok(InputFile::new(name, bytes))
}

fn problem(path: &Path, message: &str) -> FileError {
    FileError::new(path.display().to_string(), message)
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
