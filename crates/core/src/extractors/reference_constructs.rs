//! ExeRScope's construct flags (SPEC §4.1), exactly as `analysis/extract_construct.py` sets them
//! over Python's AST, where "direct child" means a statement directly in a body or `else` branch:
//!
//! - `nested`: a `for`/`while` directly inside a `for`/`while` (not through an `if`; no
//!   comprehensions);
//! - `nested_if`: an `if` directly inside an `if`, in its body or its `else`, so every `elif`
//!   counts (Python's AST stores an `elif` as an `if` in the `else` branch);
//! - `if`, `for`, `while`, `try`: the statement exists anywhere;
//! - `switch`: never set (the reference never sets it);
//! - `basic`: none of the others.

use super::{Role, Visit};
use crate::units::units;
use serde::{Deserialize, Serialize};

units! {
    /// The flags, in the order of the reference's JSON files; `short` is the paper's abbreviation.
    pub enum ReferenceConstruct (short) {
        Nested => "nested", "nested loop", "NL";
        If => "if", "if", "I";
        For => "for", "for", "F";
        While => "while", "while", "W";
        Try => "try", "try", "T";
        Switch => "switch", "switch", "S";
        Basic => "basic", "basic (none of these)", "B";
        NestedIf => "nested_if", "nested if", "NI";
    }
}

impl ReferenceConstruct {
    /// The radar's spokes, in the paper's order NL, I, F, W, T, B, NI (`switch` is never set).
    pub const RADAR: [ReferenceConstruct; 7] = [
        ReferenceConstruct::Nested,
        ReferenceConstruct::If,
        ReferenceConstruct::For,
        ReferenceConstruct::While,
        ReferenceConstruct::Try,
        ReferenceConstruct::Basic,
        ReferenceConstruct::NestedIf,
    ];

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The set of flags of one program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ReferenceConstructs(u8);

impl ReferenceConstructs {
    pub fn has(self, construct: ReferenceConstruct) -> bool {
        self.0 & construct.bit() != 0
    }

    fn set(&mut self, construct: ReferenceConstruct) {
        self.0 |= construct.bit();
    }

    pub fn names(self) -> Vec<&'static str> {
        ReferenceConstruct::ALL.into_iter().filter(|&c| self.has(c)).map(ReferenceConstruct::name).collect()
    }
}

#[derive(Default)]
pub struct Extractor {
    flags: ReferenceConstructs,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        use ReferenceConstruct as C;
        let is_loop = |role: Role| matches!(role, Role::ForLoop | Role::WhileLoop);
        let is_if = |role: Role| matches!(role, Role::If | Role::ElifClause);
        match visit.role {
            Role::ForLoop => self.flags.set(C::For),
            Role::WhileLoop => self.flags.set(C::While),
            Role::If => self.flags.set(C::If),
            Role::Try => self.flags.set(C::Try),
            Role::ElifClause => {
                self.flags.set(C::If);
                self.flags.set(C::NestedIf);
            }
            _ => {}
        }
        let owner = statement_owner(visit.ancestors);
        if is_loop(visit.role) && owner.is_some_and(is_loop) {
            self.flags.set(C::Nested);
        }
        if visit.role == Role::If && owner.is_some_and(is_if) {
            self.flags.set(C::NestedIf);
        }
    }
}

impl Extractor {
    pub fn finish(mut self) -> ReferenceConstructs {
        if self.flags == ReferenceConstructs::default() {
            self.flags.set(ReferenceConstruct::Basic);
        }
        self.flags
    }
}

/// The statement that holds a statement as a direct child in Python's AST: its parent, seen
/// through the body block and an `else` clause (`for: ... else: <stmt>` belongs to the `for`).
fn statement_owner(ancestors: &[Role]) -> Option<Role> {
    let mut rest = ancestors;
    if let [before @ .., Role::Block] = rest {
        rest = before;
    }
    if let [before @ .., Role::ElseClause] = rest {
        rest = before;
    }
    rest.last().copied()
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    fn flags(code: &str) -> Vec<&'static str> {
        python(code).reference_constructs.names()
    }

    #[test]
    fn a_straight_line_program_is_basic() {
        assert_eq!(flags("def f(x):\n    return [y for y in x if y]\n"), ["basic"]);
    }

    #[test]
    fn loops_directly_in_loops_are_nested() {
        let code = "for a in b:\n    while c:\n        pass\n"; // +nested
        assert_eq!(flags(code), ["nested", "for", "while"]);
        let code = "for a in b:\n    pass\nelse:\n    for c in d:\n        pass\n"; // +nested: else is a direct child
        assert_eq!(flags(code), ["nested", "for"]);
    }

    #[test]
    fn a_loop_inside_an_if_inside_a_loop_is_not_nested() {
        let code = "for a in b:\n    if a:\n        for c in d:\n            pass\n";
        assert_eq!(flags(code), ["if", "for"]);
    }

    #[test]
    fn elif_and_if_in_else_are_nested_ifs() {
        assert_eq!(flags("if a:\n    pass\nelif b:\n    pass\n"), ["if", "nested_if"]);
        assert_eq!(flags("if a:\n    pass\nelse:\n    if b:\n        pass\n"), ["if", "nested_if"]);
        assert_eq!(flags("if a:\n    if b:\n        pass\n"), ["if", "nested_if"]);
        assert_eq!(flags("if a:\n    for x in y:\n        if b:\n            pass\n"), ["if", "for"]);
    }

    #[test]
    fn try_and_ternaries() {
        assert_eq!(flags("try:\n    x = 1\nexcept E:\n    pass\n"), ["try"]);
        assert_eq!(flags("x = 1 if a else 2\n"), ["basic"], "a conditional expression is not an if statement");
    }

    #[test]
    fn java_programs_get_the_same_flags() {
        let code = "class Main { void f() { for (int i = 0; i < 3; i++) { while (x) { } } \
                    if (a) { } else if (b) { } } }";
        assert_eq!(java(code).reference_constructs.names(), ["nested", "if", "for", "while", "nested_if"]);
    }
}
