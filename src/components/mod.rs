//! The views, one per file. Each takes the signals it shows and the callbacks it fires.

pub mod comparison;
pub mod constructs;
pub mod drilldown;
pub mod drop_zone;
pub mod judge_picker;
pub mod mapping_form;
pub mod messages;
pub mod overview;
pub mod program_table;
pub mod program_view;
pub mod properties;
pub mod sources;
pub mod status;
pub mod types;

use exerscope_core::numeric::NumericProperty;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// `<option>`s for the benchmarks, valued by index (for the benchmark pickers of several views).
pub fn benchmark_options(facts: Signal<Option<Arc<Facts>>>) -> impl IntoView {
    facts
        .with(|f| f.as_ref().map(|f| f.benchmarks.clone()).unwrap_or_default())
        .into_iter()
        .enumerate()
        .map(|(i, name)| view! { <option value=i.to_string()>{name}</option> })
        .collect_view()
}

/// The benchmarks some model predicted (index and name): those the charts draw. Benchmarks read
/// without predictions (CodeMind's DER/SR programs) are listed in the program table only.
pub fn predicted_benchmarks(facts: &Facts, report: &Report) -> Vec<(usize, String)> {
    let predicted = |name: &String| report.runs.iter().any(|run| run.benchmark == *name);
    facts.benchmarks.iter().cloned().enumerate().filter(|(_, name)| predicted(name)).collect()
}

/// A `<select>` of the numeric properties, bound to `property`.
#[component]
pub fn PropertyPicker(id: &'static str, property: RwSignal<NumericProperty>) -> impl IntoView {
    view! {
        <select id=id on:change=move |e| {
            if let Some(p) = NumericProperty::from_name(&event_target_value(&e)) {
                property.set(p);
            }
        }>
            {NumericProperty::ALL
                .into_iter()
                .map(|p| view! { <option value=p.name() selected=move || property.get() == p>{p.label()}</option> })
                .collect_view()}
        </select>
    }
}
