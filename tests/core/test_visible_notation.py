"""`visible_notation`: a move's notation as a seat may see it (hidden exactly where the
narration hides a chance outcome from that seat)."""

from __future__ import annotations

import pytest

import amigo_rules
from amigo_rules import exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import ArgumentError, RulesError, chance_rng, sample_chance
from amigo_rules.verflixxt_hoch import Deal, Draw

CONFIGS = [
    (verflixxt, verflixxt.Rules(hidden_tiles=True, players=3)),
    (verflixxt, verflixxt.Rules.amigo(towers="hidden", players=3)),
    (verflixxt, verflixxt.Rules.amigo_pro(towers="top", players=3)),
    (verflixxt, verflixxt.Rules.amigo_pro(tactical_cards=True, players=2)),
    (ho, ho.Rules(players=3)),
    (exxtra, exxtra.Rules(players=3)),
]


def random_steps(module, rules, seed):
    rng = chance_rng(seed)
    state = module.new_game(rules, seed=seed)
    while module.current_player(state) != amigo_rules.TERMINAL:
        if module.current_player(state) == amigo_rules.CHANCE:
            move = sample_chance(module, state, rng)
        else:
            legal = module.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        yield state, move
        state = module.apply(state, move)


@pytest.mark.parametrize(("module", "rules"), CONFIGS)
def test_only_other_players_cards_are_hidden(module, rules):
    hidden = 0
    for state, move in random_steps(module, rules, seed=4):
        assert module.visible_notation(state, move) == str(move)
        for p in range(rules.players):
            secret = type(move) in (Deal, Draw) and state.player != p
            shown = module.visible_notation(state, move, player=p)
            assert shown == (None if secret else str(move)), (str(move), p)
            hidden += secret
    assert (hidden > 0) == (module is ho)


def test_a_deal_is_hidden_from_the_others_from_the_first_card():
    state = ho.initial_state(ho.Rules(players=2))
    while type(ho.chance_outcomes(state)[0][0]) is not Deal:
        state = ho.apply(state, ho.chance_outcomes(state)[0][0])
    deal = ho.chance_outcomes(state)[0][0]
    assert ho.visible_notation(state, deal, player=state.player) == str(deal)
    assert ho.visible_notation(state, deal, player=1 - state.player) is None


@pytest.mark.parametrize("module", [exxtra, verflixxt, ho])
def test_wrong_arguments_are_the_library_s_errors(module):
    state = module.new_game()
    move = module.legal_moves(state)[0] if module.legal_moves(state) else None
    move = move or module.chance_outcomes(state)[0][0]
    with pytest.raises(ArgumentError, match="visible_notation"):
        module.visible_notation(None, move)
    with pytest.raises(ArgumentError):
        module.visible_notation(state, move, player="0")
    with pytest.raises(RulesError):
        module.visible_notation(state, move, player=state.rules.players)
