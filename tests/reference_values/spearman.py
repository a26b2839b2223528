"""Reference values for crates/core/src/stats/correlation.rs (run: python3 spearman.py)."""
from scipy.stats import spearmanr

cases = {
    "monotone": ([1, 2, 3, 4, 5], [2, 4, 6, 8, 11]),
    "ties": ([1, 2, 2, 3, 4, 4, 5], [3, 1, 2, 2, 5, 4, 4]),
    "negative": ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [0.87, 0.78, 0.78, 0.79, 0.79, 0.76, 0.81, 0.69, 0.64, 0.57]),
}
for name, (x, y) in cases.items():
    r = spearmanr(x, y)
    print(f"{name}: rho={r.statistic!r}, p={r.pvalue!r}")
