//! A program's share of correct samples, as some results give it — eval-arena's `pass1`, a generic
//! table's `correct` of 0.7 — read as what it is: c of n samples correct. A share becomes n
//! predictions with stored verdicts, c of them correct, exactly as n samples of a program are read
//! from any other format; so pass@1, the mean of c/n over programs, is the results' own mean share.
//!
//! Where n is not given, a run's n is the fewest samples that make every one of its shares whole
//! (0.7 → 10; 2/3, printed 0.6666666667 → 3; 0.5 and 0.7 → 10). Shares and pass@1 are exact
//! either way; pass@k and sample counts need the real n, which results should give.

use crate::table::RawPrediction;
use std::collections::HashMap;
use std::hash::Hash;

/// The most samples a share is read as without being told.
pub const MOST_SAMPLES: u32 = 1_000;

/// How far c/n may lie from a share printed with ten digits (0.6666666667 for 2/3).
const PRINTED: f64 = 1e-9;

/// c of n samples correct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub correct: u32,
    pub samples: u32,
}

/// A share's text: a number from 0 to 1.
pub fn parse(text: &str) -> Result<f64, String> {
    let share: f64 = text.trim().parse().map_err(|_| format!("{text:?} is not a number"))?;
    if (0.0..=1.0).contains(&share) {
        Ok(share)
    } else {
        Err(format!("{text} is not a share: it must lie between 0 and 1"))
    }
}

/// The share as c of `samples`; an error when no whole c gives it.
pub fn of_samples(share: f64, samples: u32) -> Result<Share, String> {
    let correct = (share * f64::from(samples)).round();
    if samples == 0 || (share * f64::from(samples) - correct).abs() > PRINTED * f64::from(samples) {
        return Err(format!("a share of {share} is no whole number of {samples} samples"));
    }
    Ok(Share { correct: correct as u32, samples })
}

/// The fewest samples that make every share whole: the least common multiple of each one's
/// fewest. An error naming the first share that needs more than [`MOST_SAMPLES`] (with the others).
pub fn common_samples(shares: impl IntoIterator<Item = f64>) -> Result<u32, f64> {
    let mut common = 1u64;
    for share in shares {
        let fewest = (1..=MOST_SAMPLES).find(|&n| of_samples(share, n).is_ok()).ok_or(share)?;
        common = lcm(common, u64::from(fewest));
        if common > u64::from(MOST_SAMPLES) {
            return Err(share);
        }
    }
    Ok(common as u32)
}

/// Per run (whatever key names it: a model, a model's benchmark and task), the samples its shares
/// without n stand for ([`common_samples`]), or the share that no number of samples makes whole
/// with the others.
pub fn samples_of_runs<K: Hash + Eq>(shares: impl Iterator<Item = (K, f64)>) -> HashMap<K, Result<u32, f64>> {
    let mut of_run: HashMap<K, Vec<f64>> = HashMap::new();
    for (run, share) in shares {
        of_run.entry(run).or_default().push(share);
    }
    of_run.into_iter().map(|(run, shares)| (run, common_samples(shares))).collect()
}

/// c of n samples: n as given, else as its run's shares need, else the fewest that make this
/// share whole (the run's shares have no common n; [`no_common_samples`] tells it once).
pub fn share_of(share: f64, samples: Option<u32>, run: Option<&Result<u32, f64>>) -> Result<Share, String> {
    match (samples, run) {
        (Some(n), _) | (None, Some(&Ok(n))) => of_samples(share, n),
        (None, _) => common_samples([share])
            .map_err(|_| format!("a share of {share} needs more than {MOST_SAMPLES} samples: give `n`"))
            .and_then(|n| of_samples(share, n)),
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    a / gcd(a, b) * b
}

/// The predictions a share stands for: its samples numbered from `first_sample`, the first c
/// correct, each with the template's answer (and the rest of it).
pub fn predictions(template: RawPrediction, share: Share, first_sample: u32) -> impl Iterator<Item = RawPrediction> {
    (0..share.samples).map(move |i| RawPrediction {
        sample: first_sample + i,
        stored_verdict: Some(i < share.correct),
        ..template.clone()
    })
}

/// The message for a run whose shares no number of samples makes whole together.
pub fn no_common_samples(model: &str, share: f64) -> String {
    format!(
        "{model}: no number of samples up to {MOST_SAMPLES} makes all its shares whole (not with {share}): \
         each program's n is the fewest that makes its share whole, so pass@1 is right but pass@k is not; \
         give the number of samples (`n`)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_is_c_of_n_samples() {
        assert_eq!(of_samples(0.7, 10), Ok(Share { correct: 7, samples: 10 }));
        assert_eq!(of_samples(0.6666666667, 3), Ok(Share { correct: 2, samples: 3 }));
        assert_eq!(of_samples(1.0, 1), Ok(Share { correct: 1, samples: 1 }));
        assert!(of_samples(0.7, 4).is_err(), "0.7 of 4 samples is 2.8");
        assert!(of_samples(0.5, 0).is_err());
    }

    #[test]
    fn without_n_a_run_has_the_fewest_samples_that_make_every_share_whole() {
        assert_eq!(common_samples([0.0, 1.0]), Ok(1));
        assert_eq!(common_samples([0.0, 0.5, 1.0]), Ok(2));
        assert_eq!(common_samples([0.5, 0.7, 0.2]), Ok(10));
        assert_eq!(common_samples([0.3333333333, 0.6666666667, 1.0]), Ok(3));
        assert_eq!(common_samples([0.1234567]), Err(0.1234567), "needs 10,000,000 samples");
        assert_eq!(common_samples([1.0 / 999.0, 1.0 / 997.0]), Err(1.0 / 997.0), "each fits, together they do not");
    }

    #[test]
    fn shares_lie_between_0_and_1() {
        assert_eq!(parse(" 0.25 "), Ok(0.25));
        assert!(parse("1.5").unwrap_err().contains("between 0 and 1"));
        assert!(parse("-0.1").is_err());
        assert!(parse("NaN").is_err(), "NaN lies nowhere");
        assert!(parse("most").unwrap_err().contains("not a number"));
    }

    #[test]
    fn a_share_stands_for_its_samples_the_first_c_correct() {
        let template = RawPrediction {
            model: "m".into(),
            benchmark: "b".into(),
            program_id: "p".into(),
            task: crate::table::Task::Output,
            sample: 0,
            answer: String::new(),
            stored_verdict: None,
            input: None,
            response: None,
            source_path: "f.jsonl".into(),
        };
        let samples: Vec<(u32, Option<bool>)> =
            predictions(template, Share { correct: 2, samples: 3 }, 4).map(|p| (p.sample, p.stored_verdict)).collect();
        assert_eq!(samples, [(4, Some(true)), (5, Some(true)), (6, Some(false))]);
    }
}
