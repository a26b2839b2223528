//! Success per type of the expected output (SPEC §4.5, §6): value match (the verdict) and type
//! match (did the model at least answer with the right type?), in the flavor chosen at the top.

use exerscope_charts::format::percent;
use exerscope_core::flavors::Flavor;
use exerscope_core::Report;
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn TypesView(report: Memo<Option<Arc<Report>>>, flavor: RwSignal<Flavor>) -> impl IntoView {
    let by_length = RwSignal::new(false);
    let counts = |k: u64, n: u64| format!("{k}/{n} ({})", percent(k as f64 / n.max(1) as f64));
    let rows = move || {
        report
            .get()
            .map(|r| r.types.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|t| {
                t.flavor == flavor.get() && t.length.is_some() == (by_length.get() && t.flavor == Flavor::Exerscope)
            })
            .map(|t| {
                let (model_attr, benchmark_attr, type_attr) =
                    (t.model.clone(), t.benchmark.clone(), t.value_type.clone());
                view! {
                    <tr data-model=model_attr data-benchmark=benchmark_attr data-type=type_attr>
                        <td>{t.model}</td>
                        <td>{t.benchmark}</td>
                        <td>{t.value_type}</td>
                        <td>{t.length.unwrap_or_else(|| "all".to_owned())}</td>
                        <td class="num value-match">{counts(t.value_match, t.total)}</td>
                        <td class="num type-match">{counts(t.type_match, t.total)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel" id="types">
            <h2>"Success per output type"</h2>
            <p class="explain">
                "Value match: the prediction is correct. Type match: the prediction has the expected output's type. "
                {move || match flavor.get() {
                    Flavor::Reference => "Types as ExeRScope names them (anything not a literal is a string).",
                    Flavor::Exerscope => "exerscope's types: containers with their element type; text that is no literal apart.",
                }}
            </p>
            <label class="controls">
                <input id="types-by-length" type="checkbox" prop:checked=move || by_length.get()
                    on:change=move |e| by_length.set(event_target_checked(&e))/>
                " split exerscope types by the length of the expected output"
            </label>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Success per value type">
                <table class="data" id="types-table">
                    <thead>
                        <tr><th>"model"</th><th>"benchmark"</th><th>"expected type"</th><th>"length"</th><th>"value match"</th><th>"type match"</th></tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}
