//! The definitions in use: which judge decides correctness, and whose construct definitions
//! (exerscope's or the reference's). Switching either updates every number at once.

use exerscope_core::flavors::Flavor;
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
