//! A program's run, line by line (NExT's lesson: the trace is what a model has to reason about):
//! each line with how often it had run, indented by call depth, the variables it changed; loops
//! folded into their iterations; how the run ended. Every text is shown as text.

use exerscope_core::execution::trace::{Block, Step, Trace};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn TraceView(trace: Arc<Trace>) -> impl IntoView {
    let summary = format!(
        "{} line{} run{} · ended: {}",
        trace.steps.len(),
        if trace.steps.len() == 1 { "" } else { "s" },
        if trace.cut { " (the first 10,000 are shown; the run went on)" } else { "" },
        trace.end
    );
    let hits =
        trace.line_hits.iter().map(|(line, hits)| format!("line {line}: {hits}×")).collect::<Vec<_>>().join(" · ");
    view! {
        <div id="trace-view" class="trace" data-steps=trace.steps.len() data-cut=trace.cut.to_string()>
            <p class="explain">{summary}</p>
            <p class="explain hits" title="how often each line ran">{hits}</p>
            <ol class="trace-steps">{blocks(&trace.blocks, &trace)}</ol>
        </div>
    }
}

/// The blocks as list items: a step, or a loop folded into its iterations.
fn blocks(shown: &[Block], trace: &Trace) -> Vec<AnyView> {
    shown
        .iter()
        .map(|block| match block {
            Block::Step(i) => step(&trace.steps[*i]),
            Block::Loop { line, iterations } => {
                let header = trace.steps.iter().find(|s| s.line == *line).map_or("", |s| s.source.trim());
                let rounds = iterations
                    .iter()
                    .enumerate()
                    .map(|(k, iteration)| {
                        view! {
                            <li class="iteration">
                                <details>
                                    <summary>{format!("iteration {}", k + 1)}</summary>
                                    <ol>{blocks(iteration, trace)}</ol>
                                </details>
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <li class="loop" data-line=*line>
                        <details>
                            <summary>
                                <span class="line-number">{*line}</span>
                                <code>{header.to_owned()}</code>
                                {format!(" — {} runs of its header", iterations.len())}
                            </summary>
                            <ol>{rounds}</ol>
                        </details>
                    </li>
                }
                .into_any()
            }
        })
        .collect()
}

fn step(step: &Step) -> AnyView {
    let changed = step.changed.iter().map(|(name, value)| format!("{name} = {value}")).collect::<Vec<_>>().join("  ");
    let indent = format!("padding-left: {}em", step.depth.saturating_sub(1));
    view! {
        <li class="step" data-line=step.line style=indent>
            <span class="line-number">{step.line}</span>
            <code class="source">{step.source.trim().to_owned()}</code>
            <span class="hit" title="the how-manyth time this line ran">{format!("#{}", step.hit)}</span>
            <span class="changed">{changed}</span>
        </li>
    }
    .into_any()
}
