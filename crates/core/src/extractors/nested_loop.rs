//! Nested loop (exerscope's definition): a `for`/`while` anywhere inside another loop's body, at
//! any depth, through `if`s and blocks (unlike the reference flag, which wants a direct child).

use super::{Construct, Constructs, Role, Visit};

#[derive(Default)]
pub struct Extractor {
    found: bool,
}

fn is_loop(role: &Role) -> bool {
    matches!(role, Role::ForLoop | Role::WhileLoop)
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        self.found |= is_loop(&visit.role) && visit.ancestors.iter().any(is_loop);
    }
}

impl Extractor {
    pub fn finish(self) -> Constructs {
        let mut found = Constructs::default();
        if self.found {
            found.insert(Construct::NestedLoop);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    fn nested(code: &str) -> bool {
        python(code).constructs.names().contains(&"nested_loop")
    }

    #[test]
    fn any_depth_counts() {
        assert!(nested("for a in b:\n    if a:\n        while a:\n            a -= 1\n")); // +1 through an if
        assert!(!nested("for a in b:\n    pass\nwhile c:\n    pass\n"), "loops side by side");
        assert!(!nested("for a in b:\n    x = [c for c in a]\n"), "a comprehension is not a loop statement");
        assert!(java("class M { void f() { for (;;) { if (x) { do { } while (y); } } } }")
            .constructs
            .names()
            .contains(&"nested_loop"));
    }
}
