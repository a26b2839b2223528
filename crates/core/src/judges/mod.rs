//! Judges decide whether a predicted answer counts as correct (SPEC §3). Every prediction gets a
//! verdict from each judge up front, so switching the judge in the app is instant.

mod lenient;
mod reference;
mod value;

use crate::table::Language;
use crate::units::units;

units! {
    pub enum Judge {
        /// ExeRScope's `parse_results.py`: strip, drop spaces, `"` → `'`, compare.
        Reference => "reference", "ExeRScope's rule: trim, delete spaces, \" → ', then compare text";
        /// CodeMind's `get_result`: also drops newlines and one pair of outer quotes or backticks.
        Lenient => "lenient", "CodeMind's rule: also deletes newlines and one pair of outer quotes or backticks";
        /// Python literals compared with Python's `==`; the reference rule for anything else.
        Value => "value", "compares Python values (1 == 1.0, dict order ignored); text rule otherwise";
    }
}

/// One value per judge, in [`Judge::ALL`] order (a prediction's verdicts, a column of them).
pub type PerJudge<T> = [T; Judge::ALL.len()];

impl Judge {
    /// Position in [`Judge::ALL`], for per-judge columns.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn is_correct(self, predicted: &str, expected: &str, language: Language) -> bool {
        match self {
            Judge::Reference => reference::is_correct(predicted, expected),
            Judge::Lenient => lenient::is_correct(predicted, expected),
            Judge::Value => value::is_correct(predicted, expected, language),
        }
    }
}

/// Python's `str.isspace`, which `strip()` uses: Unicode whitespace plus the ASCII separators
/// U+001C..U+001F that Rust does not count as whitespace.
pub(crate) fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}
