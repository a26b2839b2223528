//! Numeric property vs success, the reference way (ExeRScope `plot_corr_cc.py`): programs are
//! grouped by the property rounded to an integer, the first ten groups in ascending order are kept,
//! and Spearman's ρ is taken between the group values and the groups' success rates.

use super::correlation::{spearman, Correlation};
use serde::{Deserialize, Serialize};

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
    let (values, verdicts): (Vec<f64>, Vec<bool>) = pairs.into_iter().unzip();
    Rounded::of(values.into_iter().map(Some)).buckets(verdicts.into_iter().enumerate())
}

/// Values rounded as the reference rounds them, each given the slot of its group among the
/// distinct rounded values, ascending: a scope's groups are then counted in an array, not a map
/// (a property's values are rounded once for the hundred models of a leaderboard).
#[derive(Clone, Debug, PartialEq)]
pub struct Rounded {
    /// The distinct rounded values, ascending.
    keys: Vec<i64>,
    /// Per value, its group's slot in `keys`; `None` for a missing or infinite value.
    slots: Vec<Option<u32>>,
}

impl Rounded {
    pub fn of(values: impl IntoIterator<Item = Option<f64>>) -> Rounded {
        let rounded: Vec<Option<i64>> = values
            .into_iter()
            .map(|value| value.filter(|v| v.is_finite()).map(|v| v.round_ties_even() as i64))
            .collect();
        let mut keys: Vec<i64> = rounded.iter().flatten().copied().collect();
        keys.sort_unstable();
        keys.dedup();
        let slot_of = |key: i64| keys.binary_search(&key).ok().map(|slot| slot as u32);
        let slots = rounded.iter().map(|key| key.and_then(slot_of)).collect();
        Rounded { keys, slots }
    }

    /// The reference's buckets of `(value index, correct?)` pairs: the first ten groups of the
    /// values present, correlated with their success rates.
    pub fn buckets(&self, pairs: impl IntoIterator<Item = (usize, bool)>) -> ReferenceBuckets {
        // [incorrect, correct] per group.
        let mut counts = vec![[0u64; 2]; self.keys.len()];
        for (index, correct) in pairs {
            if let Some(slot) = self.slots[index] {
                counts[slot as usize][usize::from(correct)] += 1;
            }
        }
        let groups = self.keys.iter().zip(counts).filter(|(_, [incorrect, correct])| incorrect + correct > 0);
        let buckets: Vec<Bucket> = groups
            .take(REFERENCE_BUCKETS)
            .map(|(&value, [incorrect, correct])| Bucket { value, correct, incorrect })
            .collect();
        let values: Vec<f64> = buckets.iter().map(|b| b.value as f64).collect();
        let rates: Vec<f64> = buckets.iter().map(Bucket::rate).collect();
        ReferenceBuckets { correlation: spearman(&values, &rates), buckets }
    }
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

    #[test]
    fn a_subset_counts_its_own_groups_only() {
        // Five programs' values, rounded once; one model predicted programs 1, 3 (twice) and 4.
        let rounded = Rounded::of([Some(0.0), Some(1.0), Some(2.0), Some(3.4), None]);
        let result = rounded.buckets([(1, true), (3, false), (3, true), (4, true)]);
        let groups: Vec<(i64, u64, u64)> = result.buckets.iter().map(|b| (b.value, b.correct, b.incorrect)).collect();
        assert_eq!(groups, [(1, 1, 0), (3, 1, 1)]);
        assert_eq!(result, reference_buckets([(1.0, true), (3.4, false), (3.4, true)]));
    }
}
