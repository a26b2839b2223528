//! Model against model on the programs both predicted: every pair at once in a matrix (the row
//! model's success minus the column model's, grey where it is noise after adjusting for all
//! pairs), and each pair's 2×2 table with its difference, interval and McNemar's test (SPEC §5, §6).

use crate::components::figure::FigureCanvas;
use crate::components::pair::PairView;
use crate::components::predicted_benchmarks;
use crate::components::window::Window;
use exerscope_charts::figures::{self, Hit, MatrixOrder};
use exerscope_charts::format::{format_p, points, thousands};
use exerscope_charts::heatmap::WRITTEN_CELLS;
use exerscope_core::drilldown::{AgreementCell, Selection};
use exerscope_core::stats::agreement::{ModelAgreement, SIGNIFICANCE};
use exerscope_core::stats::numeric::ALL_BENCHMARKS;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn ComparisonView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    /// The benchmark the matrix and the table show (`*`: all pooled): the report has its pairs only.
    benchmark: RwSignal<String>,
    /// The two models shown side by side, and the callback that changes them.
    pair: Signal<Option<(String, String)>>,
    on_pair: Callback<Option<(String, String)>>,
    on_select: Callback<Selection>,
    on_open_program: Callback<u32>,
) -> impl IntoView {
    // The matrix's order.
    let order = RwSignal::new(MatrixOrder::Strength);
    let matrix = Memo::new(move |_| {
        let (facts, report) = (facts.get()?, report.get()?);
        figures::pair_matrix(&facts, &report, &benchmark.get(), order.get()).map(Arc::new)
    });
    // A cell shows its row model and its column model side by side, scrolled to once their
    // numbers are in (the section's report is computed again for the pair).
    let scroll_to_pair = RwSignal::new(false);
    let on_hit = Callback::new(move |hit: Hit| {
        let Some((row, column)) = matrix.with_untracked(|m| m.as_ref().and_then(|m| m.pair_at(hit))) else { return };
        let name = |i: usize| facts.with_untracked(|f| f.as_ref()?.models.get(i).cloned());
        if let (Some(a), Some(b)) = (name(row), name(column)) {
            on_pair.run(Some((a, b)));
            scroll_to_pair.set(true);
        }
    });
    Effect::new(move |_| {
        if scroll_to_pair.get() && report.with(Option::is_some) {
            scroll_to_pair.set(false);
            crate::components::drilldown::scroll_to("pair-view");
        }
    });
    let scope_options = move || {
        let named = facts.with(|f| f.as_deref().map(predicted_benchmarks).unwrap_or_default());
        std::iter::once((ALL_BENCHMARKS.to_owned(), "all benchmarks".to_owned()))
            .chain(named.into_iter().map(|(_, name)| (name.clone(), name)))
            .map(|(value, label)| {
                let selected = benchmark.get_untracked() == value;
                view! { <option value=value selected=selected>{label}</option> }
            })
            .collect_view()
    };
    let models = move || facts.with(|f| f.as_deref().map(Facts::predicted_models).unwrap_or_default());
    // The one model predicted, once the report is in: it has nothing to be compared with.
    let alone = move || {
        let name = facts.with(|f| Some(f.as_ref()?.models.get(*models().first()? as usize)?.clone()))?;
        report.with(Option::is_some).then_some(name)
    };
    view! {
        // Shown for two models or more, whichever benchmark is chosen (one without pairs shows none).
        <Show
            when=move || { report.with(Option::is_some) && models().len() > 1 }
            fallback=move || alone().map(|name| view! {
                <section class="panel" id="comparison">
                    <h2>"Model against model"</h2>
                    <p class="explain" id="comparison-alone">
                        "Only " <strong>{name}</strong> "'s predictions are loaded: there is no other model to compare "
                        "it with. Drop its results together with another model's (both folders or files at once) to "
                        "see every pair's difference on the programs both predicted."
                    </p>
                </section>
            })
        >
            <section class="panel" id="comparison">
                <h2>"Model against model"</h2>
                <p class="explain">
                    "On the programs both models predicted: the row model's success minus the column model's, in "
                    "percentage points (blue: the row is better). Grey where McNemar's test, adjusted over all pairs "
                    "(Benjamini–Hochberg), cannot tell the two apart (p ≥ 0.05). A cell shows its two models side "
                    "by side, below. "
                    {move || matrix.with(|m| m.as_ref().is_some_and(|m| m.values_unwritten())).then(|| format!(
                        "Past {} cells the differences are not written: each shows where the pointer rests, and \
                         all under \"The numbers\".",
                        thousands(WRITTEN_CELLS)
                    ))}
                </p>
                <div class="controls">
                    <label>
                        "Benchmark "
                        <select id="comparison-scope" on:change=move |e| benchmark.set(event_target_value(&e))>
                            {scope_options}
                        </select>
                    </label>
                    <label>
                        "Order "
                        <select id="matrix-order" on:change=move |e| {
                            order.set(if event_target_value(&e) == "name" { MatrixOrder::Name } else { MatrixOrder::Strength });
                        }>
                            <option value="strength" selected=true>"strongest first"</option>
                            <option value="name">"by name"</option>
                        </select>
                    </label>
                </div>
                <div class="figure-scroll">
                    <FigureCanvas figure=matrix.into() class="heatmap" id="pair-matrix" on_hit=on_hit/>
                </div>
                <PairView facts=facts report=report pair=pair on_pair=on_pair on_select=on_select on_open_program=on_open_program/>
                <VariantTable facts=facts report=report scope=benchmark.into() on_select=on_select/>
                <PairTable facts=facts report=report scope=benchmark.into() on_select=on_select/>
            </section>
        </Show>
    }
}

/// Each pair's 2×2 table on the benchmark shown, with the difference and both p-values.
#[component]
fn PairTable(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    scope: Signal<String>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    // 4,950 pairs for 100 models: only the rows in view are rendered.
    let window = Window::default();
    let in_scope = Memo::new(move |_| {
        let scope = scope.get();
        report.with(|r| {
            r.as_ref()
                .map_or_else(Vec::new, |r| r.agreements.iter().filter(|a| a.benchmark == scope).cloned().collect())
        })
    });
    let count = move || in_scope.with(Vec::len);
    let rows = move || {
        let Some(facts) = facts.get() else { return Vec::new() };
        let range = window.range(count());
        in_scope
            .with(|pairs| pairs.get(range).map(<[ModelAgreement]>::to_vec).unwrap_or_default())
            .into_iter()
            .map(|a| pair_row(&facts, a, None, on_select))
            .collect::<Vec<_>>()
    };
    view! {
        <div class="windowed" tabindex="0" role="region" aria-label="Model against model" on:scroll=move |e| window.on_scroll(e)>
            <table class="data" id="comparison-table" aria-rowcount=move || count() + 1>
                <thead>
                    <tr>
                        <th>"model A"</th><th>"model B"</th><th>"benchmark"</th><th>"both right"</th>
                        <th>"only A"</th><th>"only B"</th><th>"both wrong"</th><th>"A − B (95% CI)"</th>
                        <th>"McNemar p"</th><th>"adjusted p"</th>
                    </tr>
                </thead>
                <tbody>{move || window.spacer(count(), true)}{rows}{move || window.spacer(count(), false)}</tbody>
            </table>
        </div>
    }
}

/// Each model's variants against it (a reasoning model and its base, a prompt setting and the
/// default), seen from the variant; shown when the drop has any.
#[component]
fn VariantTable(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    scope: Signal<String>,
    on_select: Callback<Selection>,
) -> impl IntoView {
    let in_scope = Memo::new(move |_| {
        let scope = scope.get();
        report.with(|r| {
            r.as_ref().map_or_else(Vec::new, |r| {
                r.variants.iter().filter(|v| v.agreement.benchmark == scope).cloned().collect::<Vec<_>>()
            })
        })
    });
    let rows = move || {
        let facts = facts.get()?;
        let pairs = in_scope.get();
        (!pairs.is_empty()).then(|| {
            pairs.into_iter().map(|v| pair_row(&facts, v.agreement, Some(v.difference), on_select)).collect::<Vec<_>>()
        })
    };
    move || {
        rows().map(|rows| {
            view! {
                <h3>"Variants of one model"</h3>
                <p class="explain">
                    "A reasoning model against its base, a pretrained checkpoint against the trained model, a prompt "
                    "setting against the default — told by their names — with the variant as model A."
                </p>
                <div class="table-scroll" tabindex="0" role="region" aria-label="Variants of one model">
                    <table class="data" id="variant-table">
                        <thead>
                            <tr>
                                <th>"variant (A)"</th><th>"base model (B)"</th><th>"benchmark"</th><th>"differs by"</th>
                                <th>"both right"</th><th>"only A"</th><th>"only B"</th><th>"both wrong"</th>
                                <th>"A − B (95% CI)"</th><th>"McNemar p"</th><th>"adjusted p"</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            }
        })
    }
}

/// A pair's row; a variant's says what differs after the benchmark.
fn pair_row(facts: &Facts, a: ModelAgreement, variant: Option<String>, on_select: Callback<Selection>) -> AnyView {
    let (Some(model_a), Some(model_b)) = (facts.model_index(&a.model_a), facts.model_index(&a.model_b)) else {
        return ().into_any();
    };
    let benchmark = facts.benchmark_index(&a.benchmark);
    // One clickable count per cell of the 2×2 agreement table.
    let cell = move |count: u64, a_right: bool, b_right: bool| {
        let agreement = AgreementCell { model_a, model_b, a_right, b_right };
        let select = move |_| on_select.run(Selection { benchmark, agreement: Some(agreement), ..Default::default() });
        view! { <td class="num clickable" on:click=select><button class="link">{count}</button></td> }
    };
    let difference = a.paired.map_or_else(String::new, |d| {
        format!("{} ({} to {})", points(d.difference), points(d.ci95[0]), points(d.ci95[1]))
    });
    let significant = a.mcnemar_p_adjusted < SIGNIFICANCE;
    let shown_benchmark = if a.benchmark == ALL_BENCHMARKS { "all".to_owned() } else { a.benchmark.clone() };
    view! {
        <tr data-benchmark=a.benchmark class:not-significant=!significant>
            <td>{a.model_a}</td>
            <td>{a.model_b}</td>
            <td>{shown_benchmark}</td>
            {variant.map(|difference| view! { <td>{difference}</td> })}
            {cell(a.counts.both_right, true, true)}
            {cell(a.counts.only_a, true, false)}
            {cell(a.counts.only_b, false, true)}
            {cell(a.counts.both_wrong, false, false)}
            <td class="num difference">{difference}</td>
            <td class="num">{format_p(a.mcnemar_p)}</td>
            <td class="num">{format_p(a.mcnemar_p_adjusted)}</td>
        </tr>
    }
    .into_any()
}
