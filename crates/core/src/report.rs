//! The JSON report of `exerscope analyze`: runs, construct rates and file errors for one judge.

use crate::diagnostics::FileError;
use crate::facts::Facts;
use crate::judges::Judge;
use crate::stats::{construct_summaries, run_summaries, type_summaries, ConstructSummary, RunSummary, TypeSummary};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub judge: Judge,
    pub runs: Vec<RunSummary>,
    pub constructs: Vec<ConstructSummary>,
    pub types: Vec<TypeSummary>,
    pub errors: Vec<FileError>,
}

impl Report {
    pub fn build(facts: &Facts, judge: Judge) -> Report {
        Report {
            judge,
            runs: run_summaries(facts, judge),
            constructs: construct_summaries(facts, judge),
            types: type_summaries(facts, judge),
            errors: facts.errors.clone(),
        }
    }
}
