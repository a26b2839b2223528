"""Reference values for crates/core/src/stats/bootstrap.rs (run: python3 bootstrap.py; SciPy 1.x).
scipy's percentile bootstrap of Spearman's rho with many resamples: exerscope's 2,000 (another
generator) must agree within their resampling noise."""
import numpy as np
from scipy.stats import bootstrap, spearmanr

x = np.array([i % 17 for i in range(60)], dtype=float)
y = np.array([1.0 if (i * 7 + i % 17 * 3) % 23 < 11 + (i % 17) // 3 else 0.0 for i in range(60)])
print("rho", spearmanr(x, y).statistic)
result = bootstrap((x, y), lambda a, b: spearmanr(a, b).statistic, paired=True, vectorized=False,
                   n_resamples=200_000, method="percentile", random_state=np.random.default_rng(1))
print("interval", result.confidence_interval)
