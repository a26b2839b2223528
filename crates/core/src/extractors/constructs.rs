//! exerscope's constructs (SPEC §4.2), Python and Java: which language features a program uses.
//! Most are the presence of one kind of node, decided here from a table; the structural ones
//! (nesting, elif chains, recursion, string formatting) have extractors of their own.

use super::{Role, Visit};
use crate::units::units;
use serde::{Deserialize, Serialize};

units! {
    pub enum Construct (short) {
        If => "if", "if", "if";
        For => "for", "for loop", "for";
        While => "while", "while loop", "while";
        /// A loop anywhere inside another loop's body.
        NestedLoop => "nested_loop", "nested loop", "nest loop";
        /// An `if` anywhere inside another `if` (an `elif`/`else if` is not nesting).
        NestedIf => "nested_if", "nested if", "nest if";
        ElifChain => "elif_chain", "elif / else-if chain", "elif";
        /// A function calling itself, directly or through other functions.
        Recursion => "recursion", "recursion", "recursion";
        /// Recursion through other functions (f → g → f).
        MutualRecursion => "mutual_recursion", "mutual recursion", "mutual";
        Comprehension => "comprehension", "comprehension / generator expression", "compr.";
        Lambda => "lambda", "lambda", "lambda";
        Generator => "generator", "generator function (yield)", "yield";
        With => "with", "with", "with";
        Switch => "match_switch", "match / switch", "switch";
        Raise => "raise", "raise / throw", "raise";
        Assert => "assert", "assert", "assert";
        BreakContinue => "break_continue", "break / continue", "break";
        Class => "class", "class definition", "class";
        ExceptionHandling => "exception_handling", "exception handling", "try";
        StringFormatting => "string_formatting", "string formatting", "format";
        Slicing => "slicing", "slicing", "slice";
    }
}

impl Construct {
    fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// The construct a node's mere presence shows.
    pub(crate) fn shown_by(role: Role) -> Option<Construct> {
        Some(match role {
            Role::If => Construct::If,
            Role::ForLoop => Construct::For,
            Role::WhileLoop => Construct::While,
            Role::Comprehension => Construct::Comprehension,
            Role::Lambda => Construct::Lambda,
            Role::Yield => Construct::Generator,
            Role::With => Construct::With,
            Role::Switch => Construct::Switch,
            Role::Raise => Construct::Raise,
            Role::Assert => Construct::Assert,
            Role::Break | Role::Continue => Construct::BreakContinue,
            Role::Class => Construct::Class,
            Role::Try => Construct::ExceptionHandling,
            Role::Slice => Construct::Slicing,
            _ => return None,
        })
    }
}

/// The set of constructs of one program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Constructs(u32);

impl Constructs {
    pub fn has(self, construct: Construct) -> bool {
        self.0 & construct.bit() != 0
    }

    pub fn insert(&mut self, construct: Construct) {
        self.0 |= construct.bit();
    }

    pub fn extend(&mut self, other: Constructs) {
        self.0 |= other.0;
    }

    /// The constructs in the set, in the order of [`Construct::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Construct> {
        Construct::ALL.into_iter().filter(move |&c| self.has(c))
    }

    pub fn names(self) -> Vec<&'static str> {
        self.iter().map(Construct::name).collect()
    }
}

/// The constructs shown by the presence of a node.
#[derive(Default)]
pub struct Extractor {
    found: Constructs,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        if let Some(construct) = Construct::shown_by(visit.role) {
            self.found.insert(construct);
        }
    }
}

impl Extractor {
    pub fn finish(self) -> Constructs {
        self.found
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    #[test]
    fn one_row_per_construct_shown_by_presence() {
        let cases = [
            ("x = [i for i in range(3)]\n", "comprehension"),
            ("x = sum(i for i in range(3))\n", "comprehension"),
            ("f = lambda x: x\n", "lambda"),
            ("def g():\n    yield 1\n", "generator"),
            ("with open('f') as h:\n    pass\n", "with"),
            ("match x:\n    case 1:\n        pass\n", "match_switch"),
            ("raise ValueError('no')\n", "raise"),
            ("assert x > 0\n", "assert"),
            ("for i in x:\n    break\n", "break_continue"),
            ("class A:\n    pass\n", "class"),
            ("try:\n    x = 1\nexcept E:\n    pass\n", "exception_handling"),
            ("y = x[1:3]\n", "slicing"),
        ];
        for (code, construct) in cases {
            assert!(python(code).constructs.names().contains(&construct), "{code:?} lacks {construct}");
        }
        assert_eq!(python("x = 1\ny = x[0]\n").constructs.names(), Vec::<&str>::new(), "indexing is not slicing");
    }

    #[test]
    fn java_presence() {
        let code = "class Main { void f(int x) { switch (x) { case 1: break; } if (x < 0) throw new E(); \
                    assert x > 0; Runnable r = () -> {}; } }";
        let names = java(code).constructs.names();
        for construct in ["match_switch", "break_continue", "raise", "assert", "lambda", "class", "if"] {
            assert!(names.contains(&construct), "{names:?} lacks {construct}");
        }
    }
}
