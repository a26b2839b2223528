//! Recursion through the call graph of the functions the program defines: a function that can
//! reach itself through calls recurses; when that takes other functions on the way, the program
//! also has mutual recursion. Calls are matched by name (`f(...)`, `self.f(...)`, `f(...)` in
//! Java), so a call to another object's method of the same name also counts: a static
//! over-approximation, as any name-based call graph is.

use super::{Construct, Constructs, Role, Visit};
use std::collections::{HashMap, HashSet};

#[derive(Default)]
pub struct Extractor {
    /// Names of the functions being walked, innermost last.
    open: Vec<String>,
    calls: HashMap<String, HashSet<String>>,
}

impl super::Extractor for Extractor {
    fn enter(&mut self, visit: &Visit<'_, '_>) {
        match visit.role {
            Role::Function => {
                let name = visit.function_name().unwrap_or_default().to_owned();
                self.calls.entry(name.clone()).or_default();
                self.open.push(name);
            }
            Role::Call => {
                let (Some(caller), Some(callee)) = (self.open.last(), visit.called_name()) else { return };
                self.calls.entry(caller.clone()).or_default().insert(callee.to_owned());
            }
            _ => {}
        }
    }

    fn leave(&mut self, visit: &Visit<'_, '_>) {
        if visit.role == Role::Function {
            self.open.pop();
        }
    }
}

/// `f` of `f(x)` and of `obj.f(x)` (Python), `f` of `f(x)`/`obj.f(x)` (Java).
impl Extractor {
    pub fn finish(self) -> Constructs {
        let mut found = Constructs::default();
        for (function, callees) in &self.calls {
            if callees.contains(function) {
                found.insert(Construct::Recursion);
            }
            if callees.iter().any(|c| c != function && self.reaches(c, function)) {
                found.insert(Construct::Recursion);
                found.insert(Construct::MutualRecursion);
            }
        }
        found
    }

    /// Whether `from` can call `target` through defined functions.
    fn reaches(&self, from: &str, target: &str) -> bool {
        let mut seen = HashSet::new();
        let mut pending = vec![from];
        while let Some(current) = pending.pop() {
            if current == target {
                return true;
            }
            if seen.insert(current) {
                pending.extend(self.calls.get(current).into_iter().flatten().map(String::as_str));
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::extractors::{java, python};

    fn names(code: &str) -> Vec<&'static str> {
        python(code).constructs.names().into_iter().filter(|n| n.contains("recursion")).collect()
    }

    #[test]
    fn direct_and_mutual() {
        assert_eq!(names("def f(n):\n    return 1 if n < 2 else n * f(n - 1)\n"), ["recursion"]);
        let mutual = "def even(n):\n    return n == 0 or odd(n - 1)\ndef odd(n):\n    return n != 0 and even(n - 1)\n";
        assert_eq!(names(mutual), ["recursion", "mutual_recursion"]);
        let method = "class A:\n    def walk(self, n):\n        if n:\n            self.walk(n - 1)\n";
        assert_eq!(names(method), ["recursion"]);
        assert_eq!(names("def f(x):\n    return g(x)\ndef g(x):\n    return x\n"), Vec::<&str>::new());
        assert_eq!(names("def f(x):\n    return len(x)\nprint(f([1]))\n"), Vec::<&str>::new());
    }

    #[test]
    fn java_methods() {
        let code = "class M { static int f(int n) { return n < 2 ? n : f(n - 1) + f(n - 2); } }";
        assert!(java(code).constructs.names().contains(&"recursion"));
    }
}
