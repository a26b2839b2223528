//! Two models side by side (`#compare=A,B`; a cell of the models matrix opens it): on the programs
//! both answered, those each solved and the other did not — each opens the program with both
//! answers first —, McNemar's test and the paired difference, and where each side's wins gather
//! (the slice finder on the flips). Every number is the report's `comparisons` (the core's
//! `compare`, as `exerscope analyze --compare A,B`); the view formats them.

use crate::components::slices::{SliceRow, SliceTable};
use crate::view_state::ProgramKey;
use exerscope_charts::format::{format_p, points, thousands};
use exerscope_core::drilldown::{AgreementCell, Selection};
use exerscope_core::stats::comparison::{Comparison, FlipSlice, ProgramName};
use exerscope_core::stats::slices::Predicate;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// Programs listed per side; the drill-down lists them all.
const LISTED: usize = 200;

#[component]
pub fn PairView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    /// The two models shown, A and B.
    pair: Signal<Option<(String, String)>>,
    on_pair: Callback<Option<(String, String)>>,
    on_select: Callback<Selection>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    // A side chosen while the other is not yet (no pair to show).
    let chosen = RwSignal::new([None::<String>, None::<String>]);
    let side = move |i: usize| pair.get().map(|(a, b)| if i == 0 { a } else { b }).or_else(|| chosen.get()[i].clone());
    let choose = move |i: usize, name: String| {
        chosen.update(|c| c[i] = Some(name.clone()).filter(|n| !n.is_empty()));
        let other = side(1 - i);
        match other.filter(|other| *other != name && !name.is_empty()) {
            Some(other) => on_pair.run(Some(if i == 0 { (name, other) } else { (other, name) })),
            None => on_pair.run(None),
        }
    };
    let picker = move |i: usize| {
        let models = facts.with(|f| {
            f.as_deref().map(|f| f.predicted_models().iter().map(|&m| f.models[m as usize].clone()).collect::<Vec<_>>())
        });
        let shown = side(i);
        let options = models
            .unwrap_or_default()
            .into_iter()
            .map(|m| {
                let selected = shown.as_deref() == Some(m.as_str());
                let label = m.clone();
                view! { <option value=m selected=selected>{label}</option> }
            })
            .collect_view();
        view! {
            <option value="" selected=shown.is_none()>"(choose a model)"</option>
            {options}
        }
    };
    let swap = move |_| {
        if let Some((a, b)) = pair.get_untracked() {
            on_pair.run(Some((b, a)));
        }
    };
    let comparison = Memo::new(move |_| {
        let (a, b) = pair.get()?;
        report.with(|r| r.as_ref()?.comparisons.iter().find(|c| c.model_a == a && c.model_b == b).cloned())
    });
    let body = move || {
        let (a, b) = pair.get()?;
        let facts = facts.get()?;
        report.with(Option::is_some).then_some(())?;
        Some(match comparison.get() {
            Some(c) => {
                view! { <PairNumbers facts=facts comparison=c on_select=on_select on_open_program=on_open_program/> }
                    .into_any()
            }
            None => view! {
                <p class="explain" id="pair-none">
                    {format!("{a} and {b} answered no program in common in the task shown (or one of them is hidden).")}
                </p>
            }
            .into_any(),
        })
    };
    view! {
        <section id="pair-view" aria-labelledby="pair-title">
            <h3 id="pair-title">"Two models side by side"</h3>
            <p class="explain">
                "Pick two models, or a cell of the matrix above: on the programs both answered, those each one solved "
                "and the other did not — a program opens with both answers first —, McNemar's test and the paired "
                "difference, and the property combinations where one model's wins gather beyond chance (the slice "
                "finder run on the wins, with its tests). A program counts as solved when most of its samples are right."
            </p>
            <div class="controls">
                <label>"Model A " <select id="pair-a" on:change=move |e| choose(0, event_target_value(&e))>{move || picker(0)}</select></label>
                <button id="pair-swap" class="button" on:click=swap disabled=move || pair.with(Option::is_none)>"Swap A and B"</button>
                <label>"Model B " <select id="pair-b" on:change=move |e| choose(1, event_target_value(&e))>{move || picker(1)}</select></label>
            </div>
            {body}
        </section>
    }
}

/// A pair's counts, test, flips and flip slices.
#[component]
fn PairNumbers(
    facts: Arc<Facts>,
    comparison: Comparison,
    on_select: Callback<Selection>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    let c = comparison;
    let (Some(index_a), Some(index_b)) = (facts.model_index(&c.model_a), facts.model_index(&c.model_b)) else {
        return ().into_any();
    };
    // The drill-down of a cell of the 2×2 table, or of a slice of one side's wins.
    let cell =
        move |a_right: bool, b_right: bool| AgreementCell { model_a: index_a, model_b: index_b, a_right, b_right };
    let drill = move |agreement: AgreementCell, predicates| {
        on_select.run(Selection { agreement: Some(agreement), predicates, ..Selection::default() })
    };
    let count = move |n: u64, a_right: bool, b_right: bool| {
        view! {
            <td class="num"><button class="link" on:click=move |_| drill(cell(a_right, b_right), Vec::new())>{thousands(n as usize)}</button></td>
        }
    };
    let difference = c.paired.map_or_else(String::new, |d| {
        format!("{} ({} to {})", points(d.difference), points(d.ci95[0]), points(d.ci95[1]))
    });
    let counts = c.counts;
    let summary = format!(
        "{} programs both answered (every benchmark of the task). A − B: {difference}; McNemar p = {}.",
        thousands(counts.total() as usize),
        format_p(c.mcnemar_p)
    );
    let sides = [
        (c.model_a.clone(), c.model_b.clone(), c.only_a_programs.clone(), c.only_a_slices.clone(), cell(true, false)),
        (c.model_b.clone(), c.model_a.clone(), c.only_b_programs.clone(), c.only_b_slices.clone(), cell(false, true)),
    ];
    let sides = sides
        .into_iter()
        .map(|(right, wrong, programs, slices, agreement)| {
            view! {
                <Wins facts=facts.clone() right=right wrong=wrong programs=programs slices=slices
                    open=Callback::new(move |predicates| drill(agreement, predicates)) on_open_program=on_open_program/>
            }
        })
        .collect_view();
    view! {
        <p class="pair-summary" id="pair-summary" data-a=c.model_a.clone() data-b=c.model_b.clone()>{summary}</p>
        <div class="table-scroll" tabindex="0" role="region" aria-label="The pair's programs by who solved them">
            <table class="data" id="pair-counts">
                <thead>
                    <tr><th scope="col"></th><th scope="col">{format!("{} right", c.model_b)}</th><th scope="col">{format!("{} wrong", c.model_b)}</th></tr>
                </thead>
                <tbody>
                    <tr><th scope="row">{format!("{} right", c.model_a)}</th>{count(counts.both_right, true, true)}{count(counts.only_a, true, false)}</tr>
                    <tr><th scope="row">{format!("{} wrong", c.model_a)}</th>{count(counts.only_b, false, true)}{count(counts.both_wrong, false, false)}</tr>
                </tbody>
            </table>
        </div>
        <div class="pair-sides">{sides}</div>
    }
    .into_any()
}

/// One side's wins: the programs `right` solved and `wrong` did not, and where they gather.
#[component]
fn Wins(
    facts: Arc<Facts>,
    right: String,
    wrong: String,
    programs: Vec<ProgramName>,
    slices: Vec<FlipSlice>,
    /// Opens the wins in a slice (no predicate: all of them) in the drill-down.
    open: Callback<Vec<Predicate>>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    let total = programs.len();
    let listed = programs
        .into_iter()
        .take(LISTED)
        .map(|program| {
            let label = format!("{} / {}", program.benchmark, program.id);
            let title = label.clone();
            let facts = facts.clone();
            // Looked up when clicked: a search of every program for each of the 200 listed would
            // be the render's cost at a million predictions.
            let open = move |_| {
                let key = ProgramKey { benchmark: program.benchmark.clone(), id: program.id.clone() };
                if let Some(index) = key.index(&facts) {
                    on_open_program.run(index);
                }
            };
            view! { <li><button class="link" title=title on:click=open>{label}</button></li> }
        })
        .collect_view();
    let more = (total > LISTED).then(|| {
        view! {
            <p class="explain">
                {format!("The first {LISTED} of {}; ", thousands(total))}
                <button class="link" on:click=move |_| open.run(Vec::new())>"all of them in the drill-down"</button>
            </p>
        }
    });
    let has_rows = !slices.is_empty();
    let gather = match slices.len() {
        0 => "They gather in no combination of properties beyond chance.".to_owned(),
        1 => "They gather in 1 combination of properties beyond chance:".to_owned(),
        n => format!("They gather in {n} combinations of properties beyond chance, the strongest first:"),
    };
    let rows: Vec<SliceRow> = slices
        .into_iter()
        .map(|s| SliceRow {
            count: format!("{} of {}", s.flips, s.programs),
            share: s.share,
            share_ci95: s.share_ci95,
            rest: s.complement_share,
            difference: s.difference,
            p_adjusted: s.p_adjusted,
            slice: s.slice,
            predicates: s.predicates,
        })
        .collect();
    view! {
        <div class="pair-side" data-right=right.clone()>
            <h4>{format!("{right} right, {wrong} wrong: {}", thousands(total))}</h4>
            <ul class="pair-programs">{listed}</ul>
            {more}
            <p class="explain">{gather}</p>
            {has_rows.then(|| view! {
                <SliceTable model=right.clone() label=format!("Where {right}'s wins over {wrong} gather")
                    class="flip-slices" columns=["wins", "share"] rows=rows open=open/>
            })}
        </div>
    }
}
