//! RE2-Bench's true loop states (`dataset/re2-bench/loop/<level>/<id>.json`) and branch decisions
//! (`branch/<level>/<id>.json`), read as its validators read them (`read_ground_truth`), into the
//! table's [`StoredRun`]: RE2-Bench's rule of judging answers against them is
//! [`crate::intermediate`]'s.

use super::json_input::parse_python_json;
use crate::intermediate::{StoredRun, TrueDecision, TrueLoop};
use crate::pyliteral::{self, Value};

/// A true-states file of loop (`loops`) or branch prediction.
pub fn stored_run(loops: bool, json: &str) -> Result<StoredRun, String> {
    if loops {
        true_loops(json).map(|loops| StoredRun::Loops { loops })
    } else {
        true_decisions(json).map(|decisions| StoredRun::Decisions { decisions })
    }
}

/// The loops of `loop/<level>/<id>.json` (`read_ground_truth`).
fn true_loops(json: &str) -> Result<Vec<TrueLoop>, String> {
    let truth: LoopTruth = parse_python_json(json).map_err(|e| e.to_string())?;
    let mut loops: Vec<TrueLoop> = Vec::new();
    // In the file's order: a later loop on the same line replaces an earlier one where the first
    // stood, as a Python dict's assignment does.
    for a_loop in truth.loops.map_or_else(Vec::new, |l| l.0) {
        let line = python_str(a_loop.get("line").unwrap_or(&serde_json::Value::Null));
        let code = a_loop.get("code").and_then(|c| c.as_str()).unwrap_or_default().to_owned();
        let iterations = a_loop.get("iterations").and_then(|i| i.as_array()).map_or(&[][..], Vec::as_slice);
        if iterations.is_empty() {
            continue;
        }
        let mut of_line: Vec<(String, Vec<Value>)> = Vec::new();
        let push = |name: &str, value: &serde_json::Value, into: &mut Vec<(String, Vec<Value>)>| match into
            .iter_mut()
            .find(|(n, _)| n == name)
        {
            Some((_, values)) => values.push(from_json(value)),
            None => into.push((name.to_owned(), vec![from_json(value)])),
        };
        for iteration in iterations {
            if let Some(variables) = iteration.get("loop_variables").and_then(|v| v.as_object()) {
                variables.iter().for_each(|(name, value)| push(name, value, &mut of_line));
            }
        }
        let mut controls: Vec<(String, Vec<Value>)> = Vec::new();
        for iteration in iterations {
            let control = iteration.get("control_variable");
            let name = control.and_then(|c| c.get("name")).and_then(|n| n.as_str()).filter(|n| !n.is_empty());
            if let Some(name) = name {
                push(name, control.and_then(|c| c.get("value")).unwrap_or(&serde_json::Value::Null), &mut controls);
            }
        }
        for (name, values) in controls {
            if values.iter().any(meaningful) {
                match of_line.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, kept)) => *kept = values,
                    None => of_line.push((name, values)),
                }
            }
        }
        if of_line.is_empty() {
            continue;
        }
        let judged = TrueLoop { line, code, variables: of_line };
        match loops.iter_mut().find(|l| l.line == judged.line) {
            Some(earlier) => *earlier = judged,
            None => loops.push(judged),
        }
    }
    Ok(loops)
}

/// A loop file: its loops in the file's order (a JSON object's entries, which a map would sort).
#[derive(serde::Deserialize)]
struct LoopTruth {
    #[serde(default)]
    loops: Option<InOrder>,
}

/// A JSON object's values, in order.
struct InOrder(Vec<serde_json::Value>);

impl<'de> serde::Deserialize<'de> for InOrder {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = InOrder;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of loops")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<InOrder, A::Error> {
                let mut values = Vec::new();
                while let Some((_, value)) = map.next_entry::<String, serde_json::Value>()? {
                    values.push(value);
                }
                Ok(InOrder(values))
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

/// The decisions of `branch/<level>/<id>.json` (`read_ground_truth`), in the run's order.
fn true_decisions(json: &str) -> Result<Vec<TrueDecision>, String> {
    let truth: serde_json::Value = parse_python_json(json).map_err(|e| e.to_string())?;
    let decisions = truth.get("branches").and_then(|b| b.get("decisions")).and_then(|d| d.as_array());
    let text = |decision: &serde_json::Value, key: &str| {
        decision.get(key).and_then(serde_json::Value::as_str).unwrap_or_default().to_owned()
    };
    decisions
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|decision| {
            let taken = decision.get("taken").and_then(serde_json::Value::as_bool).ok_or("a decision without taken")?;
            Ok(TrueDecision {
                line: python_str(decision.get("line").unwrap_or(&serde_json::Value::Null)),
                kind: text(decision, "type"),
                condition: text(decision, "condition"),
                taken,
            })
        })
        .collect()
}

/// Python's `str()` of a JSON scalar (the line numbers are ints).
fn python_str(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => "None".to_owned(),
        other => other.to_string(),
    }
}

/// `is_meaningful`: neither null nor an empty string, list or object.
fn meaningful(value: &Value) -> bool {
    match value {
        Value::None => false,
        Value::Str(s) => !s.is_empty(),
        Value::List(items) => !items.is_empty(),
        Value::Dict(items) => !items.is_empty(),
        _ => true,
    }
}

/// A JSON value as Python's `json.load` gives it.
fn from_json(value: &serde_json::Value) -> Value {
    match value {
        serde_json::Value::Null => Value::None,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(pyliteral::Int::Small(i.into())),
            None => n.as_u64().map_or_else(
                || Value::Float(n.as_f64().unwrap_or(f64::NAN)),
                |u| Value::Int(pyliteral::Int::Small(u.into())),
            ),
        },
        serde_json::Value::String(s) => Value::Str(s.clone()),
        serde_json::Value::Array(items) => Value::List(items.iter().map(from_json).collect()),
        serde_json::Value::Object(items) => {
            Value::Dict(items.iter().map(|(k, v)| (Value::Str(k.clone()), from_json(v))).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOOP_TRUTH: &str = r#"{"loops": {"17": {"line": 17, "code": "for i in range(n):", "iterations": [
        {"loop_variables": {"i": 0}, "control_variable": {"name": "range(n)", "value": [0, 1]}},
        {"loop_variables": {"i": 1}, "control_variable": {"name": "range(n)", "value": [0, 1]}}]},
        "20": {"line": 20, "iterations": [
        {"loop_variables": {"k": "a"}, "control_variable": {"name": "xs", "value": null}}]}}}"#;

    fn names(a_loop: &TrueLoop) -> Vec<&str> {
        a_loop.variables.iter().map(|(name, _)| name.as_str()).collect()
    }

    #[test]
    fn a_control_variable_is_judged_when_it_holds_values() {
        let StoredRun::Loops { loops } = stored_run(true, LOOP_TRUTH).unwrap() else { panic!() };
        assert_eq!((loops[0].line.as_str(), loops[0].code.as_str()), ("17", "for i in range(n):"));
        assert_eq!(names(&loops[0]), ["i", "range(n)"], "the control variable holds values: it is judged");
        assert_eq!(names(&loops[1]), ["k"], "a control variable that is always null is not");
        assert_eq!(loops[0].variables[0].1.len(), 2, "a value per iteration");
    }

    #[test]
    fn a_later_loop_on_the_same_line_replaces_an_earlier_one_where_it_stood() {
        let StoredRun::Loops { loops } = stored_run(
            true,
            r#"{"loops": {"4": {"line": 4, "iterations": [{"loop_variables": {"a": 1}}]},
                "9": {"line": 9, "iterations": [{"loop_variables": {"c": 3}}]},
                "12": {"line": 4, "iterations": [{"loop_variables": {"b": 2}}]}}}"#,
        )
        .unwrap() else {
            panic!()
        };
        assert_eq!(loops.iter().map(names).collect::<Vec<_>>(), [["b"], ["c"]]);
    }

    #[test]
    fn decisions_keep_the_run_s_order_and_their_condition() {
        let StoredRun::Decisions { decisions } = stored_run(
            false,
            r#"{"branches": {"decisions": [{"line": 4, "type": "if", "condition": "x > 1", "taken": false},
               {"line": 9, "type": "else", "taken": true}, {"line": 4, "taken": true}]}}"#,
        )
        .unwrap() else {
            panic!()
        };
        let seen: Vec<_> =
            decisions.iter().map(|d| (d.line.as_str(), d.kind.as_str(), d.condition.as_str(), d.taken)).collect();
        assert_eq!(seen, [("4", "if", "x > 1", false), ("9", "else", "", true), ("4", "", "", true)]);
        assert!(stored_run(false, r#"{"branches": {"decisions": [{"line": 4}]}}"#).is_err());
    }
}
