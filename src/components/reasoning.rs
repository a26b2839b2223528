//! Where reasoning leaves the execution, across programs: per model, how its intermediate answers
//! (loop states, branch decisions) end against their runs, at which kinds of line they first part
//! from them, and whether its story and its final answer agree (coherence, as CES reports it). Each
//! answer's row and each coherence cell opens its program. The views format the report; every
//! number is the core's.

use crate::components::figure::FigureCanvas;
use exerscope_charts::figures;
use exerscope_charts::format::{interval, percent};
use exerscope_core::alignment::Ending;
use exerscope_core::stats::divergence::{Coherence, DivergenceRow, PlaceDivergence, ProseShare};
use exerscope_core::table::Task;
use exerscope_core::units::Unit;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// Rows of the answers' table shown at first.
const ROWS_SHOWN: usize = 100;

#[component]
pub fn ReasoningView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    /// The task shown; the section offers the drop's intermediate tasks.
    task: RwSignal<Option<Task>>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    let intermediate = move || {
        facts.with(|f| {
            f.as_deref().map_or_else(Vec::new, |f| {
                f.tasks()
                    .into_iter()
                    .filter(|t| f.divergences.iter().any(|d| f.predictions.task[d.prediction as usize] == *t))
                    .collect()
            })
        })
    };
    let open = move |benchmark: &str, id: &str| {
        let index = facts.with_untracked(|f| {
            let f = f.as_deref()?;
            f.programs.iter().position(|p| p.id == id && f.benchmarks[p.benchmark as usize] == benchmark)
        });
        if let Some(index) = index {
            on_open_program.run(index as u32);
        }
    };
    view! {
        <section class="panel" id="reasoning">
            <h2>"Reasoning against the run"</h2>
            <p class="explain">
                "Each intermediate answer — a loop's states at every iteration, a branch's decision at every visit, "
                "the lines a call executes in order, whether a line runs, what runs after it, a variable's value there — "
                "placed on the run its benchmark stored, step by step: where the model's story first parts from the "
                "execution, and whether its final answer follows its story."
            </p>
            {move || report.get().filter(|r| !r.reasoning.prose_claims.is_empty()).map(|report| {
                view! { <ProseShares rows=report.reasoning.prose_claims.clone()/> }
            })}
            {move || {
                let tasks = intermediate();
                if tasks.is_empty() {
                    return view! {
                        <p class="explain" id="reasoning-none">
                            "This drop holds no intermediate answers. RE2-Bench's loop and branch prediction "
                            "(results/loop_prediction, results/branch_prediction with dataset/re2-bench/), "
                            "CoCoNUT's executed lines (its result CSVs beside the HumanEval dataset) and REval's "
                            "coverage, path and state answers (with DREval_tasks.jsonl beside DREval_data.jsonl) are read."
                        </p>
                    }
                    .into_any();
                }
                let shown = task.get();
                let buttons = tasks
                    .into_iter()
                    .map(|t| view! {
                        <button class="chip" class:active=move || task.get() == Some(t) data-task=t.name()
                            on:click=move |_| task.set(Some(t))>{t.label()}</button>
                    })
                    .collect_view();
                let picked = shown.is_some_and(|t| intermediate().contains(&t));
                view! {
                    <div class="chips" id="reasoning-tasks">"Task: " {buttons}</div>
                    {(!picked).then(|| view! { <p class="explain">"Pick one of the drop's intermediate tasks."</p> })}
                }
                .into_any()
            }}
            {move || report.get().filter(|r| !r.reasoning.divergence_summaries.is_empty()).map(|report| {
                view! {
                    <Summaries report=report.clone()/>
                    <Kinds facts=facts report=report.clone()/>
                    <CoherenceTables rows=report.reasoning.coherence.clone() open=open/>
                    <Answers rows=report.reasoning.divergences.clone() open=open/>
                }
            })}
        </section>
    }
}

/// Per model: how its answers end, the share agreeing throughout, the benchmark's partial score,
/// where the first divergence falls.
#[component]
fn Summaries(report: Arc<Report>) -> impl IntoView {
    let endings = Ending::ALL.map(|e| view! { <th scope="col" title=e.label()>{e.label()}</th> }).collect_view();
    let rows = report
        .reasoning
        .divergence_summaries
        .iter()
        .map(|s| {
            let counts = Ending::ALL
                .map(|e| view! { <td class="count">{s.endings.get(&e).copied().unwrap_or(0)}</td> })
                .collect_view();
            view! {
                <tr data-model=s.model.clone()>
                    <th scope="row">{s.model.clone()}</th>
                    <td>{s.benchmark.clone()}</td>
                    <td class="count">{s.predictions}</td>
                    {counts}
                    <td class="rate">{s.agree_rate.map(percent)}<br/><span class="ci">{s.agree_ci95.map(interval)}</span></td>
                    <td class="rate">{s.mean_partial.map(percent)}</td>
                    <td>{format!("{} · {} · {}", s.first_divergence_in[0], s.first_divergence_in[1], s.first_divergence_in[2])}</td>
                    <td class="rate">{s.mean_steps_right.map(percent)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <h3>"How the answers end"</h3>
        <div class="table-scroll">
            <table class="pivot" id="reasoning-summary">
                <thead>
                    <tr>
                        <th scope="col">"model"</th>
                        <th scope="col">"benchmark"</th>
                        <th scope="col">"answers"</th>
                        {endings}
                        <th scope="col">"agree throughout (95% CI)"</th>
                        <th scope="col" title="the benchmark's own partial score, averaged">"mean partial score"</th>
                        <th scope="col" title="first divergence in the run's first, middle, last third">"first divergence: early · middle · late"</th>
                        <th scope="col" title="the mean share of the run's steps right before the first divergence">"steps right before it"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// Per model and kind of line: of the answers whose run goes through such a line, the share whose
/// first divergence is on one — a chart per benchmark and task, then the table.
#[component]
fn Kinds(facts: Signal<Option<Arc<Facts>>>, report: Arc<Report>) -> impl IntoView {
    let shown: Vec<(String, Task)> = figures::reasoned(&report).into_iter().map(|(b, t)| (b.to_owned(), t)).collect();
    let drawn = report.clone();
    let charts = move |draw: fn(&Facts, &Report, &str, Task) -> Option<figures::Figure>, class: &'static str| {
        shown
            .iter()
            .cloned()
            .map(|(benchmark, task)| {
                let report = drawn.clone();
                let figure = Signal::derive(move || {
                    facts.with(|f| draw(f.as_deref()?, &report, &benchmark, task).map(Arc::new))
                });
                view! { <FigureCanvas figure=figure class=class/> }
            })
            .collect_view()
    };
    view! {
        <h3>"Where reasoning first breaks"</h3>
        <p class="explain">"Of the answers whose run goes through such a line, those whose first divergence is on one."</p>
        {charts(figures::reasoning_kinds, "reasoning-kinds-chart")}
        <BreakTable id="reasoning-kinds" place="kind of line" rows=break_rows(&report.reasoning.divergence_kinds)/>
        <p class="explain">
            "By construct: of the answers whose run has a step in a construct — inside a loop, a try, a nested if, "
            "or on a line that uses one (a slice, a raise) — those whose first divergence is in it."
        </p>
        {charts(figures::reasoning_constructs, "reasoning-constructs-chart")}
        <BreakTable id="reasoning-constructs" place="construct" rows=break_rows(&report.reasoning.divergence_constructs)/>
    }
}

/// A row of a table of first divergences by place: a model, the place (stable name, label), its
/// first divergences there of the answers that reach it, their rate and interval.
struct BreakRow {
    model: String,
    place: (&'static str, &'static str),
    counts: (u64, u64),
    rate: Option<f64>,
    ci95: Option<[f64; 2]>,
}

/// The report's rows of first divergences by a kind of place, as the table shows them.
fn break_rows<P: Unit>(rows: &[PlaceDivergence<P>]) -> Vec<BreakRow> {
    rows.iter()
        .map(|r| BreakRow {
            model: r.model.clone(),
            place: (r.place.name(), r.place.label()),
            counts: (r.diverged, r.reached),
            rate: r.rate,
            ci95: r.ci95,
        })
        .collect()
}

/// First divergences by place (a kind of line, a construct), per model.
#[component]
fn BreakTable(id: &'static str, place: &'static str, rows: Vec<BreakRow>) -> impl IntoView {
    let rows = rows
        .into_iter()
        .map(|row| {
            view! {
                <tr data-model=row.model.clone() data-place=row.place.0>
                    <th scope="row">{row.model.clone()}</th>
                    <td>{row.place.1}</td>
                    <td class="count">{format!("{} of {}", row.counts.0, row.counts.1)}</td>
                    <td class="rate">{row.rate.map(percent)}</td>
                    <td class="ci">{row.ci95.map(interval)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=format!("First divergences by {place}")>
            <table class="pivot" id=id>
                <thead>
                    <tr>
                        <th scope="col">"model"</th>
                        <th scope="col">{place}</th>
                        <th scope="col">"first divergence there"</th>
                        <th scope="col">"rate"</th>
                        <th scope="col">"95% CI"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// Per model and benchmark, how many output responses state values of the run in their prose.
#[component]
fn ProseShares(rows: Vec<ProseShare>) -> impl IntoView {
    let rows = rows
        .into_iter()
        .map(|s| {
            view! {
                <tr data-model=s.model.clone() data-benchmark=s.benchmark.clone()>
                    <th scope="row">{s.model.clone()}</th>
                    <td>{s.benchmark.clone()}</td>
                    <td class="count">{s.responses}</td>
                    <td class="count">{s.with_claims}</td>
                    <td class="count">{s.rate.map(percent).unwrap_or_default()}</td>
                    <td class="count">{s.ci95.map(interval).unwrap_or_default()}</td>
                    <td class="count">{s.claims}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <h3>"Claims in the prose of the reasoning"</h3>
        <p class="explain">
            "Output responses whose reasoning states, in plain words, a value a variable takes (\"`res` becomes "
            "`[1, 2]`\", \"count = 3\"): read carefully, never from a condition, a question or a negation. "
            "Open a program and trace its run: each claim is placed on the step where the run gave that value, "
            "and the first the run never gave is marked."
        </p>
        <div class="table-scroll" tabindex="0" role="region" aria-label="Claims in the prose of the reasoning">
            <table class="pivot" id="prose-claims">
                <thead>
                    <tr>
                        <th scope="col">"model"</th>
                        <th scope="col">"benchmark"</th>
                        <th scope="col">"responses"</th>
                        <th scope="col">"with claims"</th>
                        <th scope="col">"share"</th>
                        <th scope="col">"95% CI"</th>
                        <th scope="col">"claims"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// Per model, its intermediate answers against its final ones: a 2×2 table whose cells list their
/// programs.
#[component]
fn CoherenceTables(rows: Vec<Coherence>, open: impl Fn(&str, &str) + Copy + Send + Sync + 'static) -> impl IntoView {
    if rows.is_empty() {
        return view! {
            <p class="explain" id="coherence-none">"No model answered the output of these programs too: no coherence to show."</p>
        }
        .into_any();
    }
    let tables = rows
        .into_iter()
        .map(|c| {
            let listed = RwSignal::new(None::<(usize, usize)>);
            let cell = |states: usize, output: usize, c: &Coherence| {
                let count = c.counts[states][output];
                let finding = states == 0 && output == 1;
                view! {
                    <td class="count" class:finding=finding>
                        <button class="link" data-cell=format!("{states}{output}")
                            on:click=move |_| listed.update(|l| *l = if *l == Some((states, output)) { None } else { Some((states, output)) })>
                            {count}
                        </button>
                    </td>
                }
            };
            let auroc = match (c.auroc, c.auroc_ci95) {
                (Some(a), Some(ci)) => format!(
                    "How early the story parts from the run tells a wrong output: AUROC {a:.3} (95% CI {:.3}–{:.3}).",
                    ci[0], ci[1]
                ),
                _ => "AUROC: needs both right and wrong outputs.".to_owned(),
            };
            let (benchmark, programs) = (c.benchmark.clone(), c.programs.clone());
            let list = move || {
                listed.get().map(|(s, o)| {
                    let benchmark = benchmark.clone();
                    let ids = programs[s][o].clone();
                    view! {
                        <ul class="program-list">
                            {ids.into_iter().map(|id| {
                                let (b, shown) = (benchmark.clone(), id.clone());
                                view! { <li><button class="link" on:click=move |_| open(&b, &id)>{shown}</button></li> }
                            }).collect_view()}
                        </ul>
                    }
                })
            };
            view! {
                <figure class="coherence" data-model=c.model.clone()>
                    <figcaption>{format!("{} · {} · {}", c.model, c.benchmark, c.task.label())}</figcaption>
                    <table class="pivot">
                        <thead><tr><th></th><th scope="col">"output right"</th><th scope="col">"output wrong"</th></tr></thead>
                        <tbody>
                            <tr><th scope="row">"states right"</th>{cell(1, 1, &c)}{cell(1, 0, &c)}</tr>
                            <tr><th scope="row">"states wrong"</th>{cell(0, 1, &c)}{cell(0, 0, &c)}</tr>
                        </tbody>
                    </table>
                    <p class="explain">{auroc}</p>
                    {list}
                </figure>
            }
        })
        .collect_view();
    view! {
        <h3>"Coherence: the story against the final answer"</h3>
        <p class="explain">
            "Programs whose intermediate task and output the same model answered. A right output reached through "
            "wrong states (marked) is a finding of its own. A cell lists its programs."
        </p>
        <div class="coherence-list" id="reasoning-coherence">{tables}</div>
    }
    .into_any()
}

/// Every answer against its run: how it ends and where it first parts; a row opens its program.
#[component]
fn Answers(rows: Vec<DivergenceRow>, open: impl Fn(&str, &str) + Copy + Send + Sync + 'static) -> impl IntoView {
    let all = RwSignal::new(false);
    let total = rows.len();
    let more = move || !all.get() && total > ROWS_SHOWN;
    let rows = Arc::new(rows);
    let shown = {
        let rows = rows.clone();
        move || {
            let n = if all.get() { total } else { ROWS_SHOWN.min(total) };
            rows[..n]
                .iter()
                .map(|r| {
                    let first = r.first_divergence.clone();
                    let (benchmark, id) = (r.benchmark.clone(), r.program.clone());
                    view! {
                        <tr class:agrees=r.agrees data-ending=r.ending.name()>
                            <td>{r.model.clone()}</td>
                            <td><button class="link" on:click=move |_| open(&benchmark, &id)>{r.program.clone()}</button></td>
                            <td>{r.ending.label()}</td>
                            <td>{first.as_ref().map(|f| f.line.clone())}</td>
                            <td>{first.as_ref().map(|f| f.step)}</td>
                            <td><code>{first.as_ref().and_then(|f| f.variable.clone())}</code></td>
                            <td><code>{first.as_ref().map(|f| f.predicted.clone().unwrap_or_else(|| "—".to_owned()))}</code></td>
                            <td><code>{first.as_ref().map(|f| f.actual.clone())}</code></td>
                            <td class="count">{format!("{}/{}", r.steps_right, r.steps)}</td>
                        </tr>
                    }
                })
                .collect_view()
        }
    };
    view! {
        <h3>"Every answer"</h3>
        <div class="table-scroll">
            <table class="pivot" id="reasoning-answers">
                <thead>
                    <tr>
                        <th scope="col">"model"</th>
                        <th scope="col">"program"</th>
                        <th scope="col">"ending"</th>
                        <th scope="col">"line"</th>
                        <th scope="col">"step"</th>
                        <th scope="col">"variable"</th>
                        <th scope="col">"the answer"</th>
                        <th scope="col">"the run"</th>
                        <th scope="col">"steps right"</th>
                    </tr>
                </thead>
                <tbody>{shown}</tbody>
            </table>
        </div>
        <Show when=more>
            <button class="button" id="reasoning-all-answers" on:click=move |_| all.set(true)>{format!("Show all {total} answers")}</button>
        </Show>
    }
}
