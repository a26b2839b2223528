//! Success per construct, in the flavor chosen at the top: exerscope's definitions (SPEC §4.2,
//! the default) or the reference flags (SPEC §4.1, the paper's numbers). A radar per benchmark,
//! the same numbers as a table, and the with/without comparison. A spoke or a cell opens the
//! programs behind it.

use crate::components::figure::FigureCanvas;
use crate::components::window::Window;
use crate::components::{benchmark_options, predicted_benchmarks};
use exerscope_charts::figures::{self, shown_constructs, ConstructSummaries, Figure, Hit};
use exerscope_charts::format::{format_p, percent};
use exerscope_core::drilldown::Selection;
use exerscope_core::flavors::Flavor;
use exerscope_core::stats::construct_effect::{ConstructEffect, GroupSuccess};
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn ConstructsView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    flavor: Signal<Flavor>,
    /// The benchmark of the construct bars, as picked (`None`: the first predicted).
    bars_benchmark: RwSignal<Option<usize>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let benchmarks = move || facts.with(|f| f.as_deref().map(predicted_benchmarks).unwrap_or_default());
    let many = move || facts.with(|f| f.as_deref().is_some_and(figures::many_models));
    // One figure per benchmark predicted.
    let per_benchmark = move |figure_of: BuildFigure, class: &'static str| {
        benchmarks()
            .into_iter()
            .map(
                |(index, _)| view! { <ConstructFigure facts report flavor benchmark=index figure_of class on_select/> },
            )
            .collect_view()
    };
    let explanation = move || match flavor.get() {
        Flavor::Reference => {
            "Reference flags of ExeRScope (the paper's numbers): NL nested loop (directly in a loop), I if, F for, \
             W while, T try, B basic (none of these), NI nested if (elif counts)."
        }
        Flavor::Exerscope => {
            "exerscope's constructs: nesting at any depth (an elif is a chain, not nesting), recursion through the \
             call graph, and more. Switch to the reference definitions at the top for the paper's numbers."
        }
    };
    view! {
        <section class="panel" id="constructs">
            <h2>"Success per construct"</h2>
            <p class="explain">{explanation}" A rate counts the programs with the construct that the model predicted."</p>
            // Many models: a heatmap per benchmark (a row per model) instead of radars and bars.
            <Show
                when=move || !many()
                fallback=move || view! { <div class="heatmap-list">{move || per_benchmark(figures::construct_heatmap, "heatmap")}</div> }
            >
                <div class="radar-grid">{move || per_benchmark(figures::construct_radar, "radar")}</div>
                <ConstructBars facts report flavor picked=bars_benchmark on_select/>
            </Show>
            <ConstructTable facts report flavor on_select/>
            <ConstructEffects report flavor/>
        </section>
    }
}

/// How a construct figure of one benchmark is built (a radar, a heatmap).
type BuildFigure = fn(&Facts, &Report, Flavor, usize) -> Option<Figure>;

/// A construct figure of one benchmark; a spoke, cell or bar opens the programs behind it.
#[component]
fn ConstructFigure(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    flavor: Signal<Flavor>,
    benchmark: usize,
    figure_of: BuildFigure,
    class: &'static str,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let figure = Memo::new(move |_| {
        let (facts, report) = (facts.get()?, report.get()?);
        figure_of(&facts, &report, flavor.get(), benchmark).map(Arc::new)
    });
    let on_hit = Callback::new(move |hit: Hit| {
        if let Some(selection) = construct_selection(report, flavor, Some(benchmark), hit) {
            on_select.run(selection);
        }
    });
    view! { <FigureCanvas figure=figure.into() class=class on_hit/> }
}

/// The programs behind a mark of a construct figure: its construct (spoke, column or group), its
/// model where it has one, in `benchmark`.
fn construct_selection(
    report: Signal<Option<Arc<Report>>>,
    flavor: Signal<Flavor>,
    benchmark: Option<usize>,
    hit: Hit,
) -> Option<Selection> {
    let (model, column) = match hit {
        Hit::Spoke(spoke) => (None, spoke),
        Hit::Cell { model, column } => (Some(model), column),
        Hit::Bar { model, group } => (Some(model), group),
    };
    let construct = report.with_untracked(|r| r.as_ref().map(|r| shown_constructs(r, flavor.get_untracked())))?;
    Some(Selection {
        benchmark: benchmark.map(|b| b as u32),
        model: model.map(|m| m as u32),
        construct: Some(*construct.get(column)?),
        ..Default::default()
    })
}

/// The rates as a table, a row per model and benchmark: only the rows in view are rendered (100
/// models on 4 benchmarks are 400 rows of 20 cells).
#[component]
fn ConstructTable(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    flavor: Signal<Flavor>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let window = Window::default();
    let columns = move || report.get().map(|r| shown_constructs(&r, flavor.get())).unwrap_or_default();
    let header = move || columns().into_iter().map(|c| view! { <th title=c.label()>{c.short()}</th> }).collect_view();
    let count = move || report.with(|r| r.as_ref().map_or(0, |r| r.runs.len()));
    let rows = move || {
        let (Some(report), Some(facts)) = (report.get(), facts.get()) else { return Vec::new() };
        let (columns, summaries) = (columns(), ConstructSummaries::of(&report));
        let runs = report.runs.get(window.range(report.runs.len())).unwrap_or_default();
        runs.iter()
            .map(|run| {
                let model = facts.model_index(&run.model);
                let benchmark = facts.benchmark_index(&run.benchmark);
                let cells = columns
                    .iter()
                    .map(|&construct| {
                        let summary = summaries.get(&run.model, &run.benchmark, construct);
                        let text =
                            summary.map(|s| format!("{}/{}", s.correct, s.total)).unwrap_or_else(|| "–".to_owned());
                        let title = summary.and_then(|s| {
                            let rate = percent(s.pass_at_1?);
                            Some(format!("{}/{} predictions; {rate} over {} program(s)", s.correct, s.total, s.programs))
                        });
                        let select = move |_| {
                            on_select.run(Selection { model, benchmark, construct: Some(construct), ..Default::default() })
                        };
                        view! { <td class="num clickable" title=title data-construct=construct.name() on:click=select><button class="link">{text}</button></td> }
                    })
                    .collect_view();
                view! {
                    <tr data-model=run.model.clone() data-benchmark=run.benchmark.clone()>
                        <td>{run.model.clone()}</td>
                        <td>{run.benchmark.clone()}</td>
                        {cells}
                    </tr>
                }
            })
            .collect::<Vec<_>>()
    };
    view! {
        <div class="windowed" tabindex="0" role="region" aria-label="Success per construct, as a table" on:scroll=move |e| window.on_scroll(e)>
            <table id="construct-table" class="data" aria-rowcount=move || count() + 1>
                <thead><tr><th>"model"</th><th>"benchmark"</th>{header}</tr></thead>
                <tbody>{move || window.spacer(count(), true)}{rows}{move || window.spacer(count(), false)}</tbody>
            </table>
        </div>
    }
}

/// With against without each construct: rates, difference, Fisher p and Benjamini–Hochberg
/// adjusted p, and the smallest difference those programs could have shown (rows whose programs
/// could not show 20 points are marked "too few programs").
#[component]
fn ConstructEffects(report: Signal<Option<Arc<Report>>>, flavor: Signal<Flavor>) -> impl IntoView {
    // Built once opened, and then only the rows in view: 100 models have 2,000 of them.
    let open = RwSignal::new(false);
    let window = Window::default();
    let effects = Memo::new(move |_| {
        let flavor = flavor.get();
        report.with(|r| {
            r.as_ref().map_or_else(Vec::new, |r| {
                r.construct_effects.iter().filter(|e| e.flavor == flavor && e.difference.is_some()).cloned().collect()
            })
        })
    });
    let count = move || effects.with(Vec::len);
    let rows = move || {
        if !open.get() {
            return Vec::new();
        }
        let range = window.range(count());
        effects.with(|effects| effects.get(range).unwrap_or_default().iter().cloned().map(effect_row).collect())
    };
    let on_toggle = move |e: leptos::ev::Event| {
        open.set(event_target::<web_sys::HtmlDetailsElement>(&e).open());
    };
    view! {
        <details class="effects" on:toggle=on_toggle>
            <summary>"With against without each construct (Fisher's exact test, Benjamini–Hochberg across constructs)"</summary>
            <p class="explain">
                "Detectable: the smallest difference a test of these programs finds with power 0.8 (α = 0.05). "
                "Where it is above 20 points, no difference found means too few programs, not no difference."
            </p>
            <div class="windowed" tabindex="0" role="region" aria-label="With against without each construct" on:scroll=move |e| window.on_scroll(e)>
                <table class="data" id="effects-table" aria-rowcount=move || count() + 1>
                    <thead>
                        <tr>
                            <th>"model"</th><th>"benchmark"</th><th>"construct"</th><th>"with"</th><th>"without"</th>
                            <th>"difference"</th><th>"p"</th><th>"adjusted p"</th><th>"detectable"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || open.get().then(|| window.spacer(count(), true))}
                        {rows}
                        {move || open.get().then(|| window.spacer(count(), false))}
                    </tbody>
                </table>
            </div>
        </details>
    }
}

/// A row of the with/without table: rates, difference, p and adjusted p, what was detectable.
fn effect_row(e: ConstructEffect) -> impl IntoView {
    let rate = |group: GroupSuccess| match group.rate {
        Some(rate) => format!("{}/{} ({})", group.right, group.programs, percent(rate)),
        None => "–".to_owned(),
    };
    let significant = e.p_adjusted.is_some_and(|p| p < 0.05);
    let (model_attr, benchmark_attr, construct_attr) = (e.model.clone(), e.benchmark.clone(), e.construct.clone());
    // "Too few programs" explains a difference not found; one found needs no excuse.
    let too_few = e.too_few_programs && !significant;
    let detectable = match e.mdd {
        Some(mdd) if mdd >= 1.0 => "over 100 pt".to_owned(),
        Some(mdd) => format!("{:.1} pt", mdd * 100.0),
        None => "–".to_owned(),
    };
    let detectable = if too_few { format!("{detectable}: too few programs") } else { detectable };
    view! {
        <tr class:significant=significant class:too-few=too_few data-model=model_attr
            data-benchmark=benchmark_attr data-construct=construct_attr>
            <td>{e.model}</td>
            <td>{e.benchmark}</td>
            <td>{e.construct}</td>
            <td class="num">{rate(e.present)}</td>
            <td class="num">{rate(e.absent)}</td>
            <td class="num">{e.difference.map(|d| format!("{:+.1} pt", d * 100.0)).unwrap_or_default()}</td>
            <td class="num">{e.p.map(format_p).unwrap_or_default()}</td>
            <td class="num">{e.p_adjusted.map(format_p).unwrap_or_default()}</td>
            <td class="num detectable">{detectable}</td>
        </tr>
    }
}

/// The same rates as bars with their 95% Wilson intervals, for one benchmark at a time.
#[component]
fn ConstructBars(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    flavor: Signal<Flavor>,
    picked: RwSignal<Option<usize>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    // The benchmark picked; the first one predicted until then, or when the task shown has none of it.
    let benchmark = Memo::new(move |_| {
        let predicted = facts.with(|f| f.as_ref().map(|f| f.predicted_benchmarks()).unwrap_or_default());
        let picked = picked.get().filter(|&b| predicted.contains(&(b as u32)));
        picked.or(predicted.first().map(|&b| b as usize))
    });
    let figure = Memo::new(move |_| {
        let (facts, report, benchmark) = (facts.get()?, report.get()?, benchmark.get()?);
        figures::construct_bars(&facts, &report, flavor.get(), benchmark).map(Arc::new)
    });
    let on_hit = Callback::new(move |hit: Hit| {
        if let Some(selection) = construct_selection(report, flavor, benchmark.get_untracked(), hit) {
            on_select.run(selection);
        }
    });
    view! {
        <div class="controls">
            <label>
                "Bars with 95% intervals for "
                <select id="construct-bars-benchmark" on:change=move |e| {
                    if let Ok(i) = event_target_value(&e).parse() {
                        picked.set(Some(i));
                    }
                }>{move || benchmark_options(facts, move |i| benchmark.get() == Some(i))}</select>
            </label>
        </div>
        <FigureCanvas figure=figure.into() id="construct-bars" on_hit/>
    }
}
