//! Plain counts over the tree: statements (simple and compound), named nodes, function
//! definitions and calls.

use super::{Role, Visit};

#[derive(Default)]
pub struct Extractor {
    statements: u32,
    nodes: u32,
    functions: u32,
    calls: u32,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        self.statements += u32::from(visit.statement);
        self.nodes += u32::from(visit.named && visit.role != Role::Comment);
        self.functions += u32::from(visit.role == Role::Function);
        self.calls += u32::from(visit.role == Role::Call);
    }
}

impl Extractor {
    /// (statements, named nodes, functions, calls)
    pub fn finish(self) -> (u32, u32, u32, u32) {
        (self.statements, self.nodes, self.functions, self.calls)
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    #[test]
    fn python_counts() {
        let code = "\
import math                      # statement 1
def f(x):                        # statement 2, function 1
    y = math.sqrt(x)             # statement 3, call 1
    if y > 1:                    # statement 4
        print(y, abs(y))         # statement 5, calls 2 and 3
    return [g(i) for i in x]     # statement 6, call 4
";
        let m = python(code).metrics;
        assert_eq!((m.statements, m.functions, m.calls), (6, 1, 4));
        assert!(m.ast_nodes > 20);
    }

    #[test]
    fn java_counts() {
        let code = "class Main { int f(int x) { int y = g(x); return new Integer(y); } }";
        let m = java(code).metrics;
        // class, method, local variable, return; calls g(...) and new Integer(...)
        assert_eq!((m.statements, m.functions, m.calls), (4, 1, 2));
    }
}
