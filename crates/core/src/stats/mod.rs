//! Statistics over verdicts. Every rate carries its counts and a 95% Wilson interval.

pub mod success;
pub mod wilson;

pub use success::{construct_summaries, run_summaries, ConstructSummary, RunSummary};
pub use wilson::wilson_interval;
