//! The programs behind a clicked number, with every model's verdict; a row opens the program.

use crate::components::window::Window;
use exerscope_core::drilldown::{programs_behind, DrillRow, Selection};
use exerscope_core::{Facts, Judge};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn Drilldown(
    facts: Signal<Option<Arc<Facts>>>,
    judge: Signal<Judge>,
    selection: RwSignal<Option<Selection>>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    let rows = Memo::new(move |_| {
        let (Some(facts), Some(selection)) = (facts.get(), selection.get()) else {
            return Vec::new();
        };
        programs_behind(&facts, &selection, judge.get())
    });
    // Bring the list into view when something is clicked: it sits below the charts.
    Effect::new(move |_| {
        if selection.with(Option::is_some) {
            scroll_to("drilldown");
        }
    });
    // Every program behind the selection, only those in view rendered.
    let window = Window::default();
    let count = move || rows.with(Vec::len);
    let title = move || {
        let (Some(facts), Some(selection)) = (facts.get(), selection.get()) else {
            return String::new();
        };
        describe(&facts, &selection)
    };
    view! {
        <Show when=move || selection.with(Option::is_some)>
            <section class="panel" id="drilldown">
                <h2>{title}</h2>
                <p class="explain">{move || format!("{} program(s); wrong answers first. Click one to see it.", rows.with(Vec::len))}</p>
                <div class="windowed" tabindex="0" role="region" aria-label="The programs behind it" on:scroll=move |e| window.on_scroll(e)>
                <table class="data" id="drilldown-table" aria-rowcount=move || count() + 1>
                    <thead>
                        <tr>
                            <th>"program"</th>
                            <th>"benchmark"</th>
                            <th>"constructs"</th>
                            {move || facts.get().map(|f| f.models.iter().map(|m| view! { <th>{m.clone()}</th> }).collect_view())}
                        </tr>
                    </thead>
                    <tbody>
                        {move || window.spacer(count(), true)}
                        {move || {
                            let Some(facts) = facts.get() else { return Vec::new() };
                            let range = window.range(count());
                            rows.with(|rows| rows[range].to_vec())
                                .into_iter()
                                .map(|row| program_row(&facts, row, on_open_program))
                                .collect()
                        }}
                        {move || window.spacer(count(), false)}
                    </tbody>
                </table>
                </div>
            </section>
        </Show>
    }
}

fn program_row(facts: &Facts, row: DrillRow, on_open_program: Callback<u32>) -> impl IntoView {
    let program = &facts.programs[row.program as usize];
    let index = row.program;
    let verdicts = row
        .verdicts
        .into_iter()
        .map(|v| match v {
            Some(true) => view! { <td class="verdict correct">"✓"</td> }.into_any(),
            Some(false) => view! { <td class="verdict wrong">"✗"</td> }.into_any(),
            None => view! { <td class="verdict missing" title="no prediction">"–"</td> }.into_any(),
        })
        .collect_view();
    view! {
        <tr class="clickable" data-program=program.id.clone() on:click=move |_| on_open_program.run(index)>
            <td><button class="link"><code>{program.id.clone()}</code></button></td>
            <td>{facts.benchmarks[program.benchmark as usize].clone()}</td>
            <td>{program.constructs.names().join(", ")}</td>
            {verdicts}
        </tr>
    }
}

fn describe(facts: &Facts, selection: &Selection) -> String {
    let mut parts = vec![];
    if let Some(model) = selection.model {
        parts.push(facts.models[model as usize].clone());
    }
    if let Some(benchmark) = selection.benchmark {
        parts.push(facts.benchmarks[benchmark as usize].clone());
    }
    if let Some(construct) = selection.construct {
        parts.push(format!("programs with {}", construct.label()));
    }
    if let Some(attribute) = &selection.attribute {
        parts.push(format!("programs of {} {}", attribute.name, attribute.value));
    }
    if let Some(output_type) = &selection.output_type {
        parts.push(format!("expected output of type {} ({} types)", output_type.name, output_type.flavor.name()));
    }
    if !selection.predicates.is_empty() {
        let slice: Vec<String> = selection.predicates.iter().map(|p| p.text()).collect();
        parts.push(format!("slice {}", slice.join(" ∧ ")));
    }
    if let Some(cell) = selection.agreement {
        let verdict = |right: bool| if right { "right" } else { "wrong" };
        parts.push(format!(
            "{} {}, {} {}",
            facts.models[cell.model_a as usize],
            verdict(cell.a_right),
            facts.models[cell.model_b as usize],
            verdict(cell.b_right)
        ));
    }
    format!("Programs behind: {}", parts.join(" · "))
}

/// Scrolls the element with this id to the top of the window, after the page has drawn it: just
/// below the sticky navigation, which would otherwise cover its title. Not after Back or Forward:
/// the page returns where the reader was.
pub fn scroll_to(id: &'static str) {
    if crate::scroll_memory::restoring() {
        return;
    }
    leptos::task::spawn_local(async move {
        let Some(window) = web_sys::window() else { return };
        let Some(document) = window.document() else { return };
        let Some(element) = document.get_element_by_id(id) else { return };
        let navigation = document.query_selector("nav.sections").ok().flatten();
        let covered = navigation.map_or(0.0, |nav| nav.get_bounding_client_rect().height());
        let top = element.get_bounding_client_rect().top() + window.scroll_y().unwrap_or_default() - covered - 8.0;
        window.scroll_to_with_x_and_y(window.scroll_x().unwrap_or_default(), top.max(0.0));
    });
}
