//! Every program with its properties, filterable and sortable; a row opens the program.

use crate::components::PropertyPicker;
use exerscope_core::drilldown::program_table;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::{Facts, Judge};
use leptos::prelude::*;
use std::sync::Arc;

/// Rows shown at once; the rest are counted.
const SHOWN_ROWS: usize = 200;

/// The columns shown, besides the sort key.
const COLUMNS: [NumericProperty; 5] = [
    NumericProperty::Loc,
    NumericProperty::MccabeMax,
    NumericProperty::Cognitive,
    NumericProperty::MaxNesting,
    NumericProperty::Calls,
];

#[component]
pub fn ProgramTable(
    facts: Signal<Option<Arc<Facts>>>,
    judge: RwSignal<Judge>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    let query = RwSignal::new(String::new());
    let sort = RwSignal::new(NumericProperty::Cognitive);
    let descending = RwSignal::new(true);
    let rows = Memo::new(move |_| {
        facts.get().map(|f| program_table(&f, &query.get(), sort.get(), descending.get())).unwrap_or_default()
    });
    let header = move || {
        let models = facts.get().map(|f| f.models.clone()).unwrap_or_default();
        view! {
            <tr>
                <th>"benchmark"</th><th>"program"</th><th>"constructs"</th>
                {COLUMNS.iter().map(|p| view! { <th title=p.label()>{p.name()}</th> }).collect_view()}
                <th>"output type"</th>
                {models.into_iter().map(|m| view! { <th>{m}</th> }).collect_view()}
            </tr>
        }
    };
    let body = move || {
        let Some(facts) = facts.get() else { return Vec::new() };
        let verdicts = facts.predictions.verdicts(judge.get()).to_vec();
        let mut by_program: Vec<Vec<Option<bool>>> = vec![vec![None; facts.models.len()]; facts.programs.len()];
        for i in 0..facts.predictions.len() {
            by_program[facts.predictions.program[i] as usize][facts.predictions.model[i] as usize] = Some(verdicts[i]);
        }
        rows.get()
            .into_iter()
            .take(SHOWN_ROWS)
            .map(|index| {
                let program = &facts.programs[index as usize];
                let values = COLUMNS
                    .iter()
                    .map(|p| view! { <td class="num">{p.value(program).map(|v| v.to_string()).unwrap_or_default()}</td> })
                    .collect_view();
                let marks = by_program[index as usize]
                    .iter()
                    .map(|v| match v {
                        Some(true) => view! { <td class="verdict correct">"✓"</td> }.into_any(),
                        Some(false) => view! { <td class="verdict wrong">"✗"</td> }.into_any(),
                        None => view! { <td class="verdict missing">"–"</td> }.into_any(),
                    })
                    .collect_view();
                view! {
                    <tr class="clickable" data-program=program.id.clone() on:click=move |_| on_open_program.run(index)>
                        <td>{facts.benchmarks[program.benchmark as usize].clone()}</td>
                        <td><code>{program.id.clone()}</code></td>
                        <td class="constructs">{program.constructs.names().join(", ")}</td>
                        {values}
                        <td>{facts.type_names[program.output_type as usize].clone()}</td>
                        {marks}
                    </tr>
                }
            })
            .collect::<Vec<_>>()
    };
    view! {
        <section class="panel" id="program-table-panel">
            <h2>"Programs and their properties"</h2>
            <div class="controls">
                <input id="program-filter" type="search" placeholder="filter: benchmark, id or construct"
                    on:input=move |e| query.set(event_target_value(&e))/>
                <label>
                    "sort by "
                    <PropertyPicker id="program-sort" property=sort/>
                </label>
                <label>
                    <input type="checkbox" prop:checked=move || descending.get()
                        on:change=move |e| descending.set(event_target_checked(&e))/>
                    " highest first"
                </label>
                <span class="explain">{move || {
                    let n = rows.with(Vec::len);
                    if n > SHOWN_ROWS { format!("{n} programs, the first {SHOWN_ROWS} shown") } else { format!("{n} programs") }
                }}</span>
            </div>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Programs and their properties">
                <table class="data" id="program-table">
                    <thead>{header}</thead>
                    <tbody>{body}</tbody>
                </table>
            </div>
        </section>
    }
}
