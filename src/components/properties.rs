//! Numeric properties against success (SPEC §6): pick a property and a benchmark; one chart per
//! model, best first on one count axis, with correct/incorrect per rounded value and the success
//! rate with its interval, ρ and p in the title (per program and over the reference's buckets).

use crate::components::figure::FigureCanvas;
use crate::components::{benchmark_options, PropertyPicker};
use exerscope_charts::figures;
use exerscope_charts::format::thousands;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::stats::numeric::AUTO_RHO_INTERVALS;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

const MAX_CHARTS: usize = 12;

#[component]
pub fn PropertiesView(
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    property: RwSignal<NumericProperty>,
    /// `None`: all benchmarks pooled.
    benchmark: RwSignal<Option<u32>>,
    /// Whether the drop holds predictions: without, only the property picker shows (for the
    /// programs' profile below).
    predicted: Signal<bool>,
) -> impl IntoView {
    let predicted_models = move || facts.with(|f| f.as_ref().map(|f| f.predicted_models()).unwrap_or_default());
    // One chart per model, best first: beyond a dozen, the leaders (the model picker chooses which).
    let figures = Memo::new(move |_| {
        let (Some(facts), Some(report)) = (facts.get(), report.get()) else { return Vec::new() };
        let benchmark = benchmark.get().map(|b| b as usize);
        let models = facts.predicted_models();
        figures::properties(&facts, &report, &models, benchmark, property.get(), MAX_CHARTS)
            .into_iter()
            .map(|figure| Some(Arc::new(figure)))
            .collect::<Vec<_>>()
    });
    let more = move || {
        let count = predicted_models().len();
        (count > MAX_CHARTS).then(|| {
            format!("Charts of the {MAX_CHARTS} most successful of {count} models shown: choose models in “Models” above to see others.")
        })
    };
    view! {
        <section class="panel" id="properties">
            <h2>"Success by program property"</h2>
            <div class="controls">
                <label>
                    "Property "
                    <PropertyPicker id="property-picker" property=property/>
                </label>
                <label hidden=move || !predicted.get()>
                    " Benchmark "
                    <select id="property-benchmark" on:change=move |e| benchmark.set(event_target_value(&e).parse().ok())>
                        <option value="all" selected=move || benchmark.get().is_none()>"all benchmarks"</option>
                        {move || benchmark_options(facts, move |i| benchmark.get() == Some(i as u32))}
                    </select>
                </label>
            </div>
            <Show when=move || predicted.get()>
            <p class="explain">
                "One chart per model, the most successful first (the leaderboard's order on the benchmark chosen, or pooled), "
                "all on one count axis, so that a bar's height means the same in every chart. "
                "Bars: correct (green) and incorrect (red) predictions per value, rounded as the reference does (its first ten values). "
                {format!(
                    "ρ is followed by its 95% bootstrap interval (2,000 resamples of programs) where the drop is small enough (up to {} model × program pairs). ",
                    thousands(AUTO_RHO_INTERVALS)
                )}
                "Blue: success rate with its 95% Wilson interval. ρ per program: Spearman between each program's value and its success; "
                "ρ over buckets: the reference's correlation over the bars. Log-odds per unit: the slope of a logistic "
                "regression of success on the property, with its 95% interval (negative: higher values, fewer correct answers)."
            </p>
            <p class="explain" id="property-more">{more}</p>
            <div class="property-grid">
                {move || figures.get().into_iter().map(|figure| {
                    view! { <FigureCanvas figure=Signal::stored(figure) class="property-chart"/> }
                }).collect_view()}
            </div>
            </Show>
        </section>
    }
}
