"""The learned value's model: per seat a utility from its features, and the seats' shares
of the win as the softmax of their utilities (numpy only).

A seat's utility is ``linear · z`` plus, for a model with a hidden layer,
``out · tanh(z @ hidden + bias)``, where ``z`` are its features standardised by the
model's ``mean`` and ``scale``. The same weights serve every seat and every number of
players: the features say where a seat stands, the softmax compares the seats.

Models are kept as JSON (`to_json`, `from_json`, `read`, `write`): the game, the feature
names, the numbers, and what the training recorded. A file that is not such a document,
or was made for another game or other features, raises `WeightsError`. Features are only
ever appended: a model learned before the last ones were added names the leading ones
and reads those columns, with the same results as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs
import numpy as np

from ..core import WeightsError
from ..core.checks import cut, quote
from ..core.names import escaped
from .features import FEATURES

__all__ = ["FORMAT", "ValueModel", "from_json", "read", "softmax", "to_json", "write"]

FORMAT = "amigo-rules value 1"
"""The ``format`` of a weights file."""
LIMIT = 1 << 24
"""The largest weights file read, in bytes (a shipped one is a few dozen kilobytes)."""


def softmax(utilities: np.ndarray) -> np.ndarray:
    """The softmax over the last axis."""
    shifted = np.exp(utilities - utilities.max(axis=-1, keepdims=True))
    shares: np.ndarray = shifted / shifted.sum(axis=-1, keepdims=True)
    return shares


@attrs.frozen(eq=False)
class ValueModel:
    """A learned value of one game: per seat a utility, and the win shares their softmax."""

    game: str
    """The game's name (``"verflixxt"``)."""
    features: tuple[str, ...]
    """The feature names: those of `amigo_rules.agents.features.FEATURES` for the game, or
    the leading ones of them."""
    mean: np.ndarray
    """``[F]``: subtracted from the features."""
    scale: np.ndarray
    """``[F]``: the features are divided by it after the mean is subtracted."""
    linear: np.ndarray
    """``[F]``: the linear part's weights."""
    hidden: np.ndarray | None = None
    """``[F, H]``: the hidden layer's weights (None: a linear model)."""
    bias: np.ndarray | None = None
    """``[H]``: the hidden layer's bias."""
    out: np.ndarray | None = None
    """``[H]``: the weights of the hidden units in the utility."""
    training: Mapping[str, Any] = attrs.field(factory=dict)
    """What the training recorded (settings, rounds, time), as JSON data."""

    @property
    def kind(self) -> str:
        """``"linear"`` or ``"mlp"`` (one hidden layer)."""
        return "linear" if self.hidden is None else "mlp"

    def utilities(self, features: np.ndarray) -> np.ndarray:
        """``[..., players]``: each seat's utility, from features ``[..., players, F]``
        (the game's features; a model of the leading ones reads those)."""
        if features.shape[-1] != len(self.features):
            features = features[..., : len(self.features)]
        z = (features - self.mean) / self.scale
        utility: np.ndarray = z @ self.linear
        if self.hidden is not None:
            assert self.bias is not None and self.out is not None
            utility = utility + np.tanh(z @ self.hidden + self.bias) @ self.out
        return utility

    def shares(self, features: np.ndarray) -> np.ndarray:
        """``[..., players]``: each seat's estimated share of the win."""
        return softmax(self.utilities(features))


def _numbers(value: Any, shape: tuple[int, ...], what: str) -> np.ndarray:
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise WeightsError(f"{what} must be numbers") from None
    if array.shape != shape:
        raise WeightsError(f"{what} must have the shape {shape}, got {array.shape}")
    if not np.isfinite(array).all():
        raise WeightsError(f"{what} must be finite numbers")
    return array


def to_json(model: ValueModel) -> str:
    """The model as a JSON document (numbers written exactly: `from_json` gives them back)."""
    document: dict[str, Any] = {
        "format": FORMAT, "game": model.game, "features": list(model.features),
        "mean": model.mean.tolist(), "scale": model.scale.tolist(),
        "linear": model.linear.tolist(),
    }
    if model.hidden is not None:
        assert model.bias is not None and model.out is not None
        document.update(hidden=model.hidden.tolist(), bias=model.bias.tolist(),
                        out=model.out.tolist())
    document["training"] = dict(model.training)
    return json.dumps(document, indent=1) + "\n"


def from_json(text: str | bytes, game: str | None = None, *, source: str = "weights") -> ValueModel:
    """The model of a JSON document, checked: `WeightsError` naming ``source`` and what is
    wrong (not JSON, another format, another game than ``game``, features other than this
    version's or their leading ones, numbers of the wrong shape)."""
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise WeightsError(f"{source}: not a JSON document ({cut(str(error))})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise WeightsError(f"{source}: not a learned value's weights (format {FORMAT!r})")
    made_for = document.get("game")
    if not isinstance(made_for, str) or made_for not in FEATURES:
        raise WeightsError(f"{source}: unknown game {quote(str(made_for))}")
    if game is not None and made_for != game:
        raise WeightsError(f"{source}: weights for {made_for}, not {game}")
    known = tuple(FEATURES[made_for])
    listed = document.get("features")
    names = known[: len(listed)] if isinstance(listed, list) and listed else ()
    if not names or listed != list(names):
        raise WeightsError(f"{source}: its features are not this version's features of "
                           f"{made_for} ({len(known)}: {', '.join(known[:3])}, …) or their "
                           f"leading ones")
    size = (len(names),)
    try:
        mean, scale, linear = (_numbers(document.get(k), size, k)
                               for k in ("mean", "scale", "linear"))
        if not (scale > 0).all():
            raise WeightsError("scale must be positive")
        hidden = bias = out = None
        if "hidden" in document:
            width = np.shape(document["hidden"])[-1] if isinstance(document["hidden"], list) \
                and document["hidden"] and isinstance(document["hidden"][0], list) else -1
            if width < 1:
                raise WeightsError("hidden must be a matrix of features × units")
            hidden = _numbers(document["hidden"], (len(names), width), "hidden")
            bias = _numbers(document.get("bias"), (width,), "bias")
            out = _numbers(document.get("out"), (width,), "out")
    except WeightsError as error:
        raise WeightsError(f"{source}: {error}") from None
    training = document.get("training", {})
    if not isinstance(training, dict):
        raise WeightsError(f"{source}: training must be an object")
    return ValueModel(made_for, names, mean, scale, linear, hidden, bias, out, training)


PATH_LIMIT = 200
"""The longest path an error message names in full (a longer one is cut)."""


def read(path: str | Path, game: str | None = None) -> ValueModel:
    """The model in the file at ``path`` (`from_json`; `WeightsError` if it cannot be read)."""
    path = Path(path)
    shown = escaped(str(path))  # a path from outside: no control or reordering character
    name = shown if len(shown) <= PATH_LIMIT else cut(shown)
    try:
        with path.open("rb") as file:
            data = file.read(LIMIT + 1)
    except OSError as error:
        raise WeightsError(f"{name}: cannot be read ({error.strerror or error})") from None
    if len(data) > LIMIT:
        raise WeightsError(f"{name}: larger than {LIMIT:,} bytes, no weights file")
    return from_json(data, game, source=name)


def write(model: ValueModel, path: str | Path) -> None:
    """Write the model to ``path`` as `to_json`, replacing the file at once (a partly
    written file is never left under that name)."""
    path = Path(path)
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(to_json(model), encoding="utf-8")
    temporary.replace(path)


def standardising(features: np.ndarray, rows: int = 65536) -> tuple[np.ndarray, np.ndarray]:
    """The ``mean`` and ``scale`` (standard deviation) of features ``[..., F]`` (a constant
    feature gets scale 1), in float64, ``rows`` positions at a time: the sums run in the
    order numpy's ``mean`` and ``std`` of the whole array take, to the same bits, without
    its float64 copies (16 bytes a number; millions of positions do not fit)."""
    flat = features.reshape(-1, features.shape[-1])
    count = max(len(flat), 1)

    def summed(part: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
        total = np.zeros(flat.shape[1])
        for start in range(0, len(flat), rows):  # a row at a time onto the running total
            total = np.add.reduce(np.vstack((total[None], part(flat[start : start + rows]))),
                                  axis=0)
        return total

    mean = summed(lambda x: x) / count

    def squared(x: np.ndarray) -> np.ndarray:
        centred = x.astype(np.float64) - mean
        return np.multiply(centred, centred, out=centred)

    scale = np.sqrt(summed(squared) / count)
    return mean, np.where(scale > 1e-9, scale, 1.0)

