//! The Wilson score interval for a binomial proportion.

/// Two-sided 95% normal quantile, `scipy.stats.norm.ppf(0.975)`.
pub const Z_95: f64 = 1.959963984540054;

/// Wilson score interval of `successes` out of `trials` at the normal quantile `z`:
///
/// ```text
/// p̂ = k/n,  centre = (p̂ + z²/2n) / (1 + z²/n),
/// half = z / (1 + z²/n) · sqrt(p̂(1 − p̂)/n + z²/4n²)
/// ```
///
/// `None` when `trials` is 0 (no rate to bound) or `successes > trials`.
/// Matches `statsmodels.stats.proportion.proportion_confint(k, n, alpha=0.05, method="wilson")`.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> Option<[f64; 2]> {
    if trials == 0 || successes > trials {
        return None;
    }
    wilson_interval_of_rate(successes as f64 / trials as f64, trials, z)
}

/// The same interval for an observed rate `p` over `trials` units that need not be whole
/// successes: a program's c/n over n samples counts once, as a share of a success.
pub fn wilson_interval_of_rate(p: f64, trials: u64, z: f64) -> Option<[f64; 2]> {
    if trials == 0 || !(0.0..=1.0).contains(&p) {
        return None;
    }
    let n = trials as f64;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some([(centre - half).max(0.0), (centre + half).min(1.0)])
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOLERANCE: f64 = 1e-12;

    fn close(actual: [f64; 2], expected: [f64; 2]) {
        for (a, e) in actual.iter().zip(expected) {
            assert!((a - e).abs() < TOLERANCE, "{actual:?} != {expected:?}");
        }
    }

    // Reference values: tests/reference_values/wilson.py at the repository root (statsmodels proportion_confint, method="wilson").
    #[test]
    fn matches_statsmodels() {
        close(wilson_interval(659, 800, Z_95).unwrap(), [0.7958168704018341, 0.8485888072549906]);
        close(wilson_interval(18, 24, Z_95).unwrap(), [0.5510055599484599, 0.88000633771405]);
        close(wilson_interval(0, 10, Z_95).unwrap(), [0.0, 0.27753279986288926]);
        close(wilson_interval(10, 10, Z_95).unwrap(), [0.7224672001371106, 1.0]);
        close(wilson_interval(1, 1, Z_95).unwrap(), [0.2065493143772374, 1.0]);
    }

    #[test]
    fn no_trials_no_interval() {
        assert_eq!(wilson_interval(0, 0, Z_95), None);
        assert_eq!(wilson_interval(3, 2, Z_95), None);
    }
}
