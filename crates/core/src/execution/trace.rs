//! A program's execution trace, as a reader follows it: the lines in the order they ran, how
//! often each had run by then, the variables each changed (as the harness wrote them, cut at 200
//! characters), and the iterations of every loop grouped. The harness records the events
//! ([`RecordedTrace`]); [`Trace::build`] makes them readable with the program's source.

use super::RunReport;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// What the harness recorded: one event per line run (at most 10,000; `cut` when there were more).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RecordedTrace {
    pub events: Vec<RecordedEvent>,
    pub cut: bool,
}

/// `[line, depth, [[variable, value], …]]`: a line run at a stack depth (the program's function
/// frames), and the variables it changed with their new values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedEvent(pub u32, pub u32, pub Vec<(String, String)>);

/// The trace of one run, ready to show.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub steps: Vec<Step>,
    /// The steps as a reader folds them: loops with their iterations.
    pub blocks: Vec<Block>,
    /// How often each line ran in all, by line.
    pub line_hits: Vec<(u32, u32)>,
    /// More lines ran than were recorded: the trace shows the first ones.
    pub cut: bool,
    /// How the run ended: the returned value (or printed output), or what it raised.
    pub end: String,
}

/// One line run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub line: u32,
    pub source: String,
    /// The how-manyth time this line ran (1 the first time).
    pub hit: u32,
    /// The depth of function calls it ran at (1 in the called function).
    pub depth: u32,
    pub changed: Vec<(String, String)>,
}

/// A step, or a loop: the steps from its header's first run to its last, one group per run of
/// the header (a `for` header runs once more than its body, to end the loop).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Block {
    Step(usize),
    Loop { line: u32, iterations: Vec<Vec<Block>> },
}

/// Loops nested deeper than this (through recursion) are shown as plain steps.
const MAX_NESTING: usize = 64;

impl Trace {
    /// The trace of a run that recorded none (it ended before the harness could tell): no steps,
    /// only how it ended.
    pub fn without_events(report: &RunReport) -> Trace {
        Trace { steps: Vec::new(), blocks: Vec::new(), line_hits: Vec::new(), cut: false, end: report.answer() }
    }

    /// The trace of a run that recorded one, with `code`'s lines.
    pub fn build(report: &RunReport, code: &str) -> Option<Trace> {
        let recorded = report.trace.as_ref()?;
        let lines: Vec<&str> = code.lines().collect();
        let source = |line: u32| lines.get((line as usize).wrapping_sub(1)).copied().unwrap_or("");
        let mut hits: std::collections::BTreeMap<u32, u32> = Default::default();
        let steps: Vec<Step> = recorded
            .events
            .iter()
            .map(|RecordedEvent(line, depth, changed)| {
                let hit = hits.entry(*line).or_default();
                *hit += 1;
                Step {
                    line: *line,
                    source: source(*line).to_owned(),
                    hit: *hit,
                    depth: *depth,
                    changed: changed.clone(),
                }
            })
            .collect();
        let blocks = group(&steps, 0..steps.len(), &lines, 0);
        Some(Trace { blocks, steps, line_hits: hits.into_iter().collect(), cut: recorded.cut, end: report.answer() })
    }
}

impl Trace {
    /// What `expression` (a variable, or a tuple of variables: REval's state questions) held
    /// after each run of `line`, in the frame that ran it, as the trace writes values; a run that
    /// left a variable undefined gives none (REval's `Nil`). `None`: no such expression (an
    /// attribute, a subscript: the trace keeps no value of those).
    pub fn values_after(&self, line: u32, expression: &str) -> Option<Vec<String>> {
        let inner = expression.trim();
        let (inner, tuple) = match inner.strip_prefix('(').and_then(|e| e.strip_suffix(')')) {
            Some(inner) => (inner, true),
            None => (inner, inner.contains(',')),
        };
        let names: Vec<&str> = inner.split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
        let identifier = |n: &&str| {
            n.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
                && n.chars().all(|c| c.is_alphanumeric() || c == '_')
        };
        if names.is_empty() || !names.iter().all(identifier) {
            return None;
        }
        // The variables of each frame on the stack, by depth: a step deeper than the last one
        // starts a new frame there, a shallower one is back in its caller. (A call right after
        // another at the same depth, with no line of the caller between, is taken for the same
        // frame: the trace does not tell frames apart otherwise.)
        let mut frames: Vec<HashMap<&str, &str>> = Vec::new();
        let mut values = Vec::new();
        for step in &self.steps {
            let depth = step.depth as usize;
            frames.truncate(depth + 1);
            frames.resize_with(depth + 1, HashMap::new);
            let frame = &mut frames[depth];
            frame.extend(step.changed.iter().map(|(name, value)| (name.as_str(), value.as_str())));
            if step.line != line {
                continue;
            }
            let held: Option<Vec<&str>> = names.iter().map(|name| frame.get(name).copied()).collect();
            values.extend(held.map(|held| match held.as_slice() {
                [one] if !tuple => (*one).to_owned(),
                [one] => format!("({one},)"),
                all => format!("({})", all.join(", ")),
            }));
        }
        Some(values)
    }
}

/// The steps of `range` with each loop's iterations grouped.
fn group(steps: &[Step], range: std::ops::Range<usize>, lines: &[&str], nesting: usize) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut i = range.start;
    while i < range.end {
        let header = &steps[i];
        let body = if nesting < MAX_NESTING { loop_body(lines, header.line) } else { None };
        let Some(body) = body else {
            blocks.push(Block::Step(i));
            i += 1;
            continue;
        };
        // The loop lasts while its frame runs its header or body, and through the calls they make.
        let inside = |step: &Step| {
            step.depth > header.depth
                || (step.depth == header.depth && (step.line == header.line || body.contains(&step.line)))
        };
        let end = (i..range.end).find(|&j| !inside(&steps[j])).unwrap_or(range.end);
        let starts: Vec<usize> =
            (i..end).filter(|&j| steps[j].depth == header.depth && steps[j].line == header.line).collect();
        if starts.len() < 2 {
            blocks.push(Block::Step(i));
            i += 1;
            continue;
        }
        let iterations = starts
            .iter()
            .enumerate()
            .map(|(k, &start)| {
                let next = starts.get(k + 1).copied().unwrap_or(end);
                let mut iteration = vec![Block::Step(start)];
                iteration.extend(group(steps, start + 1..next, lines, nesting + 1));
                iteration
            })
            .collect();
        blocks.push(Block::Loop { line: header.line, iterations });
        i = end;
    }
    blocks
}

/// The lines of the loop whose header is `line` (1-based), when it is a `for` or `while` header:
/// the lines after it indented deeper (blank and comment lines skipped).
fn loop_body(lines: &[&str], line: u32) -> Option<std::ops::RangeInclusive<u32>> {
    let header = lines.get((line as usize).checked_sub(1)?)?;
    let code = header.trim_start();
    if !["for ", "while ", "async for "].iter().any(|keyword| code.starts_with(keyword)) {
        return None;
    }
    let indent = header.len() - code.len();
    let mut last = line;
    for (index, text) in lines.iter().enumerate().skip(line as usize) {
        let body = text.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if text.len() - body.len() <= indent {
            break;
        }
        last = index as u32 + 1;
    }
    (last > line).then_some(line + 1..=last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::execution::RunOutcome;

    /// (line, depth, changed variables) per event.
    type Events<'a> = [(u32, u32, &'a [(&'a str, &'a str)])];

    fn report(events: &Events<'_>) -> RunReport {
        RunReport {
            trace: Some(RecordedTrace {
                events: events
                    .iter()
                    .map(|(line, depth, changed)| {
                        RecordedEvent(
                            *line,
                            *depth,
                            changed.iter().map(|(n, v)| ((*n).to_owned(), (*v).to_owned())).collect(),
                        )
                    })
                    .collect(),
                cut: false,
            }),
            ..RunReport::ended(RunOutcome::Raised { error: "ValueError: x".into() })
        }
    }

    const CODE: &str =
        "def f(xs):\n    total = 0\n    for x in xs:\n        # add\n        total += x\n    return total\n";

    #[test]
    fn steps_count_hits_and_loops_group_their_iterations() {
        let events: &Events<'_> = &[
            (2, 1, &[("total", "0")]),
            (3, 1, &[("x", "1")]),
            (5, 1, &[("total", "1")]),
            (3, 1, &[("x", "2")]),
            (5, 1, &[("total", "3")]),
            (3, 1, &[]),
            (6, 1, &[]),
        ];
        let trace = Trace::build(&report(events), CODE).unwrap();
        assert_eq!(trace.steps[3].hit, 2);
        assert_eq!(trace.steps[3].source, "    for x in xs:");
        assert_eq!(trace.line_hits, [(2, 1), (3, 3), (5, 2), (6, 1)]);
        assert_eq!(trace.end, "raised ValueError: x");
        let iterations =
            vec![vec![Block::Step(1), Block::Step(2)], vec![Block::Step(3), Block::Step(4)], vec![Block::Step(5)]];
        assert_eq!(trace.blocks, [Block::Step(0), Block::Loop { line: 3, iterations }, Block::Step(6)]);
    }

    #[test]
    fn calls_from_a_loop_stay_in_its_iteration_and_a_loop_run_once_is_a_step() {
        let code = "def g(y):\n    return y\nfor x in [1]:\n    g(x)\nfor z in []:\n    pass\n";
        let events: &Events<'_> = &[(3, 0, &[]), (4, 0, &[]), (2, 1, &[]), (3, 0, &[]), (5, 0, &[])];
        let trace = Trace::build(&report(events), code).unwrap();
        let iterations = vec![vec![Block::Step(0), Block::Step(1), Block::Step(2)], vec![Block::Step(3)]];
        assert_eq!(trace.blocks, [Block::Loop { line: 3, iterations }, Block::Step(4)]);
    }

    #[test]
    fn a_variable_after_each_run_of_a_line_is_read_in_the_frame_that_ran_it() {
        let events: &Events<'_> = &[
            (2, 1, &[("xs", "[1, 2]"), ("total", "0")]),
            (3, 1, &[("x", "1")]),
            (5, 1, &[("total", "1")]),
            (3, 1, &[("x", "2")]),
            // A call from the loop: its frame's `total` is not the caller's.
            (2, 2, &[("xs", "[]"), ("total", "0")]),
            (3, 2, &[]),
            (6, 2, &[]),
            (5, 1, &[("total", "3")]),
            (3, 1, &[]),
            (6, 1, &[]),
        ];
        let trace = Trace::build(&report(events), CODE).unwrap();
        let values = |line, expression| trace.values_after(line, expression);
        assert_eq!(values(5, "total").unwrap(), ["1", "3"]);
        assert_eq!(values(2, "total").unwrap(), ["0", "0"]);
        assert_eq!(values(3, "(x, total)").unwrap(), ["(1, 0)", "(2, 1)", "(2, 3)"], "each run of the header");
        assert_eq!(values(3, "x").unwrap(), ["1", "2", "2"], "the callee's frame left x unset: its run is no value");
        assert_eq!(values(6, "x").unwrap(), ["2"]);
        assert_eq!(values(4, "total").unwrap(), Vec::<String>::new(), "a line that never ran");
        assert_eq!(values(5, "xs[0]"), None, "a subscript: the trace keeps no value of it");
        assert_eq!(values(5, "self.total"), None);
    }

    #[test]
    fn loop_bodies_are_read_by_indentation() {
        let lines: Vec<&str> = CODE.lines().collect();
        assert_eq!(loop_body(&lines, 3), Some(4..=5));
        assert_eq!(loop_body(&lines, 2), None, "not a loop");
        assert_eq!(loop_body(&lines, 99), None);
        assert_eq!(loop_body(&["while x: x -= 1"], 1), None, "a one-line loop has no body to group");
    }
}
