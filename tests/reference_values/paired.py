"""Reference values for crates/core/src/stats/paired.rs (run: python3 paired.py; statsmodels 0.14).

Newcombe's method 10 for a paired difference is not in statsmodels: with phi = 0 it is his interval
for independent rates, which is (`confint_proportions_2indep(method="newcomb")`); for phi != 0 the
formula is written out below with statsmodels' Wilson intervals."""
from math import sqrt
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

# a = both right, b = only A, c = only B, d = both wrong.
a, b, c, d = 12, 18, 8, 12
n = a + b + c + d
print("independent", confint_proportions_2indep(a + b, n, a + c, n, method="newcomb", compare="diff"))


def newcombe10(a, b, c, d):
    n = a + b + c + d
    pa, pb = (a + b) / n, (a + c) / n
    la, ua = proportion_confint(a + b, n, method="wilson")
    lb, ub = proportion_confint(a + c, n, method="wilson")
    m = (a + b) * (c + d) * (a + c) * (b + d)
    phi = (a * d - b * c) / sqrt(m) if m > 0 else 0.0
    delta = sqrt((pa - la) ** 2 - 2 * phi * (pa - la) * (ub - pb) + (ub - pb) ** 2)
    eps = sqrt((ua - pa) ** 2 - 2 * phi * (ua - pa) * (pb - lb) + (pb - lb) ** 2)
    return pa - pb - delta, pa - pb + eps


print("phi=0 by the formula", newcombe10(12, 18, 8, 12))
print("paired 460/199/11/130", newcombe10(460, 199, 11, 130))
# b = c = 0 (phi = 1 collapses the paired formula): the independent interval is used.
print("b=c=0 as independent", confint_proportions_2indep(5, 10, 5, 10, method="newcomb", compare="diff"))
