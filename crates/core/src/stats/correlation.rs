//! Correlations with SciPy's p-values: Spearman's ρ (`scipy.stats.spearmanr`) and the
//! point-biserial r between a numeric property and success (`scipy.stats.pointbiserialr`).

use statrs::distribution::{ContinuousCDF, StudentsT};

#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Correlation {
    pub rho: f64,
    /// Two-sided p-value.
    pub p: f64,
    pub n: usize,
}

/// Spearman's ρ: Pearson's correlation of the ranks (ties get their average rank), with SciPy's
/// two-sided p-value from Student's t with n − 2 degrees of freedom:
///
/// ```text
/// t = ρ · sqrt((n − 2) / (1 − ρ²)),   p = 2 · P(T > |t|)
/// ```
///
/// `None` when the slices differ in length, n < 3, or either side is constant (ρ undefined).
/// |ρ| = 1 gives p = 0.
pub fn spearman(x: &[f64], y: &[f64]) -> Option<Correlation> {
    if x.len() != y.len() || x.iter().chain(y).any(|v| v.is_nan()) {
        return None;
    }
    pearson_test(&ranks(x), &ranks(y))
}

/// Point-biserial r between a numeric property and success (1 = correct, or a program's share
/// c/n of correct samples, which makes it Pearson's r with a graded outcome): Pearson's r with the
/// same t-test p-value. `None` as for [`spearman`] (also when every program succeeded or none did).
pub fn point_biserial(values: &[f64], success: &[f64]) -> Option<Correlation> {
    if values.len() != success.len() || values.iter().chain(success).any(|v| v.is_nan()) {
        return None;
    }
    pearson_test(values, success)
}

/// Pearson's r and its two-sided p from Student's t with n − 2 degrees of freedom.
fn pearson_test(x: &[f64], y: &[f64]) -> Option<Correlation> {
    let n = x.len();
    if n < 3 {
        return None;
    }
    let rho = pearson(x, y)?.clamp(-1.0, 1.0);
    let df = (n - 2) as f64;
    let p = if (1.0 - rho.abs()) < 1e-15 {
        0.0
    } else {
        let t = rho * (df / (1.0 - rho * rho)).sqrt();
        let distribution = StudentsT::new(0.0, 1.0, df).ok()?;
        2.0 * (1.0 - distribution.cdf(t.abs()))
    };
    Some(Correlation { rho, p, n })
}

/// 1-based ranks, ties sharing the mean of the ranks they span. Sorted as (value, index) pairs
/// side by side: sorting indices that look their values up was a third of a leaderboard's
/// correlations.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<(f64, u32)> = values.iter().enumerate().map(|(i, &v)| (v, i as u32)).collect();
    order.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    for tie in order.chunk_by(|a, b| a.0 == b.0) {
        let average = (2 * start + tie.len() + 1) as f64 / 2.0;
        for &(_, i) in tie {
            ranks[i as usize] = average;
        }
        start += tie.len();
    }
    ranks
}

fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len() as f64;
    let (mean_x, mean_y) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        let (dx, dy) = (a - mean_x, b - mean_y);
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tolerance for comparisons with SciPy.
    const TOLERANCE: f64 = 1e-9;

    fn check(x: &[f64], y: &[f64], rho: f64, p: f64) {
        let c = spearman(x, y).unwrap();
        assert!((c.rho - rho).abs() < TOLERANCE, "rho {} != {rho}", c.rho);
        assert!((c.p - p).abs() < TOLERANCE.max(p * 1e-6), "p {} != {p}", c.p);
    }

    // Reference values: tests/reference_values/spearman.py at the repository root (scipy.stats.spearmanr).
    #[test]
    fn matches_scipy() {
        check(&[1., 2., 2., 3., 4., 4., 5.], &[3., 1., 2., 2., 5., 4., 4.], 0.6666666666666667, 0.10193947882985832);
        let rates = [0.87, 0.78, 0.78, 0.79, 0.79, 0.76, 0.81, 0.69, 0.64, 0.57];
        let buckets: Vec<f64> = (1..=10).map(f64::from).collect();
        check(&buckets, &rates, -0.7134278969833519, 0.02052141187685036);
        let c = spearman(&[1., 2., 3., 4., 5.], &[2., 4., 6., 8., 11.]).unwrap();
        assert_eq!((c.rho, c.p), (1.0, 0.0), "SciPy: rho 0.9999999999999999, p 1.4e-24");
    }

    // Reference values: tests/reference_values/per_program.py at the repository root.
    const PROPERTY: [f64; 14] = [1., 2., 2., 3., 4., 5., 5., 6., 7., 8., 9., 10., 12., 15.];
    const SUCCESS: [f64; 14] = [1., 1., 1., 1., 0., 1., 1., 0., 1., 0., 0., 1., 0., 0.];

    #[test]
    fn per_program_correlations_match_scipy() {
        let outcomes = SUCCESS;
        check(&PROPERTY, &outcomes, -0.574155168459474, 0.03177660990081313);
        let r = point_biserial(&PROPERTY, &outcomes).unwrap();
        assert!((r.rho - -0.5810642358371605).abs() < TOLERANCE && (r.p - 0.029318964814732066).abs() < TOLERANCE);
        assert!(point_biserial(&[1., 2., 3.], &[1.; 3]).is_none(), "no variation in success");
        let shares = [1.0, 0.9, 0.8, 1.0, 0.3, 0.7, 0.6, 0.2, 0.5, 0.1, 0.4, 0.6, 0.0, 0.1];
        check(&PROPERTY, &shares, -0.8011054614362846, 0.0005735384487499904);
        let r = point_biserial(&PROPERTY, &shares).unwrap();
        assert!((r.rho - -0.7751410910059069).abs() < TOLERANCE && (r.p - 0.0011270910554007935).abs() < TOLERANCE);
    }

    #[test]
    fn undefined_cases_are_none() {
        assert!(spearman(&[1., 2.], &[1., 2.]).is_none(), "n < 3");
        assert!(spearman(&[1., 1., 1.], &[1., 2., 3.]).is_none(), "constant x");
        assert!(spearman(&[1., 2., 3.], &[1., 2.]).is_none(), "lengths differ");
        assert!(spearman(&[1., f64::NAN, 3.], &[1., 2., 3.]).is_none(), "NaN");
    }

    #[test]
    fn ties_share_their_average_rank() {
        assert_eq!(ranks(&[10., 20., 20., 5.]), [2., 3.5, 3.5, 1.]);
    }
}
