"""Reference values for crates/core/src/stats/divergence.rs (`auroc`).
Run: python3 auroc.py   (scikit-learn's roc_auc_score where installed; the same by pairs otherwise)"""
import math

positives, negatives = [0.9, 0.5, 0.5, 0.2], [0.5, 0.1, 0.0]
try:
    from sklearn.metrics import roc_auc_score
    a = roc_auc_score([1] * len(positives) + [0] * len(negatives), positives + negatives)
except ImportError:
    a = sum((p > q) + 0.5 * (p == q) for p in positives for q in negatives) / (len(positives) * len(negatives))
m, n = len(positives), len(negatives)
q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
se = math.sqrt((a * (1 - a) + (m - 1) * (q1 - a * a) + (n - 1) * (q2 - a * a)) / (m * n))
z = 1.959963984540054
print(f"auroc={a!r} ci=[{max(0.0, a - z * se)!r}, {min(1.0, a + z * se)!r}]")
