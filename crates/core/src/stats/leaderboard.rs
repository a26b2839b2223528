//! Leaderboards that rank: per task, the models in order of success on each benchmark and pooled
//! over the benchmarks, with the ranks their 95% intervals allow. Two models are told apart only
//! when their intervals do not overlap — conservative (two overlapping 95% intervals can still
//! differ at 5%), and the same rule for every benchmark, so that a gap a reader sees as a rank is
//! never noise.
//!
//! Where the pairs of models were tested on the same programs (McNemar's exact test, adjusted by
//! Benjamini–Hochberg over every pair of the benchmark: the all-pairs matrix's p), the standings
//! also carry the places those tests allow ([`PairedPlace`]): paired tests see differences that two
//! intervals hide, since both models answered the same programs.

use super::agreement::{ModelAgreement, SIGNIFICANCE};
use super::success::RunSummary;
use super::wilson::{wilson_interval_of_rate, Z_95};
use crate::table::Task;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// The benchmark name of the rows pooled over a task's benchmarks.
pub const POOLED: &str = "*";

/// One model's place on one benchmark (or [`POOLED`]) of a task.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub task: Task,
    /// The benchmark, or `*`: pooled over every benchmark of the task (only models that answered
    /// each of them are ranked there).
    pub benchmark: String,
    pub model: String,
    /// Programs with a prediction.
    pub programs: u64,
    /// pass@1, each program counted once.
    pub success: f64,
    /// Its 95% Wilson interval over the programs.
    pub ci95: Option<[f64; 2]>,
    /// 1 + the number of models with a higher success (ties share a rank).
    pub rank: usize,
    /// The best rank the intervals allow: 1 + the models whose interval lies wholly above this one's.
    pub rank_best: usize,
    /// The worst: the models ranked, less those whose interval lies wholly below this one's.
    pub rank_worst: usize,
    /// 1 for the leader and every model after it whose interval overlaps the leader's; the next
    /// model apart from it leads band 2, and so on.
    pub band: usize,
    /// The places the paired tests allow, where the pairs were tested ([`add_paired_places`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired: Option<PairedPlace>,
}

/// A model's place on a board as the all-pairs matrix's tests tell it: one model is ahead of
/// another when McNemar's adjusted p is below 0.05 and it solved more of the programs only one of
/// them solved. Pairs that share no program, or were not tested, are not told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedPlace {
    /// 1 + the models ahead of this one.
    pub rank_best: usize,
    /// The models ranked, less those behind this one.
    pub rank_worst: usize,
    /// 1 for the leader and every model after it the leader is not ahead of; the next model it is
    /// ahead of leads band 2, and so on.
    pub band: usize,
}

impl Standing {
    /// "3" or "3 (2–5)": the rank, and the ranks the intervals allow where they are several.
    pub fn rank_text(&self) -> String {
        if self.rank_best == self.rank_worst {
            self.rank.to_string()
        } else {
            format!("{} ({}–{})", self.rank, self.rank_best, self.rank_worst)
        }
    }

    /// As [`Standing::rank_text`], with the ranks the paired tests allow (`None` where the pairs of
    /// its board were not tested): "3 (2)" where they allow one rank that is not its success's
    /// (models that answered different programs).
    pub fn paired_rank_text(&self) -> Option<String> {
        let place = self.paired?;
        Some(match (place.rank_best, place.rank_worst) {
            (best, worst) if best == worst && best == self.rank => self.rank.to_string(),
            (best, worst) if best == worst => format!("{} ({best})", self.rank),
            (best, worst) => format!("{} ({best}–{worst})", self.rank),
        })
    }
}

/// Gives the standings of one task the places its pairs' tests allow, board by board (a benchmark,
/// or pooled), from `agreements`: that task's pairs (the all-pairs matrix's rows). A board none of
/// whose pairs is among them keeps `paired: None`.
pub fn add_paired_places<'a>(standings: impl IntoIterator<Item = &'a mut Standing>, agreements: &[ModelAgreement]) {
    let mut boards: BTreeMap<String, Vec<&mut Standing>> = BTreeMap::new();
    for standing in standings {
        boards.entry(standing.benchmark.clone()).or_default().push(standing);
    }
    for (benchmark, mut board) in boards {
        let tested: HashMap<(&str, &str), &ModelAgreement> = agreements
            .iter()
            .filter(|a| a.benchmark == benchmark)
            .map(|a| ((a.model_a.as_str(), a.model_b.as_str()), a))
            .collect();
        if tested.is_empty() {
            continue;
        }
        // Whether model `x` is ahead of model `y` on the programs both answered.
        let ahead = |x: &str, y: &str| {
            let (agreement, x_is_a) = match (tested.get(&(x, y)), tested.get(&(y, x))) {
                (Some(a), _) => (a, true),
                (_, Some(a)) => (a, false),
                _ => return false,
            };
            let (only_x, only_y) = if x_is_a {
                (agreement.counts.only_a, agreement.counts.only_b)
            } else {
                (agreement.counts.only_b, agreement.counts.only_a)
            };
            agreement.mcnemar_p_adjusted < SIGNIFICANCE && only_x > only_y
        };
        board.sort_by(|a, b| b.success.total_cmp(&a.success).then_with(|| a.model.cmp(&b.model)));
        let models: Vec<String> = board.iter().map(|s| s.model.clone()).collect();
        let mut band = 0;
        let mut leader: Option<&str> = None;
        for standing in board.iter_mut() {
            let model = standing.model.as_str();
            if leader.is_none_or(|leader| ahead(leader, model)) {
                band += 1;
                leader = Some(models.iter().find(|m| *m == model).expect("on the board"));
            }
            let above = models.iter().filter(|other| ahead(other, model)).count();
            let below = models.iter().filter(|other| ahead(model, other)).count();
            standing.paired = Some(PairedPlace { rank_best: 1 + above, rank_worst: models.len() - below, band });
        }
    }
}

/// Every task's standings per benchmark, in the runs' benchmark order, then pooled (for tasks of
/// more than one benchmark); best first within each.
pub fn leaderboard(runs: &[RunSummary]) -> Vec<Standing> {
    let mut boards: BTreeMap<(Task, usize, String), Vec<Entry>> = BTreeMap::new();
    let mut benchmark_order: Vec<&str> = Vec::new();
    for run in runs {
        let Some(success) = run.rate else { continue };
        if !benchmark_order.contains(&run.benchmark.as_str()) {
            benchmark_order.push(&run.benchmark);
        }
        let place = benchmark_order.iter().position(|b| *b == run.benchmark).unwrap_or_default();
        let entry = Entry { model: run.model.clone(), programs: run.programs, success, ci95: run.ci95 };
        boards.entry((run.task, place, run.benchmark.clone())).or_default().push(entry);
    }
    for (task, entries) in pooled(runs) {
        boards.insert((task, usize::MAX, POOLED.to_owned()), entries);
    }
    boards.into_iter().flat_map(|((task, _, benchmark), entries)| ranked(task, &benchmark, entries)).collect()
}

struct Entry {
    model: String,
    programs: u64,
    success: f64,
    ci95: Option<[f64; 2]>,
}

/// Per task of several benchmarks, each model that answered all of them: pass@1 over all its
/// programs (a program belongs to one benchmark, so this is the runs' rates weighted by programs).
/// A pivot column's header: its benchmark, or "pooled".
pub fn column_label(column: &str) -> &str {
    if column == POOLED {
        "pooled"
    } else {
        column
    }
}

/// One task's standings pivoted as a paper prints them: a row per model (best first on the
/// ranking column), a column per benchmark and the pooled one.
#[derive(Clone, Debug, PartialEq)]
pub struct Pivot {
    pub task: Task,
    /// The benchmarks in the standings' order, [`POOLED`] last where the task has it.
    pub columns: Vec<String>,
    /// Each model and its standing per column (`None`: no prediction on that benchmark).
    pub rows: Vec<PivotRow>,
}

impl Pivot {
    /// The column a leaderboard ranks by: pooled where the task has it, else its first benchmark.
    pub fn ranking_column(&self) -> usize {
        self.columns.iter().position(|c| c == POOLED).unwrap_or(0)
    }

    /// The models best first on `benchmark`'s column, or on the ranking column for `None` (all
    /// benchmarks); models without a standing there last, by name.
    pub fn models_ranked_on(&self, benchmark: Option<&str>) -> Vec<&str> {
        let column = match benchmark {
            Some(name) => self.columns.iter().position(|c| c == name),
            None => Some(self.ranking_column()),
        };
        let mut rows: Vec<&(String, Vec<Option<Standing>>)> = self.rows.iter().collect();
        rows.sort_by(|a, b| by_rank(column, a, b));
        rows.into_iter().map(|(model, _)| model.as_str()).collect()
    }
}

type PivotRow = (String, Vec<Option<Standing>>);

/// Rows in order of their rank in `column` (none: by name), rows without a standing there last.
fn by_rank(column: Option<usize>, a: &PivotRow, b: &PivotRow) -> std::cmp::Ordering {
    let rank = |cells: &[Option<Standing>]| column.and_then(|c| cells[c].as_ref()).map_or(usize::MAX, |s| s.rank);
    rank(&a.1).cmp(&rank(&b.1)).then_with(|| a.0.cmp(&b.0))
}

/// Every task's pivot, in the standings' task order; rows in the order of the ranking column
/// (models without a standing there last, by name).
pub fn pivots(standings: &[Standing]) -> Vec<Pivot> {
    let mut pivots: Vec<Pivot> = Vec::new();
    let mut places: Vec<HashMap<&str, usize>> = Vec::new();
    for standing in standings {
        if pivots.last().is_none_or(|p| p.task != standing.task) {
            pivots.push(Pivot { task: standing.task, columns: Vec::new(), rows: Vec::new() });
            places.push(HashMap::new());
        }
        let (pivot, rows) = (pivots.last_mut().expect("pushed"), places.last_mut().expect("pushed"));
        let column = match pivot.columns.iter().position(|c| *c == standing.benchmark) {
            Some(column) => column,
            None => {
                pivot.columns.push(standing.benchmark.clone());
                pivot.columns.len() - 1
            }
        };
        let row = *rows.entry(&standing.model).or_insert_with(|| {
            pivot.rows.push((standing.model.clone(), Vec::new()));
            pivot.rows.len() - 1
        });
        let cells = &mut pivot.rows[row].1;
        cells.resize(cells.len().max(column + 1), None);
        cells[column] = Some(standing.clone());
    }
    for pivot in &mut pivots {
        let (width, ranking) = (pivot.columns.len(), pivot.ranking_column());
        for (_, cells) in &mut pivot.rows {
            cells.resize(width, None);
        }
        pivot.rows.sort_by(|a, b| by_rank(Some(ranking), a, b));
    }
    pivots
}

fn pooled(runs: &[RunSummary]) -> BTreeMap<Task, Vec<Entry>> {
    let mut benchmarks: BTreeMap<Task, Vec<&str>> = BTreeMap::new();
    let mut per_model: BTreeMap<(Task, &str), (f64, u64, usize)> = BTreeMap::new();
    for run in runs.iter().filter(|run| run.rate.is_some() && run.programs > 0) {
        let names = benchmarks.entry(run.task).or_default();
        if !names.contains(&run.benchmark.as_str()) {
            names.push(&run.benchmark);
        }
        let (shares, programs, count) = per_model.entry((run.task, run.model.as_str())).or_default();
        *shares += run.rate.unwrap_or_default() * run.programs as f64;
        *programs += run.programs;
        *count += 1;
    }
    let mut pooled: BTreeMap<Task, Vec<Entry>> = BTreeMap::new();
    for ((task, model), (shares, programs, count)) in per_model {
        let several = benchmarks[&task].len();
        if several < 2 || count < several {
            continue;
        }
        let success = shares / programs as f64;
        let ci95 = wilson_interval_of_rate(success, programs, Z_95);
        pooled.entry(task).or_default().push(Entry { model: model.to_owned(), programs, success, ci95 });
    }
    pooled
}

fn ranked(task: Task, benchmark: &str, mut entries: Vec<Entry>) -> Vec<Standing> {
    entries.sort_by(|a, b| b.success.total_cmp(&a.success).then_with(|| a.model.cmp(&b.model)));
    let interval = |e: &Entry| e.ci95.unwrap_or([e.success, e.success]);
    let mut band = 0;
    let mut band_floor = f64::INFINITY;
    let mut standings = Vec::with_capacity(entries.len());
    for entry in &entries {
        let [low, high] = interval(entry);
        if high < band_floor {
            band += 1;
            band_floor = low;
        }
        let above = entries.iter().filter(|other| interval(other)[0] > high).count();
        let below = entries.iter().filter(|other| interval(other)[1] < low).count();
        standings.push(Standing {
            task,
            benchmark: benchmark.to_owned(),
            model: entry.model.clone(),
            programs: entry.programs,
            success: entry.success,
            ci95: entry.ci95,
            rank: 1 + entries.iter().filter(|other| other.success > entry.success).count(),
            rank_best: 1 + above,
            rank_worst: entries.len() - below,
            band,
            paired: None,
        });
    }
    standings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::mcnemar::Agreement;

    fn run(model: &str, benchmark: &str, correct: u64, programs: u64) -> RunSummary {
        let rate = correct as f64 / programs as f64;
        RunSummary {
            model: model.into(),
            benchmark: benchmark.into(),
            task: Task::Output,
            correct,
            wrong: programs - correct,
            missing: 0,
            benchmark_programs: programs,
            total: programs,
            programs,
            samples: 1,
            pass_at_1: Some(rate),
            pass_at_5: None,
            rate: Some(rate),
            ci95: wilson_interval_of_rate(rate, programs, Z_95),
            se: None,
            se_unclustered: None,
        }
    }

    fn board<'a>(standings: &'a [Standing], benchmark: &str) -> Vec<(&'a str, usize, usize, usize, usize)> {
        standings
            .iter()
            .filter(|s| s.benchmark == benchmark)
            .map(|s| (s.model.as_str(), s.rank, s.rank_best, s.rank_worst, s.band))
            .collect()
    }

    #[test]
    fn intervals_that_overlap_share_ranks_and_a_band() {
        // On 800 programs: 80% and 78% overlap (±2.8 points), 50% is apart from both.
        let runs = [run("b", "x", 624, 800), run("a", "x", 640, 800), run("c", "x", 400, 800)];
        let standings = leaderboard(&runs);
        assert_eq!(board(&standings, "x"), [("a", 1, 1, 2, 1), ("b", 2, 1, 2, 1), ("c", 3, 3, 3, 2)]);
    }

    #[test]
    fn a_band_is_the_models_its_leader_cannot_be_told_from() {
        // 60% overlaps 55%, 55% overlaps 50%, but 60% and 50% are apart: 50% leads a second band.
        let runs = [run("a", "x", 480, 800), run("b", "x", 440, 800), run("c", "x", 400, 800)];
        let standings = leaderboard(&runs);
        assert_eq!(board(&standings, "x"), [("a", 1, 1, 2, 1), ("b", 2, 1, 3, 1), ("c", 3, 2, 3, 2)]);
    }

    #[test]
    fn equal_success_shares_a_rank() {
        let runs = [run("a", "x", 5, 10), run("b", "x", 5, 10)];
        assert_eq!(board(&leaderboard(&runs), "x"), [("a", 1, 1, 2, 1), ("b", 1, 1, 2, 1)]);
    }

    #[test]
    fn pooled_ranks_only_the_models_that_answered_every_benchmark() {
        let runs = [run("a", "x", 90, 100), run("a", "y", 10, 100), run("b", "x", 50, 100), run("c", "y", 100, 100)];
        let standings = leaderboard(&runs);
        let pooled: Vec<_> = standings.iter().filter(|s| s.benchmark == POOLED).collect();
        assert_eq!(pooled.len(), 1);
        assert_eq!((pooled[0].model.as_str(), pooled[0].programs), ("a", 200));
        assert!((pooled[0].success - 0.5).abs() < 1e-12);
        assert_eq!(standings.iter().map(|s| s.benchmark.as_str()).collect::<Vec<_>>(), ["x", "x", "y", "y", "*"]);
    }

    #[test]
    fn one_benchmark_has_no_pooled_board() {
        let runs = [run("a", "x", 9, 10), run("b", "x", 5, 10)];
        assert!(leaderboard(&runs).iter().all(|s| s.benchmark != POOLED));
    }

    #[test]
    fn a_pivot_holds_a_row_per_model_best_pooled_first_and_a_gap_where_a_model_did_not_answer() {
        let runs = [run("a", "x", 90, 100), run("a", "y", 10, 100), run("b", "x", 50, 100), run("b", "y", 80, 100)];
        let runs = [&runs[..], &[run("c", "y", 100, 100)]].concat();
        let pivots = pivots(&leaderboard(&runs));
        assert_eq!(pivots.len(), 1);
        let pivot = &pivots[0];
        assert_eq!(pivot.columns, ["x", "y", "*"]);
        assert_eq!(pivot.ranking_column(), 2);
        let models: Vec<&str> = pivot.rows.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(models, ["b", "a", "c"], "pooled 65% before 50%; c answered y alone");
        let c = &pivot.rows[2].1;
        assert!(c[0].is_none() && c[2].is_none());
        assert_eq!(c[1].as_ref().map(|s| s.rank), Some(1));
        assert!(pivot.rows.iter().all(|(model, cells)| cells.iter().flatten().all(|s| s.model == *model)));
        assert_eq!(pivot.models_ranked_on(None), ["b", "a", "c"]);
        assert_eq!(pivot.models_ranked_on(Some("x")), ["a", "b", "c"], "c has no standing on x");
        assert_eq!(pivot.models_ranked_on(Some("y")), ["c", "b", "a"]);
        assert_eq!(pivot.models_ranked_on(Some("unknown")), ["a", "b", "c"], "by name");
    }

    fn tested(a: &str, b: &str, benchmark: &str, [only_a, only_b]: [u64; 2], p_adjusted: f64) -> ModelAgreement {
        let counts = Agreement { both_right: 500, only_a, only_b, both_wrong: 200 };
        ModelAgreement {
            model_a: a.into(),
            model_b: b.into(),
            benchmark: benchmark.into(),
            counts,
            mcnemar_p: counts.mcnemar_p(),
            mcnemar_p_adjusted: p_adjusted,
            paired: counts.paired_difference(),
        }
    }

    /// A model and its paired place as (best rank, worst rank, band).
    type PairedRow<'a> = (&'a str, Option<(usize, usize, usize)>);

    fn paired_board<'a>(standings: &'a [Standing], benchmark: &str) -> Vec<PairedRow<'a>> {
        standings
            .iter()
            .filter(|s| s.benchmark == benchmark)
            .map(|s| (s.model.as_str(), s.paired.map(|p| (p.rank_best, p.rank_worst, p.band))))
            .collect()
    }

    #[test]
    fn a_paired_test_tells_apart_what_overlapping_intervals_cannot() {
        // 80% and 78% share a band by their intervals; on the same programs, 20 against 4 flips is
        // a difference McNemar sees. c is apart from both; the pair b, c was not significant.
        let runs = [run("a", "x", 640, 800), run("b", "x", 624, 800), run("c", "x", 400, 800)];
        let mut standings = leaderboard(&runs);
        let agreements = [
            tested("a", "b", "x", [20, 4], 0.002),
            tested("a", "c", "x", [250, 10], 1e-40),
            tested("c", "b", "x", [10, 234], 0.2),
        ];
        add_paired_places(&mut standings, &agreements);
        assert_eq!(board(&standings, "x")[..2], [("a", 1, 1, 2, 1), ("b", 2, 1, 2, 1)]);
        assert_eq!(
            paired_board(&standings, "x"),
            [("a", Some((1, 1, 1))), ("b", Some((2, 3, 2))), ("c", Some((2, 3, 2)))]
        );
        assert_eq!(standings[1].paired_rank_text().as_deref(), Some("2 (2–3)"));
        assert_eq!(standings[0].paired_rank_text().as_deref(), Some("1"));
    }

    #[test]
    fn a_significant_pair_puts_ahead_only_the_model_that_solved_more_of_its_flips() {
        // b leads on its own programs but, on those both answered, a solved more of the flips.
        let runs = [run("b", "x", 700, 800), run("a", "x", 600, 800)];
        let mut standings = leaderboard(&runs);
        add_paired_places(&mut standings, &[tested("a", "b", "x", [30, 5], 0.001)]);
        assert_eq!(paired_board(&standings, "x"), [("b", Some((2, 2, 1))), ("a", Some((1, 1, 1)))]);
        assert_eq!(standings[0].paired_rank_text().as_deref(), Some("1 (2)"), "first by success, second by the tests");
        assert_eq!(standings[1].paired_rank_text().as_deref(), Some("2 (1)"));
    }

    #[test]
    fn a_board_whose_pairs_were_not_tested_has_no_paired_places() {
        let runs = [run("a", "x", 90, 100), run("a", "y", 10, 100), run("b", "x", 50, 100), run("b", "y", 80, 100)];
        let mut standings = leaderboard(&runs);
        add_paired_places(&mut standings, &[tested("a", "b", POOLED, [40, 10], 0.001)]);
        assert_eq!(paired_board(&standings, "x"), [("a", None), ("b", None)]);
        assert_eq!(paired_board(&standings, POOLED), [("b", Some((2, 2, 1))), ("a", Some((1, 1, 1)))]);
    }
}
