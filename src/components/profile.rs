//! The benchmark designer's view: what the programs no model answered are, beside CRUXEval's
//! 800 (shipped as numbers). Each section that shows success shows its part of the profile
//! instead for such programs: the overview their counts, runs that missed the expected output and
//! near-duplicates; constructs, properties and types their shares beside CRUXEval's.

use crate::components::figure::FigureCanvas;
use exerscope_charts::figures::{profile_constructs, profile_property, profile_types};
use exerscope_charts::format::percent;
use exerscope_core::dynamic::UnexpectedRun;
use exerscope_core::flavors::Flavor;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::stats::profile::{profiled_properties, Profile};
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// Rows of a list shown before "and N more".
const LISTED: usize = 20;

/// The part of the profile a section shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfilePart {
    Overview,
    Constructs,
    Properties,
    Types,
}

#[component]
pub fn ProfileView(
    part: ProfilePart,
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    flavor: Signal<Flavor>,
    property: Signal<NumericProperty>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    // The benchmarks profiled, by name: found once per drop, read three times a render.
    let unanswered = Memo::new(move |_| {
        facts.with(|f| {
            let Some(f) = f.as_deref() else { return Vec::new() };
            f.unanswered_benchmarks().into_iter().map(|b| f.benchmarks[b as usize].clone()).collect::<Vec<_>>()
        })
    });
    let body = move || {
        let report = report.get().filter(|r| !r.profile.is_empty())?;
        let view = match part {
            ProfilePart::Overview => {
                let (profile, unexpected) = (report.profile.clone(), report.unexpected_runs.clone());
                view! { <ProfileOverview profile unexpected facts on_open_program/> }.into_any()
            }
            ProfilePart::Constructs => {
                let figure = Signal::derive(move || profile_constructs(&report, flavor.get()).map(Arc::new));
                view! { <FigureCanvas figure class="profile-chart" id="profile-constructs"/> }.into_any()
            }
            ProfilePart::Properties => {
                let shown = report.clone();
                let figure = Signal::derive(move || profile_property(&shown, property.get()).map(Arc::new));
                view! {
                    <FigureCanvas figure class="profile-chart" id="profile-property"/>
                    <MedianTable profile=report.profile.clone()/>
                }
                .into_any()
            }
            ProfilePart::Types => {
                let figure = Signal::derive(move || profile_types(&report).map(Arc::new));
                view! { <FigureCanvas figure class="profile-chart" id="profile-types"/> }.into_any()
            }
        };
        Some(view)
    };
    view! {
        <Show when=move || unanswered.with(|names| !names.is_empty())>
            <section class="panel profile" data-profile=format!("{part:?}").to_lowercase()>
                <h3>"Programs without predictions: their profile"</h3>
                <p class="explain">{move || format!(
                    "{} {} no model's answers; {}",
                    unanswered.with(|names| names.join(", ")),
                    if unanswered.with(Vec::len) == 1 { "has" } else { "have" },
                    match part {
                        ProfilePart::Overview => "here is what its programs are, and what to check before models meet them.",
                        ProfilePart::Constructs => "each benchmark's share of programs with each construct, beside CRUXEval's 800.",
                        ProfilePart::Properties => "each benchmark's histogram of the property chosen above, beside CRUXEval's 800.",
                        ProfilePart::Types => "each benchmark's share of programs by the type of their expected output, beside CRUXEval's 800.",
                    }
                )}</p>
                {body}
            </section>
        </Show>
    }
}

/// Per benchmark (and CRUXEval), its programs, how many were parsed and run, the runs that missed
/// the expected output and the programs whose second run gave another; then the near-duplicate
/// pairs and those runs, listed.
#[component]
fn ProfileOverview(
    profile: Profile,
    unexpected: Vec<UnexpectedRun>,
    facts: Signal<Option<Arc<Facts>>>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    let rows = profile
        .benchmarks
        .iter()
        .map(|b| {
            let unexpected = if b.runs == 0 { "–".to_owned() } else { b.unexpected_runs.to_string() };
            let repeated = |count: u64| if b.repeated == 0 { "–".to_owned() } else { count.to_string() };
            view! {
                <tr class:reference=b.reference>
                    <th scope="row">{b.benchmark.clone()}</th>
                    <td class="num">{b.programs}</td>
                    <td class="num">{b.parsed}</td>
                    <td class="num">{b.runs}</td>
                    <td class="num" class:wrong={b.unexpected_runs > 0}>{unexpected}</td>
                    <td class="num">{repeated(b.repeated)}</td>
                    <td class="num" class:wrong={b.differed_when_repeated > 0}>{repeated(b.differed_when_repeated)}</td>
                </tr>
            }
        })
        .collect_view();
    let open = move |benchmark: String, id: String| {
        let index = facts.with_untracked(|f| f.as_deref().and_then(|f| f.program_named(&benchmark, &id)));
        if let Some(index) = index {
            on_open_program.run(index);
        }
    };
    let link = move |benchmark: String, id: String| {
        let label = format!("{benchmark} / {id}");
        view! { <button class="link" on:click=move |_| open(benchmark.clone(), id.clone())><code>{label}</code></button> }
    };
    let pairs = profile.near_duplicates.len();
    let found = profile.near_duplicate_pairs;
    let duplicates = (found > 0).then(|| {
        let rows = profile
            .near_duplicates
            .into_iter()
            .take(LISTED)
            .map(|d| {
                view! {
                    <tr>
                        <td>{link(d.benchmark, d.program)}</td>
                        <td>{link(d.other_benchmark, d.other_program)}</td>
                        <td class="num">{percent(d.similarity)}</td>
                    </tr>
                }
            })
            .collect_view();
        view! {
            <table class="near-duplicates">
                <thead><tr><th scope="col">"program"</th><th scope="col">"nearly the same as"</th><th scope="col">"similarity"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        }
    });
    let runs: Vec<_> = unexpected
        .iter()
        .take(LISTED)
        .map(|r| {
            let extra = r.extra_input.clone().map(|extra| format!(" on its extra input {extra}"));
            view! {
                <tr>
                    <td>{link(r.benchmark.clone(), r.program.clone())}{extra}</td>
                    <td>{r.outcome.clone()}</td>
                    <td><code>{r.got.clone().unwrap_or_default()}</code></td>
                    <td><code>{r.second_run_gave.clone().unwrap_or_default()}</code></td>
                </tr>
            }
        })
        .collect::<Vec<_>>();
    let runs = (!runs.is_empty()).then(|| {
        view! {
            <table class="unexpected-runs">
                <thead><tr><th scope="col">"program"</th><th scope="col">"outcome"</th><th scope="col">"gave"</th>
                    <th scope="col" title="what a second run on the same input gave, when it was something else">"then gave"</th>
                </tr></thead>
                <tbody>{runs}</tbody>
            </table>
        }
    });
    view! {
        <table class="profile-counts">
            <thead><tr>
                <th scope="col">"benchmark"</th><th scope="col">"programs"</th><th scope="col">"parsed"</th>
                <th scope="col" title="run on their own input, with a verdict on the output">"run"</th>
                <th scope="col" title="runs that did not give the benchmark's expected output">"not the expected output"</th>
                <th scope="col" title="programs no model answered are run twice on their own input">"run twice"</th>
                <th scope="col" title="programs whose second run gave something else than the first">"gave another output"</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        <h4>"Near-duplicates"</h4>
        <p class="explain" id="near-duplicates-said">{match found {
            0 => "No two programs have nearly the same code (token trigrams at least 80% the same).".to_owned(),
            _ => format!(
                "{found} pair(s) of programs have nearly the same code (token trigrams at least 80% the same; a class \
                 tested through several of its methods shows as such); {} listed here, {pairs} in the exports.",
                pairs.min(LISTED)
            ),
        }}</p>
        {duplicates}
        <h4>"Runs that did not give the expected output, or another one when run again"</h4>
        <p class="explain" id="unexpected-runs-said">{match unexpected.len() {
            0 => "Every program run gave its expected output, and the same output when run again.".to_owned(),
            n => format!(
                "{n} run(s) on the benchmarks' own inputs did not: a wrong expected output, a program that depends \
                 on chance or the clock, or a module this Python lacks; {} listed here, all in the exports.",
                n.min(LISTED)
            ),
        }}</p>
        {runs}
    }
}

/// Every property's median per benchmark, beside CRUXEval's.
#[component]
fn MedianTable(profile: Profile) -> impl IntoView {
    let header = profile
        .benchmarks
        .iter()
        .map(|b| view! { <th scope="col" class:reference=b.reference>{b.benchmark.clone()}</th> })
        .collect_view();
    let rows = profiled_properties()
        .map(|property| {
            let cells = profile
                .benchmarks
                .iter()
                .map(|b| {
                    let median = b.property(property).and_then(|h| h.median);
                    view! { <td class="num">{median.map_or("–".to_owned(), |m| format!("{m}"))}</td> }
                })
                .collect_view();
            view! { <tr data-property=property.name()><th scope="row">{property.label()}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <h4>"Medians"</h4>
        <table class="profile-medians">
            <thead><tr><th scope="col">"property"</th>{header}</tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}
