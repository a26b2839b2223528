//! Maximum nesting depth of control structures: `if`, loops, `try`, `with`, `match`/`switch`.
//! An `elif`/`else if` continues its `if` and adds no depth; functions add none either.

use super::{Role, Visit};

#[derive(Default)]
pub struct Extractor {
    deepest: u32,
}

fn nests(role: Role) -> bool {
    matches!(role, Role::If | Role::ForLoop | Role::WhileLoop | Role::Try | Role::With | Role::Switch)
}

/// Java's `else if` is an if_statement directly under its if_statement: a continuation of the
/// chain, not a level. (A brace-less `if (a) if (b)` is counted the same way; it is rare.)
fn continues_chain(role: Role, parent: Option<&Role>) -> bool {
    role == Role::If && parent == Some(&Role::If)
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        if !nests(visit.role) {
            return;
        }
        let path = visit.ancestors.iter().chain(std::iter::once(&visit.role));
        let mut parent = None;
        let mut depth = 0;
        for role in path {
            depth += u32::from(nests(*role) && !continues_chain(*role, parent));
            parent = Some(role);
        }
        self.deepest = self.deepest.max(depth);
    }
}

impl Extractor {
    pub fn finish(self) -> u32 {
        self.deepest
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    #[test]
    fn depth_counts_enclosing_control_structures() {
        assert_eq!(python("x = 1\n").metrics.max_nesting, 0);
        let code = "\
def f(xs):
    for x in xs:                 # 1
        if x:                    # 2
            while x:             # 3
                x -= 1
        elif x is None:          # still 2
            pass
";
        assert_eq!(python(code).metrics.max_nesting, 3);
        let chain = "if a:\n    pass\nelif b:\n    pass\nelif c:\n    if d:\n        pass\n";
        assert_eq!(python(chain).metrics.max_nesting, 2, "an if inside an elif is at depth 2");
    }

    #[test]
    fn java_else_if_adds_no_depth() {
        let code = "class M { void f() { if (a) { } else if (b) { } else if (c) { for (;;) { } } } }";
        assert_eq!(java(code).metrics.max_nesting, 2);
    }
}
