//! Where each model fails: the property combinations on which its success falls beyond chance
//! (the core's slice finder, `report.slices`), the strongest first; a row opens its programs.
//! The view formats the report; every number is the core's.

use exerscope_charts::format::{format_p_short, interval, percent, points};
use exerscope_core::drilldown::Selection;
use exerscope_core::stats::slices::{Replication, Slice, ALPHA, MAX_SHOWN, MIN_DIFFERENCE, MIN_PROGRAMS};
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn SlicesView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let open = move |slice: &Slice| {
        let model = facts.with_untracked(|f| f.as_deref().and_then(|f| f.model_index(&slice.model)));
        on_select.run(Selection { model, predicates: slice.predicates.clone(), ..Selection::default() });
    };
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
    open: impl Fn(&Slice) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let count = rows.len();
    let summary = match count {
        0 => "no slice beyond chance".to_owned(),
        1 => "1 slice beyond chance".to_owned(),
        n if n < MAX_SHOWN => format!("{n} slices beyond chance"),
        n => format!("the {n} strongest slices beyond chance, each saying something the ones above do not"),
    };
    let body = rows
        .into_iter()
        .map(|slice| {
            let row = view! {
                <tr data-slice=slice.slice.clone()>
                    <td><button class="link" on:click={
                        let slice = slice.clone();
                        move |_| open(&slice)
                    }>{slice.slice.clone()}</button></td>
                    <td class="count">{format!("{} of {}", slice.correct, slice.programs)}</td>
                    <td class="rate">{percent(slice.success)}</td>
                    <td class="ci">{slice.success_ci95.map(interval)}</td>
                    <td class="rate">{percent(slice.complement_success)}</td>
                    <td class="rate">{points(slice.difference)}</td>
                    <td class="p">{format_p_short(slice.p_adjusted)}</td>
                </tr>
            };
            row
        })
        .collect_view();
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
            <div class="table-scroll" tabindex="0" role="region" aria-label=format!("Slices where {model} fails")>
                <table class="pivot slices" data-model=model.clone()>
                    <thead>
                        <tr>
                            <th scope="col">"slice"</th>
                            <th scope="col">"right"</th>
                            <th scope="col">"success"</th>
                            <th scope="col">"95% CI"</th>
                            <th scope="col">"other programs"</th>
                            <th scope="col">"difference"</th>
                            <th scope="col">"adjusted p"</th>
                        </tr>
                    </thead>
                    <tbody>{body}</tbody>
                </table>
            </div>
        })}
    }
}
