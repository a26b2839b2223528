//! The views, one per file. Each takes the signals it shows and the callbacks it fires.

pub mod comparison;
pub mod constructs;
pub mod drilldown;
pub mod drop_zone;
pub mod exports;
pub mod figure;
pub mod judge_picker;
pub mod leaderboard;
pub mod mapping_form;
pub mod messages;
pub mod model_picker;
pub mod overview;
pub mod pair;
pub mod prediction;
pub mod profile;
pub mod program_table;
pub mod program_view;
pub mod properties;
pub mod reasoning;
pub mod section_nav;
pub mod seen;
pub mod slices;
pub mod sortable;
pub mod sources;
pub mod status;
pub mod steps;
pub mod theme_switch;
pub mod trace;
pub mod types;
pub mod window;

use exerscope_core::numeric::NumericProperty;
use exerscope_core::Facts;
use leptos::prelude::*;
use std::sync::Arc;

/// `<option>`s for the benchmarks some model predicted, valued by index (for the benchmark pickers
/// of several views); `selected` marks the one shown.
pub fn benchmark_options(facts: Signal<Option<Arc<Facts>>>, selected: impl Fn(usize) -> bool) -> impl IntoView {
    facts
        .with(|f| f.as_deref().map(predicted_benchmarks).unwrap_or_default())
        .into_iter()
        .map(|(i, name)| view! { <option value=i.to_string() selected=selected(i)>{name}</option> })
        .collect_view()
}

/// The benchmarks some model predicted in the facts shown (index and name): those the charts draw.
pub fn predicted_benchmarks(facts: &Facts) -> Vec<(usize, String)> {
    facts.predicted_benchmarks().into_iter().map(|b| (b as usize, facts.benchmarks[b as usize].clone())).collect()
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
