//! Numeric properties against success (SPEC §6): pick a property and a benchmark; one chart per
//! model with correct/incorrect per rounded value and the success rate with its interval, ρ and p
//! in the title (per program and over the reference's buckets).

use crate::charts::canvas::canvas_area;
use crate::charts::property_bars::draw_property_bars;
use crate::components::{benchmark_options, PropertyPicker};
use crate::format::format_p_short;
use exerscope_core::facts::Outcome;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::stats::buckets::reference_buckets;
use exerscope_core::stats::correlation::spearman;
use exerscope_core::stats::logistic::logistic_regression;
use exerscope_core::stats::numeric::{outcomes_of, predictions_of, program_shares, property_pairs};
use exerscope_core::{Facts, Judge};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn PropertiesView(facts: Signal<Option<Arc<Facts>>>, judge: RwSignal<Judge>) -> impl IntoView {
    let property = RwSignal::new(NumericProperty::MccabeSum);
    let benchmark = RwSignal::new(None::<u32>);
    let models = move || facts.with(|f| f.as_ref().map(|f| f.predicted_models()).unwrap_or_default());
    // Each program once with its share of correct samples, for every model's chart: computed once.
    let outcomes = Memo::new(move |_| facts.with(|f| f.as_ref().map(|f| Arc::new(f.outcomes(judge.get())))));
    view! {
        <section class="panel" id="properties">
            <h2>"Success by program property"</h2>
            <div class="controls">
                <label>
                    "Property "
                    <PropertyPicker id="property-picker" property=property/>
                </label>
                <label>
                    " Benchmark "
                    <select id="property-benchmark" on:change=move |e| benchmark.set(event_target_value(&e).parse().ok())>
                        <option value="all">"all benchmarks"</option>
                        {move || benchmark_options(facts, move |i| benchmark.get() == Some(i as u32))}
                    </select>
                </label>
            </div>
            <p class="explain">
                "Bars: correct (green) and incorrect (red) predictions per value, rounded as the reference does (its first ten values). "
                "Blue: success rate with its 95% Wilson interval. ρ per program: Spearman between each program's value and its success; "
                "ρ over buckets: the reference's correlation over the bars. Log-odds per unit: the slope of a logistic "
                "regression of success on the property, with its 95% interval (negative: higher values, fewer correct answers)."
            </p>
            <div class="property-grid">
                {move || models().into_iter().map(|model| view! { <PropertyChart facts judge outcomes property benchmark model/> }).collect_view()}
            </div>
        </section>
    }
}

#[component]
fn PropertyChart(
    facts: Signal<Option<Arc<Facts>>>,
    judge: RwSignal<Judge>,
    outcomes: Memo<Option<Arc<Vec<Outcome>>>>,
    property: RwSignal<NumericProperty>,
    benchmark: RwSignal<Option<u32>>,
    model: u32,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    Effect::new(move |_| {
        let (Some(canvas), Some(facts), Some(all_outcomes)) = (canvas.get(), facts.get(), outcomes.get()) else {
            return;
        };
        let (judge, property) = (judge.get(), property.get());
        let members = predictions_of(&facts, model, benchmark.get());
        let pairs = property_pairs(&facts, facts.predictions.verdicts(judge), &members, property);
        let buckets = reference_buckets(pairs.iter().copied());
        // Per program: each program once, with its share c/n of correct samples.
        let outcomes = outcomes_of(&facts, &all_outcomes, model, benchmark.get());
        let (values, shares): (Vec<f64>, Vec<f64>) = program_shares(&facts, &outcomes, property).into_iter().unzip();
        let describe = |c: Option<exerscope_core::stats::correlation::Correlation>| {
            c.map_or("–".to_owned(), |c| format!("{:.3} (p {})", c.rho, format_p_short(c.p)))
        };
        let slope = logistic_regression(&values, &shares).map_or("–".to_owned(), |fit| {
            format!("{:+.3} [{:+.3}, {:+.3}]", fit.slope, fit.slope_ci95[0], fit.slope_ci95[1])
        });
        let subtitle = format!(
            "ρ per program {} · ρ over buckets {} · log-odds per unit {slope}",
            describe(spearman(&values, &shares)),
            describe(buckets.correlation)
        );
        let Some(area) = canvas_area(&canvas) else { return };
        let title = &facts.models[model as usize];
        if let Err(e) = draw_property_bars(&area, title, &subtitle, property.label(), &buckets.buckets) {
            web_sys::console::error_1(&format!("exerscope: property chart not drawn: {e:?}").into());
        }
        let _ = canvas.set_attribute("data-drawn", "true");
    });
    view! { <canvas class="chart property-chart" width="600" height="320" node_ref=canvas data-model=model.to_string()></canvas> }
}
