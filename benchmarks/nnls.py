"""Least squares with every coefficient >= 0, shared by the cost-model fits in benchmarks/.

Active set, the same rule as FirebreakCost's CostFit: columns that are all zero are left at 0,
then the most negative coefficient is dropped and the rest refitted until none is negative.
"""
import numpy as np


def nnls(rows, targets):
    a = np.array(rows, dtype=float)
    b = np.array(targets, dtype=float)
    active = [c for c in range(a.shape[1]) if a[:, c].any()]
    while active:
        solution, *_ = np.linalg.lstsq(a[:, active], b, rcond=None)
        if (solution >= 0).all():
            full = np.zeros(a.shape[1])
            full[active] = solution
            return full
        active.pop(int(np.argmin(solution)))
    return np.zeros(a.shape[1])
