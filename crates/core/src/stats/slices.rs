//! The slice finder: conjunctions of up to three program properties on which a model's success
//! falls beyond chance. Searched over a lattice as SliceLine does (Sagadeeva & Boehm, SIGMOD
//! 2021): a slice is expanded only when it fails more often than the model does overall and a
//! slice inside it could still fall [`MIN_DIFFERENCE`] below its complement (an upper bound), and
//! a conjunction is formed only when every slice one predicate smaller was expanded. Every slice
//! tested — shown or not — gets a one-sided Fisher test against its complement, and all of them
//! enter one Benjamini–Hochberg family per model and task (one doing no worse than the model is
//! left untested: its p is at least 1/2, and it counts at p = 1). Of those that pass, the [`MAX_SHOWN`]
//! strongest that each say something the stronger ones do not are shown.

use super::contingency::fisher_less;
use super::multiple_testing::benjamini_hochberg_in;
use super::wilson::{wilson_interval, Z_95};
use crate::extractors::Construct;
use crate::facts::{Facts, Outcome, ProgramFacts};
use crate::numeric::NumericProperty;
use crate::table::{ModelIdx, ProgramIdx, Task};
use fixedbitset::FixedBitSet;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

/// The fewest programs a slice shown holds.
pub const MIN_PROGRAMS: usize = 20;
/// The least a slice's success is below its complement's to be shown.
pub const MIN_DIFFERENCE: f64 = 0.10;
/// The false discovery rate of the slices shown, and the level at which a slice must be worse
/// than a shown slice it narrows.
pub const ALPHA: f64 = 0.05;
/// The most predicates a slice joins.
pub const MAX_PREDICATES: usize = 3;
/// The most slices shown per model and task: the strongest, each saying something those before it
/// do not.
pub const MAX_SHOWN: usize = 10;
/// The share of their programs (of those in either: Jaccard) above which two slices, neither
/// inside the other, say the same and only the stronger is shown.
pub const MAX_OVERLAP: f64 = 0.9;
/// The split of programs into halves the report's replication uses: fixed, so that a report is
/// the same every time.
pub const REPLICATION_SEED: u64 = 0;

/// A property a program has or not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Predicate {
    /// The program uses the construct (exerscope's constructs).
    Construct {
        construct: Construct,
    },
    /// The property's value is above the threshold (a quartile of the programs' values).
    Above {
        property: NumericProperty,
        threshold: f64,
    },
    /// The property's value is at most the threshold.
    AtMost {
        property: NumericProperty,
        threshold: f64,
    },
    /// The expected output's exerscope type.
    OutputType {
        type_name: String,
    },
    Benchmark {
        benchmark: String,
    },
    /// What the benchmark says of the program (RE2-Bench's source and difficulty).
    Attribute {
        name: String,
        value: String,
    },
}

/// Thresholds are quartiles of values a program has, never NaN: equality is total.
impl Eq for Predicate {}

impl Predicate {
    /// In words, as a slice is written: `nested loop`, `loop_length > 10`, `output type = str`.
    pub fn text(&self) -> String {
        match self {
            Predicate::Construct { construct } => construct.label().to_owned(),
            Predicate::Above { property, threshold } => format!("{} > {}", property.name(), number(*threshold)),
            Predicate::AtMost { property, threshold } => format!("{} ≤ {}", property.name(), number(*threshold)),
            Predicate::OutputType { type_name } => format!("output type = {type_name}"),
            Predicate::Benchmark { benchmark } => format!("benchmark = {benchmark}"),
            Predicate::Attribute { name, value } => format!("{name} = {value}"),
        }
    }

    /// Predicates in words, joined by ∧: a slice as the report writes it.
    pub fn conjunction(predicates: &[Predicate]) -> String {
        predicates.iter().map(Predicate::text).collect::<Vec<_>>().join(" ∧ ")
    }
}

impl Predicate {
    /// Whether `program` satisfies it.
    pub fn holds(&self, facts: &Facts, program: &ProgramFacts) -> bool {
        match self {
            Predicate::Construct { construct } => program.constructs.has(*construct),
            Predicate::Above { property, threshold } => property.value(program).is_some_and(|v| v > *threshold),
            Predicate::AtMost { property, threshold } => property.value(program).is_some_and(|v| v <= *threshold),
            Predicate::OutputType { type_name } => {
                facts.type_names.get(usize::from(program.output_type)) == Some(type_name)
            }
            Predicate::Benchmark { benchmark } => facts.benchmarks.get(program.benchmark as usize) == Some(benchmark),
            Predicate::Attribute { name, value } => program.attributes.iter().any(|(n, v)| n == name && v == value),
        }
    }

    /// As a link writes it: `construct:nested_loop`, `above:10:loop_length`, `at_most:7:loc`,
    /// `type:str`, `benchmark:CRUXEval`, `attribute:difficulty:easy` (the free text last).
    pub fn to_link(&self) -> String {
        match self {
            Predicate::Construct { construct } => format!("construct:{}", construct.name()),
            Predicate::Above { property, threshold } => format!("above:{threshold}:{}", property.name()),
            Predicate::AtMost { property, threshold } => format!("at_most:{threshold}:{}", property.name()),
            Predicate::OutputType { type_name } => format!("type:{type_name}"),
            Predicate::Benchmark { benchmark } => format!("benchmark:{benchmark}"),
            Predicate::Attribute { name, value } => format!("attribute:{name}:{value}"),
        }
    }

    /// The predicate [`Predicate::to_link`] wrote; `None` for text it does not write.
    pub fn from_link(text: &str) -> Option<Predicate> {
        let (kind, rest) = text.split_once(':')?;
        let numeric = |rest: &str| {
            let (threshold, name) = rest.split_once(':')?;
            let threshold: f64 = threshold.parse().ok().filter(|t: &f64| t.is_finite())?;
            Some((NumericProperty::from_name(name)?, threshold))
        };
        let named = |rest: &str| (!rest.is_empty()).then(|| rest.to_owned());
        match kind {
            "construct" => Construct::from_name(rest).map(|construct| Predicate::Construct { construct }),
            "above" => numeric(rest).map(|(property, threshold)| Predicate::Above { property, threshold }),
            "at_most" => numeric(rest).map(|(property, threshold)| Predicate::AtMost { property, threshold }),
            "type" => named(rest).map(|type_name| Predicate::OutputType { type_name }),
            "benchmark" => named(rest).map(|benchmark| Predicate::Benchmark { benchmark }),
            "attribute" => {
                let (name, value) = rest.split_once(':')?;
                (!name.is_empty() && !value.is_empty())
                    .then(|| Predicate::Attribute { name: name.to_owned(), value: value.to_owned() })
            }
            _ => None,
        }
    }

    /// What it is a value of: predicates of one feature are never joined.
    fn feature(&self) -> String {
        match self {
            Predicate::Construct { construct } => construct.name().to_owned(),
            Predicate::Above { property, .. } | Predicate::AtMost { property, .. } => property.name().to_owned(),
            Predicate::OutputType { .. } => "output type".to_owned(),
            Predicate::Benchmark { .. } => "benchmark".to_owned(),
            Predicate::Attribute { name, .. } => format!("attribute {name}"),
        }
    }
}

/// A threshold as a reader writes it: whole numbers without a point.
fn number(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.2}")
    }
}

/// A slice shown: where a model's success is below the rest of its programs' beyond chance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slice {
    pub model: String,
    pub task: Task,
    /// The predicates in words, joined by ∧.
    pub slice: String,
    pub predicates: Vec<Predicate>,
    /// Programs in the slice (each once, solved when most of its samples are right).
    pub programs: u64,
    pub correct: u64,
    pub success: f64,
    pub success_ci95: Option<[f64; 2]>,
    pub complement_success: f64,
    /// Success minus the complement's (negative: the slice is harder).
    pub difference: f64,
    /// One-sided Fisher exact p that the slice's success is this far below its complement's.
    pub p: f64,
    /// Benjamini–Hochberg over every slice tested for the model and task.
    pub p_adjusted: f64,
}

/// The candidate predicates of a drop, each with the programs that satisfy it.
pub struct Predicates {
    predicates: Vec<Predicate>,
    /// Predicates of one feature (one property, one construct) are never joined.
    features: Vec<u16>,
    masks: Vec<FixedBitSet>,
    /// The size of the test family of each set of programs seen ([`family_size`]): most models of
    /// a drop answer the same programs, and counting the conjunctions costs more than testing.
    families: Mutex<HashMap<FixedBitSet, usize>>,
}

impl Predicates {
    /// Every construct used by some program; each numeric property (but run time, which is the
    /// machine's) above and at most each quartile of its values; the output type; the
    /// benchmark; each attribute.
    pub fn of(facts: &Facts) -> Predicates {
        let mut candidates: Vec<Predicate> =
            Construct::ALL.into_iter().map(|construct| Predicate::Construct { construct }).collect();
        for property in NumericProperty::ALL.into_iter().filter(|&p| p != NumericProperty::RunTimeMs) {
            let values: Vec<f64> = facts.programs.iter().filter_map(|p| property.value(p)).collect();
            for threshold in quartiles(values) {
                candidates.push(Predicate::Above { property, threshold });
                candidates.push(Predicate::AtMost { property, threshold });
            }
        }
        candidates.extend(facts.type_names.iter().map(|t| Predicate::OutputType { type_name: t.clone() }));
        candidates.extend(facts.benchmarks.iter().map(|b| Predicate::Benchmark { benchmark: b.clone() }));
        let attributes: BTreeSet<&(String, String)> = facts.programs.iter().flat_map(|p| &p.attributes).collect();
        candidates.extend(
            attributes
                .into_iter()
                .map(|(name, value)| Predicate::Attribute { name: name.clone(), value: value.clone() }),
        );
        let mut names: Vec<String> = Vec::new();
        let mut predicates =
            Predicates { predicates: Vec::new(), features: Vec::new(), masks: Vec::new(), families: Mutex::default() };
        for predicate in candidates {
            let mut mask = FixedBitSet::with_capacity(facts.programs.len());
            for (i, program) in facts.programs.iter().enumerate() {
                mask.set(i, predicate.holds(facts, program));
            }
            if mask.is_clear() {
                continue;
            }
            let feature = predicate.feature();
            let id = names.iter().position(|f| *f == feature).unwrap_or_else(|| {
                names.push(feature);
                names.len() - 1
            });
            predicates.predicates.push(predicate);
            predicates.features.push(id as u16);
            predicates.masks.push(mask);
        }
        predicates
    }

    /// The programs of `within` where every predicate of `chosen` holds.
    fn members(&self, chosen: &[usize], within: &FixedBitSet) -> FixedBitSet {
        chosen.iter().fold(within.clone(), |mut set, &i| {
            set.intersect_with(&self.masks[i]);
            set
        })
    }

    /// The size of the test family of a model answering `universe` ([`family_size`]), counted once
    /// per set of programs.
    fn family(&self, universe: &FixedBitSet) -> usize {
        let known = self.families.lock().ok().and_then(|families| families.get(universe).copied());
        known.unwrap_or_else(|| {
            let family = family_size(self, universe);
            if let Ok(mut families) = self.families.lock() {
                families.insert(universe.clone(), family);
            }
            family
        })
    }
}

/// The distinct quartiles (25%, 50%, 75%, by the nearest rank below) of `values`.
fn quartiles(mut values: Vec<f64>) -> Vec<f64> {
    if values.is_empty() {
        return Vec::new();
    }
    values.sort_by(f64::total_cmp);
    let mut cuts: Vec<f64> = [1, 2, 3].map(|q| values[(values.len() - 1) * q / 4]).to_vec();
    cuts.dedup();
    cuts
}

/// A conjunction tested: its predicates (indices, ascending), its programs and right ones, its p.
/// Its programs themselves are kept only while it may be narrowed, and for slices shown.
struct Tested {
    predicates: Vec<usize>,
    programs: usize,
    correct: usize,
    p: f64,
}

/// The slices shown for every model and task of `outcomes` (the facts' own), strongest first.
pub fn slices(facts: &Facts, outcomes: &[Outcome]) -> Vec<Slice> {
    let predicates = Predicates::of(facts);
    let groups: Vec<_> = by_model_and_task(outcomes).into_iter().collect();
    groups
        .into_par_iter()
        .flat_map_iter(|((model, task), rows)| {
            let (universe, right) = program_sets(facts.programs.len(), &rows);
            let found = find(&predicates, &universe, &right);
            found.into_iter().map(|found| slice(facts, &predicates, model, task, found)).collect::<Vec<_>>()
        })
        .collect()
}

/// Outcomes grouped by model and task, in that order.
pub fn by_model_and_task(outcomes: &[Outcome]) -> BTreeMap<(ModelIdx, Task), Vec<&Outcome>> {
    let mut groups: BTreeMap<(ModelIdx, Task), Vec<&Outcome>> = BTreeMap::new();
    for outcome in outcomes {
        groups.entry((outcome.model, outcome.task)).or_default().push(outcome);
    }
    groups
}

/// The programs a model answered, and those it solved (by most of its samples).
pub fn program_sets(programs: usize, rows: &[&Outcome]) -> (FixedBitSet, FixedBitSet) {
    let mut universe = FixedBitSet::with_capacity(programs);
    let mut right = FixedBitSet::with_capacity(programs);
    for row in rows {
        universe.insert(row.program as usize);
        right.set(row.program as usize, row.solved());
    }
    (universe, right)
}

/// A found slice as the report gives it.
fn slice(facts: &Facts, predicates: &Predicates, model: ModelIdx, task: Task, found: Found) -> Slice {
    let chosen = found.predicates(predicates);
    let t = &found.tested;
    Slice {
        model: facts.models[model as usize].clone(),
        task,
        slice: Predicate::conjunction(&chosen),
        predicates: chosen,
        programs: t.programs as u64,
        correct: t.correct as u64,
        success: t.correct as f64 / t.programs as f64,
        success_ci95: wilson_interval(t.correct as u64, t.programs as u64, Z_95),
        complement_success: found.complement_success,
        difference: t.correct as f64 / t.programs as f64 - found.complement_success,
        p: t.p,
        p_adjusted: found.p_adjusted,
    }
}

/// A slice that passed every test, with what the report adds to its test.
pub struct Found {
    tested: Tested,
    members: FixedBitSet,
    /// The success of the programs of the universe outside the slice.
    pub complement_success: f64,
    pub p_adjusted: f64,
}

impl Found {
    /// Its programs, and those solved.
    pub fn counts(&self) -> (usize, usize) {
        (self.tested.programs, self.tested.correct)
    }

    /// One-sided Fisher p of its success against the rest of the universe's.
    pub fn p(&self) -> f64 {
        self.tested.p
    }

    /// Its predicates, of `predicates` (those it was found among).
    pub fn predicates(&self, predicates: &Predicates) -> Vec<Predicate> {
        self.tested.predicates.iter().map(|&i| predicates.predicates[i].clone()).collect()
    }
}

/// How the slices found on a random half of a model's programs fare on the other half.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replication {
    pub model: String,
    pub task: Task,
    /// Slices shown on the first half.
    pub found: u64,
    /// Of those, the slices whose programs of the other half also do worse than that half's
    /// others (one-sided Fisher p < [`ALPHA`]).
    pub held: u64,
}

/// Per model and task, the slices found on a random half of its programs (split by `seed`),
/// tested on the other half.
pub fn replication(facts: &Facts, outcomes: &[Outcome], seed: u64) -> Vec<Replication> {
    let predicates = Predicates::of(facts);
    let mut first_half = FixedBitSet::with_capacity(facts.programs.len());
    (0..facts.programs.len())
        .filter(|&i| facts.stable_draw(i as ProgramIdx, seed).is_multiple_of(2))
        .for_each(|i| first_half.insert(i));
    let groups: Vec<_> = by_model_and_task(outcomes).into_iter().collect();
    groups
        .into_par_iter()
        .map(|((model, task), rows)| {
            let (universe, right) = program_sets(facts.programs.len(), &rows);
            let mut found_on = universe.clone();
            found_on.intersect_with(&first_half);
            let mut tested_on = universe;
            tested_on.difference_with(&first_half);
            let found = find(&predicates, &found_on, &right);
            let (total, total_right) = (tested_on.count_ones(..), right.intersection_count(&tested_on));
            let held = found
                .iter()
                .filter(|f| {
                    let members = predicates.members(&f.tested.predicates, &tested_on);
                    let (programs, correct) = (members.count_ones(..), members.intersection_count(&right));
                    lower_than_rest((programs, correct), (total, total_right)).is_some_and(|p| p < ALPHA)
                })
                .count();
            Replication {
                model: facts.models[model as usize].clone(),
                task,
                found: found.len() as u64,
                held: held as u64,
            }
        })
        .collect()
}

/// The slices of `universe` (a model's programs; `right`: those it solved) shown, by p.
pub fn find(predicates: &Predicates, universe: &FixedBitSet, right: &FixedBitSet) -> Vec<Found> {
    let total = universe.count_ones(..);
    let total_right = right.intersection_count(universe);
    let mut tested: Vec<Tested> = Vec::new();
    // Each conjunction tested, by its predicates: its programs.
    let mut sizes: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut level: Vec<Vec<usize>> = (0..predicates.predicates.len()).map(|i| vec![i]).collect();
    // The conjunctions of the level before worth narrowing: their programs.
    let mut narrowed: HashMap<Vec<usize>, FixedBitSet> = HashMap::new();
    for depth in 1..=MAX_PREDICATES {
        let mut expanded = HashMap::new();
        for chosen in level {
            // A conjunction's programs are its parent's (all but its last predicate) narrowed once.
            let parent = narrowed.get(&chosen[..chosen.len() - 1]).unwrap_or(universe);
            let Some((candidate, members)) = test(predicates, &chosen, parent, right, (total, total_right), &sizes)
            else {
                continue;
            };
            sizes.insert(candidate.predicates.clone(), candidate.programs);
            if depth < MAX_PREDICATES && worth_expanding(&candidate, total, total_right) {
                expanded.insert(candidate.predicates.clone(), members);
            }
            tested.push(candidate);
        }
        level = children(predicates, &expanded);
        narrowed = expanded;
    }
    let family = predicates.family(universe);
    let adjusted = benjamini_hochberg_in(&tested.iter().map(|t| t.p).collect::<Vec<_>>(), family);
    let mut shown: Vec<Found> = Vec::new();
    // Each shown slice by its predicates: its place in `shown`.
    let mut shown_at: HashMap<Vec<usize>, usize> = HashMap::new();
    // Parents come before their children in `tested`: a child is judged against its shown parents.
    for (t, p_adjusted) in tested.into_iter().zip(adjusted) {
        let complement = (total - t.programs, total_right - t.correct);
        let complement_success = complement.1 as f64 / complement.0 as f64;
        let difference = t.correct as f64 / t.programs as f64 - complement_success;
        let worse_than_parents = (0..t.predicates.len())
            .filter(|_| t.predicates.len() > 1)
            .filter_map(|leave| shown_at.get(&without(&t.predicates, leave)))
            .all(|&parent| worse_than(&t, &shown[parent].tested));
        if p_adjusted < ALPHA && t.programs >= MIN_PROGRAMS && difference <= -MIN_DIFFERENCE && worse_than_parents {
            shown_at.insert(t.predicates.clone(), shown.len());
            let members = predicates.members(&t.predicates, universe);
            shown.push(Found { tested: t, members, complement_success, p_adjusted });
        }
    }
    shown.sort_by(|a, b| a.tested.p.total_cmp(&b.tested.p));
    // A reader gets the few different places where the model fails, not one place a thousand ways.
    let mut kept: Vec<Found> = Vec::new();
    for found in shown {
        if kept.len() == MAX_SHOWN {
            break;
        }
        if kept.iter().all(|stronger| adds_to(&found.members, &stronger.members)) {
            kept.push(found);
        }
    }
    kept
}

/// Whether slice `a` says something a stronger slice `b` shown does not: it must hold other
/// programs, inside `b` (where within it failures gather: a slice narrowing a shown one by a
/// predicate must already do significantly worse than it), beyond it, or across it. Of slices of
/// the same or nearly the same programs (`loop_length > 10` and `executed_lines > 30`, where one
/// all but implies the other; `input_length ≤ 11` inside `input_length ≤ 14`) the strongest is
/// shown. A looser bar (half the programs the same) hid the planted slice of the tests behind its
/// proxy in one seed of ten.
fn adds_to(a: &FixedBitSet, b: &FixedBitSet) -> bool {
    overlap(a, b) <= MAX_OVERLAP
}

/// The share of the programs of either set that are in both (Jaccard).
fn overlap(a: &FixedBitSet, b: &FixedBitSet) -> f64 {
    a.intersection_count(b) as f64 / a.union_count(b) as f64
}

/// How many conjunctions of up to [`MAX_PREDICATES`] predicates of different features hold at
/// least [`MIN_PROGRAMS`] of `universe`'s programs but not all, none the same programs as a
/// conjunction it narrows: the family every test enters, reached by the search or not. It
/// depends on the programs alone, never on the verdicts.
fn family_size(predicates: &Predicates, universe: &FixedBitSet) -> usize {
    let total = universe.count_ones(..);
    let n = predicates.predicates.len();
    let sets: Vec<FixedBitSet> = predicates
        .masks
        .iter()
        .map(|mask| {
            let mut set = mask.clone();
            set.intersect_with(universe);
            set
        })
        .collect();
    let size: Vec<usize> = sets.iter().map(|s| s.count_ones(..)).collect();
    let counted = |programs: usize, narrowed: &[usize]| {
        programs >= MIN_PROGRAMS && programs < total && !narrowed.contains(&programs)
    };
    let usable: Vec<usize> = (0..n).filter(|&i| size[i] >= MIN_PROGRAMS).collect();
    let joinable = |i: usize, j: usize| predicates.features[i] != predicates.features[j];
    let mut family = usable.iter().filter(|&&i| size[i] < total).count();
    let mut pair = vec![0_usize; n * n];
    for (a, &i) in usable.iter().enumerate() {
        for &j in usable[a + 1..].iter().filter(|&&j| joinable(i, j)) {
            pair[i * n + j] = sets[i].intersection_count(&sets[j]);
            family += usize::from(counted(pair[i * n + j], &[size[i], size[j]]));
        }
    }
    for (a, &i) in usable.iter().enumerate() {
        for (b, &j) in usable.iter().enumerate().skip(a + 1) {
            if pair[i * n + j] < MIN_PROGRAMS {
                continue;
            }
            let mut both = sets[i].clone();
            both.intersect_with(&sets[j]);
            for &k in usable[b + 1..].iter().filter(|&&k| joinable(i, k) && joinable(j, k)) {
                let programs = both.intersection_count(&sets[k]);
                family += usize::from(counted(programs, &[pair[i * n + j], pair[i * n + k], pair[j * n + k]]));
            }
        }
    }
    family
}

/// The conjunction `chosen` tested against the rest of the `total` programs, with its programs;
/// `parent` holds the programs of all its predicates but the last. `None` when it holds fewer than
/// [`MIN_PROGRAMS`] or every program, does no worse than the model overall, or holds the same
/// programs as a conjunction it narrows (its extra predicate says nothing there).
fn test(
    predicates: &Predicates,
    chosen: &[usize],
    parent: &FixedBitSet,
    right: &FixedBitSet,
    (total, total_right): (usize, usize),
    sizes: &HashMap<Vec<usize>, usize>,
) -> Option<(Tested, FixedBitSet)> {
    let mut members = parent.clone();
    members.intersect_with(&predicates.masks[*chosen.last()?]);
    let programs = members.count_ones(..);
    if programs < MIN_PROGRAMS || programs == total {
        return None;
    }
    let narrows_nothing = (0..chosen.len()).any(|leave| sizes.get(&without(chosen, leave)) == Some(&programs));
    if chosen.len() > 1 && narrows_nothing {
        return None;
    }
    let correct = members.intersection_count(right);
    // A slice doing no worse than the model overall has p ≥ 1/2 (the hypergeometric median is
    // within one of its mean): it is neither shown nor narrowed, and left untested it counts in the
    // family at p = 1, which leaves the adjusted p of every slice below ALPHA as it was. Half the
    // tests of a large drop.
    if correct * total >= total_right * programs {
        return None;
    }
    let p = lower_than_rest((programs, correct), (total, total_right))?;
    Some((Tested { predicates: chosen.to_vec(), programs, correct, p }, members))
}

/// Whether a slice is worth narrowing: it fails more often than the model does overall (SliceLine's
/// positive score), and some slice inside it, of at least [`MIN_PROGRAMS`] programs holding as
/// many of its failures as it can, would fall [`MIN_DIFFERENCE`] below its complement.
fn worth_expanding(t: &Tested, total: usize, total_right: usize) -> bool {
    let wrong = t.programs - t.correct;
    let above_average_failures = wrong * total > (total - total_right) * t.programs;
    above_average_failures && MIN_PROGRAMS < t.programs && best_difference(t, total, total_right) >= MIN_DIFFERENCE
}

/// The largest gap between the rest and a slice inside `t` of at least [`MIN_PROGRAMS`] programs
/// holding as many of its failures as it can. Up to `wrong` programs the inner slice is all
/// failures and the rest's success rises with its size; past it, each program added is a right one,
/// which lifts the slice and lowers the rest: the gap peaks at `wrong` programs, within bounds.
fn best_difference(t: &Tested, total: usize, total_right: usize) -> f64 {
    let wrong = t.programs - t.correct;
    let size = wrong.clamp(MIN_PROGRAMS, t.programs - 1);
    let right_inside = size - wrong.min(size);
    let success = right_inside as f64 / size as f64;
    let complement = (total_right - right_inside) as f64 / (total - size) as f64;
    complement - success
}

/// The conjunctions one predicate larger whose every conjunction one predicate smaller was
/// expanded (SliceLine's join), of predicates of different features, each once.
fn children(predicates: &Predicates, expanded: &HashMap<Vec<usize>, FixedBitSet>) -> Vec<Vec<usize>> {
    let mut made: Vec<Vec<usize>> = Vec::new();
    let mut parents: Vec<&Vec<usize>> = expanded.keys().collect();
    parents.sort();
    for parent in parents {
        let last = *parent.last().expect("a conjunction has a predicate");
        for extra in last + 1..predicates.predicates.len() {
            if parent.iter().any(|&i| predicates.features[i] == predicates.features[extra]) {
                continue;
            }
            let child: Vec<usize> = parent.iter().copied().chain([extra]).collect();
            let every_parent_expanded = (0..child.len()).all(|leave| expanded.contains_key(&without(&child, leave)));
            if every_parent_expanded {
                made.push(child);
            }
        }
    }
    made
}

/// One-sided Fisher p that a slice of `programs` with `correct` right does worse than the rest of
/// `total` programs with `total_right` right.
fn lower_than_rest((programs, correct): (usize, usize), (total, total_right): (usize, usize)) -> Option<f64> {
    let rest = (total - programs, total_right - correct);
    fisher_less([[correct as u64, (programs - correct) as u64], [rest.1 as u64, (rest.0 - rest.1) as u64]])
}

/// The conjunction without its `leave`-th predicate.
fn without(chosen: &[usize], leave: usize) -> Vec<usize> {
    chosen.iter().enumerate().filter(|&(i, _)| i != leave).map(|(_, &p)| p).collect()
}

/// Whether the narrower slice `child` does significantly worse than the rest of `parent`.
fn worse_than(child: &Tested, parent: &Tested) -> bool {
    lower_than_rest((child.programs, child.correct), (parent.programs, parent.correct)).is_some_and(|p| p < ALPHA)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::drilldown::{programs_behind, Selection};
    use crate::dynamic::DynamicProperties;
    use crate::extractors::Constructs;
    use crate::facts::tests::{add_prediction, tiny_facts};
    use crate::judges::Judge;
    use crate::types::ReferenceType;

    /// The same drop with its programs read in the reverse order (each answer following its program).
    pub(crate) fn reversed(facts: &Facts) -> Facts {
        let mut reversed = facts.clone();
        reversed.programs.reverse();
        let last = (facts.programs.len() - 1) as ProgramIdx;
        let predictions = std::sync::Arc::make_mut(&mut reversed.predictions);
        predictions.program.iter_mut().for_each(|p| *p = last - *p);
        reversed
    }

    /// The page and the command line read files in different orders: the halves must not follow it.
    #[test]
    fn the_replication_does_not_depend_on_the_order_programs_were_read_in() {
        let facts = synthetic(4, 0.2);
        let held = |facts: &Facts| replication(facts, &facts.outcomes(Judge::Reference), REPLICATION_SEED);
        let (forward, backward) = (held(&facts), held(&reversed(&facts)));
        assert!(forward.iter().any(|r| r.found > 0), "{forward:?}");
        assert_eq!(forward, backward);
    }

    /// 800 programs: 300 with a nested loop, 150 of those with a loop length from 11 to 20 (the
    /// planted slice) and 150 from 1 to 10; of the other 500, half above 10 and half not; an `if`
    /// or slicing in 3 of 10 at random. Two models answer them with success 0.7, but model 0 with
    /// success `planted` on the planted slice; each verdict drawn at random.
    pub(crate) fn synthetic(seed: u64, planted: f64) -> Facts {
        let mut random = fastrand::Rng::with_seed(seed);
        let mut facts = tiny_facts();
        facts.models = vec!["a".into(), "b".into()];
        let template = facts.programs[2].clone();
        let mut predictions = std::sync::Arc::make_mut(&mut facts.predictions).clone();
        predictions.model.clear();
        predictions.program.clear();
        predictions.task.clear();
        predictions.verdict.iter_mut().for_each(Vec::clear);
        predictions.answer_type.clear();
        predictions.answer_type_reference.clear();
        facts.predictions = std::sync::Arc::new(predictions);
        let programs = 800;
        facts.programs = (0..programs)
            .map(|i| {
                let mut constructs = Constructs::default();
                if i < 300 {
                    constructs.insert(Construct::NestedLoop);
                }
                for construct in [Construct::If, Construct::Slicing] {
                    if random.f64() < 0.3 {
                        constructs.insert(construct);
                    }
                }
                let long = i < 150 || (300..550).contains(&i);
                let loop_length = if long { random.u64(11..=20) } else { random.u64(1..=10) };
                ProgramFacts {
                    id: i.to_string(),
                    constructs,
                    metrics: None,
                    output_type_reference: ReferenceType::Int,
                    dynamic: Some(DynamicProperties {
                        loop_length,
                        recursion_depth: 0,
                        executed_lines: loop_length * 3 + random.u64(0..30),
                        distinct_lines: 5,
                        run_time_ms: 1.0,
                        outcome: "returned".into(),
                        returns_expected: Some(true),
                        got: None,
                        repeated: None,
                    }),
                    ..template.clone()
                }
            })
            .collect();
        for program in 0..programs {
            let p = &facts.programs[program];
            let hard = p.constructs.has(Construct::NestedLoop) && p.dynamic.as_ref().unwrap().loop_length > 10;
            for model in 0..2 {
                let success = if model == 0 && hard { planted } else { 0.7 };
                add_prediction(&mut facts, model, program as u32, random.f64() < success);
            }
        }
        facts
    }

    fn found(facts: &Facts) -> Vec<Slice> {
        slices(facts, &facts.outcomes(Judge::Reference))
    }

    #[test]
    fn a_planted_slice_is_found_with_its_predicates() {
        let planted = [
            Predicate::Construct { construct: Construct::NestedLoop },
            Predicate::Above { property: NumericProperty::LoopLength, threshold: 10.0 },
        ];
        let hits: Vec<u64> = (0..10)
            .filter(|&seed| found(&synthetic(seed, 0.5)).iter().any(|s| s.model == "a" && s.predicates == planted))
            .collect();
        assert!(hits.len() >= 8, "found in seeds {hits:?} only");
        let facts = synthetic(hits[0], 0.5);
        let shown = found(&facts);
        let slice = shown.iter().find(|s| s.predicates == planted).expect("found");
        assert_eq!(slice.slice, "nested loop ∧ loop_length > 10");
        assert_eq!(slice.programs, 150);
        assert!(slice.p_adjusted >= slice.p && slice.p_adjusted < ALPHA);
        assert!(slice.difference <= -MIN_DIFFERENCE && slice.programs >= MIN_PROGRAMS as u64);
        assert!(shown.iter().all(|s| s.model == "a"), "model b has no slice: {shown:?}");
        // The drill-down by the slice's predicates opens exactly its programs.
        let selection = Selection { model: Some(0), predicates: slice.predicates.clone(), ..Selection::default() };
        let opened = programs_behind(&facts, &selection, Judge::Reference);
        assert_eq!(opened.len() as u64, slice.programs);
        assert!(opened.iter().all(|row| row.program < 150), "the planted programs are the first 150");
    }

    #[test]
    fn the_slices_shown_are_few_and_of_different_programs() {
        // A strong effect: every slice around the planted one, narrowed by `if`, slicing or
        // executed lines, fails beyond chance too.
        let facts = synthetic(3, 0.1);
        let predicates = Predicates::of(&facts);
        let outcomes = facts.outcomes(Judge::Reference);
        let (universe, right) = program_sets(facts.programs.len(), &by_model_and_task(&outcomes)[&(0, Task::Output)]);
        let shown = find(&predicates, &universe, &right);
        assert!(!shown.is_empty() && shown.len() <= MAX_SHOWN, "{} slices", shown.len());
        for (i, a) in shown.iter().enumerate() {
            for b in &shown[..i] {
                assert!(adds_to(&a.members, &b.members));
                assert_ne!(a.members, b.members, "one of slices of the same programs");
            }
        }
        assert_eq!(shown[0].tested.programs, 150, "the planted slice is the strongest");
    }

    #[test]
    fn without_an_effect_no_slice_is_shown() {
        let quiet = (0..20).filter(|&seed| found(&synthetic(100 + seed, 0.7)).is_empty()).count();
        assert!(quiet >= 19, "no slice in only {quiet} of 20 seeds");
    }

    #[test]
    fn a_predicate_survives_its_link() {
        let predicates = [
            Predicate::Construct { construct: Construct::NestedLoop },
            Predicate::Above { property: NumericProperty::LoopLength, threshold: 10.0 },
            Predicate::AtMost { property: NumericProperty::Loc, threshold: 2.5 },
            Predicate::OutputType { type_name: "list of tuple: a&b".into() },
            Predicate::Benchmark { benchmark: "Human:Eval".into() },
            Predicate::Attribute { name: "difficulty".into(), value: "easy:ish".into() },
        ];
        for predicate in predicates {
            assert_eq!(Predicate::from_link(&predicate.to_link()), Some(predicate));
        }
        for text in ["", "construct:none", "above:x:loc", "above:inf:loc", "type:", "attribute:x", "what:ever"] {
            assert_eq!(Predicate::from_link(text), None, "{text}");
        }
    }

    #[test]
    fn the_best_inner_slice_is_the_one_of_all_failures() {
        let scan = |t: &Tested, total: usize, total_right: usize| {
            let wrong = t.programs - t.correct;
            (MIN_PROGRAMS..t.programs)
                .map(|size| {
                    let right_inside = size - wrong.min(size);
                    (total_right - right_inside) as f64 / (total - size) as f64 - right_inside as f64 / size as f64
                })
                .fold(f64::NEG_INFINITY, f64::max)
        };
        let (total, total_right) = (400, 250);
        for programs in [21, 30, 60, 150] {
            for correct in (0..=programs).step_by(7) {
                let t = Tested { predicates: vec![0], programs, correct, p: 1.0 };
                let (closed, scanned) = (best_difference(&t, total, total_right), scan(&t, total, total_right));
                assert!(
                    (closed - scanned).abs() < 1e-12,
                    "{programs} programs, {correct} right: {closed} != {scanned}"
                );
            }
        }
    }

    /// What lets `test` skip a slice doing no worse than the rest.
    #[test]
    fn a_slice_no_worse_than_the_rest_has_p_at_least_a_half() {
        for total in 1_usize..=60 {
            for total_right in 0..=total {
                for programs in 1..total {
                    let least = (programs + total_right).saturating_sub(total)..=programs.min(total_right);
                    for correct in least.filter(|&correct| correct * total >= total_right * programs) {
                        let p = lower_than_rest((programs, correct), (total, total_right)).unwrap();
                        assert!(p >= 0.5, "{correct} of {programs} right, {total_right} of {total}: p = {p}");
                    }
                }
            }
        }
    }

    #[test]
    fn quartiles_are_distinct_cuts() {
        assert_eq!(quartiles(vec![1.0, 2.0, 3.0, 4.0, 5.0]), [2.0, 3.0, 4.0]);
        assert_eq!(quartiles(vec![0.0; 9]), [0.0]);
        assert!(quartiles(Vec::new()).is_empty());
        assert_eq!(Predicate::AtMost { property: NumericProperty::Loc, threshold: 2.5 }.text(), "loc ≤ 2.50");
    }
}
