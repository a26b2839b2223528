//! What exerscope read from each dropped file or folder, and as which format (with the models,
//! benchmarks, tasks and counts it found there). A drop that was read as the wrong format can be
//! read again as another.

use exerscope_core::readers::Format;
use exerscope_core::Facts;
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn Sources(facts: RwSignal<Option<Arc<Facts>>>, forced: RwSignal<Option<Format>>) -> impl IntoView {
    let count = move || facts.with(|f| f.as_ref().map_or(0, |f| f.sources.len()));
    let rows = move || {
        facts.with(|f| {
            let sources = f.as_ref().map(|f| f.sources.clone()).unwrap_or_default();
            sources
                .into_iter()
                .map(|s| {
                    let join = |items: Vec<String>| items.join(", ");
                    view! {
                        <tr>
                            <td><code>{s.source}</code></td>
                            <td>{s.format}</td>
                            <td>{join(s.models.into_iter().collect())}</td>
                            <td>{join(s.benchmarks.into_iter().collect())}</td>
                            <td>{join(s.tasks.iter().map(|t| t.name().to_owned()).collect())}</td>
                            <td class="num">{s.programs}</td>
                            <td class="num">{s.predictions}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let on_change = move |event| forced.set(Format::from_name(&event_target_value(&event)));
    view! {
        <details class="panel" id="sources">
            <summary>"Read from " {count} " file(s) and folder(s)"</summary>
            <label class="format-picker">
                "Read every file as "
                <select id="format" on:change=on_change>
                    <option value="" selected=move || forced.get().is_none()>"detected per file"</option>
                    {Format::ALL
                        .into_iter()
                        .map(|f| view! { <option value=f.name() selected=move || forced.get() == Some(f)>{f.name()}</option> })
                        .collect_view()}
                </select>
            </label>
            <div class="table-scroll">
                <table class="data" id="sources-table">
                    <thead>
                        <tr>
                            <th>"file or folder"</th><th>"read as"</th><th>"models"</th><th>"benchmarks"</th>
                            <th>"tasks"</th><th>"programs"</th><th>"predictions"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </details>
    }
}
