"""The greedy Verflixxt hoch² agent: legal moves only, and clearly better than random."""

import attrs
import pytest

import amigo_rules
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.agents import AGENTS, RandomAgent, VerflixxtHochGreedyAgent, make_agent
from amigo_rules.core import decide
from amigo_rules.verflixxt_hoch import FRESH_HAND
from amigo_rules.verflixxt_hoch.tiles import CARDS


def test_registered_by_name():
    assert AGENTS["verflixxt_hoch"]["random"] is RandomAgent
    assert AGENTS["verflixxt_hoch"]["greedy"] is VerflixxtHochGreedyAgent
    agent = make_agent("greedy", "verflixxt_hoch", seed=1)
    assert isinstance(agent, VerflixxtHochGreedyAgent) and agent.name == "greedy"


@pytest.mark.parametrize("options", [{}, {"attack": True, "action_tiles": True}])
def test_plays_legal_moves_only(options):
    rules = ho.Rules(players=3, **options)
    for seed in range(3):
        state = ho.new_game(rules, seed=seed)
        agent = VerflixxtHochGreedyAgent(seed=seed)
        rng = amigo_rules.core.chance_rng(seed)
        while not ho.is_terminal(state):
            legal = ho.legal_moves(state)
            if ho.current_player(state) == amigo_rules.CHANCE:
                move = amigo_rules.core.chance.sample_chance(ho, state, rng)
            else:
                move = decide(agent, ho.observation(state, state.player), legal)
                assert move in legal
            state = ho.apply(state, move)


def test_takes_the_lucky_hat_and_sheds_the_cursed_cap():
    agent = VerflixxtHochGreedyAgent(seed=0)
    state = ho.new_game(ho.Rules(players=2), seed=3)
    obs = ho.observation(state, 0)
    assert agent.hat_value(obs, ho.HatMove("take", "lucky")) > 0
    assert agent.hat_value(obs, ho.HatMove("take", "cursed")) < 0
    cursed = ho.observation(attrs.evolve(state, arrived_hat=2), 0)  # the mover wears the cap
    assert agent.hat_value(cursed, ho.HatMove("give", "1")) > 0
    assert agent.hat_value(cursed, ho.HatMove("swap")) > 0


@pytest.mark.parametrize("options", [{}, {"action_tiles": True, "attack": True}])
def test_beats_three_random_agents(options):
    """Measured over 200 games per setting: 53.5 % (base) and 72 % (with both options)
    against 25 % for a random seat; the test asks for 37 % over 100 games."""
    rules = ho.Rules(players=4, **options)
    games = 100
    wins = 0.0
    for g in range(games):
        seat = g % 4
        agents = [VerflixxtHochGreedyAgent(seed=g) if p == seat else RandomAgent(seed=1000 * g + p)
                  for p in range(4)]
        final = amigo_rules.play(ho, agents, rules, seed=g).final_state
        winners = ho.winners(final)
        wins += (seat in winners) / len(winners)
    assert wins / games >= 0.37


def test_a_pair_of_zeros_attacks_to_trade_both_cards():
    """HO-ATTACK-1 with two 0s pushes nobody but replaces both cards, where a single 0
    replaces one: the greedy agent prefers the attack."""
    state = ho.new_game(ho.Rules(players=2, attack=True), seed=3)  # every pawn on the start
    pile = list(state.pile)
    for card in state.hands[0]:
        pile[CARDS.index(card)] += 1
    for card in ("0y", "0o"):
        pile[CARDS.index(card)] -= 1
    state = attrs.evolve(state, hands=(("0y", "0o"), state.hands[1]), pile=tuple(pile))
    assert ho.from_json(ho.to_json(state)) == state
    legal = ho.legal_moves(state)
    assert [str(m) for m in legal] == ["card 0y", "card 0o", "attack 0"]
    agent = VerflixxtHochGreedyAgent(seed=0)
    obs = ho.observation(state, 0)
    assert [agent.value(obs, m) for m in legal] == [0.0, 0.0, FRESH_HAND]
    assert str(agent.act(obs, legal)) == "attack 0"
