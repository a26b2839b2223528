//! Python values compared with Python's `==` (SPEC §3): both sides parsed as literals; calls
//! whose arguments are literals (input predictions, `f([1, 2], 'a')`) compare by name and by
//! their arguments' values, read as the runs read them ([`crate::execution::call`]); otherwise the
//! reference rule decides. Outputs of other languages (Java, CRUXEval-X's) are their text:
//! trimmed and compared.

use super::is_python_space;
use crate::execution::call::data_call;
use crate::pyliteral::{parse, python_eq};
use crate::table::Language;

pub fn is_correct(predicted: &str, expected: &str, language: Language) -> bool {
    if language != Language::Python {
        return predicted.trim_matches(is_python_space) == expected.trim_matches(is_python_space);
    }
    match (parse(predicted), parse(expected)) {
        (Ok(p), Ok(e)) => python_eq(&p, &e),
        _ => match (data_call(predicted), data_call(expected)) {
            (Some(p), Some(e)) => p.equals(&e),
            _ => super::reference::is_correct(predicted, expected),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_equality_of_values() {
        assert!(is_correct("1.0", "1", Language::Python));
        assert!(is_correct("{'b': 2, 'a': 1}", "{'a': 1, 'b': 2}", Language::Python));
        assert!(is_correct("\"it's\"", "'it\\'s'", Language::Python));
        assert!(!is_correct("[1, 2]", "(1, 2)", Language::Python));
        assert!(!is_correct("'1'", "1", Language::Python));
    }

    #[test]
    fn calls_compare_by_name_and_argument_values() {
        assert!(is_correct("f(\"K KBz\")", "f('K KBz')", Language::Python));
        assert!(is_correct("f([1, 2], {'a': 1})", "f([1, 2.0], {'a': True})", Language::Python));
        assert!(is_correct("f()", "f( )", Language::Python));
        assert!(!is_correct("f(1)", "g(1)", Language::Python));
        assert!(!is_correct("f(1, 2)", "f((1, 2))", Language::Python), "two arguments are not one tuple");
        assert!(!is_correct("f(x=1)", "f(1)", Language::Python), "a keyword is not a position");
        assert!(is_correct("f(x=1.0)", "f(x = 1)", Language::Python));
        assert!(!is_correct("f(list(range(2)))", "f([0, 1])", Language::Python), "expressions: the text rule");
    }

    #[test]
    fn text_rule_when_not_a_literal() {
        assert!(is_correct("hello world", "helloworld", Language::Python));
        assert!(!is_correct("f(1)", "2", Language::Python));
    }

    #[test]
    fn java_compares_trimmed_text() {
        assert!(is_correct(" YES\n", "YES", Language::Java));
        assert!(!is_correct("1.0", "1", Language::Java));
    }
}
