"""Fitting a `amigo_rules.agents.model.ValueModel` to positions and their targets, in
numpy: the cross-entropy between the targets (each seat's share) and the softmax of the
seats' utilities, minimised by Adam over shuffled minibatches, deterministic from its
generator.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np

from ..agents.model import ValueModel, softmax, standardising

__all__ = ["Fit", "cross_entropy", "fit", "fresh"]


@attrs.frozen
class Fit:
    """How to fit."""

    epochs: int = 4
    """Passes over the positions."""
    batch: int = 2048
    """Positions per minibatch."""
    rate: float = 0.003
    """Adam's learning rate (halved for the last quarter of the passes)."""
    l2: float = 1e-5
    """The weights' L2 penalty per position."""


def fresh(game: str, names: tuple[str, ...], features: np.ndarray, hidden: int,
          rng: np.random.Generator) -> ValueModel:
    """A model to start from: standardised by ``features``, linear weights 0, the hidden
    layer (``hidden`` units; 0: none) drawn at random, its output weights 0."""
    mean, scale = standardising(features)
    width = len(names)
    linear = np.zeros(width)
    if not hidden:
        return ValueModel(game, names, mean, scale, linear)
    weights = rng.normal(0.0, 1.0 / np.sqrt(width), size=(width, hidden))
    return ValueModel(game, names, mean, scale, linear, weights, np.zeros(hidden),
                      np.zeros(hidden))


def cross_entropy(model: ValueModel, features: np.ndarray, targets: np.ndarray) -> float:
    """The mean cross-entropy of the targets under the model's shares, per position."""
    total = 0.0
    for start in range(0, len(features), 65536):
        shares = model.shares(features[start : start + 65536].astype(np.float64))
        chunk = targets[start : start + 65536]
        total += float(-(chunk * np.log(np.maximum(shares, 1e-12))).sum())
    return total / max(len(features), 1)


def _parameters(model: ValueModel) -> list[np.ndarray]:
    if model.hidden is None:
        return [model.linear.copy()]
    assert model.bias is not None and model.out is not None
    return [model.linear.copy(), model.hidden.copy(), model.bias.copy(), model.out.copy()]


def _gradients(params: list[np.ndarray], z: np.ndarray, targets: np.ndarray
               ) -> list[np.ndarray]:
    """The gradients of the mean cross-entropy over a minibatch (``z``: standardised
    features ``[b, players, F]``)."""
    b, players, width = z.shape
    flat = z.reshape(-1, width)
    utility = flat @ params[0]
    if len(params) > 1:
        hidden = np.tanh(flat @ params[1] + params[2])
        utility = utility + hidden @ params[3]
    error = (softmax(utility.reshape(b, players)) - targets).reshape(-1) / b
    grads = [flat.T @ error]
    if len(params) > 1:
        back = np.outer(error, params[3]) * (1 - hidden * hidden)
        grads += [flat.T @ back, back.sum(axis=0), hidden.T @ error]
    return grads


def fit(model: ValueModel, features: np.ndarray, targets: np.ndarray, settings: Fit,
        rng: np.random.Generator, progress: Any = None) -> ValueModel:
    """``model`` fitted to ``features`` (``[m, players, F]``) and ``targets`` (``[m,
    players]``), starting from its weights; ``progress(done, total)`` after each pass."""
    params = _parameters(model)
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    beta1, beta2, tiny = 0.9, 0.999, 1e-8
    mean, scale = model.mean, model.scale
    t = 0
    for epoch in range(settings.epochs):
        rate = settings.rate * (0.5 if 4 * epoch >= 3 * settings.epochs else 1.0)
        order = rng.permutation(len(features))
        for start in range(0, len(order), settings.batch):
            pick = np.sort(order[start : start + settings.batch])
            z = (features[pick].astype(np.float64) - mean) / scale
            grads = _gradients(params, z, targets[pick].astype(np.float64))
            t += 1
            for k, (p, g) in enumerate(zip(params, grads, strict=True)):
                g = g + settings.l2 * p
                first[k] = beta1 * first[k] + (1 - beta1) * g
                second[k] = beta2 * second[k] + (1 - beta2) * g * g
                step = first[k] / (1 - beta1**t)
                p -= rate * step / (np.sqrt(second[k] / (1 - beta2**t)) + tiny)
        if progress is not None:
            progress(epoch + 1, settings.epochs)
    if len(params) == 1:
        return attrs.evolve(model, linear=params[0])
    return attrs.evolve(model, linear=params[0], hidden=params[1], bias=params[2],
                        out=params[3])
