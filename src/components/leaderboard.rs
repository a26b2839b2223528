//! The leaderboard a paper prints: per task, models × benchmarks (and pooled), success with its
//! interval, in rank order of any column a header click picks (best first). The ranks, their
//! ranges, bands and the pivot are the core's ([`exerscope_core::stats::leaderboard`], the same
//! pivot the LaTeX export prints); this view orders and shows them.

use crate::components::sortable::{self, SortHeader};
use exerscope_charts::format::{interval, percent};
use exerscope_core::stats::leaderboard::{column_label, pivots, Pivot, Standing};
use exerscope_core::Report;
use leptos::prelude::*;
use std::sync::Arc;

/// The column a board is ordered by: a benchmark (or `*`), or the models' names.
#[derive(Clone, Debug, PartialEq)]
enum SortColumn {
    /// The pooled column where there is one, else the first benchmark.
    Default,
    Benchmark(String),
    Model,
}

type Order = sortable::Order<SortColumn>;

/// What tells two models apart: the pairs' tests on the programs both answered where the report
/// has them, else (or when asked) their 95% intervals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Apart {
    Paired,
    Intervals,
}

impl Apart {
    /// The rank text and band of a standing as told apart this way (the intervals' where the pairs
    /// of its board were not tested).
    fn place(self, standing: &Standing) -> (String, usize) {
        match (self, standing.paired) {
            (Apart::Paired, Some(place)) => (standing.paired_rank_text().unwrap_or_default(), place.band),
            _ => (standing.rank_text(), standing.band),
        }
    }
}

/// A pivot's column an order ranks by: its place, or `None` for the models' names.
fn column_of(pivot: &Pivot, order: &Order) -> Option<usize> {
    match &order.column {
        SortColumn::Default => Some(pivot.ranking_column()),
        SortColumn::Benchmark(name) => pivot.columns.iter().position(|c| c == name).or(Some(pivot.ranking_column())),
        SortColumn::Model => None,
    }
}

/// A pivot's rows in the order asked; models without a standing in the column last, by name.
fn sorted<'a>(pivot: &'a Pivot, order: &Order) -> Vec<&'a (String, Vec<Option<Standing>>)> {
    let mut rows: Vec<_> = pivot.rows.iter().collect();
    let column = column_of(pivot, order);
    rows.sort_by(|a, b| {
        let by_column = match column {
            None => order.compare(Some(&a.0), Some(&b.0), Ord::cmp),
            Some(c) => order.compare(a.1[c].as_ref(), b.1[c].as_ref(), |x, y| x.success.total_cmp(&y.success)),
        };
        by_column.then_with(|| a.0.cmp(&b.0))
    });
    rows
}

fn cell_title(standing: &Standing, models: usize) -> String {
    let paired = standing.paired.map_or_else(String::new, |p| {
        format!("; {}–{} as the paired tests allow; band {}", p.rank_best, p.rank_worst, p.band)
    });
    format!(
        "{} programs; rank {} of {models}, {}–{} as the 95% intervals allow; band {}{paired}",
        standing.programs, standing.rank, standing.rank_best, standing.rank_worst, standing.band
    )
}

#[component]
pub fn Leaderboard(report: Signal<Option<Arc<Report>>>) -> impl IntoView {
    let order = RwSignal::new(Order { column: SortColumn::Default, descending: true });
    let boards = Memo::new(move |_| {
        report.with(|report| {
            let Some(report) = report else { return Vec::new() };
            pivots(&report.leaderboard).into_iter().map(Arc::new).collect::<Vec<_>>()
        })
    });
    let several_tasks = move || boards.with(|b| b.len() > 1);
    let apart = RwSignal::new(Apart::Paired);
    let paired_tested =
        move || report.with(|r| r.as_ref().is_some_and(|r| r.leaderboard.iter().any(|s| s.paired.is_some())));
    // Names read best from A; successes from the best.
    let sort_by = move |column: SortColumn| {
        order.update(|order| *order = order.clone().clicked(column.clone(), column == SortColumn::Model))
    };
    view! {
        <Show when=move || boards.with(|b| !b.is_empty())>
            <h3>"Leaderboard"</h3>
            <p class="muted">
                "Click a column to rank by it (again: reverse). A rank in brackets is the range of ranks the "
                "tests allow; shaded bands hold the models the band's leader cannot be told apart from. "
                "Pooled ranks only the models that answered every benchmark of the task."
            </p>
            <Show when=paired_tested>
                <div class="controls">
                    <label>
                        "Models told apart by "
                        <select id="leaderboard-apart" on:change=move |e| {
                            apart.set(if event_target_value(&e) == "intervals" { Apart::Intervals } else { Apart::Paired })
                        }>
                            <option value="paired" selected=move || apart.get() == Apart::Paired>
                                "paired tests on the programs both answered (McNemar, BH-adjusted)"
                            </option>
                            <option value="intervals" selected=move || apart.get() == Apart::Intervals>
                                "their 95% Wilson intervals"
                            </option>
                        </select>
                    </label>
                </div>
            </Show>
            // Keyed by the board itself: a new drop of the same task brings new standings.
            <For each=move || boards.get() key=|board| (board.task, Arc::as_ptr(board) as usize) let:board>
                <BoardTable board=board order=order.into() apart=apart.into() several_tasks=Signal::derive(several_tasks)
                    on_sort=Callback::new(sort_by)/>
            </For>
        </Show>
    }
}

#[component]
fn BoardTable(
    board: Arc<Pivot>,
    order: Signal<Order>,
    apart: Signal<Apart>,
    several_tasks: Signal<bool>,
    on_sort: Callback<SortColumn>,
) -> impl IntoView {
    let task = board.task;
    let models = board.rows.len();
    let header_board = board.clone();
    // A header's column: its benchmark's place, or `None` for the models' names (as `column_of`).
    let sort_state = move |header: Option<usize>| {
        let header_board = header_board.clone();
        Signal::derive(move || {
            let order = order.get();
            (column_of(&header_board, &order) == header).then_some(order.descending)
        })
    };
    let benchmark_headers = board
        .columns
        .iter()
        .enumerate()
        .map(|(place, column)| {
            let clicked = SortColumn::Benchmark(column.clone());
            view! {
                <SortHeader label=column_label(column).to_owned() column=column.clone() sorted=sort_state(Some(place))
                    on_click=Callback::new(move |()| on_sort.run(clicked.clone()))/>
            }
        })
        .collect_view();
    let rows_board = board.clone();
    let rows = move || {
        let (order, apart) = (order.get(), apart.get());
        let column = column_of(&rows_board, &order);
        sorted(&rows_board, &order)
            .into_iter()
            .map(|(model, cells)| {
                let (rank, band) = column.and_then(|c| cells[c].as_ref()).map(|s| apart.place(s)).unzip();
                let band = band.map(|band| if band % 2 == 1 { "band-odd" } else { "band-even" }).unwrap_or_default();
                let cells = cells
                    .iter()
                    .map(|cell| match cell {
                        Some(s) => view! {
                            <td class="num" title=cell_title(s, models) data-success=s.success.to_string()>
                                {percent(s.success)}
                                <span class="muted ci">{s.ci95.map(|ci| format!(" [{}]", interval(ci))).unwrap_or_default()}</span>
                            </td>
                        }
                        .into_any(),
                        None => view! { <td class="num muted" title="no prediction on this benchmark">"—"</td> }.into_any(),
                    })
                    .collect_view();
                view! {
                    <tr class=band data-model=model.clone()>
                        <td class="num rank">{rank.unwrap_or_default()}</td>
                        <th scope="row">{model.clone()}</th>
                        {cells}
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <Show when=move || several_tasks.get()>
            <h4>{format!("Task: {}", task.name())}</h4>
        </Show>
        <div class="table-scroll tall" tabindex="0" role="region" aria-label=format!("Leaderboard, task {}", task.name())>
            <table class="data leaderboard" data-task=task.name()>
                <thead>
                    <tr>
                        <th scope="col">"rank"</th>
                        <SortHeader label="model".to_owned() sorted=sort_state(None)
                            on_click=Callback::new(move |()| on_sort.run(SortColumn::Model))/>
                        {benchmark_headers}
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use exerscope_core::stats::leaderboard::leaderboard;
    use exerscope_core::stats::RunSummary;
    use exerscope_core::table::Task;

    fn run(model: &str, benchmark: &str, rate: f64) -> RunSummary {
        RunSummary {
            model: model.into(),
            benchmark: benchmark.into(),
            task: Task::Output,
            correct: 0,
            wrong: 0,
            missing: 0,
            benchmark_programs: 100,
            total: 100,
            programs: 100,
            samples: 1,
            pass_at_1: Some(rate),
            pass_at_5: None,
            rate: Some(rate),
            ci95: Some([rate - 0.05, rate + 0.05]),
            se: None,
            se_unclustered: None,
        }
    }

    fn models(board: &Pivot, order: &Order) -> Vec<String> {
        sorted(board, order).into_iter().map(|(model, _)| model.clone()).collect()
    }

    #[test]
    fn a_board_ranks_by_pooled_success_then_by_the_column_asked() {
        // a is best pooled, b best on y; c answered only x and so is not pooled: last.
        let runs =
            [run("a", "x", 0.9), run("a", "y", 0.5), run("b", "x", 0.3), run("b", "y", 0.8), run("c", "x", 0.95)];
        let board = &pivots(&leaderboard(&runs))[0];
        assert_eq!(board.columns, ["x", "y", "*"]);
        let order = |column, descending| Order { column, descending };
        assert_eq!(models(board, &order(SortColumn::Default, true)), ["a", "b", "c"]);
        assert_eq!(models(board, &order(SortColumn::Benchmark("y".into()), true)), ["b", "a", "c"]);
        assert_eq!(models(board, &order(SortColumn::Benchmark("x".into()), false)), ["b", "a", "c"]);
        assert_eq!(models(board, &order(SortColumn::Model, false)), ["a", "b", "c"]);
    }

    #[test]
    fn a_place_is_the_paired_tests_where_they_ran_else_the_intervals() {
        use exerscope_core::stats::leaderboard::PairedPlace;
        let standings = leaderboard(&[run("a", "x", 0.8), run("b", "x", 0.78)]);
        let b = standings[1].clone();
        assert_eq!(Apart::Paired.place(&b), ("2 (1–2)".to_owned(), 1), "not tested: the intervals'");
        let tested = Standing { paired: Some(PairedPlace { rank_best: 2, rank_worst: 2, band: 2 }), ..b };
        assert_eq!(Apart::Paired.place(&tested), ("2".to_owned(), 2));
        assert_eq!(Apart::Intervals.place(&tested), ("2 (1–2)".to_owned(), 1));
    }
}
