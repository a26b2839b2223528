//! Two models on the same programs: agreement counts and McNemar's exact test, as
//! `statsmodels.stats.contingency_tables.mcnemar(table, exact=True)`.

use serde::{Deserialize, Serialize};
use statrs::function::factorial::ln_binomial;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agreement {
    pub both_right: u64,
    pub only_a: u64,
    pub only_b: u64,
    pub both_wrong: u64,
}

impl Agreement {
    /// Exact two-sided McNemar p on the discordant pairs: `min(1, 2 · Binom(b + c, ½).cdf(min(b, c)))`;
    /// 1 when there are none. The binomial sum is computed term by term in log space (statrs'
    /// incomplete-beta cdf is off by ~1e-15, which turns an exact 1 into 0.999…).
    pub fn mcnemar_p(&self) -> f64 {
        let n = self.only_a + self.only_b;
        let smaller = self.only_a.min(self.only_b);
        let half_power = n as f64 * std::f64::consts::LN_2;
        let cdf: f64 = (0..=smaller).map(|k| (ln_binomial(n, k) - half_power).exp()).sum();
        (2.0 * cdf).min(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values: tests/reference_values/tests_2x2.py at the repository root.
    #[test]
    fn matches_statsmodels() {
        for (only_a, only_b, p) in [(12, 3, 0.03515625), (5, 5, 1.0), (0, 4, 0.125), (40, 70, 0.005447429511444476)] {
            let agreement = Agreement { both_right: 100, only_a, only_b, both_wrong: 50 };
            assert!((agreement.mcnemar_p() - p).abs() < 1e-12, "{only_a} {only_b}: {}", agreement.mcnemar_p());
        }
        assert_eq!(Agreement::default().mcnemar_p(), 1.0);
    }
}
