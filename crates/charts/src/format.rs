//! How numbers are written, on the page and in figures.

use exerscope_core::stats::RunSummary;

/// A count with thousands separated: `50,000` (the core's, which the exports and methods use).
pub use exerscope_core::export::thousands;

pub fn percent(rate: f64) -> String {
    format!("{:.1}%", rate * 100.0)
}

/// `55.1–88.0%`
pub fn interval(ci: [f64; 2]) -> String {
    format!("{:.1}–{:.1}%", ci[0] * 100.0, ci[1] * 100.0)
}

/// `, 95% CI 55.1–88.0%` after a rate in a sentence; nothing without an interval.
pub fn interval_clause(ci: Option<[f64; 2]>) -> String {
    ci.map_or(String::new(), |ci| format!(", 95% CI {}", interval(ci)))
}

/// `18/24 = 75.0% (95% CI 55.1–88.0%)`
pub fn run_rate(run: &RunSummary) -> String {
    match (run.rate, run.ci95) {
        (Some(rate), Some(ci)) if run.samples > 1 => format!(
            "pass@1 {} over {} programs of up to {} samples ({} of {} samples correct; 95% CI {}{})",
            percent(rate),
            run.programs,
            run.samples,
            run.correct,
            run.total,
            interval(ci),
            standard_errors(run)
        ),
        (Some(rate), Some(ci)) => {
            format!("{}/{} = {} (95% CI {})", run.correct, run.total, percent(rate), interval(ci))
        }
        _ => "no predictions".to_owned(),
    }
}

/// `; SE 1.2 pts clustered by program, 0.4 if every sample were independent`
fn standard_errors(run: &RunSummary) -> String {
    match (run.se, run.se_unclustered) {
        (Some(se), Some(unclustered)) => format!(
            "; SE {:.1} pts clustered by program, {:.1} if every sample were independent",
            se * 100.0,
            unclustered * 100.0
        ),
        _ => String::new(),
    }
}

/// A signed slope with three significant digits: `+0.123`, `-1.23e-5` (a property that spans
/// millions, like loop length, has slopes per unit far below 0.001).
pub fn signed(value: f64) -> String {
    if value != 0.0 && value.abs() < 1e-3 {
        format!("{value:+.2e}")
    } else {
        format!("{value:+.3}")
    }
}

/// An interval of signed values: `[-0.412, +0.118]`.
pub fn signed_interval([low, high]: [f64; 2]) -> String {
    format!("[{}, {}]", signed(low), signed(high))
}

/// A difference of rates in percentage points: `+12.5 pts`, `−3.0 pts`.
pub fn points(difference: f64) -> String {
    format!("{:+.1} pts", difference * 100.0)
}

/// A standard error with three significant digits: `0.0123`, `1.23e-5`.
pub fn unsigned(value: f64) -> String {
    signed(value).trim_start_matches('+').to_owned()
}

/// `n = 12`: the count a mark rests on, as the charts say it.
pub fn n_equals(count: u64) -> String {
    format!("n = {}", thousands(count as usize))
}

/// `n = 86`, or `n = 24–86` where the counts differ: what a group of marks rests on (`None`
/// without a mark).
pub fn n_range(counts: impl IntoIterator<Item = u64>) -> Option<String> {
    let (low, high) = counts.into_iter().fold(None, |range: Option<(u64, u64)>, n| {
        Some(range.map_or((n, n), |(low, high)| (low.min(n), high.max(n))))
    })?;
    Some(if low == high {
        n_equals(low)
    } else {
        format!("n = {}–{}", thousands(low as usize), thousands(high as usize))
    })
}

/// `0.0123`, `< 0.0001`
pub fn format_p(p: f64) -> String {
    if p < 1e-4 {
        "< 0.0001".to_owned()
    } else {
        format!("{p:.4}")
    }
}

/// `= 0.012`, `< 0.001`: for chart titles.
pub fn format_p_short(p: f64) -> String {
    if p < 1e-3 {
        "< 0.001".to_owned()
    } else {
        format!("= {p:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_s_n_is_one_count_or_its_range() {
        assert_eq!(n_range([86, 86]).as_deref(), Some("n = 86"));
        assert_eq!(n_range([86, 24, 40]).as_deref(), Some("n = 24–86"));
        assert_eq!(n_range([1448]).as_deref(), Some("n = 1,448"));
        assert_eq!(n_range([]), None);
    }

    #[test]
    fn slopes_keep_three_significant_digits() {
        assert_eq!(signed(-0.1234), "-0.123");
        assert_eq!(signed(0.0), "+0.000");
        assert_eq!(signed(-0.0000123), "-1.23e-5");
    }
}
