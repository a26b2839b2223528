//! Every program with its properties (static, and dynamic as the runs arrive), filterable by text,
//! by how its run ended and by a least value of the sort property, and sortable; a row opens the
//! program. Only the rows in view are rendered (10,000 programs scroll as smoothly as 10).

use crate::components::window::Window;
use crate::components::PropertyPicker;
use crate::download::download_text;
use exerscope_core::drilldown::{outcomes, program_table, OutcomeFilter, ProgramQuery};
use exerscope_core::export::program_sheet;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::{Facts, Judge};
use leptos::prelude::*;
use std::sync::Arc;

/// The columns shown, besides the sort key.
const COLUMNS: [NumericProperty; 8] = [
    NumericProperty::Loc,
    NumericProperty::MccabeMax,
    NumericProperty::Cognitive,
    NumericProperty::MaxNesting,
    NumericProperty::Calls,
    NumericProperty::LoopLength,
    NumericProperty::RecursionDepth,
    NumericProperty::ExecutedLines,
];

/// The outcome filter's values that are no outcome.
const ANY_OUTCOME: &str = "";
const UNEXPECTED: &str = "(not the expected output)";

#[component]
pub fn ProgramTable(
    facts: Signal<Option<Arc<Facts>>>,
    judge: Signal<Judge>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    let query = RwSignal::new(String::new());
    let outcome = RwSignal::new(ANY_OUTCOME.to_owned());
    let at_least = RwSignal::new(None::<f64>);
    let sort = RwSignal::new(NumericProperty::Cognitive);
    let descending = RwSignal::new(true);
    let rows = Memo::new(move |_| {
        let query = ProgramQuery {
            text: query.get(),
            outcome: match outcome.get().as_str() {
                ANY_OUTCOME => OutcomeFilter::Any,
                UNEXPECTED => OutcomeFilter::Unexpected,
                other => OutcomeFilter::Is(other.to_owned()),
            },
            at_least: at_least.get(),
        };
        facts.get().map(|f| program_table(&f, &query, sort.get(), descending.get())).unwrap_or_default()
    });
    let outcome_options = move || {
        let found = facts.with(|f| f.as_ref().map(|f| outcomes(f)).unwrap_or_default());
        [ANY_OUTCOME.to_owned(), UNEXPECTED.to_owned()]
            .into_iter()
            .chain(found)
            .map(|o| {
                let label = if o.is_empty() { "any outcome".to_owned() } else { o.clone() };
                view! { <option value=o.clone() selected=move || outcome.get() == o>{label}</option> }
            })
            .collect_view()
    };
    let header = move || {
        let models = facts.get().map(|f| f.models.clone()).unwrap_or_default();
        view! {
            <tr>
                <th>"benchmark"</th><th>"program"</th><th>"constructs"</th>
                {COLUMNS.iter().map(|p| view! { <th title=p.label()>{p.name()}</th> }).collect_view()}
                <th title="how its run on its own input ended">"outcome"</th>
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
                let run = program.dynamic.as_ref();
                let outcome = run.map(|r| r.outcome.clone()).unwrap_or_default();
                let unexpected = run.is_some_and(|r| r.returns_expected == Some(false));
                let marks = by_program[index as usize]
                    .iter()
                    .map(|v| match v {
                        Some(true) => view! { <td class="verdict correct">"✓"</td> }.into_any(),
                        Some(false) => view! { <td class="verdict wrong">"✗"</td> }.into_any(),
                        None => view! { <td class="verdict missing">"–"</td> }.into_any(),
                    })
                    .collect_view();
                // A long list ends in an ellipsis; the whole of it shows where the pointer rests.
                let constructs = program.constructs.names().join(", ");
                let all_constructs = constructs.clone();
                view! {
                    <tr class="clickable" data-program=program.id.clone() on:click=move |_| on_open_program.run(index)>
                        <td>{facts.benchmarks[program.benchmark as usize].clone()}</td>
                        <td><button class="link"><code>{program.id.clone()}</code></button></td>
                        <td class="constructs" title=all_constructs>{constructs}</td>
                        {values}
                        <td class="outcome" class:wrong=unexpected
                            title=if unexpected { "not the benchmark's expected output" } else { "" }>{outcome}</td>
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
                    "at least "
                    <input id="program-at-least" type="number" class="narrow"
                        on:input=move |e| at_least.set(event_target_value(&e).trim().parse().ok())/>
                </label>
                <label>
                    "run "
                    <select id="program-outcome" on:change=move |e| outcome.set(event_target_value(&e))>
                        {outcome_options}
                    </select>
                </label>
                <label>
                    <input type="checkbox" prop:checked=move || descending.get()
                        on:change=move |e| descending.set(event_target_checked(&e))/>
                    " highest first"
                </label>
                <span class="explain">{move || format!("{} programs", count())}</span>
                <button id="export-programs-csv" class="button" title="Every program with its properties, as CSV" on:click=move |_| {
                    if let Some(facts) = facts.get_untracked() {
                        download_text("exerscope-programs.csv", "text/csv", &program_sheet(&facts).csv());
                    }
                }>"All programs as CSV"</button>
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
