//! A wrong answer against the expected value, as a reader compares them: by structure where both
//! are Python literals — a list's items, a dict's keys and values, a number whole; characters only
//! inside a string — and by words otherwise (prose, an expression).

use crate::pyliteral;
use serde::{Deserialize, Serialize};
use similar::{capture_diff_slices, Algorithm, DiffOp, TextDiff};

/// A part of the diff between an expected output and an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiffPart {
    Same(String),
    /// In the expected output, not in the answer.
    Missing(String),
    /// In the answer, not in the expected output.
    Extra(String),
}

/// Texts longer than this are not diffed (the diff is quadratic at worst).
pub const DIFF_CHARS: usize = 4_000;

/// Where `answer` differs from `expected` (both trimmed; spacing between a literal's tokens is no
/// difference, and the answer's is shown); `None` when either is too long to diff,
/// or the expected output is unknown (a verdict stored without it: RE2-Bench's problems without
/// their `input-output/` files).
pub fn answer_diff(expected: &str, answer: &str) -> Option<Vec<DiffPart>> {
    let (expected, answer) = (expected.trim(), answer.trim());
    if expected.is_empty() || expected.chars().count() > DIFF_CHARS || answer.chars().count() > DIFF_CHARS {
        return None;
    }
    let literal = |text| pyliteral::parse(text).is_ok().then(|| literal_tokens(text)).flatten();
    let mut parts = Parts::default();
    match (literal(expected), literal(answer)) {
        (Some(old), Some(new)) => by_tokens(&old, &new, &mut parts),
        _ => by_text(TextDiff::from_words(expected, answer), &mut parts),
    }
    Some(parts.0)
}

/// A piece of a literal as the diff compares it.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    /// Its own text, compared.
    key: &'a str,
    /// With the spaces after it, shown.
    shown: &'a str,
}

impl Token<'_> {
    fn is_string(&self) -> bool {
        self.key.ends_with(['\'', '"'])
    }
}

/// A literal's tokens: strings (with their prefix), numbers (with a sign or exponent), names,
/// brackets and separators; `None` for anything else.
fn literal_tokens(text: &str) -> Option<Vec<Token<'_>>> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        at = match bytes[at] {
            b'[' | b']' | b'(' | b')' | b'{' | b'}' | b',' | b':' => at + 1,
            b'\'' | b'"' => string_end(bytes, at)?,
            b'0'..=b'9' | b'-' | b'+' | b'.' => number_end(bytes, at),
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let end = at + bytes[at..].iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
                // A string's prefix (b'', r"") belongs to it.
                match bytes.get(end) {
                    Some(b'\'' | b'"') if end - at <= 2 => string_end(bytes, end)?,
                    _ => end,
                }
            }
            _ => return None,
        };
        let key_end = at;
        at += bytes[at..].iter().take_while(|b| b.is_ascii_whitespace()).count();
        tokens.push(Token { key: &text[start..key_end], shown: &text[start..at] });
    }
    Some(tokens)
}

/// Just past the closing quote of the string opening at `at`; `None` if it never closes.
fn string_end(bytes: &[u8], at: usize) -> Option<usize> {
    let quote = bytes[at];
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// Just past the number starting at `at` (a sign, digits, a point, an exponent and its sign, `j`).
fn number_end(bytes: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    while i < bytes.len() {
        let exponent_sign = matches!(bytes[i], b'-' | b'+') && matches!(bytes[i - 1], b'e' | b'E');
        if !(bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'.' | b'_') || exponent_sign) {
            break;
        }
        i += 1;
    }
    i
}

/// The parts built so far; a part of the same kind as the last one extends it.
#[derive(Default)]
struct Parts(Vec<DiffPart>);

impl Parts {
    fn push(&mut self, part: DiffPart) {
        use DiffPart::*;
        match (self.0.last_mut(), part) {
            (Some(Same(last)), Same(text))
            | (Some(Missing(last)), Missing(text))
            | (Some(Extra(last)), Extra(text)) => last.push_str(&text),
            (_, part) => self.0.push(part),
        }
    }
}

/// A literal as nested sequences: a bracket's items, separated by commas.
#[derive(Debug)]
enum Node<'a> {
    Token(Token<'a>),
    Bracket { open: Token<'a>, items: Vec<Item<'a>>, close: Option<Token<'a>> },
}

/// An item of a sequence (a list's element, a dict's `key: value`), and the comma after it.
#[derive(Debug)]
struct Item<'a> {
    nodes: Vec<Node<'a>>,
    comma: Option<Token<'a>>,
}

impl Node<'_> {
    /// What is compared: the tokens without their spacing.
    fn key(&self) -> String {
        match self {
            Node::Token(token) => token.key.to_owned(),
            Node::Bracket { open, items, close } => {
                let inner: Vec<String> = items.iter().map(Item::key).collect();
                format!("{}{}{}", open.key, inner.join(","), close.map_or("", |c| c.key))
            }
        }
    }

    fn shown(&self) -> String {
        match self {
            Node::Token(token) => token.shown.to_owned(),
            Node::Bracket { open, items, close } => {
                let inner: String = items.iter().map(Item::shown).collect();
                format!("{}{inner}{}", open.shown, close.map_or("", |c| c.shown))
            }
        }
    }
}

impl Item<'_> {
    fn key(&self) -> String {
        self.nodes.iter().map(Node::key).collect()
    }

    fn shown(&self) -> String {
        self.nodes.iter().map(Node::shown).chain(self.comma.map(|c| c.shown.to_owned())).collect()
    }
}

/// The items of a sequence, from `tokens[*at]` to its closing bracket (or the end).
fn items<'a>(tokens: &[Token<'a>], at: &mut usize) -> Vec<Item<'a>> {
    let mut items = Vec::new();
    let mut item = Item { nodes: Vec::new(), comma: None };
    while let Some(&token) = tokens.get(*at) {
        match token.key {
            "]" | ")" | "}" => break,
            "," => {
                *at += 1;
                item.comma = Some(token);
                items.push(std::mem::replace(&mut item, Item { nodes: Vec::new(), comma: None }));
            }
            "[" | "(" | "{" => {
                *at += 1;
                let inner = self::items(tokens, at);
                let close = tokens.get(*at).copied();
                *at += usize::from(close.is_some());
                item.nodes.push(Node::Bracket { open: token, items: inner, close });
            }
            _ => {
                *at += 1;
                item.nodes.push(Node::Token(token));
            }
        }
    }
    if !item.nodes.is_empty() {
        items.push(item);
    }
    items
}

/// Item by item. Items replaced are paired in order and compared inside (a dict entry's key, then
/// its value); a bracket against a bracket of the same kind item by item, a string against a
/// string character by character; anything else whole.
fn by_tokens(old: &[Token<'_>], new: &[Token<'_>], parts: &mut Parts) {
    let (mut old_at, mut new_at) = (0, 0);
    let (old, new) = (items(old, &mut old_at), items(new, &mut new_at));
    diff_items(&old, &new, parts);
}

fn diff_items(old: &[Item<'_>], new: &[Item<'_>], parts: &mut Parts) {
    let (old_keys, new_keys): (Vec<String>, Vec<String>) =
        (old.iter().map(Item::key).collect(), new.iter().map(Item::key).collect());
    for op in capture_diff_slices(Algorithm::Myers, &old_keys, &new_keys) {
        let (before, after) = (&old[op.old_range()], &new[op.new_range()]);
        let paired =
            if matches!(op, DiffOp::Delete { .. } | DiffOp::Insert { .. }) { 0 } else { before.len().min(after.len()) };
        for (old_item, new_item) in before.iter().zip(after).take(paired) {
            diff_nodes(&old_item.nodes, &new_item.nodes, parts);
            diff_optional(old_item.comma, new_item.comma, parts);
        }
        whole(&before[paired..], &after[paired..], Item::shown, parts);
    }
}

fn diff_nodes(old: &[Node<'_>], new: &[Node<'_>], parts: &mut Parts) {
    let (old_keys, new_keys): (Vec<String>, Vec<String>) =
        (old.iter().map(Node::key).collect(), new.iter().map(Node::key).collect());
    for op in capture_diff_slices(Algorithm::Myers, &old_keys, &new_keys) {
        let (before, after) = (&old[op.old_range()], &new[op.new_range()]);
        match (op, before, after) {
            (DiffOp::Equal { .. }, _, _) => parts.push(DiffPart::Same(after.iter().map(Node::shown).collect())),
            (_, [Node::Token(a)], [Node::Token(b)]) if a.is_string() && b.is_string() => {
                by_text(TextDiff::from_chars(a.shown, b.shown), parts)
            }
            (
                _,
                [Node::Bracket { open: a, items: old_items, close: old_close }],
                [Node::Bracket { open: b, items: new_items, close: new_close }],
            ) if a.key == b.key => {
                parts.push(DiffPart::Same(b.shown.to_owned()));
                diff_items(old_items, new_items, parts);
                diff_optional(*old_close, *new_close, parts);
            }
            _ => whole(before, after, Node::shown, parts),
        }
    }
}

/// A comma or closing bracket on either side: the same, or missing, or extra.
fn diff_optional(old: Option<Token<'_>>, new: Option<Token<'_>>, parts: &mut Parts) {
    match (old, new) {
        (Some(_), Some(new)) => parts.push(DiffPart::Same(new.shown.to_owned())),
        (Some(old), None) => parts.push(DiffPart::Missing(old.shown.to_owned())),
        (None, Some(new)) => parts.push(DiffPart::Extra(new.shown.to_owned())),
        (None, None) => {}
    }
}

/// `before` missing and `after` extra, each whole.
fn whole<T>(before: &[T], after: &[T], shown: impl Fn(&T) -> String, parts: &mut Parts) {
    if !before.is_empty() {
        parts.push(DiffPart::Missing(before.iter().map(&shown).collect()));
    }
    if !after.is_empty() {
        parts.push(DiffPart::Extra(after.iter().map(&shown).collect()));
    }
}

fn by_text(diff: TextDiff<'_, '_, str>, parts: &mut Parts) {
    for change in diff.iter_all_changes() {
        let text = change.value().to_owned();
        parts.push(match change.tag() {
            similar::ChangeTag::Equal => DiffPart::Same(text),
            similar::ChangeTag::Delete => DiffPart::Missing(text),
            similar::ChangeTag::Insert => DiffPart::Extra(text),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DiffPart::*;

    fn same(text: &str) -> DiffPart {
        Same(text.to_owned())
    }
    fn missing(text: &str) -> DiffPart {
        Missing(text.to_owned())
    }
    fn extra(text: &str) -> DiffPart {
        Extra(text.to_owned())
    }

    #[test]
    fn list_items_and_numbers_are_compared_whole() {
        // Character by character this read "[1, 1[2]3, 3]": 12 and 13 share a digit, not a value.
        assert_eq!(
            answer_diff("[1, 12, 3]", " [1, 13, 3]\n").unwrap(),
            [same("[1, "), missing("12"), extra("13"), same(", 3]")]
        );
        // An item dropped is dropped whole, with its separator.
        assert_eq!(answer_diff("[10, 20, 30]", "[10, 30]").unwrap(), [same("[10, "), missing("20, "), same("30]")]);
        assert_eq!(answer_diff("-1.5e-05", "-1.5e-06").unwrap(), [missing("-1.5e-05"), extra("-1.5e-06")]);
    }

    #[test]
    fn dict_keys_are_compared_whole_and_strings_inside() {
        assert_eq!(
            answer_diff("{'a': 1, 'bc': 2}", "{'a': 1, 'bd': 2}").unwrap(),
            [same("{'a': 1, 'b"), missing("c"), extra("d"), same("': 2}")]
        );
        assert_eq!(
            answer_diff("{'a': True}", "{'a': False, 'b': None}").unwrap(),
            [same("{'a': "), missing("True"), extra("False, 'b': None"), same("}")]
        );
        // A prefixed string is one token; a string never matches a number.
        assert_eq!(answer_diff("b'xy'", "b'xz'").unwrap(), [same("b'x"), missing("y"), extra("z"), same("'")]);
        assert_eq!(answer_diff("'1'", "1").unwrap(), [missing("'1'"), extra("1")]);
    }

    #[test]
    fn a_list_that_lost_items_loses_them_whole() {
        // CRUXEval sample_0, deepseek-coder-33b-instruct's answer.
        assert_eq!(
            answer_diff("[(4, 1), (4, 1), (4, 1), (4, 1), (2, 3), (2, 3)]", "[(4, 1), (2, 3)]").unwrap(),
            [same("[(4, 1), "), missing("(4, 1), (4, 1), (4, 1), (2, 3), "), same("(2, 3)]")]
        );
        // A tuple inside a list is compared item by item.
        assert_eq!(
            answer_diff("[(1, 2), 3]", "[(1, 5), 3]").unwrap(),
            [same("[(1, "), missing("2"), extra("5"), same("), 3]")]
        );
    }

    #[test]
    fn prose_and_expressions_are_compared_by_words() {
        assert_eq!(
            answer_diff("the list is empty", "the list is full").unwrap(),
            [same("the list is "), missing("empty"), extra("full")]
        );
        // Not a literal on one side (an expression): by words.
        assert_eq!(answer_diff("[1, 2]", "[1, 2] + [3]").unwrap(), [same("[1, 2]"), extra(" + [3]")]);
    }

    #[test]
    fn nothing_to_diff_without_an_expected_output_or_past_the_length() {
        assert_eq!(answer_diff("x", &"y".repeat(DIFF_CHARS + 1)), None);
        assert_eq!(answer_diff(" ", "142.5"), None);
    }

    #[test]
    fn the_parts_rebuild_both_texts() {
        let cases = [
            ("[1, 'a b', {2: (3,)}]", "[1,'a c',{2:(4,)}, None]"),
            ("'é'", "'è'"),
            ("x y", "y x"),
            ("[(4, 1), (4, 1), (4, 1), (4, 1), (2, 3), (2, 3)]", "[(4, 1), (2, 3)]"),
            ("((1, 2), [3", "((1, 3), [3]"),
            ("{1: [2, {3: 'x'}]}", "{1: [2, {3: 'y', 4: ()}], 5: 6}"),
        ];
        for (expected, answer) in cases {
            let parts = answer_diff(expected, answer).unwrap();
            let side = |keep_missing: bool| {
                parts
                    .iter()
                    .filter_map(|p| match p {
                        Same(t) => Some(t.as_str()),
                        Missing(t) if keep_missing => Some(t),
                        Extra(t) if !keep_missing => Some(t),
                        _ => None,
                    })
                    .collect::<String>()
            };
            // Spacing between a literal's tokens is no difference (the answer's is shown).
            let unspaced = |text: &str| text.split_whitespace().collect::<String>();
            assert_eq!((unspaced(&side(true)), side(false)), (unspaced(expected), answer.to_owned()));
        }
    }
}
