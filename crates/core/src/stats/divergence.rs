//! Where reasoning leaves the execution, across programs: how intermediate answers end against
//! their runs, at which kinds of line they first part from them and how early, and whether a
//! model's story and its final answer agree (coherence).

use super::wilson::{wilson_interval, Z_95};
use crate::alignment::{Divergence, DivergencePoint, Ending, LineKind};
use crate::extractors::Construct;
use crate::facts::{Facts, Outcome};
use crate::judges::Judge;
use crate::table::{BenchmarkIdx, ModelIdx, ProgramIdx, Task};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One model's intermediate answers on one benchmark and task, against their runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DivergenceSummary {
    pub model: String,
    pub benchmark: String,
    pub task: Task,
    pub predictions: u64,
    /// Answers with a claim standing on the run.
    pub placed: u64,
    /// How many answers end each way, every ending listed.
    pub endings: BTreeMap<Ending, u64>,
    /// The share that agree with the run throughout, and its Wilson interval.
    pub agree_rate: Option<f64>,
    pub agree_ci95: Option<[f64; 2]>,
    /// The benchmark's partial score averaged over the answers (RE2-Bench's `partial_accuracy`).
    pub mean_partial: Option<f64>,
    /// Where the first divergence falls in the run: in its first, middle or last third of steps.
    pub first_divergence_in: [u64; 3],
    /// The mean share of the run's steps right before the first divergence (1 when none).
    pub mean_steps_right: Option<f64>,
}

/// How often answers first part from the run at a place of the program — a kind of line, a
/// construct (a loop, a `try`, a nested `if`…) — among those whose run has a step there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlaceDivergence<P> {
    pub model: String,
    pub benchmark: String,
    pub task: Task,
    pub place: P,
    /// Answers whose run has a step there.
    pub reached: u64,
    /// Of those, answers whose first divergence is there.
    pub diverged: u64,
    pub rate: Option<f64>,
    pub ci95: Option<[f64; 2]>,
}

/// First divergences on a kind of line (a step is on one kind).
pub type LineKindDivergence = PlaceDivergence<LineKind>;

/// First divergences inside a construct (a step may lie in several).
pub type ConstructDivergence = PlaceDivergence<Construct>;

/// A model's intermediate answers against its final answers on the same programs: a 2×2 table of
/// the states right or wrong against the output right or wrong, with the programs of each cell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Coherence {
    pub model: String,
    pub benchmark: String,
    /// The intermediate task (the output's is [`Task::Output`]).
    pub task: Task,
    /// Programs, by `[states right][output right]` (index 1: right).
    pub counts: [[u64; 2]; 2],
    pub programs: [[Vec<String>; 2]; 2],
    /// How well how early the story parts from the run (1 − the share of steps right before its
    /// first divergence; 0 when it agrees) tells a wrong output from a right one: the area under
    /// the ROC curve, with its 95% interval (Hanley & McNeil, 1982). `None` without both outcomes.
    pub auroc: Option<f64>,
    pub auroc_ci95: Option<[f64; 2]>,
}

/// Intermediate answers against their runs, as a report holds them: each answer's row, per model
/// its summary and first divergences by kind of line, and its coherence with its final answers.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reasoning {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divergences: Vec<DivergenceRow>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divergence_summaries: Vec<DivergenceSummary>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divergence_kinds: Vec<LineKindDivergence>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divergence_constructs: Vec<ConstructDivergence>,
    /// Intermediate answers against final ones, per model (CES's 2×2 table).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub coherence: Vec<Coherence>,
    /// Per model, how many of its responses state values of the run in prose.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prose_claims: Vec<ProseShare>,
}

/// How many of a model's output responses on a benchmark state a value of a variable of the run in
/// their prose ([`crate::prose`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProseShare {
    pub model: String,
    pub benchmark: String,
    /// Always [`Task::Output`]: claims are read in output predictions' responses.
    pub task: Task,
    pub responses: u64,
    pub with_claims: u64,
    pub rate: Option<f64>,
    pub ci95: Option<[f64; 2]>,
    /// All the claims they make.
    pub claims: u64,
}

/// Per (model, benchmark), the responses whose prose makes claims.
pub fn prose_shares(facts: &Facts) -> Vec<ProseShare> {
    let p = &facts.predictions;
    let mut groups: BTreeMap<(ModelIdx, BenchmarkIdx), [u64; 3]> = BTreeMap::new();
    for count in &facts.prose {
        let i = count.prediction as usize;
        let benchmark = facts.programs[p.program[i] as usize].benchmark;
        let [responses, with_claims, claims] = groups.entry((p.model[i], benchmark)).or_default();
        *responses += 1;
        *with_claims += u64::from(count.claims > 0);
        *claims += u64::from(count.claims);
    }
    groups
        .into_iter()
        .map(|((model, benchmark), [responses, with_claims, claims])| ProseShare {
            model: facts.models[model as usize].clone(),
            benchmark: facts.benchmarks[benchmark as usize].clone(),
            task: Task::Output,
            responses,
            with_claims,
            rate: (responses > 0).then(|| with_claims as f64 / responses as f64),
            ci95: wilson_interval(with_claims, responses, Z_95),
            claims,
        })
        .collect()
}

impl Reasoning {
    /// The answers of `facts` (one task's, or all), and their coherence with the final answers of
    /// `whole` (the facts of every task, where the outputs are) by `judge`.
    pub fn of(facts: &Facts, whole: &Facts, judge: Judge, task: Option<Task>) -> Reasoning {
        Reasoning {
            divergences: divergence_rows(facts),
            divergence_summaries: divergence_summaries(facts),
            divergence_kinds: line_kind_divergences(facts),
            divergence_constructs: construct_divergences(facts),
            coherence: coherence(whole, judge, task),
            prose_claims: prose_shares(facts),
        }
    }

    /// The rows of one task.
    pub fn of_task(&self, task: Task) -> Reasoning {
        fn rows<T: Clone>(rows: &[T], task: Task, of: fn(&T) -> Task) -> Vec<T> {
            rows.iter().filter(|r| of(r) == task).cloned().collect()
        }
        Reasoning {
            divergences: rows(&self.divergences, task, |r| r.task),
            divergence_summaries: rows(&self.divergence_summaries, task, |r| r.task),
            divergence_kinds: rows(&self.divergence_kinds, task, |r| r.task),
            divergence_constructs: rows(&self.divergence_constructs, task, |r| r.task),
            coherence: rows(&self.coherence, task, |r| r.task),
            prose_claims: rows(&self.prose_claims, task, |r| r.task),
        }
    }
}

/// One intermediate answer against its run: the report's row of a [`Divergence`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DivergenceRow {
    pub model: String,
    pub benchmark: String,
    pub program: String,
    pub task: Task,
    pub sample: u32,
    pub agrees: bool,
    pub ending: Ending,
    pub first_divergence: Option<DivergencePoint>,
    /// The run's steps right before the first divergence, and all of them.
    pub steps_right: u32,
    pub steps: u32,
    pub placed: bool,
    pub partial: f64,
}

/// Every intermediate answer's row, in prediction order.
pub fn divergence_rows(facts: &Facts) -> Vec<DivergenceRow> {
    let p = &facts.predictions;
    let mut sample_of: BTreeMap<(ModelIdx, ProgramIdx, Task), u32> = BTreeMap::new();
    facts
        .divergences
        .iter()
        .map(|d| {
            let i = d.prediction as usize;
            let program = &facts.programs[p.program[i] as usize];
            let sample = sample_of.entry((p.model[i], p.program[i], p.task[i])).or_default();
            *sample += 1;
            DivergenceRow {
                model: facts.models[p.model[i] as usize].clone(),
                benchmark: facts.benchmarks[program.benchmark as usize].clone(),
                program: program.id.clone(),
                task: p.task[i],
                sample: *sample - 1,
                agrees: d.ending == Ending::Agrees,
                ending: d.ending,
                first_divergence: d.first.clone(),
                steps_right: d.steps_right,
                steps: d.steps,
                placed: d.placed,
                partial: d.partial,
            }
        })
        .collect()
}

/// The summaries of every (model, benchmark, task) that has intermediate answers.
pub fn divergence_summaries(facts: &Facts) -> Vec<DivergenceSummary> {
    let mut groups: BTreeMap<(ModelIdx, BenchmarkIdx, Task), Vec<&Divergence>> = BTreeMap::new();
    for divergence in &facts.divergences {
        groups.entry(key_of(facts, divergence)).or_default().push(divergence);
    }
    groups
        .into_iter()
        .map(|((model, benchmark, task), rows)| {
            let n = rows.len() as u64;
            let mut endings: BTreeMap<Ending, u64> = Ending::ALL.into_iter().map(|e| (e, 0)).collect();
            let mut thirds = [0u64; 3];
            for row in &rows {
                *endings.entry(row.ending).or_default() += 1;
                if row.first.is_some() && row.steps > 0 {
                    thirds[(3 * row.steps_right / row.steps).min(2) as usize] += 1;
                }
            }
            let agree = endings[&Ending::Agrees];
            DivergenceSummary {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                task,
                predictions: n,
                placed: rows.iter().filter(|r| r.placed).count() as u64,
                endings,
                agree_rate: (n > 0).then(|| agree as f64 / n as f64),
                agree_ci95: wilson_interval(agree, n, Z_95),
                mean_partial: mean(rows.iter().map(|r| r.partial)),
                first_divergence_in: thirds,
                mean_steps_right: mean(rows.iter().map(|r| share_right(r))),
            }
        })
        .collect()
}

/// Per (model, benchmark, task), each kind of line's rate of first divergences.
pub fn line_kind_divergences(facts: &Facts) -> Vec<LineKindDivergence> {
    first_divergences_by(facts, |d| d.kinds.clone(), |f| vec![f.kind])
}

/// Per (model, benchmark, task), each construct's rate of first divergences inside it.
pub fn construct_divergences(facts: &Facts) -> Vec<ConstructDivergence> {
    first_divergences_by(facts, |d| d.constructs.iter().collect(), |f| f.constructs.clone())
}

/// Per (model, benchmark, task) and place `P` (a kind of line, a construct): the answers whose
/// run has a step there (`reached`: the places of a run), of those the answers whose first
/// divergence is there (`first`: the places of a first divergence), their rate and its 95% Wilson
/// interval.
fn first_divergences_by<P: Ord + Copy>(
    facts: &Facts,
    reached: impl Fn(&Divergence) -> Vec<P>,
    first: impl Fn(&DivergencePoint) -> Vec<P>,
) -> Vec<PlaceDivergence<P>> {
    let mut counts: BTreeMap<(ModelIdx, BenchmarkIdx, Task, P), (u64, u64)> = BTreeMap::new();
    for divergence in &facts.divergences {
        let (model, benchmark, task) = key_of(facts, divergence);
        let there = divergence.first.as_ref().map(&first).unwrap_or_default();
        for place in reached(divergence) {
            let entry = counts.entry((model, benchmark, task, place)).or_default();
            entry.0 += 1;
            entry.1 += u64::from(there.contains(&place));
        }
    }
    counts
        .into_iter()
        .map(|((model, benchmark, task, place), (reached, diverged))| PlaceDivergence {
            model: facts.models[model as usize].clone(),
            benchmark: facts.benchmarks[benchmark as usize].clone(),
            task,
            place,
            reached,
            diverged,
            rate: (reached > 0).then(|| diverged as f64 / reached as f64),
            ci95: wilson_interval(diverged, reached, Z_95),
        })
        .collect()
}

/// Coherence of every model that answered both an intermediate task and the output of the same
/// programs, by `judge`, of the intermediate tasks `task` (all when `None`). A program's output
/// counts as right when most of its samples are ([`Outcome::solved`]), and so does its
/// intermediate answer (REval asks several questions of one program: each is a sample); how early
/// its story parted from the run is the mean over its samples.
pub fn coherence(facts: &Facts, judge: Judge, task: Option<Task>) -> Vec<Coherence> {
    let solved: BTreeMap<(ModelIdx, ProgramIdx, Task), bool> =
        facts.outcomes(judge).iter().map(|o: &Outcome| ((o.model, o.program, o.task), o.solved())).collect();
    // Per (model, benchmark, task): each program's answers, and the sum of how early each parted.
    let mut joined: BTreeMap<(ModelIdx, BenchmarkIdx, Task), BTreeMap<ProgramIdx, BothAnswers>> = BTreeMap::new();
    for divergence in &facts.divergences {
        let (model, benchmark, intermediate) = key_of(facts, divergence);
        let program = facts.predictions.program[divergence.prediction as usize];
        let Some(&output_right) = solved.get(&(model, program, Task::Output)) else { continue };
        if task.is_some_and(|t| t != intermediate) {
            continue;
        }
        let states_right = solved.get(&(model, program, intermediate)).copied().unwrap_or_default();
        let both = joined.entry((model, benchmark, intermediate)).or_default().entry(program);
        let both = both.or_insert(BothAnswers { states_right, output_right, parted: 0.0, samples: 0.0 });
        both.parted += 1.0 - share_right(divergence);
        both.samples += 1.0;
    }
    joined
        .into_iter()
        .map(|((model, benchmark, task), programs)| {
            let mut counts = [[0u64; 2]; 2];
            let mut ids: [[Vec<String>; 2]; 2] = Default::default();
            for (&program, both) in &programs {
                let (states, output) = (usize::from(both.states_right), usize::from(both.output_right));
                counts[states][output] += 1;
                ids[states][output].push(facts.programs[program as usize].id.clone());
            }
            let parted = |output_right: bool| {
                programs
                    .values()
                    .filter(|b| b.output_right == output_right)
                    .map(|b| b.parted / b.samples)
                    .collect::<Vec<f64>>()
            };
            let (wrong, right) = (parted(false), parted(true));
            let auroc = auroc(&wrong, &right);
            Coherence {
                model: facts.models[model as usize].clone(),
                benchmark: facts.benchmarks[benchmark as usize].clone(),
                task,
                counts,
                programs: ids,
                auroc: auroc.map(|a| a.0),
                auroc_ci95: auroc.map(|a| a.1),
            }
        })
        .collect()
}

/// A program's intermediate and final answers by one model.
struct BothAnswers {
    states_right: bool,
    output_right: bool,
    /// How early the story parts from the run, summed over the samples: 1 − the share of steps
    /// right before it.
    parted: f64,
    samples: f64,
}

/// The area under the ROC curve of a score telling `positives` from `negatives` (the
/// Mann–Whitney U over both counts, a tie counting a half), and its 95% interval from Hanley &
/// McNeil's (1982) standard error, clamped to [0, 1]:
///
/// ```text
/// Q1 = A/(2 − A),  Q2 = 2A²/(1 + A),
/// se = sqrt((A(1 − A) + (m − 1)(Q1 − A²) + (n − 1)(Q2 − A²)) / (m n))
/// ```
///
/// `None` unless both groups hold a score.
pub fn auroc(positives: &[f64], negatives: &[f64]) -> Option<(f64, [f64; 2])> {
    if positives.is_empty() || negatives.is_empty() {
        return None;
    }
    let (m, n) = (positives.len() as f64, negatives.len() as f64);
    let wins: f64 = positives
        .iter()
        .map(|p| {
            negatives
                .iter()
                .map(|q| {
                    if p > q {
                        1.0
                    } else if p == q {
                        0.5
                    } else {
                        0.0
                    }
                })
                .sum::<f64>()
        })
        .sum();
    let a = wins / (m * n);
    let (q1, q2) = (a / (2.0 - a), 2.0 * a * a / (1.0 + a));
    let se = ((a * (1.0 - a) + (m - 1.0) * (q1 - a * a) + (n - 1.0) * (q2 - a * a)) / (m * n)).max(0.0).sqrt();
    Some((a, [(a - Z_95 * se).max(0.0), (a + Z_95 * se).min(1.0)]))
}

fn key_of(facts: &Facts, divergence: &Divergence) -> (ModelIdx, BenchmarkIdx, Task) {
    let i = divergence.prediction as usize;
    let p = &facts.predictions;
    (p.model[i], facts.programs[p.program[i] as usize].benchmark, p.task[i])
}

/// The share of the run's steps right before the first divergence (1 when there is none, or no step).
fn share_right(divergence: &Divergence) -> f64 {
    if divergence.steps == 0 {
        1.0
    } else {
        f64::from(divergence.steps_right) / f64::from(divergence.steps)
    }
}

fn mean(values: impl ExactSizeIterator<Item = f64>) -> Option<f64> {
    let n = values.len();
    (n > 0).then(|| values.sum::<f64>() / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::InputFile;

    /// Three calls of a program whose loop holds a `try`, as CoCoNUT lays them out: one answer
    /// agrees, one first parts inside the `try` (line 4), one after the loop (line 7).
    #[test]
    fn first_divergences_are_counted_by_the_constructs_their_line_lies_in() {
        let code = "def f(xs):  # 1\n    for x in xs:  # 2\n        try:  # 3\n            x = 1  # 4\n        \
                    except E:  # 5\n            pass  # 6\n    return xs  # 7";
        let trace = format!(
            "HumanEval_ID,Name,FunctionCall,ExecutedLines,ExecutedLines_Symbols,Code_Indices,Code_Symbols\n\
             HumanEval/0,f,[1],\"[2, 3, 4, 2, 7]\",a,\"{code}\",x\n"
        );
        let results = "HumanEval_ID,Name,FunctionCall,Predicted,Actual,Matched,Distance\n\
            HumanEval/0,f,[1],\"[2, 3, 4, 2, 7]\",\"[2, 3, 4, 2, 7]\",True,0.0\n\
            HumanEval/0,f,[2],\"[2, 3, 5, 2, 7]\",\"[2, 3, 4, 2, 7]\",False,0.2\n\
            HumanEval/0,f,[],\"[2, 3]\",\"[2, 7]\",False,0.5\n";
        let files = vec![
            InputFile::new("Dataset/HumanEval/HumanEval_trace.csv", trace),
            InputFile::new(
                "Dataset/HumanEval/human-eval-v2-20210705.jsonl",
                r#"{"task_id": "HumanEval/0", "prompt": "def f(xs):\n", "canonical_solution": "    return xs\n", "test": "", "entry_point": "f"}"#,
            ),
            InputFile::new("Results/M/HumanEval/results_HumanEval_x.csv", results),
        ];
        let facts = crate::analysis::analyze(files).facts;
        let inside: Vec<Vec<Construct>> = divergence_rows(&facts)
            .into_iter()
            .map(|r| r.first_divergence.map(|f| f.constructs).unwrap_or_default())
            .collect();
        assert_eq!(inside, [vec![], vec![Construct::For, Construct::ExceptionHandling], vec![]]);
        let counts: Vec<(Construct, u64, u64)> =
            construct_divergences(&facts).iter().map(|c| (c.place, c.diverged, c.reached)).collect();
        assert_eq!(counts, [(Construct::For, 1, 3), (Construct::ExceptionHandling, 1, 2)]);
        let kinds: Vec<(LineKind, u64, u64)> =
            line_kind_divergences(&facts).iter().map(|k| (k.place, k.diverged, k.reached)).collect();
        assert!(
            kinds.contains(&(LineKind::Return, 1, 3)) && kinds.contains(&(LineKind::Assignment, 1, 2)),
            "{kinds:?}"
        );
    }

    /// REval asks three coverage questions of one program; the model gets the first wrong and the
    /// others right, and the program's output right: its intermediate answer counts as right (most
    /// of its questions are), never by the first question alone.
    #[test]
    fn coherence_counts_a_program_by_all_its_questions() {
        let benchmark = r#"{"task_id": "DREval/0", "entry_point": "f", "code": "def f(x):\n    y = x\n    z = y\n    return z\n", "inputs": ["(1,)"], "outputs": ["1"]}"#;
        let questions = r#"{"task_id": "DREval/0", "idx": 0, "tasks": [{"input_idx": 0, "task": [{"lineno": 2, "var": "y"}, {"lineno": 3, "var": "z"}, {"lineno": 4, "var": "z"}]}]}"#;
        let coverage = r#"{"task_id": "DREval/0", "generation": [{"input_idx": 0, "results": [{"generated": "NO", "response": false, "expected": true}, {"generated": "YES", "response": true, "expected": true}, {"generated": "YES", "response": true, "expected": true}]}]}"#;
        let output = r#"{"task_id": "DREval/0", "generation": [{"input_idx": 0, "results": [{"generated": "1", "pass": true}]}]}"#;
        let files = vec![
            InputFile::new("data/DREval_data.jsonl", benchmark),
            InputFile::new("data/DREval_tasks.jsonl", questions),
            InputFile::new("model_generations/coverage@m_direct_temp0/1.jsonl", coverage),
            InputFile::new("model_generations/output@m_direct_temp0/1.jsonl", output),
        ];
        let facts = crate::analysis::analyze(files).facts;
        let rows = coherence(&facts, Judge::Reference, None);
        let counts: Vec<(Task, [[u64; 2]; 2])> = rows.iter().map(|c| (c.task, c.counts)).collect();
        assert_eq!(counts, [(Task::Coverage, [[0, 0], [0, 1]])], "states right, output right");
    }

    /// Reference values: tests/reference_values/auroc.py (scikit-learn's `roc_auc_score`, and the
    /// Hanley–McNeil interval by its formula).
    #[test]
    fn auroc_counts_ties_as_halves_and_bounds_it_as_hanley_and_mcneil() {
        let (a, ci) = auroc(&[0.9, 0.5, 0.5, 0.2], &[0.5, 0.1, 0.0]).unwrap();
        assert!((a - 0.833_333_333_333_333_4).abs() < 1e-12, "{a}");
        assert!((ci[0] - 0.510_942_926_911_275_6).abs() < 1e-12 && ci[1] == 1.0, "{ci:?}");
        assert_eq!(auroc(&[1.0], &[]), None);
        assert_eq!(auroc(&[1.0, 1.0], &[0.0]).unwrap().0, 1.0);
    }
}
