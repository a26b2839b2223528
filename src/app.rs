//! The root component: owns the state (signals), the analysis worker, and lays out the views.
//! Children get only what they need: read signals to show, callbacks to act.

use crate::components::comparison::ComparisonView;
use crate::components::constructs::ConstructsView;
use crate::components::drilldown::Drilldown;
use crate::components::drop_zone::DropZone;
use crate::components::judge_picker::{FlavorSwitch, JudgePicker, TaskPicker};
use crate::components::mapping_form::MappingForms;
use crate::components::messages::Messages;
use crate::components::overview::Overview;
use crate::components::program_table::ProgramTable;
use crate::components::program_view::ProgramView;
use crate::components::properties::PropertiesView;
use crate::components::sources::Sources;
use crate::components::status::Status;
use crate::components::types::TypesView;
use crate::worker_client::{AnalysisWorker, WorkerEvent};
use exerscope_core::analysis::Progress;
use exerscope_core::detail::ProgramDetail;
use exerscope_core::drilldown::Selection;
use exerscope_core::flavors::Flavor;
use exerscope_core::readers::generic_table::ColumnMapping;
use exerscope_core::readers::{Format, ReadOptions};
use exerscope_core::table::Task;
use exerscope_core::{Facts, Judge, Report};
use leptos::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use wasm_bindgen::JsValue;

/// Where the analysis is, as the status line shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum RunState {
    Idle,
    Running(Progress),
    /// `run` counts finished analyses since the page opened (tests wait for it to change).
    Done {
        run: u32,
        programs: usize,
        predictions: usize,
        millis: f64,
    },
    Failed(String),
}

#[component]
pub fn App() -> impl IntoView {
    let facts = RwSignal::new(None::<Arc<Facts>>);
    let judge = RwSignal::new(Judge::Reference);
    let flavor = RwSignal::new(Flavor::Exerscope);
    let state = RwSignal::new(RunState::Idle);
    let selection = RwSignal::new(None::<Selection>);
    let program = RwSignal::new(None::<Arc<ProgramDetail>>);
    let started_at = StoredValue::new(0.0_f64);
    let finished_runs = StoredValue::new(0_u32);
    let task = RwSignal::new(None::<Task>);
    // What the views show: the predictions of the chosen task only (statistics are per task).
    let shown: Signal<Option<Arc<Facts>>> = Memo::new(move |_| {
        facts.with(|f| {
            f.as_ref().map(|f| match task.get() {
                Some(t) if f.tasks().len() > 1 => Arc::new(f.for_task(t)),
                _ => f.clone(),
            })
        })
    })
    .into();
    let report = Memo::new(move |_| shown.with(|f| f.as_ref().map(|f| Arc::new(Report::build(f, judge.get())))));

    let on_event = move |event: WorkerEvent| match event {
        WorkerEvent::Progress(progress) => state.set(RunState::Running(progress)),
        WorkerEvent::Facts(new_facts) => {
            finished_runs.update_value(|n| *n += 1);
            state.set(RunState::Done {
                run: finished_runs.get_value(),
                programs: new_facts.programs.len(),
                predictions: new_facts.predictions.len(),
                millis: now() - started_at.get_value(),
            });
            selection.set(None);
            program.set(None);
            task.set(new_facts.tasks().first().copied());
            facts.set(Some(Arc::from(new_facts)));
        }
        WorkerEvent::Program(detail) => program.set(Some(Arc::from(detail))),
        WorkerEvent::Failed(message) => state.set(RunState::Failed(message)),
    };
    let worker = match AnalysisWorker::spawn(on_event) {
        Ok(worker) => Some(worker),
        Err(e) => {
            state.set(RunState::Failed(format!("the analysis worker could not start: {e:?}")));
            None
        }
    };
    let worker = StoredValue::new_local(worker);
    let begin = move || {
        started_at.set_value(now());
        state.set(RunState::Running(Progress { phase: exerscope_core::analysis::Phase::Reading, done: 0, total: 0 }));
    };
    // Column mappings of generic tables, kept for the session; the last drop, to analyse it again
    // once its columns are mapped.
    let mappings = RwSignal::new(HashMap::<String, ColumnMapping>::new());
    let forced = RwSignal::new(None::<Format>);
    let per_source = RwSignal::new(BTreeMap::<String, Format>::new());
    let last_drop = StoredValue::new_local(None::<JsValue>);
    let analyze_drop = move |files: &JsValue| {
        begin();
        let options = ReadOptions {
            forced: forced.get_untracked(),
            per_source: per_source.get_untracked(),
            mappings: mappings.get_untracked(),
            ..Default::default()
        };
        worker.with_value(|w| w.as_ref().map(|w| w.analyze_files(files, &options)));
    };
    let on_files = Callback::new(move |files: JsValue| {
        per_source.update_untracked(BTreeMap::clear); // choices were for the previous drop's files
        analyze_drop(&files);
        last_drop.set_value(Some(files));
    });
    let on_map = Callback::new(move |(columns, mapping): (String, ColumnMapping)| {
        mappings.update(|m| {
            m.insert(columns, mapping);
        });
        last_drop.with_value(|files| files.as_ref().map(analyze_drop));
    });
    // A format chosen by the user, for the drop or one file: the same drop read again.
    Effect::watch(
        move || (forced.get(), per_source.get()),
        move |_, _, _| {
            last_drop.with_value(|files| files.as_ref().map(analyze_drop));
        },
        false,
    );
    let on_demo = Callback::new(move |()| {
        last_drop.set_value(None);
        begin();
        worker.with_value(|w| w.as_ref().map(AnalysisWorker::analyze_demo));
    });
    let on_select = Callback::new(move |new: Selection| {
        program.set(None);
        selection.set(Some(new));
    });
    let on_open_program = Callback::new(move |index: u32| {
        worker.with_value(|w| w.as_ref().map(|w| w.request_program(index)));
    });

    view! {
        <header class="masthead">
            <div>
                <h1>"exerscope"</h1>
                <p class="tagline">"Why do models fail at code execution reasoning? Drop benchmark results, see which program properties they stumble on."</p>
            </div>
            <div class="settings">
                <TaskPicker facts=facts task=task/>
                <JudgePicker judge=judge/>
                <FlavorSwitch flavor=flavor/>
            </div>
        </header>
        <main>
            <DropZone on_files=on_files on_demo=on_demo/>
            <Status state=state/>
            <Show when=move || facts.with(Option::is_some)>
                <Messages facts=facts/>
                <Sources facts=facts forced=forced per_source=per_source/>
                <MappingForms facts=facts on_map=on_map/>
                <Overview facts=shown report=report on_select=on_select/>
                <ConstructsView facts=shown report=report flavor=flavor on_select=on_select/>
                <PropertiesView facts=shown judge=judge/>
                <TypesView report=report flavor=flavor/>
                <ComparisonView facts=shown report=report on_select=on_select/>
                <ProgramTable facts=shown judge=judge on_open_program=on_open_program/>
                <Drilldown facts=shown judge=judge selection=selection on_open_program=on_open_program/>
                <ProgramView program=program judge=judge/>
            </Show>
        </main>
        <footer>
            "Everything runs in your browser: your files are never uploaded. "
            <a href="https://arxiv.org/abs/2501.18482">"ExeRScope (Liu & Jabbarvand)"</a>
            " defined the reference analyses reproduced here."
        </footer>
    }
}

fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}
