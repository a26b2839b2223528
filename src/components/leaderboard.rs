//! The leaderboard a paper prints: per task, models × benchmarks (and pooled), success with its
//! interval, in rank order of any column a header click picks (best first). The ranks, their
//! ranges and bands are the core's ([`exerscope_core::stats::leaderboard`]); this view pivots
//! and orders them.

use exerscope_charts::format::{interval, percent};
use exerscope_core::stats::leaderboard::{Standing, POOLED};
use exerscope_core::table::Task;
use exerscope_core::Report;
use leptos::prelude::*;
use std::cmp::Ordering;
use std::sync::Arc;

/// The column a board is ordered by: a benchmark (or `*`), or the models' names.
#[derive(Clone, Debug, PartialEq)]
enum SortColumn {
    /// The pooled column where there is one, else the first benchmark.
    Default,
    Benchmark(String),
    Model,
}

#[derive(Clone, Debug, PartialEq)]
struct Order {
    column: SortColumn,
    descending: bool,
}

/// One task's standings, pivoted: a row per model, a cell per benchmark column.
#[derive(PartialEq)]
struct Board {
    task: Task,
    columns: Vec<String>,
    rows: Vec<(String, Vec<Option<Standing>>)>,
}

impl Board {
    fn of(task: Task, standings: &[Standing]) -> Board {
        let mut columns: Vec<String> = Vec::new();
        let mut rows: Vec<(String, Vec<Option<Standing>>)> = Vec::new();
        for standing in standings.iter().filter(|s| s.task == task) {
            if !columns.contains(&standing.benchmark) {
                columns.push(standing.benchmark.clone());
            }
            if !rows.iter().any(|(model, _)| *model == standing.model) {
                rows.push((standing.model.clone(), Vec::new()));
            }
        }
        for (model, cells) in &mut rows {
            *cells = columns
                .iter()
                .map(|column| standings.iter().find(|s| s.task == task && s.benchmark == *column && s.model == *model))
                .map(|s| s.cloned())
                .collect();
        }
        Board { task, columns, rows }
    }

    /// The column a default order sorts by: pooled where the task has it, else its first benchmark.
    fn default_column(&self) -> usize {
        self.columns.iter().position(|c| c == POOLED).unwrap_or(0)
    }

    fn column_of(&self, order: &Order) -> Option<usize> {
        match &order.column {
            SortColumn::Default => Some(self.default_column()),
            SortColumn::Benchmark(name) => self.columns.iter().position(|c| c == name).or(Some(self.default_column())),
            SortColumn::Model => None,
        }
    }

    /// The rows in the order asked; models without a standing in the column last, by name.
    fn sorted(&self, order: &Order) -> Vec<&(String, Vec<Option<Standing>>)> {
        let mut rows: Vec<_> = self.rows.iter().collect();
        let column = self.column_of(order);
        rows.sort_by(|a, b| {
            let by_column = match column {
                None => a.0.cmp(&b.0),
                Some(c) => match (&a.1[c], &b.1[c]) {
                    (Some(x), Some(y)) => x.success.total_cmp(&y.success),
                    (Some(_), None) => return Ordering::Less,
                    (None, Some(_)) => return Ordering::Greater,
                    (None, None) => Ordering::Equal,
                },
            };
            let by_column = if order.descending { by_column.reverse() } else { by_column };
            by_column.then_with(|| a.0.cmp(&b.0))
        });
        rows
    }
}

fn column_label(column: &str) -> String {
    if column == POOLED {
        "pooled".to_owned()
    } else {
        column.to_owned()
    }
}

/// "3" or "3 (2–5)": the rank, and the ranks the intervals allow where they are several.
fn rank_text(standing: &Standing) -> String {
    if standing.rank_best == standing.rank_worst {
        standing.rank.to_string()
    } else {
        format!("{} ({}–{})", standing.rank, standing.rank_best, standing.rank_worst)
    }
}

fn cell_title(standing: &Standing, models: usize) -> String {
    format!(
        "{} programs; rank {} of {models}, {}–{} as the 95% intervals allow; band {}",
        standing.programs, standing.rank, standing.rank_best, standing.rank_worst, standing.band
    )
}

#[component]
pub fn Leaderboard(report: Signal<Option<Arc<Report>>>) -> impl IntoView {
    let order = RwSignal::new(Order { column: SortColumn::Default, descending: true });
    let boards = Memo::new(move |_| {
        report.with(|report| {
            let Some(report) = report else { return Vec::new() };
            let mut tasks: Vec<Task> = report.leaderboard.iter().map(|s| s.task).collect();
            tasks.dedup();
            tasks.into_iter().map(|task| Arc::new(Board::of(task, &report.leaderboard))).collect::<Vec<_>>()
        })
    });
    let several_tasks = move || boards.with(|b| b.len() > 1);
    let sort_by = move |column: SortColumn| {
        order.update(|order| {
            if order.column == column {
                order.descending = !order.descending;
            } else {
                // Names read best from A; successes from the best.
                order.descending = column != SortColumn::Model;
                order.column = column;
            }
        })
    };
    view! {
        <Show when=move || boards.with(|b| !b.is_empty())>
            <h3>"Leaderboard"</h3>
            <p class="muted">
                "Click a column to rank by it (again: reverse). A rank in brackets is the range its 95% Wilson "
                "interval allows; shaded bands hold the models the band's leader cannot be told apart from. "
                "Pooled ranks only the models that answered every benchmark of the task."
            </p>
            // Keyed by the board itself: a new drop of the same task brings new standings.
            <For each=move || boards.get() key=|board| (board.task, Arc::as_ptr(board) as usize) let:board>
                <BoardTable board=board order=order.into() several_tasks=Signal::derive(several_tasks)
                    on_sort=Callback::new(sort_by)/>
            </For>
        </Show>
    }
}

#[component]
fn BoardTable(
    board: Arc<Board>,
    order: Signal<Order>,
    several_tasks: Signal<bool>,
    on_sort: Callback<SortColumn>,
) -> impl IntoView {
    let task = board.task;
    let models = board.rows.len();
    let header_board = board.clone();
    // A header's column: its benchmark's place, or `None` for the models' names (as `column_of`).
    let sort_state = move |header: Option<usize>| {
        let order = order.get();
        match (header_board.column_of(&order) == header, order.descending) {
            (false, _) => "none",
            (true, true) => "descending",
            (true, false) => "ascending",
        }
    };
    let benchmark_headers = board
        .columns
        .iter()
        .enumerate()
        .map(|(place, column)| {
            let clicked = SortColumn::Benchmark(column.clone());
            let sort_state = sort_state.clone();
            view! {
                <th scope="col" aria-sort=move || sort_state(Some(place)) data-column=column.clone()>
                    <button class="sort" on:click=move |_| on_sort.run(clicked.clone())>{column_label(column)}</button>
                </th>
            }
        })
        .collect_view();
    let rows_board = board.clone();
    let rows = move || {
        let order = order.get();
        let column = rows_board.column_of(&order);
        rows_board
            .sorted(&order)
            .into_iter()
            .map(|(model, cells)| {
                let ranked = column.and_then(|c| cells[c].as_ref());
                let band = ranked.map(|s| if s.band % 2 == 1 { "band-odd" } else { "band-even" }).unwrap_or_default();
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
                        <td class="num rank">{ranked.map(rank_text).unwrap_or_default()}</td>
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
        <div class="table-scroll">
            <table class="data leaderboard" data-task=task.name()>
                <thead>
                    <tr>
                        <th scope="col">"rank"</th>
                        <th scope="col" aria-sort=move || sort_state(None)>
                            <button class="sort" on:click=move |_| on_sort.run(SortColumn::Model)>"model"</button>
                        </th>
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

    fn run(model: &str, benchmark: &str, rate: f64) -> RunSummary {
        RunSummary {
            model: model.into(),
            benchmark: benchmark.into(),
            task: Task::Output,
            correct: 0,
            wrong: 0,
            missing: 0,
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

    fn models(board: &Board, order: &Order) -> Vec<String> {
        board.sorted(order).into_iter().map(|(model, _)| model.clone()).collect()
    }

    #[test]
    fn a_board_ranks_by_pooled_success_then_by_the_column_asked() {
        // a is best pooled, b best on y; c answered only x and so is not pooled: last.
        let runs =
            [run("a", "x", 0.9), run("a", "y", 0.5), run("b", "x", 0.3), run("b", "y", 0.8), run("c", "x", 0.95)];
        let board = Board::of(Task::Output, &leaderboard(&runs));
        assert_eq!(board.columns, ["x", "y", "*"]);
        let order = |column, descending| Order { column, descending };
        assert_eq!(models(&board, &order(SortColumn::Default, true)), ["a", "b", "c"]);
        assert_eq!(models(&board, &order(SortColumn::Benchmark("y".into()), true)), ["b", "a", "c"]);
        assert_eq!(models(&board, &order(SortColumn::Benchmark("x".into()), false)), ["b", "a", "c"]);
        assert_eq!(models(&board, &order(SortColumn::Model, false)), ["a", "b", "c"]);
    }
}
