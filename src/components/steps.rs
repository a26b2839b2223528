//! An intermediate answer against the run, step by step: each loop iteration's, branch visit's or
//! executed line's value as the model claims it beside the run's, the first divergence marked and
//! scrolled to, and the model's own words where its reasoning quotes that line. The values its
//! prose gives variables are shown the same way, one row per claim. Every text is shown as text.

use exerscope_core::alignment::{AlignedStep, Alignment, Ending, StepUnit};
use exerscope_core::texts::cut;
use leptos::prelude::*;

/// Steps shown at first: up to this many past the first divergence (and at least [`SHOWN_AT_LEAST`]).
const SHOWN_PAST_DIVERGENCE: usize = 20;
const SHOWN_AT_LEAST: usize = 60;

#[component]
pub fn StepsView(
    alignment: Alignment,
    words: Option<String>,
    /// The claims were read from the reasoning's prose: one row per claim, where the run gave it.
    from_prose: bool,
) -> impl IntoView {
    let first = alignment.first_divergence;
    let total = alignment.steps.len();
    let shown_at_first = first.map_or(SHOWN_AT_LEAST, |at| at + 1 + SHOWN_PAST_DIVERGENCE).max(SHOWN_AT_LEAST);
    let all_shown = RwSignal::new(total <= shown_at_first);
    let container = NodeRef::<leptos::html::Div>::new();
    // The first divergence scrolled to inside the table, not the page.
    Effect::new(move |_| {
        let Some(container) = container.get() else { return };
        let Ok(Some(row)) = container.query_selector(".first-divergence") else { return };
        let offset = row.get_bounding_client_rect().top() - container.get_bounding_client_rect().top();
        container.set_scroll_top(container.scroll_top() + offset as i32 - 40);
    });
    let steps = alignment.steps.clone();
    let unit = alignment.unit;
    // Executed lines have no variable: no column for it.
    let variables = steps.iter().any(|s| s.variable.is_some());
    let rows = move || {
        let shown = if all_shown.get() { total } else { shown_at_first.min(total) };
        steps[..shown].iter().enumerate().map(|(i, step)| row(step, i, first, &steps, unit, variables)).collect_view()
    };
    view! {
        <div class="alignment" data-ending=alignment.ending.name() data-steps=total>
            <p class="explain alignment-summary">{summary(&alignment, from_prose)}</p>
            {words.map(|words| view! {
                <p class="model-words">{if from_prose { "Its words there: " } else { "Its reasoning at that line: " }} <q>{words}</q></p>
            })}
            <div class="steps-scroll" node_ref=container>
                <table class="steps">
                    <thead>
                        <tr>
                            <th scope="col">"line"</th>
                            <th scope="col">"code"</th>
                            <th scope="col">{unit.label()}</th>
                            {variables.then(|| view! { <th scope="col">"variable"</th> })}
                            <th scope="col">{if from_prose { "its reasoning" } else { "the answer" }}</th>
                            <th scope="col">"the run"</th>
                            <th scope="col">"right"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <Show when=move || !all_shown.get()>
                <button class="button show-all-steps" on:click=move |_| all_shown.set(true)>
                    {format!("Show all {total} {}", if from_prose { "claims" } else { "steps" })}
                </button>
            </Show>
        </div>
    }
}

/// How the answer ends against the run, in words; `from_prose`: the steps are claims read from prose.
fn summary(alignment: &Alignment, from_prose: bool) -> String {
    let right = alignment.steps_right();
    let total = alignment.steps.len();
    let steps = if from_prose { "claims" } else { "steps" };
    let placed = if alignment.placed { "" } else { " None of its claims stands on a step of the run." };
    let Some(step) = alignment.first_divergence.map(|at| &alignment.steps[at]) else {
        let beyond = match alignment.ending {
            Ending::RunsOn => format!(", then {} value(s) past the run's end", alignment.beyond_the_run),
            _ => String::new(),
        };
        return format!("{}: all {total} {steps} right{beyond}.{placed}", alignment.ending.label());
    };
    let said = step.predicted.as_ref().map_or_else(|| "nothing".to_owned(), |p| briefly(&p.to_string()));
    let inside: Vec<&str> = step.constructs.iter().map(|c| c.label()).collect();
    let inside = if inside.is_empty() { String::new() } else { format!(" (inside: {})", inside.join(", ")) };
    format!(
        "{} — first parts from the run at line {}{}, {} {}{}{inside}: the answer says {said}, the run had {}. {right} of {total} {steps} right before it.{placed}",
        alignment.ending.label(),
        step.line,
        step.claimed_line.as_ref().filter(|l| **l != step.line).map_or(String::new(), |l| format!(" (its line {l})")),
        alignment.unit.label(),
        step.step,
        step.variable.as_ref().map_or(String::new(), |v| format!(", {v}")),
        briefly(&step.actual.to_string()),
    )
}

/// A value cut for a sentence (the table below shows it whole).
fn briefly(text: &str) -> String {
    cut(text, 80)
}

fn row(
    step: &AlignedStep,
    i: usize,
    first: Option<usize>,
    steps: &[AlignedStep],
    unit: StepUnit,
    variables: bool,
) -> impl IntoView {
    // A new loop or a new iteration starts a group: rows of one iteration read together.
    let starts_group = i == 0 || steps[i - 1].line != step.line || steps[i - 1].step != step.step;
    let line = match &step.claimed_line {
        Some(claimed) if *claimed != step.line => format!("{} ({claimed})", step.line),
        _ => step.line.clone(),
    };
    view! {
        <tr class:right=step.right class:wrong=!step.right class:first-divergence=first == Some(i)
            class:new-group=starts_group data-line=step.line.clone()>
            <td class="line-number">{line}</td>
            // A group's code once, at its first row.
            <td class="step-code"><code>{starts_group.then(|| cut(&step.code, 60))}</code></td>
            <td class="step-number">{format!("{} {}", unit.label(), step.step)}</td>
            {variables.then(|| view! { <td><code>{step.variable.clone().unwrap_or_default()}</code></td> })}
            <td class="step-value"><code>{step.predicted.as_ref().map_or_else(|| "—".to_owned(), ToString::to_string)}</code></td>
            <td class="step-value"><code>{step.actual.to_string()}</code></td>
            <td aria-label=if step.right { "right" } else { "wrong" }>{if step.right { "✓" } else { "✗" }}</td>
        </tr>
    }
}
