"""Playing a whole game between agents, and the replayable record it leaves."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, cast

import attrs
import numpy as np

from . import checks, jsonio
from .chance import sample_chance
from .checks import cut, quote, type_name
from .errors import AgentError, ArgumentError, IllegalMoveError, RulesError, StateError
from .nodes import CHANCE, TERMINAL
from .registry import get_game


def agent_name(agent: Any) -> str:
    """A readable name for an agent: its ``name`` attribute, else its class or function."""
    name = getattr(agent, "name", None)
    if isinstance(name, str):
        return name
    return getattr(agent, "__name__", None) or type(agent).__name__


def decide(agent: Any, observation: Any, legal: tuple[Any, ...]) -> Any:
    """Ask ``agent`` (a callable or an object with ``.act``) for a move."""
    act = getattr(agent, "act", None)
    return act(observation, legal) if act is not None else agent(observation, legal)


@attrs.frozen
class GameRecord:
    """A finished (or truncated) game: enough to replay it move by move."""

    game: str
    """The game's name in ``amigo_rules.GAMES``."""
    rules: Any
    """The game's ``Rules``."""
    seed: int
    """The seed of the setup (``new_game``) and of the chance generator."""
    moves: tuple[Any, ...]
    """Every move in order, chance outcomes included."""
    final_state: Any = attrs.field(eq=False, repr=False)
    """The state after the last move."""
    agents: tuple[str, ...] = ()
    """The agents' names, one per player (empty for a replayed record)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners of the final state."""
        winners: tuple[int, ...] = get_game(self.game).winners(self.final_state)
        return winners

    @property
    def score(self) -> tuple[int, ...]:
        """The scores of the final state."""
        score: tuple[int, ...] = get_game(self.game).score(self.final_state)
        return score

    def to_json(self) -> str:
        """The record as versioned JSON, moves in their notation."""
        return jsonio.dump(
            "record",
            self.game,
            {
                "rules": jsonio.rules_to_data(self.rules),
                "seed": self.seed,
                "agents": list(self.agents),
                "moves": [str(m) for m in self.moves],
            },
        )

    @classmethod
    def from_json(cls, text: str, game: str | None = None) -> GameRecord:
        """Rebuild a record by replaying every move through ``apply``.

        Raises `StateError` if the document is malformed, names another number of agents
        than players (none is allowed) or a move is not legal where it stands.
        """
        if game is None:
            game = _peek_game(text)
        module = get_game(game)
        data = jsonio.load(text, "record", module.NAME, ("rules", "seed", "agents", "moves"))
        rules = jsonio.rules_from_data(module.Rules, data["rules"])
        seed = jsonio.field(data, "seed", jsonio.integer)
        try:
            checks.seed(seed)
        except RulesError as exc:
            raise StateError(f"field 'seed': {exc}") from None
        agents = jsonio.field(data, "agents", jsonio.array(jsonio.string))
        if agents and len(agents) != rules.players:
            raise StateError(f"field 'agents': {len(agents)} names for {rules.players} "
                             "players (one per player, or none)")
        texts = jsonio.field(data, "moves", jsonio.array(jsonio.string))
        state = module.new_game(rules, seed=seed)
        moves = []
        for index, text_move in enumerate(texts):
            try:
                move = module.parse_move(state, text_move)
                state = module.apply(state, move)
            except IllegalMoveError as exc:
                raise StateError(
                    f"move {index} ({quote(text_move)}) does not replay: {exc}"
                ) from None
            moves.append(move)
        return cls(module.NAME, rules, seed, tuple(moves), state, agents)


def _peek_game(text: str) -> str:
    game = jsonio.parse(text).get("game")
    if not isinstance(game, str):
        raise StateError("the record names no game")
    try:
        name: str = get_game(game).NAME
    except RulesError as exc:
        raise StateError(str(exc)) from None
    return name


def chance_rng(seed: int) -> np.random.Generator:
    """The chance generator of ``play`` for ``seed`` (independent of the setup stream)."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(1,)))


def play(
    game: str | ModuleType,
    agents: Sequence[Any],
    rules: Any = None,
    *,
    seed: int | None = None,
    max_moves: int | None = None,
) -> GameRecord:
    """Play one game of ``game`` between ``agents`` (one per player) and return its record.

    Setup randomness comes from ``seed``, chance nodes from a generator derived from it: the
    same seed and agents give the same game. ``max_moves`` stops a game after that many moves
    of the record, chance outcomes included (the setup, which ``new_game`` makes from the
    seed, is not a move of the record); its final state is then not terminal. An agent that
    raises or returns an illegal move ends the game with an `AgentError` naming it; the
    error carries the record so far.

    An agent (or the ``listener`` attribute of a wrapper around one) with a ``seated``
    method is told of the table: ``seated(game, state, seat, seed)`` before the first move
    (so its ``name`` may change), ``moved(before, move, after, move_number, events)`` after
    every move (``events``: what it did, all shown, as ``apply_events`` gives them, worked
    out once for every listener), ``finished(state, reason)`` at the end (``"rules"``,
    ``"truncated"`` or ``"forfeit"``). The seat protocol's engines use it.
    """
    module = get_game(game)
    if not isinstance(agents, Sequence) or isinstance(agents, str):
        raise ArgumentError(f"agents must be a list of agents, one per player, got "
                            f"{type_name(agents)}")
    if max_moves is not None:
        max_moves = checks.integer(max_moves, "max_moves")
        if max_moves < 0:
            raise RulesError(
                f"max_moves must be None or a non-negative integer, got {quote(max_moves)}"
            )
    seed = checks.seed(seed)
    if seed is None:
        # a SeedSequence made without entropy draws an int of its own
        seed = cast(int, np.random.SeedSequence().entropy) % 2**63
    state = module.new_game(rules, seed=seed)
    rules = state.rules
    players = rules.players
    if len(agents) != players:
        raise RulesError(f"{players} players need {players} agents, got {len(agents)}")
    listeners = [(seat, hooks) for seat, agent in enumerate(agents)
                 if hasattr(hooks := getattr(agent, "listener", agent), "seated")]
    for seat, hooks in listeners:
        hooks.seated(module.NAME, state, seat, seed)
    names = tuple(agent_name(a) for a in agents)
    rng = chance_rng(seed)
    moves: list[Any] = []
    current_player = module.current_player
    while (player := current_player(state)) != TERMINAL:
        if max_moves is not None and len(moves) >= max_moves:
            break
        if player == CHANCE:
            move = sample_chance(module, state, rng)
        else:
            legal = module.legal_moves(state)
            cause = None
            try:
                move = decide(agents[player], module.observation(state, player), legal)
                failure = None if move in legal else f"returned the illegal move {quote(move)}"
            except Exception as exc:  # an agent's bug must not lose the game so far
                failure, cause = f"raised {type(exc).__name__}: {cut(str(exc))}", exc
            if failure is not None:
                for _, hooks in listeners:
                    hooks.finished(state, "forfeit")
                record = GameRecord(module.NAME, rules, seed, tuple(moves), state, names)
                raise AgentError(
                    f"agent {quote(names[player])} (player {player}) {failure}",
                    agent=names[player],
                    player=player,
                    record=record,
                ) from cause
        if listeners:
            after, events = module.apply_events(state, move)
            for _, hooks in listeners:
                hooks.moved(state, move, after, len(moves), events)
        else:
            after = module.apply(state, move)
        state = after
        moves.append(move)
    for _, hooks in listeners:
        hooks.finished(state, "rules" if player == TERMINAL else "truncated")
    return GameRecord(module.NAME, rules, seed, tuple(moves), state, names)
