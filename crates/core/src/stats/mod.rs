//! Statistics over verdicts. Every rate carries its counts and a 95% Wilson interval.

pub mod agreement;
pub mod buckets;
pub mod construct_effect;
pub mod contingency;
pub mod correlation;
pub mod logistic;
pub mod mcnemar;
pub mod multiple_testing;
pub mod numeric;
pub mod paired;
pub mod power;
pub mod success;
pub mod types;
pub mod wilson;

pub use success::{construct_summaries, run_summaries, ConstructSummary, RunSummary};
pub use types::{type_summaries, TypeSummary};
pub use wilson::wilson_interval;
