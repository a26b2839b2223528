//! A predicted input is data first: it is read as a call of the program's entry function, and its
//! arguments as Python literals. Only a call of the entry function is run; an argument that is an
//! expression (`list(range(3))`, a lambda) is evaluated inside the run's sandbox, never by the
//! host. Anything else (two calls, an operator around the call, a syntax error) is judged as text,
//! with the reason shown.

use crate::pyliteral;
use serde::{Deserialize, Serialize};
use tree_sitter_c2rust::{Node, Parser};

/// A call of one function: what the harness runs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Call {
    /// The function's name in the program (`f`).
    pub function: String,
    pub arguments: Vec<Argument>,
    /// The call as written (trimmed): shown, and evaluated as a whole in the sandbox when an
    /// argument is an expression.
    pub text: String,
}

/// One argument as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Argument {
    /// The keyword of a keyword argument (`key=...`).
    pub name: Option<String>,
    /// `*` or `**` before an unpacked argument.
    pub unpack: Option<String>,
    /// The value's source text.
    pub source: String,
    /// Whether the value is a Python literal (read with `ast.literal_eval`, not evaluated).
    pub literal: bool,
}

impl Call {
    /// Whether every argument is a literal: then nothing of the call is evaluated as code.
    pub fn is_data(&self) -> bool {
        self.arguments.iter().all(|argument| argument.literal)
    }

    /// Python's `==` between two calls of literals: the same function, and argument by argument the
    /// same keyword and unpacking, and equal values.
    pub fn equals(&self, other: &Call) -> bool {
        let value = |argument: &Argument| pyliteral::parse(&argument.source).ok();
        self.function == other.function
            && self.arguments.len() == other.arguments.len()
            && self.arguments.iter().zip(&other.arguments).all(|(a, b)| {
                a.name == b.name
                    && a.unpack == b.unpack
                    && matches!((value(a), value(b)), (Some(x), Some(y)) if pyliteral::python_eq(&x, &y))
            })
    }
}

thread_local! {
    static PARSER: std::cell::RefCell<Parser> = std::cell::RefCell::new(python_parser());
}

/// `text` as a call of any function whose arguments are all literals (`f([1, 2], key='a')`), if
/// it is one: what the value judge compares input predictions by.
pub fn data_call(text: &str) -> Option<Call> {
    let text = text.trim();
    if !(text.ends_with(')') && text.contains('(')) {
        return None;
    }
    PARSER.with_borrow_mut(|parser| read_call(text, None, parser)).ok().filter(Call::is_data)
}

/// A tree-sitter parser for Python.
pub fn python_parser() -> Parser {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_python::LANGUAGE.into()).expect("the bundled grammar matches tree-sitter");
    parser
}

/// The name of the function a program's own input calls (`f` of `f([1, 2])`), if it is a call.
pub fn entry_of(input: &str, parser: &mut Parser) -> Option<String> {
    read_call(input, None, parser).ok().map(|call| call.function)
}

/// Reads `text` as one call of `entry` (of any function when `entry` is `None`), or says why it
/// is not one.
pub fn read_call(text: &str, entry: Option<&str>, parser: &mut Parser) -> Result<Call, String> {
    let text = text.trim();
    let tree = parser.parse(text, None).ok_or("cannot be parsed")?;
    let root = tree.root_node();
    if root.has_error() {
        return Err("not Python (a syntax error)".to_owned());
    }
    let statements: Vec<Node<'_>> = named_children(root).filter(|n| n.kind() != "comment").collect();
    let [statement] = statements[..] else {
        return Err(format!("{} statements, not one call", statements.len()));
    };
    let expressions: Vec<Node<'_>> = named_children(statement).filter(|n| n.kind() != "comment").collect();
    let expression = match (statement.kind(), &expressions[..]) {
        ("expression_statement", [expression]) => unparenthesised(*expression),
        ("expression_statement", _) => return Err("a tuple of expressions, not one call".to_owned()),
        _ => return Err(format!("{}, not a call", a_kind(statement))),
    };
    if expression.kind() != "call" {
        return Err(format!("{}, not a call", a_kind(expression)));
    }
    let source = |node: Node<'_>| text[node.byte_range()].to_owned();
    let function = expression.child_by_field_name("function").map(source).unwrap_or_default();
    if let Some(entry) = entry.filter(|&entry| entry != function) {
        return Err(format!("calls {function}, not the program's function {entry}"));
    }
    let arguments = expression.child_by_field_name("arguments").ok_or("a call without arguments")?;
    if arguments.kind() != "argument_list" {
        return Err("a generator expression as the argument".to_owned());
    }
    let arguments =
        named_children(arguments).filter(|n| n.kind() != "comment").map(|node| argument(node, text)).collect();
    Ok(Call { function, arguments, text: text.to_owned() })
}

fn argument(node: Node<'_>, text: &str) -> Argument {
    let source = |node: Node<'_>| text[node.byte_range()].to_owned();
    let (name, unpack, value) = match node.kind() {
        "keyword_argument" => (node.child_by_field_name("name").map(source), None, node.child_by_field_name("value")),
        "list_splat" => (None, Some("*"), node.named_child(0)),
        "dictionary_splat" => (None, Some("**"), node.named_child(0)),
        _ => (None, None, Some(node)),
    };
    let source = value.map(source).unwrap_or_default();
    Argument { name, unpack: unpack.map(str::to_owned), literal: pyliteral::parse(&source).is_ok(), source }
}

/// A node's kind in words, with its article: "an expression list".
fn a_kind(node: Node<'_>) -> String {
    let words = node.kind().replace('_', " ");
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {words}")
}

fn named_children<'tree>(node: Node<'tree>) -> impl Iterator<Item = Node<'tree>> {
    (0..node.named_child_count()).filter_map(move |i| node.named_child(i))
}

/// `((f(1)))` is `f(1)`.
fn unparenthesised(mut node: Node<'_>) -> Node<'_> {
    while node.kind() == "parenthesized_expression" && node.named_child_count() == 1 {
        match node.named_child(0) {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of_f(text: &str) -> Result<Call, String> {
        read_call(text, Some("f"), &mut python_parser())
    }

    #[test]
    fn literal_arguments_are_data() {
        let call = of_f(" f([1, 2], 'a', key={'b': (3,)}) ").unwrap();
        assert_eq!(call.function, "f");
        assert_eq!(call.text, "f([1, 2], 'a', key={'b': (3,)})");
        let sources: Vec<(&str, Option<&str>)> =
            call.arguments.iter().map(|a| (a.source.as_str(), a.name.as_deref())).collect();
        assert_eq!(sources, [("[1, 2]", None), ("'a'", None), ("{'b': (3,)}", Some("key"))]);
        assert!(call.is_data());
        assert!(of_f("(f())").unwrap().arguments.is_empty());
        assert!(of_f("f(-1, 2.5e3, None, b'x')  # a comment").unwrap().is_data());
    }

    #[test]
    fn expressions_are_marked_for_the_sandbox() {
        let call = of_f("f(__import__('os').system('id > /tmp/x') or [1, 1, 3])").unwrap();
        assert!(!call.is_data());
        let call = of_f("f([15, 6, 4, 2, 8], lambda x: x.reverse())").unwrap();
        assert_eq!(call.arguments.iter().map(|a| a.literal).collect::<Vec<_>>(), [true, false]);
        let splat = of_f("f(*[1, 2], **{'a': 1})").unwrap();
        let unpacked: Vec<Option<&str>> = splat.arguments.iter().map(|a| a.unpack.as_deref()).collect();
        assert_eq!(unpacked, [Some("*"), Some("**")]);
        assert!(splat.is_data());
    }

    #[test]
    fn anything_but_one_call_of_the_entry_function_is_refused_with_a_reason() {
        let reason = |text: &str| of_f(text).unwrap_err();
        assert_eq!(reason("g(1)"), "calls g, not the program's function f");
        assert_eq!(reason("f(1) + f(2)"), "a binary operator, not a call");
        assert_eq!(reason("f(1); f(2)"), "2 statements, not one call");
        assert_eq!(reason("f(1), 2"), "a tuple of expressions, not one call");
        assert_eq!(reason("[f(1)]"), "a list, not a call");
        assert_eq!(reason("f(\"a-a-a"), "not Python (a syntax error)");
        assert_eq!(reason("import os"), "an import statement, not a call");
        assert_eq!(reason("f(x for x in y)"), "a generator expression as the argument");
        assert_eq!(reason("os.system('id')"), "calls os.system, not the program's function f");
        assert_eq!(reason(""), "0 statements, not one call");
    }

    #[test]
    fn the_entry_function_is_the_one_the_programs_own_input_calls() {
        let mut parser = python_parser();
        assert_eq!(entry_of("f([1, 2])", &mut parser).as_deref(), Some("f"));
        assert_eq!(entry_of("sort_third([1, 2, 3])", &mut parser).as_deref(), Some("sort_third"));
        assert_eq!(entry_of("5\n3 4\n", &mut parser), None, "stdin text");
    }
}
