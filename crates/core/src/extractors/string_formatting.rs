//! String formatting: Python f-strings with `{...}`, `"..." % args`, `"...".format(...)`; Java's
//! `String.format`, `printf` and `formatted`; the other languages' interpolations (`${…}`,
//! `#{…}`, `$(…)`) and format calls (`sprintf`, Go's `fmt.Sprintf`, Rust's `format!`).

use super::{Construct, Constructs, Role, Visit};

#[derive(Default)]
pub struct Extractor {
    found: bool,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        self.found |= match visit.role {
            Role::Interpolation => true,
            Role::BinaryOperator => {
                visit.field_text("operator") == Some("%")
                    && visit.node.child_by_field_name("left").is_some_and(|left| left.kind() == "string")
            }
            Role::Attribute => {
                visit.field_text("attribute") == Some("format")
                    && visit.node.child_by_field_name("object").is_some_and(|object| object.kind() == "string")
            }
            // Python's `.format` counts on a string literal only (above).
            Role::Call if visit.node.child_by_field_name("function").is_none_or(|f| f.kind() != "attribute") => {
                matches!(
                    visit.called_name(),
                    Some("format" | "printf" | "formatted" | "sprintf" | "Sprintf" | "Printf" | "Format")
                )
            }
            _ => false,
        };
    }
}

impl Extractor {
    pub fn finish(self) -> Constructs {
        let mut found = Constructs::default();
        if self.found {
            found.insert(Construct::StringFormatting);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    fn formats(code: &str) -> bool {
        python(code).constructs.names().contains(&"string_formatting")
    }

    #[test]
    fn python_forms() {
        assert!(formats("x = f'{a} and {b}'\n"));
        assert!(formats("x = '%d items' % n\n"));
        assert!(formats("x = '{} items'.format(n)\n"));
        assert!(!formats("x = f'plain'\n"), "an f-string without fields formats nothing");
        assert!(!formats("x = a % b\n"), "modulo of numbers");
        assert!(!formats("x = 'a' + b\n"));
    }

    #[test]
    fn java_forms() {
        assert!(java("class M { void f() { String s = String.format(\"%d\", 1); } }")
            .constructs
            .names()
            .contains(&"string_formatting"));
        assert!(!java("class M { void f() { String s = \"a\" + 1; } }")
            .constructs
            .names()
            .contains(&"string_formatting"));
    }
}
