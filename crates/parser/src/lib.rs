//! Parsing in the browser's parsing workers (`parse_worker.js`): sources in, properties out, both
//! as JSON. The app's own module holds it with Python's and Java's grammars; built alone with
//! `all-grammars` (tools/build-web.sh), it is the module loaded only for drops that hold the other
//! languages of CRUXEval-X, whose parse tables weigh some 30 MB.

use exerscope_core::analysis::{extract, ProgramSource};
use exerscope_core::extractors::ProgramParser;
use wasm_bindgen::prelude::*;

/// Parses programs: one per parsing worker, its parsers made once and reused.
#[wasm_bindgen]
#[derive(Default)]
pub struct PropertyExtractor {
    parser: ProgramParser,
}

#[wasm_bindgen]
impl PropertyExtractor {
    #[wasm_bindgen(constructor)]
    pub fn new() -> PropertyExtractor {
        PropertyExtractor::default()
    }

    /// The properties of `sources_json` (programs as `sources` of the analysis gives them).
    pub fn extract(&mut self, sources_json: &str) -> Result<String, JsError> {
        let sources: Vec<ProgramSource<'_>> = serde_json::from_str(sources_json)?;
        Ok(serde_json::to_string(&extract(&sources, &mut self.parser))?)
    }

    /// Parses `sources_json` `rounds` times, so that the browser compiles the parser's hot code
    /// with its optimising tier before the user's files arrive (BENCHMARKS.md).
    pub fn warm_up(&mut self, sources_json: &str, rounds: u32) -> Result<(), JsError> {
        let sources: Vec<ProgramSource<'_>> = serde_json::from_str(sources_json)?;
        for _ in 0..rounds {
            extract(&sources, &mut self.parser);
        }
        Ok(())
    }
}
