//! Which judge decides correctness; switching it updates every number at once.

use exerscope_core::Judge;
use leptos::prelude::*;

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
            <span class="judge-description">{move || judge.get().describe()}</span>
        </label>
    }
}
