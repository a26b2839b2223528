//! Logistic regression of success on one numeric property: how much each unit of the property
//! changes the log-odds of a correct prediction. Matches `statsmodels.api.Logit` (with a constant).
//!
//! Each program is one point, with its share of correct questions (samples, inputs): a program
//! asked ten times is not ten independent observations. Beside the model-based standard error,
//! the fit gives the one clustered by program (the sandwich `H⁻¹ M H⁻¹`, `M = Σ (s − μ)² x xᵀ` over
//! programs, times statsmodels' `G/(G − 1) · (N − 1)/(N − 2)` for G programs of N questions: its
//! `cov_type="cluster"` with programs as groups), and the one that would hold if every question
//! were independent (the information `Σ n μ(1 − μ) x xᵀ` of N questions), which is too small when
//! questions of a program agree.

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
    /// The slope's standard error clustered by program (robust to how a program's questions agree).
    pub slope_se_clustered: f64,
    /// The slope's standard error as if every question were independent (unclustered).
    pub slope_se_unclustered: f64,
}

/// The logistic function: the probability of log-odds `z`.
pub(crate) fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Its inverse, the log-odds of `p` (held within 10⁻⁴ of 0 and 1, where it would be infinite).
pub(crate) fn logit(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    (p / (1.0 - p)).ln()
}

const MAX_ITERATIONS: usize = 100;
const CONVERGED: f64 = 1e-10;

/// Maximum-likelihood fit of `P(success) = 1 / (1 + e^−(a + b·x))` by Newton–Raphson. Success
/// is 0 or 1, or a program's share c/n of correct samples (the same likelihood with a fractional
/// outcome, as `statsmodels` fits it: each program weighs one); `questions`, the n of each.
/// `None` when it is undefined or does not converge: fewer than 3 points, an outcome outside
/// [0, 1], no variation in `x` or in success, or perfect separation (the slope runs off to infinity).
pub fn logistic_regression(x: &[f64], success: &[f64], questions: &[f64]) -> Option<LogisticFit> {
    let n = x.len();
    let valid = success.iter().all(|s| (0.0..=1.0).contains(s)) && questions.iter().all(|&q| q >= 1.0);
    let varies = success.iter().any(|&s| s > 0.0) && success.iter().any(|&s| s < 1.0);
    if n != success.len() || n != questions.len() || n < 3 || !valid || !varies || x.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let groups = equal_x(x, success, questions);
    let (mut a, mut b) = (0.0_f64, 0.0_f64);
    for _ in 0..MAX_ITERATIONS {
        // Gradient g and Hessian H of the log-likelihood (H negated: the information matrix).
        let (mut g0, mut g1, mut h00, mut h01, mut h11) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &EqualX { x: xi, count, success, .. } in &groups {
            let p = logistic(a + b * xi);
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
            let (slope_se_clustered, slope_se_unclustered) = other_errors(&groups, a, b, [h00, h01, h11]);
            return Some(LogisticFit {
                intercept: a,
                slope: b,
                slope_se: se,
                slope_ci95: [b - Z_95 * se, b + Z_95 * se],
                p,
                slope_se_clustered,
                slope_se_unclustered,
            });
        }
    }
    None
}

/// The slope's standard errors clustered by program and unclustered (per question), at the fit
/// (a, b) whose information matrix is `h` = [h00, h01, h11] (see the module's comment).
fn other_errors(groups: &[EqualX], a: f64, b: f64, [h00, h01, h11]: [f64; 3]) -> (f64, f64) {
    let (mut m00, mut m01, mut m11) = (0.0, 0.0, 0.0);
    let (mut q00, mut q01, mut q11) = (0.0, 0.0, 0.0);
    let (mut programs, mut questions) = (0.0, 0.0);
    for group in groups {
        let x = group.x;
        let mu = logistic(a + b * x);
        // Σ (s − μ)² over the group's programs, from its sums of s and s².
        let squares = group.success_squares - 2.0 * mu * group.success + group.count * mu * mu;
        m00 += squares;
        m01 += squares * x;
        m11 += squares * x * x;
        let w = group.questions * mu * (1.0 - mu);
        q00 += w;
        q01 += w * x;
        q11 += w * x * x;
        programs += group.count;
        questions += group.questions;
    }
    // The slope's row of H⁻¹, then its variance under the sandwich H⁻¹ M H⁻¹.
    let det = h00 * h11 - h01 * h01;
    let (r0, r1) = (-h01 / det, h00 / det);
    let correction = programs / (programs - 1.0) * (questions - 1.0) / (questions - 2.0);
    let clustered = (correction * (r0 * r0 * m00 + 2.0 * r0 * r1 * m01 + r1 * r1 * m11)).max(0.0).sqrt();
    let unclustered = (q00 / (q00 * q11 - q01 * q01)).sqrt();
    (clustered, unclustered)
}

/// The points of one value of `x`: they enter the likelihood alike, so each Newton step costs one
/// `exp` per distinct value instead of one per point (properties repeat their values: 10,000
/// programs have a few hundred line counts).
struct EqualX {
    x: f64,
    count: f64,
    /// The sums of their successes and of the successes' squares.
    success: f64,
    success_squares: f64,
    /// Their questions (each program's samples, inputs), summed.
    questions: f64,
}

fn equal_x(x: &[f64], success: &[f64], questions: &[f64]) -> Vec<EqualX> {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_unstable_by(|&i, &j| x[i].total_cmp(&x[j]));
    let mut groups: Vec<EqualX> = Vec::new();
    for i in order {
        let (s, q) = (success[i], questions[i]);
        match groups.last_mut() {
            Some(last) if last.x == x[i] => {
                last.count += 1.0;
                last.success += s;
                last.success_squares += s * s;
                last.questions += q;
            }
            _ => groups.push(EqualX { x: x[i], count: 1.0, success: s, success_squares: s * s, questions: q }),
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
        let fit = logistic_regression(&x, &y, &[1.0; 14]).unwrap();
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
        let fit = logistic_regression(&x, &shares, &[10.0; 14]).unwrap();
        let close = |a: f64, e: f64| assert!((a - e).abs() < 1e-7, "{a} != {e}");
        close(fit.intercept, 2.1521813977388584);
        close(fit.slope, -0.33827121709904556);
        close(fit.slope_se, 0.2014269873419116);
        close(fit.p, 0.09307920459361457);
    }

    // Reference values: tests/reference_values/clustered.py (statsmodels Logit, each program's
    // 10 questions as rows, with and without `cov_type="cluster"` by program).
    #[test]
    fn clustered_and_unclustered_errors_match_statsmodels_on_the_questions() {
        let x = [1., 2., 2., 3., 4., 5., 5., 6., 7., 8., 9., 10., 12., 15.];
        let shares = [1.0, 0.9, 0.8, 1.0, 0.3, 0.7, 0.6, 0.2, 0.5, 0.1, 0.4, 0.6, 0.0, 0.1];
        let fit = logistic_regression(&x, &shares, &[10.0; 14]).unwrap();
        let close = |a: f64, e: f64| assert!((a - e).abs() < 1e-7, "{a} != {e}");
        close(fit.slope_se_clustered, 0.09643870223408767);
        close(fit.slope_se_unclustered, 0.06369680622263448);
        let one_question_each = logistic_regression(&x, &shares, &[1.0; 14]).unwrap();
        close(one_question_each.slope_se_clustered, 0.10001486514135963);
    }

    #[test]
    fn repeated_values_fit_as_the_same_points_one_by_one() {
        // The shares test's points, each repeated (in a shuffled order): the same likelihood
        // scaled by the repetition, so the same intercept and slope, and a standard error
        // smaller by √3.
        let x = [1., 2., 2., 3., 4., 5., 5., 6., 7., 8., 9., 10., 12., 15.];
        let shares = [1.0, 0.9, 0.8, 1.0, 0.3, 0.7, 0.6, 0.2, 0.5, 0.1, 0.4, 0.6, 0.0, 0.1];
        let once = logistic_regression(&x, &shares, &[1.0; 14]).unwrap();
        let order = (0..3 * x.len()).map(|i| (i * 17) % (3 * x.len()));
        let (x3, shares3): (Vec<f64>, Vec<f64>) = order.map(|i| (x[i % x.len()], shares[i % x.len()])).unzip();
        let thrice = logistic_regression(&x3, &shares3, &[1.0; 42]).unwrap();
        let close = |a: f64, e: f64| assert!((a - e).abs() < 1e-9, "{a} != {e}");
        close(thrice.intercept, once.intercept);
        close(thrice.slope, once.slope);
        close(thrice.slope_se * 3_f64.sqrt(), once.slope_se);
    }

    #[test]
    fn undefined_fits_are_none() {
        let one = [1.0; 4];
        assert!(logistic_regression(&[1., 2., 3., 4.], &[0., 0., 1., 1.], &one).is_none(), "separation");
        assert!(logistic_regression(&[1., 2., 3.], &[1., 1., 1.], &one[..3]).is_none(), "no failures");
        assert!(logistic_regression(&[1., 2.], &[1., 0.], &one[..2]).is_none(), "n < 3");
        assert!(logistic_regression(&[1., 2., 3.], &[1., 0., 2.], &one[..3]).is_none(), "not a share");
    }
}
