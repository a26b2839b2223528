//! Nested `if` at any depth, and `elif`/`else if` chains. A chain continues its `if` and is not
//! nesting: Python's `elif` clause, and Java's `else if` (an `if` that is directly the `else`
//! branch of an `if`). An `if` inside an `else:` block, or inside any branch, is nested.

use super::{Construct, Constructs, Role, Visit};

#[derive(Default)]
pub struct Extractor {
    nested: bool,
    chain: bool,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        let parent = visit.ancestors.last();
        match visit.role {
            Role::ElifClause => self.chain = true,
            Role::If if parent == Some(&Role::If) => self.chain = true, // Java's else if
            Role::If => self.nested |= visit.ancestors.iter().any(|r| matches!(r, Role::If | Role::ElifClause)),
            _ => {}
        }
    }
}

impl Extractor {
    pub fn finish(self) -> Constructs {
        let mut found = Constructs::default();
        if self.nested {
            found.insert(Construct::NestedIf);
        }
        if self.chain {
            found.insert(Construct::ElifChain);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    fn names(code: &str) -> Vec<&'static str> {
        python(code).constructs.names().into_iter().filter(|n| *n == "nested_if" || *n == "elif_chain").collect()
    }

    #[test]
    fn python_elif_is_a_chain_not_nesting() {
        assert_eq!(names("if a:\n    pass\nelif b:\n    pass\n"), ["elif_chain"]);
        assert_eq!(names("if a:\n    for x in y:\n        if x:\n            pass\n"), ["nested_if"]); // +1 any depth
        assert_eq!(names("if a:\n    pass\nelse:\n    if b:\n        pass\n"), ["nested_if"]);
        assert_eq!(names("if a:\n    pass\nelif b:\n    if c:\n        pass\n"), ["nested_if", "elif_chain"]);
    }

    #[test]
    fn java_else_if_is_a_chain_not_nesting() {
        let chain = "class M { void f() { if (a) { } else if (b) { } else { } } }";
        assert_eq!(
            java(chain).constructs.names().iter().filter(|n| n.contains("if")).collect::<Vec<_>>(),
            [&"if", &"elif_chain"]
        );
        let nested = "class M { void f() { if (a) { if (b) { } } } }";
        assert!(java(nested).constructs.names().contains(&"nested_if"));
    }
}
