//! What happened along a run, as a benchmark stored it, and what a model's answer claims of it —
//! RE2-Bench's loop states and branch decisions — with RE2-Bench's own rule for judging the one
//! against the other (`scripts/validators/validate_loop.py` and `validate_branch.py`, step for step):
//!
//! - the answer is what follows `[ANSWER]` (up to `[/ANSWER]`, or the end); none: no claim;
//! - loop: each answer line's first word is its line number, its `[STATE]var=value[/STATE]` the
//!   claims (a value read as a Python literal, else kept as text); the truth of a loop is each loop
//!   variable's values over its iterations, and the control variable's when one of them is
//!   neither null nor empty;
//! - branch: a line `<n> … ## [BRANCH]taken=['Y', 'N'][/BRANCH]` claims the outcomes of the
//!   branch on line n; the truth is the run's decisions, in order, by line;
//! - a loop (branch line) is right when every variable's whole sequence is (the outcomes are);
//!   the item is right when every one is, its partial score the share right; an item whose truth
//!   holds none is right.

use crate::pyliteral::{self, python_eq, Value};
use regex_lite::Regex;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// What a benchmark stored of a program's run on its input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StoredRun {
    /// One entry per loop line, in the order the file first names it (a later loop on the same
    /// line replaces an earlier one's values, as the validator's dict does). RE2-Bench keeps each
    /// loop's iterations apart, not interleaved with other loops'.
    Loops { loops: Vec<TrueLoop> },
    /// Every decision of a branch, in the order the run made them.
    Decisions { decisions: Vec<TrueDecision> },
}

/// A loop as the validator judges it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TrueLoop {
    /// Its line, as the benchmark numbers it (RE2-Bench: in the program's file).
    pub line: String,
    /// The loop's code (`for i in range(n):`; a comprehension's loop is written out as one).
    pub code: String,
    /// Each variable judged, with its value at each iteration.
    pub variables: Vec<(String, Vec<Value>)>,
}

/// Equal when each variable's values are, by Python's `==`.
impl PartialEq for TrueLoop {
    fn eq(&self, other: &TrueLoop) -> bool {
        let same_values =
            |a: &[Value], b: &[Value]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| python_eq(x, y));
        self.line == other.line
            && self.code == other.code
            && self.variables.len() == other.variables.len()
            && self.variables.iter().zip(&other.variables).all(|((m, a), (n, b))| m == n && same_values(a, b))
    }
}

/// One decision of a branch: at its line, whether it was taken.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrueDecision {
    /// Its line, as the benchmark numbers it (RE2-Bench: in the code shown to the model).
    pub line: String,
    /// `if`, `elif` or `else`.
    pub kind: String,
    pub condition: String,
    pub taken: bool,
}

/// A line of an answer that claims something, as the answer writes it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClaimedLine<T> {
    /// Its line number, as written.
    pub line: String,
    /// The code the answer shows on that line, without its claims.
    pub code: String,
    pub claim: T,
}

/// An answer's loop states: per line, each variable's claimed value (its values over the loop).
pub type LoopClaims = Vec<ClaimedLine<Vec<StateClaim>>>;

/// A variable's claimed values over a loop.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StateClaim {
    pub variable: String,
    /// What the validator compares: the text read as a Python literal, else the text itself.
    pub value: Value,
    /// Whether the text was a literal (else it is shown as written, not as a string's repr).
    pub literal: bool,
}
/// An answer's branch outcomes: per line, taken or not at each visit.
pub type BranchClaims = Vec<ClaimedLine<Vec<bool>>>;

/// RE2-Bench's verdict of one item: right when every loop or branch is, and the share that is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Score {
    pub right: bool,
    pub partial: f64,
}

static ANSWER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)\[ANSWER\](.*?)\[/ANSWER\]").unwrap());
static ANSWER_TO_END: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)\[ANSWER\](.*)").unwrap());
static STATE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[STATE\](.+?)=(.+?)\[/STATE\]").unwrap());
static BRANCH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d+)\s+.*##\s*\[BRANCH\]taken=\[(.*?)\]\[/BRANCH\]").unwrap());

/// The text of a response's answer, as the validators find it.
pub fn answer_of(response: &str) -> Option<&str> {
    let found = ANSWER.captures(response).or_else(|| ANSWER_TO_END.captures(response))?;
    Some(found.get(1).map_or("", |m| m.as_str()))
}

/// The answer block a prediction's claims are read from: its response's (none when the response
/// has no `[ANSWER]`, as for the validators), or, kept without its response, its answer.
pub fn answer_block<'a>(response: Option<&'a str>, answer: &'a str) -> Option<&'a str> {
    response.map_or(Some(answer), answer_of)
}

/// The loop states an answer block claims (`parse_loop`), line by line as written.
pub fn loop_claims(answer: &str) -> LoopClaims {
    let mut claims = LoopClaims::new();
    for line in answer.trim().split('\n') {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (number, rest) = line.split_once(' ').unwrap_or((line, ""));
        let states: Vec<StateClaim> = STATE
            .captures_iter(line)
            .map(|c| {
                let parsed = pyliteral::parse(&c[2]);
                let literal = parsed.is_ok();
                let value = parsed.unwrap_or_else(|_| Value::Str(c[2].to_owned()));
                StateClaim { variable: c[1].to_owned(), value, literal }
            })
            .collect();
        if !states.is_empty() {
            claims.push(ClaimedLine { line: number.to_owned(), code: code_before_claims(rest), claim: states });
        }
    }
    claims
}

/// The branch outcomes an answer block claims (`parse_branch`), line by line as written.
pub fn branch_claims(answer: &str) -> BranchClaims {
    let mut claims = BranchClaims::new();
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
            let rest = line.trim_start()[found[1].len()..].to_owned();
            claims.push(ClaimedLine { line: found[1].to_owned(), code: code_before_claims(&rest), claim: outcomes });
        }
    }
    claims
}

/// An answer line's code: what comes before its `##` and claims.
fn code_before_claims(rest: &str) -> String {
    let end = [rest.find("##"), rest.find("[STATE]"), rest.find("[BRANCH]")].into_iter().flatten().min();
    rest[..end.unwrap_or(rest.len())].trim().to_owned()
}

impl StoredRun {
    /// A response judged against the run, as the validator of its task judges it.
    pub fn score(&self, response: &str) -> Score {
        self.score_answer(answer_of(response).unwrap_or_default())
    }

    /// An answer block judged against the run (the validator's rule after finding the block).
    pub fn score_answer(&self, answer: &str) -> Score {
        match self {
            StoredRun::Loops { loops } => score_loops(&loop_claims(answer), loops),
            StoredRun::Decisions { decisions } => score_decisions(&branch_claims(answer), decisions),
        }
    }
}

/// A line's claims as the validator's dict holds them: the last line written with that number.
pub fn claimed_at<'a, T>(claims: &'a [ClaimedLine<T>], line: &str) -> Option<&'a ClaimedLine<T>> {
    claims.iter().rev().find(|c| c.line == line)
}

/// A variable's claim on a line: the last one written (a dict's assignment).
pub fn claimed_value<'a>(claimed: &'a [StateClaim], variable: &str) -> Option<&'a StateClaim> {
    claimed.iter().rev().find(|c| c.variable == variable)
}

/// `compare_loop`: a loop is right when the answer has its line and every true variable's values,
/// tuples read as lists.
fn score_loops(claims: &LoopClaims, loops: &[TrueLoop]) -> Score {
    score(loops.iter().map(|truth| {
        claimed_at(claims, &truth.line).is_some_and(|claimed| {
            truth.variables.iter().all(|(name, values)| {
                claimed_value(&claimed.claim, name).is_some_and(|c| {
                    python_eq(&tuples_as_lists(&c.value), &tuples_as_lists(&Value::List(values.clone())))
                })
            })
        })
    }))
}

/// `compare_branch`: a branch line is right when the claimed outcomes are the true ones.
fn score_decisions(claims: &BranchClaims, decisions: &[TrueDecision]) -> Score {
    let outcomes = outcomes_by_line(decisions);
    score(
        outcomes
            .iter()
            .map(|(line, truth)| claimed_at(claims, line).map_or(&[][..], |c| c.claim.as_slice()) == truth.as_slice()),
    )
}

/// Each branch line's outcomes in the run's order, lines in the order first decided.
pub fn outcomes_by_line(decisions: &[TrueDecision]) -> Vec<(&str, Vec<bool>)> {
    let mut lines: Vec<(&str, Vec<bool>)> = Vec::new();
    for decision in decisions {
        match lines.iter_mut().find(|(line, _)| *line == decision.line) {
            Some((_, outcomes)) => outcomes.push(decision.taken),
            None => lines.push((&decision.line, vec![decision.taken])),
        }
    }
    lines
}

fn score(units: impl ExactSizeIterator<Item = bool>) -> Score {
    let total = units.len();
    if total == 0 {
        return Score { right: true, partial: 1.0 };
    }
    let right = units.filter(|&r| r).count();
    Score { right: right == total, partial: right as f64 / total as f64 }
}

/// `normalize_value`: tuples as lists, at every depth (dict values too).
pub fn tuples_as_lists(value: &Value) -> Value {
    match value {
        Value::Tuple(items) | Value::List(items) => Value::List(items.iter().map(tuples_as_lists).collect()),
        Value::Dict(items) => Value::Dict(items.iter().map(|(k, v)| (k.clone(), tuples_as_lists(v))).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loops(entries: &[(&str, &[(&str, &str)])]) -> StoredRun {
        let loops = entries
            .iter()
            .map(|(line, variables)| TrueLoop {
                line: line.to_string(),
                code: String::new(),
                variables: variables
                    .iter()
                    .map(|(name, values)| match pyliteral::parse(values).unwrap() {
                        Value::List(values) => (name.to_string(), values),
                        other => panic!("{other:?}"),
                    })
                    .collect(),
            })
            .collect();
        StoredRun::Loops { loops }
    }

    #[test]
    fn a_loop_is_right_when_every_variable_s_whole_sequence_is() {
        let truth = loops(&[("17", &[("i", "[0, 1]"), ("range(n)", "[[0, 1], [0, 1]]")]), ("20", &[("k", "['a']")])]);
        let response = "thinking…\n[ANSWER]\n17 for i in range(n): ## [STATE]i=[0, 1][/STATE] \
                        [STATE]range(n)=[(0, 1), [0, 1]][/STATE]\n20 for k in xs: [STATE]k=['b'][/STATE]\n[/ANSWER]";
        assert_eq!(truth.score(response), Score { right: false, partial: 0.5 });
        let all_right = response.replace("['b']", "('a',)");
        assert_eq!(truth.score(&all_right), Score { right: true, partial: 1.0 });
        assert_eq!(truth.score("no [ANSWER"), Score { right: false, partial: 0.0 });
        assert_eq!(loops(&[]).score("[ANSWER][/ANSWER]"), Score { right: true, partial: 1.0 });
        let claims = loop_claims(answer_of(response).unwrap());
        assert_eq!((claims[0].line.as_str(), claims[0].code.as_str()), ("17", "for i in range(n):"));
        assert_eq!(claims[1].code, "for k in xs:");
    }

    #[test]
    fn a_value_that_is_no_literal_is_compared_as_text_and_an_unclosed_answer_runs_to_the_end() {
        let response = "[ANSWER]\n3 x [STATE]s=hello world[/STATE]";
        let claims = loop_claims(answer_of(response).unwrap());
        assert!(matches!(&claims[0].claim[0].value, Value::Str(s) if s == "hello world"));
        assert!(!claims[0].claim[0].literal);
        assert_eq!(
            answer_block(Some("3 x [STATE]s=1[/STATE]"), ""),
            None,
            "a response without [ANSWER] claims nothing"
        );
        assert_eq!(answer_block(None, "3 x [STATE]s=1[/STATE]"), Some("3 x [STATE]s=1[/STATE]"), "an answer alone");
    }

    #[test]
    fn branch_outcomes_are_compared_line_by_line_in_order() {
        let decision =
            |line: &str, taken| TrueDecision { line: line.into(), kind: "if".into(), condition: String::new(), taken };
        let truth =
            StoredRun::Decisions { decisions: vec![decision("4", false), decision("4", true), decision("9", true)] };
        let response = "[ANSWER]\n4     if s == \"\": ## [BRANCH]taken=['N', 'Y'][/BRANCH]\n\
                        9 if x: ## [BRANCH]taken=[N][/BRANCH]\n[/ANSWER]";
        assert_eq!(truth.score(response), Score { right: false, partial: 0.5 });
        let right = response.replace("[N][/", "['y'][/");
        assert_eq!(truth.score(&right), Score { right: true, partial: 1.0 });
        assert_eq!(branch_claims(answer_of(response).unwrap())[0].code, "if s == \"\":");
    }
}
