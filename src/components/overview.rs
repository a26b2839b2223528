//! Success per model × benchmark: a table with the counts as text, and grouped bars. A row or a
//! bar opens the programs behind it.

use crate::components::figure::FigureCanvas;
use crate::components::leaderboard::Leaderboard;
use crate::components::sortable::{Order, SortHeader};
use exerscope_charts::figures::{self, Hit};
use exerscope_charts::format::{percent, run_rate};
use exerscope_core::drilldown::{ProgramAttribute, Selection};
use exerscope_core::stats::{AttributeSummary, RunSummary};
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// What the runs table's rows sort by in a column: text (names read from A) or a number (the
/// largest first; absent last).
#[derive(Clone, Copy)]
enum SortKey {
    Text(for<'a> fn(&'a RunSummary) -> &'a str),
    Number(fn(&RunSummary) -> Option<f64>),
}

/// A column of the runs table, declared once: its header, the header's tooltip, its sort key.
struct RunColumn {
    label: &'static str,
    title: Option<&'static str>,
    key: SortKey,
}

const fn text(label: &'static str, key: for<'a> fn(&'a RunSummary) -> &'a str) -> RunColumn {
    RunColumn { label, title: None, key: SortKey::Text(key) }
}

const fn number(label: &'static str, title: Option<&'static str>, key: fn(&RunSummary) -> Option<f64>) -> RunColumn {
    RunColumn { label, title, key: SortKey::Number(key) }
}

/// The runs table's columns, in the order its rows print them.
const RUN_COLUMNS: [RunColumn; 12] = [
    text("model", |r| &r.model),
    text("benchmark", |r| &r.benchmark),
    text("task", |r| r.task.name()),
    number("correct", None, |r| Some(r.correct as f64)),
    number("wrong", None, |r| Some(r.wrong as f64)),
    number("missing", Some("dataset programs without a prediction (not in the denominator)"), |r| {
        Some(r.missing as f64)
    }),
    number("total", Some("predictions, every sample counted"), |r| Some(r.total as f64)),
    number("programs", None, |r| Some(r.programs as f64)),
    number("n", Some("samples per program"), |r| Some(f64::from(r.samples))),
    number("pass@1", Some("mean over programs of c/n: each program counts once"), |r| r.rate),
    number("95% CI (Wilson, over programs)", Some("ranked by the interval's lower end"), |r| r.ci95.map(|ci| ci[0])),
    number("pass@5", Some("unbiased estimator, where every program has at least 5 samples"), |r| r.pass_at_5),
];

/// The runs in the order asked (a column of [`RUN_COLUMNS`]), ties in the report's order; the
/// report's order without one.
fn ordered_runs<'a>(runs: &'a [RunSummary], order: Option<&Order<usize>>) -> Vec<&'a RunSummary> {
    let mut ordered: Vec<&RunSummary> = runs.iter().collect();
    if let Some(order) = order {
        ordered.sort_by(|a, b| match RUN_COLUMNS[order.column].key {
            SortKey::Text(key) => order.compare(Some(key(a)), Some(key(b)), Ord::cmp),
            SortKey::Number(key) => order.compare(key(a), key(b), |x, y| x.total_cmp(&y)),
        });
    }
    ordered
}

/// The runs table's headers, each ranking the rows by its column (again: reversed).
fn run_headers(order: RwSignal<Option<Order<usize>>>) -> impl IntoView {
    RUN_COLUMNS
        .iter()
        .enumerate()
        .map(|(place, column)| {
            let sorted = Signal::derive(move || order.get().filter(|o| o.column == place).map(|o| o.descending));
            // Names read best from A; numbers from the largest.
            let ascending_first = matches!(column.key, SortKey::Text(_));
            let on_click = Callback::new(move |()| {
                order.update(|o| {
                    *o = Some(match o.take() {
                        Some(o) => o.clicked(place, ascending_first),
                        None => Order::start(place, ascending_first),
                    })
                })
            });
            view! { <SortHeader label=column.label.to_owned() title=column.title column=column.label.to_owned() sorted on_click/> }
        })
        .collect_view()
}

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
    // The report's order until a header asks for another.
    let order = RwSignal::new(None::<Order<usize>>);
    let rows = move || {
        report.get().map(|report| {
            ordered_runs(&report.runs, order.get().as_ref())
                .into_iter()
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
            <div class="table-scroll tall" tabindex="0" role="region" aria-label="Success per model and benchmark, as a table">
                <table id="overview-table" class="data">
                    <thead>
                        <tr>
                            {run_headers(order)}
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
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

#[cfg(test)]
mod tests {
    use super::*;
    use exerscope_core::table::Task;

    fn run(model: &str, rate: Option<f64>) -> RunSummary {
        RunSummary {
            model: model.into(),
            benchmark: "b".into(),
            task: Task::Output,
            correct: 0,
            wrong: 0,
            missing: 0,
            benchmark_programs: 10,
            total: 10,
            programs: 10,
            samples: 1,
            pass_at_1: rate,
            pass_at_5: None,
            rate,
            ci95: rate.map(|r| [r - 0.1, r + 0.1]),
            se: None,
            se_unclustered: None,
        }
    }

    fn models(runs: &[RunSummary], order: Option<Order<usize>>) -> Vec<&str> {
        ordered_runs(runs, order.as_ref()).into_iter().map(|r| r.model.as_str()).collect()
    }

    fn column(label: &str) -> usize {
        RUN_COLUMNS.iter().position(|c| c.label == label).unwrap()
    }

    #[test]
    fn the_runs_rank_by_the_column_asked_best_first_and_unrated_last() {
        let runs = [run("b", Some(0.4)), run("a", Some(0.9)), run("c", None), run("d", Some(0.6))];
        assert_eq!(models(&runs, None), ["b", "a", "c", "d"], "the report's order until asked");
        let pass_at_1 = column("pass@1");
        assert_eq!(models(&runs, Some(Order { column: pass_at_1, descending: true })), ["a", "d", "b", "c"]);
        assert_eq!(models(&runs, Some(Order { column: pass_at_1, descending: false })), ["b", "d", "a", "c"]);
        assert_eq!(models(&runs, Some(Order { column: column("model"), descending: false })), ["a", "b", "c", "d"]);
        let by_interval = Order { column: column("95% CI (Wilson, over programs)"), descending: true };
        assert_eq!(models(&runs, Some(by_interval)), ["a", "d", "b", "c"]);
    }
}
