"""The plan of a tournament: seats balanced over each cycle, seeds from (seed, index) alone."""

from collections import Counter
from math import comb

import pytest

from amigo_rules.arena import game_seed, lineup
from amigo_rules.arena.plan import schedule


@pytest.mark.parametrize(("agents", "players"),
                         [(1, 4), (2, 4), (3, 4), (4, 4), (3, 2), (4, 2), (5, 4), (6, 3)])
def test_every_block_of_a_games_seats_every_agent_at_every_seat_equally_often(agents,
                                                                              players):
    names = [f"a{k}" for k in range(agents)]
    for block in (0, 1, 7):
        seats = Counter()
        for index in range(block * agents, (block + 1) * agents):
            table = lineup(names, players, index)
            assert len(table) == players
            if agents >= players:  # a table of distinct agents when there are enough
                assert len(set(table)) == players
            else:  # otherwise every agent sits at every table
                assert set(table) == set(names)
            seats.update((name, seat) for seat, name in enumerate(table))
        assert seats == Counter({(name, seat): 1 for name in names
                                 for seat in range(players)}), block


@pytest.mark.parametrize(("agents", "players"), [(5, 3), (6, 2), (7, 4)])
def test_with_more_agents_than_seats_every_table_is_played(agents, players):
    names = [f"a{k}" for k in range(agents)]
    games = comb(agents, players) * agents
    tables = {frozenset(lineup(names, players, index)) for index in range(games)}
    assert len(tables) == comb(agents, players)


def test_game_seeds_depend_on_the_seed_and_index_only_and_do_not_overlap():
    seeds = [game_seed(0, i) for i in range(200)]
    assert len(set(seeds)) == 200
    assert not set(seeds) & {game_seed(1, i) for i in range(200)}
    assert all(0 <= s < 2**53 for s in seeds)
    assert [m.seed for m in schedule("AB", 4, 5, 0, "rotate")] == seeds[:5]


def test_random_seating_shuffles_the_rotated_tables():
    rotated = schedule("ABC", 4, 30, 7, "rotate")
    shuffled = schedule("ABC", 4, 30, 7, "random")
    assert shuffled == schedule("ABC", 4, 30, 7, "random")
    assert [m.seed for m in rotated] == [m.seed for m in shuffled]
    assert all(sorted(r.seating) == sorted(s.seating)
               for r, s in zip(rotated, shuffled, strict=True))
    assert [r.seating for r in rotated] != [s.seating for s in shuffled]
