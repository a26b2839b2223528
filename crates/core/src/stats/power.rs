//! What the data could have shown: the minimum detectable difference (MDD) between two groups'
//! success rates — programs with a construct against those without — for a two-sided test at
//! α = 0.05 with power 0.8. A cell whose MDD is large says "no difference found" only because it
//! has too few programs, not because there is none.
//!
//! With n₁ and n₂ programs and the pooled success rate p̄, the standardised difference d solves the
//! power of the two-sided normal test, as `statsmodels.stats.power.NormalIndPower().solve_power(
//! effect_size=None, nobs1=n₁, ratio=n₂/n₁, alpha=0.05, power=0.8)` does:
//!
//! ```text
//! m = 1 / (1/n₁ + 1/n₂),   z = Φ⁻¹(1 − α/2)
//! power(d) = Φ(d·√m − z) + Φ(−d·√m − z) = 0.8
//! MDD = d · sqrt(p̄ (1 − p̄))                                  (in success rate)
//! ```

use statrs::distribution::{ContinuousCDF, Normal};

pub const ALPHA: f64 = 0.05;
pub const POWER: f64 = 0.8;

/// A cell whose MDD is above this (20 points of success rate) is marked "too few programs".
pub const TOO_FEW_PROGRAMS: f64 = 0.2;

/// `None` when a group is empty or the pooled rate is 0 or 1 (success does not vary).
pub fn minimum_detectable_difference(n1: u64, n2: u64, pooled_rate: f64) -> Option<f64> {
    if n1 == 0 || n2 == 0 || !(pooled_rate > 0.0 && pooled_rate < 1.0) {
        return None;
    }
    let normal = Normal::standard();
    let z = normal.inverse_cdf(1.0 - ALPHA / 2.0);
    let root_m = (1.0 / (1.0 / n1 as f64 + 1.0 / n2 as f64)).sqrt();
    let power = |d: f64| normal.cdf(d * root_m - z) + normal.cdf(-d * root_m - z);
    // power(d) rises with d: bisect (60 halvings of [0, 64] leave < 1e-16).
    let (mut low, mut high) = (0.0_f64, 64.0_f64);
    for _ in 0..60 {
        let middle = (low + high) / 2.0;
        if power(middle) < POWER {
            low = middle;
        } else {
            high = middle;
        }
    }
    Some((low + high) / 2.0 * (pooled_rate * (1.0 - pooled_rate)).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values: tests/reference_values/power.py (statsmodels 0.14, NormalIndPower).
    #[test]
    fn matches_statsmodels_solve_power() {
        for (n1, n2, rate, expected) in
            [(40, 760, 0.6, 0.2226472303784079), (400, 400, 0.5, 0.09905089412155509), (5, 20, 0.3, 0.6419220817165896)]
        {
            let mdd = minimum_detectable_difference(n1, n2, rate).unwrap();
            // statsmodels' root finder stops within ~1e-7; the bisection here goes to 1e-16.
            assert!((mdd - expected).abs() < 1e-6, "{n1}, {n2}, {rate}: {mdd} != {expected}");
        }
    }

    #[test]
    fn fewer_programs_hide_larger_differences() {
        let mdd = |n1| minimum_detectable_difference(n1, 500, 0.5).unwrap();
        assert!(mdd(10) > mdd(100) && mdd(100) > mdd(400));
        assert_eq!(minimum_detectable_difference(0, 10, 0.5), None);
        assert_eq!(minimum_detectable_difference(10, 10, 1.0), None);
    }
}
