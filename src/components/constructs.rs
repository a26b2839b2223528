//! Success per construct, in the flavor chosen at the top: exerscope's definitions (SPEC §4.2,
//! the default) or the reference flags (SPEC §4.1, the paper's numbers). A radar per benchmark,
//! the same numbers as a table, and the with/without comparison. A spoke or a cell opens the
//! programs behind it.

use crate::charts::bars::{draw_success_bars, Bar, BarHit, SuccessBars};
use crate::charts::canvas::{canvas_area, canvas_point};
use crate::charts::palette::model_css;
use crate::charts::radar::{draw_radar, RadarGeometry, RadarSeries};
use crate::components::{benchmark_options, predicted_benchmarks};
use crate::format::{format_p, percent};
use exerscope_core::drilldown::Selection;
use exerscope_core::flavors::{AnyConstruct, Flavor};
use exerscope_core::stats::wilson::{wilson_interval_of_rate, Z_95};
use exerscope_core::stats::ConstructSummary;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// The success of `construct` for (model, benchmark); `None` without programs having it.
fn construct_summary<'a>(
    constructs: &'a [ConstructSummary],
    model: &str,
    benchmark: &str,
    construct: AnyConstruct,
) -> Option<&'a ConstructSummary> {
    constructs.iter().find(|c| {
        c.model == model
            && c.benchmark == benchmark
            && c.flavor == construct.flavor()
            && c.construct == construct.name()
            && c.total > 0
    })
}

/// The constructs of the flavor that some program of the report has (spokes of the radars).
fn shown_constructs(report: &Report, flavor: Flavor) -> Vec<AnyConstruct> {
    flavor
        .constructs()
        .into_iter()
        .filter(|c| report.constructs.iter().any(|s| s.flavor == flavor && s.construct == c.name() && s.total > 0))
        .collect()
}

#[component]
pub fn ConstructsView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Memo<Option<Arc<Report>>>,
    flavor: RwSignal<Flavor>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let benchmarks = move || facts.with(|f| f.as_deref().map(predicted_benchmarks).unwrap_or_default());
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
            <Legend facts=facts/>
            <div class="radar-grid">
                {move || {
                    benchmarks()
                        .into_iter()
                        .map(|(index, name)| {
                            view! { <Radar facts report flavor benchmark=index name on_select/> }
                        })
                        .collect_view()
                }}
            </div>
            <ConstructBars facts report flavor on_select/>
            <ConstructTable facts report flavor on_select/>
            <ConstructEffects report flavor/>
        </section>
    }
}

#[component]
fn Legend(facts: Signal<Option<Arc<Facts>>>) -> impl IntoView {
    let models = move || facts.with(|f| f.as_ref().map(|f| f.models.clone()).unwrap_or_default());
    view! {
        <ul class="legend">
            {move || {
                models()
                    .into_iter()
                    .enumerate()
                    .map(|(i, model)| view! { <li><span class="swatch" style:background=model_css(i)></span>{model}</li> })
                    .collect_view()
            }}
        </ul>
    }
}

#[component]
fn Radar(
    facts: Signal<Option<Arc<Facts>>>,
    report: Memo<Option<Arc<Report>>>,
    flavor: RwSignal<Flavor>,
    benchmark: usize,
    name: String,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let geometry = StoredValue::new(None::<(RadarGeometry, Vec<AnyConstruct>)>);
    let title = name.clone();
    Effect::new(move |_| {
        let (Some(canvas), Some(report), Some(facts)) = (canvas.get(), report.get(), facts.get()) else { return };
        let Some(area) = canvas_area(&canvas) else { return };
        let spokes = shown_constructs(&report, flavor.get());
        let series: Vec<RadarSeries> = facts
            .models
            .iter()
            .enumerate()
            .filter(|(_, model)| report.runs.iter().any(|r| r.model == **model && r.benchmark == title))
            .map(|(i, model)| RadarSeries {
                model: i,
                rates: spokes
                    .iter()
                    .map(|&c| construct_summary(&report.constructs, model, &title, c).and_then(|s| s.pass_at_1))
                    .collect(),
            })
            .collect();
        let labels: Vec<String> = spokes.iter().map(|c| c.short().to_owned()).collect();
        match draw_radar(&area, &title, &labels, &series) {
            Ok(drawn) => geometry.set_value(Some((drawn, spokes))),
            Err(e) => web_sys::console::error_1(&format!("exerscope: radar not drawn: {e:?}").into()),
        }
        let _ = canvas.set_attribute("data-drawn", "true");
    });
    let on_click = move |event: web_sys::MouseEvent| {
        let Some(canvas) = canvas.get() else { return };
        let point = canvas_point(&canvas, &event);
        let construct = geometry.with_value(|g| {
            g.as_ref().and_then(|(geometry, spokes)| geometry.spoke_at(point).map(|spoke| spokes[spoke]))
        });
        if let Some(construct) = construct {
            on_select.run(Selection {
                benchmark: Some(benchmark as u32),
                construct: Some(construct),
                ..Default::default()
            });
        }
    };
    view! {
        <canvas class="chart radar clickable" width="380" height="380" node_ref=canvas on:click=on_click
            data-benchmark=name.clone() aria-label=format!("Success per construct on {name}")></canvas>
    }
}

#[component]
fn ConstructTable(
    facts: Signal<Option<Arc<Facts>>>,
    report: Memo<Option<Arc<Report>>>,
    flavor: RwSignal<Flavor>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let columns = move || report.get().map(|r| shown_constructs(&r, flavor.get())).unwrap_or_default();
    let header = move || columns().into_iter().map(|c| view! { <th title=c.label()>{c.short()}</th> }).collect_view();
    let rows = move || {
        let (Some(report), Some(facts)) = (report.get(), facts.get()) else { return Vec::new() };
        let columns = columns();
        report
            .runs
            .iter()
            .map(|run| {
                let model = facts.model_index(&run.model);
                let benchmark = facts.benchmark_index(&run.benchmark);
                let cells = columns
                    .iter()
                    .map(|&construct| {
                        let summary = construct_summary(&report.constructs, &run.model, &run.benchmark, construct);
                        let text =
                            summary.map(|s| format!("{}/{}", s.correct, s.total)).unwrap_or_else(|| "–".to_owned());
                        let title = summary.and_then(|s| {
                            let rate = percent(s.pass_at_1?);
                            Some(format!("{}/{} predictions; {rate} over {} program(s)", s.correct, s.total, s.programs))
                        });
                        let select = move |_| {
                            on_select.run(Selection { model, benchmark, construct: Some(construct), agreement: None })
                        };
                        view! { <td class="num clickable" title=title data-construct=construct.name() on:click=select>{text}</td> }
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
        <div class="table-scroll">
            <table id="construct-table" class="data">
                <thead><tr><th>"model"</th><th>"benchmark"</th>{header}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// With against without each construct: rates, difference, Fisher p and Benjamini–Hochberg
/// adjusted p.
#[component]
fn ConstructEffects(report: Memo<Option<Arc<Report>>>, flavor: RwSignal<Flavor>) -> impl IntoView {
    let rate = |[correct, total]: [u64; 2]| {
        if total == 0 {
            "–".to_owned()
        } else {
            format!("{correct}/{total} ({})", percent(correct as f64 / total as f64))
        }
    };
    let rows = move || {
        report
            .get()
            .map(|r| r.construct_effects.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|e| e.flavor == flavor.get() && e.difference.is_some())
            .map(|e| {
                let significant = e.p_adjusted.is_some_and(|p| p < 0.05);
                let (model_attr, benchmark_attr, construct_attr) =
                    (e.model.clone(), e.benchmark.clone(), e.construct.clone());
                view! {
                    <tr class:significant=significant data-model=model_attr data-benchmark=benchmark_attr
                        data-construct=construct_attr>
                        <td>{e.model}</td>
                        <td>{e.benchmark}</td>
                        <td>{e.construct}</td>
                        <td class="num">{rate(e.present)}</td>
                        <td class="num">{rate(e.absent)}</td>
                        <td class="num">{e.difference.map(|d| format!("{:+.1} pt", d * 100.0)).unwrap_or_default()}</td>
                        <td class="num">{e.p.map(format_p).unwrap_or_default()}</td>
                        <td class="num">{e.p_adjusted.map(format_p).unwrap_or_default()}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <details class="effects">
            <summary>"With against without each construct (Fisher's exact test, Benjamini–Hochberg across constructs)"</summary>
            <table class="data" id="effects-table">
                <thead>
                    <tr>
                        <th>"model"</th><th>"benchmark"</th><th>"construct"</th><th>"with"</th><th>"without"</th>
                        <th>"difference"</th><th>"p"</th><th>"adjusted p"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}

/// The same rates as bars with their 95% Wilson intervals, for one benchmark at a time.
#[component]
fn ConstructBars(
    facts: Signal<Option<Arc<Facts>>>,
    report: Memo<Option<Arc<Report>>>,
    flavor: RwSignal<Flavor>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    // The benchmark picked; the first one predicted until then, or when the task shown has none of it.
    let picked = RwSignal::new(None::<usize>);
    let benchmark = Memo::new(move |_| {
        let predicted = facts.with(|f| f.as_ref().map(|f| f.predicted_benchmarks()).unwrap_or_default());
        let picked = picked.get().filter(|&b| predicted.contains(&(b as u32)));
        picked.or(predicted.first().map(|&b| b as usize))
    });
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let drawn = StoredValue::new((Vec::<BarHit>::new(), Vec::<AnyConstruct>::new()));
    Effect::new(move |_| {
        let (Some(canvas), Some(report), Some(facts)) = (canvas.get(), report.get(), facts.get()) else { return };
        let Some(benchmark_name) = benchmark.get().and_then(|b| facts.benchmarks.get(b)) else { return };
        let constructs = shown_constructs(&report, flavor.get());
        let mut bars = Vec::new();
        for (group, &construct) in constructs.iter().enumerate() {
            for (model, model_name) in facts.models.iter().enumerate() {
                let summary = construct_summary(&report.constructs, model_name, benchmark_name, construct);
                if let Some((rate, programs)) = summary.and_then(|s| Some((s.pass_at_1?, s.programs))) {
                    // Each program once (c/n of its samples), the interval over programs.
                    let ci95 = wilson_interval_of_rate(rate, programs, Z_95);
                    bars.push(Bar { group, model, rate, ci95 });
                }
            }
        }
        let groups: Vec<String> = constructs.iter().map(|c| c.short().to_owned()).collect();
        let Some(area) = canvas_area(&canvas) else { return };
        match draw_success_bars(&area, &SuccessBars { groups: &groups, models: &facts.models, bars: &bars }) {
            Ok(hits) => drawn.set_value((hits, constructs)),
            Err(e) => web_sys::console::error_1(&format!("exerscope: construct bars not drawn: {e:?}").into()),
        }
        let _ = canvas.set_attribute("data-drawn", "true");
    });
    let on_click = move |event: web_sys::MouseEvent| {
        let Some(canvas) = canvas.get() else { return };
        let point = canvas_point(&canvas, &event);
        let hit = drawn.with_value(|(hits, constructs)| {
            hits.iter().find(|h| h.contains(point)).map(|h| (h.model, constructs[h.group]))
        });
        if let Some((model, construct)) = hit {
            on_select.run(Selection {
                benchmark: benchmark.get_untracked().map(|b| b as u32),
                model: Some(model as u32),
                construct: Some(construct),
                agreement: None,
            });
        }
    };
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
        <canvas id="construct-bars" class="chart clickable" width="1100" height="340" node_ref=canvas on:click=on_click
            aria-label="Success per construct with 95% Wilson intervals"></canvas>
    }
}
