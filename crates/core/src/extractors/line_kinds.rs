//! What kind of line each line of a program is, as a step of its run stands on it: a loop's
//! header, a condition, a comprehension, a return, an assignment, a call, a definition. Where a
//! model's account of a run first parts from it is counted by these kinds.
//!
//! A line is the kind of the first statement or clause that begins on it, except that a simple
//! statement holding a comprehension is a comprehension (its line runs once per item).

use super::{Role, Visit};
use crate::units::units;
use std::collections::BTreeMap;

units! {
    /// The kind of line a step is on.
    pub enum LineKind {
        ForLoop => "for_loop", "for loop header";
        WhileLoop => "while_loop", "while loop header";
        Comprehension => "comprehension", "comprehension";
        IfCondition => "if", "if condition";
        ElifCondition => "elif", "elif condition";
        Else => "else", "else";
        Return => "return", "return";
        AugmentedAssignment => "augmented_assignment", "augmented assignment";
        Assignment => "assignment", "assignment";
        Call => "call", "call";
        /// A `def` or `class` line: run where the function or class is defined (a nested
        /// helper's `def` runs at each call of its outer function).
        Definition => "definition", "def or class line";
        /// Any other line: another statement, or a later line of a statement that spans lines.
        Other => "other", "other line";
    }
}

/// Node kinds of the simple statements told apart, in every grammar that has them.
const RETURNS: [&str; 1] = ["return_statement"];
const AUGMENTED_ASSIGNMENTS: [&str; 1] = ["augmented_assignment"];
const ASSIGNMENTS: [&str; 3] = ["assignment", "assignment_expression", "local_variable_declaration"];
const CALLS: [&str; 2] = ["call", "method_invocation"];

#[derive(Default)]
pub struct Extractor {
    kinds: BTreeMap<u32, LineKind>,
    comprehension_lines: Vec<u32>,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        let line = visit.node.start_position().row as u32 + 1;
        let kind = match visit.role {
            Role::ForLoop => Some(LineKind::ForLoop),
            Role::WhileLoop => Some(LineKind::WhileLoop),
            Role::If => Some(LineKind::IfCondition),
            Role::ElifClause => Some(LineKind::ElifCondition),
            Role::ElseClause => Some(LineKind::Else),
            Role::Function | Role::Class => Some(LineKind::Definition),
            Role::Comprehension => {
                self.comprehension_lines.push(line);
                None
            }
            _ if visit.statement => Some(simple_statement_kind(visit)),
            _ => None,
        };
        if let Some(kind) = kind {
            self.kinds.entry(line).or_insert(kind);
        }
    }
}

/// A simple statement's kind: by its node, or an expression statement's by its expression
/// (Java's `x += 1;` is an assignment expression whose operator says it is augmented).
fn simple_statement_kind(visit: &Visit<'_, '_>) -> LineKind {
    let node = if visit.node.kind() == "expression_statement" {
        visit.node.named_child(0).unwrap_or(visit.node)
    } else {
        visit.node
    };
    let kind = node.kind();
    let operator = node.child_by_field_name("operator").map(|o| o.kind());
    if RETURNS.contains(&kind) {
        LineKind::Return
    } else if AUGMENTED_ASSIGNMENTS.contains(&kind) || operator.is_some_and(|o| o != "=") && kind.contains("assignment")
    {
        LineKind::AugmentedAssignment
    } else if ASSIGNMENTS.contains(&kind) {
        LineKind::Assignment
    } else if CALLS.contains(&kind) {
        LineKind::Call
    } else {
        LineKind::Other
    }
}

impl Extractor {
    pub fn finish(mut self) -> BTreeMap<u32, LineKind> {
        for line in self.comprehension_lines {
            let kind = self.kinds.entry(line).or_insert(LineKind::Comprehension);
            if !is_control(*kind) {
                *kind = LineKind::Comprehension;
            }
        }
        self.kinds
    }
}

fn is_control(kind: LineKind) -> bool {
    matches!(
        kind,
        LineKind::ForLoop | LineKind::WhileLoop | LineKind::IfCondition | LineKind::ElifCondition | LineKind::Else
    )
}

#[cfg(test)]
mod tests {
    use super::LineKind::{self, *};
    use crate::extractors::ProgramParser;
    use crate::table::Language;

    fn kinds(code: &str, language: Language) -> Vec<(u32, LineKind)> {
        ProgramParser::new().lines(code, language).unwrap().kinds.into_iter().collect()
    }

    #[test]
    fn each_line_is_the_kind_of_its_first_statement() {
        let code = "def f(xs):\n    total = 0\n    for x in xs:\n        if x > 1:\n            total += x\n        \
                    elif x:\n            print(x)\n        else:\n            pass\n    while total > 9:\n        \
                    total -= 9\n    ys = [y * 2 for y in xs]\n    return total\n";
        assert_eq!(
            kinds(code, Language::Python),
            [
                (1, Definition),
                (2, Assignment),
                (3, ForLoop),
                (4, IfCondition),
                (5, AugmentedAssignment),
                (6, ElifCondition),
                (7, Call),
                (8, Else),
                (9, Other),
                (10, WhileLoop),
                (11, AugmentedAssignment),
                (12, Comprehension),
                (13, Return),
            ]
        );
    }

    #[test]
    fn a_comprehension_makes_its_simple_statement_one_not_its_loop_or_condition() {
        let code = "def f(xs):\n    return [x for x in xs]\n    for y in [x for x in xs]:\n        pass\n";
        assert_eq!(kinds(code, Language::Python)[1..3], [(2, Comprehension), (3, ForLoop)]);
    }

    #[test]
    fn java_statements_are_told_apart_too() {
        let code = "class A {\n  int f(int n) {\n    int s = 0;\n    s += n;\n    g(s);\n    return s;\n  }\n}\n";
        let kinds = kinds(code, Language::Java);
        let at = |line| kinds.iter().find(|(l, _)| *l == line).map(|(_, k)| *k);
        assert_eq!(
            [at(3), at(4), at(5), at(6)],
            [Some(Assignment), Some(AugmentedAssignment), Some(Call), Some(Return)]
        );
    }
}
