//! Node kinds that extractors care about, resolved to roles once per language (by kind id), so
//! that extractors match on a small enum instead of comparing kind strings.

use crate::table::Language;
use serde::{Deserialize, Serialize};

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
    Switch,
    Other,
}

pub struct RoleTable {
    roles: Vec<Role>,
}

impl RoleTable {
    pub fn new(grammar: &tree_sitter_c2rust::Language, language: Language) -> Self {
        let roles = (0..grammar.node_kind_count() as u16)
            .map(|id| {
                let named = grammar.node_kind_is_named(id);
                let kind = grammar.node_kind_for_id(id).unwrap_or_default();
                if named {
                    role_of(kind, language)
                } else {
                    Role::Other
                }
            })
            .collect();
        RoleTable { roles }
    }

    pub fn role(&self, kind_id: u16) -> Role {
        self.roles
            .get(kind_id as usize)
            .copied()
            .unwrap_or(Role::Other)
    }
}

fn role_of(kind: &str, language: Language) -> Role {
    match (language, kind) {
        (Language::Python, "for_statement") => Role::ForLoop,
        (Language::Python, "while_statement") => Role::WhileLoop,
        (Language::Python, "if_statement") => Role::If,
        (Language::Python, "elif_clause") => Role::ElifClause,
        (Language::Python, "else_clause") => Role::ElseClause,
        (Language::Python, "block") => Role::Block,
        (Language::Python, "try_statement") => Role::Try,
        (Language::Python, "match_statement") => Role::Switch,
        (Language::Java, "for_statement" | "enhanced_for_statement") => Role::ForLoop,
        (Language::Java, "while_statement" | "do_statement") => Role::WhileLoop,
        (Language::Java, "if_statement") => Role::If,
        (Language::Java, "block") => Role::Block,
        (Language::Java, "try_statement" | "try_with_resources_statement") => Role::Try,
        (Language::Java, "switch_expression") => Role::Switch,
        _ => Role::Other,
    }
}
