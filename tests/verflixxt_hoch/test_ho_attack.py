"""The variant "À l'attaque !": HO-ATTACK-1."""

from __future__ import annotations

import pytest
from ho_scenarios import CARDS, GUARDED, make_state, moves, play, rules

from amigo_rules import verflixxt_hoch as ho
from amigo_rules.verflixxt_hoch import Phase

# PLAIN: S=0, -1=1, -2=2, R4=3, -4=4, R5=5, -5=6, F=7.
HOME = {"hats": (None, None), "towers": [["hat+"], ["hat-"]]}


def attack_rules(**options):
    return rules(attack=True, **options)


@pytest.mark.rule("HO-ATTACK-1")
def test_a_pair_pushes_opponents_off_a_shared_tile():
    state = make_state(attack_rules(), [(0, 0, 2), (0, 2, 2)], hands=[("3y", "3o"), ("1y", "1o")],
                       **HOME)
    assert "attack 2" in moves(state) and "attack 0" in moves(state)
    after = play(state, "attack 2")
    assert after.board.pawns == ((0, 0, 2), (0, 5, 5))  # own pawn stays
    assert after.board.tiles == state.board.tiles  # nothing is taken
    assert after.hands[0] == () and after.phase is Phase.DRAW  # no double move
    after = play(after, "draw 1y")
    assert after.phase is Phase.DRAW  # draws two
    assert ho.current_player(play(after, "draw 2y")) == 1


@pytest.mark.rule("HO-ATTACK-1")
def test_a_pair_of_zeros_is_a_pair_it_pushes_nobody_and_draws_two():
    """004: "Le joueur doit avoir en main 2 cartes de la même valeur (par ex, 2 cartes +4,
    mais pas 1 et -1)." Two 0s are two cards of the same value: the attack is offered on
    the same condition, moves nobody, plays both cards and draws two."""
    state = make_state(attack_rules(), [(0, 0, 2), (0, 2, 2)], hands=[("0y", "0o"), ("1y", "1o")],
                       **HOME)
    assert moves(state) == ["card 0y", "card 0o", "attack 0", "attack 2"]
    after = play(state, "attack 2")
    assert after.board == state.board and after.towers == state.towers
    assert after.hands[0] == () and after.phase is Phase.DRAW  # no double move
    for card in ("0y", "0o"):  # both played
        assert after.discard[CARDS.index(card)] == state.discard[CARDS.index(card)] + 1
    after = play(after, "draw 1y")
    assert after.phase is Phase.DRAW  # draws two
    assert ho.current_player(play(after, "draw 2y")) == 1
    alone = make_state(attack_rules(), [(1, 1, 2), (0, 0, 3)], hands=[("0y", "0o"), ("1y", "1o")],
                       **HOME)
    assert not any(m.startswith("attack") for m in moves(alone))


@pytest.mark.rule("HO-ATTACK-1")
def test_no_attack_without_the_option_a_pair_or_company():
    plain = make_state(rules(), [(0, 0, 2), (0, 2, 2)], hands=[("3y", "3o"), ("1y", "1o")],
                       **HOME)
    assert not any(m.startswith("attack") for m in moves(plain))
    unpaired = make_state(attack_rules(), [(0, 0, 2), (0, 2, 2)],
                          hands=[("3y", "4o"), ("1y", "1o")], **HOME)
    assert not any(m.startswith("attack") for m in moves(unpaired))
    alone = make_state(attack_rules(), [(1, 1, 2), (0, 0, 3)],
                       hands=[("3y", "3o"), ("1y", "1o")], **HOME)
    assert not any(m.startswith("attack") for m in moves(alone))


@pytest.mark.rule("HO-ATTACK-1")
def test_guards_are_pushed_and_exact_arrivals_earn_the_attacker_tokens():
    r = attack_rules(layout=GUARDED)  # S=0, -1, +3=2 (guard), L=3 (guard), -2, R4, +5 (guard), F=7
    state = make_state(r, [(0, 0, 3), (0, 0, 3)], hands=[("4y", "4o"), ("1y", "1o")], **HOME)
    after = play(state, "attack 3")
    assert after.board.guards == (2, 6, 7) and after.board.pawns[1] == (0, 0, 7)
    assert after.towers[0] == ("hat+", "T2", "T2")  # one token per piece arriving exactly


@pytest.mark.rule("HO-ATTACK-1")
def test_pushed_hats_travel_and_the_lucky_hat_rule_holds():
    state = make_state(attack_rules(), [(0, 0, 4), (0, 4, 4)],
                       hands=[("3y", "3o"), ("1y", "1o")], hats=((1, 4), (1, 0)))
    assert "attack 4" not in moves(state)  # player 1's lucky pawn would come home early
    state = make_state(attack_rules(), [(0, 0, 4), (0, 4, 4)],
                       hands=[("2y", "2o"), ("1y", "1o")], hats=((1, 4), (1, 4)))
    after = play(state, "attack 4")
    assert after.hats == ((1, 6), (1, 6))
    state = make_state(attack_rules(), [(0, 0, 4), (4, 7, 7)],
                       hands=[("3y", "3o"), ("1y", "1o")], hats=((1, 4), (0, 0)))
    after = play(state, "attack 4")
    assert after.hats[0] is None and after.towers[1] == ("hat+",)  # its last pawn: legal
    assert after.board.pawns[1] == (7, 7, 7) and after.towers[0] == ("T2",)
