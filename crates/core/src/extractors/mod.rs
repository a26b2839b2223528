//! Program properties, extracted from one tree-sitter parse and one walk of the tree per program.
//! Each property is an extractor in its own file; the walk hands every node, with the roles of its
//! ancestors, to every extractor. Extractors never walk or recurse on their own.
//!
//! Adding a property: a new file here implementing [`Extractor`], a field in
//! [`ProgramProperties`] and one line in [`extract`] (see CONTRIBUTING.md).

mod reference_constructs;
mod syntax;
mod syntax_error;

pub use reference_constructs::{ReferenceConstruct, ReferenceConstructs};
pub use syntax::Role;

use crate::table::Language;
use serde::{Deserialize, Serialize};
use syntax::RoleTable;
use tree_sitter_c2rust::{Node, Parser};

/// One node as the walk presents it to extractors.
pub struct Visit<'tree, 'walk> {
    pub node: Node<'tree>,
    pub role: Role,
    /// Roles of the enclosing nodes, outermost first (the parent is last).
    pub ancestors: &'walk [Role],
}

pub trait Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>);
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramProperties {
    pub reference_constructs: ReferenceConstructs,
    /// First line (1-based) where tree-sitter had to recover from a syntax error.
    pub syntax_error_line: Option<usize>,
}

/// A parser and the node roles for each language, made once and reused for every program.
pub struct ProgramParser {
    python: (Parser, RoleTable),
    java: (Parser, RoleTable),
}

impl Default for ProgramParser {
    fn default() -> Self {
        Self::new()
    }
}

impl ProgramParser {
    pub fn new() -> Self {
        ProgramParser {
            python: language_parser(Language::Python),
            java: language_parser(Language::Java),
        }
    }

    /// Parses `code` once and runs every extractor over one walk of its tree.
    pub fn extract(&mut self, code: &str, language: Language) -> ProgramProperties {
        let (parser, roles) = match language {
            Language::Python => &mut self.python,
            Language::Java => &mut self.java,
        };
        let Some(tree) = parser.parse(code, None) else {
            return ProgramProperties {
                syntax_error_line: Some(1),
                ..Default::default()
            };
        };
        let mut constructs = reference_constructs::Extractor::default();
        let mut syntax_error = syntax_error::Extractor::default();
        walk(
            tree.root_node(),
            roles,
            &mut [&mut constructs, &mut syntax_error],
        );
        ProgramProperties {
            reference_constructs: constructs.finish(),
            syntax_error_line: syntax_error.finish(),
        }
    }
}

fn language_parser(language: Language) -> (Parser, RoleTable) {
    let grammar: tree_sitter_c2rust::Language = match language {
        Language::Python => tree_sitter_python::LANGUAGE.into(),
        Language::Java => tree_sitter_java::LANGUAGE.into(),
    };
    let mut parser = Parser::new();
    parser
        .set_language(&grammar)
        .expect("the bundled grammar matches the tree-sitter runtime");
    (parser, RoleTable::new(&grammar, language))
}

/// Pre-order walk with a cursor (no recursion: deep programs cannot overflow the stack).
fn walk(root: Node<'_>, roles: &RoleTable, extractors: &mut [&mut dyn Extractor]) {
    let mut cursor = root.walk();
    let mut ancestors: Vec<Role> = Vec::new();
    loop {
        let node = cursor.node();
        let role = roles.role(node.kind_id());
        let visit = Visit {
            node,
            role,
            ancestors: &ancestors,
        };
        for extractor in extractors.iter_mut() {
            extractor.enter(&visit);
        }
        if cursor.goto_first_child() {
            ancestors.push(role);
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return;
            }
            ancestors.pop();
        }
    }
}

#[cfg(test)]
pub(crate) fn python(code: &str) -> ProgramProperties {
    ProgramParser::new().extract(code, Language::Python)
}

#[cfg(test)]
pub(crate) fn java(code: &str) -> ProgramProperties {
    ProgramParser::new().extract(code, Language::Java)
}
