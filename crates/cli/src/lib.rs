//! The command line's own part: turning paths on disk into the core's input files, and running
//! programs in python3. The analysis itself is `exerscope_core`, shared with the web app.

pub mod collect;
pub mod facts_files;
pub mod paper;
pub mod python_runner;
pub mod sandbox;
