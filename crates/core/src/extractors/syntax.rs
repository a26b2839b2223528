//! Node kinds that extractors care about, resolved once per language (by kind id) from its
//! [`Grammar`] (every language's is in `grammars.rs`) to a [`Kind`]: a role and whether the node is a statement. Extractors match on
//! these small values instead of comparing kind strings.

use crate::table::Language;
use serde::{Deserialize, Serialize};
use tree_sitter_language::LanguageFn;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    ForLoop,
    WhileLoop,
    If,
    /// Python's `elif` clause: an `if` nested in the `else` of its `if` in Python's own AST.
    ElifClause,
    /// An `else` clause (of `if`, a loop or `try`); Java's else branch is the `if`'s field instead.
    ElseClause,
    /// A statement block (Python's `block`, Java's `{ ... }`).
    Block,
    Try,
    /// `except` / `catch`.
    Except,
    With,
    Switch,
    /// A `case` of `match` / `switch`.
    Case,
    Function,
    Lambda,
    Class,
    Call,
    /// `and` / `or` (Python); Java's binary expressions are `BinaryOperator`, checked for `&&`/`||`.
    BooleanOperator,
    BinaryOperator,
    /// `a if c else b` / `c ? a : b`.
    Ternary,
    /// The `for` and `if` clauses of comprehensions and generator expressions.
    ComprehensionFor,
    ComprehensionIf,
    /// A list, set or dict comprehension, or a generator expression.
    Comprehension,
    Yield,
    Raise,
    Assert,
    Break,
    Continue,
    Slice,
    /// `{...}` inside an f-string.
    Interpolation,
    /// A method call's receiver and name (`obj.attr`), Python only.
    Attribute,
    Comment,
    Other,
}

/// A language's grammar and what its node kinds mean to the extractors.
pub struct Grammar {
    pub language: Language,
    pub tree_sitter: LanguageFn,
    /// Node kinds by the role they play; a kind not listed plays none.
    pub roles: &'static [(Role, &'static [&'static str])],
    /// Node kinds that are statements.
    pub statements: &'static [&'static str],
    /// Node kinds whose named children are statements, for languages where statements are plain
    /// expressions (R's `{ }`, Ruby's bodies).
    pub statement_holders: &'static [&'static str],
    /// Methods that are loops when a call gives them a block (Ruby's `xs.each do |x| … end`).
    pub loop_methods: &'static [&'static str],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    pub role: Role,
    pub statement: bool,
    pub named: bool,
    /// Its named children are statements ([`Grammar::statement_holders`]).
    pub holds_statements: bool,
}

pub struct RoleTable {
    kinds: Vec<Kind>,
    loop_methods: &'static [&'static str],
}

impl RoleTable {
    pub fn new(grammar: &Grammar) -> Self {
        let tree_sitter = tree_sitter_c2rust::Language::from(grammar.tree_sitter);
        let kinds = (0..tree_sitter.node_kind_count() as u16)
            .map(|id| {
                let named = tree_sitter.node_kind_is_named(id);
                let name = tree_sitter.node_kind_for_id(id).unwrap_or_default();
                let role = grammar.roles.iter().find(|(_, kinds)| kinds.contains(&name)).map(|&(role, _)| role);
                Kind {
                    role: role.filter(|_| named).unwrap_or(Role::Other),
                    statement: named && grammar.statements.contains(&name),
                    named,
                    holds_statements: named && grammar.statement_holders.contains(&name),
                }
            })
            .collect();
        RoleTable { kinds, loop_methods: grammar.loop_methods }
    }

    /// A node whose one named child (comments aside) is an `if`: an `else` that is an `else if`.
    pub fn wraps_lone_if(&self, node: tree_sitter_c2rust::Node<'_>) -> bool {
        let mut cursor = node.walk();
        let mut inner = node.named_children(&mut cursor).filter(|c| self.kind(c.kind_id()).role != Role::Comment);
        matches!((inner.next(), inner.next()), (Some(only), None) if self.kind(only.kind_id()).role == Role::If)
    }

    /// A call that is a loop: a method of [`Grammar::loop_methods`] given a block.
    pub fn is_loop_call(&self, call: tree_sitter_c2rust::Node<'_>, source: &[u8]) -> bool {
        if self.loop_methods.is_empty() || call.child_by_field_name("block").is_none() {
            return false;
        }
        let method = call.child_by_field_name("method").and_then(|m| source.get(m.start_byte()..m.end_byte()));
        method.is_some_and(|m| self.loop_methods.iter().any(|l| l.as_bytes() == m))
    }

    pub fn kind(&self, kind_id: u16) -> Kind {
        self.kinds.get(kind_id as usize).copied().unwrap_or(Kind {
            role: Role::Other,
            statement: false,
            named: false,
            holds_statements: false,
        })
    }
}
