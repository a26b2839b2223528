"""Reference values for crates/core/src/stats/{correlation,logistic}.rs (per-program mode).
Run: python3 per_program.py"""
import numpy as np
import statsmodels.api as sm
from scipy.stats import pearsonr, pointbiserialr, spearmanr

x = [1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 15]
y = [1, 1, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0]
r = pointbiserialr(y, x)
print(f"pointbiserial r={r.statistic!r} p={r.pvalue!r}")
s = spearmanr(x, y)
print(f"spearman rho={s.statistic!r} p={s.pvalue!r}")
fit = sm.Logit(np.array(y), sm.add_constant(np.array(x, dtype=float))).fit(disp=0)
lo, hi = fit.conf_int(alpha=0.05)[1]
print(f"logit intercept={fit.params[0]!r} slope={fit.params[1]!r} se={fit.bse[1]!r} ci=[{lo!r}, {hi!r}] p={fit.pvalues[1]!r}")

# Several samples per program: each program once, with its share c/n of correct samples
# (statsmodels fits the same likelihood with a fractional outcome; Pearson's r for point-biserial).
shares = [1.0, 0.9, 0.8, 1.0, 0.3, 0.7, 0.6, 0.2, 0.5, 0.1, 0.4, 0.6, 0.0, 0.1]
r = pearsonr(x, shares)
print(f"shares: pearson r={r.statistic!r} p={r.pvalue!r}")
s = spearmanr(x, shares)
print(f"shares: spearman rho={s.statistic!r} p={s.pvalue!r}")
fit = sm.Logit(np.array(shares), sm.add_constant(np.array(x, dtype=float))).fit(disp=0)
lo, hi = fit.conf_int(alpha=0.05)[1]
print(f"shares: logit intercept={fit.params[0]!r} slope={fit.params[1]!r} se={fit.bse[1]!r} ci=[{lo!r}, {hi!r}] p={fit.pvalues[1]!r}")
