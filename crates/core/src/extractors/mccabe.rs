//! McCabe cyclomatic complexity per function: 1 + decision points (if/elif, for, while, except,
//! each boolean operator, conditional expression, comprehension `for`/`if`, `case`). Nested
//! functions are units of their own. Top-level code is a unit too when it makes decisions or when
//! there is no function. Reported per file as the maximum and the sum over units.

use super::{Role, Visit};

#[derive(Default)]
pub struct Extractor {
    /// Decision counts of the functions being walked, innermost last.
    open: Vec<u32>,
    top_level: u32,
    finished: Vec<u32>,
}

impl Extractor {
    fn is_decision(visit: &Visit<'_, '_>) -> bool {
        match visit.role {
            Role::If
            | Role::ElifClause
            | Role::ForLoop
            | Role::WhileLoop
            | Role::Except
            | Role::BooleanOperator
            | Role::Ternary
            | Role::ComprehensionFor
            | Role::ComprehensionIf => true,
            // `case` labels count, `default` does not; `&&` and `||` (and Lua's, Ruby's `and`, `or`) count.
            Role::Case => visit.node.child(0).is_none_or(|first| first.kind() != "default"),
            Role::BinaryOperator => visit.logical_operator_of(visit.node).is_some(),
            _ => false,
        }
    }

    /// (maximum, sum) over units.
    pub fn finish(mut self) -> (u32, u32) {
        if self.top_level > 0 || self.finished.is_empty() {
            self.finished.push(1 + self.top_level);
        }
        (self.finished.iter().copied().max().unwrap_or(1), self.finished.iter().sum())
    }
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        if visit.role == Role::Function {
            self.open.push(0);
        } else if Self::is_decision(visit) {
            *self.open.last_mut().unwrap_or(&mut self.top_level) += 1;
        }
    }

    fn leave(&mut self, visit: &Visit<'_, '_>) {
        if visit.role == Role::Function {
            let decisions = self.open.pop().unwrap_or(0);
            self.finished.push(1 + decisions);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    fn mccabe(code: &str) -> (u32, u32) {
        let m = python(code).metrics;
        (m.mccabe_max, m.mccabe_sum)
    }

    #[test]
    fn straight_code_is_one() {
        assert_eq!(mccabe("def f(x):\n    return x\n"), (1, 1));
        assert_eq!(mccabe("print(1)\n"), (1, 1));
    }

    #[test]
    fn each_decision_adds_one() {
        let code = "\
def f(xs):
    for x in xs:                       # +1
        if x and x > 2 or x < -2:      # +1 if, +2 boolean operators
            return [y for y in xs if y]  # +1 for, +1 if
        elif x == 0:                   # +1
            continue
    try:
        pass
    except ValueError:                 # +1
        pass
    return 1 if xs else 0              # +1
";
        assert_eq!(mccabe(code), (10, 10));
    }

    #[test]
    fn functions_are_separate_units_and_top_level_code_counts_when_it_decides() {
        let code = "\
def f(x):
    if x:            # f: 2
        return 1
def g(x):
    def h(y):
        while y:     # h: 2
            y -= 1
    return h         # g: 1
if __name__ == '__main__':   # top level: 2
    f(1)
";
        assert_eq!(mccabe(code), (2, 2 + 2 + 1 + 2));
    }

    #[test]
    fn java_cases_and_logical_operators() {
        let code = "class M { int f(int x) { switch (x) { case 1: return 1; case 2: return 2; default: return 0; } }
                    boolean g(int a) { return a > 1 && a < 5 || a == 9; } }";
        let m = java(code).metrics;
        assert_eq!((m.mccabe_max, m.mccabe_sum), (3, 3 + 3));
    }
}
