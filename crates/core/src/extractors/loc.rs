//! Lines of code: lines holding at least one token that is not a comment (blank lines and
//! comment-only lines do not count; every line of a multi-line string does).

use super::{Role, Visit};

#[derive(Default)]
pub struct Extractor {
    code_lines: Vec<bool>,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        let node = visit.node;
        if node.child_count() > 0 || visit.role == Role::Comment || node.start_byte() == node.end_byte() {
            return;
        }
        let (first, last) = (node.start_position().row, node.end_position().row);
        if self.code_lines.len() <= last {
            self.code_lines.resize(last + 1, false);
        }
        self.code_lines[first..=last].iter_mut().for_each(|line| *line = true);
    }
}

impl Extractor {
    pub fn finish(self) -> u32 {
        self.code_lines.iter().filter(|&&line| line).count() as u32
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    #[test]
    fn blank_and_comment_lines_do_not_count() {
        let code = "\
# a comment                  (not code)

def f(x):                    # 1
    '''two lines             # 2
    of docstring'''          # 3
    # another comment        (not code)
    return (x +              # 4
            1)               # 5
";
        assert_eq!(python(code).metrics.loc, 5);
        assert_eq!(java("// c\nclass Main {\n\n  /* c */ int x;\n}\n").metrics.loc, 3);
    }
}
