//! The definitions in use: which task's predictions are shown, which judge decides correctness,
//! and whose construct definitions (exerscope's or the reference's). Switching any of them
//! updates every number at once.

use exerscope_core::flavors::Flavor;
use exerscope_core::table::Task;
use exerscope_core::{Facts, Judge};
use leptos::prelude::*;
use std::sync::Arc;

/// Shown when the results hold more than one task (CRUXEval's input and output prediction).
#[component]
pub fn TaskPicker(facts: RwSignal<Option<Arc<Facts>>>, task: RwSignal<Option<Task>>) -> impl IntoView {
    let tasks = Memo::new(move |_| facts.with(|f| f.as_ref().map(|f| f.tasks()).unwrap_or_default()));
    view! {
        <Show when=move || tasks.with(|t| t.len() > 1)>
            <label class="task-picker">
                "Task "
                <select
                    id="task"
                    on:change=move |event| {
                        let name = event_target_value(&event);
                        task.set(tasks.get_untracked().into_iter().find(|t| t.name() == name));
                    }
                >
                    {move || {
                        tasks
                            .get()
                            .into_iter()
                            .map(|t| view! { <option value=t.name() selected=move || task.get() == Some(t)>{t.name()}</option> })
                            .collect_view()
                    }}
                </select>
            </label>
        </Show>
    }
}

#[component]
pub fn JudgePicker(judge: RwSignal<Judge>) -> impl IntoView {
    view! {
        <label class="judge-picker">
            "Judge "
            <select
                id="judge"
                on:change=move |event| {
                    if let Some(picked) = Judge::from_name(&event_target_value(&event)) {
                        judge.set(picked);
                    }
                }
            >
                {Judge::ALL
                    .into_iter()
                    .map(|j| view! { <option value=j.name() selected=move || judge.get() == j>{j.name()}</option> })
                    .collect_view()}
            </select>
            <span class="judge-description">{move || judge.get().label()}</span>
        </label>
    }
}

/// "Reference definitions": the paper's construct flags instead of exerscope's.
#[component]
pub fn FlavorSwitch(flavor: RwSignal<Flavor>) -> impl IntoView {
    view! {
        <label class="flavor-switch" title="Reproduce the paper's numbers with ExeRScope's own construct definitions">
            <input
                id="reference-definitions"
                type="checkbox"
                prop:checked=move || flavor.get() == Flavor::Reference
                on:change=move |event| {
                    let on = event_target_checked(&event);
                    flavor.set(if on { Flavor::Reference } else { Flavor::Exerscope });
                }
            />
            " reference definitions"
        </label>
    }
}
