//! The views, one per file. Each takes the signals it shows and the callbacks it fires.

pub mod comparison;
pub mod constructs;
pub mod drilldown;
pub mod drop_zone;
pub mod judge_picker;
pub mod messages;
pub mod overview;
pub mod program_table;
pub mod program_view;
pub mod properties;
pub mod status;
pub mod types;

use exerscope_core::Facts;
use leptos::prelude::*;
use std::sync::Arc;

/// `<option>`s for the benchmarks, valued by index (for the benchmark pickers of several views).
pub fn benchmark_options(facts: RwSignal<Option<Arc<Facts>>>) -> impl IntoView {
    facts
        .with(|f| f.as_ref().map(|f| f.benchmarks.clone()).unwrap_or_default())
        .into_iter()
        .enumerate()
        .map(|(i, name)| view! { <option value=i.to_string()>{name}</option> })
        .collect_view()
}
