//! How much better model A is than model B on the programs both answered: the paired difference in
//! success rate, with its standard error and 95% interval, beside McNemar's test of it.
//!
//! With `a` programs both solved, `b` only A, `c` only B and `d` neither (n in all):
//!
//! ```text
//! θ = p_A − p_B = (b − c) / n
//! se(θ) = sqrt(b + c − (b − c)² / n) / n                      (paired: from the discordant counts)
//! ```
//!
//! The interval is Newcombe's method 10 (Statist. Med. 17:2635–2650, 1998), which combines the
//! Wilson intervals [l_A, u_A] and [l_B, u_B] of the two rates with their correlation φ:
//!
//! ```text
//! φ = (ad − bc) / sqrt((a + b)(c + d)(a + c)(b + d))            (0 when a margin is empty)
//! δ = sqrt((p_A − l_A)² − 2φ(p_A − l_A)(u_B − p_B) + (u_B − p_B)²)
//! ε = sqrt((u_A − p_A)² − 2φ(u_A − p_A)(p_B − l_B) + (p_B − l_B)²)
//! [θ − δ, θ + ε]
//! ```
//!
//! Unlike θ ± 1.96·se, it stays within [−1, 1]. With φ = 0 it is Newcombe's interval for
//! independent rates (statsmodels' `confint_proportions_2indep(..., method="newcomb")`), against
//! which it is tested, with values of the paired formula beside. When the models never disagree
//! (b = c = 0), φ = 1 collapses the interval to [0, 0], as if identical answers on a few programs
//! proved the models equal: there φ is taken as 0, the wider interval of independent rates.

use super::mcnemar::Agreement;
use super::wilson::{wilson_interval, Z_95};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairedDifference {
    /// A's success rate minus B's, on the programs both answered.
    pub difference: f64,
    /// Its paired standard error.
    pub se: f64,
    /// Newcombe's 95% interval (method 10).
    pub ci95: [f64; 2],
}

impl Agreement {
    /// `None` without a program both answered.
    pub fn paired_difference(&self) -> Option<PairedDifference> {
        let [a, b, c, d] = [self.both_right, self.only_a, self.only_b, self.both_wrong];
        let n = self.total();
        if n == 0 {
            return None;
        }
        let [nf, af, bf, cf, df] = [n, a, b, c, d].map(|count| count as f64);
        let (p_a, p_b) = ((af + bf) / nf, (af + cf) / nf);
        let [l_a, u_a] = wilson_interval(a + b, n, Z_95)?;
        let [l_b, u_b] = wilson_interval(a + c, n, Z_95)?;
        let margins = (af + bf) * (cf + df) * (af + cf) * (bf + df);
        let phi = if margins > 0.0 && b + c > 0 { (af * df - bf * cf) / margins.sqrt() } else { 0.0 };
        let spread = |x: f64, y: f64| (x * x - 2.0 * phi * x * y + y * y).max(0.0).sqrt();
        let difference = p_a - p_b;
        let below = spread(p_a - l_a, u_b - p_b);
        let above = spread(u_a - p_a, p_b - l_b);
        let se = (bf + cf - (bf - cf).powi(2) / nf).max(0.0).sqrt() / nf;
        Some(PairedDifference { difference, se, ci95: [difference - below, difference + above] })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agreement(a: u64, b: u64, c: u64, d: u64) -> Agreement {
        Agreement { both_right: a, only_a: b, only_b: c, both_wrong: d }
    }

    fn close(actual: [f64; 2], expected: [f64; 2]) {
        for (x, e) in actual.iter().zip(expected) {
            assert!((x - e).abs() < 1e-12, "{actual:?} != {expected:?}");
        }
    }

    // Reference values: tests/reference_values/paired.py (statsmodels 0.14).
    #[test]
    fn with_no_correlation_it_is_newcombe_s_interval_for_independent_rates() {
        // a·d = b·c: φ = 0. Rates 30/50 and 20/50.
        let paired = agreement(12, 18, 8, 12).paired_difference().unwrap();
        assert!((paired.difference - 0.2).abs() < 1e-15);
        close(paired.ci95, [0.004576018501439599, 0.3752438330311292]);
    }

    #[test]
    fn correlation_narrows_the_interval_and_the_se_comes_from_the_discordant_pairs() {
        // The margins of ExeRScope's two models on CRUXEval (659 and 471 of 800), 460 solved by both.
        let paired = agreement(460, 199, 11, 130).paired_difference().unwrap();
        assert!((paired.difference - 188.0 / 800.0).abs() < 1e-15);
        assert!((paired.se - (210.0 - 188.0_f64.powi(2) / 800.0).sqrt() / 800.0).abs() < 1e-15);
        close(paired.ci95, [0.20325466157996183, 0.26633323284858323]);
        let independent = agreement(12, 18, 8, 12).paired_difference().unwrap();
        assert!(independent.ci95[1] - independent.ci95[0] > paired.ci95[1] - paired.ci95[0]);
    }

    #[test]
    fn edge_cases_stay_within_bounds() {
        let same = agreement(5, 0, 0, 5).paired_difference().unwrap();
        assert_eq!(same.difference, 0.0);
        close(same.ci95, [-0.3725136238199143, 0.3725136238199143]);
        let all_a = agreement(0, 7, 0, 0).paired_difference().unwrap();
        assert_eq!(all_a.difference, 1.0);
        assert!(all_a.ci95[0] > 0.0 && all_a.ci95[1] <= 1.0 + 1e-12, "{:?}", all_a.ci95);
        assert_eq!(agreement(0, 0, 0, 0).paired_difference(), None);
    }
}
