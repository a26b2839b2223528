//! One program: its code, input, expected output, its run on that input (dynamic properties, and
//! its trace on demand), and each model's answer (with a diff against the expected output),
//! verdict and raw response. Every text from the files is shown as text, never as HTML.

use crate::components::steps::StepsView;
use crate::components::trace::TraceView;
use exerscope_core::answer_diff::{answer_diff, DiffPart};
use exerscope_core::detail::{PredictionDetail, ProgramDetail, VerdictSource};
use exerscope_core::dynamic::{DynamicProperties, Repeated};
use exerscope_core::execution::RunOutcome;
use exerscope_core::extractors::{Construct, ConstructLine};
use exerscope_core::judges::PerJudge;
use exerscope_core::prose::{ProseAlignment, TraceWithClaims};
use exerscope_core::table::Task;
use exerscope_core::{Facts, Judge};
use leptos::prelude::*;
use std::sync::Arc;

/// The trace of a program (its index) with what its predictions' reasoning claims about it, or
/// why it has none.
pub type ProgramTrace = (u32, Result<Arc<TraceWithClaims>, String>);

#[component]
pub fn ProgramView(
    program: RwSignal<Option<Arc<ProgramDetail>>>,
    judge: Signal<Judge>,
    /// The facts, for the program's dynamic properties as they arrive.
    facts: Signal<Option<Arc<Facts>>>,
    trace: Signal<Option<ProgramTrace>>,
    /// Two models compared side by side: their answers come first, A's then B's.
    pair: Signal<Option<(String, String)>>,
    /// Traces the program (its index) on its own input, or on a predicted call.
    on_trace: Callback<(u32, Option<String>)>,
) -> impl IntoView {
    Effect::new(move |_| {
        if program.with(Option::is_some) {
            crate::components::drilldown::scroll_to("program-view");
        }
    });
    move || {
        program.get().map(|detail| {
            let code = detail.program.code.clone().unwrap_or_else(|| "(the dataset holds no code for this program)".to_owned());
            let flags = format!(
                "constructs: {} · reference flags: {}",
                detail.constructs.names().join(", "),
                detail.reference_constructs.names().join(", ")
            );
            let syntax = detail.syntax_error_line.map(|line| format!("syntax error near line {line} (tree-sitter recovered)"));
            let index = detail.index;
            let expected = detail.program.expected.clone();
            let pair = pair.get();
            let side = |model: &str| match &pair {
                Some((a, _)) if a == model => Some("A"),
                Some((_, b)) if b == model => Some("B"),
                _ => None,
            };
            let mut ordered: Vec<PredictionDetail> = detail.predictions.clone();
            ordered.sort_by_key(|p| side(&p.model).unwrap_or("C"));
            let predictions = ordered
                .into_iter()
                .map(|p| {
                    let side = side(&p.model);
                    let truth = if p.task == Task::Input { detail.program.input.clone() } else { expected.clone() };
                    let (model, task, sample) = (p.model.clone(), p.task, p.sample);
                    // What its reasoning claims about the run, once the run is traced.
                    let claims = Signal::derive(move || {
                        trace.with(|t| match t {
                            Some((i, Ok(traced))) if *i == index => traced
                                .claims
                                .iter()
                                .find(|c| c.model == model && c.task == task && c.sample == sample)
                                .cloned(),
                            _ => None,
                        })
                    });
                    view! { <PredictionCard prediction=p judge=judge truth=truth index=index on_trace=on_trace claims=claims side=side/> }
                })
                .collect_view();
            let dynamic = Signal::derive(move || {
                facts.with(|f| f.as_ref().and_then(|f| f.programs.get(index as usize)?.dynamic.clone()))
            });
            let runnable = detail.program.code.is_some() && detail.program.language == exerscope_core::table::Language::Python;
            view! {
                <section class="panel" id="program-view" data-program=detail.program.id.clone()>
                    <h2>{format!("{} / {}", detail.program.benchmark, detail.program.id)}</h2>
                    <p class="explain">
                        {format!("{} · {flags} · ", format!("{:?}", detail.program.language).to_lowercase())}
                        <code>{detail.program.source_path.clone()}</code>
                        {(!detail.program.extra_inputs.is_empty()).then(|| format!(" · {} further input(s) in the dataset", detail.program.extra_inputs.len()))}
                    </p>
                    {syntax.map(|s| view! { <p class="failure">{s}</p> })}
                    <div class="program-grid">
                        <div>
                            <h3>"Code"</h3>
                            <HighlightedCode code=code lines=detail.construct_lines.clone()/>
                        </div>
                        <div>
                            <h3>"Input"</h3>
                            <pre class="value" id="program-input">{detail.program.input.clone()}</pre>
                            <h3>"Expected output"</h3>
                            <pre class="value" id="program-expected">{detail.program.expected.clone()}</pre>
                        </div>
                    </div>
                    <h3>"Its run on this input"</h3>
                    <p class="explain" id="program-run">{move || run_line(dynamic.get())}</p>
                    {runnable.then(|| view! {
                        <button id="trace-program" class="button" on:click=move |_| on_trace.run((index, None))>
                            "Trace this run line by line"
                        </button>
                    })}
                    {move || trace.get().filter(|(i, _)| *i == index).map(|(_, found)| match found {
                        Ok(traced) => view! { <TraceView trace=Arc::new(traced.trace.clone())/> }.into_any(),
                        Err(reason) => view! { <p class="failure" id="trace-failed">{format!("No trace: {reason}")}</p> }.into_any(),
                    })}
                    <h3>"Predictions"</h3>
                    <div class="predictions">{predictions}</div>
                </section>
            }
        })
    }
}

/// The program's run on its own input, in words.
fn run_line(dynamic: Option<DynamicProperties>) -> String {
    let Some(d) = dynamic else {
        return "Not run on its input yet (or not runnable here: Java, no code).".to_owned();
    };
    let expected = match (d.returns_expected, &d.got) {
        (Some(true), _) => " the expected output".to_owned(),
        (Some(false), Some(got)) => format!(" — not the expected output: {got}"),
        _ => String::new(),
    };
    let repeated = match &d.repeated {
        Some(Repeated::Same) => " · the same when run again".to_owned(),
        Some(Repeated::Differed { got }) => format!(" · run again, it gave {got}"),
        None => String::new(),
    };
    format!(
        "{}{expected}{repeated} · loop length {} · recursion depth {} · {} line events on {} lines · {:.1} ms",
        d.outcome, d.loop_length, d.recursion_depth, d.executed_lines, d.distinct_lines, d.run_time_ms
    )
}

#[component]
fn PredictionCard(
    prediction: PredictionDetail,
    judge: Signal<Judge>,
    /// What the answer should have been: the expected output, or the program's input.
    truth: String,
    index: u32,
    on_trace: Callback<(u32, Option<String>)>,
    /// The values its reasoning gives variables, placed on the traced run.
    claims: Signal<Option<ProseAlignment>>,
    /// `A` or `B` when its model is one of two compared side by side.
    side: Option<&'static str>,
) -> impl IntoView {
    let verdict = prediction.verdict;
    let correct = move || verdict[judge.get().index()];
    let cut_note = (prediction.response_cut_bytes > 0)
        .then(|| format!("… {} more bytes not shown", prediction.response_cut_bytes));
    view! {
        <article class="prediction" class:correct=correct class:wrong=move || !correct() class:aligned=prediction.alignment.is_some()
            data-model=prediction.model.clone() data-task=prediction.task.name() data-side=side>
            <h4>
                {side.map(|side| view! { <span class="pair-side-label">{side}</span> })}
                {prediction.model.clone()}
                <span class="sample">{format!("{} · sample {}", prediction.task.name(), prediction.sample + 1)}</span>
                <span class="verdict-label">{move || if correct() { "correct" } else { "wrong" }}</span>
            </h4>
            {prediction.input.clone().map(|input| view! { <p class="explain">"on input " <code>{input}</code></p> })}
            {folded(&prediction.answer, "The answer", view! { <pre class="value answer">{prediction.answer.clone()}</pre> }.into_any())}
            {match prediction.alignment.clone() {
                Some(alignment) => view! { <StepsView alignment=alignment words=prediction.words_at_divergence.clone() from_prose=false/> }.into_any(),
                None => {
                    let answer = prediction.answer.clone();
                    (move || (!correct()).then(|| diff_view(&truth, &answer))).into_any()
                }
            }}
            {(prediction.task == Task::Input && matches!(prediction.verdict_from, VerdictSource::Run { .. })).then(|| {
                let answer = prediction.answer.clone();
                view! {
                    <button class="button trace-input" on:click=move |_| on_trace.run((index, Some(answer.clone())))>
                        "Trace the program on this input"
                    </button>
                }
            })}
            {move || claims.get().map(|c| view! {
                <div class="prose-claims">
                    <h5>"What its reasoning claims about the run (read from its prose)"</h5>
                    <StepsView alignment=c.alignment words=c.words from_prose=true/>
                </div>
            })}
            <p class="judges">{verdict_origin(&prediction.verdict_from, verdict)}</p>
            {run_trace(&prediction.verdict_from).map(|trace| view! { <p class="explain run-trace">{trace}</p> })}
            {prediction.response.clone().map(|response| view! {
                <details>
                    <summary>"Raw response"</summary>
                    <pre class="response">{response}</pre>
                    {cut_note.clone().map(|n| view! { <p class="explain">{n}</p> })}
                </details>
            })}
        </article>
    }
}

/// Lines past which an answer, or its diff, is folded (a click unfolds it).
const FOLDED_PAST_LINES: usize = 6;

/// `shown` as it is when `text` is short; else folded under "`what` (n lines)".
fn folded(text: &str, what: &'static str, shown: AnyView) -> AnyView {
    let lines = text.trim().lines().count();
    if lines <= FOLDED_PAST_LINES {
        return shown;
    }
    view! { <details class="folded"><summary>{format!("{what} ({lines} lines)")}</summary>{shown}</details> }.into_any()
}

/// The answer against what it should have been, by structure or by words (core `answer_diff`),
/// with what its marks mean.
fn diff_view(truth: &str, answer: &str) -> Option<AnyView> {
    let parts = answer_diff(truth, answer)?;
    let parts = parts
        .into_iter()
        .map(|part| match part {
            DiffPart::Same(text) => view! { <span>{text}</span> }.into_any(),
            DiffPart::Missing(text) => view! { <del title="expected, not in the answer">{text}</del> }.into_any(),
            DiffPart::Extra(text) => view! { <ins title="in the answer, not expected">{text}</ins> }.into_any(),
        })
        .collect_view();
    let diff = view! {
        <pre class="value diff" aria-label="the answer against the expected">{parts}</pre>
        <p class="diff-legend explain">
            <del>"struck"</del>": expected, not in the answer · "<ins>"underlined"</ins>": in the answer, not expected"
        </p>
    };
    let longer = if truth.lines().count() > answer.lines().count() { truth } else { answer };
    Some(folded(longer, "Against the expected", diff.into_any()))
}

/// Where the verdict came from, in words: the results file, a run of the program, or the judges.
fn verdict_origin(source: &VerdictSource, verdict: PerJudge<bool>) -> String {
    let judges = || {
        Judge::ALL
            .into_iter()
            .map(|j| format!("{}: {}", j.name(), if verdict[j.index()] { "✓" } else { "✗" }))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    match source {
        VerdictSource::Stored => "verdict stored in the results file (used by every judge)".to_owned(),
        VerdictSource::Judges => judges(),
        VerdictSource::Run { call, report, verdict } => {
            let outcome = match (&report.outcome, verdict) {
                (RunOutcome::Returned { .. }, Some(true)) => "returned the expected output".to_owned(),
                (RunOutcome::Returned { value, .. }, Some(false)) => {
                    format!("returned {value}, not the expected output")
                }
                _ => report.answer(),
            };
            let python = if report.python.is_empty() { String::new() } else { format!(" in Python {}", report.python) };
            let sandbox =
                if report.sandbox.is_empty() { String::new() } else { format!(" (confined: {})", report.sandbox) };
            match verdict {
                Some(_) => format!("ran {call}{python}{sandbox}: {outcome} (the verdict of every judge)"),
                None => format!("ran {call}{python}{sandbox}: {outcome}; judged as text instead — {}", judges()),
            }
        }
        VerdictSource::NotRun { reason } => format!("not run ({reason}): judged as text — {}", judges()),
    }
}

/// What the tracer saw of a run that executed lines: how much ran, the longest loop, the deepest
/// recursion, the time.
fn run_trace(source: &VerdictSource) -> Option<String> {
    let VerdictSource::Run { report, .. } = source else {
        return None;
    };
    (report.line_events > 0).then(|| {
        format!(
            "traced: {} line events on {} lines · longest loop {} · recursion depth {} · {:.1} ms",
            report.line_events,
            report.distinct_lines,
            report.loop_length,
            report.recursion_depth,
            report.seconds * 1000.0
        )
    })
}

/// The code, line by line, with the lines where constructs appear marked; a chip per construct
/// picks which construct's lines stand out.
#[component]
fn HighlightedCode(code: String, lines: Vec<ConstructLine>) -> impl IntoView {
    let focus = RwSignal::new(None::<Construct>);
    let mut constructs: Vec<Construct> = lines.iter().map(|l| l.construct).collect();
    constructs.sort_by_key(|c| *c as u8);
    constructs.dedup();
    let chips = constructs
        .into_iter()
        .map(|construct| {
            let at: Vec<String> =
                lines.iter().filter(|l| l.construct == construct).map(|l| l.line.to_string()).collect();
            view! {
                <button class="chip" class:active=move || focus.get() == Some(construct) data-construct=construct.name()
                    title=format!("lines {}", at.join(", "))
                    on:click=move |_| focus.update(|f| *f = if *f == Some(construct) { None } else { Some(construct) })>
                    {construct.label()}
                </button>
            }
        })
        .collect_view();
    let code_lines: Vec<(u32, String)> = code.lines().enumerate().map(|(i, l)| (i as u32 + 1, l.to_owned())).collect();
    let rendered = code_lines
        .into_iter()
        .map(|(number, text)| {
            let here: Vec<Construct> = lines.iter().filter(|l| l.line == number).map(|l| l.construct).collect();
            let marked = !here.is_empty();
            let title = here.iter().map(|c| c.label()).collect::<Vec<_>>().join(", ");
            let focused = move || focus.get().is_some_and(|f| here.contains(&f));
            view! {
                <span class="line" class:marked=marked class:focused=focused title=title data-line=number>
                    {format!("{text}\n")}
                </span>
            }
        })
        .collect_view();
    view! {
        <div class="chips">{chips}</div>
        <pre class="code" id="program-code" tabindex="0" aria-label="The program">{rendered}</pre>
    }
}
