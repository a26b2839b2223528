//! What exerscope read from each dropped file or folder, and as which format (with the models,
//! benchmarks, tasks and counts it found there). A file or folder read as the wrong format can be
//! read again as another, alone or with the whole drop.

use exerscope_core::readers::Format;
use exerscope_core::Facts;
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

#[component]
pub fn Sources(
    facts: Signal<Option<Arc<Facts>>>,
    forced: RwSignal<Option<Format>>,
    per_source: RwSignal<BTreeMap<String, Format>>,
) -> impl IntoView {
    let count = move || facts.with(|f| f.as_ref().map_or(0, |f| f.sources.len()));
    let rows = move || {
        facts.with(|f| {
            let sources = f.as_ref().map(|f| f.sources.clone()).unwrap_or_default();
            sources
                .into_iter()
                .map(|s| {
                    let join = |items: Vec<String>| items.join(", ");
                    let source = s.source.clone();
                    let source_attr = s.source.clone();
                    let choose = move |event| {
                        let chosen = Format::from_name(&event_target_value(&event));
                        per_source.update(|formats| {
                            match chosen {
                                Some(format) => formats.insert(source.clone(), format),
                                None => formats.remove(&source),
                            };
                        });
                    };
                    view! {
                        <tr data-source=source_attr>
                            <td><code>{s.source}</code></td>
                            <td>
                                <select class="source-format" on:change=choose>
                                    <option value="" selected=true>{s.format}</option>
                                    {Format::ALL
                                        .into_iter()
                                        .map(|f| view! { <option value=f.name()>{format!("read as {}", f.label())}</option> })
                                        .collect_view()}
                                </select>
                            </td>
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
                        .map(|f| view! { <option value=f.name() selected=move || forced.get() == Some(f)>{f.label()}</option> })
                        .collect_view()}
                </select>
            </label>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Files and folders read">
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
