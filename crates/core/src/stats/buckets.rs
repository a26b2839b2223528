//! Numeric property vs success, the reference way (ExeRScope `plot_corr_cc.py`): programs are
//! grouped by the property rounded to an integer, the first ten groups in ascending order are kept,
//! and Spearman's ρ is taken between the group values and the groups' success rates.

use super::correlation::{spearman, Correlation};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How many groups the reference keeps.
pub const REFERENCE_BUCKETS: usize = 10;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bucket {
    pub value: i64,
    pub correct: u64,
    pub incorrect: u64,
}

impl Bucket {
    pub fn rate(&self) -> f64 {
        self.correct as f64 / (self.correct + self.incorrect) as f64
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ReferenceBuckets {
    /// The first [`REFERENCE_BUCKETS`] groups, ascending.
    pub buckets: Vec<Bucket>,
    /// `None` with fewer than three groups or constant rates.
    pub correlation: Option<Correlation>,
}

/// Groups `(property value, correct?)` pairs by `round(value)` (Python's round: halves to even)
/// and correlates the first ten group values with their success rates.
pub fn reference_buckets(pairs: impl IntoIterator<Item = (f64, bool)>) -> ReferenceBuckets {
    let mut groups: BTreeMap<i64, Bucket> = BTreeMap::new();
    for (value, correct) in pairs {
        if !value.is_finite() {
            continue;
        }
        let key = value.round_ties_even() as i64;
        let bucket = groups.entry(key).or_insert(Bucket { value: key, correct: 0, incorrect: 0 });
        if correct {
            bucket.correct += 1
        } else {
            bucket.incorrect += 1
        }
    }
    let buckets: Vec<Bucket> = groups.into_values().take(REFERENCE_BUCKETS).collect();
    let values: Vec<f64> = buckets.iter().map(|b| b.value as f64).collect();
    let rates: Vec<f64> = buckets.iter().map(Bucket::rate).collect();
    ReferenceBuckets { correlation: spearman(&values, &rates), buckets }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_halves_to_even_and_keeps_ten_groups() {
        let mut pairs = vec![(2.5, true), (3.5, false), (1.4, true)];
        pairs.extend((0..12).map(|v| (f64::from(v) + 10.0, v % 2 == 0)));
        let result = reference_buckets(pairs);
        let values: Vec<i64> = result.buckets.iter().map(|b| b.value).collect();
        assert_eq!(values, [1, 2, 4, 10, 11, 12, 13, 14, 15, 16]);
        assert_eq!((result.buckets[1].correct, result.buckets[2].incorrect), (1, 1));
    }
}
