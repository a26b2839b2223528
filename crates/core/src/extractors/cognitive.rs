//! Cognitive complexity (SonarSource, G. Ann Campbell 2018), summed over the file:
//! - +1 for each `if`, `elif`/`else if`, `else`, conditional expression, `match`/`switch`, loop,
//!   `except`/`catch`, labelled `break`/`continue` (Java), and each sequence of like boolean
//!   operators (`a and b and c` is one, `a and b or c` two);
//! - plus the nesting level for `if`, conditional expressions, `switch`, loops and `catch`: the
//!   number of those enclosing it, plus lambdas and functions nested in functions.
//!
//! Not counted (unlike the white paper): recursion.

use super::{Role, Visit};

#[derive(Default)]
pub struct Extractor {
    total: u32,
}

/// Structures that add a nesting level to what they contain.
fn nests(role: Role) -> bool {
    matches!(
        role,
        Role::If | Role::ForLoop | Role::WhileLoop | Role::Except | Role::Ternary | Role::Switch | Role::Lambda
    )
}

fn nesting_level(ancestors: &[Role]) -> u32 {
    let mut level = 0;
    let mut functions = 0;
    let mut parent = None;
    for &role in ancestors {
        // Java's else-if chain is one structure, not a nest of them.
        let continues_chain = role == Role::If && parent == Some(Role::If);
        level += u32::from(nests(role) && !continues_chain);
        functions += u32::from(role == Role::Function);
        parent = Some(role);
    }
    level + functions.saturating_sub(1)
}

/// `and`/`or` (`&&`/`||`) of this node, if it is a boolean operation.
impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        let parent = visit.ancestors.last().copied();
        let increment = match visit.role {
            Role::If if parent == Some(Role::If) => 1 + u32::from(has_java_else(visit)), // else-if: no nesting
            Role::If => 1 + nesting_level(visit.ancestors) + u32::from(has_java_else(visit)),
            Role::ElifClause => 1,
            Role::ElseClause if parent == Some(Role::If) => 1,
            Role::Ternary | Role::Switch | Role::ForLoop | Role::WhileLoop | Role::Except => {
                1 + nesting_level(visit.ancestors)
            }
            Role::Break | Role::Continue => u32::from(visit.node.named_child_count() > 0), // labelled (Java)
            _ => u32::from(starts_boolean_sequence(visit)),
        };
        self.total += increment;
    }
}

/// Java's `else` is the `alternative` field of the `if` (not an `if` itself: that is an else-if).
fn has_java_else(visit: &Visit<'_, '_>) -> bool {
    // Python's `else:` and `elif` are clauses of their own (counted when they are visited).
    visit
        .node
        .child_by_field_name("alternative")
        .is_some_and(|alt| !matches!(alt.kind(), "if_statement" | "else_clause" | "elif_clause"))
}

/// A boolean operation whose operator differs from its parent's starts a new sequence.
fn starts_boolean_sequence(visit: &Visit<'_, '_>) -> bool {
    let Some(operator) = visit.logical_operator_of(visit.node) else { return false };
    let Some(parent) = visit.node.parent() else { return true };
    visit.logical_operator_of(parent) != Some(operator)
}

impl Extractor {
    pub fn finish(self) -> u32 {
        self.total
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    #[test]
    fn the_white_papers_sum_of_primes_is_seven() {
        let code = "class M { int sumOfPrimes(int max) {
            int total = 0;
            OUT: for (int i = 1; i <= max; ++i) {   // +1
                for (int j = 2; j < i; ++j) {       // +2 (nesting 1)
                    if (i % j == 0) {               // +3 (nesting 2)
                        continue OUT;               // +1
                    }
                }
                total += i;
            }
            return total;
        } }";
        assert_eq!(java(code).metrics.cognitive, 7);
    }

    #[test]
    fn a_switch_is_one_whatever_its_cases() {
        let code = "class M { String words(int n) { switch (n) { case 1: return \"one\"; case 2: return \"a couple\"; \
                    default: return \"lots\"; } } }";
        assert_eq!(java(code).metrics.cognitive, 1);
    }

    #[test]
    fn python_branches_nesting_and_boolean_sequences() {
        let code = "\
def f(xs):
    for x in xs:                    # +1
        if x > 0 and x < 9:         # +2 (nesting 1), +1 and-sequence
            pass
        elif x == 0 or x is None or not x:  # +1, +1 or-sequence
            pass
        else:                       # +1
            y = 1 if x else 2       # +3 (nesting 2)
    return [g for g in xs]
";
        assert_eq!(python(code).metrics.cognitive, 10);
        assert_eq!(python("a = b and c or d\n").metrics.cognitive, 2, "two sequences");
    }

    #[test]
    fn java_else_if_and_else() {
        let code = "class M { void f(int a) { if (a > 1) { } else if (a < 0) { } else { } } }";
        // if +1, else if +1, else +1
        assert_eq!(java(code).metrics.cognitive, 3);
    }
}
