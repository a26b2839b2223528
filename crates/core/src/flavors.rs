//! The two flavors of construct definitions side by side: the reference's flags (SPEC §4.1),
//! which reproduce the paper, and exerscope's own (SPEC §4.2). Statistics and views take either.

use crate::extractors::{Construct, ReferenceConstruct};
use crate::facts::ProgramFacts;
use crate::units::units;
use serde::{Deserialize, Serialize};

units! {
    pub enum Flavor {
        Reference => "reference", "reference definitions (ExeRScope's flags)";
        Exerscope => "exerscope", "exerscope's constructs";
    }
}

impl Flavor {
    /// The constructs of this flavor, in display order (the reference's radar order).
    pub fn constructs(self) -> Vec<AnyConstruct> {
        match self {
            Flavor::Reference => ReferenceConstruct::RADAR.into_iter().map(AnyConstruct::Reference).collect(),
            Flavor::Exerscope => Construct::ALL.into_iter().map(AnyConstruct::Exerscope).collect(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AnyConstruct {
    Reference(ReferenceConstruct),
    Exerscope(Construct),
}

impl AnyConstruct {
    pub fn flavor(self) -> Flavor {
        match self {
            AnyConstruct::Reference(_) => Flavor::Reference,
            AnyConstruct::Exerscope(_) => Flavor::Exerscope,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            AnyConstruct::Reference(c) => c.name(),
            AnyConstruct::Exerscope(c) => c.name(),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            AnyConstruct::Reference(c) => c.label(),
            AnyConstruct::Exerscope(c) => c.label(),
        }
    }

    /// A short name for chart spokes and table headers.
    pub fn short(self) -> &'static str {
        match self {
            AnyConstruct::Reference(c) => c.short(),
            AnyConstruct::Exerscope(c) => c.short(),
        }
    }

    /// Whether the program has it; programs without code have none.
    pub fn present_in(self, program: &ProgramFacts) -> bool {
        match self {
            AnyConstruct::Reference(c) => program.reference_constructs.has(c),
            AnyConstruct::Exerscope(c) => program.constructs.has(c),
        }
    }
}
