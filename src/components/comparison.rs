//! Model against model on the programs both predicted: how often both are right, only one is,
//! or both are wrong, and McNemar's exact test of whether one is better (SPEC §5, §6).

use crate::components::window::{rows_in_view, spacers, ROW_HEIGHT};
use exerscope_charts::format::format_p;
use exerscope_core::drilldown::{AgreementCell, Selection};
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn ComparisonView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Memo<Option<Arc<Report>>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    // 4,950 pairs for 100 models (per benchmark and pooled): only the rows in view are rendered.
    let (scroll_top, viewport, row_height) = (RwSignal::new(0.0), RwSignal::new(600.0), RwSignal::new(ROW_HEIGHT));
    let count = move || report.with(|r| r.as_ref().map_or(0, |r| r.agreements.len()));
    let range = move || rows_in_view(scroll_top.get(), viewport.get(), count(), row_height.get());
    let spacer = move |above: bool| {
        let (top, bottom) = spacers(&range(), count(), row_height.get());
        let height = if above { top } else { bottom };
        (height > 0.0).then(|| view! { <tr class="spacer" aria-hidden="true" style:height=format!("{height}px")></tr> })
    };
    let on_scroll = move |e: leptos::ev::Event| {
        let scroller = event_target::<web_sys::HtmlElement>(&e);
        // Rows as laid out (borders and fonts may make them a pixel taller than styled).
        let measured = scroller.query_selector("tbody tr:not(.spacer)").ok().flatten();
        if let Some(row) = measured.and_then(|r| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(r).ok()) {
            row_height.set(f64::from(row.offset_height()).max(1.0));
        }
        scroll_top.set(f64::from(scroller.scroll_top()));
        viewport.set(f64::from(scroller.client_height()));
    };
    let rows = move || {
        let Some(facts) = facts.get() else { return Vec::new() };
        let range = range();
        report
            .with(|r| r.as_ref().map(|r| r.agreements[range].to_vec()))
            .unwrap_or_default()
            .into_iter()
            .map(|a| {
                let (Some(model_a), Some(model_b)) = (facts.model_index(&a.model_a), facts.model_index(&a.model_b))
                else {
                    return ().into_any();
                };
                let benchmark = facts.benchmark_index(&a.benchmark);
                // One clickable count per cell of the 2×2 agreement table.
                let cell = move |count: u64, a_right: bool, b_right: bool| {
                    let agreement = AgreementCell { model_a, model_b, a_right, b_right };
                    let select = move |_| {
                        on_select.run(Selection { benchmark, agreement: Some(agreement), ..Default::default() })
                    };
                    view! { <td class="num clickable" on:click=select>{count}</td> }
                };
                let benchmark_attr = a.benchmark.clone();
                view! {
                    <tr data-benchmark=benchmark_attr>
                        <td>{a.model_a}</td>
                        <td>{a.model_b}</td>
                        <td>{if a.benchmark == "*" { "all".to_owned() } else { a.benchmark }}</td>
                        {cell(a.counts.both_right, true, true)}
                        {cell(a.counts.only_a, true, false)}
                        {cell(a.counts.only_b, false, true)}
                        {cell(a.counts.both_wrong, false, false)}
                        <td class="num">{format_p(a.mcnemar_p)}</td>
                    </tr>
                }
                .into_any()
            })
            .collect::<Vec<_>>()
    };
    view! {
        <Show when=move || report.with(|r| r.as_ref().is_some_and(|r| !r.agreements.is_empty()))>
            <section class="panel" id="comparison">
                <h2>"Model against model"</h2>
                <p class="explain">"On the programs both models predicted. McNemar's exact test compares the two discordant cells."</p>
                <div class="windowed" tabindex="0" role="region" aria-label="Model against model" on:scroll=on_scroll>
                    <table class="data" id="comparison-table" aria-rowcount=move || count() + 1>
                        <thead>
                            <tr>
                                <th>"model A"</th><th>"model B"</th><th>"benchmark"</th><th>"both right"</th>
                                <th>"only A"</th><th>"only B"</th><th>"both wrong"</th><th>"McNemar p"</th>
                            </tr>
                        </thead>
                        <tbody>{move || spacer(true)}{rows}{move || spacer(false)}</tbody>
                    </table>
                </div>
            </section>
        </Show>
    }
}
