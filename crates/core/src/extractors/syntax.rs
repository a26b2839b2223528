//! Node kinds that extractors care about, resolved once per language (by kind id) to a [`Kind`]:
//! a role and whether the node is a statement. Extractors match on these small values instead
//! of comparing kind strings.

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    pub role: Role,
    pub statement: bool,
    pub named: bool,
}

pub struct RoleTable {
    kinds: Vec<Kind>,
}

impl RoleTable {
    pub fn new(grammar: &tree_sitter_c2rust::Language, language: Language) -> Self {
        let kinds = (0..grammar.node_kind_count() as u16)
            .map(|id| {
                let named = grammar.node_kind_is_named(id);
                let name = grammar.node_kind_for_id(id).unwrap_or_default();
                let (role, statement) = if named { classify(name, language) } else { (Role::Other, false) };
                Kind { role, statement, named }
            })
            .collect();
        RoleTable { kinds }
    }

    pub fn kind(&self, kind_id: u16) -> Kind {
        self.kinds.get(kind_id as usize).copied().unwrap_or(Kind { role: Role::Other, statement: false, named: false })
    }
}

fn classify(kind: &str, language: Language) -> (Role, bool) {
    match language {
        Language::Python => python(kind),
        Language::Java => java(kind),
        _ => (Role::Other, false),
    }
}

fn python(kind: &str) -> (Role, bool) {
    let role = match kind {
        "for_statement" => Role::ForLoop,
        "while_statement" => Role::WhileLoop,
        "if_statement" => Role::If,
        "elif_clause" => Role::ElifClause,
        "else_clause" => Role::ElseClause,
        "block" => Role::Block,
        "try_statement" => Role::Try,
        "except_clause" | "except_group_clause" => Role::Except,
        "with_statement" => Role::With,
        "match_statement" => Role::Switch,
        "case_clause" => Role::Case,
        "function_definition" => Role::Function,
        "lambda" => Role::Lambda,
        "class_definition" => Role::Class,
        "call" => Role::Call,
        "boolean_operator" => Role::BooleanOperator,
        "binary_operator" => Role::BinaryOperator,
        "conditional_expression" => Role::Ternary,
        "list_comprehension" | "set_comprehension" | "dictionary_comprehension" | "generator_expression" => {
            Role::Comprehension
        }
        "yield" => Role::Yield,
        "raise_statement" => Role::Raise,
        "assert_statement" => Role::Assert,
        "break_statement" => Role::Break,
        "continue_statement" => Role::Continue,
        "slice" => Role::Slice,
        "interpolation" => Role::Interpolation,
        "attribute" => Role::Attribute,
        "for_in_clause" => Role::ComprehensionFor,
        "if_clause" => Role::ComprehensionIf,
        "comment" => Role::Comment,
        _ => Role::Other,
    };
    let statement = matches!(
        kind,
        "expression_statement"
            | "return_statement"
            | "pass_statement"
            | "break_statement"
            | "continue_statement"
            | "raise_statement"
            | "assert_statement"
            | "import_statement"
            | "import_from_statement"
            | "future_import_statement"
            | "global_statement"
            | "nonlocal_statement"
            | "delete_statement"
            | "print_statement"
            | "exec_statement"
            | "type_alias_statement"
            | "if_statement"
            | "for_statement"
            | "while_statement"
            | "try_statement"
            | "with_statement"
            | "match_statement"
            | "function_definition"
            | "class_definition"
    );
    (role, statement)
}

fn java(kind: &str) -> (Role, bool) {
    let role = match kind {
        "for_statement" | "enhanced_for_statement" => Role::ForLoop,
        "while_statement" | "do_statement" => Role::WhileLoop,
        "if_statement" => Role::If,
        "block" => Role::Block,
        "try_statement" | "try_with_resources_statement" => Role::Try,
        "catch_clause" => Role::Except,
        "switch_expression" => Role::Switch,
        "switch_label" => Role::Case,
        "method_declaration" | "constructor_declaration" | "compact_constructor_declaration" => Role::Function,
        "lambda_expression" => Role::Lambda,
        "class_declaration" | "interface_declaration" | "enum_declaration" | "record_declaration" => Role::Class,
        "method_invocation" | "object_creation_expression" | "explicit_constructor_invocation" => Role::Call,
        "binary_expression" => Role::BinaryOperator,
        "ternary_expression" => Role::Ternary,
        "throw_statement" => Role::Raise,
        "assert_statement" => Role::Assert,
        "break_statement" => Role::Break,
        "continue_statement" => Role::Continue,
        "line_comment" | "block_comment" => Role::Comment,
        _ => Role::Other,
    };
    let statement = matches!(
        kind,
        "expression_statement"
            | "local_variable_declaration"
            | "return_statement"
            | "if_statement"
            | "for_statement"
            | "enhanced_for_statement"
            | "while_statement"
            | "do_statement"
            | "try_statement"
            | "try_with_resources_statement"
            | "switch_expression"
            | "break_statement"
            | "continue_statement"
            | "throw_statement"
            | "yield_statement"
            | "assert_statement"
            | "synchronized_statement"
            | "labeled_statement"
            | "local_class_declaration"
            | "explicit_constructor_invocation"
            | "method_declaration"
            | "constructor_declaration"
            | "class_declaration"
    );
    (role, statement)
}
