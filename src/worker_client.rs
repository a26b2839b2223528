//! The page's side of the analysis worker: starts `worker.js`, sends it files, turns its
//! messages into [`WorkerEvent`]s.

use crate::facts_wire;
use exerscope_core::analysis::{Phase, Progress};
use exerscope_core::detail::ProgramDetail;
use exerscope_core::facts::{DynamicChange, Parsed};
use exerscope_core::prose::TraceWithClaims;
use exerscope_core::readers::ReadOptions;
use exerscope_core::report::{ReportScope, ScopedReport};
use exerscope_core::Facts;
use js_sys::{Object, Reflect};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

pub enum WorkerEvent {
    Progress(Progress),
    Facts(Box<Facts>),
    /// The report of a scope the page asked for.
    Report(Box<ScopedReport>),
    /// Programs parsed so far (`done` of `total`), after the facts came without their properties.
    Parsing {
        done: usize,
        total: usize,
    },
    /// Every program's parsed properties, and the report last asked for, built again with them.
    Parsed {
        parsed: Box<Parsed>,
        report: Option<Box<ScopedReport>>,
    },
    /// Programs run on their own inputs so far (`done` of `total`).
    Measuring {
        done: usize,
        total: usize,
    },
    /// The dynamic properties of the programs measured since the last such event (`done` of
    /// `total` runs; `kept`: runs this browser had kept); `last` when the runs are over. With
    /// them, the report last asked for, built again.
    Dynamic {
        changes: Vec<DynamicChange>,
        report: Option<Box<ScopedReport>>,
        done: usize,
        total: usize,
        kept: usize,
        last: bool,
    },
    Program(Box<ProgramDetail>),
    /// The trace of program `index`, or why there is none.
    Trace {
        index: u32,
        trace: Result<Box<TraceWithClaims>, String>,
    },
    /// The files of a drop are kept for a reload (or could not be).
    Kept(bool),
    /// A problem that does not end the analysis (the facts shown stay).
    Note(String),
    Failed(String),
}

pub struct AnalysisWorker {
    worker: RefCell<Worker>,
    /// Set when the worker stopped on an internal error (a trap leaves its wasm unusable): the
    /// next request starts a new one.
    broken: Rc<Cell<bool>>,
    on_message: Closure<dyn FnMut(MessageEvent)>,
    on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl AnalysisWorker {
    pub fn spawn(on_event: impl FnMut(WorkerEvent) + 'static) -> Result<AnalysisWorker, JsValue> {
        let on_event = Rc::new(RefCell::new(on_event));
        let broken = Rc::new(Cell::new(false));
        let on_message = {
            let (on_event, broken) = (on_event.clone(), broken.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let data = event.data();
                // The worker asks for the files left for later (see files.js): no event of the page's.
                if Reflect::get(&data, &"kind".into()).ok().and_then(|kind| kind.as_string()).as_deref()
                    == Some("later-wanted")
                {
                    crate::files::send_later();
                    return;
                }
                if Reflect::get(&data, &"fatal".into()).is_ok_and(|fatal| fatal.is_truthy()) {
                    broken.set(true);
                }
                let seq = Reflect::get(&data, &"seq".into()).ok().and_then(|seq| seq.as_f64());
                let (on_event, target) = (on_event.clone(), event.target());
                in_steps(decode(&data), move |decoded| {
                    (on_event.borrow_mut())(decoded);
                    if let Some(seq) = seq {
                        answer_once_drawn(target, seq);
                    }
                });
            })
        };
        let on_error = {
            let broken = broken.clone();
            Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                event.prevent_default();
                broken.set(true);
                (on_event.borrow_mut())(WorkerEvent::Failed(format!(
                    "the analysis stopped on an internal error ({}); the page is ready for the next drop",
                    event.message()
                )));
            })
        };
        let worker = start(&on_message, &on_error)?;
        Ok(AnalysisWorker { worker: RefCell::new(worker), broken, on_message, on_error })
    }

    /// The worker, started again first if the last one broke.
    fn worker(&self) -> std::cell::Ref<'_, Worker> {
        if self.broken.replace(false) {
            self.worker.borrow().terminate();
            match start(&self.on_message, &self.on_error) {
                Ok(worker) => *self.worker.borrow_mut() = worker,
                Err(e) => web_sys::console::error_2(&"exerscope: the analysis worker could not start again".into(), &e),
            }
        }
        self.worker.borrow()
    }

    /// Analyses `files`, a JS array of `{path, file}` or a drop's handles (see `files.rs`); `keep`:
    /// the worker keeps them for a reload once shown.
    pub fn analyze_files(&self, files: &JsValue, options: &ReadOptions, keep: bool) {
        let options = serde_json::to_string(options).unwrap_or_default();
        let sending = crate::files::send_to_worker(&self.worker(), files, &options, keep);
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = sending.await {
                web_sys::console::error_2(&"exerscope: files could not be sent to the worker".into(), &e);
            }
        });
    }

    pub fn analyze_demo(&self) {
        self.post(&[("kind", &"demo".into())]);
    }

    /// Asks for the report of `scope` (the worker builds it: statistics never hold the page).
    pub fn request_report(&self, scope: &ReportScope) {
        let scope = serde_json::to_string(scope).unwrap_or_default();
        self.post(&[("kind", &"report".into()), ("scope", &scope.into())]);
    }

    pub fn request_program(&self, index: u32) {
        self.post(&[("kind", &"program".into()), ("index", &index.into())]);
    }

    /// Traces program `index` on its own input, or on `input` (a predicted call).
    pub fn request_trace(&self, index: u32, input: Option<&str>) {
        let input = input.map_or(JsValue::NULL, JsValue::from_str);
        self.post(&[("kind", &"trace".into()), ("index", &index.into()), ("input", &input)]);
    }

    /// Stops the runs of the programs on their own inputs.
    pub fn cancel_runs(&self) {
        self.post(&[("kind", &"cancel-runs".into())]);
    }

    fn post(&self, fields: &[(&str, &JsValue)]) {
        let message = Object::new();
        for (key, value) in fields {
            let _ = Reflect::set(&message, &(*key).into(), value);
        }
        if let Err(e) = self.worker().post_message(&message) {
            web_sys::console::error_2(&"exerscope: cannot reach the analysis worker".into(), &e);
        }
    }
}

/// Tells the worker that what it sent as `seq` is shown: from a task queued now, which runs once
/// the effects that draw it have run.
fn answer_once_drawn(worker: Option<web_sys::EventTarget>, seq: f64) {
    let Some(worker) = worker.and_then(|w| w.dyn_into::<Worker>().ok()) else { return };
    next_task(move || {
        let message = Object::new();
        let _ = Reflect::set(&message, &"kind".into(), &"drawn".into());
        let _ = Reflect::set(&message, &"seq".into(), &seq.into());
        let _ = worker.post_message(&message);
    });
}

/// Runs `f` in a task of its own, after those already queued (in the order asked).
fn next_task(f: impl FnOnce() + 'static) {
    if let Some(window) = web_sys::window() {
        let _ = window.set_timeout_with_callback(Closure::once_into_js(f).unchecked_ref());
    }
}

fn start(
    on_message: &Closure<dyn FnMut(MessageEvent)>,
    on_error: &Closure<dyn FnMut(ErrorEvent)>,
) -> Result<Worker, JsValue> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options("./worker.js", &options)?;
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(worker)
}

/// The bytes of a `Uint8Array` (none for anything else).
fn bytes(value: JsValue) -> Vec<u8> {
    value.dyn_into::<js_sys::Uint8Array>().map(|b| b.to_vec()).unwrap_or_default()
}

/// A message read in steps, each a task of the page's own: the facts of a million predictions are
/// their JSON read, then their columns, then the views that show them (each tens of milliseconds;
/// in one task, over a hundred).
enum Read {
    Done(WorkerEvent),
    Then(Box<dyn FnOnce() -> Read>),
}

/// A message being read, and what shows its event.
type Reading = (Read, Box<dyn FnOnce(WorkerEvent)>);

thread_local! {
    /// The messages being read, in the order they came: each is shown after those before it.
    static READING: RefCell<VecDeque<Reading>> = RefCell::default();
}

/// Reads `read` to its end, then hands its event to `deliver`: each step in a task after the last,
/// and after every message that came before.
fn in_steps(read: Read, deliver: impl FnOnce(WorkerEvent) + 'static) {
    let idle = READING.with_borrow_mut(|reading| {
        reading.push_back((read, Box::new(deliver)));
        reading.len() == 1
    });
    if idle {
        next_task(read_a_step);
    }
}

/// One step of the first message being read; the next step in a task of its own.
fn read_a_step() {
    let Some((read, deliver)) = READING.with_borrow_mut(VecDeque::pop_front) else { return };
    match read {
        Read::Done(event) => deliver(event),
        Read::Then(step) => {
            let next = step();
            READING.with_borrow_mut(|reading| reading.push_front((next, deliver)));
        }
    }
    if READING.with_borrow(|reading| !reading.is_empty()) {
        next_task(read_a_step);
    }
}

fn decode(data: &JsValue) -> Read {
    let field = |name: &str| Reflect::get(data, &name.into()).unwrap_or(JsValue::UNDEFINED);
    let text = |name: &str| field(name).as_string().unwrap_or_default();
    let number = |name: &str| field(name).as_f64().unwrap_or(0.0) as usize;
    let event = match text("kind").as_str() {
        "progress" => WorkerEvent::Progress(Progress {
            phase: phase_from_name(&text("phase")),
            done: number("done"),
            total: number("total"),
        }),
        "facts" => return read_facts(field("json"), field("predictions")),
        "report" => match report_of(field("report")) {
            Ok(Some(report)) => WorkerEvent::Report(report),
            Ok(None) => WorkerEvent::Failed("the worker sent no report".to_owned()),
            Err(e) => WorkerEvent::Failed(format!("the worker's report could not be read: {e}")),
        },
        "program" => match serde_json::from_str(&text("json")) {
            Ok(detail) => WorkerEvent::Program(Box::new(detail)),
            Err(e) => WorkerEvent::Failed(format!("the program could not be read: {e}")),
        },
        "parsing" => WorkerEvent::Parsing { done: number("done"), total: number("total") },
        "parsed" => match (serde_json::from_str(&text("json")), report_of(field("report"))) {
            (Ok(parsed), Ok(report)) => WorkerEvent::Parsed { parsed: Box::new(parsed), report },
            (Err(e), _) | (_, Err(e)) => {
                WorkerEvent::Failed(format!("the programs' properties could not be read: {e}"))
            }
        },
        "kept" => WorkerEvent::Kept(field("ok").is_truthy()),
        "measuring" => WorkerEvent::Measuring { done: number("done"), total: number("total") },
        "dynamic" => match (serde_json::from_str(&text("json")), report_of(field("report"))) {
            (Ok(changes), Ok(report)) => WorkerEvent::Dynamic {
                changes,
                report,
                done: number("done"),
                total: number("total"),
                kept: number("kept"),
                last: field("final").is_truthy(),
            },
            (Err(e), _) | (_, Err(e)) => WorkerEvent::Note(format!("the dynamic properties could not be read: {e}")),
        },
        "trace" => WorkerEvent::Trace {
            index: number("index") as u32,
            trace: match field("error").as_string() {
                Some(error) => Err(error),
                None => serde_json::from_str(&text("json")).map(Box::new).map_err(|e| format!("unreadable trace: {e}")),
            },
        },
        "error" if !field("fatal").is_truthy() && field("note").is_truthy() => WorkerEvent::Note(text("message")),
        _ => WorkerEvent::Failed(text("message")),
    };
    Read::Done(event)
}

/// The report (JSON bytes) a message may carry.
fn report_of(json: JsValue) -> Result<Option<Box<ScopedReport>>, serde_json::Error> {
    let bytes = json.dyn_into::<js_sys::Uint8Array>().ok();
    bytes.map(|json| serde_json::from_slice(&json.to_vec()).map(Box::new)).transpose()
}

/// The facts' JSON now, their predictions' columns in the next step.
fn read_facts(json: JsValue, columns: JsValue) -> Read {
    let unreadable = |e| Read::Done(WorkerEvent::Failed(format!("the worker's answer could not be read: {e}")));
    match facts_wire::facts(&bytes(json)) {
        Ok(mut facts) => Read::Then(Box::new(move || match facts_wire::predictions(&bytes(columns)) {
            Ok(predictions) => {
                facts.predictions = predictions.into();
                Read::Done(WorkerEvent::Facts(Box::new(facts)))
            }
            Err(e) => unreadable(e),
        })),
        Err(e) => unreadable(e),
    }
}

fn phase_from_name(name: &str) -> Phase {
    Phase::ALL.into_iter().find(|p| p.name() == name).unwrap_or(Phase::Reading)
}
