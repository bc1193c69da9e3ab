"""Hypothesis strategies for hostile input, one family per category of issue 8: mutated
JSON of real states and records, notation, `Rules` keyword arguments, move fields, seats,
action ids, and foreign objects where a state or `Rules` belongs."""

from __future__ import annotations

import contextlib
import json
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

import attrs
import numpy as np
from fuzz_cases import GAMES, records, states, variants
from hypothesis import strategies as st

from amigo_rules import exxtra, verflixxt
from amigo_rules import verflixxt_hoch as hoch

# ---------------------------------------------------------------- plain values

WORDS = (
    "roll", "pawn", "guard", "steal", "flip", "swap", "stop", "pass", "card", "hat", "take",
    "give", "none", "lucky", "cursed", "attack", "draw", "reroll", "place", "x", "X", "y",
    "o", "3y", "-1o", "0y", "6o", "7-x", "7-X", "1-1", "roll 7-x",
)
"""Words of every game's notation."""
ODD_DIGITS = ("٣", "０", "１", "³", "²", "½", "𝟘", "७", "Ⅻ", "፩")
"""Characters Python counts as digits (or numbers) that notation must refuse."""
TOKENS = (
    "S", "F", "L", "+5", "-3", "-10", "?-3", "?L", "gift", "steal", "R3", "R7", "T2", "T6",
    "hat+", "hat-", "roll", "move", "over", "flip", "play", "hat", "double", "draw",
    "classic", "random", "open", "top", "hidden", "choice", "swap", "first_home",
    "one_pawn_left", "zero", "parity", "3y", "-1o", "",
)
"""Strings that mean something somewhere in a state document."""

small_ints = st.integers(-3, 12)
huge_ints = st.one_of(
    st.sampled_from((2**31, 2**63, -(2**63), 10**30, -(10**30), 10**4000 + 1)),
    st.builds(pow, st.just(10), st.just(5000)),  # too long for str(): built, not listed
)
numpy_ints = st.builds(
    lambda value, kind: kind(value),
    st.integers(0, 100),
    st.sampled_from((np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint64)),
)
odd_numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from((0.0, 1.0, 2.0, 0.5, -1.0)),
    st.booleans(),
    st.sampled_from((np.True_, np.False_, np.float64(1.0), np.float32(2.0))),
    st.builds(Fraction, small_ints, st.integers(1, 3)),
    st.builds(Decimal, small_ints),
    st.builds(complex, small_ints),
    st.builds(lambda v: np.array(v), small_ints),
    st.builds(lambda v: np.array([v, v]), small_ints),
    st.builds(lambda v: np.array([[v]]), small_ints),
)
anything = st.one_of(
    small_ints,
    huge_ints,
    numpy_ints,
    odd_numbers,
    st.none(),
    st.text(max_size=12),
    st.sampled_from(TOKENS),
    st.binary(max_size=6),
    st.lists(small_ints, max_size=3),
    st.tuples(small_ints),
    st.dictionaries(st.text(max_size=3), small_ints, max_size=2),
    st.just(object()),
    st.just(int),
    st.just(np.random.default_rng(0)),
)
"""Any value a hostile caller might pass."""
integers = st.one_of(small_ints, small_ints, numpy_ints, huge_ints)
"""Integers of every kind, mostly small."""

# ---------------------------------------------------------------- mutated JSON

json_scalars = st.one_of(
    small_ints,
    huge_ints.filter(lambda v: abs(v) < 10**100),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.sampled_from(TOKENS),
    st.text(max_size=8),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(TOKENS), inner, max_size=2)
    ),
    max_leaves=6,
)
DEEP = "\u0000deep\u0000"
"""Stands for a value nested 600 deep, written into the text after ``json.dumps``."""


def _fields(data: Any, path: tuple = ()) -> list[tuple]:
    """The places of every object field in ``data``."""
    out = []
    if isinstance(data, dict):
        for key, value in data.items():
            out += [(*path, key), *_fields(value, (*path, key))]
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _fields(value, (*path, index))
    return out


def _path(draw: st.DrawFn, data: Any) -> tuple:
    """A place in ``data``: a field of one of its objects (the object, then its field, each
    as likely: the fields of a small object such as the state are hit often), a field of
    any object, or a walk down from the top into a random child at each level (with
    probability 2/3 past the top), which reaches list items too."""
    how = draw(st.integers(0, 9))
    fields = _fields(data)
    if how < 4:
        objects = list(dict.fromkeys(place[:-1] for place in fields if isinstance(place[-1], str)))
        parent = draw(st.sampled_from(objects or [()]))
        keys = list(_at(data, parent))
        return (*parent, draw(st.sampled_from(keys))) if keys else parent
    if how < 7:
        return draw(st.sampled_from(fields))
    path: tuple = ()
    while isinstance(data, (dict, list)) and data and (not path or draw(st.integers(0, 2))):
        key = draw(st.sampled_from(list(data) if isinstance(data, dict) else range(len(data))))
        path, data = (*path, key), data[key]
    return path


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def _scalars(data: Any) -> list[Any]:
    if isinstance(data, dict):
        return [s for v in data.values() for s in _scalars(v)]
    if isinstance(data, list):
        return [s for v in data for s in _scalars(v)]
    return [data]


@st.composite
def mutated(draw: st.DrawFn, data: Any, donors: tuple[Any, ...] = ()) -> str:
    """``data`` (a parsed document) with one to three mutations, as JSON text.

    A place is replaced by the value at the same place in another document of the game
    (one of ``donors``: a phase, a hand, the rules of another variant), by a near value
    (an integer off by a little, a flipped boolean), by a value found elsewhere in such
    documents, by any JSON value or by one nested 600 deep; or it is removed, duplicated or
    swapped with a neighbour, or an unknown field is added; sometimes the text itself is
    cut or spliced.
    """
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.sampled_from((1, 1, 1, 1, 1, 2, 2, 3)))):
        path = _path(draw, data)
        if not path:
            continue
        parent, key = _at(data, path[:-1]), path[-1]
        value = parent[key]
        kind = draw(st.integers(0, 19))
        if kind < 10 and donors:
            with contextlib.suppress(KeyError, IndexError, TypeError):  # no such place there
                parent[key] = json.loads(json.dumps(_at(draw(st.sampled_from(donors)), path)))
        elif kind < 12 and type(value) is int:
            parent[key] = value + draw(st.sampled_from((-1, 1, -2, 2, 5, -value - 1)))
        elif kind < 12 and type(value) is bool:
            parent[key] = not value
        elif kind < 12 and donors:
            parent[key] = draw(st.sampled_from(_scalars(draw(st.sampled_from(donors)))))
        elif kind < 14:
            parent[key] = draw(json_values)
        elif kind < 15:
            parent[key] = DEEP
        elif kind < 16:
            del parent[key]
        elif kind < 18 and isinstance(parent, list):
            parent.insert(draw(st.integers(0, len(parent))), draw(st.sampled_from(parent)))
        elif kind < 18:
            parent[draw(st.sampled_from(("extra", "Phase", "roll ", "hands", "played",
                                         "penalty", "seed")))] = draw(json_values)
        elif isinstance(parent, list) and len(parent) > 1:
            i, j = draw(st.integers(0, len(parent) - 1)), draw(st.integers(0, len(parent) - 1))
            parent[i], parent[j] = parent[j], parent[i]
        else:
            parent[key] = draw(json_scalars)
    text = json.dumps(data).replace(json.dumps(DEEP), "[" * 600 + "]" * 600)
    splice = draw(st.integers(0, 19))
    if splice == 0:
        text = text[: draw(st.integers(0, len(text)))]
    elif splice == 1:
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from('[]{",0-\\')) + text[at:]
    return text


@st.composite
def state_documents(draw: st.DrawFn) -> tuple[Any, str]:
    """(game, mutated JSON of a real state of one of its variants)."""
    _label, game, state = draw(st.sampled_from(states()))
    return game, draw(mutated(json.loads(game.to_json(state)), documents(game)))


@cache
def documents(game: Any) -> tuple[Any, ...]:
    """The parsed JSON of every state of ``game`` in the pool."""
    return tuple(json.loads(game.to_json(s)) for _l, g, s in states() if g is game)


@st.composite
def record_documents(draw: st.DrawFn) -> str:
    """Mutated JSON of a real record (moves replaced by near-miss notation too)."""
    _label, text = draw(st.sampled_from(records()))
    data = json.loads(text)
    if data["moves"] and draw(st.booleans()):
        index = draw(st.integers(0, len(data["moves"]) - 1))
        data["moves"][index] = draw(notation_texts(data["moves"][index]).filter(
            lambda text: isinstance(text, str)
        ))
        return json.dumps(data)
    return draw(mutated(data))


# ---------------------------------------------------------------- notation


def notation_texts(legal_text: str | None = None) -> st.SearchStrategy[Any]:
    """Move texts: a legal one edited, words of the notation with numbers (unicode digits,
    huge ones, signs), random text, and objects that are no text at all."""
    number = st.one_of(
        st.integers(-20, 60).map(str),
        st.integers(0, 60).map(lambda n: f"+{n}"),
        st.sampled_from(ODD_DIGITS),
        st.integers(1, 5000).map(lambda n: "9" * n),
        st.just("9" * 5000),
        st.sampled_from(("1-³", "7-٣", "0x1", "1_0", "1e3", "-0", "+0", "00")),
    )
    word = st.one_of(st.sampled_from(WORDS), number, st.text(max_size=4))
    separator = st.sampled_from((" ", "  ", "\t", "-", "\n", "\u3000", "\u00a0", ""))
    spoken = st.lists(st.tuples(word, separator), max_size=5).map(
        lambda pairs: "".join(w + s for w, s in pairs)
    )
    options = [
        spoken,
        st.text(max_size=30),
        st.sampled_from(("", " ", "x" * 2000, "pawn " + "9" * 5000)),
        st.one_of(st.none(), st.integers(), st.binary(max_size=8), st.just(["pawn", 3])),
    ]
    if legal_text is not None:
        options += [
            st.just(legal_text),
            st.builds(lambda s, c: s.replace(c[0], c[1]), st.just(legal_text),
                      st.sampled_from([(str(d), o) for d in range(10) for o in ODD_DIGITS[:4]]
                                      + [(" ", "  "), (" ", ""), ("pawn", "PAWN"), ("-", "+"),
                                         ("+", "-"), ("y", "o"), ("1", "99999999")])),
            st.builds(lambda s, extra: s + extra, st.just(legal_text), word),
        ]
    return st.one_of(*options)


@st.composite
def notation_cases(draw: st.DrawFn) -> tuple[Any, Any, Any]:
    """(game, state, text) with texts around the state's legal moves."""
    _label, game, state = draw(st.sampled_from(states()))
    legal = game.legal_moves(state)
    legal_text = str(draw(st.sampled_from(legal))) if legal else None
    return game, state, draw(notation_texts(legal_text))


# ---------------------------------------------------------------- Rules keyword arguments

_TILES = (*verflixxt.LAYOUTS, "+1", "+8", "-1", "-10", "L", "gift", "steal", "R3", "T2", "?")


def _rules_values(game: Any, name: str) -> st.SearchStrategy[Any]:
    """Values for the option ``name``: the valid ones, near misses, and anything."""
    default = getattr(game.Rules(), name)
    near: list[st.SearchStrategy[Any]] = [st.just(default), anything]
    if type(default) is bool:
        near.append(st.booleans())
    if name == "players":
        near += [st.integers(0, 10), numpy_ints]
    if name == "max_turns":
        near += [st.integers(-2, 60), st.none()]
    if name in ("layout",):
        tiles = st.lists(st.sampled_from(_TILES), max_size=40)
        near += [st.sampled_from(verflixxt.LAYOUTS), tiles, tiles.map(tuple), st.none()]
    if name == "guard_positions":
        near += [st.none(), st.lists(st.integers(-1, 40), max_size=9).map(tuple)]
    if name == "deck":
        triple = st.tuples(st.integers(-2, 7), st.integers(-1, 12) | huge_ints,
                           st.integers(-1, 12))
        near += [st.lists(triple, max_size=9).map(tuple), st.lists(triple, max_size=9),
                 st.dictionaries(st.integers(-2, 7), st.tuples(st.integers(0, 9),
                                                               st.integers(0, 9)), max_size=8)]
    if name in ("towers", "roll_one", "early_end", "risk_rank"):
        near.append(st.sampled_from((None, *TOKENS[-12:])))
    return st.one_of(*near)


@st.composite
def rules_kwargs(draw: st.DrawFn) -> tuple[Any, Any, dict[str, Any]]:
    """(game, constructor, keyword arguments): ``Rules`` or a Verflixxt preset, with some
    options set (an unknown one now and then)."""
    game = draw(st.sampled_from(GAMES))
    names = [a.name for a in attrs.fields(game.Rules)]
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=5))
    kwargs = {name: draw(_rules_values(game, name)) for name in chosen}
    if draw(st.integers(0, 9)) == 0:
        kwargs[draw(st.sampled_from(("colour", "player", "Players")))] = draw(anything)
    build = game.Rules
    if game is verflixxt and draw(st.booleans()):
        build = draw(st.sampled_from(tuple(verflixxt.PRESETS.values())))
    return game, build, kwargs


# ---------------------------------------------------------------- moves built by hand

MOVE_CLASSES = (
    (exxtra.Roll, 2), (exxtra.Reroll, 0), (exxtra.Place, 1),
    (verflixxt.Roll, 1), (verflixxt.Step, 3), (verflixxt.Steal, 1), (verflixxt.Swap, 3),
    (verflixxt.Flip, 1), (verflixxt.Stop, 0), (verflixxt.Pass, 0),
    (hoch.Play, 4), (hoch.Stop, 0), (hoch.HatMove, 2), (hoch.Draw, 1), (hoch.Attack, 1),
    (hoch.Steal, 1),
)
"""Every move class and how many fields it has."""
field_values = st.one_of(
    integers, integers, odd_numbers, st.none(), st.sampled_from((*WORDS, *TOKENS, "pawn ")),
    anything,
)


@st.composite
def hand_built_moves(draw: st.DrawFn) -> tuple[Any, tuple[Any, ...]]:
    """(move class, field values): often a legal move's fields in another type."""
    _label, game, state = draw(st.sampled_from(states()))
    legal = game.legal_moves(state)
    if legal and draw(st.booleans()):
        model = draw(st.sampled_from(legal))
        fields = [getattr(model, a.name) for a in attrs.fields(type(model))]
        for i in range(len(fields)):
            if draw(st.booleans()):
                value = fields[i]
                fields[i] = draw(st.one_of(
                    st.just(np.int64(value)) if type(value) is int else field_values,
                    st.just(float(value)) if type(value) is int else field_values,
                    field_values,
                ))
        return type(model), tuple(fields)
    kind, count = draw(st.sampled_from(MOVE_CLASSES))
    return kind, tuple(draw(field_values) for _ in range(draw(st.integers(0, count))))


# ---------------------------------------------------------------- seats, ids, foreign objects

seats = st.one_of(integers, odd_numbers, anything, st.sampled_from(("0", "1", (0,), [1])))
action_ids = st.one_of(
    st.integers(-2, 40), st.integers(0, 2000), numpy_ints, huge_ints, odd_numbers, anything
)


def foreign_objects() -> st.SearchStrategy[Any]:
    """What a confused caller passes where a state or `Rules` belongs."""
    others = [state for _l, _g, state in states()[:: max(1, len(states()) // 12)]]
    rules = [r for _l, _g, r in variants()]
    observation = verflixxt.observation(verflixxt.new_game(), 0)
    return st.one_of(
        st.sampled_from(others),
        st.sampled_from(rules),
        st.sampled_from((None, {}, {"phase": "roll"}, [], (), "state", 0, 1.5, b"",
                         np.zeros(3), object(), observation, verflixxt, exxtra.Reroll())),
        st.builds(lambda s: json.loads(exxtra.to_json(s)), st.just(exxtra.new_game())),
        anything,
    )
