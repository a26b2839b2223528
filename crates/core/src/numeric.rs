//! The numeric program properties that statistics and views relate to success, by a stable
//! snake_case name (the CLI report's `property`).

use crate::extractors::Metrics;
use crate::facts::ProgramFacts;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NumericProperty {
    ReferenceCc,
    MccabeMax,
    MccabeSum,
    Cognitive,
    MaxNesting,
    Loc,
    Statements,
    AstNodes,
    Functions,
    Calls,
    /// Length of the expected output (string or container).
    OutputLength,
}

impl NumericProperty {
    pub const ALL: [NumericProperty; 11] = [
        NumericProperty::ReferenceCc,
        NumericProperty::MccabeMax,
        NumericProperty::MccabeSum,
        NumericProperty::Cognitive,
        NumericProperty::MaxNesting,
        NumericProperty::Loc,
        NumericProperty::Statements,
        NumericProperty::AstNodes,
        NumericProperty::Functions,
        NumericProperty::Calls,
        NumericProperty::OutputLength,
    ];

    pub fn name(self) -> &'static str {
        match self {
            NumericProperty::ReferenceCc => "reference_cc",
            NumericProperty::MccabeMax => "mccabe_max",
            NumericProperty::MccabeSum => "mccabe_sum",
            NumericProperty::Cognitive => "cognitive",
            NumericProperty::MaxNesting => "max_nesting",
            NumericProperty::Loc => "loc",
            NumericProperty::Statements => "statements",
            NumericProperty::AstNodes => "ast_nodes",
            NumericProperty::Functions => "functions",
            NumericProperty::Calls => "calls",
            NumericProperty::OutputLength => "output_length",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            NumericProperty::ReferenceCc => "reference CC (ExeRScope's base complexity)",
            NumericProperty::MccabeMax => "McCabe complexity (largest function)",
            NumericProperty::MccabeSum => "McCabe complexity (sum over functions)",
            NumericProperty::Cognitive => "cognitive complexity",
            NumericProperty::MaxNesting => "maximum nesting depth",
            NumericProperty::Loc => "lines of code",
            NumericProperty::Statements => "statements",
            NumericProperty::AstNodes => "syntax tree nodes",
            NumericProperty::Functions => "functions",
            NumericProperty::Calls => "calls",
            NumericProperty::OutputLength => "length of the expected output",
        }
    }

    pub fn from_name(name: &str) -> Option<NumericProperty> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    fn of_metrics(self, m: &Metrics) -> Option<f64> {
        let count = match self {
            NumericProperty::ReferenceCc => return m.reference_cc.map(|cc| cc as f64),
            NumericProperty::MccabeMax => m.mccabe_max,
            NumericProperty::MccabeSum => m.mccabe_sum,
            NumericProperty::Cognitive => m.cognitive,
            NumericProperty::MaxNesting => m.max_nesting,
            NumericProperty::Loc => m.loc,
            NumericProperty::Statements => m.statements,
            NumericProperty::AstNodes => m.ast_nodes,
            NumericProperty::Functions => m.functions,
            NumericProperty::Calls => m.calls,
            NumericProperty::OutputLength => return None,
        };
        Some(f64::from(count))
    }

    /// The program's value; `None` when it has no code (or no reference CC).
    pub fn value(self, program: &ProgramFacts) -> Option<f64> {
        if self == NumericProperty::OutputLength {
            return program.output_length.map(f64::from);
        }
        program.metrics.as_ref().and_then(|m| self.of_metrics(m))
    }
}
