//! Success per model × benchmark: a table with the counts as text, and grouped bars. A row or a
//! bar opens the programs behind it.

use crate::components::figure::FigureCanvas;
use crate::components::leaderboard::Leaderboard;
use exerscope_charts::figures::{self, Hit};
use exerscope_charts::format::{percent, run_rate};
use exerscope_core::drilldown::{ProgramAttribute, Selection};
use exerscope_core::stats::AttributeSummary;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn Overview(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let select_run = move |model: &str, benchmark: &str| {
        let Some(facts) = facts.get_untracked() else {
            return;
        };
        on_select.run(Selection {
            model: facts.model_index(model),
            benchmark: facts.benchmark_index(benchmark),
            ..Default::default()
        });
    };
    let rows = move || {
        report.get().map(|report| {
            report
                .runs
                .iter()
                .map(|run| {
                    let (model, benchmark) = (run.model.clone(), run.benchmark.clone());
                    let (model_attr, benchmark_attr) = (model.clone(), benchmark.clone());
                    let (model_cell, benchmark_cell) = (model.clone(), benchmark.clone());
                    view! {
                        <tr class="clickable" data-model=model_attr data-benchmark=benchmark_attr
                            on:click=move |_| select_run(&model, &benchmark)>
                            <td><button class="link" title="The programs behind this row">{model_cell}</button></td>
                            <td>{benchmark_cell}</td>
                            <td>{run.task.name()}</td>
                            <td class="num correct">{run.correct}</td>
                            <td class="num wrong">{run.wrong}</td>
                            <td class="num">{run.missing}</td>
                            <td class="num">{run.total}</td>
                            <td class="num">{run.programs}</td>
                            <td class="num">{run.samples}</td>
                            <td class="num rate" title=run_rate(run) data-pass-at-1=run.pass_at_1.map(|p| p.to_string())>{run.rate.map(percent).unwrap_or_default()}</td>
                            <td class="num">{run.ci95.map(exerscope_charts::format::interval).unwrap_or_default()}</td>
                            <td class="num">{run.pass_at_5.map(percent).unwrap_or_default()}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <section class="panel" id="overview">
            <h2>"Success per model and benchmark"</h2>
            <table id="overview-table" class="data">
                <thead>
                    <tr>
                        <th>"model"</th><th>"benchmark"</th><th>"task"</th><th>"correct"</th><th>"wrong"</th>
                        <th title="dataset programs without a prediction (not in the denominator)">"missing"</th>
                        <th title="predictions, every sample counted">"total"</th><th>"programs"</th>
                        <th title="samples per program">"n"</th>
                        <th title="mean over programs of c/n: each program counts once">"pass@1"</th>
                        <th>"95% CI (Wilson, over programs)"</th>
                        <th title="unbiased estimator, where every program has at least 5 samples">"pass@5"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            <Leaderboard report=report/>
            <OverviewChart facts=facts report=report on_select=on_select/>
            <Groups facts=facts report=report on_select=on_select/>
        </section>
    }
}

/// The runs broken down by the groups of programs the benchmark names (RE2-Bench's source and
/// difficulty); absent when no benchmark names any. A row opens its programs.
#[component]
fn Groups(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let select = move |group: &AttributeSummary| {
        let Some(facts) = facts.get_untracked() else {
            return;
        };
        on_select.run(Selection {
            model: facts.model_index(&group.model),
            benchmark: facts.benchmark_index(&group.benchmark),
            attribute: Some(ProgramAttribute { name: group.attribute.clone(), value: group.value.clone() }),
            ..Default::default()
        });
    };
    let rows = move || {
        let report = report.get()?;
        (!report.groups.is_empty()).then(|| {
            report
                .groups
                .iter()
                .map(|group| {
                    let clicked = group.clone();
                    view! {
                        <tr class="clickable" data-model=group.model.clone() data-attribute=group.attribute.clone()
                            data-value=group.value.clone() on:click=move |_| select(&clicked)>
                            <td><button class="link" title="The programs of this group">{group.model.clone()}</button></td>
                            <td>{group.benchmark.clone()}</td>
                            <td>{group.task.name()}</td>
                            <td>{group.attribute.clone()}</td>
                            <td>{group.value.clone()}</td>
                            <td class="num correct">{group.correct}</td>
                            <td class="num wrong">{group.wrong}</td>
                            <td class="num">{group.programs}</td>
                            <td class="num rate">{group.pass_at_1.map(percent).unwrap_or_default()}</td>
                            <td class="num">{group.ci95.map(exerscope_charts::format::interval).unwrap_or_default()}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <Show when=move || report.with(|r| r.as_ref().is_some_and(|r| !r.groups.is_empty()))>
            <h3>"Success per group of programs the benchmark names"</h3>
            <div class="table-scroll">
                <table id="groups-table" class="data">
                    <thead>
                        <tr>
                            <th>"model"</th><th>"benchmark"</th><th>"task"</th><th>"group"</th><th>"value"</th>
                            <th>"correct"</th><th>"wrong"</th><th>"programs"</th>
                            <th title="mean over programs of c/n: each program counts once">"pass@1"</th>
                            <th>"95% CI (Wilson, over programs)"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </Show>
    }
}

#[component]
fn OverviewChart(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let figure = Memo::new(move |_| {
        let (facts, report) = (facts.get()?, report.get()?);
        Some(Arc::new(figures::overview(&facts, &report)))
    });
    let on_hit = Callback::new(move |hit: Hit| {
        let (Hit::Bar { model, group } | Hit::Cell { model, column: group }) = hit else { return };
        // The groups are the benchmarks predicted, in order.
        let benchmark = facts.with_untracked(|f| f.as_ref().and_then(|f| f.predicted_benchmarks().get(group).copied()));
        on_select.run(Selection { model: Some(model as u32), benchmark, ..Default::default() });
    });
    view! { <FigureCanvas figure=figure.into() id="overview-chart" on_hit/> }
}
