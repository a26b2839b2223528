//! Value types of outputs and predictions (SPEC §4.5).

use crate::pyliteral::{parse, Value};
use crate::units::units;

units! {
    /// ExeRScope's categories (`analysis/match_type.py::categorize_value`): the Python type of
    /// `ast.literal_eval(text)`, checked in the order bool, int, float, list, tuple, dict; anything else (None, set, bytes, complex) and
    /// any text that is not a literal counts as `string`.
    pub enum ReferenceType {
        Int => "int", "int";
        Float => "float", "float";
        Binary => "binary", "bool";
        String => "string", "string (or not a literal)";
        List => "list", "list";
        Tuple => "tuple", "tuple";
        Dictionary => "dictionary", "dict";
    }
}

impl ReferenceType {
    /// The category of a value text as the reference reads it (`.strip('\n')`, then
    /// `ast.literal_eval`, which also ignores leading spaces).
    pub fn of_text(text: &str) -> ReferenceType {
        match parse(text.trim_matches('\n')) {
            Ok(Value::Bool(_)) => ReferenceType::Binary,
            Ok(Value::Int(_)) => ReferenceType::Int,
            Ok(Value::Float(_)) => ReferenceType::Float,
            Ok(Value::List(_)) => ReferenceType::List,
            Ok(Value::Tuple(_)) => ReferenceType::Tuple,
            Ok(Value::Dict(_)) => ReferenceType::Dictionary,
            _ => ReferenceType::String,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ReferenceType::{self, *};

    #[test]
    fn categories_in_the_reference_order() {
        let cases = [
            ("True", Binary),
            ("\n3\n", Int),
            ("-2.5e3", Float),
            ("'abc'", String),
            ("[1, (2, 3)]", List),
            ("(1,)", Tuple),
            ("1, 2", Tuple),
            ("{'a': 1}", Dictionary),
            ("{}", Dictionary),
        ];
        for (text, expected) in cases {
            assert_eq!(ReferenceType::of_text(text), expected, "{text:?}");
        }
    }

    #[test]
    fn everything_else_is_a_string() {
        for text in ["None", "{1, 2}", "set()", "b'x'", "1j", "YES", "hello world", "[1, 2", ""] {
            assert_eq!(ReferenceType::of_text(text), String, "{text:?}");
        }
    }
}

/// exerscope's type of a value text (SPEC §4.5): `none`, `bool`, `int`, `float`, `complex`,
/// `str`, `empty str`, `bytes`, `list`, `tuple`, `set`, `dict`, with the element type of
/// containers whose elements share one (`list of tuple`, `dict of int`: a dict by its values),
/// `… of mixed` otherwise; `text` when it is not a literal. Outputs of other languages (Java, CRUXEval-X's)
/// are their text: numbers, `true`/`false`, and `text` for the rest.
pub fn exerscope_type(text: &str, language: crate::table::Language) -> String {
    let trimmed = text.trim();
    if language != crate::table::Language::Python {
        return match trimmed {
            "true" | "false" => "bool".to_owned(),
            _ => match parse(trimmed) {
                Ok(value @ (Value::Int(_) | Value::Float(_))) => base_name(&value).to_owned(),
                _ => "text".to_owned(),
            },
        };
    }
    match parse(trimmed) {
        Ok(value) => describe(&value),
        Err(_) => "text".to_owned(),
    }
}

/// The length of a literal string or container (for the output-length property); `None` otherwise.
pub fn value_length(text: &str) -> Option<u32> {
    let length = match parse(text.trim()).ok()? {
        Value::Str(s) => s.chars().count(),
        Value::Bytes(b) => b.len(),
        Value::List(items) | Value::Tuple(items) | Value::Set(items) => items.len(),
        Value::Dict(entries) => entries.len(),
        _ => return None,
    };
    Some(length as u32)
}

fn base_name(value: &Value) -> &'static str {
    match value {
        Value::None => "none",
        Value::Bool(_) => "bool",
        Value::Int(_) => "int",
        Value::Float(_) => "float",
        Value::Complex(..) => "complex",
        Value::Str(s) if s.is_empty() => "empty str",
        Value::Str(_) => "str",
        Value::Bytes(_) => "bytes",
        Value::List(_) => "list",
        Value::Tuple(_) => "tuple",
        Value::Set(_) => "set",
        Value::Dict(_) => "dict",
        Value::Other { .. } => "text",
    }
}

fn describe(value: &Value) -> String {
    let elements: Vec<&Value> = match value {
        Value::List(items) | Value::Tuple(items) | Value::Set(items) => items.iter().collect(),
        Value::Dict(entries) => entries.iter().map(|(_, v)| v).collect(),
        _ => return base_name(value).to_owned(),
    };
    let mut kinds: Vec<&str> = elements.iter().map(|v| element_name(v)).collect();
    kinds.dedup();
    match kinds[..] {
        [] => base_name(value).to_owned(),
        [one] => format!("{} of {one}", base_name(value)),
        _ => format!("{} of mixed", base_name(value)),
    }
}

/// Element names ignore emptiness of strings (`list of str`, not `list of empty str`).
fn element_name(value: &Value) -> &'static str {
    match value {
        Value::Str(_) => "str",
        other => base_name(other),
    }
}

#[cfg(test)]
mod exerscope_type_tests {
    use super::*;
    use crate::table::Language::{Java, Python};

    #[test]
    fn python_values() {
        let cases = [
            ("None", "none"),
            ("True", "bool"),
            ("3", "int"),
            ("2.5", "float"),
            ("1j", "complex"),
            ("''", "empty str"),
            ("'a'", "str"),
            ("b'a'", "bytes"),
            ("[]", "list"),
            ("[(1, 2), (3, 4)]", "list of tuple"),
            ("[1, 'a']", "list of mixed"),
            ("{'a': 1, 'b': 2}", "dict of int"),
            ("{1, 2}", "set of int"),
            ("('', 'x')", "tuple of str"),
            ("hello world", "text"),
        ];
        for (text, expected) in cases {
            assert_eq!(exerscope_type(text, Python), expected, "{text:?}");
        }
    }

    #[test]
    fn java_printed_values() {
        assert_eq!(exerscope_type("true\n", Java), "bool");
        assert_eq!(exerscope_type("42", Java), "int");
        assert_eq!(exerscope_type("YES", Java), "text");
        assert_eq!(exerscope_type("[1, 2]", Java), "text");
    }

    #[test]
    fn lengths() {
        assert_eq!(value_length("'abc'"), Some(3));
        assert_eq!(value_length("[1, 2]"), Some(2));
        assert_eq!(value_length("{'a': 1}"), Some(1));
        assert_eq!(value_length("3"), None);
    }
}
