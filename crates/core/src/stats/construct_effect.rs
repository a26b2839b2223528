//! Does a construct make success less likely? Per model and benchmark, the success rate of the
//! programs with the construct against those without it: the difference, Fisher's exact p (the
//! chi-square test with Yates' correction above [`FISHER_LIMIT`] predictions), and p-values adjusted
//! across the constructs by Benjamini–Hochberg (SPEC §5); and the smallest difference those
//! programs could have shown ([`power`]).

use super::contingency::{chi_square, fisher_exact};
use super::multiple_testing::benjamini_hochberg;
use super::power::{self, minimum_detectable_difference};
use crate::facts::{Facts, Outcome};
use crate::flavors::{AnyConstruct, Flavor};
use foldhash::HashMap;
use serde::{Deserialize, Serialize};

/// Above this many predictions the chi-square test replaces Fisher's (both agree closely there).
pub const FISHER_LIMIT: u64 = 100_000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConstructEffect {
    pub model: String,
    pub benchmark: String,
    pub flavor: Flavor,
    /// The construct's name in its flavor.
    pub construct: String,
    /// The programs with the construct.
    pub present: GroupSuccess,
    /// The programs without it.
    pub absent: GroupSuccess,
    /// Rate with minus rate without; `null` when either group is empty.
    pub difference: Option<f64>,
    pub p: Option<f64>,
    pub p_adjusted: Option<f64>,
    /// The smallest difference a test of these programs would find with power 0.8 ([`power`]);
    /// `null` when a group is empty or success does not vary.
    pub mdd: Option<f64>,
    /// The MDD is above [`power::TOO_FEW_PROGRAMS`] (or undefined): too few programs to tell.
    pub too_few_programs: bool,
}

/// One side of the comparison: its programs, how many were right and wrong, and the share right.
/// A program of several samples counts once, with its share c/n: `right` is the rounded sum of
/// shares (exact with one sample), and `wrong` is `programs - right`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GroupSuccess {
    pub right: u64,
    pub wrong: u64,
    pub programs: u64,
    /// `right / programs`; `null` when the group is empty.
    pub rate: Option<f64>,
}

impl GroupSuccess {
    /// The group of `programs` programs of which `right` were right.
    pub fn new(right: u64, programs: u64) -> GroupSuccess {
        let right = right.min(programs);
        GroupSuccess {
            right,
            wrong: programs - right,
            programs,
            rate: (programs > 0).then(|| right as f64 / programs as f64),
        }
    }
}

/// Effects of the constructs of `flavor`, adjusted across that flavor's constructs.
pub fn construct_effects(facts: &Facts, outcomes: &[Outcome], flavor: Flavor) -> Vec<ConstructEffect> {
    let constructs = flavor.constructs();
    // Which constructs each program has, found once per program, not once per model.
    let present: Vec<bool> =
        facts.programs.iter().flat_map(|program| constructs.iter().map(|c| c.present_in(program))).collect();
    // [present, absent] × [correct, programs]; a program of several samples counts once, with
    // its share c/n: the correct count is the rounded sum of shares (exact with one sample).
    let mut shares: HashMap<(u32, u32), Vec<[[f64; 2]; 2]>> = HashMap::default();
    for &outcome in outcomes {
        let program = &facts.programs[outcome.program as usize];
        if program.metrics.is_none() {
            continue; // no code, no constructs
        }
        let entry =
            shares.entry((outcome.model, program.benchmark)).or_insert_with(|| vec![[[0.0; 2]; 2]; constructs.len()]);
        let has = &present[outcome.program as usize * constructs.len()..][..constructs.len()];
        for (groups, &has) in entry.iter_mut().zip(has) {
            let group = &mut groups[usize::from(!has)];
            group[0] += outcome.share();
            group[1] += 1.0;
        }
    }
    let mut shares: Vec<_> = shares.into_iter().collect();
    shares.sort_unstable_by_key(|(run, _)| *run);
    let counts = shares.into_iter().map(|(run, per_construct)| {
        let rounded =
            per_construct.into_iter().map(|groups| groups.map(|[c, n]| GroupSuccess::new(c.round() as u64, n as u64)));
        (run, rounded.collect::<Vec<_>>())
    });
    let mut out = Vec::new();
    for ((model, benchmark), per_construct) in counts {
        let mut rows: Vec<ConstructEffect> = constructs
            .iter()
            .zip(per_construct)
            .map(|(&construct, [present, absent])| effect(facts, model, benchmark, construct, present, absent))
            .collect();
        let adjusted = benjamini_hochberg(&rows.iter().map(|r| r.p.unwrap_or(f64::NAN)).collect::<Vec<_>>());
        for (row, p) in rows.iter_mut().zip(adjusted) {
            row.p_adjusted = (!p.is_nan()).then_some(p);
        }
        out.extend(rows);
    }
    out
}

fn effect(
    facts: &Facts,
    model: u32,
    benchmark: u32,
    construct: AnyConstruct,
    present: GroupSuccess,
    absent: GroupSuccess,
) -> ConstructEffect {
    let difference = present.rate.zip(absent.rate).map(|(with, without)| with - without);
    let table = [[present.right, present.wrong], [absent.right, absent.wrong]];
    let p = if difference.is_none() {
        None
    } else if present.programs + absent.programs > FISHER_LIMIT {
        chi_square(table, true).map(|(_, p)| p)
    } else {
        fisher_exact(table)
    };
    let pooled = (present.right + absent.right) as f64 / (present.programs + absent.programs).max(1) as f64;
    let mdd = minimum_detectable_difference(present.programs, absent.programs, pooled);
    ConstructEffect {
        model: facts.models[model as usize].clone(),
        benchmark: facts.benchmarks[benchmark as usize].clone(),
        flavor: construct.flavor(),
        construct: construct.name().to_owned(),
        present,
        absent,
        difference,
        p,
        p_adjusted: None,
        mdd,
        too_few_programs: mdd.is_none_or(|mdd| mdd > power::TOO_FEW_PROGRAMS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_counts_its_wrong_programs_not_its_total() {
        let group = GroupSuccess::new(1, 10);
        assert_eq!((group.right, group.wrong, group.programs, group.rate), (1, 9, 10, Some(0.1)));
        assert_eq!(GroupSuccess::new(0, 0).rate, None);
        assert_eq!(GroupSuccess::new(3, 2).wrong, 0, "a rounded share never exceeds its programs");
    }

    use crate::extractors::ReferenceConstruct;
    use crate::facts::tests::tiny_facts;
    use crate::judges::Judge;

    #[test]
    fn present_against_absent() {
        let effects = construct_effects(&tiny_facts(), &tiny_facts().outcomes(Judge::Reference), Flavor::Reference);
        let of = |c: ReferenceConstruct| effects.iter().find(|e| e.construct == c.name()).unwrap();
        // Program 1 (for, correct) and program 2 (for + if, wrong) were predicted.
        let if_effect = of(ReferenceConstruct::If);
        assert_eq!((if_effect.present, if_effect.absent), (GroupSuccess::new(0, 1), GroupSuccess::new(1, 1)));
        assert_eq!((if_effect.present.wrong, if_effect.absent.wrong), (1, 0));
        assert_eq!(if_effect.difference, Some(-1.0));
        assert_eq!(if_effect.p, Some(1.0), "Fisher on [[0, 1], [1, 0]]");
        let for_effect = of(ReferenceConstruct::For);
        assert_eq!((for_effect.difference, for_effect.p), (None, None), "no program without a for");
        assert_eq!(if_effect.mdd, minimum_detectable_difference(1, 1, 0.5));
        assert!(if_effect.too_few_programs && for_effect.too_few_programs, "two programs tell nothing");
    }
}
