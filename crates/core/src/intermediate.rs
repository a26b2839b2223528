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
//! - trace (CoCoNUT): the answer is a list of line numbers, right when it is the executed lines'
//!   list (CoCoNUT's `Matched`: the two lists' texts equal);
//! - a loop (branch line) is right when every variable's whole sequence is (the outcomes are);
//!   the item is right when every one is, its partial score the share right; an item whose truth
//!   holds none is right.

use crate::pyliteral::{self, python_eq, Value};
use serde::{Deserialize, Serialize};

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
    /// Every line the run executed, in order, as the program's code numbers them (CoCoNUT's
    /// `Actual`: the sequence its answer was judged against).
    Lines { lines: Vec<u32> },
    /// One question about a point of the run, as REval asks it (`DREval_tasks.jsonl`).
    Question(TrueAnswer),
}

/// A question about a point of a run and what the run gave: at `line` of the program, whether the
/// run reaches it (coverage), which line runs next (path: `-1` when the run ends there), or
/// `variable`'s value after it (state); what the run gave, where the benchmark stored it (REval
/// keeps no state's value: exerscope's own trace of the run gives it, [`TrueAnswer::observed`]),
/// and the benchmark's verdict of the answer, by its own rule (the reader's).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TrueAnswer {
    pub line: u32,
    pub variable: Option<String>,
    pub expected: Option<Value>,
    pub right: bool,
}

impl TrueAnswer {
    /// What a state question's variable held after each run of its line, as the trace writes
    /// values: one value when every run left the same, else each run's in turn.
    pub fn observed(values: &[String]) -> Value {
        let other = |repr: String| Value::Other { type_name: String::new(), repr };
        match values {
            [] => other("Nil (no value after this line: it did not run, or left the variable unset)".to_owned()),
            [first, rest @ ..] if rest.iter().all(|value| value == first) => {
                pyliteral::parse(first).unwrap_or_else(|_| other(first.clone()))
            }
            each => other(format!("{} in turn, one per run of the line", each.join(", "))),
        }
    }
}

/// Equal when everything is, the value by Python's `==`.
impl PartialEq for TrueAnswer {
    fn eq(&self, other: &TrueAnswer) -> bool {
        let same_value = match (&self.expected, &other.expected) {
            (Some(a), Some(b)) => python_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        (self.line, &self.variable, self.right) == (other.line, &other.variable, other.right) && same_value
    }
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

/// The text of a response's answer, as the validators find it: `\[ANSWER\](.*?)\[/ANSWER\]` (dot
/// matching newlines), else `\[ANSWER\](.*)`. Searched as strings: the first `[ANSWER]` is where
/// either pattern first matches, and the first `[/ANSWER]` after it ends the shortest match (a
/// regular expression spent most of the alignment's time on long responses).
pub fn answer_of(response: &str) -> Option<&str> {
    let start = response.find("[ANSWER]")? + "[ANSWER]".len();
    let rest = &response[start..];
    Some(rest.find("[/ANSWER]").map_or(rest, |end| &rest[..end]))
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
        let states: Vec<StateClaim> = state_matches(line)
            .into_iter()
            .map(|(variable, text)| {
                let parsed = pyliteral::parse(text);
                let literal = parsed.is_ok();
                let value = parsed.unwrap_or_else(|_| Value::Str(text.to_owned()));
                StateClaim { variable: variable.to_owned(), value, literal }
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
        let Some((number, taken)) = branch_match(line) else { continue };
        let outcomes: Vec<bool> = taken
            .split(',')
            .map(|v| v.trim().trim_matches(['\'', '"']).to_uppercase())
            .filter_map(|v| match v.as_str() {
                "Y" => Some(true),
                "N" => Some(false),
                _ => None,
            })
            .collect();
        if !outcomes.is_empty() {
            let rest = &line[number.len()..];
            claims.push(ClaimedLine { line: number.to_owned(), code: code_before_claims(rest), claim: outcomes });
        }
    }
    claims
}

/// Every match of the validator's `\[STATE\](.+?)=(.+?)\[/STATE\]` in a line (no newline), as
/// (name, value), searched as strings: the name runs to the first `=` after its first character,
/// the value to the first `[/STATE]` after its first character; a `[STATE]` that starts no match
/// is passed, as the expression's search passes it.
fn state_matches(line: &str) -> Vec<(&str, &str)> {
    const OPEN: &str = "[STATE]";
    const CLOSE: &str = "[/STATE]";
    let first_char = |text: &str| text.chars().next().map(char::len_utf8);
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = line[from..].find(OPEN) {
        let start = from + at + OPEN.len();
        let rest = &line[start..];
        let matched = first_char(rest).and_then(|skip| {
            let equals = skip + rest[skip..].find('=')?;
            let value = equals + 1;
            let skip = first_char(&rest[value..])?;
            let end = value + skip + rest[value + skip..].find(CLOSE)?;
            Some((&rest[..equals], &rest[value..end], end + CLOSE.len()))
        });
        match matched {
            Some((name, value, length)) => {
                found.push((name, value));
                from = start + length;
            }
            None => from += at + 1,
        }
    }
    found
}

/// The validator's `^(\d+)\s+.*##\s*\[BRANCH\]taken=\[(.*?)\]\[/BRANCH\]` on a line, as (number,
/// outcomes' text), searched as strings: the greedy `.*` makes it the last `##` from which the
/// rest matches.
fn branch_match(line: &str) -> Option<(&str, &str)> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let space = line[digits..].chars().next().filter(|c| c.is_whitespace())?;
    if digits == 0 {
        return None;
    }
    let body = digits + space.len_utf8();
    let bytes = line.as_bytes();
    (body..line.len().saturating_sub(1)).rev().filter(|&i| bytes[i..].starts_with(b"##")).find_map(|at| {
        let inner = line[at + 2..].trim_start().strip_prefix("[BRANCH]taken=[")?;
        let end = inner.find("][/BRANCH]")?;
        Some((&line[..digits], &inner[..end]))
    })
}

/// An answer line's code: what comes before its `##` and claims.
fn code_before_claims(rest: &str) -> String {
    let end = [rest.find("##"), rest.find("[STATE]"), rest.find("[BRANCH]")].into_iter().flatten().min();
    rest[..end.unwrap_or(rest.len())].trim().to_owned()
}

impl StoredRun {
    /// The text a prediction's claims about this run are read from: for a benchmark's own
    /// question, the answer its evaluation already parsed (REval's); else the response's answer
    /// block ([`answer_block`]), empty when the response has none.
    pub fn answer_text<'a>(&self, response: Option<&'a str>, answer: &'a str) -> &'a str {
        match self {
            StoredRun::Question(_) => answer,
            _ => answer_block(response, answer).unwrap_or_default(),
        }
    }

    /// A response judged against the run, as the validator of its task judges it.
    pub fn score(&self, response: &str) -> Score {
        self.score_answer(answer_of(response).unwrap_or_default())
    }

    /// An answer block judged against the run (the validator's rule after finding the block).
    pub fn score_answer(&self, answer: &str) -> Score {
        match self {
            StoredRun::Loops { loops } => score_loops(&loop_claims(answer), loops),
            StoredRun::Decisions { decisions } => score_decisions(&branch_claims(answer), decisions),
            StoredRun::Lines { lines } => score_lines(line_claims(answer).as_ref(), lines),
            StoredRun::Question(truth) => Score { right: truth.right, partial: f64::from(u8::from(truth.right)) },
        }
    }
}

/// What an answer to one of REval's questions claims: of a variable, its value as REval's
/// `value; type` writes it (up to the last `;`, read as a literal, else kept as written; `Nil`: the
/// line never runs); of coverage or path, the answer as a literal (`True`, `[17]`). `None`: no
/// answer (empty, or REval's `[-2]` for an answer it could not read).
pub fn question_claim(answer: &str, of_variable: bool) -> Option<Value> {
    let answer = answer.trim();
    let text = if of_variable { answer.rsplit_once(';').map_or(answer, |(value, _)| value.trim()) } else { answer };
    match pyliteral::parse(text) {
        _ if text.is_empty() => None,
        Ok(Value::List(items)) if matches!(items.as_slice(), [Value::Int(pyliteral::Int::Small(-2))]) => None,
        Ok(value) => Some(value),
        Err(_) => Some(Value::Other { type_name: String::new(), repr: text.to_owned() }),
    }
}

/// The executed lines an answer claims.
#[derive(Clone, Debug, PartialEq)]
pub struct LineClaims {
    pub lines: Vec<i64>,
    /// Whether the list is cut short (a response out of tokens): it went on past its last line.
    pub cut: bool,
}

/// The executed lines an answer claims: a list of whole numbers, `[3, 4, 6]`. A list cut short
/// (`[3, 4, 6, 4, 1`) keeps the numbers a comma closes; the last may be cut (`1` of `17`).
/// `None`: no such list (numbers that are no lines, `[1.0, 2.2]`, claim none).
pub fn line_claims(answer: &str) -> Option<LineClaims> {
    let inner = answer.trim().strip_prefix('[')?;
    let (inner, cut) = inner.strip_suffix(']').map_or((inner, true), |inner| (inner, false));
    let mut items: Vec<&str> = inner.split(',').collect();
    if cut || items.last().is_some_and(|last| last.trim().is_empty()) {
        items.pop();
    }
    let lines = items.iter().map(|item| item.trim().parse().ok()).collect::<Option<_>>()?;
    Some(LineClaims { lines, cut })
}

/// CoCoNUT's rule: right when the claimed lines are the executed ones, in order, and the list ends
/// there; no partial credit.
pub fn score_lines(claims: Option<&LineClaims>, lines: &[u32]) -> Score {
    let right = claims.is_some_and(|c| {
        !c.cut && c.lines.len() == lines.len() && c.lines.iter().zip(lines).all(|(&c, &l)| c == i64::from(l))
    });
    Score { right, partial: if right { 1.0 } else { 0.0 } }
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
pub fn score_loops(claims: &LoopClaims, loops: &[TrueLoop]) -> Score {
    score(loops.iter().map(|truth| {
        claimed_at(claims, &truth.line).is_some_and(|claimed| {
            truth.variables.iter().all(|(name, values)| {
                claimed_value(&claimed.claim, name).is_some_and(|c| equal_sequence(&c.value, values))
            })
        })
    }))
}

/// `compare_branch`: a branch line is right when the claimed outcomes are the true ones.
pub fn score_decisions(claims: &BranchClaims, decisions: &[TrueDecision]) -> Score {
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

/// `normalize_value(a) == normalize_value(b)`: Python's `==` with tuples read as lists, at every
/// depth (dict values too; keys as they are), without making the normalised copies.
pub fn equal_as_lists(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::List(x) | Value::Tuple(x), Value::List(y) | Value::Tuple(y)) => equal_items(x, y),
        (Value::Dict(x), Value::Dict(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| y.iter().any(|(k2, v2)| python_eq(k, k2) && equal_as_lists(v, v2)))
        }
        _ => python_eq(a, b),
    }
}

/// [`equal_as_lists`] of a claimed value and a variable's true values over a loop.
pub fn equal_sequence(claimed: &Value, values: &[Value]) -> bool {
    matches!(claimed, Value::List(items) | Value::Tuple(items) if equal_items(items, values))
}

fn equal_items(x: &[Value], y: &[Value]) -> bool {
    x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equal_as_lists(a, b))
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
    fn tuples_equal_lists_at_every_depth_but_in_dict_keys() {
        let eq = |a: &str, b: &str| equal_as_lists(&pyliteral::parse(a).unwrap(), &pyliteral::parse(b).unwrap());
        assert!(eq("[(1, 2), {'a': (3,)}]", "([1, 2], {'a': [3]})"));
        assert!(eq("[1.0, True]", "[1, 1]"));
        assert!(!eq("{(1,): 2}", "{(1,): 3}") && eq("{(1,): [2]}", "{(1,): (2,)}"));
        assert!(!eq("[1, 2]", "[1, 2, 3]") && !eq("'ab'", "['a', 'b']"));
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

    /// The string searches against the validators' own expressions, on lines made to trip them.
    #[test]
    fn claims_are_found_as_the_validators_regular_expressions_find_them() {
        let state = regex_lite::Regex::new(r"\[STATE\](.+?)=(.+?)\[/STATE\]").unwrap();
        let branch = regex_lite::Regex::new(r"^(\d+)\s+.*##\s*\[BRANCH\]taken=\[(.*?)\]\[/BRANCH\]").unwrap();
        let pieces =
            ["[STATE]", "[/STATE]", "=", "x", "é", " ", "##", "[BRANCH]taken=[", "][/BRANCH]", "3", "'Y'", "]"];
        // Every line of up to 4 pieces: each way the pieces can meet.
        let mut lines = vec![String::new()];
        let mut every = vec!["12 if x: ## [BRANCH]taken=['Y'][/BRANCH] ## [BRANCH]taken=[N][/BRANCH]".to_owned()];
        for _ in 0..4 {
            lines = lines.iter().flat_map(|line| pieces.iter().map(move |p| format!("{line}{p}"))).collect();
            every.extend(lines.iter().cloned());
        }
        for line in &every {
            let by_regex: Vec<(&str, &str)> =
                state.captures_iter(line).map(|c| (c.get(1).unwrap().as_str(), c.get(2).unwrap().as_str())).collect();
            assert_eq!(state_matches(line), by_regex, "{line:?}");
            let by_regex = branch.captures(line).map(|c| (c.get(1).unwrap().as_str(), c.get(2).unwrap().as_str()));
            let prefixed = format!("3 {line}");
            let by_regex_prefixed =
                branch.captures(&prefixed).map(|c| (c.get(1).unwrap().as_str(), c.get(2).unwrap().as_str()));
            assert_eq!(branch_match(line), by_regex, "{line:?}");
            assert_eq!(branch_match(&prefixed), by_regex_prefixed, "{prefixed:?}");
        }
    }

    #[test]
    fn the_answer_is_found_as_the_validators_regular_expressions_find_it() {
        assert_eq!(answer_of("a [ANSWER]x[/ANSWER] b [ANSWER]y[/ANSWER]"), Some("x"));
        assert_eq!(answer_of("[ANSWER]x\ny"), Some("x\ny"), "unclosed: to the end");
        assert_eq!(answer_of("[/ANSWER] [ANSWER]x[/ANSWER]"), Some("x"));
        assert_eq!(answer_of("[ANSWER][/ANSWER]"), Some(""));
        assert_eq!(answer_of("no answer"), None);
    }

    #[test]
    fn executed_lines_are_a_list_of_numbers_and_a_list_cut_short_keeps_those_a_comma_closes() {
        let claims = |lines: &[i64], cut| Some(LineClaims { lines: lines.to_vec(), cut });
        assert_eq!(line_claims(" [3, 4,6] "), claims(&[3, 4, 6], false));
        assert_eq!(line_claims("[]"), claims(&[], false));
        assert_eq!(line_claims("[3, 4, 1"), claims(&[3, 4], true), "the 1 may be 17 cut");
        assert_eq!(line_claims("[3, 4, "), claims(&[3, 4], true));
        assert_eq!(line_claims("[-1]"), claims(&[-1], false));
        assert_eq!(line_claims("[1.0, 2.2]"), None);
        assert_eq!(line_claims("lines 3 and 4"), None);
        let run = StoredRun::Lines { lines: vec![3, 4, 6] };
        assert_eq!(run.score_answer("[3, 4, 6]"), Score { right: true, partial: 1.0 });
        assert_eq!(run.score_answer("[3, 4]"), Score { right: false, partial: 0.0 });
        assert_eq!(run.score_answer("[3, 4, 6, 1"), Score { right: false, partial: 0.0 }, "cut: not the list");
    }
}
