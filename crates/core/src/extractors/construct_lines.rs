//! Where each construct appears: the first line of every node that shows one, for highlighting the
//! code in the drill-down. Structural constructs are placed where they happen: the inner loop of a
//! nested loop, the inner `if` of a nested `if`, each `elif`. The lines each construct spans tell
//! where in a construct a step of a run stands (a model's first divergence inside a `try`, say).

use super::{Construct, Constructs, Role, Visit};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConstructLine {
    pub construct: Construct,
    /// 1-based.
    pub line: u32,
}

#[derive(Default)]
pub struct Extractor {
    /// Each construct's first line, and its last.
    found: Vec<(ConstructLine, u32)>,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        let line = visit.node.start_position().row as u32 + 1;
        let last = visit.node.end_position().row as u32 + 1;
        let mut mark = |construct| self.found.push((ConstructLine { construct, line }, last));
        if let Some(construct) = Construct::shown_by(visit.role) {
            mark(construct);
        }
        let is_loop = |r: &Role| matches!(r, Role::ForLoop | Role::WhileLoop);
        if is_loop(&visit.role) && visit.ancestors.iter().any(is_loop) {
            mark(Construct::NestedLoop);
        }
        let parent = visit.ancestors.last();
        match visit.role {
            Role::ElifClause => mark(Construct::ElifChain),
            Role::If if parent == Some(&Role::If) => mark(Construct::ElifChain),
            Role::If if visit.ancestors.iter().any(|r| matches!(r, Role::If | Role::ElifClause)) => {
                mark(Construct::NestedIf)
            }
            _ => {}
        }
    }
}

impl Extractor {
    pub fn finish(self) -> Vec<ConstructLine> {
        self.found.into_iter().map(|(first, _)| first).collect()
    }

    /// The constructs each line lies in, by line (1-based): those whose code spans it.
    pub fn spans(self) -> BTreeMap<u32, Constructs> {
        let mut lines: BTreeMap<u32, Constructs> = BTreeMap::new();
        for (first, last) in self.found {
            for line in first.line..=last {
                lines.entry(line).or_default().insert(first.construct);
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::ConstructLine;
    use crate::extractors::{python, Construct};

    #[test]
    fn constructs_are_placed_on_their_lines() {
        let code = "def f(xs):\n    for x in xs:\n        while x:\n            x -= 1\n    if xs:\n        pass\n    elif 0:\n        pass\n";
        let lines = python(code).construct_lines;
        let at = |construct| {
            lines.iter().filter(|l: &&ConstructLine| l.construct == construct).map(|l| l.line).collect::<Vec<_>>()
        };
        assert_eq!(at(Construct::For), [2]);
        assert_eq!(at(Construct::While), [3]);
        assert_eq!(at(Construct::NestedLoop), [3]);
        assert_eq!(at(Construct::If), [5]);
        assert_eq!(at(Construct::ElifChain), [7]);
    }

    #[test]
    fn a_line_lies_in_every_construct_that_spans_it() {
        let code = "def f(xs):\n    for x in xs:\n        try:\n            x = 1\n        except E:\n            pass\n    return xs\n";
        let spans =
            crate::extractors::ProgramParser::new().lines(code, crate::table::Language::Python).unwrap().constructs;
        let names = |line| spans.get(&line).copied().unwrap_or_default().names();
        assert_eq!(names(2), ["for"]);
        assert_eq!(names(4), ["for", "exception_handling"]);
        assert_eq!(names(6), ["for", "exception_handling"]);
        assert!(names(7).is_empty());
    }
}
