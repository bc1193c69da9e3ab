"""The amigo action tiles in hoch²: HO-COMBINE-1 (Gift and Steal on hoch² collections)."""

from __future__ import annotations

import pytest
from ho_scenarios import make_state, moves, play, rules

from amigo_rules import RulesError
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.testing import check_game
from amigo_rules.verflixxt_hoch import Phase, Rules
from amigo_rules.verflixxt_hoch.setup import guard_positions
from amigo_rules.verflixxt_hoch.tiles import TRACK_TILES

# S=0, -1=1, gift=2, -2=3, R4=4, -4=5, R5=6, -5=7, F=8: no positive tile, so no guard.
GIFTED = ("-1", "gift", "-2", "R4", "-4", "R5", "-5")
# S=0, -1=1, steal=2, -2=3, R4=4, -4=5, R5=6, -5=7, F=8.
STOLEN = ("-1", "steal", "-2", "R4", "-4", "R5", "-5")


def action_rules(layout=GIFTED, players=3, **options):
    return rules(players=players, layout=layout, action_tiles=True, **options)


def table(pawns, towers, track=GIFTED, options=None, guards=(), **kw):
    """A state on ``track`` whose box is the track plus the collected tiles; spare guards
    wait on the finish."""
    collected = tuple(t for w in towers for t in w if t in TRACK_TILES)
    r = action_rules((*track, *collected), len(pawns), **(options or {}))
    spare = len(guard_positions(("S", *track, *collected, "F"))) - len(guards)
    guards = (*guards, *(len(track) + 1,) * spare)
    return make_state(r, pawns, tiles=track, towers=towers, guards=guards, **kw)


@pytest.mark.rule("HO-COMBINE-1")
@pytest.mark.parametrize(("players", "finish"), [(3, 37), (4, 36)])
def test_four_gift_tiles_after_every_eight_tiles(players, finish):
    # 32 path tiles with 3 players, 31 with 4 (no R3): the 4th Gift is directly before the finish
    tiles = ho.new_game(Rules(players=players, action_tiles=True), seed=5).board.tiles
    assert [x for x, t in enumerate(tiles) if t == "gift"] == [9, 18, 27, finish - 1]
    assert tiles[finish] == "F" and len(tiles) == Rules(players=players,
                                                        action_tiles=True).track_length
    assert "gift" not in ho.new_game(Rules(players=players), seed=5).board.tiles


@pytest.mark.rule("HO-COMBINE-1")
def test_gift_gives_the_top_most_path_tile_past_tokens_and_hats():
    state = table([(0, 0, 2), (0, 0, 0), (0, 0, 0)],
                  towers=[("+5", "T2"), ("-3",), ("+3",)], tokens=1)
    after = play(state, "card 1y pawn 2")
    assert after.board.tiles[2] == "steal"  # the tile stays and flips
    assert after.board.pawns[0] == (0, 0, 3)
    # a plus tile goes to the least valuable top tile: -3 of player 1
    assert after.towers == (("T2",), ("-3", "+5"), ("+3",))
    assert after.phase is Phase.DOUBLE


@pytest.mark.rule("HO-COMBINE-1")
def test_a_minus_tile_goes_to_the_best_top_and_ties_go_clockwise():
    state = table([(0, 0, 2)] + [(0, 0, 0)] * 3,
                  towers=[("-8", "hat+"), ("+3",), ("R7", "L"), ("+6", "L")],
                       hats=(None, (1, 0)))
    after = play(state, "card 1y pawn 2")
    # players 2 and 3 tie with a lucky top tile: the nearer clockwise, 2, receives
    assert after.towers == (("hat+",), ("+3",), ("R7", "L", "-8"), ("+6", "L"))


@pytest.mark.rule("HO-COMBINE-1")
@pytest.mark.parametrize(("risk_rank", "receiver"), [("zero", 1), ("parity", 2)])
def test_the_risk_rank_option_decides_where_a_risk_tile_goes(risk_rank, receiver):
    # the giver's top tile R6 is +6 by parity (two risk tiles) but of unknown sign ("zero");
    # player 2's R5 ranks 0 ("zero") or -5 (one risk tile, "parity"); player 1's top is +3.
    state = table([(0, 0, 2), (0, 0, 0), (0, 0, 0)], options={"risk_rank": risk_rank},
                  towers=[("R4", "R6"), ("+3",), ("R5",)])
    after = play(state, "card 1y pawn 2")
    assert after.towers[0] == ("R4",) and after.towers[receiver][-1] == "R6"


@pytest.mark.rule("HO-COMBINE-1")
def test_an_empty_collection_gives_nothing_and_the_tile_still_flips():
    state = table([(0, 0, 2), (0, 0, 0), (0, 0, 0)],
                  towers=[("T2",), ("-3",), ()], tokens=1)
    after = play(state, "card 1y pawn 2")
    assert after.towers == state.towers and after.board.tiles[2] == "steal"


@pytest.mark.rule("HO-COMBINE-1")
def test_steal_is_a_decision_among_players_holding_a_tile():
    state = table([(0, 0, 2), (0, 0, 0), (0, 0, 0)], track=STOLEN,
                  towers=[(), ("T2",), ("-3", "+4", "hat+")], tokens=1,
                       hats=(None, (1, 0)))
    after = play(state, "card 2o pawn 2")
    assert after.phase is Phase.STEAL and moves(after) == ["steal 2"]
    assert ho.current_player(after) == 0 and after.board.tiles[2] == "gift"
    done = play(after, "steal 2")
    assert done.towers == (("+4",), ("T2",), ("-3", "hat+")) and done.phase is Phase.DRAW


@pytest.mark.rule("HO-COMBINE-1")
def test_the_hat_action_follows_the_steal():
    # player 0's hatless pawn leaves the Steal tile for -2, where player 1's lucky pawn stands
    state = table([(0, 0, 2), (0, 0, 3), (0, 0, 0)], track=STOLEN,
                  towers=[(), ("+3",), ()], hats=((1, 3), (1, 0)))
    after = play(state, "card 1y pawn 2")
    assert after.phase is Phase.STEAL and moves(after) == ["steal 1"]
    after = play(after, "steal 1")
    assert after.phase is Phase.HAT and "hat take lucky" in moves(after)
    assert play(after, "hat take lucky").hats == ((0, 3), (1, 0))


@pytest.mark.rule("HO-COMBINE-1")
def test_no_victim_means_no_decision():
    state = table([(0, 0, 2), (0, 0, 0), (0, 0, 0)], track=STOLEN,
                  towers=[("+3",), (), ("T2",)], tokens=1)
    after = play(state, "card 2o pawn 2")
    assert after.phase is Phase.DRAW and after.towers == state.towers
    assert after.board.tiles[2] == "gift"


@pytest.mark.rule("HO-COMBINE-1")
def test_guards_shared_tiles_and_attacks_never_trigger():
    guarded = table([(0, 0, 2), (0, 0, 0), (0, 0, 0)],
                    towers=[("+5",), ("-3",), ()], guards=(2,))
    for text in ("card 1y guard 2", "card 1y pawn 2"):  # with the guard there: not alone
        after = play(guarded, text)
        assert after.towers == guarded.towers and after.board.tiles[2] == "gift"
    shared = table([(0, 0, 2), (0, 0, 2), (0, 0, 0)], options={"attack": True},
                   towers=[("+5", "hat+"), ("-3", "hat-"), ()],
                   hands=[("3y", "3o")] + [("1y", "2o")] * 2, hats=(None, None))
    after = play(shared, "attack 2")  # pushed pawns take nothing and trigger nothing
    assert after.towers == shared.towers and after.board.tiles[2] == "gift"


@pytest.mark.rule("HO-COMBINE-1")
def test_a_backward_move_off_an_action_tile_triggers_it():
    state = table([(0, 0, 2), (0, 0, 0), (0, 0, 0)],
                  towers=[("+5",), ("-3",), ("+3",)], hands=[("-1o", "2o")] + [("1y", "2o")] * 2)
    after = play(state, "card -1o pawn 2")
    assert after.board.pawns[0] == (0, 0, 1) and after.towers[1] == ("-3", "+5")


@pytest.mark.rule("HO-COMBINE-1")
def test_the_game_ends_only_after_the_steal_of_the_last_pawn():
    layout = ("-1", "-2", "steal")  # S=0, -1, -2, steal=3, F=4
    state = table([(3, 4, 4), (4, 4, 4)], track=layout,
                  towers=[("hat+",), ("+3", "hat-")], hats=(None, None),
                       hands=[("1y", "2o"), ()])
    after = play(state, "card 1y pawn 3")
    assert after.phase is Phase.STEAL and after.board.pawns[0] == (4, 4, 4)
    over = play(after, "steal 1")
    assert over.phase is Phase.OVER and ho.is_terminal(over)
    assert over.towers == (("hat+", "T2", "+3"), ("hat-",))


@pytest.mark.rule("HO-COMBINE-1")
def test_rules_validation_of_the_action_tiles():
    with pytest.raises(RulesError, match="action_tiles=True"):
        Rules(players=2, layout=GIFTED)
    with pytest.raises(RulesError, match="risk_rank"):
        Rules(risk_rank="parity")
    with pytest.raises(RulesError, match="risk_rank"):
        Rules(action_tiles=True, risk_rank="sign")
    with pytest.raises(RulesError, match="action tiles"):
        Rules(players=2, action_tiles=True, layout=("gift",) * 5 + ("+3",))
    assert Rules(players=2, layout=GIFTED, action_tiles=True).track_length == 9


@pytest.mark.rule("HO-COMBINE-1")
@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("attack", [False, True])
def test_conformance_with_action_tiles(players, attack):
    rules = Rules(players=players, action_tiles=True, attack=attack)
    assert check_game(ho, rules, seeds=range(3)).terminal == 3

