//! What `worker.js` calls inside the Web Worker: collect files, run the core's analysis, answer
//! questions about single programs. Results cross to the page as JSON text. Parsing, the costly
//! step, runs in `parse_worker.js` workers (one [`PropertyExtractor`] each) in parallel; programs
//! whose runs verdicts need run in `run_worker.js` workers (Pyodide, with [`harness`]).

use crate::demo::demo_files;
use crate::facts_wire;
use exerscope_core::analysis::{join, Joined, Progress};
use exerscope_core::execution::trace::Trace;
use exerscope_core::execution::{RunOutcome, RunReport, RunRequest, HARNESS};
use exerscope_core::extractors::{ProgramParser, ProgramProperties};
use exerscope_core::prose::{claims_on_run, TraceWithClaims};
use exerscope_core::readers::ReadOptions;
use exerscope_core::report::ReportScope;
use exerscope_core::{Analysis, FileError, InputFile};
pub use exerscope_parser::PropertyExtractor;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
#[derive(Default)]
pub struct AnalysisSession {
    files: Vec<InputFile>,
    options: ReadOptions,
    unreadable: Vec<FileError>,
    /// Between `join` and `judge`: the table.
    joined: Option<Joined>,
    /// The properties of the programs parsed so far, until `parsed` gives them to the analysis.
    properties: Vec<Option<ProgramProperties>>,
    /// One slot per planned run, filled as the run workers report.
    runs: Vec<Option<RunReport>>,
    /// Program runs reported since the page last got their dynamic properties: the facts take
    /// them when the page does, so that a report built here counts what the page shows.
    measured: Vec<(u32, RunReport)>,
    analysis: Option<Analysis>,
    /// The predictions' facts `judge` encoded, until the worker sends them.
    predictions: Vec<u8>,
    /// The scope of the report the page last asked for: built again with each dynamic change.
    shown: Option<ReportScope>,
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
        self.options = ReadOptions::default();
        self.unreadable.clear();
        self.joined = None;
        self.properties.clear();
        self.runs.clear();
        self.measured.clear();
        self.analysis = None;
        self.predictions.clear();
        self.shown = None;
    }

    /// How to read the next drop: a forced format, column mappings (JSON of `ReadOptions`).
    pub fn set_options(&mut self, json: &str) -> Result<(), JsError> {
        self.options = serde_json::from_str(json)?;
        Ok(())
    }

    pub fn add_file(&mut self, path: String, bytes: Vec<u8>) {
        self.files.push(InputFile::new(path, bytes));
    }

    /// Which of a drop's `paths` are left unread at first (1): read when a program's view needs
    /// them, or never ([`exerscope_core::readers::left_unread`]).
    pub fn left_unread(paths: Vec<String>) -> Vec<u8> {
        exerscope_core::readers::left_unread(&paths).into_iter().map(u8::from).collect()
    }

    /// A file of the drop left unread (one `left_unread` allows): read when its program is shown.
    pub fn add_unread_file(&mut self, path: String) {
        self.files.push(InputFile::unread(path));
    }

    /// A file or folder the page could not use (unreadable, empty): reported with the analysis
    /// of the others.
    pub fn add_problem(&mut self, path: String, message: String) {
        self.unreadable.push(FileError::new(path, message));
    }

    pub fn add_demo(&mut self) {
        self.files.extend(demo_files());
    }

    /// Reads and joins the files added so far (the first step of the analysis); returns how many
    /// programs are to be parsed. `progress(phase, done, total)` is called as it goes.
    pub fn join(&mut self, progress: &js_sys::Function) -> u32 {
        let files = std::mem::take(&mut self.files);
        let joined = join(files, &self.options, &mut reporter(progress));
        self.properties = vec![None; joined.program_count()];
        self.runs = vec![None; joined.runs.requests.len()];
        self.joined = Some(joined);
        self.properties.len() as u32
    }

    /// Whether programs `start..end` hold a language only the second parsing module parses
    /// (`exerscope-grammars.js`: CRUXEval-X's other languages); this module parses Python and Java.
    pub fn needs_all_grammars(&self, start: u32, end: u32) -> Result<bool, JsError> {
        let analysis = self.analysis.as_ref().ok_or_else(|| JsError::new("needs_all_grammars() before judge()"))?;
        let sources = analysis.sources(start as usize..end as usize);
        Ok(sources.iter().any(|s| s.code.is_some() && s.language.has_grammar() && !ProgramParser::parses(s.language)))
    }

    /// Programs `start..end` of the judged analysis, as JSON for a [`PropertyExtractor`].
    pub fn sources(&self, start: u32, end: u32) -> Result<String, JsError> {
        let analysis = self.analysis.as_ref().ok_or_else(|| JsError::new("sources() before judge()"))?;
        Ok(serde_json::to_string(&analysis.sources(start as usize..end as usize))?)
    }

    /// The properties a [`PropertyExtractor`] returned for programs `start..`.
    pub fn accept_properties(&mut self, start: u32, json: &str) -> Result<(), JsError> {
        let properties: Vec<ProgramProperties> = serde_json::from_str(json)?;
        let slots = self.properties.get_mut(start as usize..start as usize + properties.len());
        let slots = slots.ok_or_else(|| JsError::new("properties for programs that are not in the table"))?;
        for (slot, p) in slots.iter_mut().zip(properties) {
            *slot = Some(p);
        }
        Ok(())
    }

    /// How many programs verdicts need to run (after `join`).
    pub fn run_count(&self) -> u32 {
        self.runs.len() as u32
    }

    /// Run request `index`, as JSON for a run worker's harness.
    pub fn run_request(&self, index: u32) -> Result<String, JsError> {
        let joined = self.joined.as_ref().ok_or_else(|| JsError::new("run_request() before join()"))?;
        let request =
            joined.runs.requests.get(index as usize).ok_or_else(|| JsError::new("a run that is not planned"))?;
        Ok(serde_json::to_string(request)?)
    }

    /// The report (JSON, from the harness) of run `index`.
    pub fn accept_run(&mut self, index: u32, json: &str) -> Result<(), JsError> {
        *self.runs.get_mut(index as usize).ok_or_else(|| JsError::new("a report for a run that is not planned"))? =
            Some(read_report(json));
        Ok(())
    }

    /// Run `index` ended without a report from the harness (its worker was stopped or lost).
    pub fn run_ended(&mut self, index: u32, timed_out: bool, reason: String) {
        if let Some(slot) = self.runs.get_mut(index as usize) {
            *slot = Some(RunReport::ended(ended(timed_out, reason)));
        }
    }

    /// Every run without a report could not be made (Python could not start): its predictions
    /// are judged as text.
    pub fn runs_not_made(&mut self, reason: String) {
        for slot in self.runs.iter_mut().filter(|slot| slot.is_none()) {
            *slot = Some(RunReport::ended(RunOutcome::NotRun { reason: reason.clone() }));
        }
    }

    /// Judges every prediction once the runs are in (before the programs are parsed: the facts
    /// are `parsing`, and [`Self::parsed`] completes them); returns the facts as JSON bytes but
    /// for their predictions, which [`Self::predictions`] gives (see `facts_wire`).
    pub fn judge(&mut self, progress: &js_sys::Function) -> Result<Vec<u8>, JsError> {
        let joined = self.joined.take().ok_or_else(|| JsError::new("judge() before join()"))?;
        let reports: Option<Vec<RunReport>> = std::mem::take(&mut self.runs).into_iter().collect();
        let reports = reports.ok_or_else(|| JsError::new("judge() before every run was reported"))?;
        let mut analysis = joined.judge(reports, &mut reporter(progress));
        analysis.facts.errors.splice(0..0, self.unreadable.drain(..));
        let (json, predictions) = facts_wire::split(&mut analysis.facts).map_err(|e| JsError::new(&e))?;
        self.predictions = predictions;
        self.analysis = Some(analysis);
        Ok(json)
    }

    /// Gives the analysis every program's properties, once all are parsed; returns what its facts
    /// took as JSON of a [`exerscope_core::facts::Parsed`] (what the page's facts take).
    pub fn parsed(&mut self) -> Result<String, JsError> {
        let analysis = self.analysis.as_mut().ok_or_else(|| JsError::new("parsed() before judge()"))?;
        let properties: Option<Vec<ProgramProperties>> = std::mem::take(&mut self.properties).into_iter().collect();
        let properties = properties.ok_or_else(|| JsError::new("parsed() before every program was parsed"))?;
        Ok(serde_json::to_string(&analysis.accept_properties(properties))?)
    }

    /// The predictions' facts of the last `judge`, as bytes for one transferable buffer (once).
    pub fn predictions(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.predictions)
    }

    /// How many runs measure the programs on their own inputs (after `judge`).
    pub fn program_run_count(&self) -> u32 {
        self.analysis.as_ref().map_or(0, |a| a.program_runs.requests.len() as u32)
    }

    /// Program run `index`, as JSON for a run worker's harness.
    pub fn program_run_request(&self, index: u32) -> Result<String, JsError> {
        let analysis = self.analysis.as_ref().ok_or_else(|| JsError::new("program_run_request() before judge()"))?;
        let request = analysis.program_runs.requests.get(index as usize);
        Ok(serde_json::to_string(request.ok_or_else(|| JsError::new("a program run that is not planned"))?)?)
    }

    /// The report (JSON, from the harness) of program run `index`: its program's dynamic properties.
    pub fn accept_program_run(&mut self, index: u32, json: &str) {
        self.measured.push((index, read_report(json)));
    }

    /// Program run `index` ended without a report (its worker was stopped or lost).
    pub fn program_run_ended(&mut self, index: u32, timed_out: bool, reason: String) {
        self.measured.push((index, RunReport::ended(ended(timed_out, reason))));
    }

    /// The dynamic properties of the programs measured since the last call, as JSON (what the
    /// page merges into its facts); the facts here take them too.
    pub fn dynamic_changes(&mut self) -> Result<String, JsError> {
        let analysis = self.analysis.as_mut().ok_or_else(|| JsError::new("dynamic_changes() before judge()"))?;
        let mut programs: Vec<usize> = self
            .measured
            .drain(..)
            .filter_map(|(run, report)| analysis.accept_program_run(run as usize, &report))
            .collect();
        programs.sort_unstable();
        programs.dedup();
        let changes: Vec<_> = programs.into_iter().filter_map(|program| analysis.dynamic_of(program)).collect();
        Ok(serde_json::to_string(&changes)?)
    }

    /// The report of `scope_json` (a [`ReportScope`]) over the facts as the page has them, as JSON
    /// of a [`exerscope_core::report::ScopedReport`]; `None` between drops. The page shows it, so
    /// it is built again with each dynamic change ([`Self::shown_report`]).
    pub fn report(&mut self, scope_json: &str) -> Result<Option<Vec<u8>>, JsError> {
        self.shown = Some(serde_json::from_str(scope_json)?);
        self.shown_report()
    }

    /// The report of the scope the page last asked for (`None` when it has asked for none), as
    /// JSON bytes: moved to the page, which reads them without a string's conversions.
    pub fn shown_report(&self) -> Result<Option<Vec<u8>>, JsError> {
        let (Some(analysis), Some(scope)) = (&self.analysis, &self.shown) else { return Ok(None) };
        Ok(Some(serde_json::to_vec(&scope.report(&analysis.facts))?))
    }

    /// The run of program `index` that records its trace (on `input`, a predicted call, when
    /// given), as JSON for a run worker; an error says why it cannot be traced.
    pub fn trace_request(&self, index: u32, input: Option<String>) -> Result<String, JsError> {
        let analysis = self.analysis.as_ref().ok_or_else(|| JsError::new("trace_request() before judge()"))?;
        let request = analysis.trace_request(index as usize, input.as_deref()).map_err(|e| JsError::new(&e))?;
        Ok(serde_json::to_string(&request)?)
    }

    /// The trace of a traced run of program `index`, with the claims its output predictions'
    /// reasoning makes about it when the run was on its own input (`own_input`), as JSON:
    /// `request_json` as `trace_request` gave it, `report_json` as the harness answered (`None`
    /// when the run ended without a report).
    pub fn trace(
        &self,
        index: u32,
        own_input: bool,
        request_json: &str,
        report_json: Option<String>,
        timed_out: bool,
        reason: String,
    ) -> Result<String, JsError> {
        let request: RunRequest = serde_json::from_str(request_json)?;
        let report = report_json.map_or_else(|| RunReport::ended(ended(timed_out, reason)), |json| read_report(&json));
        let trace = Trace::build(&report, &request.code).unwrap_or_else(|| Trace::without_events(&report));
        let claims = match &self.analysis {
            Some(analysis) if own_input => claims_on_run(&analysis.table, index, &trace),
            _ => Vec::new(),
        };
        Ok(serde_json::to_string(&TraceWithClaims { trace, claims })?)
    }

    /// Unpacks the responses program `index`'s view shows that the drop's archives hold; returns
    /// what could not be unpacked, as messages naming the file.
    pub fn unpack_responses(&mut self, index: u32) -> Vec<String> {
        let Some(analysis) = self.analysis.as_mut() else { return Vec::new() };
        analysis.unpack_responses(index).into_iter().map(|e| format!("{}: {}", e.file, e.message)).collect()
    }

    /// The files program `index`'s view needs read first (`accept_response`).
    pub fn unread_responses(&self, index: u32) -> Vec<String> {
        self.analysis.as_ref().map(|a| a.table.unread_responses(index)).unwrap_or_default()
    }

    /// The bytes of an unread response of program `index`, read now that it is shown.
    pub fn accept_response(&mut self, index: u32, path: String, bytes: Vec<u8>) -> Result<(), JsError> {
        let analysis = self.analysis.as_mut().ok_or_else(|| JsError::new("accept_response() before judge()"))?;
        analysis.accept_response(index, &path, &bytes).map_err(|e| JsError::new(&e.to_string()))
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

/// A report from the harness. One that cannot be read (the program wrote into it) makes the run
/// crashed.
fn read_report(json: &str) -> RunReport {
    serde_json::from_str(json).unwrap_or_else(|e| {
        RunReport::ended(RunOutcome::Crashed { reason: format!("an unreadable report from the harness: {e}") })
    })
}

/// How a run that gave no report ended: its worker was stopped at its time limit, or was lost.
fn ended(timed_out: bool, reason: String) -> RunOutcome {
    if timed_out {
        RunOutcome::TimedOut
    } else {
        RunOutcome::Crashed { reason }
    }
}

/// The Python script run workers load (`serve(request_json) -> report_json`).
#[wasm_bindgen]
pub fn harness() -> String {
    HARNESS.to_owned()
}

/// The demo's programs (16) as JSON sources, for a parsing worker's `warm_up` (about 0.1 s in all,
/// in the background, for 8 rounds).
#[wasm_bindgen]
pub fn warm_up_sources() -> Result<String, JsError> {
    let joined = join(demo_files(), &ReadOptions::default(), &mut |_| {});
    Ok(serde_json::to_string(&joined.sources(0..joined.program_count()))?)
}

/// Hands the core's progress to a JavaScript `progress(phase, done, total)`.
fn reporter(progress: &js_sys::Function) -> impl FnMut(Progress) + '_ {
    move |p| {
        let phase = JsValue::from_str(p.phase.name());
        let _ = progress.call3(&JsValue::NULL, &phase, &(p.done as u32).into(), &(p.total as u32).into());
    }
}
