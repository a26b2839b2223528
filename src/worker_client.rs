//! The page's side of the analysis worker: starts `worker.js`, sends it files, turns its
//! messages into [`WorkerEvent`]s.

use exerscope_core::analysis::{Phase, Progress};
use exerscope_core::detail::ProgramDetail;
use exerscope_core::readers::ReadOptions;
use exerscope_core::Facts;
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

pub enum WorkerEvent {
    Progress(Progress),
    Facts(Box<Facts>),
    Program(Box<ProgramDetail>),
    Failed(String),
}

pub struct AnalysisWorker {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl AnalysisWorker {
    pub fn spawn(mut on_event: impl FnMut(WorkerEvent) + 'static) -> Result<AnalysisWorker, JsValue> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options("./worker.js", &options)?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            on_event(decode(&event.data()));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Ok(AnalysisWorker { worker, _on_message: on_message })
    }

    /// `files` is a JS array of `{path, file}` (see `files.rs`).
    pub fn analyze_files(&self, files: &JsValue, options: &ReadOptions) {
        let options = serde_json::to_string(options).unwrap_or_default();
        let sending = crate::files::send_to_worker(&self.worker, files, &options);
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = sending.await {
                web_sys::console::error_2(&"exerscope: files could not be sent to the worker".into(), &e);
            }
        });
    }

    pub fn analyze_demo(&self) {
        self.post(&[("kind", &"demo".into())]);
    }

    pub fn request_program(&self, index: u32) {
        self.post(&[("kind", &"program".into()), ("index", &index.into())]);
    }

    fn post(&self, fields: &[(&str, &JsValue)]) {
        let message = Object::new();
        for (key, value) in fields {
            let _ = Reflect::set(&message, &(*key).into(), value);
        }
        if let Err(e) = self.worker.post_message(&message) {
            web_sys::console::error_2(&"exerscope: cannot reach the analysis worker".into(), &e);
        }
    }
}

fn decode(data: &JsValue) -> WorkerEvent {
    let field = |name: &str| Reflect::get(data, &name.into()).unwrap_or(JsValue::UNDEFINED);
    let text = |name: &str| field(name).as_string().unwrap_or_default();
    let number = |name: &str| field(name).as_f64().unwrap_or(0.0) as usize;
    match text("kind").as_str() {
        "progress" => WorkerEvent::Progress(Progress {
            phase: phase_from_name(&text("phase")),
            done: number("done"),
            total: number("total"),
        }),
        "facts" => match serde_json::from_str(&text("json")) {
            Ok(facts) => WorkerEvent::Facts(Box::new(facts)),
            Err(e) => WorkerEvent::Failed(format!("the worker's answer could not be read: {e}")),
        },
        "program" => match serde_json::from_str(&text("json")) {
            Ok(detail) => WorkerEvent::Program(Box::new(detail)),
            Err(e) => WorkerEvent::Failed(format!("the program could not be read: {e}")),
        },
        _ => WorkerEvent::Failed(text("message")),
    }
}

fn phase_from_name(name: &str) -> Phase {
    Phase::ALL.into_iter().find(|p| p.name() == name).unwrap_or(Phase::Reading)
}
