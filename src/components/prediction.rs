//! Will a model succeed on code it has not seen? The core's prediction of success from program
//! properties (`report.prediction`): how well it ranks held-out programs beside two baselines,
//! each benchmark's success forecast without it, and what makes code hard for each model. The
//! view formats the report; every number is the core's.

use crate::components::figure::FigureCanvas;
use exerscope_charts::figures::{coefficients, many_models, predicted_tasks, reliability, MAX_MODELS_FOR_BARS};
use exerscope_charts::format::{interval, percent, points};
use exerscope_core::stats::prediction::{hardest_expected, BenchmarkForecast, ExpectedProgram, Predictability};
use exerscope_core::table::Task;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// The hardest programs of the unanswered benchmarks listed on the page.
const HARDEST_SHOWN: usize = 20;

#[component]
pub fn PredictionView(facts: Signal<Option<Arc<Facts>>>, report: Signal<Option<Arc<Report>>>) -> impl IntoView {
    view! {
        <h3>"Success predicted on new code"</h3>
        <p class="explain">
            "A model of success on every program property, fitted on all models at once with each model's own \
             departures. AUROC: how well it ranks programs it never saw (five folds, no program on both sides), \
             beside the model's accuracy on the benchmark alone and the program's success among the other models \
             (the mark properties try to reach). Each benchmark is also forecast by a fit that never saw it, with a \
             90% interval."
        </p>
        {move || {
            let (facts, report) = (facts.get()?, report.get()?);
            let tasks = predicted_tasks(&report);
            if tasks.is_empty() {
                return Some(view! {
                    <p class="explain" id="prediction-none">
                        "No prediction: it needs at least 20 programs answered by a model, with their properties."
                    </p>
                }.into_any());
            }
            Some(tasks.into_iter().map(|task| view! { <TaskPrediction facts=facts.clone() report=report.clone() task/> }).collect_view().into_any())
        }}
    }
}

/// One task's predictability with its calibration figure, benchmark forecasts and coefficient
/// figures.
#[component]
fn TaskPrediction(facts: Arc<Facts>, report: Arc<Report>, task: Task) -> impl IntoView {
    let prediction = &report.prediction;
    let judged: Vec<Predictability> = prediction.predictability.iter().filter(|p| p.task == task).cloned().collect();
    let forecasts: Vec<BenchmarkForecast> =
        prediction.benchmark_forecasts.iter().filter(|f| f.task == task).cloned().collect();
    let many = many_models(&facts);
    let figures: Vec<_> = if many {
        Vec::new()
    } else {
        (0..facts.models.len()).filter_map(|m| coefficients(&facts, &report, m, task)).map(Arc::new).collect()
    };
    let calibration = (!many).then(|| reliability(&facts, &report, task)).flatten().map(Arc::new);
    let unanswered = hardest_expected(&prediction.expected, task);
    view! {
        <h4>{format!("{} — on new code", task.label())}</h4>
        <PredictabilityTable task rows=judged/>
        {calibration.map(|figure| {
            let figure = Signal::derive(move || Some(figure.clone()));
            view! { <FigureCanvas figure class="reliability"/> }
        })}
        {(!forecasts.is_empty()).then(|| view! {
            <h4>{format!("{} — on a new benchmark", task.label())}</h4>
            <p class="explain">
                "Each benchmark forecast by a fit that never saw it, under the penalty whose forecasts of the other \
                 benchmarks missed least; the 90% interval from how far they missed. Accuracy alone: the model's \
                 success on the other benchmarks, the forecast to beat."
            </p>
            <ForecastTable task rows=forecasts/>
        })}
        {(!unanswered.is_empty()).then(|| view! {
            <h4>{format!("{} — on the benchmarks no model answered", task.label())}</h4>
            <p class="explain">{format!(
                "The {} hardest of their {} programs by the models' mean expected success, from the fit on every \
                 program answered; every model's, for every program, is in the exports (expected).",
                unanswered.len().min(HARDEST_SHOWN),
                unanswered.len()
            )}</p>
            <ExpectedTable task rows=unanswered.into_iter().take(HARDEST_SHOWN).collect()/>
        })}
        {many.then(|| view! {
            <p class="explain">{format!(
                "What makes code hard is drawn per model for up to {MAX_MODELS_FOR_BARS} models; with more, it is in the \
                 exports (coefficients)."
            )}</p>
        })}
        <div class="coefficient-grid">
            {figures.into_iter().map(|figure| {
                let figure = Signal::derive(move || Some(figure.clone()));
                view! { <FigureCanvas figure class="coefficients"/> }
            }).collect_view()}
        </div>
    }
}

/// Programs judged, and of how many answered when a task's programs were sampled.
fn sampled(programs: u64, answered: u64) -> String {
    if programs == answered {
        programs.to_string()
    } else {
        format!("{programs} of {answered}")
    }
}

#[component]
fn PredictabilityTable(task: Task, rows: Vec<Predictability>) -> impl IntoView {
    let auc = |value: Option<f64>| value.map_or("–".to_owned(), |v| format!("{v:.3}"));
    let body = rows
        .into_iter()
        .map(|p| {
            view! {
                <tr data-model=p.model.clone()>
                    <th scope="row">{p.model.clone()}</th>
                    <td class="count">{sampled(p.programs, p.answered)}</td>
                    <td class="rate auroc">{format!("{:.3}", p.auroc)}</td>
                    <td class="ci">{format!("[{:.3}, {:.3}]", p.auroc_ci95[0], p.auroc_ci95[1])}</td>
                    <td class="rate">{format!("{:.3}", p.ece)}</td>
                    <td class="rate">{auc(p.baseline_auroc)}</td>
                    <td class="rate">{auc(p.other_models_auroc)}</td>
                </tr>
            }
        })
        .collect_view();
    let columns = ["model", "programs", "AUROC", "95% CI", "calibration error", "accuracy alone", "other models"];
    view! { <TaskTable task label="Predictability" class="predictability" columns body/> }
}

#[component]
fn ForecastTable(task: Task, rows: Vec<BenchmarkForecast>) -> impl IntoView {
    let body = rows
        .into_iter()
        .map(|f| {
            view! {
                <tr data-model=f.model.clone() data-benchmark=f.benchmark.clone()>
                    <th scope="row">{f.model.clone()}</th>
                    <td>{f.benchmark.clone()}</td>
                    <td class="count">{f.programs}</td>
                    <td class="rate">{percent(f.predicted)}</td>
                    <td class="ci">{interval(f.predicted_ci90)}</td>
                    <td class="rate">{percent(f.real)}</td>
                    <td class="rate">{points(f.error)}</td>
                    <td>{if f.within { "yes" } else { "no" }}</td>
                    <td class="rate" title=format!("its success on the other benchmarks; the forecast's fit took {}× the usual penalty", f.shrink)>
                        {percent(f.accuracy_alone)}
                    </td>
                </tr>
            }
        })
        .collect_view();
    let columns = [
        "model",
        "benchmark left out",
        "programs",
        "forecast",
        "90% interval",
        "real",
        "real − forecast",
        "within",
        "accuracy alone",
    ];
    view! { <TaskTable task label="Benchmark forecasts" class="forecasts" columns body/> }
}

/// Programs no model answered: each one's mean expected success over the models, and their range.
#[component]
fn ExpectedTable(task: Task, rows: Vec<ExpectedProgram>) -> impl IntoView {
    let body = rows
        .into_iter()
        .map(|p| {
            view! {
                <tr data-benchmark=p.benchmark.clone() data-program=p.program.clone()>
                    <th scope="row">{p.program.clone()}</th>
                    <td>{p.benchmark.clone()}</td>
                    <td class="rate">{percent(p.mean)}</td>
                    <td class="ci">{interval(p.range)}</td>
                </tr>
            }
        })
        .collect_view();
    let columns = ["program", "benchmark", "expected success", "lowest–highest model"];
    view! { <TaskTable task label="Expected success" class="expected" columns body/> }
}

/// A table of one task's rows in a box of its own that scrolls sideways.
#[component]
fn TaskTable<const N: usize>(
    task: Task,
    label: &'static str,
    class: &'static str,
    columns: [&'static str; N],
    body: impl IntoView + 'static,
) -> impl IntoView {
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=format!("{label}, {}", task.label())>
            <table class=format!("pivot {class}") data-task=task.name()>
                <thead>
                    <tr>{columns.map(|c| view! { <th scope="col">{c}</th> }).to_vec()}</tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
