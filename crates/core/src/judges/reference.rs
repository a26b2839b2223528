//! ExeRScope `parse_results.py`:
//! `s.strip("\n").strip().replace(' ', '').replace('"', "'")` on both sides, then `==`.

use super::is_python_space;

pub fn normalize(text: &str) -> String {
    text.trim_matches('\n').trim_matches(is_python_space).replace(' ', "").replace('"', "'")
}

pub fn is_correct(predicted: &str, expected: &str) -> bool {
    normalize(predicted) == normalize(expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_quotes_do_not_matter() {
        assert!(is_correct("\n[(4, 1), (2, 3)]\n", "[(4,1),(2,3)]"));
        assert!(is_correct("\"abc\"", "'abc'"));
        assert!(is_correct("\t'a b'\r\n", "'ab'"));
    }

    #[test]
    fn newlines_inside_and_values_do_matter() {
        assert!(!is_correct("[1,\n2]", "[1,2]"));
        assert!(!is_correct("1", "1.0"));
        assert!(!is_correct("`1`", "1"));
    }
}
