//! The progress bar while the worker reads and analyses, then a one-line summary.

use crate::app::RunState;
use leptos::prelude::*;

#[component]
pub fn Status(state: RwSignal<RunState>) -> impl IntoView {
    let data_state = move || match state.get() {
        RunState::Idle => "idle",
        RunState::Running(_) => "running",
        RunState::Done { .. } => "done",
        RunState::Failed(_) => "failed",
    };
    let run = move || match state.get() {
        RunState::Done { run, .. } => run,
        _ => 0,
    };
    view! {
        <div id="status" class="status" data-state=data_state data-run=run>
            {move || match state.get() {
                RunState::Idle => ().into_any(),
                RunState::Running(progress) => {
                    let fraction = if progress.total == 0 { 0.0 } else { progress.done as f64 / progress.total as f64 };
                    view! {
                        <progress max="1" value=fraction></progress>
                        <span>{format!("{} {} of {}…", progress.phase.name(), progress.done, progress.total)}</span>
                    }
                        .into_any()
                }
                RunState::Done { programs, predictions, millis, .. } => {
                    view! {
                        <span>
                            {format!("Analysed {programs} programs and {predictions} predictions in {:.0} ms.", millis)}
                        </span>
                    }
                        .into_any()
                }
                RunState::Failed(message) => view! { <span class="failure">{message}</span> }.into_any(),
            }}
        </div>
    }
}
