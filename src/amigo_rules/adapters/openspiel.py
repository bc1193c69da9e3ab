"""OpenSpiel adapter: every game, variant and player count as a ``pyspiel.Game``.

Importing this module registers each game with pyspiel under ``NAMES``
(``amigo_rules_verflixxt``, ``amigo_rules_verflixxt_hoch``, ``amigo_rules_exxtra``), so
``pyspiel.load_game(name, params)`` and game strings such as
``"amigo_rules_verflixxt(players=3,preset=amigo)"`` work; `load_game` builds the game of a
`Rules` value. The parameters (`parameters` lists them with their defaults):

- ``players``: the number of players;
- ``preset`` (games with presets): the preset the other options start from;
- one parameter per other field of the game's ``Rules``: a ``True``/``False`` option is a
  bool; an optional integer is an int, 0 meaning None; every other option is a string:
  a name (``random``), ``none`` for None, or a tuple in brackets, items separated by
  spaces, numbers inside an item by colons (``[-1 L +3]``, ``[1 5]``,
  ``[-1:3:3 0:3:3 …]``). Over a preset an option counts where it differs from the
  ``Rules()`` default;
- ``max_game_length``: the move limit (chance outcomes included), 0 for the rules' own
  bound, or `DEFAULT_MAX_GAME_LENGTH` where the rules bound no game. A game that reaches it
  unfinished is terminal, its returns all zero, and its ``truncated`` is True.

Chance nodes are the game's own, setup included (``initial_state``); utilities are
``returns``. The observation (tensor and string) of player ``p`` is
``observation(state, p)``: its ``to_array()``, and its fields as text. The information
state adds perfect recall: its string ends with a digest of the sequence of ``p``'s own
observations and own actions since the initial state, so it tells apart exactly the
histories ``p`` can tell apart and holds nothing ``p`` never saw; its tensor is the
observation tensor. States serialize with OpenSpiel's own format for Python games (their
attributes pickled); `AgentBot` lets an amigo-rules agent play in OpenSpiel's
``evaluate_bots``.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Iterable
from enum import Enum
from types import ModuleType
from typing import Any

import attrs
import numpy as np
import pyspiel

from ..core import CHANCE, GAMES, TERMINAL, InformationSet, RulesError, decide, get_game
from ..core.checks import quote
from .episode import DEFAULT_MAX_GAME_LENGTH, Table, table

NAMES = {game: f"amigo_rules_{game}" for game in GAMES}
"""The name each game is registered under with pyspiel."""

LIMIT = "max_game_length"
"""The parameter of the move limit."""

_PLAYER_IDS = {CHANCE: int(pyspiel.PlayerId.CHANCE), TERMINAL: int(pyspiel.PlayerId.TERMINAL)}

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "GAME_CLASSES",
    "LIMIT",
    "NAMES",
    "AgentBot",
    "AmigoGame",
    "AmigoState",
    "load_game",
    "parameters",
    "params_for",
    "state_from_moves",
]


# --- parameters ---------------------------------------------------------------------------


def _encode(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, tuple):
        items = (":".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
        return "[" + " ".join(items) + "]"
    return str(value)


def _decode(text: str) -> Any:
    if text == "none":
        return None
    if text.startswith("[") and text.endswith("]"):
        return tuple(_item(token) for token in text[1:-1].split())
    return text


def _item(token: str) -> Any:
    if ":" in token:
        try:
            return tuple(int(x) for x in token.split(":"))
        except ValueError:
            raise RulesError(f"{quote(token)} is not integers separated by colons") from None
    return int(token) if token.isdigit() else token


def _to_param(field: attrs.Attribute[Any], value: Any) -> Any:
    kind: object = field.type  # a string: the Rules modules postpone their annotations
    if kind in ("bool", "int"):
        return value
    if kind == "int | None":
        return 0 if value is None else value
    return _encode(value)


def _from_param(field: attrs.Attribute[Any], value: Any) -> Any:
    kind: object = field.type  # a string: the Rules modules postpone their annotations
    if kind in ("bool", "int"):
        return value
    if kind == "int | None":
        return None if value == 0 else value
    if not isinstance(value, str):
        raise RulesError(f"parameter {quote(field.name)} must be a string, got {quote(value)}")
    return _decode(value)


def _options(module: ModuleType) -> tuple[attrs.Attribute[Any], ...]:
    return tuple(f for f in attrs.fields(module.Rules) if f.name != "players")


def parameters(game: str | ModuleType) -> dict[str, Any]:
    """Every parameter of ``game`` with its default (the game's default rules).

    >>> parameters("exxtra")
    {'players': 4, 'max_turns': 0, 'max_game_length': 0}
    """
    module = get_game(game)
    params: dict[str, Any] = {"players": module.Rules().players}
    presets = getattr(module, "PRESETS", None)
    if presets:
        params["preset"] = next(iter(presets))
    for field in _options(module):  # a field's own default: "not given" where it is None
        params[field.name] = _to_param(field, field.default)
    params[LIMIT] = 0
    return params


def params_for(game_table: Table) -> dict[str, Any]:
    """The parameters that load the game of ``game_table``: its rules in full, on the first
    preset, and its move limit.

    >>> from amigo_rules import verflixxt
    >>> rules = verflixxt.Rules.amigo(players=3)
    >>> params = params_for(table("verflixxt", rules))
    >>> params["players"], params["preset"], params["layout"], params["guards"]
    (3, 'classic', 'random', False)
    >>> params["max_game_length"] == verflixxt.spec(rules).max_game_length
    True
    """
    module, rules = game_table.module, game_table.rules
    params = parameters(module)
    params["players"] = rules.players
    for field in _options(module):
        params[field.name] = _to_param(field, getattr(rules, field.name))
    params[LIMIT] = game_table.max_game_length
    return params


def _table(module: ModuleType, params: dict[str, Any]) -> Table:
    """The `Table` that ``params`` (a full set, as pyspiel passes them) describe."""
    unknown = sorted(set(params) - set(parameters(module)))
    if unknown:
        raise RulesError(f"unknown parameters {unknown} for {NAMES[module.NAME]}")
    options = {f.name: _from_param(f, params[f.name]) for f in _options(module)}
    players = params["players"]
    presets = getattr(module, "PRESETS", None)
    if presets:
        preset = params["preset"]
        if preset not in presets:
            raise RulesError(f"unknown preset {quote(preset)}; the presets are "
                             f"{', '.join(presets)}")
        default = parameters(module)  # the default rules' values, resolved (VXV-10's layout)
        changed = {f.name: options[f.name] for f in _options(module)
                   if options[f.name] != _from_param(f, default[f.name])}
        rules = presets[preset](players=players, **changed)
    else:
        rules = module.Rules(players=players, **options)
    limit = params[LIMIT]
    return table(module, rules, None if limit == 0 else limit)


# --- the game -----------------------------------------------------------------------------


def _game_type(game_table: Table, registered: bool = False) -> pyspiel.GameType:
    """The `pyspiel.GameType` of a game; ``registered``: the one under which the game's name
    is registered (stochastic, imperfect information: the most any of its rules give)."""
    spec = game_table.spec
    kind = pyspiel.GameType
    chance = registered or spec.has_chance
    hidden = registered or spec.has_hidden_information
    return kind(
        short_name=NAMES[spec.game],
        long_name=f"amigo-rules {spec.game}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC if chance
        else kind.ChanceMode.DETERMINISTIC,
        information=kind.Information.IMPERFECT_INFORMATION if hidden
        else kind.Information.PERFECT_INFORMATION,
        utility=kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game_table.module),
    )


def _game_info(game_table: Table) -> pyspiel.GameInfo:
    spec = game_table.spec
    low, high = spec.returns_range
    return pyspiel.GameInfo(
        num_distinct_actions=spec.num_actions,
        max_chance_outcomes=spec.num_chance_outcomes if spec.has_chance else 0,
        num_players=spec.players,
        min_utility=low,
        max_utility=high,
        utility_sum=None,
        max_game_length=game_table.max_game_length,
    )


class AmigoGame(pyspiel.Game):
    """An amigo-rules game as a ``pyspiel.Game``; build it with `load_game` or
    ``pyspiel.load_game``.

    Utilities are general-sum: each winner's share of the win, all zero for a truncated
    game. ``max_game_length()`` is the move limit, which also bounds the chance outcomes.
    Each game has its subclass in `GAME_CLASSES`, registered with pyspiel.
    """

    game: str
    """The name of the game in ``amigo_rules.GAMES``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        module = get_game(self.game)
        self.table = _table(module, {**parameters(module), **(params or {})})
        """The game, its rules and its move limit (`Table`)."""
        super().__init__(_game_type(self.table), _game_info(self.table), params_for(self.table))
        self.initial = module.initial_state(self.table.rules)
        """The amigo-rules state before the setup (``initial_state``)."""

    def new_initial_state(self) -> AmigoState:
        """The game before its setup (``initial_state``): setup draws are chance nodes."""
        return AmigoState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> _Observer:
        """The observer OpenSpiel asks for: the observation, or with perfect recall the
        information state, of one player (public and that player's private information)."""
        return _Observer(self.table, iig_obs_type, params)


class AmigoState(pyspiel.State):
    """A state of an `AmigoGame`: ``position`` is the amigo-rules state, ``moves`` the
    moves made (chance outcomes included)."""

    def __init__(self, game: AmigoGame) -> None:
        super().__init__(game)
        self.table = game.table
        """The game, its rules and its move limit, shared with the `AmigoGame`."""
        self.position = game.initial
        """The amigo-rules state."""
        self.moves = 0
        """How many moves were made, chance outcomes and the setup included."""
        self.trail: _Trail | None = _Trail(None, -1, CHANCE, game.initial)
        """The states and actions so far, newest first (for perfect-recall information states)."""

    @property
    def truncated(self) -> bool:
        """The move limit ended the game before its rules did."""
        return self.moves >= self.table.max_game_length and not self.table.module.is_terminal(
            self.position
        )

    def current_player(self) -> int:
        """The player to move, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL`` (also at the move
        limit)."""
        if self.moves >= self.table.max_game_length:
            return _PLAYER_IDS[TERMINAL]
        player: int = self.table.module.current_player(self.position)
        return _PLAYER_IDS.get(player, player)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.module.legal_action_ids(self.position).tolist())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, ``(action id, probability)`` of every outcome."""
        module = self.table.module
        ids = module.legal_action_ids(self.position).tolist()
        outcomes = module.chance_outcomes(self.position)
        return [(i, float(p)) for i, (_, p) in zip(ids, outcomes, strict=True)]

    def _apply_action(self, action: int) -> None:
        module = self.table.module
        move = module.move_for_action(self.position, action)
        actor = module.current_player(self.position)
        self.position = module.apply(self.position, move)
        self.moves += 1
        self.trail = _Trail(self.trail, action, actor, self.position)

    def _action_to_string(self, player: int, action: int) -> str:
        """The move's notation where ``action`` is legal, else ``"id <action>"``."""
        module = self.table.module
        here = module.current_player(self.position)
        if _PLAYER_IDS.get(here, here) == player:
            try:
                return str(module.move_for_action(self.position, action))
            except ValueError:
                pass
        return f"id {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over or has reached the move limit."""
        return self.moves >= self.table.max_game_length or self.table.module.is_terminal(
            self.position
        )

    def returns(self) -> list[float]:
        """Each player's share of the win (all zero before the end and for a truncated game)."""
        return list(self.table.module.returns(self.position))

    def __str__(self) -> str:
        """The amigo-rules state as its JSON document (``to_json``)."""
        text: str = self.table.module.to_json(self.position)
        return text

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> AmigoState:
        """A state ``player_id`` cannot tell apart from this one given everything they saw
        since the initial state (their `amigo_rules.core.InformationSet` along the path),
        drawn with the uniform ``probability_sampler()`` (OpenSpiel's ISMCTS passes
        ``pyspiel.UniformProbabilitySampler``). It has this state's history: only the
        hidden part of the position differs."""
        if self.trail is None:
            self.trail = _replayed(self)
        trail = self.trail
        rng = np.random.default_rng(int(probability_sampler() * 2**63))
        position = _memory(self, player_id).sample(rng)
        resampled: AmigoState = self.clone()
        resampled.position = position
        resampled.trail = _Trail(trail.parent, trail.action, trail.actor, position)
        return resampled


# --- observations and information states -------------------------------------------------


class _Trail:
    """The path to a state, shared by its clones, with each player's recall digest once
    asked for. A pickled trail is dropped, and rebuilt from ``history()`` when needed."""

    __slots__ = ("action", "actor", "digests", "memories", "parent", "position")

    def __init__(self, parent: _Trail | None, action: int, actor: int, position: Any) -> None:
        self.parent = parent
        self.action = action
        self.actor = actor
        self.position = position
        self.digests: dict[int, bytes] = {}
        self.memories: dict[int, InformationSet] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> _Trail:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _dropped, ()


def _dropped() -> None:
    return None


def _replayed(state: AmigoState) -> _Trail:
    module = state.table.module
    position = module.initial_state(state.table.rules)
    trail = _Trail(None, -1, CHANCE, position)
    for action in state.history():
        actor = module.current_player(position)
        position = module.apply(position, module.move_for_action(position, action))
        trail = _Trail(trail, action, actor, position)
    return trail


def _recall(state: AmigoState, player: int) -> bytes:
    """A digest of ``player``'s observations along the path to ``state`` and of their own
    actions: equal for two states exactly when ``player`` saw the same things."""
    if state.trail is None:
        state.trail = _replayed(state)
    observation = state.table.module.observation
    chain = []
    node: _Trail | None = state.trail
    while node is not None and player not in node.digests:
        chain.append(node)
        node = node.parent
    digest = b"" if node is None else node.digests[player]
    for node in reversed(chain):
        hasher = hashlib.blake2b(digest, digest_size=16)
        if node.actor == player:
            hasher.update(b"action %d;" % node.action)
        hasher.update(repr(observation(node.position, player)).encode())
        digest = node.digests[player] = hasher.digest()
    return digest


def _memory(state: AmigoState, player: int) -> InformationSet:
    """``player``'s information set at ``state``: every observation along the path and
    their own moves, kept on the trail (a copy per node, built from the nearest ancestor's)."""
    module = state.table.module
    chain = []
    node: _Trail | None = state.trail
    while node is not None and player not in node.memories:
        chain.append(node)
        node = node.parent
    memory = InformationSet(module, player) if node is None else node.memories[player]
    for node in reversed(chain):
        memory = copy.copy(memory)
        parent = node.parent
        if parent is not None and node.actor == player:
            memory.act(module.move_for_action(parent.position, node.action))
        memory.observe(module.observation(node.position, player))
        node.memories[player] = memory
    return memory


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return "(" + " ".join(map(_text, value)) + ")"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def observation_text(observation: Any) -> str:
    """An observation's fields, one per line, its rules left out (they never change)."""
    return "\n".join(
        f"{field.name} {_text(getattr(observation, field.name))}"
        for field in attrs.fields(type(observation))
        if field.name != "rules"
    )


class _Observer:
    """OpenSpiel's observer protocol over ``observation(state, player)``."""

    def __init__(
        self, game_table: Table, iig_obs_type: pyspiel.IIGObservationType | None, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {quote(params)}")
        if iig_obs_type is not None and not (
            iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only observations of the public and one player's private information are "
                f"supported, got {iig_obs_type}"
            )
        self.recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.observation = game_table.module.observation
        self.tensor = np.zeros(game_table.spec.observation_shape, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AmigoState, player: int) -> None:
        self.tensor[:] = self.observation(state.position, player).to_array()

    def string_from(self, state: AmigoState, player: int) -> str:
        text = observation_text(self.observation(state.position, player))
        if self.recall:
            text += f"\nrecall {_recall(state, player).hex()}"
        return text


# --- agents as bots, loading, registration ------------------------------------------------


class AgentBot(pyspiel.Bot):
    """An amigo-rules agent as an OpenSpiel bot: it sees ``observation(state, player)`` and
    the legal moves, never the state, and answers with a move."""

    def __init__(self, agent: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = agent
        """The amigo-rules agent: a callable or an object with ``act``."""

    def step(self, state: AmigoState) -> int:
        """The action the agent chooses from the observation of the player to move."""
        module, position = state.table.module, state.position
        legal = module.legal_moves(position)
        observation = module.observation(position, state.current_player())
        action: int = module.action_id(position, decide(self.agent, observation, legal))
        return action

    def restart_at(self, state: AmigoState) -> None:
        """Nothing to do: the agent keeps no record of the game."""

    def inform_action(self, state: AmigoState, player_id: int, action: int) -> None:
        """Nothing to do: the agent sees each decision's observation afresh."""


def state_from_moves(game: AmigoGame, moves: Iterable[Any]) -> AmigoState:
    """The state of ``game`` after the amigo-rules ``moves`` (chance outcomes included)
    from its initial state, the setup's chance nodes included (``initial_state``): an
    OpenSpiel state with its whole history, so its information states and
    `AmigoState.resample_from_infostate` hold. A move illegal where it comes is an
    `amigo_rules.IllegalMoveError`.

    >>> from amigo_rules import verflixxt
    >>> rules = verflixxt.Rules.classic(players=2)  # a setup without chance
    >>> record = verflixxt.apply(verflixxt.new_game(rules), verflixxt.Roll(3))
    >>> state = state_from_moves(load_game("verflixxt", rules), [verflixxt.Roll(3)])
    >>> state.position == record, state.history()
    (True, [2])
    """
    state = game.new_initial_state()
    module = state.table.module
    for move in moves:
        state.apply_action(module.action_id(state.position, move))
    return state


def load_game(
    game: str | ModuleType, rules: Any = None, *, max_game_length: int | None = None
) -> AmigoGame:
    """The ``pyspiel.Game`` of ``game`` (a name of ``amigo_rules.GAMES`` or its module) under
    ``rules`` (None: the game's default rules), stopped after ``max_game_length`` moves
    (None: the rules' own bound, or `DEFAULT_MAX_GAME_LENGTH`).

    >>> from amigo_rules import verflixxt
    >>> rules = verflixxt.Rules.amigo(players=2)
    >>> game = load_game("verflixxt", rules)
    >>> game.num_players(), game.num_distinct_actions() == verflixxt.num_actions(rules)
    (2, True)
    >>> str(game) == str(pyspiel.load_game(str(game)))
    True
    """
    game_table = table(game, rules, max_game_length)
    loaded: AmigoGame = pyspiel.load_game(NAMES[game_table.module.NAME], params_for(game_table))
    return loaded


GAME_CLASSES = {
    game: type(f"AmigoGame_{game}", (AmigoGame,), {"game": game, "__module__": __name__})
    for game in GAMES
}
"""The `AmigoGame` class of each game, as registered with pyspiel (a class, not a closure:
pyspiel keeps its creators until after the interpreter has shut down)."""

for _game, _class in GAME_CLASSES.items():
    pyspiel.register_game(_game_type(table(_game), registered=True), _class)
