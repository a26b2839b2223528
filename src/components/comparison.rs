//! Model against model on the programs both predicted: how often both are right, only one is,
//! or both are wrong, and McNemar's exact test of whether one is better (SPEC §5, §6).

use crate::format::format_p;
use exerscope_core::Report;
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn ComparisonView(report: Memo<Option<Arc<Report>>>) -> impl IntoView {
    let rows = move || {
        report
            .get()
            .map(|r| r.agreements.clone())
            .unwrap_or_default()
            .into_iter()
            .map(|a| {
                let benchmark_attr = a.benchmark.clone();
                view! {
                    <tr data-benchmark=benchmark_attr>
                        <td>{a.model_a}</td>
                        <td>{a.model_b}</td>
                        <td>{if a.benchmark == "*" { "all".to_owned() } else { a.benchmark }}</td>
                        <td class="num">{a.counts.both_right}</td>
                        <td class="num">{a.counts.only_a}</td>
                        <td class="num">{a.counts.only_b}</td>
                        <td class="num">{a.counts.both_wrong}</td>
                        <td class="num">{format_p(a.mcnemar_p)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <Show when=move || report.with(|r| r.as_ref().is_some_and(|r| !r.agreements.is_empty()))>
            <section class="panel" id="comparison">
                <h2>"Model against model"</h2>
                <p class="explain">"On the programs both models predicted. McNemar's exact test compares the two discordant cells."</p>
                <table class="data" id="comparison-table">
                    <thead>
                        <tr>
                            <th>"model A"</th><th>"model B"</th><th>"benchmark"</th><th>"both right"</th>
                            <th>"only A"</th><th>"only B"</th><th>"both wrong"</th><th>"McNemar p"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </section>
        </Show>
    }
}
