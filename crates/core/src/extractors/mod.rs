//! Program properties, extracted from one tree-sitter parse and one walk of the tree per program.
//! Each property is an extractor in its own file; the walk hands every node, with the roles of its
//! ancestors, to every extractor. Extractors never walk or recurse on their own.
//!
//! Adding a property: a new file here implementing [`Extractor`], a field in
//! [`ProgramProperties`] and one line in [`extract`] (see CONTRIBUTING.md).

mod cognitive;
mod construct_lines;
mod constructs;
mod counts;
mod loc;
mod mccabe;
mod nested_if;
mod nested_loop;
mod nesting;
mod recursion;
mod reference_cc;
mod reference_constructs;
mod string_formatting;
mod syntax;
mod syntax_error;

pub use construct_lines::ConstructLine;
pub use constructs::{Construct, Constructs};
pub use reference_constructs::{ReferenceConstruct, ReferenceConstructs};
pub use syntax::Role;

use crate::table::Language;
use serde::{Deserialize, Serialize};
use syntax::{Kind, RoleTable};
use tree_sitter_c2rust::{Node, Parser};

/// One node as the walk presents it to extractors.
pub struct Visit<'tree, 'walk> {
    pub node: Node<'tree>,
    pub role: Role,
    /// A statement (simple or compound) of the language.
    pub statement: bool,
    /// A named node (not punctuation or a keyword).
    pub named: bool,
    /// Roles of the enclosing nodes, outermost first (the parent is last).
    pub ancestors: &'walk [Role],
    /// The program's source, for the few extractors that need names.
    pub source: &'tree [u8],
}

impl<'tree, 'walk> Visit<'tree, 'walk> {
    fn new(node: Node<'tree>, kind: Kind, ancestors: &'walk [Role], source: &'tree [u8]) -> Self {
        Visit { node, role: kind.role, statement: kind.statement, named: kind.named, ancestors, source }
    }

    /// The text of this node's child `field` (`name` of a function, say).
    pub fn field_text(&self, field: &str) -> Option<&'tree str> {
        let child = self.node.child_by_field_name(field)?;
        std::str::from_utf8(&self.source[child.start_byte()..child.end_byte()]).ok()
    }
}

pub trait Extractor {
    /// Called for every node, parents before children.
    fn enter(&mut self, visit: &Visit<'_, '_>);
    /// Called for every node after all its children.
    fn leave(&mut self, _visit: &Visit<'_, '_>) {}
}

/// Size and complexity measures of one program (SPEC §4.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metrics {
    /// Lines holding code (not blank, not only comments).
    pub loc: u32,
    pub statements: u32,
    /// Named syntax-tree nodes.
    pub ast_nodes: u32,
    pub functions: u32,
    pub calls: u32,
    /// McCabe cyclomatic complexity: the largest of any function (or of the top-level code).
    pub mccabe_max: u32,
    /// McCabe cyclomatic complexity summed over functions (and the top-level code).
    pub mccabe_sum: u32,
    /// Deepest nesting of control structures (if, loops, try, with, match/switch).
    pub max_nesting: u32,
    /// Cognitive complexity (SonarSource), summed over the file.
    pub cognitive: u32,
    /// ExeRScope's base complexity (E − N + 2P of pycfg's graph); Python only, `None` where the
    /// reference's own tool fails.
    pub reference_cc: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramProperties {
    pub reference_constructs: ReferenceConstructs,
    /// exerscope's own constructs (SPEC §4.2).
    pub constructs: Constructs,
    /// Where they appear, for highlighting.
    pub construct_lines: Vec<ConstructLine>,
    pub metrics: Metrics,
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
            python: language_parser(tree_sitter_python::LANGUAGE.into(), Language::Python),
            java: language_parser(tree_sitter_java::LANGUAGE.into(), Language::Java),
        }
    }

    /// Parses `code` once and runs every extractor over one walk of its tree; `None` for a
    /// language without a grammar ([`Language::has_grammar`]).
    pub fn extract(&mut self, code: &str, language: Language) -> Option<ProgramProperties> {
        let (parser, roles) = match language {
            Language::Python => &mut self.python,
            Language::Java => &mut self.java,
            _ => return None,
        };
        let Some(tree) = parser.parse(code, None) else {
            return Some(ProgramProperties { syntax_error_line: Some(1), ..Default::default() });
        };
        let mut constructs = reference_constructs::Extractor::default();
        let mut syntax_error = syntax_error::Extractor::default();
        let mut counts = counts::Extractor::default();
        let mut loc = loc::Extractor::default();
        let mut mccabe = mccabe::Extractor::default();
        let mut nesting = nesting::Extractor::default();
        let mut cognitive = cognitive::Extractor::default();
        let mut lines = construct_lines::Extractor::default();
        let mut exerscope_constructs = constructs::Extractor::default();
        let mut nested_loop = nested_loop::Extractor::default();
        let mut nested_if = nested_if::Extractor::default();
        let mut recursion = recursion::Extractor::default();
        let mut string_formatting = string_formatting::Extractor::default();
        walk(
            tree.root_node(),
            code.as_bytes(),
            roles,
            &mut [
                &mut constructs,
                &mut syntax_error,
                &mut counts,
                &mut loc,
                &mut mccabe,
                &mut nesting,
                &mut exerscope_constructs,
                &mut nested_loop,
                &mut nested_if,
                &mut recursion,
                &mut string_formatting,
                &mut cognitive,
                &mut lines,
            ],
        );
        let mut found = exerscope_constructs.finish();
        found.extend(nested_loop.finish());
        found.extend(nested_if.finish());
        found.extend(recursion.finish());
        found.extend(string_formatting.finish());
        let (mccabe_max, mccabe_sum) = mccabe.finish();
        let (statements, ast_nodes, functions, calls) = counts.finish();
        Some(ProgramProperties {
            reference_constructs: constructs.finish(),
            constructs: found,
            construct_lines: lines.finish(),
            metrics: Metrics {
                loc: loc.finish(),
                statements,
                ast_nodes,
                functions,
                calls,
                mccabe_max,
                mccabe_sum,
                max_nesting: nesting.finish(),
                cognitive: cognitive.finish(),
                reference_cc: match language {
                    Language::Python => reference_cc::reference_cc(tree.root_node(), code.as_bytes()),
                    _ => None,
                },
            },
            syntax_error_line: syntax_error.finish(),
        })
    }
}

fn language_parser(grammar: tree_sitter_c2rust::Language, language: Language) -> (Parser, RoleTable) {
    let mut parser = Parser::new();
    parser.set_language(&grammar).expect("the bundled grammar matches the tree-sitter runtime");
    (parser, RoleTable::new(&grammar, language))
}

/// Walks the tree once with a cursor (no recursion: deep programs cannot overflow the stack),
/// calling every extractor's `enter` before a node's children and `leave` after them.
fn walk(root: Node<'_>, source: &[u8], roles: &RoleTable, extractors: &mut [&mut dyn Extractor]) {
    let mut cursor = root.walk();
    let mut ancestors: Vec<Role> = Vec::new();
    loop {
        let node = cursor.node();
        let kind = roles.kind(node.kind_id());
        let visit = Visit::new(node, kind, &ancestors, source);
        extractors.iter_mut().for_each(|e| e.enter(&visit));
        if cursor.goto_first_child() {
            ancestors.push(kind.role);
            continue;
        }
        extractors.iter_mut().for_each(|e| e.leave(&visit));
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return;
            }
            ancestors.pop();
            let parent = cursor.node();
            let visit = Visit::new(parent, roles.kind(parent.kind_id()), &ancestors, source);
            extractors.iter_mut().for_each(|e| e.leave(&visit));
        }
    }
}

#[cfg(test)]
pub(crate) fn python(code: &str) -> ProgramProperties {
    ProgramParser::new().extract(code, Language::Python).unwrap()
}

#[cfg(test)]
pub(crate) fn java(code: &str) -> ProgramProperties {
    ProgramParser::new().extract(code, Language::Java).unwrap()
}
