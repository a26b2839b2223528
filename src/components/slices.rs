//! Where each model fails: the property combinations on which its success falls beyond chance
//! (the core's slice finder, `report.slices`), the strongest first; a row opens its programs.
//! The view formats the report; every number is the core's.

use exerscope_charts::format::{format_p_short, interval, percent, points};
use exerscope_core::drilldown::Selection;
use exerscope_core::stats::slices::{Predicate, Replication, Slice, ALPHA, MAX_SHOWN, MIN_DIFFERENCE, MIN_PROGRAMS};
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn SlicesView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    view! {
        <h3>"Where each model fails"</h3>
        <p class="explain">
            {format!(
                "Combinations of up to three program properties on which a model's success is at least {:.0} points \
                 below its other programs', beyond chance: one-sided Fisher test, Benjamini–Hochberg adjusted p < {ALPHA} \
                 over every combination of at least {MIN_PROGRAMS} programs; a narrower slice only when it does worse \
                 than the one it narrows. A row opens its programs.",
                MIN_DIFFERENCE * 100.0
            )}
        </p>
        {move || report.get().map(|report| {
            let models = facts.with(|f| f.as_deref().map(|f| f.models.clone()).unwrap_or_default());
            models
                .into_iter()
                .filter(|model| report.runs.iter().any(|r| r.model == *model))
                .map(|model| {
                    let rows: Vec<Slice> = report.slices.iter().filter(|s| s.model == model).cloned().collect();
                    let replication = report.slice_replication.iter().find(|r| r.model == model).cloned();
                    let index = facts.with_untracked(|f| f.as_deref().and_then(|f| f.model_index(&model)));
                    let open = Callback::new(move |predicates| {
                        on_select.run(Selection { model: index, predicates, ..Selection::default() })
                    });
                    view! { <ModelSlices model=model rows=rows replication=replication open=open/> }
                })
                .collect_view()
        })}
    }
}

/// One model's slices, the strongest first.
#[component]
fn ModelSlices(
    model: String,
    rows: Vec<Slice>,
    replication: Option<Replication>,
    open: Callback<Vec<Predicate>>,
) -> impl IntoView {
    let count = rows.len();
    let summary = match count {
        0 => "no slice beyond chance".to_owned(),
        1 => "1 slice beyond chance".to_owned(),
        n if n < MAX_SHOWN => format!("{n} slices beyond chance"),
        n => format!("the {n} strongest slices beyond chance, each saying something the ones above do not"),
    };
    let rows: Vec<SliceRow> = rows
        .into_iter()
        .map(|s| SliceRow {
            count: format!("{} of {}", s.correct, s.programs),
            share: s.success,
            share_ci95: s.success_ci95,
            rest: s.complement_success,
            difference: s.difference,
            p_adjusted: s.p_adjusted,
            slice: s.slice,
            predicates: s.predicates,
        })
        .collect();
    let replication = replication.filter(|r| r.found > 0).map(|r| {
        format!(
            "Honesty check: of the {} slices found on a random half of its programs, {} hold on the other half.",
            r.found, r.held
        )
    });
    view! {
        <h4>{model.clone()}": "{summary}</h4>
        {replication.map(|text| view! { <p class="explain replication" data-model=model.clone()>{text}</p> })}
        {(count > 0).then(|| view! {
            <SliceTable model=model.clone() label=format!("Slices where {model} fails") class="slices"
                columns=["right", "success"] rows=rows open=open/>
        })}
    }
}

/// A row of a table of slices: a model's failures, or one model's wins over another.
pub struct SliceRow {
    pub slice: String,
    pub predicates: Vec<Predicate>,
    /// "k of n": its programs that count (solved, or won) of those in it.
    pub count: String,
    pub share: f64,
    pub share_ci95: Option<[f64; 2]>,
    /// The share among the other programs.
    pub rest: f64,
    pub difference: f64,
    pub p_adjusted: f64,
}

/// Slices, the strongest first; a slice opens its programs. `columns` name the count and the share.
#[component]
pub fn SliceTable(
    /// The model the slices are of (the table's `data-model`).
    model: String,
    label: String,
    class: &'static str,
    columns: [&'static str; 2],
    rows: Vec<SliceRow>,
    open: Callback<Vec<Predicate>>,
) -> impl IntoView {
    let body = rows
        .into_iter()
        .map(|row| {
            let (predicates, name) = (row.predicates, row.slice.clone());
            view! {
                <tr data-slice=row.slice>
                    <td><button class="link" on:click=move |_| open.run(predicates.clone())>{name}</button></td>
                    <td class="count">{row.count}</td>
                    <td class="rate">{percent(row.share)}</td>
                    <td class="ci">{row.share_ci95.map(interval)}</td>
                    <td class="rate">{percent(row.rest)}</td>
                    <td class="rate">{points(row.difference)}</td>
                    <td class="p">{format_p_short(row.p_adjusted)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=label>
            <table class=format!("pivot {class}") data-model=model>
                <thead>
                    <tr>
                        <th scope="col">"slice"</th>
                        <th scope="col">{columns[0]}</th>
                        <th scope="col">{columns[1]}</th>
                        <th scope="col">"95% CI"</th>
                        <th scope="col">"other programs"</th>
                        <th scope="col">"difference"</th>
                        <th scope="col">"adjusted p"</th>
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
