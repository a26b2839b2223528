"""Reference values for the clustered standard errors (crates/core/src/stats/{logistic,success}.rs).
Run: python3 clustered.py (statsmodels 0.14). A program holds several questions (its samples, its
inputs); programs are the clusters."""
import numpy as np
import statsmodels.api as sm

# The per-program shares of per_program.py, each program with 10 questions (c of 10 correct).
x = np.array([1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 15], dtype=float)
shares = np.array([1.0, 0.9, 0.8, 1.0, 0.3, 0.7, 0.6, 0.2, 0.5, 0.1, 0.4, 0.6, 0.0, 0.1])
X = sm.add_constant(x)
programs = np.arange(len(x))
fit = sm.Logit(shares, X).fit(disp=0, cov_type="cluster", cov_kwds={"groups": programs})
print(f"logit slope={fit.params[1]!r} clustered se={fit.bse[1]!r}")

# Every question as an independent observation: the same point, information scaled by n = 10.
questions = np.repeat(programs, 10)
y = np.concatenate([[1.0] * round(s * 10) + [0.0] * (10 - round(s * 10)) for s in shares])
each = sm.Logit(y, X[questions]).fit(disp=0)
print(f"per question: slope={each.params[1]!r} se={each.bse[1]!r}")
clustered = sm.Logit(y, X[questions]).fit(disp=0, cov_type="cluster", cov_kwds={"groups": questions})
print(f"per question, clustered by program: se={clustered.bse[1]!r}")

# The success rate: programs with 1, 2 or 4 questions; pass@1 weighs each program once (weights 1/n).
correct = [1, 0, 2, 1, 4, 3]
n = [1, 1, 2, 2, 4, 4]
y = np.concatenate([[1.0] * c + [0.0] * (k - c) for c, k in zip(correct, n)])
groups = np.concatenate([[g] * k for g, k in enumerate(n)])
weights = np.concatenate([[1.0 / k] * k for k in n])
rate = sm.WLS(y, np.ones(len(y)), weights=weights).fit(cov_type="cluster", cov_kwds={"groups": groups})
print(f"rate={rate.params[0]!r} clustered se={rate.bse[0]!r}")
