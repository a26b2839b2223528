//! exerscope's analysis core. Data flows one way:
//!
//! ```text
//! input files ─▶ readers (one per format) ─▶ Table (normalised, columnar)
//!             ─▶ extractors (one walk per program) ─▶ judges (verdict per prediction)
//!             ─▶ stats ─▶ Report / Snapshot (what the CLI prints and the app draws)
//! ```
//!
//! The core takes bytes and text, never file-system paths, so that the browser (through a Web
//! Worker) and the command line run exactly the same code.

pub mod alignment;
pub mod analysis;
pub mod answer;
pub mod answer_diff;
pub mod archive;
pub mod detail;
pub mod diagnostics;
pub mod drilldown;
pub mod dynamic;
pub mod execution;
pub mod export;
pub mod extractors;
pub mod facts;
pub mod flavors;
#[doc(hidden)]
pub mod fuzzing;
pub mod input;
pub mod intermediate;
pub mod judges;
pub mod methods;
pub mod numeric;
pub mod prose;
pub mod pyliteral;
pub mod readers;
pub mod report;
pub mod stats;
pub mod table;
pub mod texts;
pub mod types;
pub mod units;

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod wasm_libc;

pub use analysis::{analyze, Analysis};
pub use diagnostics::FileError;
pub use facts::Facts;
pub use input::InputFile;
pub use judges::Judge;
pub use report::Report;
