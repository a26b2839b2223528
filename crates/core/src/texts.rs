//! Columns of strings for a million rows: [`Texts`] keeps them end to end in one buffer (a short
//! answer costs its bytes and an offset, not a heap allocation and a 24-byte `String`),
//! [`SharedTexts`] keeps each distinct string once (the file a prediction came from: one file
//! holds a model's 10,000 predictions), and [`SparseTexts`] keeps the strings of the rows that
//! have one (a prediction's own input, its raw response: most have neither); [`cut`] shortens one
//! for showing, and [`thousands`] writes a count as people read it.

use foldhash::HashMap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Index;

/// `text` cut to its first `chars` characters, an ellipsis marking the cut: a value shown in a
/// message or a table cell whole only when short.
pub fn cut(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// A count with thousands separated: `50,000`.
pub fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Strings kept end to end, indexed like a `Vec<String>` (`texts[i]` is a `&str`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Texts {
    text: String,
    /// Where each string ends in `text`.
    ends: Vec<usize>,
}

impl Texts {
    /// Room for `rows` strings of `bytes` in all: read once, the column is never copied to grow.
    pub fn with_capacity(rows: usize, bytes: usize) -> Self {
        Texts { text: String::with_capacity(bytes), ends: Vec::with_capacity(rows) }
    }

    pub fn push(&mut self, text: &str) {
        self.text.push_str(text);
        self.ends.push(self.text.len());
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The bytes of all the strings.
    pub fn bytes(&self) -> usize {
        self.text.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    pub fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)?;
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        Some(&self.text[start..end])
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        (0..self.len()).map(|i| &self[i])
    }
}

impl Index<usize> for Texts {
    type Output = str;

    fn index(&self, index: usize) -> &str {
        self.get(index).unwrap_or_else(|| panic!("text {index} of {}", self.len()))
    }
}

impl<S: AsRef<str>> FromIterator<S> for Texts {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Self {
        let mut texts = Texts::default();
        texts.extend(iter);
        texts
    }
}

impl<S: AsRef<str>> Extend<S> for Texts {
    fn extend<I: IntoIterator<Item = S>>(&mut self, iter: I) {
        for text in iter {
            self.push(text.as_ref());
        }
    }
}

impl<S: AsRef<str>> PartialEq<[S]> for Texts {
    fn eq(&self, other: &[S]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Texts {
    fn eq(&self, other: &[S; N]) -> bool {
        *self == other[..]
    }
}

/// Strings many rows share: each distinct one kept once, a row holds its number.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedTexts {
    distinct: Texts,
    rows: Vec<u32>,
}

impl SharedTexts {
    /// Adds a row of `text`; `known` holds the number of each string kept so far (the caller
    /// keeps it while adding rows). Rows come in runs (a file's model, its path): a row like the
    /// last is not looked up.
    pub fn push(&mut self, text: &str, known: &mut HashMap<String, u32>) {
        let number = match self.rows.last() {
            Some(&last) if &self.distinct[last as usize] == text => last,
            _ => match known.get(text) {
                Some(&number) => number,
                None => {
                    let next = self.distinct.len() as u32;
                    known.insert(text.to_owned(), next);
                    self.distinct.push(text);
                    next
                }
            },
        };
        self.rows.push(number);
    }

    /// Each row's string as its number among the distinct strings ([`Self::distinct`]).
    pub fn numbers(&self) -> &[u32] {
        &self.rows
    }

    /// The distinct strings, each once, in the order they came.
    pub fn distinct(&self) -> &Texts {
        &self.distinct
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.rows.iter().map(|&number| &self.distinct[number as usize])
    }
}

impl Index<usize> for SharedTexts {
    type Output = str;

    fn index(&self, index: usize) -> &str {
        &self.distinct[self.rows[index] as usize]
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for SharedTexts {
    fn eq(&self, other: &[S; N]) -> bool {
        self.len() == N && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

/// Optional strings most rows lack: a row without one costs nothing, a row with one its number,
/// an offset and its bytes (a `Vec<Option<String>>` costs 24 bytes a row). A string given after
/// the column is built (a raw response read when its program is shown) is kept beside.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SparseTexts {
    /// The rows that have a string, ascending; `texts` holds theirs in the same order.
    rows: Vec<u32>,
    texts: Texts,
    len: usize,
    /// Strings given after the column was built, by row.
    later: BTreeMap<u32, String>,
}

impl SparseTexts {
    pub fn push(&mut self, text: Option<&str>) {
        if let Some(text) = text {
            self.rows.push(self.len as u32);
            self.texts.push(text);
        }
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Row `row`'s string, if it has one.
    pub fn get(&self, row: usize) -> Option<&str> {
        let row = u32::try_from(row).ok()?;
        if let Some(text) = self.later.get(&row) {
            return Some(text);
        }
        self.rows.binary_search(&row).ok().map(|at| &self.texts[at])
    }

    /// Gives row `row` the string `text` (in place of any it had).
    pub fn set(&mut self, row: usize, text: String) {
        assert!(row < self.len, "row {row} of {}", self.len);
        self.later.insert(row as u32, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated() {
        let shown: Vec<String> = [0, 999, 1000, 50_000, 1_234_567].into_iter().map(thousands).collect();
        assert_eq!(shown, ["0", "999", "1,000", "50,000", "1,234,567"]);
    }

    #[test]
    fn strings_end_to_end_read_back_one_by_one() {
        let texts: Texts = ["'a b'", "", "[1, 2]", "é"].into_iter().collect();
        assert_eq!((texts.len(), texts.bytes()), (4, 13));
        assert_eq!((&texts[0], &texts[1], &texts[2], &texts[3]), ("'a b'", "", "[1, 2]", "é"));
        assert_eq!(texts.get(4), None);
        assert_eq!(texts.iter().collect::<Vec<_>>(), ["'a b'", "", "[1, 2]", "é"]);
        assert_eq!(texts, ["'a b'", "", "[1, 2]", "é"]);
        assert!(Texts::default().is_empty());
    }

    #[test]
    fn sparse_strings_cost_nothing_where_absent() {
        let mut sparse = SparseTexts::default();
        for text in [None, Some("f(1)"), None, None, Some("")] {
            sparse.push(text);
        }
        let read: Vec<Option<&str>> = (0..6).map(|row| sparse.get(row)).collect();
        assert_eq!(read, [None, Some("f(1)"), None, None, Some(""), None]);
        assert_eq!((sparse.len(), sparse.rows.len()), (5, 2));
        sparse.set(2, "read later".to_owned());
        sparse.set(1, "f(2)".to_owned());
        assert_eq!((sparse.get(1), sparse.get(2), sparse.get(3)), (Some("f(2)"), Some("read later"), None));
    }

    #[test]
    fn shared_strings_are_kept_once() {
        let (mut shared, mut known) = (SharedTexts::default(), HashMap::default());
        for path in ["a.jsonl", "a.jsonl", "b.jsonl", "a.jsonl"] {
            shared.push(path, &mut known);
        }
        assert_eq!(shared, ["a.jsonl", "a.jsonl", "b.jsonl", "a.jsonl"]);
        assert_eq!((&shared[2], shared.len()), ("b.jsonl", 4));
        assert_eq!(
            (shared.distinct(), shared.numbers()),
            (&["a.jsonl", "b.jsonl"].into_iter().collect(), &[0, 0, 1, 0][..])
        );
    }
}
