//! RE2-Bench's loop and branch prediction, judged by its own rule — `scripts/validators/
//! validate_loop.py` and `validate_branch.py`, reproduced step for step:
//!
//! - the answer is what follows `[ANSWER]` (up to `[/ANSWER]`, or the end); none: no claim;
//! - loop: each answer line's first word is its line number, its `[STATE]var=value[/STATE]` the
//!   claims (a value read as a Python literal, else kept as text); the truth of a loop
//!   (`dataset/re2-bench/loop/<level>/<id>.json`) is each loop variable's values over its
//!   iterations, and the control variable's when one of them is neither null nor empty;
//! - branch: a line `<n> … ## [BRANCH]taken=['Y', 'N'][/BRANCH]` claims the outcomes of the
//!   branch on line n; the truth is `branches.decisions` in order, by line;
//! - a loop (branch line) is right when every variable's whole sequence is (the outcomes are);
//!   the item is right when every one is, its partial score the share right; an item whose truth
//!   holds none is right.

use super::json_input::parse_python_json;
use crate::pyliteral::{self, python_eq, Value};
use regex_lite::Regex;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// What the model claims, or what happened: per line (as written), per variable, the values.
pub type LoopStates = BTreeMap<String, BTreeMap<String, Value>>;
/// Per line, the outcomes of each visit (taken or not).
pub type BranchOutcomes = BTreeMap<String, Vec<bool>>;

/// RE2-Bench's verdict of one item: right when every loop or branch is, and the share that is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    pub right: bool,
    pub partial: f64,
}

static ANSWER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)\[ANSWER\](.*?)\[/ANSWER\]").unwrap());
static ANSWER_TO_END: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)\[ANSWER\](.*)").unwrap());
static STATE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[STATE\](.+?)=(.+?)\[/STATE\]").unwrap());
static BRANCH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d+)\s+.*##\s*\[BRANCH\]taken=\[(.*?)\]\[/BRANCH\]").unwrap());

/// What happened in one problem: its loops' states or its branches' outcomes.
pub enum Truth {
    Loop(LoopStates),
    Branch(BranchOutcomes),
}

impl Truth {
    /// A true-states file of loop (`loop`) or branch prediction.
    pub fn read(loops: bool, json: &str) -> Result<Truth, String> {
        if loops {
            true_states(json).map(Truth::Loop)
        } else {
            true_outcomes(json).map(Truth::Branch)
        }
    }

    /// A response judged against it, as the validator of its task judges.
    pub fn score(&self, response: &str) -> Score {
        match self {
            Truth::Loop(truth) => score_states(&claimed_states(response), truth),
            Truth::Branch(truth) => score_outcomes(&claimed_outcomes(response), truth),
        }
    }
}

/// The text of a response's answer, as the validators find it.
pub fn answer_of(response: &str) -> Option<&str> {
    let found = ANSWER.captures(response).or_else(|| ANSWER_TO_END.captures(response))?;
    Some(found.get(1).map_or("", |m| m.as_str()))
}

/// The loop states a response claims (`parse_loop`).
pub fn claimed_states(response: &str) -> LoopStates {
    let mut claims = LoopStates::new();
    let Some(answer) = answer_of(response) else { return claims };
    for line in answer.trim().split('\n') {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let number = line.split(' ').next().unwrap_or(line);
        let states: BTreeMap<String, Value> = STATE
            .captures_iter(line)
            .map(|c| (c[1].to_owned(), pyliteral::parse(&c[2]).unwrap_or_else(|_| Value::Str(c[2].to_owned()))))
            .collect();
        if !states.is_empty() {
            claims.insert(number.to_owned(), states);
        }
    }
    claims
}

/// The branch outcomes a response claims (`parse_branch`).
pub fn claimed_outcomes(response: &str) -> BranchOutcomes {
    let mut claims = BranchOutcomes::new();
    let Some(answer) = answer_of(response) else { return claims };
    for line in answer.split('\n') {
        let Some(found) = BRANCH.captures(line) else { continue };
        let outcomes: Vec<bool> = found[2]
            .split(',')
            .map(|v| v.trim().trim_matches(['\'', '"']).to_uppercase())
            .filter_map(|v| match v.as_str() {
                "Y" => Some(true),
                "N" => Some(false),
                _ => None,
            })
            .collect();
        if !outcomes.is_empty() {
            claims.insert(found[1].to_owned(), outcomes);
        }
    }
    claims
}

/// The true loop states of `loop/<level>/<id>.json` (`read_ground_truth`).
pub fn true_states(json: &str) -> Result<LoopStates, String> {
    let truth: LoopTruth = parse_python_json(json).map_err(|e| e.to_string())?;
    let mut states = LoopStates::new();
    // In the file's order: a later loop on the same line replaces an earlier one, as in Python.
    for a_loop in truth.loops.map_or_else(Vec::new, |l| l.0) {
        let line = python_str(a_loop.get("line").unwrap_or(&serde_json::Value::Null));
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
        if !of_line.is_empty() {
            states.insert(line, of_line.into_iter().map(|(name, values)| (name, Value::List(values))).collect());
        }
    }
    Ok(states)
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

/// The true branch outcomes of `branch/<level>/<id>.json` (`read_ground_truth`).
pub fn true_outcomes(json: &str) -> Result<BranchOutcomes, String> {
    let truth: serde_json::Value = parse_python_json(json).map_err(|e| e.to_string())?;
    let mut outcomes = BranchOutcomes::new();
    let decisions = truth.get("branches").and_then(|b| b.get("decisions")).and_then(|d| d.as_array());
    for decision in decisions.map_or(&[][..], Vec::as_slice) {
        let line = python_str(decision.get("line").unwrap_or(&serde_json::Value::Null));
        let taken = decision.get("taken").and_then(serde_json::Value::as_bool).ok_or("a decision without taken")?;
        outcomes.entry(line).or_default().push(taken);
    }
    Ok(outcomes)
}

/// `compare_loop`: a loop is right when the answer has its line and every true variable's values,
/// tuples read as lists.
pub fn score_states(claims: &LoopStates, truth: &LoopStates) -> Score {
    score(truth.iter().map(|(line, variables)| {
        claims.get(line).is_some_and(|claimed| {
            variables.iter().all(|(name, values)| {
                claimed.get(name).is_some_and(|c| python_eq(&tuples_as_lists(c), &tuples_as_lists(values)))
            })
        })
    }))
}

/// `compare_branch`: a branch line is right when the claimed outcomes are the true ones.
pub fn score_outcomes(claims: &BranchOutcomes, truth: &BranchOutcomes) -> Score {
    score(truth.iter().map(|(line, outcomes)| claims.get(line).map_or(&[][..], Vec::as_slice) == &outcomes[..]))
}

fn score(units: impl ExactSizeIterator<Item = bool>) -> Score {
    let total = units.len();
    if total == 0 {
        return Score { right: true, partial: 1.0 };
    }
    let right = units.filter(|&r| r).count();
    Score { right: right == total, partial: right as f64 / total as f64 }
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

/// `normalize_value`: tuples as lists, at every depth (dict values too).
fn tuples_as_lists(value: &Value) -> Value {
    match value {
        Value::Tuple(items) | Value::List(items) => Value::List(items.iter().map(tuples_as_lists).collect()),
        Value::Dict(items) => Value::Dict(items.iter().map(|(k, v)| (k.clone(), tuples_as_lists(v))).collect()),
        other => other.clone(),
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

    const LOOP_TRUTH: &str = r#"{"loops": {"17": {"line": 17, "iterations": [
        {"loop_variables": {"i": 0}, "control_variable": {"name": "range(n)", "value": [0, 1]}},
        {"loop_variables": {"i": 1}, "control_variable": {"name": "range(n)", "value": [0, 1]}}]},
        "20": {"line": 20, "iterations": [
        {"loop_variables": {"k": "a"}, "control_variable": {"name": "xs", "value": null}}]}}}"#;

    #[test]
    fn a_loop_is_right_when_every_variable_s_whole_sequence_is() {
        let truth = true_states(LOOP_TRUTH).unwrap();
        assert_eq!(truth["17"].len(), 2, "the control variable holds values: it is judged");
        assert_eq!(truth["20"].len(), 1, "a control variable that is always null is not");
        let response = "thinking…\n[ANSWER]\n17 for i in range(n): ## [STATE]i=[0, 1][/STATE] \
                        [STATE]range(n)=[(0, 1), [0, 1]][/STATE]\n20 for k in xs: [STATE]k=['b'][/STATE]\n[/ANSWER]";
        let claims = claimed_states(response);
        assert_eq!(score_states(&claims, &truth), Score { right: false, partial: 0.5 });
        let all_right = response.replace("['b']", "('a',)");
        assert_eq!(score_states(&claimed_states(&all_right), &truth), Score { right: true, partial: 1.0 });
        assert_eq!(score_states(&claimed_states("no answer"), &truth), Score { right: false, partial: 0.0 });
        assert_eq!(score_states(&LoopStates::new(), &LoopStates::new()), Score { right: true, partial: 1.0 });
    }

    #[test]
    fn a_later_loop_on_the_same_line_replaces_an_earlier_one_in_the_file_s_order() {
        let truth = true_states(
            r#"{"loops": {"4": {"line": 4, "iterations": [{"loop_variables": {"a": 1}}]},
                "12": {"line": 4, "iterations": [{"loop_variables": {"b": 2}}]}}}"#,
        )
        .unwrap();
        assert_eq!(truth["4"].keys().collect::<Vec<_>>(), ["b"]);
    }

    #[test]
    fn a_value_that_is_no_literal_is_compared_as_text_and_an_unclosed_answer_runs_to_the_end() {
        let claims = claimed_states("[ANSWER]\n3 x [STATE]s=hello world[/STATE]");
        assert!(matches!(&claims["3"]["s"], Value::Str(s) if s == "hello world"));
    }

    #[test]
    fn branch_outcomes_are_compared_line_by_line_in_order() {
        let truth = true_outcomes(
            r#"{"branches": {"decisions": [{"line": 4, "taken": false}, {"line": 4, "taken": true},
               {"line": 9, "taken": true}]}}"#,
        )
        .unwrap();
        let response = "[ANSWER]\n4     if s == \"\": ## [BRANCH]taken=['N', 'Y'][/BRANCH]\n\
                        9 if x: ## [BRANCH]taken=[N][/BRANCH]\n[/ANSWER]";
        assert_eq!(score_outcomes(&claimed_outcomes(response), &truth), Score { right: false, partial: 0.5 });
        let right = response.replace("[N][/", "['y'][/");
        assert_eq!(score_outcomes(&claimed_outcomes(&right), &truth), Score { right: true, partial: 1.0 });
    }
}
