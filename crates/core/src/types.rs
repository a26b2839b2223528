//! Value types of outputs and predictions (SPEC §4.5).

use crate::pyliteral::{parse, Value};
use serde::{Deserialize, Serialize};

/// ExeRScope's categories (`analysis/match_type.py::categorize_value`): the Python type of
/// `ast.literal_eval(text)`, checked in this order; anything else (None, set, bytes, complex) and
/// any text that is not a literal counts as `string`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReferenceType {
    Binary,
    Int,
    Float,
    String,
    List,
    Tuple,
    Dictionary,
}

impl ReferenceType {
    pub const ALL: [ReferenceType; 7] = [
        ReferenceType::Int,
        ReferenceType::Float,
        ReferenceType::Binary,
        ReferenceType::String,
        ReferenceType::List,
        ReferenceType::Tuple,
        ReferenceType::Dictionary,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ReferenceType::Binary => "binary",
            ReferenceType::Int => "int",
            ReferenceType::Float => "float",
            ReferenceType::String => "string",
            ReferenceType::List => "list",
            ReferenceType::Tuple => "tuple",
            ReferenceType::Dictionary => "dictionary",
        }
    }

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
