//! Benjamini–Hochberg adjusted p-values, as `scipy.stats.false_discovery_control(ps, method="bh")`.

/// `adjusted[i] = min over j with p_j ≥ p_i of (m / rank_j) · p_j`, capped at 1, in input order.
/// NaN p-values stay NaN and do not count in m.
pub fn benjamini_hochberg(p_values: &[f64]) -> Vec<f64> {
    benjamini_hochberg_in(p_values, p_values.iter().filter(|p| !p.is_nan()).count())
}

/// [`benjamini_hochberg`] in a family of `family` hypotheses of which `p_values` are those
/// tested, the others counted with p = 1 (a search that skips hypotheses it cannot reject stays
/// as strict as one that tests them all: raising p-values never adds a rejection).
pub fn benjamini_hochberg_in(p_values: &[f64], family: usize) -> Vec<f64> {
    let mut order: Vec<usize> = (0..p_values.len()).filter(|&i| !p_values[i].is_nan()).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let m = family.max(order.len()) as f64;
    let mut adjusted = vec![f64::NAN; p_values.len()];
    let mut running_min = 1.0_f64;
    for (rank, &i) in order.iter().enumerate().rev() {
        running_min = running_min.min(p_values[i] * m / (rank + 1) as f64);
        adjusted[i] = running_min;
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values: tests/reference_values/tests_2x2.py at the repository root.
    #[test]
    fn matches_scipy() {
        let adjusted = benjamini_hochberg(&[0.01, 0.04, 0.03, 0.2, 0.5, 0.001]);
        let expected = [0.03, 0.06, 0.06, 0.24, 0.5, 0.006];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!((a - e).abs() < 1e-12, "{adjusted:?}");
        }
    }

    #[test]
    fn untested_hypotheses_count_as_p_one() {
        let tested = [0.01, 0.04, 0.03, 0.001];
        let padded = benjamini_hochberg(&[0.01, 0.04, 0.03, 0.001, 1.0, 1.0]);
        assert_eq!(benjamini_hochberg_in(&tested, 6), padded[..4]);
    }

    #[test]
    fn nan_and_empty() {
        assert!(benjamini_hochberg(&[]).is_empty());
        let adjusted = benjamini_hochberg(&[f64::NAN, 0.02]);
        assert!(adjusted[0].is_nan());
        assert_eq!(adjusted[1], 0.02);
    }
}
