//! Claims read from the prose of a chain of thought — "`res` is `[1, 2]`", "x = 5" — and placed on
//! the program's traced run like any other intermediate answer.
//!
//! The reader is careful rather than complete: a claim must name a variable of the program, give
//! a Python literal as its value, and say so plainly. It reads three forms only:
//!
//! - a code span that is an assignment of a literal: `` `res = [1, 2]` ``;
//! - a variable in a code span, one of a few verbs of being ([`VERBS`]), then a literal, in a code
//!   span or bare: `` `res` becomes `[1, 2]` ``, `` `count` is now 3, so… ``;
//! - a bare assignment `count = 3` in a sentence.
//!
//! It reads nothing in a sentence that hedges, supposes or negates ([`HEDGES`]), in fenced code, on a
//! line that is the program's own code, after the response's answer, nor an assignment the code itself
//! writes (`result = []` quoted from the program is no claim about the run). A bare value must end
//! where a person would stop reading it: at a sentence's end, a comma, or a word such as "and" —
//! never before an operator (`x is 5 + 3`) or a unit (`s is 5 characters long`).
//!
//! A claim is right when the run gave the variable that value at some step; it is placed on the
//! first such step after the previous claim's (claims are told in the order of the run, mostly),
//! else on an earlier one. A claim is wrong only when no value the variable took equals it — and
//! every value it took is known (none cut, no object, the trace not cut short): otherwise it is left
//! out, undecided.

use crate::alignment::{AlignedStep, Alignment, Ending, StepUnit};
use crate::execution::trace::Trace;
use crate::extractors::ProgramParser;
use crate::pyliteral::{self, python_eq, Value};
use crate::table::{Language, ProgramIdx, Table, Task};
use crate::texts::cut;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// A traced run with the claims the reasoning of the program's output predictions makes about it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceWithClaims {
    pub trace: Trace,
    pub claims: Vec<ProseAlignment>,
}

/// One prediction's prose claims placed on the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProseAlignment {
    pub model: String,
    pub task: Task,
    pub sample: u32,
    pub alignment: Alignment,
    /// The sentence of the first claim the run contradicts.
    pub words: Option<String>,
}

/// How many claims a prediction's reasoning makes in prose (0: a response that makes none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProseCount {
    pub prediction: u32,
    pub claims: u32,
}

/// Every output prediction with a response about a Python program whose code is known, and how
/// many claims its prose makes, in prediction order.
pub fn prose_counts(table: &Table) -> Vec<ProseCount> {
    let p = &table.predictions;
    let mut by_program: Vec<Vec<u32>> = vec![Vec::new(); table.programs.len()];
    for i in (0..p.len()).filter(|&i| p.task[i] == Task::Output && p.response.get(i).is_some()) {
        by_program[p.program[i] as usize].push(i as u32);
    }
    // Each program's code read once for all its responses.
    let mut counts: Vec<ProseCount> = by_program
        .par_iter()
        .enumerate()
        .flat_map_iter(|(program, predictions)| {
            let program = &table.programs[program];
            let code = program.code.as_deref().filter(|_| program.language == Language::Python);
            let reader = code.map(ProseReader::new);
            predictions.iter().filter_map(move |&i| {
                let claims = reader.as_ref()?.claims(p.response.get(i as usize)?).len() as u32;
                Some(ProseCount { prediction: i, claims })
            })
        })
        .collect();
    counts.sort_unstable_by_key(|c| c.prediction);
    counts
}

/// The claims of each output prediction of `program` on its own input whose response states any,
/// placed on `trace`, the program's traced run on that input.
pub fn claims_on_run(table: &Table, program: ProgramIdx, trace: &Trace) -> Vec<ProseAlignment> {
    let p = &table.predictions;
    let entry = &table.programs[program as usize];
    let Some(code) = entry.code.as_deref().filter(|_| entry.language == Language::Python) else { return Vec::new() };
    // A later sample of a program with further inputs answers one of those (CoCoNUT, REval).
    let own_input = |i: usize| p.input.get(i).is_none() && (p.sample[i] == 0 || entry.extra_inputs.is_empty());
    table
        .predictions_of(program)
        .filter(|&i| p.task[i] == Task::Output && own_input(i))
        .filter_map(|i| {
            let claims = prose_claims(p.response.get(i)?, code);
            let (alignment, words) = align_claims(&claims, trace, code)?;
            Some(ProseAlignment {
                model: table.models[p.model[i] as usize].clone(),
                task: p.task[i],
                sample: p.sample[i],
                alignment,
                words,
            })
        })
        .collect()
}

/// One value a response's prose gives a variable.
#[derive(Clone, Debug)]
pub struct ProseClaim {
    pub variable: String,
    pub value: Value,
    /// The sentence it was read from, cut to a few hundred characters.
    pub sentence: String,
}

/// Verbs that say a variable holds a value, longest first (the first that matches is taken).
pub const VERBS: &[&str] = &[
    "is initialized to",
    "is initialised to",
    "is incremented to",
    "is decremented to",
    "has the value",
    "is updated to",
    "is changed to",
    "is now equal to",
    "is equal to",
    "is assigned",
    "now becomes",
    "is set to",
    "becomes",
    "is still",
    "remains",
    "will be",
    "would be",
    "equals",
    "is now",
    "is",
    "=",
];

/// Words that make a sentence no plain statement of the run: a condition, a supposition, a
/// negation or a correction. Such sentences are not read.
pub const HEDGES: &[&str] = &[
    "if",
    "whether",
    "unless",
    "suppose",
    "assume",
    "assuming",
    "were",
    "should",
    "not",
    "no",
    "never",
    "wrong",
    "incorrect",
    "instead",
    "mistake",
    "expected",
    "could",
    "might",
    "may",
    "isn't",
    "doesn't",
    "wasn't",
    "when",
    "whenever",
];

/// Words a bare value may be followed by and still be read whole ("`n` is 3 and …").
const VALUE_ENDS: &[&str] =
    &["and", "so", "because", "since", "after", "at", "now", "then", "which", "as", "before", "when", "while", "again"];

/// Markers after which a response gives its answer (CRUXEval, RE2-Bench, ExeRScope): no prose.
const ANSWER_MARKERS: &[&str] = &["[ANSWER]", "[/THOUGHT]", "<<<Output>>>", "[OUTPUT]"];

/// The claims `response` makes in prose about variables of `code`, in the order it makes them.
pub fn prose_claims(response: &str, code: &str) -> Vec<ProseClaim> {
    ProseReader::new(code).claims(response)
}

/// What claims about one program are checked against: the names it can hold values in, and its
/// lines (without whitespace), which a response may quote.
struct ProseReader<'a> {
    names: HashSet<&'a str>,
    code_lines: HashSet<String>,
}

impl<'a> ProseReader<'a> {
    fn new(code: &'a str) -> ProseReader<'a> {
        let code_lines = code.lines().map(squeezed).filter(|l| !l.is_empty()).collect();
        ProseReader { names: identifiers(code), code_lines }
    }

    fn claims(&self, response: &str) -> Vec<ProseClaim> {
        let ProseReader { names, code_lines } = self;
        let end = ANSWER_MARKERS.iter().filter_map(|m| response.find(m)).min().unwrap_or(response.len());
        let mut claims = Vec::new();
        let mut fenced = false;
        let mut line_squeezed = String::new();
        for line in response[..end].lines() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            // Every form has a code span or an `=`: most lines of prose have neither.
            if fenced || !line.bytes().any(|b| b == b'`' || b == b'=') {
                continue;
            }
            line_squeezed.clear();
            line_squeezed.extend(line.chars().filter(|c| !c.is_whitespace()));
            if code_lines.contains(&line_squeezed) {
                continue;
            }
            for sentence in sentences(line) {
                let said = sentence_claims(sentence, names, code_lines);
                // Claims first (most sentences make none), then whether the sentence supposes,
                // negates or asks: a question does not tell.
                if said.is_empty() || hedged(sentence) || sentence.trim_end().ends_with('?') {
                    continue;
                }
                for (variable, value) in said {
                    let Ok(value) = pyliteral::parse(value) else { continue };
                    claims.push(ProseClaim {
                        variable: variable.to_owned(),
                        value,
                        sentence: cut(sentence.trim(), 300),
                    });
                }
            }
        }
        claims
    }
}

/// The text without whitespace, to compare code written with other spacing.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The identifiers of `code` that can name a variable (Python's keywords and constants left out).
fn identifiers(code: &str) -> HashSet<&str> {
    const NOT_VARIABLES: &[&str] = &[
        "True", "False", "None", "and", "or", "not", "in", "is", "if", "else", "elif", "for", "while", "def", "return",
        "class", "lambda", "import", "from", "as", "with", "try", "except", "finally", "pass", "break", "continue",
        "yield", "global", "nonlocal", "del", "assert", "raise", "self",
    ];
    code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|word| word.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_'))
        .filter(|word| !NOT_VARIABLES.contains(word))
        .collect()
}

/// A line's sentences: ended by `.`, `?`, `!` or `;` before whitespace, outside code spans.
fn sentences(line: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let (mut start, mut in_span) = (0, false);
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'`' => in_span = !in_span,
            b'.' | b'?' | b'!' | b';' if !in_span && bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()) => {
                found.push(&line[start..=i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    found.push(&line[start..]);
    found
}

/// Whether a sentence hedges: one of [`HEDGES`] as a word outside code spans.
fn hedged(sentence: &str) -> bool {
    sentence.split('`').step_by(2).any(|prose| {
        prose
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .any(|word| HEDGES.iter().any(|hedge| word.eq_ignore_ascii_case(hedge)))
    })
}

/// The (variable, value as written) pairs a sentence states.
/// `code_lines`: the program's lines without whitespace — an assignment the program writes is
/// quoted code, not a claim about this run.
fn sentence_claims<'a>(
    sentence: &'a str,
    names: &HashSet<&str>,
    code_lines: &HashSet<String>,
) -> Vec<(&'a str, &'a str)> {
    let quoted = |name: &str, value: &str| code_lines.contains(&squeezed(&format!("{name}={value}")));
    let mut claims = Vec::new();
    let spans = code_spans(sentence);
    for &(start, end) in &spans {
        let inner = sentence[start + 1..end - 1].trim();
        if let Some((name, value)) =
            assignment(inner).filter(|(name, value)| names.contains(name) && !quoted(name, value))
        {
            claims.push((name, value)); // `x = 5`
        } else if names.contains(inner) {
            if let Some(value) = stated_value(&sentence[end..]) {
                claims.push((inner, value)); // `x` is 5
            }
        }
    }
    // Bare assignments, outside code spans.
    let outside = |at: usize| !spans.iter().any(|&(s, e)| (s..e).contains(&at));
    for (at, _) in sentence.match_indices('=').filter(|&(at, _)| outside(at)) {
        let before = &sentence[..at];
        let name = before.trim_end();
        let name_start = name
            .char_indices()
            .rev()
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let name = &name[name_start..];
        let bounded =
            before[..name_start].chars().next_back().is_none_or(|c| c == ' ' || c == '(' || c == ',' || c == ':');
        // `+=`, `!=`, `<=`, `:=`: no assignment of a value.
        let augmented = before.chars().next_back().is_some_and(|c| "+-*/%=<>&|^@!:".contains(c));
        let inside = &sentence[..name_start];
        let unpacked = target_list(inside, names);
        if bounded && !augmented && names.contains(name) && !quoted_text(inside) && !in_call(inside) && !unpacked {
            let value = bare_value(&sentence[at + 1..])
                .filter(|value| !sentence[at + 1..].starts_with('=') && !quoted(name, value));
            if let Some(value) = value {
                claims.push((name, value));
            }
        }
    }
    claims
}

/// Whether the text after `before` stands inside quotes ('quiz leader = {}'): an odd number of
/// quote marks before it that are no apostrophes (a quote beside a letter on both sides).
fn quoted_text(before: &str) -> bool {
    let chars: Vec<char> = before.chars().collect();
    let apostrophe = |i: usize| {
        let letter = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
        letter(i.checked_sub(1).and_then(|j| chars.get(j))) && letter(chars.get(i + 1))
    };
    (0..chars.len()).filter(|&i| matches!(chars[i], '\'' | '"') && !apostrophe(i)).count() % 2 == 1
}

/// Whether the name after `before` ends a list of names assigned together (`i, j = (0, 0)`): a
/// comma right after a variable, with no `=` since the sentence or the list began.
fn target_list(before: &str, names: &HashSet<&str>) -> bool {
    let Some(list) = before.trim_end().strip_suffix(',') else { return false };
    let item = list.rsplit(',').next().unwrap_or(list);
    let last = item.trim_end().rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("");
    !item.contains('=') && names.contains(last)
}

/// Whether the text after `before` is a call's argument (`Bunch(fit_transform={})`): a bracket
/// left open right after a name.
fn in_call(before: &str) -> bool {
    let mut depth = 0;
    for (at, c) in before.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' if depth > 0 => depth -= 1,
            '(' => return before[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_'),
            _ => {}
        }
    }
    false
}

/// The byte ranges of a sentence's code spans, backticks included.
fn code_spans(sentence: &str) -> Vec<(usize, usize)> {
    let ticks: Vec<usize> = sentence.match_indices('`').map(|(at, _)| at).collect();
    ticks.chunks_exact(2).map(|pair| (pair[0], pair[1] + 1)).collect()
}

/// `name = value` as code writes an assignment of one name (not `==`, `+=`, `a[0] =`).
fn assignment(code: &str) -> Option<(&str, &str)> {
    let (name, value) = code.split_once('=')?;
    let name = name.trim();
    let plain = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    (plain && !value.starts_with('=')).then_some((name, value.trim()))
}

/// The value a verb of [`VERBS`] gives right after a variable: a code span, or a bare literal.
fn stated_value(after: &str) -> Option<&str> {
    let text = after.trim_start();
    let verb = VERBS.iter().find(|verb| {
        text.get(..verb.len()).is_some_and(|head| head.eq_ignore_ascii_case(verb))
            && text[verb.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric())
    })?;
    let rest = text[verb.len()..].trim_start();
    let rest = rest.strip_prefix(':').unwrap_or(rest).trim_start();
    match rest.strip_prefix('`') {
        Some(span) => {
            let (value, after_span) = span.split_once('`')?;
            let next = after_span.trim_start();
            // `x` is `5` + 3: the span is a part of an expression.
            (!next.starts_with(|c: char| "+-*/%=<>&|^@".contains(c))).then_some(value.trim())
        }
        None => bare_value(rest),
    }
}

/// The longest literal at the start of `text` that ends where a reader stops: the sentence's end,
/// a comma, a closing bracket, or a word of [`VALUE_ENDS`]; none when it is an unbracketed tuple
/// (`x = 1, 2` reads as a list of values) or goes on into an operator or a unit.
fn bare_value(text: &str) -> Option<&str> {
    let text = text.trim_start();
    let mut longest = None;
    // Each place right after a character that is no space, within what a value written in a
    // sentence could span.
    let ends = text.char_indices().filter(|(_, c)| !c.is_whitespace()).map(|(at, c)| at + c.len_utf8());
    for end in ends.take_while(|&end| end <= LONGEST_BARE_VALUE) {
        // `[1, 2], and`, `is 3.`: the comma and the full stop are the sentence's.
        if !text[..end].ends_with([',', '.']) && ends_reading(&text[end..]) && pyliteral::parse(&text[..end]).is_ok() {
            longest = Some(&text[..end]);
        }
    }
    let value = longest?;
    let unbracketed_tuple = matches!(pyliteral::parse(value), Ok(Value::Tuple(_))) && !value.starts_with('(');
    (!unbracketed_tuple).then_some(value)
}

/// Bytes a bare value may span: a longer one is written in a code span, or not in a sentence.
const LONGEST_BARE_VALUE: usize = 300;

/// Whether a value may end before `rest`.
fn ends_reading(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        None => true,
        Some(',' | ';' | ':' | ')' | '.' | '!' | '?') => chars.next().is_none_or(char::is_whitespace),
        Some(c) if c.is_whitespace() => {
            let word = rest.trim_start();
            let word = word.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
            word.is_empty() && !is_operator_char(rest.trim_start().chars().next()) || VALUE_ENDS.contains(&word)
        }
        _ => false,
    }
}

fn is_operator_char(c: Option<char>) -> bool {
    c.is_some_and(|c| "+-*/%=<>&|^@[(.".contains(c))
}

/// The claims placed on the traced run of `code` (a Python program), and the sentence of the first
/// the run contradicts; `None` when none could be placed.
pub fn align_claims(claims: &[ProseClaim], trace: &Trace, code: &str) -> Option<(Alignment, Option<String>)> {
    let history = variable_history(trace);
    let lines = ProgramParser::new().lines(code, Language::Python).unwrap_or_default();
    // The step of the last claim the run bore out, if any.
    let mut cursor: Option<usize> = None;
    let mut steps = Vec::new();
    let mut first_wrong_sentence = None;
    for claim in claims {
        let Some(values) = history.get(claim.variable.as_str()) else { continue };
        let equal = |(_, value): &&(usize, Option<Value>)| value.as_ref().is_some_and(|v| python_eq(v, &claim.value));
        let matching = values
            .iter()
            .filter(equal)
            .find(|(at, _)| cursor.is_none_or(|c| *at >= c))
            .or_else(|| values.iter().rfind(equal));
        let (at, actual, right) = match matching {
            Some((at, actual)) => (*at, actual.clone(), true),
            None if trace.cut || values.iter().any(|(_, v)| v.is_none()) => continue, // undecided
            None => {
                // What the run did next with the variable.
                let next = values.iter().find(|(at, _)| cursor.is_none_or(|c| *at > c));
                let Some((at, actual)) = next.or(values.last()) else {
                    continue;
                };
                (*at, actual.clone(), false)
            }
        };
        let Some(actual) = actual else { continue };
        if right {
            cursor = cursor.max(Some(at));
        } else if first_wrong_sentence.is_none() {
            first_wrong_sentence = Some(claim.sentence.clone());
        }
        let step = &trace.steps[at];
        let (kind, constructs) = lines.at(step.line);
        steps.push(AlignedStep {
            line: step.line.to_string(),
            claimed_line: None,
            step: at as u32 + 1,
            variable: Some(claim.variable.clone()),
            kind,
            constructs,
            code: step.source.trim().to_owned(),
            predicted: Some(claim.value.clone()),
            actual,
            right,
        });
    }
    if steps.is_empty() {
        return None;
    }
    let first_divergence = steps.iter().position(|s| !s.right);
    let alignment = Alignment {
        ending: if first_divergence.is_some() { Ending::Differs } else { Ending::Agrees },
        steps,
        first_divergence,
        placed: true,
        beyond_the_run: 0,
        unit: StepUnit::Step,
    };
    Some((alignment, first_wrong_sentence))
}

/// Each variable's values in the run, with the step that gave each (`None`: a value no literal
/// writes, or one cut).
fn variable_history(trace: &Trace) -> HashMap<&str, Vec<(usize, Option<Value>)>> {
    let mut history: HashMap<&str, Vec<(usize, Option<Value>)>> = HashMap::new();
    for (at, step) in trace.steps.iter().enumerate() {
        for (name, text) in &step.changed {
            history.entry(name).or_default().push((at, pyliteral::parse(text).ok()));
        }
    }
    history
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(response: &str, code: &str) -> Vec<(String, String)> {
        prose_claims(response, code).into_iter().map(|c| (c.variable, c.value.to_string())).collect()
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    const CODE: &str = "def f(nums):\n    res = []\n    count = 0\n    for n in nums:\n        res.append(n)\n        count += 1\n    return res\n";

    #[test]
    fn reads_the_three_plain_forms() {
        let response =
            "First `res` becomes `[1]`. Then `count` is now 2, so we go on.\nAfter that, count = 3 and `res = [1, 2]`.";
        assert_eq!(read("Then `count` is now 2, so we go on.", CODE), pairs(&[("count", "2")]));
        // An apostrophe is no quote; a full stop ends the sentence, not the number.
        assert_eq!(read("It's done; res = 'a' then count = 3.", CODE), pairs(&[("res", "'a'"), ("count", "3")]));
        assert_eq!(read("- res = [7], count = 1", CODE), pairs(&[("res", "[7]"), ("count", "1")]));
        assert_eq!(read(response, CODE), pairs(&[("res", "[1]"), ("count", "2"), ("res", "[1, 2]"), ("count", "3")]));
    }

    #[test]
    fn reads_nothing_a_person_would_not_read_as_a_claim() {
        for response in [
            "If `count` is 2, the loop ends.",   // a condition
            "`count` is not 3.",                 // a negation
            "`count` is 5 + 3 = 8.",             // an expression
            "`res` is 5 characters long.",       // a unit
            "`count` is 1, 2 and 3 in turn.",    // several values
            "`total` is 4.",                     // no variable of the program
            "`res` is empty.",                   // no literal
            "```\nres = [1]\n```",               // fenced code
            "    res = []",                      // the program's own line
            "The code sets `res = []` first.",   // an assignment the code writes
            "count == 3 holds.",                 // a comparison
            "res[0] = 1 now.",                   // an item, not the variable
            "[ANSWER]count = 3[/ANSWER]",        // the answer, not its reasoning
            "So `count` is 3?",                  // a question
            "It prints 'count = 3' at the end.", // a string's text
            "It calls g(res=[], count=3).",      // a call's arguments
            "- res, count = ([], 3)",            // names assigned together
            "When `count` is 3, it stops.",      // a condition
        ] {
            assert_eq!(read(response, CODE), Vec::new(), "{response}");
        }
    }

    #[test]
    fn a_bare_value_ends_where_a_reader_stops() {
        assert_eq!(bare_value("'hello world' now"), Some("'hello world'"));
        assert_eq!(bare_value("[1, 2], and then"), Some("[1, 2]"));
        assert_eq!(bare_value("3.5."), Some("3.5"));
        assert_eq!(bare_value("(1, 2)"), Some("(1, 2)"));
        assert_eq!(bare_value("1, 2"), None);
        assert_eq!(bare_value("5 times larger"), None);
    }

    fn trace_of(steps: &[(u32, &[(&str, &str)])], cut: bool) -> Trace {
        use crate::execution::trace::Step;
        Trace {
            steps: steps
                .iter()
                .map(|(line, changed)| Step {
                    line: *line,
                    source: CODE.lines().nth(*line as usize - 1).unwrap_or("").to_owned(),
                    hit: 1,
                    depth: 1,
                    changed: changed.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect(),
                })
                .collect(),
            blocks: Vec::new(),
            line_hits: Vec::new(),
            cut,
            end: String::new(),
        }
    }

    #[test]
    fn claims_are_placed_in_the_runs_order_and_wrong_only_where_no_value_matches() {
        let trace = trace_of(
            &[
                (1, &[("nums", "[7, 8]")]),
                (2, &[("res", "[]")]),
                (3, &[("count", "0")]),
                (5, &[("res", "[7]")]),
                (6, &[("count", "1")]),
                (5, &[("res", "[7, 8]")]),
                (6, &[("count", "2")]),
            ],
            false,
        );
        let claims = prose_claims("`count` is now 1. Then `res` becomes `[7, 9]`. `count` is 2. `res` is `[]`.", CODE);
        let (aligned, words) = align_claims(&claims, &trace, CODE).unwrap();
        assert_eq!(words.as_deref(), Some("Then `res` becomes `[7, 9]`."));
        let placed: Vec<(u32, bool, String)> =
            aligned.steps.iter().map(|s| (s.step, s.right, s.actual.to_string())).collect();
        // `res` = [7, 9] never held: placed where `res` next changed after step 5, with its value there.
        assert_eq!(
            placed,
            [(5, true, "1".into()), (6, false, "[7, 8]".into()), (7, true, "2".into()), (2, true, "[]".into())]
        );
        assert_eq!((aligned.first_divergence, aligned.ending), (Some(1), Ending::Differs));
    }

    #[test]
    fn a_claim_is_undecided_where_a_value_is_unknown() {
        let claims = prose_claims("`res` is `[1]`. `count` is 4.", CODE);
        let cut_value = trace_of(&[(2, &[("res", "[0, 0, 0…")]), (3, &[("count", "0")])], false);
        let (aligned, _) = align_claims(&claims, &cut_value, CODE).unwrap();
        assert_eq!(aligned.steps.len(), 1, "only the claim on `count` is decided");
        assert!(align_claims(&claims[1..], &trace_of(&[(3, &[("count", "0")])], true), CODE).is_none());
    }
}
