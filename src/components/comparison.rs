//! Model against model on the programs both predicted: how often both are right, only one is,
//! or both are wrong, and McNemar's exact test of whether one is better (SPEC §5, §6).

use crate::components::window::Window;
use exerscope_charts::format::format_p;
use exerscope_core::drilldown::{AgreementCell, Selection};
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn ComparisonView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    // 4,950 pairs for 100 models (per benchmark and pooled): only the rows in view are rendered.
    let window = Window::default();
    let count = move || report.with(|r| r.as_ref().map_or(0, |r| r.agreements.len()));
    let rows = move || {
        let Some(facts) = facts.get() else { return Vec::new() };
        let range = window.range(count());
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
                    view! { <td class="num clickable" on:click=select><button class="link">{count}</button></td> }
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
                <div class="windowed" tabindex="0" role="region" aria-label="Model against model" on:scroll=move |e| window.on_scroll(e)>
                    <table class="data" id="comparison-table" aria-rowcount=move || count() + 1>
                        <thead>
                            <tr>
                                <th>"model A"</th><th>"model B"</th><th>"benchmark"</th><th>"both right"</th>
                                <th>"only A"</th><th>"only B"</th><th>"both wrong"</th><th>"McNemar p"</th>
                            </tr>
                        </thead>
                        <tbody>{move || window.spacer(count(), true)}{rows}{move || window.spacer(count(), false)}</tbody>
                    </table>
                </div>
            </section>
        </Show>
    }
}
