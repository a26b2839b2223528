//! Every program with its properties, filterable and sortable; a row opens the program. Only the
//! rows in view are rendered (10,000 programs scroll as smoothly as 10).

use crate::components::window::Window;
use crate::components::PropertyPicker;
use exerscope_core::drilldown::program_table;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::{Facts, Judge};
use leptos::prelude::*;
use std::sync::Arc;

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
    judge: Signal<Judge>,
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
    // Each program's verdict per model, once per facts and judge (not per scroll).
    let verdicts = Memo::new(move |_| {
        let facts = facts.get()?;
        let verdicts = facts.predictions.verdicts(judge.get());
        let mut by_program: Vec<Vec<Option<bool>>> = vec![vec![None; facts.models.len()]; facts.programs.len()];
        for i in 0..facts.predictions.len() {
            by_program[facts.predictions.program[i] as usize][facts.predictions.model[i] as usize] = Some(verdicts[i]);
        }
        Some(Arc::new(by_program))
    });
    let window = Window::default();
    let count = move || rows.with(Vec::len);
    let body = move || {
        let (Some(facts), Some(by_program)) = (facts.get(), verdicts.get()) else { return Vec::new() };
        let range = window.range(count());
        rows.with(|rows| rows[range].to_vec())
            .into_iter()
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
                        <td><button class="link"><code>{program.id.clone()}</code></button></td>
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
                <span class="explain">{move || format!("{} programs", count())}</span>
            </div>
            <div class="windowed" tabindex="0" role="region" aria-label="Programs and their properties" on:scroll=move |e| window.on_scroll(e)>
                <table class="data" id="program-table" aria-rowcount=move || count() + 1>
                    <thead>{header}</thead>
                    <tbody>{move || window.spacer(count(), true)}{body}{move || window.spacer(count(), false)}</tbody>
                </table>
            </div>
        </section>
    }
}
