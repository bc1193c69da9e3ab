"""A conditional logit fitted by maximum likelihood: the win shares ``softmax(x @ w)`` over
the players of each position, ``w`` found by Newton's method. The fitting scripts of the
search's value functions (``fit_exxtra.py``, ``fit_value.py``) share it.

Positions come in groups of one player count: ``x`` of shape (positions, players,
features), ``y`` (positions, players) the observed shares of the win.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Groups = Sequence[tuple[np.ndarray, np.ndarray]]


def grouped(rows: Sequence, shares: Sequence) -> list[tuple[np.ndarray, np.ndarray]]:
    """Positions of mixed player counts (per position its feature rows and shares) as
    groups of one player count, in the order each count first appears."""
    groups: dict[int, tuple[list, list]] = {}
    for x, y in zip(rows, shares, strict=True):
        group = groups.setdefault(len(y), ([], []))
        group[0].append(x)
        group[1].append(y)
    return [(np.asarray(x, dtype=float), np.asarray(y, dtype=float))
            for x, y in groups.values()]


def fit(groups: Groups, *, penalty: float = 0.0, damping: float = 0.0, steps: int = 50,
        tolerance: float = 1e-10) -> np.ndarray:
    """The weights maximising the log-likelihood of the shares, less ``penalty`` times
    the number of positions times ``|w|² / 2``; ``damping`` is added to the Hessian's
    diagonal (it steadies the steps, not the optimum)."""
    k = groups[0][0].shape[2]
    n = sum(len(x) for x, _ in groups)
    w = np.zeros(k)
    for _ in range(steps):
        gradient = -penalty * n * w
        hessian = (penalty * n + damping) * np.eye(k)
        for x, y in groups:
            u = x @ w
            p = np.exp(u - u.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            mean = np.einsum("np,npk->nk", p, x)
            gradient += np.einsum("np,npk->k", y - p, x)
            hessian += np.einsum("np,npk,npl->kl", p, x, x) - mean.T @ mean
        step = np.linalg.solve(hessian, gradient)
        w = w + step
        if np.abs(step).max() < tolerance:
            break
    return w


def log_likelihood(groups: Groups, w: np.ndarray) -> float:
    """The mean log-likelihood of the shares per position."""
    total = 0.0
    for x, y in groups:
        u = x @ w
        u = u - u.max(axis=1, keepdims=True)
        total += float((y * (u - np.log(np.exp(u).sum(axis=1, keepdims=True)))).sum())
    return total / sum(len(x) for x, _ in groups)
