//! Tests on 2×2 tables `[[a, b], [c, d]]`: Fisher's exact test and Pearson's chi-square, as
//! `scipy.stats.fisher_exact` and `scipy.stats.chi2_contingency` compute them.

use statrs::distribution::{ChiSquared, ContinuousCDF};

/// Relative tolerance SciPy uses to count tables as probable as the observed one.
const FISHER_RELATIVE_TOLERANCE: f64 = 1.0 + 1e-7;

/// Terms smaller than this share of the observed table's probability are left out, once the terms
/// beyond fall geometrically (each at most half the one before): the sums are exact to the last bit.
const NEGLIGIBLE: f64 = 1e-18;

/// Two-sided Fisher exact p-value of a 2×2 table: the total hypergeometric probability, with the
/// margins fixed, of the tables no more probable than the observed one. `None` for an empty table.
pub fn fisher_exact(table: [[u64; 2]; 2]) -> Option<f64> {
    let (tables, observed) = Margins::of(table)?;
    let observed_weight = tables.weight_from_mode(observed);
    let (counted, total) =
        tables.sums(observed_weight, |_, weight| weight <= observed_weight * FISHER_RELATIVE_TOLERANCE);
    Some((counted / total).min(1.0))
}

/// One-sided Fisher exact p-value that the top-left count is this small or smaller with the
/// margins fixed (`scipy.stats.fisher_exact(table, alternative="less")`): for a slice of
/// programs in the first row and the right ones in the first column, that the slice's success is
/// lower than the rest's. `None` for an empty table.
pub fn fisher_less(table: [[u64; 2]; 2]) -> Option<f64> {
    let (tables, observed) = Margins::of(table)?;
    let (counted, total) = tables.sums(tables.weight_from_mode(observed), |x, _| x <= observed);
    Some((counted / total).min(1.0))
}

/// The margins of a 2×2 table: every table with them has a top-left count in `low..=high`.
struct Margins {
    row1: u64,
    col1: u64,
    n: u64,
    low: u64,
    high: u64,
}

impl Margins {
    /// The margins of `table` and its top-left count; `None` for an empty table.
    fn of(table: [[u64; 2]; 2]) -> Option<(Margins, u64)> {
        let [[a, b], [c, d]] = table;
        let (row1, col1, n) = (a + b, a + c, a + b + c + d);
        if n == 0 {
            return None;
        }
        let (low, high) = ((row1 + col1).saturating_sub(n), row1.min(col1));
        Some((Margins { row1, col1, n, low, high }, a))
    }

    /// pmf(x + 1) / pmf(x) = (row1 − x)(col1 − x) / ((x + 1)(n − row1 − col1 + x + 1)), for x < high.
    fn ratio(&self, x: u64) -> f64 {
        let (row1, col1, n) = (self.row1, self.col1, self.n);
        ((row1 - x) as f64 * (col1 - x) as f64) / ((x + 1) as f64 * (n + x + 1 - row1 - col1) as f64)
    }

    /// The most probable top-left count.
    fn mode(&self) -> u64 {
        let mode = ((self.row1 + 1) as f64 * (self.col1 + 1) as f64 / (self.n + 2) as f64).floor() as u64;
        mode.clamp(self.low, self.high)
    }

    /// The probability of top-left count `x` relative to the mode's.
    fn weight_from_mode(&self, x: u64) -> f64 {
        let mode = self.mode();
        if x >= mode {
            (mode..x).map(|y| self.ratio(y)).product()
        } else {
            (x..mode).map(|y| 1.0 / self.ratio(y)).product()
        }
    }

    /// The weights (probabilities relative to the mode's) of the tables that `counts`, summed, and
    /// of all tables; the observed table, of weight `observed`, is one that counts. Each table's
    /// weight comes from its neighbour's by their ratio: no logarithm per table, no underflow near
    /// the mode. The walk goes out from the mode both ways and stops where the terms left change
    /// neither sum (both hold the observed table's weight): a thousand slices of 10,000 programs
    /// cost tens of terms each, not 10,000.
    fn sums(&self, observed: f64, counts: impl Fn(u64, f64) -> bool) -> (f64, f64) {
        let mode = self.mode();
        let (mut counted, mut total) = (0.0, 0.0);
        let mut add = |x: u64, weight: f64| {
            total += weight;
            if counts(x, weight) {
                counted += weight;
            }
            weight < NEGLIGIBLE * observed || weight == 0.0
        };
        // Out from the mode both ways, each weight the last one's times `step`, while terms count.
        let (mut x, mut weight, mut done) = (mode, 1.0, add(mode, 1.0));
        while x < self.high {
            let step = self.ratio(x);
            if done && step <= 0.5 {
                break;
            }
            (x, weight) = (x + 1, weight * step);
            done = add(x, weight);
        }
        let (mut x, mut weight, mut done) = (mode, 1.0, false);
        while x > self.low {
            let step = 1.0 / self.ratio(x - 1);
            if done && step <= 0.5 {
                break;
            }
            (x, weight) = (x - 1, weight * step);
            done = add(x, weight);
        }
        (counted, total)
    }
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
        let observed = pmf_in_logs(table);
        let p: f64 =
            same_margins(table).map(pmf_in_logs).filter(|&pmf| pmf <= observed * FISHER_RELATIVE_TOLERANCE).sum();
        p.min(1.0)
    }

    /// The one-sided p summed in log space, table by table.
    fn fisher_less_in_logs(table: [[u64; 2]; 2]) -> f64 {
        let p: f64 = same_margins(table).filter(|t| t[0][0] <= table[0][0]).map(pmf_in_logs).sum();
        p.min(1.0)
    }

    /// Every table with the margins of `table`.
    fn same_margins(table: [[u64; 2]; 2]) -> impl Iterator<Item = [[u64; 2]; 2]> {
        let [[a, b], [c, _]] = table;
        let (row1, col1, n) = (a + b, a + c, table.iter().flatten().sum::<u64>());
        ((row1 + col1).saturating_sub(n)..=row1.min(col1))
            .map(move |x| [[x, row1 - x], [col1 - x, n + x - row1 - col1]])
    }

    /// One table's hypergeometric probability, from log-factorials.
    fn pmf_in_logs(table: [[u64; 2]; 2]) -> f64 {
        use statrs::function::factorial::ln_factorial;
        let [[a, b], [c, d]] = table;
        let (row1, col1, n) = (a + b, a + c, a + b + c + d);
        (ln_factorial(row1) + ln_factorial(n - row1) + ln_factorial(col1) + ln_factorial(n - col1)
            - ln_factorial(n)
            - ln_factorial(a)
            - ln_factorial(b)
            - ln_factorial(c)
            - ln_factorial(d))
        .exp()
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

    /// The walk out from the mode stops early; what it leaves out must not show in either p, on
    /// small tables and on the slices of 10,000 programs it was made for, near and far from chance.
    #[test]
    fn sums_stopped_early_match_every_table_summed() {
        for (n, row1, col1) in
            [(40_u64, 20_u64, 25_u64), (1_000, 120, 700), (10_000, 300, 6_000), (10_000, 4_000, 5_000)]
        {
            // From the lowest top-left count the margins allow to the highest, by way of the mode.
            let (low, mode) = ((row1 + col1).saturating_sub(n), row1 * col1 / n);
            for a in [low, (low + mode) / 2, mode, row1.min(col1) - 1] {
                let (b, c) = (row1 - a, col1 - a);
                let table = [[a, b], [c, n - a - b - c]];
                close(fisher_exact(table).unwrap(), fisher_in_logs(table));
                close(fisher_less(table).unwrap(), fisher_less_in_logs(table));
            }
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
