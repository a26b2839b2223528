//! What the readers consume: a file's path (as the user dropped it) and its bytes.

/// One input file. `path` uses `/` separators and keeps the folder structure the user dropped
/// (`dataset/cruxeval/sample_0/main.py`), or `archive.zip/inner/path` for a file inside a zip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputFile {
    pub path: String,
    pub bytes: Vec<u8>,
    /// Not read yet: a file only a program's view shows ([`crate::readers::left_unread`]), which
    /// the page reads when that view opens. Its `bytes` are empty.
    pub unread: bool,
}

impl InputFile {
    pub fn new(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        InputFile { path: path.into().replace('\\', "/"), bytes: bytes.into(), unread: false }
    }

    /// A file left unread for now (see `unread`).
    pub fn unread(path: impl Into<String>) -> Self {
        InputFile { unread: true, ..InputFile::new(path, Vec::new()) }
    }

    /// Path components, without empty ones (a leading `/` from a dropped folder is ignored).
    pub fn components(&self) -> Vec<&str> {
        self.path.split('/').filter(|c| !c.is_empty()).collect()
    }

    pub fn file_name(&self) -> &str {
        file_name_of(&self.path)
    }
}

/// The folder of the file at `path` (`a/b` for `a/b/c.txt`; empty for a file at the top).
pub fn folder_of(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(folder, _)| folder)
}

/// The deepest folder that holds all of `folders` (`a/b` for `a/b/c` and `a/b/d/e`; empty when
/// they share none).
pub fn common_folder<'a>(folders: impl IntoIterator<Item = &'a str>) -> &'a str {
    let mut folders = folders.into_iter();
    let Some(mut common) = folders.next() else { return "" };
    for folder in folders {
        while !(folder == common || folder.starts_with(common) && folder[common.len()..].starts_with('/')) {
            common = folder_of(common);
            if common.is_empty() {
                return "";
            }
        }
    }
    common
}

/// The name of the file at `path` (`c.txt` for `a/b/c.txt`).
pub fn file_name_of(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_folder_is_the_deepest_holding_all() {
        assert_eq!(common_folder(["a/b/c", "a/b/d/e"]), "a/b");
        assert_eq!(common_folder(["a/bc", "a/b"]), "a", "a folder is a whole name, not a prefix");
        assert_eq!(common_folder(["a/b", "a/b"]), "a/b");
        assert_eq!(common_folder(["a/b", "x/y"]), "");
        assert_eq!(common_folder([]), "");
    }
}
