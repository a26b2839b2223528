//! Python values compared with Python's `==` (SPEC §3): both sides parsed as literals; calls
//! whose arguments are literals (input predictions, `f([1, 2], 'a')`) compare by name and by
//! their arguments' values; otherwise the reference rule decides. Java outputs are printed text:
//! trimmed and compared.

use super::is_python_space;
use crate::pyliteral::{parse, python_eq, Value};
use crate::table::Language;

pub fn is_correct(predicted: &str, expected: &str, language: Language) -> bool {
    if language == Language::Java {
        return predicted.trim_matches(is_python_space) == expected.trim_matches(is_python_space);
    }
    match (parse(predicted), parse(expected)) {
        (Ok(p), Ok(e)) => python_eq(&p, &e),
        _ => match (call(predicted), call(expected)) {
            (Some((name_p, args_p)), Some((name_e, args_e))) => name_p == name_e && python_eq(&args_p, &args_e),
            _ => super::reference::is_correct(predicted, expected),
        },
    }
}

/// `name(arguments)` as the name and the arguments as one tuple value, when every argument is a
/// literal (no keywords, no expressions).
fn call(text: &str) -> Option<(&str, Value)> {
    let text = text.trim_matches(is_python_space);
    let (name, rest) = text.split_once('(')?;
    let name = name.trim_matches(is_python_space);
    let is_name = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.');
    let arguments = rest.strip_suffix(')')?;
    if !is_name {
        return None;
    }
    let tuple =
        if arguments.trim_matches(is_python_space).is_empty() { "()".to_owned() } else { format!("({arguments},)") };
    Some((name, parse(&tuple).ok()?))
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
        assert!(!is_correct("f(x=1)", "f(1)", Language::Python), "keywords: the text rule");
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
