//! CodeMind `scripts/parse_result.py::get_result`: delete `\n` and spaces, `"` → `'`, drop one
//! leading and one trailing `'` or backtick from each side, and delete `[END-OF-RESPONSE]` from
//! the prediction only, in that order.

const END_MARKER: &str = "[END-OF-RESPONSE]";

fn normalize(text: &str) -> String {
    let squeezed = text.replace(['\n', ' '], "").replace('"', "'");
    let quote = |c: char| c == '\'' || c == '`';
    let start = squeezed.strip_prefix(quote).unwrap_or(&squeezed);
    start.strip_suffix(quote).unwrap_or(start).to_owned()
}

pub fn is_correct(predicted: &str, expected: &str) -> bool {
    normalize(predicted).replace(END_MARKER, "") == normalize(expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outer_quotes_backticks_and_newlines_go() {
        assert!(is_correct("`YES`", "YES\n"));
        assert!(is_correct("'abc'", "abc"));
        assert!(is_correct("[1,\n 2]", "[1, 2]"));
        assert!(is_correct("3[END-OF-RESPONSE]", "3"));
    }

    #[test]
    fn only_one_pair_of_quotes_goes() {
        assert!(!is_correct("''abc''", "abc"));
        assert!(!is_correct("1", "1.0"));
        assert!(!is_correct("NOANSWER", "3"));
    }
}
