//! The JSON report of `exerscope analyze`: runs, construct rates and file errors for one judge.

use crate::diagnostics::FileError;
use crate::extractors::Metrics;
use crate::facts::Facts;
use crate::flavors::Flavor;
use crate::judges::Judge;
use crate::stats::agreement::{model_agreements, ModelAgreement};
use crate::stats::construct_effect::{construct_effects, ConstructEffect};
use crate::stats::numeric::{correlations, CorrelationRow};
use crate::stats::{construct_summaries, run_summaries, type_summaries, ConstructSummary, RunSummary, TypeSummary};
use crate::table::Language;
use crate::types::ReferenceType;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub judge: Judge,
    pub runs: Vec<RunSummary>,
    pub constructs: Vec<ConstructSummary>,
    pub types: Vec<TypeSummary>,
    pub construct_effects: Vec<ConstructEffect>,
    pub agreements: Vec<ModelAgreement>,
    pub correlations: Vec<CorrelationRow>,
    pub programs: Vec<ProgramReport>,
    pub errors: Vec<FileError>,
}

impl Report {
    pub fn build(facts: &Facts, judge: Judge) -> Report {
        Report {
            judge,
            runs: run_summaries(facts, judge),
            constructs: construct_summaries(facts, judge),
            types: type_summaries(facts, judge),
            construct_effects: [Flavor::Reference, Flavor::Exerscope]
                .into_iter()
                .flat_map(|flavor| construct_effects(facts, judge, flavor))
                .collect(),
            agreements: model_agreements(facts, judge),
            correlations: correlations(facts, judge),
            programs: facts.programs.iter().map(|p| ProgramReport::new(facts, p)).collect(),
            errors: facts.errors.clone(),
        }
    }
}

/// One program and its properties, under stable snake_case names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramReport {
    pub benchmark: String,
    pub id: String,
    pub language: Language,
    pub properties: ProgramPropertiesReport,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramPropertiesReport {
    /// Size and complexity; absent when the dataset holds no code for the program.
    #[serde(flatten)]
    pub metrics: Option<Metrics>,
    pub output_type_reference: ReferenceType,
    pub output_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_length: Option<u32>,
    pub constructs: Vec<String>,
    pub reference_constructs: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub syntax_error_line: Option<usize>,
}

impl ProgramReport {
    fn new(facts: &Facts, program: &crate::facts::ProgramFacts) -> Self {
        ProgramReport {
            benchmark: facts.benchmarks[program.benchmark as usize].clone(),
            id: program.id.clone(),
            language: program.language,
            properties: ProgramPropertiesReport {
                metrics: program.metrics,
                output_type_reference: program.output_type_reference,
                output_type: facts.type_names[program.output_type as usize].clone(),
                output_length: program.output_length,
                constructs: program.constructs.names().into_iter().map(String::from).collect(),
                reference_constructs: program.reference_constructs.names().into_iter().map(String::from).collect(),
                syntax_error_line: program.syntax_error_line,
            },
        }
    }
}
