//! Tests on 2×2 tables `[[a, b], [c, d]]`: Fisher's exact test and Pearson's chi-square, as
//! `scipy.stats.fisher_exact` and `scipy.stats.chi2_contingency` compute them.

use statrs::distribution::{ChiSquared, ContinuousCDF};

/// Relative tolerance SciPy uses to count tables as probable as the observed one.
const FISHER_RELATIVE_TOLERANCE: f64 = 1.0 + 1e-7;

/// Two-sided Fisher exact p-value of a 2×2 table: the total hypergeometric probability, with the
/// margins fixed, of the tables no more probable than the observed one. `None` for an empty table.
pub fn fisher_exact(table: [[u64; 2]; 2]) -> Option<f64> {
    let (weights, observed) = hypergeometric_weights(table)?;
    let total: f64 = weights.iter().sum();
    let p: f64 = weights.iter().filter(|&&w| w <= weights[observed] * FISHER_RELATIVE_TOLERANCE).sum::<f64>() / total;
    Some(p.min(1.0))
}

/// One-sided Fisher exact p-value that the top-left count is this small or smaller with the
/// margins fixed (`scipy.stats.fisher_exact(table, alternative="less")`): for a slice of
/// programs in the first row and the right ones in the first column, that the slice's success is
/// lower than the rest's. `None` for an empty table.
pub fn fisher_less(table: [[u64; 2]; 2]) -> Option<f64> {
    let (weights, observed) = hypergeometric_weights(table)?;
    let total: f64 = weights.iter().sum();
    Some((weights[..=observed].iter().sum::<f64>() / total).min(1.0))
}

/// Every table with the margins of `table`, from the smallest top-left count up: each one's
/// hypergeometric probability relative to the most probable one's, and the observed table's place.
fn hypergeometric_weights(table: [[u64; 2]; 2]) -> Option<(Vec<f64>, usize)> {
    let [[a, b], [c, d]] = table;
    let (row1, col1, n) = (a + b, a + c, a + b + c + d);
    if n == 0 {
        return None;
    }
    let low = (row1 + col1).saturating_sub(n);
    let high = row1.min(col1);
    // Each table's probability relative to the most probable one (the mode), from its neighbour's
    // by their ratio pmf(x + 1) / pmf(x) = (row1 − x)(col1 − x) / ((x + 1)(n − row1 − col1 + x + 1)):
    // no logarithm per table (4,000 tests for 100 models), no underflow near the mode.
    let ratio = |x: u64| ((row1 - x) as f64 * (col1 - x) as f64) / ((x + 1) as f64 * (n + x + 1 - row1 - col1) as f64);
    let mode = ((row1 + 1) as f64 * (col1 + 1) as f64 / (n + 2) as f64).floor() as u64;
    let mode = mode.clamp(low, high);
    let mut weights = vec![0.0_f64; (high - low + 1) as usize];
    weights[(mode - low) as usize] = 1.0;
    for x in mode..high {
        weights[(x + 1 - low) as usize] = weights[(x - low) as usize] * ratio(x);
    }
    for x in (low + 1..=mode).rev() {
        weights[(x - 1 - low) as usize] = weights[(x - low) as usize] / ratio(x - 1);
    }
    Some((weights, (a - low) as usize))
}

/// Pearson's chi-square statistic and p-value (1 degree of freedom), with Yates' continuity
/// correction when `yates` (each |observed − expected| reduced by at most 0.5, SciPy's default for
/// 2×2). `None` when a row or column is empty (an expected count is 0).
pub fn chi_square(table: [[u64; 2]; 2], yates: bool) -> Option<(f64, f64)> {
    let cells = table.map(|row| row.map(|v| v as f64));
    let rows = [cells[0][0] + cells[0][1], cells[1][0] + cells[1][1]];
    let cols = [cells[0][0] + cells[1][0], cells[0][1] + cells[1][1]];
    let n = rows[0] + rows[1];
    if rows.contains(&0.0) || cols.contains(&0.0) {
        return None;
    }
    let mut statistic = 0.0;
    for (i, row) in cells.iter().enumerate() {
        for (j, &observed) in row.iter().enumerate() {
            let expected = rows[i] * cols[j] / n;
            let deviation = (observed - expected).abs();
            let deviation = if yates { deviation - deviation.min(0.5) } else { deviation };
            statistic += deviation * deviation / expected;
        }
    }
    let p = ChiSquared::new(1.0).ok()?.sf(statistic);
    Some((statistic, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fisher's p summed in log space, table by table: what the ratios replace.
    fn fisher_in_logs(table: [[u64; 2]; 2]) -> f64 {
        use statrs::function::factorial::ln_factorial;
        let [[a, b], [c, d]] = table;
        let (row1, col1, n) = (a + b, a + c, a + b + c + d);
        let log_pmf = |x: u64| {
            ln_factorial(row1) + ln_factorial(n - row1) + ln_factorial(col1) + ln_factorial(n - col1)
                - ln_factorial(n)
                - ln_factorial(x)
                - ln_factorial(row1 - x)
                - ln_factorial(col1 - x)
                - ln_factorial(n + x - row1 - col1)
        };
        let observed = log_pmf(a).exp();
        let tables = (row1 + col1).saturating_sub(n)..=row1.min(col1);
        let p: f64 = tables.map(|x| log_pmf(x).exp()).filter(|&pmf| pmf <= observed * FISHER_RELATIVE_TOLERANCE).sum();
        p.min(1.0)
    }

    #[test]
    fn fisher_by_ratios_matches_fisher_in_logs() {
        for table in [
            [[0, 0], [0, 1]],
            [[3, 1], [1, 3]],
            [[10, 0], [0, 10]],
            [[40, 60], [70, 30]],
            [[120, 80], [95, 105]],
            [[1, 900], [30, 700]],
            [[500, 480], [510, 470]],
        ] {
            close(fisher_exact(table).unwrap(), fisher_in_logs(table));
        }
    }

    fn close(actual: f64, expected: f64) {
        assert!((actual - expected).abs() <= 1e-9 * expected.abs().max(1e-300) + 1e-15, "{actual} != {expected}");
    }

    // Reference values: tests/reference_values/tests_2x2.py at the repository root.
    const TABLES: [([[u64; 2]; 2], f64, f64, f64); 4] = [
        ([[13, 4], [313, 136]], 0.7880784808540491, 0.7434336174204386, 0.5506469772075231),
        ([[7, 3], [2, 8]], 0.06977851869492736, 0.07219819770165818, 0.024618761380815174),
        ([[0, 5], [6, 1]], 0.01515151515151515, 0.019172484755223134, 0.0034147911781178208),
        ([[659, 141], [471, 329]], 3.341039010431687e-25, 1.024562782566902e-24, 5.79356955742974e-25),
    ];

    #[test]
    fn fisher_matches_scipy() {
        for (table, fisher, _, _) in TABLES {
            close(fisher_exact(table).unwrap(), fisher);
        }
        assert_eq!(fisher_exact([[0, 0], [0, 0]]), None);
    }

    /// Exact sums of hypergeometric probabilities (`math.comb`, `fractions.Fraction`), as
    /// `fisher_exact(table, alternative="less")` gives them.
    #[test]
    fn one_sided_fisher_is_the_lower_tail() {
        let tails = [0.8040531326614517, 0.9972612526792093, 0.007575757575757576, 1.0];
        for ((table, _, _, _), tail) in TABLES.into_iter().zip(tails) {
            close(fisher_less(table).unwrap(), tail);
        }
        close(fisher_less([[141, 659], [329, 471]]).unwrap(), 1.6705195052158457e-25);
        assert_eq!(fisher_less([[0, 0], [0, 0]]), None);
    }

    #[test]
    fn chi_square_matches_scipy_with_and_without_yates() {
        for (table, _, yates_p, plain_p) in TABLES {
            close(chi_square(table, true).unwrap().1, yates_p);
            close(chi_square(table, false).unwrap().1, plain_p);
        }
        close(chi_square([[7, 3], [2, 8]], true).unwrap().0, 3.2323232323232327);
        assert_eq!(chi_square([[0, 0], [3, 4]], true), None, "an empty row");
    }
}
