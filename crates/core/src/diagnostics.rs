//! Problems with input files. Each one names the file (and the line where there is one); the
//! analysis always goes on with the other files.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileError {
    pub file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    pub message: String,
}

impl FileError {
    pub fn new(file: impl Into<String>, message: impl Into<String>) -> Self {
        FileError { file: file.into(), line: None, message: message.into() }
    }

    pub fn at_line(file: impl Into<String>, line: usize, message: impl Into<String>) -> Self {
        FileError { file: file.into(), line: Some(line), message: message.into() }
    }
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// Decodes a file as UTF-8 text the way Python's `open()` reads it in text mode (a byte-order
/// mark dropped, `\r\n` and `\r` read as `\n`), or explains where it is not UTF-8. The reference
/// tools compare texts read that way.
pub fn utf8_text(path: &str, bytes: &[u8]) -> Result<String, FileError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(universal_newlines(text.strip_prefix('\u{feff}').unwrap_or(text))),
        Err(e) => {
            let offset = e.valid_up_to();
            let line = bytes[..offset].iter().filter(|&&b| b == b'\n').count() + 1;
            Err(FileError::at_line(
                path,
                line,
                format!("not UTF-8 text (invalid byte at offset {offset}); file skipped"),
            ))
        }
    }
}

fn universal_newlines(text: &str) -> String {
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_names_the_line() {
        let err = utf8_text("a/b.txt", b"ok\nfine\n\xff\xfe").unwrap_err();
        assert_eq!(err.line, Some(3));
        assert!(err.message.contains("not UTF-8"));
        assert_eq!(err.to_string(), "a/b.txt:3: not UTF-8 text (invalid byte at offset 8); file skipped");
    }

    #[test]
    fn newlines_are_read_as_python_reads_them() {
        assert_eq!(utf8_text("x", b"a\r\nb\rc\n").unwrap(), "a\nb\nc\n");
    }

    #[test]
    fn bom_is_dropped() {
        assert_eq!(utf8_text("x", "\u{feff}hi".as_bytes()).unwrap(), "hi");
    }
}
