//! How numbers are written, on the page and in figures.

use exerscope_core::stats::RunSummary;

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
            "pass@1 {} over {} programs of up to {} samples ({} of {} samples correct; 95% CI {})",
            percent(rate),
            run.programs,
            run.samples,
            run.correct,
            run.total,
            interval(ci)
        ),
        (Some(rate), Some(ci)) => {
            format!("{}/{} = {} (95% CI {})", run.correct, run.total, percent(rate), interval(ci))
        }
        _ => "no predictions".to_owned(),
    }
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
