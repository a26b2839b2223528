//! Where tree-sitter had to recover from a syntax error: the first `ERROR` or missing node.
//! The program is still analysed (tree-sitter recovers); the app flags it.

use super::Visit;

#[derive(Default)]
pub struct Extractor {
    first_error_line: Option<usize>,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        if self.first_error_line.is_none() && (visit.node.is_error() || visit.node.is_missing()) {
            self.first_error_line = Some(visit.node.start_position().row + 1);
        }
    }
}

impl Extractor {
    pub fn finish(self) -> Option<usize> {
        self.first_error_line
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    #[test]
    fn valid_programs_have_no_error() {
        assert_eq!(python("def f(x):\n    return x\n").syntax_error_line, None);
        assert_eq!(java("class Main { void f() { int x = 1; } }").syntax_error_line, None);
    }

    #[test]
    fn the_first_error_line_is_reported() {
        assert_eq!(python("x = 1\ny = 2\ndef f(:\n    return\n").syntax_error_line, Some(3));
        assert_eq!(python("x = (1,\n").syntax_error_line, Some(1));
    }
}
