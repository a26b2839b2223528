"""Reference values for crates/core/src/stats/{fisher,chi_square,mcnemar,multiple_testing}.rs.
Run: python3 tests_2x2.py"""
import numpy as np
from scipy.stats import fisher_exact, chi2_contingency, false_discovery_control, binomtest
from statsmodels.stats.contingency_tables import mcnemar

tables = {"small": [[13, 4], [313, 136]], "balanced": [[7, 3], [2, 8]], "zero": [[0, 5], [6, 1]],
          "large": [[659, 141], [471, 329]]}
for name, t in tables.items():
    p = fisher_exact(t, alternative="two-sided").pvalue
    chi2, pc, dof, _ = chi2_contingency(t, correction=True)
    chi2n, pn, _, _ = chi2_contingency(t, correction=False)
    less = fisher_exact(t, alternative="less").pvalue
    print(f"{name}: fisher p={p!r} less={less!r} chi2_yates={chi2!r} p_yates={pc!r} chi2={chi2n!r} p={pn!r}")
print("fisher less, flipped large:", fisher_exact([[141, 659], [329, 471]], alternative="less").pvalue)

ps = [0.01, 0.04, 0.03, 0.2, 0.5, 0.001]
print("bh", list(map(float, false_discovery_control(ps, method="bh"))))

for b, c in [(12, 3), (5, 5), (0, 4), (40, 70)]:
    r = mcnemar([[100, b], [c, 50]], exact=True)
    print(f"mcnemar b={b} c={c}: p={r.pvalue!r}")
