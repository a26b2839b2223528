//! What `worker.js` calls inside the Web Worker: collect files, run the core's analysis, answer
//! questions about single programs. Results cross to the page as JSON text.

use crate::demo::demo_files;
use exerscope_core::analysis::analyze_with_progress;
use exerscope_core::{Analysis, FileError, InputFile};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
#[derive(Default)]
pub struct AnalysisSession {
    files: Vec<InputFile>,
    unreadable: Vec<FileError>,
    analysis: Option<Analysis>,
}

#[wasm_bindgen]
impl AnalysisSession {
    #[wasm_bindgen(constructor)]
    pub fn new() -> AnalysisSession {
        AnalysisSession::default()
    }

    /// Forgets the previous drop.
    pub fn clear(&mut self) {
        self.files.clear();
        self.unreadable.clear();
        self.analysis = None;
    }

    pub fn add_file(&mut self, path: String, bytes: Vec<u8>) {
        self.files.push(InputFile::new(path, bytes));
    }

    /// A file or folder the page could not use (unreadable, empty): reported with the analysis
    /// of the others.
    pub fn add_problem(&mut self, path: String, message: String) {
        self.unreadable.push(FileError::new(path, message));
    }

    pub fn add_demo(&mut self) {
        self.files.extend(demo_files());
    }

    /// Runs the analysis over the files added so far; `progress(phase, done, total)` is called
    /// as it goes. Returns the facts as JSON.
    pub fn analyze(&mut self, progress: &js_sys::Function) -> Result<String, JsError> {
        let files = std::mem::take(&mut self.files);
        let mut analysis = analyze_with_progress(files, &mut |p| {
            let phase = JsValue::from_str(p.phase.name());
            let _ = progress.call3(&JsValue::NULL, &phase, &(p.done as u32).into(), &(p.total as u32).into());
        });
        analysis.facts.errors.splice(0..0, self.unreadable.drain(..));
        let json = serde_json::to_string(&analysis.facts)?;
        self.analysis = Some(analysis);
        Ok(json)
    }

    /// One program with its code, input, expected output and every prediction, as JSON.
    pub fn program_detail(&self, index: u32) -> Result<String, JsError> {
        let detail = self
            .analysis
            .as_ref()
            .and_then(|a| a.program_detail(index))
            .ok_or_else(|| JsError::new(&format!("no program #{index} in the current analysis")))?;
        Ok(serde_json::to_string(&detail)?)
    }
}
