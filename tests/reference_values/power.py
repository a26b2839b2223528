"""Reference values for crates/core/src/stats/power.rs (run: python3 power.py; statsmodels 0.14).
The minimum detectable difference in success rate: the standardised effect statsmodels solves for,
times sqrt(p(1 - p)) at the pooled rate p."""
from math import sqrt
from statsmodels.stats.power import NormalIndPower

for n1, n2, rate in [(40, 760, 0.6), (400, 400, 0.5), (5, 20, 0.3)]:
    d = NormalIndPower().solve_power(effect_size=None, nobs1=n1, ratio=n2 / n1, alpha=0.05, power=0.8)
    print(f"mdd({n1}, {n2}, {rate}) = {d * sqrt(rate * (1 - rate))!r}")
