//! Each claim of an intermediate answer placed on the true run, step by step, and where the
//! model's story and the execution part: the first divergence.
//!
//! A claim is placed on a loop (a branch) by its code before its number: answers number the lines
//! of the code they were shown, which RE2-Bench's loop states number as the program's file does
//! (the docstring left in). A loop's claim stands on the answer line whose code holds the loop's
//! (`for i in range(n)` in `return [n + 2*i for i in range(n)]`); a branch's on the line of its
//! number that holds its condition, else the one line that holds it, else the line of its number.
//!
//! The steps are the run's: each decision of a branch in the order made; each loop's iterations
//! loop by loop (RE2-Bench stores them apart), each variable of an iteration in turn.

pub use crate::extractors::LineKind;
use crate::extractors::{Construct, Constructs, LineFacts, ProgramParser};
use crate::intermediate::{
    self, equal_as_lists, outcomes_by_line, ClaimedLine, LineClaims, StateClaim, StoredRun, TrueAnswer, TrueDecision,
    TrueLoop,
};
use crate::pyliteral::{Int, Value};
use crate::table::{Language, Program, ProgramIdx, Table};
use crate::texts::cut;
use crate::units::units;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

units! {
    /// How an answer's story ends against the run.
    pub enum Ending {
        Agrees => "agrees", "agrees throughout";
        /// A step where the answer says another value than the run's.
        Differs => "differs", "says another value";
        /// The answer's values of a loop or branch end before the run's do.
        StopsEarly => "stops_early", "stops early";
        /// Every step right, and the answer goes on past the run's end.
        RunsOn => "runs_on", "runs on";
        /// Every step right, claimed on lines the answer numbered otherwise than the benchmark
        /// does: the benchmark, which finds claims by number, counts them wrong.
        Renumbered => "renumbered", "agrees, lines numbered otherwise";
        /// The answer says nothing of a loop, a branch or a variable the run went through.
        Unclaimed => "unclaimed", "leaves a step out";
        /// The answer claims nothing at all.
        NoClaims => "no_claims", "claims nothing";
    }
}

units! {
    /// What a run's steps count, as the program's view names them.
    pub enum StepUnit {
        Iteration => "iteration", "iteration";
        Visit => "visit", "visit";
        /// An executed line's place in the run.
        Step => "step", "step";
        /// One question about the run (REval's coverage, path and state tasks).
        Question => "question", "question";
    }
}

/// One step of the run with the answer's claim of it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AlignedStep {
    /// The program's line, as the benchmark numbers it.
    pub line: String,
    /// The answer's line the claim was read from (its own numbering), when one was placed here.
    pub claimed_line: Option<String>,
    /// The loop's iteration, the branch's visit, or the executed line's place in the run, from 1.
    pub step: u32,
    /// The variable (loops).
    pub variable: Option<String>,
    pub kind: LineKind,
    /// The constructs the step's line lies in (its loop, the `try` around it…).
    #[serde(default)]
    pub constructs: Constructs,
    /// The loop's code, or the branch's condition.
    pub code: String,
    /// What the answer says (a value, shown as its `repr`; text that is no literal as written;
    /// `taken`, `not taken`); `None`: nothing.
    pub predicted: Option<Value>,
    pub actual: Value,
    pub right: bool,
}

/// Equal when everything is, values as they are shown (their `repr`).
impl PartialEq for AlignedStep {
    fn eq(&self, other: &AlignedStep) -> bool {
        let shown = |step: &AlignedStep| (step.predicted.as_ref().map(Value::to_string), step.actual.to_string());
        fn place(s: &AlignedStep) -> impl PartialEq + '_ {
            (&s.line, &s.claimed_line, s.step, &s.variable, s.kind, s.constructs, &s.code, s.right)
        }
        place(self) == place(other) && shown(self) == shown(other)
    }
}

/// An answer placed on the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Alignment {
    pub steps: Vec<AlignedStep>,
    /// Index in `steps` of the first step the answer gets wrong.
    pub first_divergence: Option<usize>,
    pub ending: Ending,
    /// Whether any claim stands on a loop or branch of the run.
    pub placed: bool,
    /// The values the answer gives past the run's end.
    pub beyond_the_run: u32,
    /// What the steps count: a loop's iterations, a branch's visits, the executed lines.
    pub unit: StepUnit,
}

impl Alignment {
    /// The steps right before the first divergence.
    pub fn steps_right(&self) -> usize {
        self.first_divergence.unwrap_or(self.steps.len())
    }

    /// The alignment in brief, for prediction `prediction` whose benchmark scored it `partial`.
    pub fn brief(&self, prediction: u32, partial: f64) -> Divergence {
        let shown = |text: &str| cut(text, SHOWN_VALUE_CHARS);
        let renumbered = self.ending == Ending::Agrees && partial < 1.0;
        Divergence {
            prediction,
            ending: if renumbered { Ending::Renumbered } else { self.ending },
            steps: self.steps.len() as u32,
            steps_right: self.steps_right() as u32,
            placed: self.placed,
            partial,
            kinds: LineKind::ALL.into_iter().filter(|k| self.steps.iter().any(|s| s.kind == *k)).collect(),
            constructs: self.steps.iter().fold(Constructs::default(), |mut all, step| {
                all.extend(step.constructs);
                all
            }),
            first: self.first_divergence.map(|at| {
                let step = &self.steps[at];
                DivergencePoint {
                    line: step.line.clone(),
                    step: step.step,
                    variable: step.variable.clone(),
                    kind: step.kind,
                    constructs: step.constructs.iter().collect(),
                    predicted: step.predicted.as_ref().map(|p| shown(&p.to_string())),
                    actual: shown(&step.actual.to_string()),
                }
            }),
        }
    }
}

/// A prediction's alignment in brief: what statistics count and the report lists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Divergence {
    /// The prediction's index.
    pub prediction: u32,
    pub ending: Ending,
    /// The run's steps, and those right before the first divergence.
    pub steps: u32,
    pub steps_right: u32,
    /// Whether any claim stood on the run.
    pub placed: bool,
    /// The benchmark's partial score (RE2-Bench: the share of its loops, or branch lines, right).
    pub partial: f64,
    /// The kinds of line the run's steps are on.
    pub kinds: Vec<LineKind>,
    /// The constructs the run's steps lie in.
    #[serde(default)]
    pub constructs: Constructs,
    pub first: Option<DivergencePoint>,
}

/// Where the answer first parts from the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DivergencePoint {
    pub line: String,
    /// The loop's iteration or the branch's visit, from 1.
    pub step: u32,
    pub variable: Option<String>,
    pub kind: LineKind,
    /// The constructs its line lies in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constructs: Vec<Construct>,
    /// What the answer says there (`None`: nothing), and what happened; long values cut.
    pub predicted: Option<String>,
    pub actual: String,
}

/// Values longer than this are cut in the brief (the program's view shows them whole).
const SHOWN_VALUE_CHARS: usize = 200;

/// The model's own words where its reasoning (the response before its answer) quotes the code of
/// the first divergence's line: the first line that does, cut to a few hundred characters.
pub fn words_at_divergence(alignment: &Alignment, response: &str) -> Option<String> {
    let step = &alignment.steps[alignment.first_divergence?];
    let code = comparable(&step.code);
    if code.len() < 3 {
        return None; // `x`, `else`: quoted everywhere, a line of them says nothing
    }
    let reasoning = response.split("[ANSWER]").next().unwrap_or(response);
    // A line of the annotated code (the prompt's template echoed, a draft) is not prose.
    let prose = |line: &&str| !["[STATE]", "[BRANCH]", "??"].iter().any(|mark| line.contains(mark));
    let quoting = reasoning.lines().filter(prose).find(|line| comparable(line).contains(&code))?;
    Some(cut(quoting.trim(), 300))
}

/// Every prediction of a task whose run its benchmark stored, placed on that run, in brief.
pub fn divergences(table: &Table) -> Vec<Divergence> {
    let p = &table.predictions;
    let code = RunCode::of(table, 0..p.len());
    (0..p.len()).into_par_iter().filter_map(|i| divergence_on(table, &code, i)).collect()
}

/// Prediction `prediction`'s alignment in brief, if its answer stands on a run.
pub fn divergence(table: &Table, prediction: usize) -> Option<Divergence> {
    divergence_on(table, &RunCode::of(table, [prediction]), prediction)
}

fn divergence_on(table: &Table, code: &RunCode, prediction: usize) -> Option<Divergence> {
    let (alignment, score) = align_and_score(table, code, prediction)?;
    Some(alignment.brief(prediction as u32, score.partial))
}

/// Prediction `prediction`'s answer ([`StoredRun::answer_text`]) placed on the run it is
/// judged against, if it has one; `code`: [`RunCode::of`] predictions that include it.
pub fn align(table: &Table, code: &RunCode, prediction: usize) -> Option<Alignment> {
    align_and_score(table, code, prediction).map(|(alignment, _)| alignment)
}

/// The code the runs of some predictions stand on, each parsed once however many answers it has.
pub struct RunCode(HashMap<(ProgramIdx, u32), ProgramLines>);

impl RunCode {
    pub fn of(table: &Table, predictions: impl IntoIterator<Item = usize>) -> RunCode {
        let mut programs = HashMap::new();
        for i in predictions {
            if table.run_of(i).is_some() {
                let key = code_key(table, i);
                programs.entry(key).or_insert_with(|| ProgramLines::of(&table.programs[key.0 as usize], key.1));
            }
        }
        RunCode(programs)
    }
}

/// The program a prediction runs and which of its codes: its own (0), or the extra input's its
/// sample runs when that input has code of its own (CoCoNUT's advanced tests: a script each).
fn code_key(table: &Table, prediction: usize) -> (ProgramIdx, u32) {
    let program = table.predictions.program[prediction];
    let sample = table.predictions.sample[prediction];
    let own_code = |k: u32| table.programs[program as usize].extra_inputs.get(k as usize - 1)?.code.as_ref();
    (program, if sample > 0 && own_code(sample).is_some() { sample } else { 0 })
}

/// A program's lines as the steps of a run through them stand on them: each line's code, kind and
/// constructs.
#[derive(Default)]
struct ProgramLines {
    code: Vec<String>,
    /// Each line's code as [`comparable`] makes it, where places are found by their code.
    comparable: Vec<String>,
    facts: LineFacts,
}

impl ProgramLines {
    /// The lines of `program`'s code, or of its extra input `variant`'s (from 1) own code.
    fn of(program: &Program, variant: u32) -> ProgramLines {
        let extra = variant.checked_sub(1).and_then(|k| program.extra_inputs.get(k as usize));
        let code = extra.and_then(|e| e.code.as_deref()).or(program.code.as_deref()).unwrap_or_default();
        ProgramLines::parse(code, program.language)
    }

    fn parse(code: &str, language: Language) -> ProgramLines {
        let facts = ProgramParser::new().lines(code, language).unwrap_or_default();
        let code: Vec<String> = code.lines().map(|line| line.trim().to_owned()).collect();
        let comparable = code.iter().map(|line| comparable(line)).collect();
        ProgramLines { code, comparable, facts }
    }

    /// Line `number`'s code, kind and constructs (none, `Other` and none past the code's end).
    fn line(&self, number: i64) -> (String, LineKind, Constructs) {
        let Ok(number) = u32::try_from(number) else { return (String::new(), LineKind::Other, Constructs::default()) };
        let code = number.checked_sub(1).and_then(|at| self.code.get(at as usize)).cloned().unwrap_or_default();
        let (kind, constructs) = self.facts.at(number);
        (code, kind, constructs)
    }

    /// The kind and constructs of the lines that hold each of `places` (a loop's header, a branch's
    /// condition: its number as the benchmark writes it, its code). RE2-Bench numbers some
    /// programs' lines as their file does and others from their function's first line, so a place
    /// is found by its code: the line of its number when it holds it, else the one line that does,
    /// else among several the one the others' shift from their numbers points to; a place without
    /// code (an `else`) by that shift alone; none else.
    fn places_of(&self, places: &[(&str, &str)]) -> Vec<Option<(LineKind, Constructs)>> {
        let holding = |code: &str| -> Vec<i64> {
            let code = comparable(code);
            let lines = self.comparable.iter().enumerate();
            lines.filter(|(_, line)| !code.is_empty() && line.contains(&code)).map(|(at, _)| at as i64 + 1).collect()
        };
        let candidates: Vec<(Option<i64>, Vec<i64>, bool)> = places
            .iter()
            .map(|(number, code)| (number.trim().parse().ok(), holding(code), code.trim().is_empty()))
            .collect();
        // The shift of the places found on one line alone, the most common.
        let mut shifts: HashMap<i64, usize> = HashMap::new();
        for (number, lines, _) in &candidates {
            if let (Some(number), [line]) = (number, lines.as_slice()) {
                *shifts.entry(line - number).or_default() += 1;
            }
        }
        let shift = shifts.into_iter().max_by_key(|&(shift, count)| (count, -shift.abs())).map(|(shift, _)| shift);
        candidates
            .into_iter()
            .map(|(number, lines, no_code)| {
                let shifted = number.zip(shift).map(|(n, shift)| n + shift);
                let at = match lines.as_slice() {
                    _ if number.is_some_and(|n| lines.contains(&n)) => number,
                    [line] => Some(*line),
                    _ if no_code => shifted,
                    _ => shifted.filter(|line| lines.contains(line)),
                };
                at.map(|line| {
                    let (_, kind, constructs) = self.line(line);
                    (kind, constructs)
                })
            })
            .collect()
    }
}

/// [`align`], and the benchmark's score of the same claims (read once).
fn align_and_score(table: &Table, code: &RunCode, prediction: usize) -> Option<(Alignment, intermediate::Score)> {
    let p = &table.predictions;
    let run = table.run_of(prediction)?;
    let answer = run.answer_text(p.response.get(prediction), &p.answer[prediction]);
    let program = code.0.get(&code_key(table, prediction));
    Some(align_run(run, answer, program.unwrap_or(&ProgramLines::default())))
}

/// An answer block placed on `run`, and judged by the benchmark's rule; `program`: the code the
/// run's lines number.
fn align_run(run: &StoredRun, answer: &str, program: &ProgramLines) -> (Alignment, intermediate::Score) {
    match run {
        StoredRun::Loops { loops } => {
            let claims = intermediate::loop_claims(answer);
            (align_loops(loops, &claims, program), intermediate::score_loops(&claims, loops))
        }
        StoredRun::Decisions { decisions } => {
            let claims = intermediate::branch_claims(answer);
            (align_decisions(decisions, &claims, program), intermediate::score_decisions(&claims, decisions))
        }
        StoredRun::Lines { lines } => {
            let claims = intermediate::line_claims(answer);
            (align_lines(lines, claims.as_ref(), program), intermediate::score_lines(claims.as_ref(), lines))
        }
        StoredRun::Question(truth) => {
            let claim = intermediate::question_claim(answer, truth.variable.is_some());
            (align_question(truth, claim, program), run.score_answer(answer))
        }
    }
}

/// One question's answer at its line: a step of its own, right by the benchmark's verdict. What
/// the run gave is shown where it is known: REval keeps no state's value, exerscope's trace of the
/// run gives it once the run is made (until then a right answer shows it, a wrong one only that it
/// is another).
fn align_question(truth: &TrueAnswer, claim: Option<Value>, program: &ProgramLines) -> Alignment {
    let (code, kind, constructs) = program.line(truth.line.into());
    let actual = match (&truth.expected, &claim) {
        (Some(expected), _) => expected.clone(),
        (None, Some(claim)) if truth.right => claim.clone(),
        (None, _) => Value::Other { type_name: String::new(), repr: "another value (not stored)".to_owned() },
    };
    let claimed = claim.is_some();
    let step = AlignedStep {
        line: truth.line.to_string(),
        claimed_line: None,
        step: 1,
        variable: truth.variable.clone(),
        kind,
        constructs,
        code,
        predicted: claim,
        actual,
        right: truth.right,
    };
    finish(StepUnit::Question, vec![step], claimed, claimed, 0, |_| true)
}

/// The j-th executed line against the j-th claimed; a list cut short went on past its last line.
fn align_lines(lines: &[u32], claims: Option<&LineClaims>, program: &ProgramLines) -> Alignment {
    let claimed: &[i64] = claims.map_or(&[], |c| &c.lines);
    let steps = lines
        .iter()
        .enumerate()
        .map(|(j, &line)| {
            let (code, kind, constructs) = program.line(line.into());
            let predicted = claimed.get(j).copied();
            AlignedStep {
                line: line.to_string(),
                claimed_line: None,
                step: j as u32 + 1,
                variable: None,
                kind,
                constructs,
                code,
                predicted: predicted.map(|p| Value::Int(Int::Small(p.into()))),
                actual: Value::Int(Int::Small(line.into())),
                right: predicted == Some(line.into()),
            }
        })
        .collect();
    let went_on = claims.is_some_and(|c| c.cut) as usize;
    let beyond_the_run = (claimed.len() + went_on).saturating_sub(lines.len()) as u32;
    finish(StepUnit::Step, steps, !claimed.is_empty(), claims.is_some(), beyond_the_run, |_| true)
}

fn align_loops(loops: &[TrueLoop], claims: &[ClaimedLine<Vec<StateClaim>>], program: &ProgramLines) -> Alignment {
    let mut steps = Vec::new();
    let mut beyond_the_run = 0;
    let mut used: Vec<usize> = Vec::new();
    let mut placed = false;
    let places: Vec<(&str, &str)> = loops.iter().map(|l| (l.line.as_str(), l.code.as_str())).collect();
    for (truth, place) in loops.iter().zip(program.places_of(&places)) {
        let claimed = place_loop(truth, claims, &used);
        used.extend(claimed);
        let claimed = claimed.map(|at| &claims[at]);
        placed |= claimed.is_some();
        // The program's line tells a comprehension's `for i in range(n)` (on its first line or a
        // later one) from a loop's header.
        let kind = match place {
            Some((kind, _)) if LOOP_KINDS.contains(&kind) => kind,
            Some((_, constructs)) if constructs.has(Construct::Comprehension) => LineKind::Comprehension,
            _ => loop_kind(&truth.code),
        };
        let constructs = place.map(|p| p.1).unwrap_or_default();
        let iterations = truth.variables.iter().map(|(_, values)| values.len()).max().unwrap_or(0);
        // Each variable's claimed values; text that is no literal stands whole, as written, at the
        // first iteration (compared as text, as the validator compares it).
        let said: Vec<Option<(&[Value], bool)>> = truth
            .variables
            .iter()
            .map(|(name, _)| {
                let claim = claimed.and_then(|c| intermediate::claimed_value(&c.claim, name))?;
                Some(match &claim.value {
                    Value::List(values) | Value::Tuple(values) => (values.as_slice(), true),
                    other => (std::slice::from_ref(other), claim.literal),
                })
            })
            .collect();
        for k in 0..iterations {
            for ((name, values), said) in truth.variables.iter().zip(&said) {
                let Some(actual) = values.get(k) else { continue };
                let predicted = said.and_then(|(s, _)| s.get(k));
                let shown = |value: &Value| match (value, said) {
                    (Value::Str(text), Some((_, false))) => {
                        Value::Other { type_name: String::new(), repr: text.clone() }
                    }
                    _ => value.clone(),
                };
                steps.push(AlignedStep {
                    line: truth.line.clone(),
                    claimed_line: claimed.map(|c| c.line.clone()),
                    step: k as u32 + 1,
                    variable: Some(name.clone()),
                    kind,
                    constructs,
                    code: truth.code.clone(),
                    predicted: predicted.map(shown),
                    actual: actual.clone(),
                    right: predicted.is_some_and(|p| equal_as_lists(p, actual)),
                });
            }
        }
        for ((_, values), said) in truth.variables.iter().zip(&said) {
            beyond_the_run += said.map_or(0, |(s, _)| s.len().saturating_sub(values.len())) as u32;
        }
    }
    let claimed_any = !claims.is_empty();
    finish(StepUnit::Iteration, steps, placed, claimed_any, beyond_the_run, |step| {
        let claimed = claims.iter().rev().find(|c| Some(&c.line) == step.claimed_line.as_ref());
        claimed
            .is_some_and(|c| step.variable.as_ref().is_some_and(|v| intermediate::claimed_value(&c.claim, v).is_some()))
    })
}

fn align_decisions(decisions: &[TrueDecision], claims: &[ClaimedLine<Vec<bool>>], program: &ProgramLines) -> Alignment {
    let lines = outcomes_by_line(decisions);
    let conditions: Vec<(&str, &str)> = lines
        .iter()
        .map(|(line, _)| (*line, decisions.iter().find(|d| d.line == *line).map_or("", |d| d.condition.as_str())))
        .collect();
    let constructs: Vec<Constructs> =
        program.places_of(&conditions).into_iter().map(|place| place.map(|p| p.1).unwrap_or_default()).collect();
    let placements: Vec<Option<&ClaimedLine<Vec<bool>>>> = conditions
        .iter()
        .map(|(line, condition)| place_branch(line, condition, claims).map(|at| &claims[at]))
        .collect();
    let mut visits = vec![0usize; lines.len()];
    let mut steps = Vec::with_capacity(decisions.len());
    for decision in decisions {
        let at = lines.iter().position(|(line, _)| *line == decision.line).unwrap_or_default();
        let claimed = placements[at];
        let predicted = claimed.and_then(|c| c.claim.get(visits[at]).copied());
        visits[at] += 1;
        steps.push(AlignedStep {
            line: decision.line.clone(),
            claimed_line: claimed.map(|c| c.line.clone()),
            step: visits[at] as u32,
            variable: None,
            kind: branch_kind(&decision.kind),
            constructs: constructs[at],
            code: if decision.condition.is_empty() { decision.kind.clone() } else { decision.condition.clone() },
            predicted: predicted.map(taken_value),
            actual: taken_value(decision.taken),
            right: predicted == Some(decision.taken),
        });
    }
    let beyond_the_run = lines
        .iter()
        .zip(&placements)
        .map(|((_, outcomes), claimed)| claimed.map_or(0, |c| c.claim.len().saturating_sub(outcomes.len())) as u32)
        .sum();
    let placed = placements.iter().any(Option::is_some);
    finish(StepUnit::Visit, steps, placed, !claims.is_empty(), beyond_the_run, |step| step.claimed_line.is_some())
}

/// The alignment of `steps`: its first divergence and how the story ends. `claimed_here` tells a
/// step without a value whose loop or branch the answer claimed (it stopped early) from one whose
/// loop, branch or variable it left out.
fn finish(
    unit: StepUnit,
    steps: Vec<AlignedStep>,
    placed: bool,
    claimed_any: bool,
    beyond_the_run: u32,
    claimed_here: impl Fn(&AlignedStep) -> bool,
) -> Alignment {
    let first_divergence = steps.iter().position(|s| !s.right);
    let ending = match first_divergence.map(|at| &steps[at]) {
        _ if !claimed_any && !steps.is_empty() => Ending::NoClaims,
        Some(step) if step.predicted.is_some() => Ending::Differs,
        Some(step) if claimed_here(step) => Ending::StopsEarly,
        Some(_) => Ending::Unclaimed,
        None if beyond_the_run > 0 => Ending::RunsOn,
        None => Ending::Agrees,
    };
    Alignment { steps, first_divergence, ending, placed, beyond_the_run, unit }
}

/// The claim a loop stands on, among those not placed yet: the line of its number holding its
/// code, else the first line holding it, else the line of its number.
fn place_loop(truth: &TrueLoop, claims: &[ClaimedLine<Vec<StateClaim>>], used: &[usize]) -> Option<usize> {
    let code = comparable(&truth.code);
    let holds = |c: &ClaimedLine<_>| !code.is_empty() && comparable(&c.code).contains(&code);
    let free = |at: &usize| !used.contains(at);
    let numbered = (0..claims.len()).rev().find(|&at| claims[at].line == truth.line);
    numbered
        .filter(|&at| holds(&claims[at]))
        .or_else(|| (0..claims.len()).filter(free).find(|&at| holds(&claims[at])))
        .or(numbered)
}

/// The claim a branch line stands on: the line of its number holding its condition, else the one
/// line holding it, else the line of its number.
fn place_branch(line: &str, condition: &str, claims: &[ClaimedLine<Vec<bool>>]) -> Option<usize> {
    let condition = comparable(condition);
    let holds = |c: &ClaimedLine<_>| !condition.is_empty() && comparable(&c.code).contains(&condition);
    let numbered = (0..claims.len()).rev().find(|&at| claims[at].line == line);
    let holding: Vec<usize> = (0..claims.len()).filter(|&at| holds(&claims[at])).collect();
    numbered.filter(|&at| holds(&claims[at])).or(if holding.len() == 1 { Some(holding[0]) } else { None }).or(numbered)
}

/// Code compared without its spacing, quotes of either kind, a trailing colon.
fn comparable(code: &str) -> String {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).map(|c| if c == '"' { '\'' } else { c }).collect();
    code.trim_end_matches(':').to_owned()
}

/// The kinds of line a loop's states stand on.
const LOOP_KINDS: [LineKind; 3] = [LineKind::ForLoop, LineKind::WhileLoop, LineKind::Comprehension];

/// A loop's kind by its code alone, where the program's line is not known.
fn loop_kind(code: &str) -> LineKind {
    let code = code.trim_start();
    if code.starts_with("for ") || code.starts_with("async for ") {
        LineKind::ForLoop
    } else if code.starts_with("while ") {
        LineKind::WhileLoop
    } else {
        LineKind::Comprehension
    }
}

fn branch_kind(kind: &str) -> LineKind {
    match kind {
        "elif" => LineKind::ElifCondition,
        "else" => LineKind::Else,
        _ => LineKind::IfCondition,
    }
}

/// A decision as shown: `taken`, `not taken`.
fn taken_value(taken: bool) -> Value {
    let repr = if taken { "taken" } else { "not taken" };
    Value::Other { type_name: String::new(), repr: repr.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pyliteral::parse;

    fn placed(run: &StoredRun, answer: &str) -> Alignment {
        align_run(run, answer, &ProgramLines::default()).0
    }

    fn a_loop(line: &str, code: &str, variables: &[(&str, &str)]) -> TrueLoop {
        let variables = variables
            .iter()
            .map(|(name, values)| match parse(values).unwrap() {
                Value::List(values) => (name.to_string(), values),
                other => panic!("{other:?}"),
            })
            .collect();
        TrueLoop { line: line.into(), code: code.into(), variables }
    }

    /// Where an alignment first parts: (line, step, variable, predicted, actual), values shown.
    type Point = (String, u32, Option<String>, Option<String>, String);

    fn divergence(alignment: &Alignment) -> (Ending, Option<Point>) {
        let at = alignment.first_divergence.map(|at| &alignment.steps[at]);
        let shown = |s: &AlignedStep| {
            (
                s.line.clone(),
                s.step,
                s.variable.clone(),
                s.predicted.as_ref().map(Value::to_string),
                s.actual.to_string(),
            )
        };
        (alignment.ending, at.map(shown))
    }

    fn at(line: &str, step: u32, variable: Option<&str>, predicted: Option<&str>, actual: &str) -> Option<Point> {
        Some((line.into(), step, variable.map(Into::into), predicted.map(Into::into), actual.into()))
    }

    #[test]
    fn a_loop_s_claim_is_placed_by_its_code_though_the_answer_numbers_lines_its_own_way() {
        // RE2-Bench's HumanEval/52: the states number the file's lines (the docstring in), the
        // answer the lines it was shown.
        let run = StoredRun::Loops { loops: vec![a_loop("11", "for e in l:", &[("e", "[1, 8, 4, 10]")])] };
        let answer = "1 def below_threshold(l: list, t: int):\n3     for e in l:## [STATE]e=[1, 8, 5, 10][/STATE]";
        let aligned = placed(&run, answer);
        assert!(aligned.placed);
        assert_eq!(aligned.steps[0].claimed_line.as_deref(), Some("3"));
        assert_eq!(divergence(&aligned), (Ending::Differs, at("11", 3, Some("e"), Some("5"), "4")));
        assert_eq!(aligned.steps_right(), 2);
        let right = placed(&run, &answer.replace("5, 10", "4, 10"));
        assert_eq!((right.ending, right.first_divergence, right.steps_right()), (Ending::Agrees, None, 4));
    }

    #[test]
    fn a_comprehension_s_loop_stands_on_the_line_that_holds_it() {
        let run = StoredRun::Loops { loops: vec![a_loop("17", "for i in range(n):", &[("i", "[0, 1, 2]")])] };
        let aligned = placed(&run, "3     return [n + 2*i for i in range(n)]## [STATE]i=[0, 1][/STATE]");
        assert_eq!(aligned.steps[0].kind, LineKind::ForLoop);
        assert_eq!(divergence(&aligned), (Ending::StopsEarly, at("17", 3, Some("i"), None, "2")));
        let on = placed(&run, "3     return [n + 2*i for i in range(n)]## [STATE]i=[0, 1, 2, 3][/STATE]");
        assert_eq!((on.ending, on.beyond_the_run), (Ending::RunsOn, 1));
    }

    #[test]
    fn the_model_s_words_first_placeits_reasoning_quotes_the_line_of_the_divergence() {
        let run = StoredRun::Loops { loops: vec![a_loop("11", "for e in l:", &[("e", "[1, 8]")])] };
        let response = "[THOUGHT]\n3     for e in l:## [STATE]e=??[/STATE]\nIn `for e in l:` e takes 1, then 9.\n[/THOUGHT]\n[ANSWER]\n\
                        3     for e in l:## [STATE]e=[1, 9][/STATE]\n[/ANSWER]";
        let aligned = placed(&run, intermediate::answer_of(response).unwrap());
        assert_eq!(words_at_divergence(&aligned, response).as_deref(), Some("In `for e in l:` e takes 1, then 9."));
        let right = response.replace('9', "8");
        assert_eq!(words_at_divergence(&placed(&run, intermediate::answer_of(&right).unwrap()), &right), None);
    }

    #[test]
    fn a_claim_that_is_no_literal_is_shown_as_written() {
        let run = StoredRun::Loops { loops: vec![a_loop("5", "for r in rs:", &[("rs", "['range(3)']")])] };
        let aligned = placed(&run, "5 for r in rs: [STATE]rs=[range(3)][/STATE]");
        assert_eq!(divergence(&aligned), (Ending::Differs, at("5", 1, Some("rs"), Some("[range(3)]"), "'range(3)'")));
    }

    #[test]
    fn a_loop_or_a_variable_left_out_and_an_answer_without_claims_are_told_apart() {
        let run = StoredRun::Loops {
            loops: vec![
                a_loop("4", "for x in xs:", &[("x", "[1, 2]")]),
                a_loop("9", "for y in ys:", &[("y", "[3]"), ("ys", "[[3]]")]),
            ],
        };
        let first_only = "4 for x in xs: [STATE]x=[1, 2][/STATE]";
        assert_eq!(divergence(&placed(&run, first_only)), (Ending::Unclaimed, at("9", 1, Some("y"), None, "3")));
        let no_ys = "4 for x in xs: [STATE]x=[1, 2][/STATE]\n9 for y in ys: [STATE]y=[3][/STATE]";
        assert_eq!(divergence(&placed(&run, no_ys)), (Ending::Unclaimed, at("9", 1, Some("ys"), None, "[3]")));
        let nothing = placed(&run, intermediate::answer_block(Some("I think it returns 3."), "").unwrap_or_default());
        assert_eq!((nothing.ending, nothing.placed, nothing.steps_right()), (Ending::NoClaims, false, 0));
    }

    #[test]
    fn branch_decisions_are_aligned_in_the_run_s_order_visit_by_visit() {
        let decision = |line: &str, condition: &str, taken| TrueDecision {
            line: line.into(),
            kind: "if".into(),
            condition: condition.into(),
            taken,
        };
        let run = StoredRun::Decisions {
            decisions: vec![decision("6", "e >= t", false), decision("8", "x", true), decision("6", "e >= t", true)],
        };
        // Line 6 of the answer holds the condition; its number for line 8 is off by one.
        let response = "[ANSWER]\n6         if e >= t: ## [BRANCH]taken=['N', 'N'][/BRANCH]\n\
                        7     if x: ## [BRANCH]taken=['Y'][/BRANCH]\n[/ANSWER]";
        let aligned = placed(&run, intermediate::answer_of(response).unwrap());
        let claimed: Vec<Option<&str>> = aligned.steps.iter().map(|s| s.claimed_line.as_deref()).collect();
        assert_eq!(claimed, [Some("6"), Some("7"), Some("6")], "line 8's condition stands on the answer's line 7");
        assert_eq!(divergence(&aligned), (Ending::Differs, at("6", 2, None, Some("not taken"), "taken")));
        assert_eq!(aligned.steps_right(), 2);
    }

    #[test]
    fn executed_lines_are_placed_step_by_step_on_the_program_s_lines() {
        let code = "def f(xs):\n    t = 0\n    for x in xs:\n        t += x\n    return t\n";
        let program = ProgramLines::parse(code, Language::Python);
        let run = StoredRun::Lines { lines: vec![2, 3, 4, 3, 5] };
        let place = |answer: &str| align_run(&run, answer, &program);
        let (right, score) = place("[2, 3, 4, 3, 5]");
        assert_eq!((right.ending, right.steps.len(), score.right), (Ending::Agrees, 5, true));
        let (wrong, _) = place("[2, 3, 4, 5]");
        let first = &wrong.steps[wrong.first_divergence.unwrap()];
        let first_place = (first.step, first.line.as_str(), first.kind, first.code.as_str());
        assert_eq!(first_place, (4, "3", LineKind::ForLoop, "for x in xs:"));
        assert_eq!(divergence(&wrong), (Ending::Differs, at("3", 4, None, Some("5"), "3")));
        assert_eq!(divergence(&place("[2, 3, 4]").0), (Ending::StopsEarly, at("3", 4, None, None, "3")));
        let (cut, score) = place("[2, 3, 4, 3, 5, 3");
        assert_eq!((cut.ending, cut.beyond_the_run, score.right), (Ending::RunsOn, 1, false), "went on past the end");
        assert_eq!(place("[1.5]").0.ending, Ending::NoClaims);
    }
}
