//! Success per type of the expected output (SPEC §4.5, §6): value match (the verdict) and type
//! match (did the model at least answer with the right type?), in the flavor chosen at the top. A
//! figure per benchmark (bars, or a heatmap for many models) and a pivot: a row per type, a column
//! per model shown. A bar, heatmap cell or pivot cell opens the programs behind it.

use crate::components::figure::FigureCanvas;
use crate::components::predicted_benchmarks;
use crate::components::window::growing;
use exerscope_charts::figures::{self, Hit};
use exerscope_charts::format::{interval_clause, percent};
use exerscope_core::drilldown::{OutputType, Selection};
use exerscope_core::flavors::Flavor;
use exerscope_core::stats::TypeSummary;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;
use wasm_bindgen::JsCast;

#[component]
pub fn TypesView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    flavor: Signal<Flavor>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let by_length = RwSignal::new(false);
    let type_match = RwSignal::new(false);
    let many = Signal::derive(move || facts.with(|f| f.as_deref().is_some_and(figures::many_models)));
    let per_benchmark = move || {
        facts
            .with(|f| f.as_deref().map(predicted_benchmarks).unwrap_or_default())
            .into_iter()
            .map(|(benchmark, _)| {
                let figure = Memo::new(move |_| {
                    let (facts, report) = (facts.get()?, report.get()?);
                    figures::types(&facts, &report, flavor.get(), benchmark).map(Arc::new)
                });
                let class = if many.get() { "heatmap" } else { "types-chart" };
                let on_hit = Callback::new(move |hit: Hit| {
                    let Some(figure) = figure.get_untracked() else { return };
                    let Some((name, model)) = figure.group_of(hit) else { return };
                    on_select.run(of_type(flavor.get_untracked(), name, benchmark, model));
                });
                view! { <FigureCanvas figure=figure.into() class=class on_hit/> }
            })
            .collect_view()
    };
    view! {
        <section class="panel" id="types">
            <h2>"Success per output type"</h2>
            <p class="explain">
                "Value match: the prediction is correct. Type match: the prediction has the expected output's type. "
                "Rates count answers (every sample). "
                {move || match flavor.get() {
                    Flavor::Reference => "Types as ExeRScope names them (anything not a literal is a string).",
                    Flavor::Exerscope => "exerscope's types: containers with their element type; text that is no literal apart.",
                }}
            </p>
            <div class="heatmap-list">{per_benchmark}</div>
            <div class="controls">
                <label>
                    "Cells: "
                    <select id="types-cells" on:change=move |e| type_match.set(event_target_value(&e) == "type")>
                        <option value="value" selected=move || !type_match.get()>"value match"</option>
                        <option value="type" selected=move || type_match.get()>"type match"</option>
                    </select>
                </label>
                <label>
                    <input id="types-by-length" type="checkbox" prop:checked=move || by_length.get()
                        on:change=move |e| by_length.set(event_target_checked(&e))/>
                    " split exerscope types by the length of the expected output"
                </label>
            </div>
            <TypesPivot facts report flavor many by_length=by_length.into() type_match=type_match.into() on_select/>
        </section>
    }
}

/// The type rows of one flavor as a pivot: a row per (benchmark, type, length), a column per model.
/// A cell's click and its words on hover are the table's (100 models make 2,500 cells: a title
/// and a listener each made opening the section one long task).
#[component]
fn TypesPivot(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    flavor: Signal<Flavor>,
    /// Many models shown (a heatmap above): the pivot is folded until opened.
    many: Signal<bool>,
    by_length: Signal<bool>,
    type_match: Signal<bool>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    // The models predicted in the facts shown, in their order (that of every other view).
    let models = move || {
        facts.with(|f| {
            f.as_deref().map_or(Vec::new(), |f| {
                f.predicted_models().into_iter().map(|m| f.models[m as usize].clone()).collect::<Vec<_>>()
            })
        })
    };
    let header = move || models().into_iter().map(|m| view! { <th scope="col">{m}</th> }).collect_view();
    let open = RwSignal::new(false);
    // 100 models: 25 rows of 200 elements, built 8 rows a task (counted once, not at each step).
    let row_count =
        Memo::new(move |_| report.with(|r| r.as_ref().map_or(0, |r| pivot(r, flavor.get(), by_length.get()).len())));
    let shown_rows = growing(move || if open.get() { row_count.get() } else { 0 }, 8);
    let rows = move || {
        if !open.get() {
            return Vec::new();
        }
        let models = models();
        let (flavor, by_length, type_match) = (flavor.get(), by_length.get(), type_match.get());
        let Some(report) = report.get() else { return Vec::new() };
        let pivot = pivot(&report, flavor, by_length);
        pivot
            .into_iter()
            .take(shown_rows.get())
            .map(|((benchmark, value_type, length), by_model)| {
                let cells = models
                    .iter()
                    .map(|model| match by_model.get(model.as_str()) {
                        None => view! { <td class="num" data-model=model.clone()>"–"</td> }.into_any(),
                        Some(t) => {
                            let shown = if type_match { t.type_match } else { t.value_match };
                            view! {
                                <td class="num clickable" data-model=model.clone()>
                                    <button class="link">{format!("{shown}/{}", t.total)}</button>
                                </td>
                            }
                            .into_any()
                        }
                    })
                    .collect_view();
                view! {
                    <tr data-benchmark=benchmark.to_owned() data-type=value_type.to_owned() data-length=length.map(str::to_owned)>
                        <th scope="row"><span class="muted">{benchmark.to_owned()}" · "</span>{value_type.to_owned()}</th>
                        <td>{length.unwrap_or("all").to_owned()}</td>
                        {cells}
                    </tr>
                }
            })
            .collect()
    };
    // The cell an event happened in, as (its cell, benchmark, type, length, model).
    let cell_of = |event: &leptos::ev::Event| -> Option<(web_sys::Element, [String; 3], Option<String>)> {
        let target: web_sys::Element = event.target()?.dyn_into().ok()?;
        let cell = target.closest("td.clickable[data-model]").ok()??;
        let row = cell.closest("tr[data-type]").ok()??;
        let [benchmark, value_type, model] =
            [(&row, "data-benchmark"), (&row, "data-type"), (&cell, "data-model")].map(|(e, a)| e.get_attribute(a));
        Some((cell, [benchmark?, value_type?, model?], row.get_attribute("data-length")))
    };
    let summary = move |[benchmark, value_type, model]: &[String; 3], length: &Option<String>| {
        let flavor = flavor.get_untracked();
        report.with_untracked(|r| {
            r.as_ref()?
                .types
                .iter()
                .find(|t| {
                    t.flavor == flavor
                        && &t.benchmark == benchmark
                        && &t.value_type == value_type
                        && &t.model == model
                        && &t.length == length
                })
                .cloned()
        })
    };
    let on_click = move |event: leptos::ev::MouseEvent| {
        let Some((_, [benchmark, value_type, model], _)) = cell_of(&event) else { return };
        let selection = facts.with_untracked(|f| {
            let f = f.as_ref()?;
            let benchmark = f.benchmark_index(&benchmark)?;
            Some(of_type(
                flavor.get_untracked(),
                &value_type,
                benchmark as usize,
                f.model_index(&model).map(|m| m as usize),
            ))
        });
        selection.into_iter().for_each(|s| on_select.run(s));
    };
    let on_hover = move |event: leptos::ev::MouseEvent| {
        let Some((cell, names, length)) = cell_of(&event) else { return };
        if !cell.has_attribute("title") {
            if let Some(t) = summary(&names, &length) {
                let _ = cell.set_attribute("title", &describe(&t));
            }
        }
    };
    view! {
        // Open at first for a few models; for many (a column each, 2,500 cells: ~200 ms of the
        // browser's layout) closed, and built once opened.
        <details class="pivot-numbers" prop:open=move || !many.get()
            on:toggle=move |e| open.set(event_target::<web_sys::HtmlDetailsElement>(&e).open())>
            <summary>"As a table: a row per type, a column per model"</summary>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Success per output type and model">
                <table class="data pivot" id="types-table" on:click=on_click on:mouseover=on_hover>
                    <thead>
                        <tr><th scope="col">"benchmark · expected type"</th><th scope="col">"length"</th>{header}</tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </details>
    }
}

/// The summaries of one flavor by (benchmark, type, length), then by model: the pivot's rows.
fn pivot(report: &Report, flavor: Flavor, by_length: bool) -> BTreeMap<PivotRow<'_>, BTreeMap<&str, &TypeSummary>> {
    let split = by_length && flavor == Flavor::Exerscope;
    let mut pivot: BTreeMap<PivotRow, BTreeMap<&str, &TypeSummary>> = BTreeMap::new();
    for t in report.types.iter().filter(|t| t.flavor == flavor && t.length.is_some() == split) {
        pivot
            .entry((t.benchmark.as_str(), t.value_type.as_str(), t.length.as_deref()))
            .or_default()
            .insert(&t.model, t);
    }
    pivot
}

/// A row of the types pivot: (benchmark, type, length).
type PivotRow<'a> = (&'a str, &'a str, Option<&'a str>);

/// The programs expecting `name` (a type in `flavor`) in a benchmark, of one model or all.
fn of_type(flavor: Flavor, name: &str, benchmark: usize, model: Option<usize>) -> Selection {
    Selection {
        benchmark: Some(benchmark as u32),
        model: model.map(|m| m as u32),
        output_type: Some(OutputType { flavor, name: name.to_owned() }),
        ..Default::default()
    }
}

/// A cell's numbers in words: `64/67 right (96%, 95% CI …); 67/67 of the right type`.
fn describe(t: &TypeSummary) -> String {
    let rate = t.value_rate.map(percent).unwrap_or_default();
    let ci = interval_clause(t.value_ci95);
    format!(
        "{}: {}/{} right ({rate}{ci}); {}/{} of the right type",
        t.model, t.value_match, t.total, t.type_match, t.total
    )
}
