"""Reference values for crates/core/src/stats/wilson.rs (run: python3 wilson.py)."""
from statsmodels.stats.proportion import proportion_confint

for k, n in [(659, 800), (18, 24), (0, 10), (10, 10), (1, 1)]:
    lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    print(f"wilson_interval({k}, {n}) = [{lo!r}, {hi!r}]")
