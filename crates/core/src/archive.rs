//! `.zip` archives: their files join the input as if the user had dropped the unpacked folder.
//!
//! An archive is data from anyone: nothing in its headers is trusted. Entries are unpacked by
//! reading at most what the limits still allow (never into a buffer sized from a header), the
//! whole drop unpacks to at most [`MAX_UNPACKED_BYTES`], archives inside archives are opened to
//! [`MAX_NESTING`] levels, and entries whose names leave the archive (`../x`, `/etc/x`) are named
//! and skipped. An archive that breaks a limit is skipped whole, with a message naming it.
//!
//! The responses only a program's view shows ([`crate::readers::left_unread`]) stay packed until
//! it opens ([`Packed`]): in the ExeRScope fixture, two thirds of the compressed bytes.

use crate::diagnostics::FileError;
use crate::input::InputFile;
use foldhash::{HashMap, HashMapExt};
use std::io::{Cursor, Read};

/// What all archives of one drop may unpack to, together.
pub const MAX_UNPACKED_BYTES: u64 = 512 << 20;
/// How many files all archives of one drop may hold, together.
pub const MAX_ENTRIES: usize = 1_000_000;
/// Archives inside archives are opened this deep (a zip in a zip in a zip).
pub const MAX_NESTING: usize = 3;
/// What one entry left packed may unpack to, when its program is shown.
pub const MAX_PACKED_BYTES: u64 = 64 << 20;

/// Replaces every `.zip` among `files` by the files it holds (paths `archive.zip/inner/path`);
/// those only a program's view shows come unread, and `packed` unpacks them. A broken archive,
/// or one past a limit, is reported and skipped; the other files go on.
pub fn expand_archives(files: Vec<InputFile>, packed: &mut Packed, errors: &mut Vec<FileError>) -> Vec<InputFile> {
    expand_within(files, Budget { bytes: MAX_UNPACKED_BYTES, entries: MAX_ENTRIES }, packed, errors)
}

/// The entries of a drop's archives left packed (as [`InputFile::unread`] files): unpacked when
/// their program's view is shown.
#[derive(Default)]
pub struct Packed {
    archives: Vec<zip::ZipArchive<Cursor<Vec<u8>>>>,
    /// Each packed entry's path, with its archive and its index there.
    entries: HashMap<String, (usize, usize)>,
}

impl Packed {
    pub fn holds(&self, path: &str) -> bool {
        self.entries.contains_key(path)
    }

    /// The bytes of the packed entry at `path`, unpacked now (at most [`MAX_PACKED_BYTES`]); an
    /// error says why they cannot be.
    pub fn unpack(&mut self, path: &str) -> Result<Vec<u8>, String> {
        let &(archive, index) = self.entries.get(path).ok_or("not in an archive of the drop")?;
        let mut entry = self.archives[archive].by_index(index).map_err(|e| format!("a broken zip entry ({e})"))?;
        unpack_at_most(&mut entry, MAX_PACKED_BYTES)
            .map_err(|e| format!("cannot unpack it ({e})"))?
            .ok_or_else(|| format!("it unpacks to more than {} MiB", MAX_PACKED_BYTES >> 20))
    }
}

/// An entry's bytes if it unpacks to at most `limit`: one byte past is read, so that a longer
/// entry is known without unpacking it further.
fn unpack_at_most(entry: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    entry.take(limit + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

fn expand_within(
    files: Vec<InputFile>,
    mut budget: Budget,
    packed: &mut Packed,
    errors: &mut Vec<FileError>,
) -> Vec<InputFile> {
    let mut out = Vec::with_capacity(files.len());
    let mut pending: Vec<(InputFile, usize)> = files.into_iter().rev().map(|file| (file, 0)).collect();
    while let Some((file, depth)) = pending.pop() {
        if !is_archive(&file) {
            out.push(file);
            continue;
        }
        if depth == MAX_NESTING {
            errors.push(FileError::new(
                &file.path,
                format!("an archive nested deeper than {MAX_NESTING} archives; skipped"),
            ));
            continue;
        }
        let path = file.path.clone();
        match unzip(file, &mut budget, packed, errors) {
            Ok(inner) if inner.is_empty() => errors.push(FileError::new(&path, "empty archive: no files in it")),
            Ok(inner) => pending.extend(inner.into_iter().rev().map(|inner| (inner, depth + 1))),
            Err(message) => errors.push(FileError::new(&path, message)),
        }
    }
    out
}

fn is_archive(file: &InputFile) -> bool {
    file.path.to_ascii_lowercase().ends_with(".zip")
}

/// Whether an entry's path points outside the archive: absolute, or climbing above its root.
fn leaves_archive(name: &str) -> bool {
    let mut depth = 0usize;
    let absolute = name.starts_with(['/', '\\']) || name.as_bytes().get(1) == Some(&b':');
    absolute
        || name.split(['/', '\\']).any(|component| match component {
            ".." => depth.checked_sub(1).map(|d| depth = d).is_none(),
            "" | "." => false,
            _ => {
                depth += 1;
                false
            }
        })
}

/// What the drop's archives may still unpack to.
struct Budget {
    bytes: u64,
    entries: usize,
}

fn unzip(
    file: InputFile,
    budget: &mut Budget,
    packed: &mut Packed,
    errors: &mut Vec<FileError>,
) -> Result<Vec<InputFile>, String> {
    let mut archive = zip::ZipArchive::new(Cursor::new(file.bytes))
        .map_err(|e| format!("not a readable zip archive ({e}); archive skipped"))?;
    if archive.len() > budget.entries {
        return Err(format!(
            "archive too large: it holds {} entries, more than the {MAX_ENTRIES} a drop may hold; archive skipped",
            archive.len()
        ));
    }
    let names = (0..archive.len())
        .map(|index| match archive.name_for_index(index) {
            Some(Ok(name)) => Ok(name.into_owned()),
            Some(Err(e)) => Err(format!("zip entry #{index} has an unreadable name ({e}); archive skipped")),
            None => Err(format!("broken zip entry #{index}; archive skipped")),
        })
        .collect::<Result<Vec<String>, String>>()?;
    let paths: Vec<String> = names.iter().map(|name| format!("{}/{name}", file.path)).collect();
    // What only a program's view shows stays packed, unpacked when it opens.
    let later = crate::readers::left_unread(&paths);
    let mut left_packed = HashMap::new();
    let mut inner = Vec::new();
    let mut unpacked = 0;
    for (index, (name, path)) in names.iter().zip(paths).enumerate() {
        if name.starts_with("__MACOSX/") {
            continue;
        }
        if leaves_archive(name) {
            errors.push(FileError::new(
                path,
                "an archive entry whose path leaves the archive (absolute, or through ..); skipped",
            ));
            continue;
        }
        if later[index] && !name.ends_with('/') {
            left_packed.insert(path.clone(), (packed.archives.len(), index));
            inner.push(InputFile::unread(path));
            continue;
        }
        let mut entry =
            archive.by_index(index).map_err(|e| format!("broken zip entry #{index} ({e}); archive skipped"))?;
        if entry.is_dir() {
            continue;
        }
        let bytes = unpack_at_most(&mut entry, budget.bytes - unpacked)
            .map_err(|e| format!("cannot unpack {name} ({e}); archive skipped"))?
            .ok_or_else(|| {
                format!(
                    "archive too large: with the files before it, it unpacks to more than {} MiB (at {name}); \
                     archive skipped",
                    MAX_UNPACKED_BYTES >> 20
                )
            })?;
        unpacked += bytes.len() as u64;
        inner.push(InputFile::new(path, bytes));
    }
    budget.bytes -= unpacked;
    budget.entries -= inner.len();
    if !left_packed.is_empty() {
        packed.entries.extend(left_packed);
        packed.archives.push(archive);
    }
    Ok(inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in entries {
            writer.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
            writer.write_all(bytes).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    #[test]
    fn what_no_reader_reads_stays_packed_and_its_folders_are_no_files() {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        writer.add_directory("r/dataset/re2-bench/dependency/", zip::write::SimpleFileOptions::default()).unwrap();
        writer.start_file("r/dataset/re2-bench/dependency/a.py", zip::write::SimpleFileOptions::default()).unwrap();
        writer.write_all(b"x = 1").unwrap();
        let bytes = writer.finish().unwrap().into_inner();
        let mut errors = vec![];
        let files = expand_archives(vec![InputFile::new("d.zip", bytes)], &mut Packed::default(), &mut errors);
        let found: Vec<(&str, bool)> = files.iter().map(|f| (f.path.as_str(), f.unread)).collect();
        assert_eq!(found, [("d.zip/r/dataset/re2-bench/dependency/a.py", true)], "{errors:?}");
    }

    fn expand(files: Vec<InputFile>) -> (Vec<String>, Vec<FileError>) {
        let mut errors = vec![];
        let files = expand_archives(files, &mut Packed::default(), &mut errors);
        (files.into_iter().map(|f| f.path).collect(), errors)
    }

    #[test]
    fn zip_entries_become_files_under_the_archive_name() {
        let bytes = zip_of(&[("dataset/b/1/main.py", b"x = 1"), ("dataset/b/1/output.txt", b"1")]);
        let mut errors = vec![];
        let files = expand_archives(vec![InputFile::new("run.zip", bytes)], &mut Packed::default(), &mut errors);
        assert!(errors.is_empty());
        let paths: Vec<_> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["run.zip/dataset/b/1/main.py", "run.zip/dataset/b/1/output.txt"]);
        assert_eq!(files[0].bytes, b"x = 1");
    }

    #[test]
    fn a_broken_zip_is_reported_and_the_rest_kept() {
        let (paths, errors) =
            expand(vec![InputFile::new("bad.zip", b"PK\x03\x04 nope".to_vec()), InputFile::new("a.txt", "a")]);
        assert_eq!(paths, ["a.txt"]);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].file, "bad.zip");
        assert!(errors[0].message.contains("not a readable zip"), "{}", errors[0].message);
    }

    #[test]
    fn archives_in_archives_open_to_a_depth() {
        let innermost = zip_of(&[("a.txt", b"a")]);
        let inner = zip_of(&[("in.zip", &innermost), ("b.txt", b"b")]);
        let (paths, errors) = expand(vec![InputFile::new("out.zip", zip_of(&[("mid.zip", &inner)]))]);
        assert_eq!(paths, ["out.zip/mid.zip/in.zip/a.txt", "out.zip/mid.zip/b.txt"]);
        assert!(errors.is_empty(), "{errors:?}");
        let deeper = zip_of(&[("x.zip", &zip_of(&[("y.zip", &zip_of(&[("z.zip", &innermost)]))]))]);
        let (paths, errors) = expand(vec![InputFile::new("w.zip", deeper)]);
        assert!(paths.is_empty());
        assert_eq!(errors[0].file, "w.zip/x.zip/y.zip/z.zip");
        assert!(errors[0].message.contains("nested deeper"), "{errors:?}");
    }

    #[test]
    fn entries_leaving_the_archive_are_named_and_skipped() {
        let bytes = zip_of(&[("../evil.txt", b"x"), ("/etc/passwd", b"y"), ("ok/../fine.txt", b"z")]);
        let (paths, errors) = expand(vec![InputFile::new("a.zip", bytes)]);
        assert_eq!(paths, ["a.zip/ok/../fine.txt"]);
        let named: Vec<&str> = errors.iter().map(|e| e.file.as_str()).collect();
        assert_eq!(named, ["a.zip/../evil.txt", "a.zip//etc/passwd"]);
        assert!(errors.iter().all(|e| e.message.contains("leaves the archive")));
    }

    #[test]
    fn an_archive_that_unpacks_past_the_limit_is_skipped_without_unpacking_it_all() {
        // 8 MiB of zeros deflate to a few kilobytes; the limit here is 1 MiB.
        let bomb = zip_of(&[("zeros.txt", &vec![0u8; 8 << 20])]);
        assert!(bomb.len() < 64 << 10);
        let mut errors = vec![];
        let files = vec![InputFile::new("bomb.zip", bomb), InputFile::new("a.txt", "a")];
        let files = expand_within(files, Budget { bytes: 1 << 20, entries: 10 }, &mut Packed::default(), &mut errors);
        assert_eq!(files.len(), 1);
        assert!(errors[0].message.starts_with("archive too large"), "{errors:?}");
        let many = zip_of(&[("a", b"a"), ("b", b"b")]);
        let files = expand_within(
            vec![InputFile::new("many.zip", many)],
            Budget { bytes: 10, entries: 1 },
            &mut Packed::default(),
            &mut errors,
        );
        assert!(files.is_empty() && errors[1].message.contains("2 entries"), "{errors:?}");
    }

    #[test]
    fn sizes_claimed_by_headers_are_not_trusted() {
        // Every header of a stored entry claims 2^32 - 1 bytes (packed and unpacked); the data is 3.
        let mut bytes = zip_of(&[("a.txt", b"abc")]);
        let lie = u32::MAX.to_le_bytes();
        for (signature, sizes_at) in [(&b"PK\x03\x04"[..], 18), (&b"PK\x01\x02"[..], 20)] {
            let at = bytes.windows(4).position(|w| w == signature).unwrap() + sizes_at;
            bytes[at..at + 4].copy_from_slice(&lie);
            bytes[at + 4..at + 8].copy_from_slice(&lie);
        }
        let mut errors = vec![];
        let files =
            expand_archives(vec![InputFile::new("lie.zip", bytes.clone())], &mut Packed::default(), &mut errors);
        let unpacked: usize = files.iter().map(|f| f.bytes.len()).sum();
        assert!(unpacked <= bytes.len(), "no more than the archive holds: {unpacked}");
        assert!(errors.iter().all(|e| e.file == "lie.zip"), "{errors:?}");
    }

    #[test]
    fn paths_that_leave_the_archive() {
        for name in ["../x", "/etc/passwd", "a/../../x", "\\server\\x", "C:/x", "a/b/../../../x"] {
            assert!(leaves_archive(name), "{name}");
        }
        for name in ["x", "a/../x", "./a/x", "a//b", "..a/x"] {
            assert!(!leaves_archive(name), "{name}");
        }
    }

    #[test]
    fn an_empty_archive_is_named() {
        let (paths, errors) = expand(vec![InputFile::new("empty.zip", zip_of(&[]))]);
        assert!(paths.is_empty());
        assert_eq!(errors, [FileError::new("empty.zip", "empty archive: no files in it")]);
    }
}
