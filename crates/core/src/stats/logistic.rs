//! Logistic regression of success on one numeric property: how much each unit of the property
//! changes the log-odds of a correct prediction. Matches `statsmodels.api.Logit` (with a constant).

use super::wilson::Z_95;
use statrs::distribution::{ContinuousCDF, Normal};

#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LogisticFit {
    pub intercept: f64,
    pub slope: f64,
    /// Standard error of the slope (from the inverse Fisher information).
    pub slope_se: f64,
    /// Wald 95% interval of the slope: `slope ± 1.96 · se`.
    pub slope_ci95: [f64; 2],
    /// Wald two-sided p of the slope.
    pub p: f64,
}

const MAX_ITERATIONS: usize = 100;
const CONVERGED: f64 = 1e-10;

/// Maximum-likelihood fit of `P(success) = 1 / (1 + e^−(a + b·x))` by Newton–Raphson. Success
/// is 0 or 1, or a program's share c/n of correct samples (the same likelihood with a fractional
/// outcome, as `statsmodels` fits it: each program weighs one).
/// `None` when it is undefined or does not converge: fewer than 3 points, an outcome outside
/// [0, 1], no variation in `x` or in success, or perfect separation (the slope runs off to infinity).
pub fn logistic_regression(x: &[f64], success: &[f64]) -> Option<LogisticFit> {
    let n = x.len();
    let valid = success.iter().all(|s| (0.0..=1.0).contains(s));
    let varies = success.iter().any(|&s| s > 0.0) && success.iter().any(|&s| s < 1.0);
    if n != success.len() || n < 3 || !valid || !varies || x.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let groups = equal_x(x, success);
    let (mut a, mut b) = (0.0_f64, 0.0_f64);
    for _ in 0..MAX_ITERATIONS {
        // Gradient g and Hessian H of the log-likelihood (H negated: the information matrix).
        let (mut g0, mut g1, mut h00, mut h01, mut h11) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &EqualX { x: xi, count, success } in &groups {
            let p = 1.0 / (1.0 + (-(a + b * xi)).exp());
            let residual = success - count * p;
            let w = count * p * (1.0 - p);
            g0 += residual;
            g1 += residual * xi;
            h00 += w;
            h01 += w * xi;
            h11 += w * xi * xi;
        }
        let det = h00 * h11 - h01 * h01;
        if det.abs() < 1e-300 {
            return None;
        }
        let (step_a, step_b) = ((h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det);
        a += step_a;
        b += step_b;
        if !b.is_finite() || b.abs() > 1e6 {
            return None;
        }
        if step_a.abs().max(step_b.abs()) < CONVERGED {
            let se = (h00 / det).sqrt();
            let z = b / se;
            let p = 2.0 * Normal::new(0.0, 1.0).ok()?.sf(z.abs());
            return Some(LogisticFit {
                intercept: a,
                slope: b,
                slope_se: se,
                slope_ci95: [b - Z_95 * se, b + Z_95 * se],
                p,
            });
        }
    }
    None
}

/// The points of one value of `x`: they enter the likelihood alike, so each Newton step costs one
/// `exp` per distinct value instead of one per point (properties repeat their values: 10,000
/// programs have a few hundred line counts).
struct EqualX {
    x: f64,
    count: f64,
    /// The sum of their successes.
    success: f64,
}

fn equal_x(x: &[f64], success: &[f64]) -> Vec<EqualX> {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_unstable_by(|&i, &j| x[i].total_cmp(&x[j]));
    let mut groups: Vec<EqualX> = Vec::new();
    for i in order {
        match groups.last_mut() {
            Some(last) if last.x == x[i] => {
                last.count += 1.0;
                last.success += success[i];
            }
            _ => groups.push(EqualX { x: x[i], count: 1.0, success: success[i] }),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values: tests/reference_values/per_program.py at the repository root (statsmodels Logit).
    #[test]
    fn matches_statsmodels() {
        let x = [1., 2., 2., 3., 4., 5., 5., 6., 7., 8., 9., 10., 12., 15.];
        let y = [1., 1., 1., 1., 0., 1., 1., 0., 1., 0., 0., 1., 0., 0.];
        let fit = logistic_regression(&x, &y).unwrap();
        let close = |a: f64, e: f64| assert!((a - e).abs() < 1e-7, "{a} != {e}");
        close(fit.intercept, 2.934219244581503);
        close(fit.slope, -0.4114019857830375);
        close(fit.slope_se, 0.22618179687307138);
        close(fit.slope_ci95[0], -0.8547101616128117);
        close(fit.slope_ci95[1], 0.031906190046736616);
        close(fit.p, 0.06892674489530459);
    }

    #[test]
    fn shares_of_samples_match_statsmodels_with_a_fractional_outcome() {
        let x = [1., 2., 2., 3., 4., 5., 5., 6., 7., 8., 9., 10., 12., 15.];
        let shares = [1.0, 0.9, 0.8, 1.0, 0.3, 0.7, 0.6, 0.2, 0.5, 0.1, 0.4, 0.6, 0.0, 0.1];
        let fit = logistic_regression(&x, &shares).unwrap();
        let close = |a: f64, e: f64| assert!((a - e).abs() < 1e-7, "{a} != {e}");
        close(fit.intercept, 2.1521813977388584);
        close(fit.slope, -0.33827121709904556);
        close(fit.slope_se, 0.2014269873419116);
        close(fit.p, 0.09307920459361457);
    }

    #[test]
    fn repeated_values_fit_as_the_same_points_one_by_one() {
        // The shares test's points, each repeated (in a shuffled order): the same likelihood
        // scaled by the repetition, so the same intercept and slope, and a standard error
        // smaller by √3.
        let x = [1., 2., 2., 3., 4., 5., 5., 6., 7., 8., 9., 10., 12., 15.];
        let shares = [1.0, 0.9, 0.8, 1.0, 0.3, 0.7, 0.6, 0.2, 0.5, 0.1, 0.4, 0.6, 0.0, 0.1];
        let once = logistic_regression(&x, &shares).unwrap();
        let order = (0..3 * x.len()).map(|i| (i * 17) % (3 * x.len()));
        let (x3, shares3): (Vec<f64>, Vec<f64>) = order.map(|i| (x[i % x.len()], shares[i % x.len()])).unzip();
        let thrice = logistic_regression(&x3, &shares3).unwrap();
        let close = |a: f64, e: f64| assert!((a - e).abs() < 1e-9, "{a} != {e}");
        close(thrice.intercept, once.intercept);
        close(thrice.slope, once.slope);
        close(thrice.slope_se * 3_f64.sqrt(), once.slope_se);
    }

    #[test]
    fn undefined_fits_are_none() {
        assert!(logistic_regression(&[1., 2., 3., 4.], &[0., 0., 1., 1.]).is_none(), "separation");
        assert!(logistic_regression(&[1., 2., 3.], &[1., 1., 1.]).is_none(), "no failures");
        assert!(logistic_regression(&[1., 2.], &[1., 0.]).is_none(), "n < 3");
        assert!(logistic_regression(&[1., 2., 3.], &[1., 0., 2.]).is_none(), "not a share");
    }
}
