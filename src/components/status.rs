//! The progress bar while the worker reads and analyses, then a one-line summary; then the same
//! for the programs' runs on their own inputs (dynamic properties), which the user may cancel.

use crate::app::RunState;
use exerscope_charts::format::thousands;
use leptos::prelude::*;

/// How far the programs' runs on their own inputs are.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measuring {
    pub done: usize,
    pub total: usize,
    /// Runs this browser had kept from an earlier drop.
    pub kept: usize,
    /// Every run is over (or was cancelled).
    pub over: bool,
    pub cancelled: bool,
    /// When the first measurements came, and how long until the last.
    pub started: f64,
    pub millis: f64,
}

#[component]
pub fn RunsStatus(measuring: Signal<Option<Measuring>>, on_cancel: Callback<()>) -> impl IntoView {
    let data_state = move || match measuring.get() {
        None => "idle",
        Some(m) if m.total == 0 => "waiting",
        Some(m) if m.over => "done",
        Some(_) => "running",
    };
    move || {
        measuring.get().filter(|m| m.total > 0).map(|m| {
            let line = runs_line(&m);
            let fraction = if m.total == 0 { 0.0 } else { m.done as f64 / m.total as f64 };
            view! {
                <div id="runs-status" class="status" data-state=data_state data-done=m.done data-total=m.total data-kept=m.kept>
                    {(!m.over).then(|| view! { <progress max="1" value=fraction></progress> })}
                    <span>{line}</span>
                    {(!m.over && !m.cancelled).then(|| view! {
                        <button id="cancel-runs" class="button" on:click=move |_| on_cancel.run(())>"Cancel"</button>
                    })}
                </div>
            }
        })
    }
}

/// What the runs' bar says: before the first run is measured, that Python is starting (it takes
/// seconds, and "0 of N" would look stuck).
fn runs_line(m: &Measuring) -> String {
    match (m.over, m.cancelled) {
        (true, true) => format!(
            "Runs on the programs' own inputs cancelled after {} of {}: the others have no dynamic properties.",
            m.done, m.total
        ),
        (true, false) => format!(
            "Ran every program on its own inputs ({} runs{}, {:.1} s): loop length, recursion depth and executed lines are in every view.",
            m.total,
            if m.kept > 0 { format!(", {} kept by this browser from an earlier drop", m.kept) } else { String::new() },
            m.millis / 1000.0
        ),
        (false, _) if m.done == 0 => {
            format!("Starting Python to run each program on its own inputs ({} runs)…", thousands(m.total))
        }
        (false, _) => {
            format!("Running each program on its own inputs: {} of {} runs…", thousands(m.done), thousands(m.total))
        }
    }
}

/// From this many loose files on, their handing over is most of a drop's time (the ExeRScope
/// artifact's 11,009: some 4 s against under 1 s as one zip, BENCHMARKS.md): the status says so.
const MANY_LOOSE_FILES: usize = 2_000;

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
                        <span>{match progress.total {
                            0 => format!("{}…", progress.phase.name()),
                            total => format!("{} {} of {total}…", progress.phase.name(), progress.done),
                        }}</span>
                    }
                        .into_any()
                }
                RunState::Done { programs, predictions, millis, files, .. } => {
                    view! {
                        <span>
                            {format!(
                                "Analysed {} programs and {} predictions in {:.0} ms.",
                                thousands(programs),
                                thousands(predictions),
                                millis
                            )}
                            {(files >= MANY_LOOSE_FILES).then(|| view! {
                                <span id="zip-hint">
                                    {format!(
                                        " {} loose files: the browser hands each over on its own (some 0.5 ms apiece); \
                                         a .zip of the same folders opens several times faster.",
                                        thousands(files)
                                    )}
                                </span>
                            })}
                        </span>
                    }
                        .into_any()
                }
                RunState::Failed(message) => view! { <span class="failure">{message}</span> }.into_any(),
            }}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_runs_bar_says_python_is_starting_until_the_first_run_is_measured() {
        let starting = Measuring { total: 1772, ..Measuring::default() };
        assert_eq!(runs_line(&starting), "Starting Python to run each program on its own inputs (1,772 runs)…");
        let running = Measuring { done: 5, ..starting };
        assert_eq!(runs_line(&running), "Running each program on its own inputs: 5 of 1,772 runs…");
    }
}
