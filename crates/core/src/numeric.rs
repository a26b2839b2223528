//! The numeric program properties that statistics and views relate to success, by a stable
//! snake_case name (the CLI report's `property`). Each is declared once, in the table below: its
//! name, its label and where a program's value comes from.

use crate::dynamic::DynamicProperties;
use crate::extractors::Metrics;
use crate::facts::ProgramFacts;
use crate::units::units;

/// Declares the properties once: the unit (enum, `ALL`, name, label: [`units!`]) and where each
/// one's value comes from ([`NumericProperty::value`]).
macro_rules! numeric_properties {
    ($($(#[$doc:meta])* $property:ident => $name:literal, $label:literal, |$program:ident| $value:expr;)+) => {
        units! {
            pub enum NumericProperty {
                $($(#[$doc])* $property => $name, $label;)+
            }
        }

        impl NumericProperty {
            /// The program's value; `None` when it has none (no code, no reference CC).
            pub fn value(self, program: &ProgramFacts) -> Option<f64> {
                match self {
                    $(NumericProperty::$property => {
                        let $program = program;
                        $value
                    })+
                }
            }
        }
    };
}

numeric_properties! {
    ReferenceCc => "reference_cc", "reference CC (ExeRScope's base complexity)",
        |p| p.metrics.as_ref()?.reference_cc.map(|cc| cc as f64);
    MccabeMax => "mccabe_max", "McCabe complexity (largest function)", |p| metric(p, |m| m.mccabe_max);
    MccabeSum => "mccabe_sum", "McCabe complexity (sum over functions)", |p| metric(p, |m| m.mccabe_sum);
    Cognitive => "cognitive", "cognitive complexity", |p| metric(p, |m| m.cognitive);
    MaxNesting => "max_nesting", "maximum nesting depth", |p| metric(p, |m| m.max_nesting);
    /// Non-blank, non-comment lines; for a language without a grammar, non-blank lines.
    Loc => "loc", "lines of code", |p| metric(p, |m| m.loc).or(p.lines.map(f64::from));
    Statements => "statements", "statements", |p| metric(p, |m| m.statements);
    AstNodes => "ast_nodes", "syntax tree nodes", |p| metric(p, |m| m.ast_nodes);
    Functions => "functions", "functions", |p| metric(p, |m| m.functions);
    Calls => "calls", "calls", |p| metric(p, |m| m.calls);
    /// Length of the expected output (string or container).
    OutputLength => "output_length", "length of the expected output", |p| p.output_length.map(f64::from);
    /// Characters of the input (the call's or stdin's text): how much there is to read and carry.
    InputLength => "input_length", "length of the input (characters)", |p| p.input_length.map(f64::from);
    /// The reference's LW: the most runs of one line, on the program's own input.
    LoopLength => "loop_length", "loop length (most runs of one line)", |p| run(p, |d| d.loop_length as f64);
    RecursionDepth => "recursion_depth", "recursion depth (deepest call stack)", |p| run(p, |d| f64::from(d.recursion_depth));
    ExecutedLines => "executed_lines", "executed lines (line events)", |p| run(p, |d| d.executed_lines as f64);
    DistinctLines => "distinct_lines", "distinct lines executed", |p| run(p, |d| f64::from(d.distinct_lines));
    RunTimeMs => "run_time_ms", "run time (ms)", |p| run(p, |d| d.run_time_ms);
}

/// A dynamic property of the program's run on its own input: `None` before it ran, and when a
/// limit stopped it (its counts say where the limit struck, not what the program does).
fn run(program: &ProgramFacts, value: impl Fn(&DynamicProperties) -> f64) -> Option<f64> {
    program.dynamic.as_ref().filter(|d| d.complete()).map(value)
}

/// A count of the program's static metrics; `None` without code.
fn metric(program: &ProgramFacts, count: impl Fn(&Metrics) -> u32) -> Option<f64> {
    program.metrics.as_ref().map(|m| f64::from(count(m)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_from_the_metrics_and_the_expected_output() {
        let program = &crate::facts::tests::tiny_facts().programs[1];
        let metrics = program.metrics.as_ref().unwrap();
        assert_eq!(NumericProperty::Loc.value(program), Some(f64::from(metrics.loc)));
        assert_eq!(NumericProperty::ReferenceCc.value(program), metrics.reference_cc.map(|cc| cc as f64));
        assert_eq!(NumericProperty::OutputLength.value(program), None);
    }
}
