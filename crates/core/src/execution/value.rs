//! What a run returned, as data: the harness writes the returned value down (`canonical` in
//! `harness.py`) and the core compares it with the expected output, outside Python. A program can
//! change what Python's `==` means inside its own interpreter; it cannot change this comparison,
//! and in the browser the expected output of a literal never even enters Python.
//!
//! Values Python compares by value map to their literal kind: `bool`, `int` (and its subclasses),
//! `float`, `complex`, `str`, `bytes` (and `bytearray`), `list`, `tuple` (named tuples too),
//! `set` (and `frozenset`), `dict` (`Counter`, `OrderedDict`, `defaultdict`). Anything else is
//! kept by its type and `repr`; a value too deep or too large to write down is `Cut`.

use crate::pyliteral::{Int, Value};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunValue {
    None,
    Bool(bool),
    /// Decimal digits with an optional sign.
    Int(String),
    /// Python's `repr` of the float (`1.5`, `1e+16`, `inf`, `nan`).
    Float(String),
    Complex(String, String),
    Str(String),
    /// The bytes in hexadecimal.
    Bytes(String),
    List(Vec<RunValue>),
    Tuple(Vec<RunValue>),
    Set(Vec<RunValue>),
    Dict(Vec<(RunValue, RunValue)>),
    Other {
        type_name: String,
        repr: String,
    },
    /// Deeper or larger than the harness writes down.
    Cut,
}

impl RunValue {
    /// The value for comparison with Python's `==` ([`crate::pyliteral::python_eq`]); `None` when
    /// it was cut or is malformed.
    pub fn to_value(&self) -> Option<Value> {
        Some(match self {
            RunValue::None => Value::None,
            RunValue::Bool(b) => Value::Bool(*b),
            RunValue::Int(digits) => int(digits)?,
            RunValue::Float(repr) => Value::Float(float(repr)?),
            RunValue::Complex(re, im) => Value::Complex(float(re)?, float(im)?),
            RunValue::Str(text) => Value::Str(text.clone()),
            RunValue::Bytes(hex) => Value::Bytes(bytes(hex)?),
            RunValue::List(items) => Value::List(values(items)?),
            RunValue::Tuple(items) => Value::Tuple(values(items)?),
            RunValue::Set(items) => Value::Set(values(items)?),
            RunValue::Dict(entries) => {
                Value::Dict(entries.iter().map(|(k, v)| Some((k.to_value()?, v.to_value()?))).collect::<Option<_>>()?)
            }
            RunValue::Other { type_name, repr } => Value::Other { type_name: type_name.clone(), repr: repr.clone() },
            RunValue::Cut => return None,
        })
    }
}

fn values(items: &[RunValue]) -> Option<Vec<Value>> {
    items.iter().map(RunValue::to_value).collect()
}

fn int(digits: &str) -> Option<Value> {
    let (negative, magnitude) = match digits.strip_prefix('-') {
        Some(magnitude) => (true, magnitude),
        None => (false, digits),
    };
    if magnitude.is_empty() || !magnitude.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(Value::Int(match digits.parse::<i128>() {
        Ok(small) => Int::Small(small),
        Err(_) => {
            let magnitude = magnitude.trim_start_matches('0');
            Int::Big(if negative { format!("-{magnitude}") } else { magnitude.to_owned() })
        }
    }))
}

/// Python's float reprs, `inf` and `nan` included (Rust reads them all).
fn float(repr: &str) -> Option<f64> {
    repr.parse().ok()
}

fn bytes(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pyliteral::{parse, python_eq};

    fn equals(json: &str, literal: &str) -> bool {
        let value: RunValue = serde_json::from_str(json).unwrap();
        python_eq(&value.to_value().unwrap(), &parse(literal).unwrap())
    }

    #[test]
    fn run_values_compare_with_literals_as_python_does() {
        assert!(equals(r#"{"int": "3"}"#, "3.0"));
        assert!(equals(
            r#"{"int": "-123456789012345678901234567890123456789012"}"#,
            "-123456789012345678901234567890123456789012"
        ));
        assert!(!equals(r#"{"int": "9007199254740993"}"#, "9007199254740992.0"));
        assert!(equals(r#"{"list": [{"str": "a"}, {"tuple": [{"bool": true}, "none"]}]}"#, "['a', (1, None)]"));
        assert!(equals(
            r#"{"dict": [[{"str": "b"}, {"int": "2"}], [{"str": "a"}, {"int": "1"}]]}"#,
            "{'a': 1, 'b': 2}"
        ));
        assert!(equals(r#"{"set": [{"int": "1"}, {"int": "2"}]}"#, "{2, 1}"));
        assert!(equals(r#"{"bytes": "00ff"}"#, "b'\\x00\\xff'"));
        assert!(equals(r#"{"complex": ["1.0", "-2.0"]}"#, "1-2j"));
        assert!(!equals(r#"{"list": [{"int": "1"}]}"#, "(1,)"));
        assert!(!equals(r#"{"float": "nan"}"#, "0.0"));
        assert!(!equals(r#"{"other": {"type_name": "collections.deque", "repr": "deque([1])"}}"#, "[1]"));
    }

    #[test]
    fn floats_keep_their_python_spelling() {
        let value = |repr: &str| RunValue::Float(repr.into()).to_value();
        assert!(matches!(value("inf"), Some(Value::Float(f)) if f == f64::INFINITY));
        assert!(matches!(value("-inf"), Some(Value::Float(f)) if f == f64::NEG_INFINITY));
        assert!(matches!(value("1e+16"), Some(Value::Float(f)) if f == 1e16));
        assert!(value("one").is_none());
    }

    #[test]
    fn cut_and_malformed_values_do_not_compare() {
        assert!(RunValue::Cut.to_value().is_none());
        assert!(RunValue::List(vec![RunValue::Cut]).to_value().is_none());
        assert!(RunValue::Int("1e3".into()).to_value().is_none());
        assert!(RunValue::Bytes("0".into()).to_value().is_none());
    }
}
