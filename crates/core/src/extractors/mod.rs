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
mod grammars;
mod line_kinds;
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
pub use line_kinds::LineKind;
pub use reference_constructs::{ReferenceConstruct, ReferenceConstructs};
pub use syntax::Role;

use crate::table::Language;
use grammars::{grammar_of, GRAMMARS};
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
    roles: &'walk RoleTable,
}

/// The operators of boolean sequences, in every language's spelling.
const LOGICAL_OPERATORS: [&str; 4] = ["&&", "||", "and", "or"];

/// Node kinds that are a plain name, in every grammar.
const NAME_KINDS: [&str; 5] = ["identifier", "simple_identifier", "name", "field_identifier", "constant"];

impl<'tree, 'walk> Visit<'tree, 'walk> {
    fn new(
        node: Node<'tree>,
        kind: Kind,
        ancestors: &'walk [Role],
        source: &'tree [u8],
        roles: &'walk RoleTable,
    ) -> Self {
        Visit { node, role: kind.role, statement: kind.statement, named: kind.named, ancestors, source, roles }
    }

    fn text(&self, node: Node<'_>) -> Option<&'tree str> {
        std::str::from_utf8(self.source.get(node.start_byte()..node.end_byte())?).ok()
    }

    /// The text of this node's child `field` (`name` of a function, say).
    pub fn field_text(&self, field: &str) -> Option<&'tree str> {
        self.text(self.node.child_by_field_name(field)?)
    }

    /// The role another node of the same tree plays.
    pub fn role_of(&self, node: Node<'_>) -> Role {
        self.roles.kind(node.kind_id()).role
    }

    /// Whether `node` only wraps an `if` (the `else` of an `else if`).
    pub fn wraps_lone_if(&self, node: Node<'_>) -> bool {
        self.roles.wraps_lone_if(node)
    }

    /// `&&`, `||`, `and` or `or` where `node` is a boolean operator: its `operator` (or `op`)
    /// field, or else the token between its operands.
    pub fn logical_operator_of(&self, node: Node<'_>) -> Option<&'tree str> {
        if !matches!(self.role_of(node), Role::BooleanOperator | Role::BinaryOperator) {
            return None;
        }
        let operator = node.child_by_field_name("operator").or_else(|| node.child_by_field_name("op"));
        let operator = self.text(operator.or_else(|| node.child(1))?)?;
        LOGICAL_OPERATORS.contains(&operator).then_some(operator)
    }

    /// The name a function definition defines: its `name`, else the name down its declarator
    /// (C++) or signature (Julia), else what it is assigned to (R's `f <- function(x)`).
    pub fn function_name(&self) -> Option<&'tree str> {
        if let Some(name) = self.field_text("name") {
            return Some(name);
        }
        let down = |node: Node<'tree>| match node.kind() {
            "signature" | "call_expression" => node.named_child(0),
            _ => node.child_by_field_name("declarator"),
        };
        let mut cursor = self.node.walk();
        let mut node = self
            .node
            .child_by_field_name("declarator")
            .or_else(|| self.node.named_children(&mut cursor).find(|c| c.kind() == "signature"));
        for _ in 0..4 {
            let Some(current) = node else { break };
            if NAME_KINDS.contains(&current.kind()) {
                return self.text(current);
            }
            node = down(current);
        }
        let assignment = self.node.parent().filter(|p| p.child_by_field_name("rhs") == Some(self.node))?;
        self.text(assignment.child_by_field_name("lhs")?)
    }

    /// The name a call calls, its last part (`format` of `string.format(…)`, `walk` of
    /// `self.walk(…)`), where the callee is a name.
    pub fn called_name(&self) -> Option<&'tree str> {
        let named = ["name", "method", "macro"].into_iter().find_map(|field| self.field_text(field));
        let name = match named {
            Some(name) => name,
            None => {
                let function = self.node.child_by_field_name("function").or_else(|| self.node.named_child(0))?;
                let target = match function.kind() {
                    "attribute" => function.child_by_field_name("attribute")?,
                    kind if NAME_KINDS.contains(&kind) => function,
                    _ => return None,
                };
                self.text(target)?
            }
        };
        name.rsplit(['.', ':']).next()
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
    /// The program was parsed: false where this build has no grammar for its language (the
    /// browser's first module beyond Python and Java), so that nothing reads its zeros as measures.
    #[serde(default)]
    pub parsed: bool,
}

/// What each line of a program is, by line (1-based): the kind of the statement or clause that
/// begins on it, and the constructs whose code spans it.
#[derive(Clone, Debug, Default)]
pub struct LineFacts {
    pub kinds: std::collections::BTreeMap<u32, LineKind>,
    pub constructs: std::collections::BTreeMap<u32, Constructs>,
}

impl LineFacts {
    /// Line `line`'s kind (`Other` where no statement begins) and constructs.
    pub fn at(&self, line: u32) -> (LineKind, Constructs) {
        (
            self.kinds.get(&line).copied().unwrap_or(LineKind::Other),
            self.constructs.get(&line).copied().unwrap_or_default(),
        )
    }
}

/// A parser and the node roles for each language compiled in ([`grammars::GRAMMARS`]), each made
/// when its first program comes and reused for every other.
#[derive(Default)]
pub struct ProgramParser {
    parsers: Vec<Option<(Parser, RoleTable)>>,
}

impl ProgramParser {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether this build parses `language` (the browser's first module parses Python and Java
    /// only; [`Language::has_grammar`] says which languages some build parses).
    pub fn parses(language: Language) -> bool {
        grammar_of(language).is_some()
    }

    fn parser_for(&mut self, language: Language) -> Option<&mut (Parser, RoleTable)> {
        let index = GRAMMARS.iter().position(|g| g.language == language)?;
        if self.parsers.len() < GRAMMARS.len() {
            self.parsers.resize_with(GRAMMARS.len(), || None);
        }
        Some(self.parsers[index].get_or_insert_with(|| language_parser(&GRAMMARS[index])))
    }

    /// Parses `code` once and runs every extractor over one walk of its tree; `None` for a
    /// language this build does not parse ([`ProgramParser::parses`]).
    pub fn extract(&mut self, code: &str, language: Language) -> Option<ProgramProperties> {
        let (parser, roles) = self.parser_for(language)?;
        let Some(tree) = parser.parse(code, None) else {
            return Some(ProgramProperties { syntax_error_line: Some(1), parsed: true, ..Default::default() });
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
            parsed: true,
        })
    }
}

impl ProgramParser {
    /// What each line of `code` is as a step of a run stands on it; `None` for a language this
    /// build does not parse. A walk of its own: only the programs whose runs are aligned need it.
    pub fn lines(&mut self, code: &str, language: Language) -> Option<LineFacts> {
        let (parser, roles) = self.parser_for(language)?;
        let tree = parser.parse(code, None)?;
        let mut kinds = line_kinds::Extractor::default();
        let mut constructs = construct_lines::Extractor::default();
        walk(tree.root_node(), code.as_bytes(), roles, &mut [&mut kinds, &mut constructs]);
        Some(LineFacts { kinds: kinds.finish(), constructs: constructs.spans() })
    }
}

fn language_parser(grammar: &syntax::Grammar) -> (Parser, RoleTable) {
    let mut parser = Parser::new();
    parser.set_language(&grammar.tree_sitter.into()).expect("the bundled grammar matches the tree-sitter runtime");
    (parser, RoleTable::new(grammar))
}

/// Walks the tree once with a cursor (no recursion: deep programs cannot overflow the stack),
/// calling every extractor's `enter` before a node's children and `leave` after them.
fn walk(root: Node<'_>, source: &[u8], roles: &RoleTable, extractors: &mut [&mut dyn Extractor]) {
    let mut cursor = root.walk();
    let mut ancestors: Vec<Role> = Vec::new();
    // The nodes entered, innermost last: their kind, and whether their role is among `ancestors`.
    let mut open: Vec<(Kind, bool)> = Vec::new();
    loop {
        let node = cursor.node();
        let mut kind = kind_in_place(node, roles, open.last().map(|(parent, _)| parent));
        if kind.role == Role::Call && roles.is_loop_call(node, source) {
            kind.role = Role::ForLoop;
        }
        let shown = !is_else_of_else_if(node, kind, cursor.field_name(), ancestors.last(), roles);
        if !shown {
            kind.role = Role::Other;
        }
        let visit = Visit::new(node, kind, &ancestors, source, roles);
        extractors.iter_mut().for_each(|e| e.enter(&visit));
        if cursor.goto_first_child() {
            if shown {
                ancestors.push(kind.role);
            }
            open.push((kind, shown));
            continue;
        }
        extractors.iter_mut().for_each(|e| e.leave(&visit));
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return;
            }
            let Some((kind, shown)) = open.pop() else { return };
            if shown {
                ancestors.pop();
            }
            let visit = Visit::new(cursor.node(), kind, &ancestors, source, roles);
            extractors.iter_mut().for_each(|e| e.leave(&visit));
        }
    }
}

/// A node's kind where it stands: a named node directly in a statement holder is a statement.
fn kind_in_place(node: Node<'_>, roles: &RoleTable, parent: Option<&Kind>) -> Kind {
    let mut kind = roles.kind(node.kind_id());
    if parent.is_some_and(|p| p.holds_statements) && kind.named && kind.role != Role::Comment {
        kind.statement = true;
    }
    kind
}

/// An `else` that only wraps the `if` of an `else if` (JavaScript's, C++'s, Rust's `else_clause`;
/// D's `scope_statement` as the `if`'s alternative) plays no role and is left out of the
/// ancestors, so that its `if` continues the chain as Java's does (whose grammar has no wrapper).
fn is_else_of_else_if(
    node: Node<'_>,
    kind: Kind,
    field: Option<&str>,
    parent: Option<&Role>,
    roles: &RoleTable,
) -> bool {
    let is_else = kind.role == Role::ElseClause || (field == Some("alternative") && parent == Some(&Role::If));
    is_else && roles.wraps_lone_if(node)
}

#[cfg(test)]
pub(crate) fn python(code: &str) -> ProgramProperties {
    ProgramParser::new().extract(code, Language::Python).unwrap()
}

#[cfg(test)]
pub(crate) fn java(code: &str) -> ProgramProperties {
    ProgramParser::new().extract(code, Language::Java).unwrap()
}
