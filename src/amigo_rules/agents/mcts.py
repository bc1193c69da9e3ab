"""Monte Carlo tree search for every game, through the game protocol alone.

`MCTSAgent` is UCT for any number of players: each tree node keeps the total return of
every player, and selection at a decision maximises the acting player's mean plus the UCB1
exploration term. Chance nodes are sampled by their exact probabilities. Hidden information
is searched as single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and
Whitehouse 2012): each simulation starts from its own determinisation, drawn from the
agent's `amigo_rules.core.InformationSet` (the states consistent with everything it has
seen this game, its own moves included: perfect recall), one tree is shared by all of
them, and since the legal moves at a node differ between determinisations, a child's
exploration term counts the simulations in which it was *available* instead of the
parent's visits. The agent never
sees the true state: only the observation and the legal moves it is given.

Rollouts leave the tree by a policy and are cut off after a few moves, where the game's
evaluation scores the position; a game may also bring a prior that biases the selection
towards the moves its heuristic ranks high (a bias that fades with the visits, down to a
floor that does not: EXXtra's). `amigo_rules.agents.playouts` holds this knowledge per
game, with the defaults that measured best (the bot authors' page).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

import numpy as np

from ..core import (
    CHANCE,
    TERMINAL,
    ArgumentError,
    InformationSet,
    RulesError,
    checks,
    game_of,
    get_game,
)
from ..core.chance import draw_outcome
from .playouts import (
    EVALUATIONS,
    POLICY_NAMES,
    Evaluation,
    Policy,
    evaluation_for,
    policy_for,
    prior_for,
    search_defaults,
)


def _game_of(observation: Any) -> ModuleType:
    """`game_of` the observation, its error telling the caller to name the game."""
    try:
        return game_of(observation)
    except RulesError as error:
        raise RulesError(f"{error}: pass game= to MCTSAgent") from None


class Node:
    """A node of the search tree: its children by move, the priors of its moves (with a
    prior), and for the edge into it the visits, the total return of every player, the
    simulations it was available in and its progressive bias."""

    __slots__ = ("available", "bias", "children", "priors", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, Node] = {}
        self.priors: dict[Any, float] | None = None
        self.visits = 0
        self.available = 0
        self.bias = 0.0
        self.totals = [0.0] * players


class MCTSAgent:
    """UCT / information-set MCTS with ``simulations`` simulations per decision.

    Args:
        seed: seeds every random choice: the same seed, observations and legal moves give
            the same moves.
        simulations: simulations per decision (a decision with one legal move is answered
            without search).
        game: the game module or name; by default found from the observation (`game_of`).
        rollout: the policy after the tree: ``"random"``, a name of the game's policies in
            `amigo_rules.agents.playouts` (``"greedy"``), or a callable
            ``policy(state, moves, random) -> move`` (``random()`` is uniform in [0, 1)).
            Default: the game's own default.
        depth: moves a rollout plays (chance outcomes included) before it is cut off and
            scored by the game's evaluation; ``None`` plays to the end. Default: the
            game's own default.
        exploration: the UCB1 constant ``c`` of ``mean + c * sqrt(ln(available) / visits)``
            (returns lie in [0, 1]). Default: the game's own default.
        prior: the weight ``w`` of the game's prior (`amigo_rules.agents.playouts.PRIORS`):
            a child whose move the prior ranks best gets the progressive bias
            ``w * max(1 / (visits + 1), floor)`` (the others less, down to 0 for the
            worst), and new children are tried best-ranked first. 0 turns it off; a game
            without a prior ignores it. Default: the game's own default.
        floor: the share of the prior's weight that never fades, in [0, 1]: 0 is the
            classic progressive bias, which more simulations outvote; 1 a bias that does
            not fade at all. Default: the game's own default.
        evaluation: how a rollout cut off before the end is scored: ``"softmax"``,
            ``"fitted"`` or ``"learned"`` (`amigo_rules.agents.playouts.evaluation_for`);
            ``"learned"`` takes the prior from the learned value too. Default: the game's
            own default.
        memory: draw the determinisations from what the agent has seen this game (an
            `amigo_rules.core.InformationSet` fed with every observation and own move;
            ``False``: from the current observation alone, ``sample_state``). A new game
            is noticed when its observation cannot follow the last one; `reset` says so
            at once.

    After each search, ``stats`` holds ``simulations``, ``seconds`` and the root's
    ``visits`` per move.

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.apply(verflixxt.new_game(seed=1), verflixxt.Roll(6))
    >>> agent = MCTSAgent(seed=0, simulations=50)
    >>> agent.act(verflixxt.observation(state, 0), verflixxt.legal_moves(state))
    Step(piece='pawn', position=0)
    """

    name = "mcts"
    """The registry name."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        simulations: int = 400,
        game: str | ModuleType | None = None,
        rollout: str | Policy | None = None,
        depth: int | str | None = "default",
        exploration: float | None = None,
        prior: float | None = None,
        floor: float | None = None,
        evaluation: str | None = None,
        memory: bool = True,
    ) -> None:
        simulations = checks.positive(simulations, "simulations")
        if depth != "default" and depth is not None:
            depth = checks.integer(depth, "depth (None, 'default' or an integer)")
            if depth < 0:
                raise RulesError(f"depth must be None or at least 0, got {depth}")
        exploration, prior = (None if n is None else checks.real(n, label)
                              for label, n in (("exploration", exploration), ("prior", prior)))
        for label, number in (("exploration", exploration), ("prior", prior)):
            if number is not None and not number >= 0:
                raise RulesError(f"{label} must be at least 0, got {number}")
        if not (rollout is None or callable(rollout) or type(rollout) is str):
            raise ArgumentError(f"rollout must be a policy name or a callable, got "
                                f"{checks.type_name(rollout)}")
        if type(rollout) is str and rollout not in POLICY_NAMES:
            raise RulesError(f"rollout must be a callable or one of {', '.join(POLICY_NAMES)}, "
                             f"got {checks.quote(rollout)}")
        self.simulations = simulations
        """Simulations per decision."""
        if not (game is None or type(game) is str or hasattr(game, "legal_moves")):
            raise ArgumentError(f"game must be None, a game's name or its module, got "
                                f"{checks.type_name(game)}")
        self.game = get_game(game) if isinstance(game, str) else game
        """The game module, or None to take it from each observation."""
        self.rollout = rollout
        """The rollout policy: ``"random"``, ``"greedy"``, a callable, or None for the game's
        default."""
        self.depth = depth
        """Moves a rollout plays before the evaluation; None plays to the end, ``"default"`` takes
        the game's."""
        self.exploration = exploration
        """The UCT exploration constant, or None for the game's default."""
        self.prior = prior
        """The weight of the game's prior (progressive bias), or None for the game's default."""
        self.rng = np.random.default_rng(checks.seed(seed))
        """The numpy generator of the search (determinisations, ties)."""
        self.random = random.Random(int(self.rng.integers(2**63)))
        """A ``random.Random`` seeded from ``rng``, for the rollouts' cheap draws."""
        if floor is not None:
            floor = checks.real(floor, "floor")
            if not 0 <= floor <= 1:
                raise RulesError(f"floor must be between 0 and 1, got {floor}")
        self.floor = floor
        """The share of the prior's weight that never fades, or None for the game's
        default."""
        if evaluation is not None and not isinstance(evaluation, str):
            raise ArgumentError(f"evaluation must be None or one of {', '.join(EVALUATIONS)}, "
                                f"got {checks.type_name(evaluation)}")
        if evaluation is not None and evaluation not in EVALUATIONS:
            raise RulesError(f"evaluation must be one of {', '.join(EVALUATIONS)}, got "
                             f"{checks.quote(evaluation)}")
        self.evaluation = evaluation
        """The cut-off evaluation's kind, or None for the game's default."""
        if type(memory) is not bool:
            raise ArgumentError(f"memory must be True or False, got {checks.quote(memory)}")
        self.memory = memory
        """Whether determinisations come from what the agent saw this game (`InformationSet`)."""
        self.stats: dict[str, Any] = {}
        """The last search: ``simulations``, ``seconds`` and the root's ``visits`` per move."""
        self._recall: InformationSet | None = None
        self._player = 0
        self._setups: dict[int, tuple[Any, ...]] = {}

    @classmethod
    def from_params(cls, *params: str, seed: int | None = None) -> MCTSAgent:
        """The agent of a registry name
        ``mcts:SIMULATIONS[:ROLLOUT[:DEPTH[:EXPLORATION[:PRIOR[:EVALUATION]]]]]``:
        ``"mcts:400"``, ``"mcts:400:random"``, ``"mcts:1600:greedy:full"``,
        ``"mcts:400:random:10:0.3:2"``, ``"mcts:400:default:20:default:default:learned"``.
        ``full`` plays rollouts to the end; an omitted parameter, or ``default``, takes the
        game's default.

        >>> MCTSAgent.from_params("100", "random", "12").depth
        12
        """
        if not 1 <= len(params) <= 6:
            raise ValueError("expected mcts:SIMULATIONS[:ROLLOUT[:DEPTH[:EXPLORATION[:PRIOR"
                             "[:EVALUATION]]]]]")
        given = [None if p == "default" else p for p in params[1:]] + [None] * (6 - len(params))
        rollout, depth, exploration, prior, evaluation = given
        return cls(
            seed,
            simulations=int(params[0]),
            rollout=rollout,
            depth="default" if depth is None else None if depth == "full" else int(depth),
            exploration=None if exploration is None else float(exploration),
            prior=None if prior is None else float(prior),
            evaluation=evaluation,
        )

    def act(self, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        """The move the search visited most (a single legal move is answered at once)."""
        recall = self._remember(observation)
        move = legal_moves[0] if len(legal_moves) == 1 else self._decide(observation, legal_moves)
        if recall is not None:
            recall.act(move)
        return move

    def reset(self) -> None:
        """Forget the game so far: the next observation starts a new game."""
        self._recall = None

    @property
    def information_set(self) -> InformationSet | None:
        """What the agent remembers of the game under way (None: nothing yet, or
        ``memory=False``)."""
        return self._recall

    def _remember(self, observation: Any) -> InformationSet | None:
        """The agent's information set, given ``observation`` (None without memory)."""
        if not self.memory:
            return None
        recall = self._recall
        if recall is None or getattr(observation, "viewer", recall.seat) != recall.seat or (
            recall.game is not self._configure(observation)[0]
        ):
            game = self._configure(observation)[0]
            recall = self._recall = InformationSet(game, getattr(observation, "viewer", 0))
        recall.observe(observation)
        return recall

    def _decide(self, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        start = time.perf_counter()
        root = self.search(observation)
        visits = {m: (c.visits, c.totals) for m, c in root.children.items() if m in legal_moves}
        if not visits:  # every simulation followed another determinisation's moves
            return legal_moves[int(self.rng.integers(len(legal_moves)))]
        player = self._player
        best = max(visits, key=lambda m: (visits[m][0], visits[m][1][player]))
        self.stats = {
            "simulations": self.simulations,
            "seconds": time.perf_counter() - start,
            "visits": {str(m): n for m, (n, _) in visits.items()},
        }
        return best

    __call__ = act

    def _configure(self, observation: Any) -> tuple[Any, ...]:
        """The game of ``observation`` and this agent's settings for it (kept per game)."""
        game = self.game if self.game is not None else _game_of(observation)
        setup = self._setups.get(id(game))
        if setup is None or setup[0] is not game:
            defaults = search_defaults(game)
            rollout = defaults.rollout if self.rollout is None else self.rollout
            depth = defaults.depth if self.depth == "default" else self.depth
            c = defaults.exploration if self.exploration is None else self.exploration
            weight = defaults.prior if self.prior is None else self.prior
            floor = defaults.floor if self.floor is None else self.floor
            policy = policy_for(game, rollout)
            kind = defaults.evaluation if self.evaluation is None else self.evaluation
            evaluation = None if depth is None else evaluation_for(game, kind=kind)
            prior = prior_for(game, kind) if weight else None
            setup = self._setups[id(game)] = (game, policy, depth, evaluation, c, prior, weight,
                                              floor)
        return setup

    def search(self, observation: Any) -> Node:
        """Run the simulations from ``observation`` (its determinisations drawn from the
        agent's memory when ``observation`` is the last it was given); return the root of
        the tree."""
        game, policy, depth, evaluate, c, prior, weight, floor = self._configure(observation)
        recall = self._recall
        sample: Callable[[np.random.Generator], Any] = (
            recall.sample if recall is not None and recall.observation is observation
            else partial(game.sample_state, observation)
        )
        current_player = game.current_player
        legal_moves, chance_outcomes, apply = game.legal_moves, game.chance_outcomes, game.apply
        returns = game.returns
        rng = self.rng
        rand = self.random.random
        randrange = self.random.randrange
        log, sqrt = math.log, math.sqrt
        first = sample(rng)
        self._player = current_player(first)
        players = len(returns(first))
        root = Node(players)
        for simulation in range(self.simulations):
            state = first if simulation == 0 else sample(rng)
            node = root
            path: list[Node] = []
            while True:  # selection down the tree, then one expansion
                player = current_player(state)
                if player == CHANCE:
                    move = draw_outcome(chance_outcomes(state), randrange)
                    child = node.children.get(move)
                    if child is None:
                        child = node.children[move] = Node(players)
                    node = child
                    state = apply(state, move)
                    continue
                if player == TERMINAL:
                    break
                children = node.children
                fresh = []
                best = None
                best_value = -math.inf
                moves = legal_moves(state)
                for move in moves:
                    child = children.get(move)
                    if child is None:
                        fresh.append(move)
                        continue
                    child.available += 1
                    if not fresh:
                        visits = child.visits
                        value = child.totals[player] / visits + c * sqrt(
                            log(child.available) / visits
                        )
                        if prior is not None:
                            fade = 1 / (visits + 1)
                            value += child.bias * (fade if fade > floor else floor)
                        if value > best_value:
                            best, best_value = move, value
                if fresh:
                    child = Node(players)
                    if prior is None:
                        move = fresh[int(rand() * len(fresh))]
                    else:
                        priors = node.priors
                        if priors is None:  # ranked in the first determinisation seen here
                            priors = node.priors = dict(zip(moves, prior(state, moves),
                                                            strict=True))
                        move = max(fresh, key=lambda m: priors.get(m, 0.0))
                        child.bias = weight * priors.get(move, 0.0)
                    children[move] = child
                    child.available = 1
                    path.append(child)
                    state = apply(state, move)
                    break
                node = children[best]
                path.append(node)
                state = apply(state, best)
            reward = self._rollout(game, state, policy, depth, evaluate)
            for node in path:
                node.visits += 1
                totals = node.totals
                for p in range(players):
                    totals[p] += reward[p]
        return root

    def _rollout(
        self,
        game: ModuleType,
        state: Any,
        policy: Policy | None,
        depth: int | None,
        evaluate: Evaluation | None,
    ) -> tuple[float, ...]:
        """Play from ``state`` by ``policy`` for ``depth`` moves (or to the end); the returns,
        or the evaluation of the state where the rollout stopped."""
        current_player, legal_moves = game.current_player, game.legal_moves
        chance_outcomes, apply = game.chance_outcomes, game.apply
        rand = self.random.random
        randrange = self.random.randrange
        left = -1 if depth is None else depth
        while left:
            player = current_player(state)
            if player == TERMINAL:
                ended: tuple[float, ...] = game.returns(state)
                return ended
            if player == CHANCE:
                move = draw_outcome(chance_outcomes(state), randrange)
            else:
                moves = legal_moves(state)
                move = moves[int(rand() * len(moves))] if policy is None else policy(
                    state, moves, rand
                )
            state = apply(state, move)
            left -= 1
        if current_player(state) == TERMINAL:
            ended = game.returns(state)
            return ended
        assert evaluate is not None
        return evaluate(state)

