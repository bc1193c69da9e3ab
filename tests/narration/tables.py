"""Tables rebuilt from events: each game's table (track, pieces, collections, cards,
counters) kept as plain lists, changed by one event at a time as the event says, checking
on the way that each event agrees with the table it happens on. A move's events replayed on
the table before the move must give the table after it, field by field."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from amigo_rules import exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import Event
from amigo_rules.exxtra.dice import combination_text
from amigo_rules.exxtra.state import FINISH as EX_FINISH
from amigo_rules.track import FACE_DOWN, GIFT, START, STEAL, face_up, takeable
from amigo_rules.verflixxt.cards import CARDS as VX_CARDS
from amigo_rules.verflixxt_hoch.tiles import CARD_INDEX, CARDS, TOKEN_STACK, TRACK_TILES

HATS = ("hat+", "hat-")

Tradeable = Callable[[str], bool]


class TrackTable:
    """What Verflixxt and hoch² share: the track, pawns, guards and collections."""

    def __init__(self, state: verflixxt.State | ho.State) -> None:
        board = state.board
        self.tiles = list(board.tiles)
        self.pawns = [sorted(ps) for ps in board.pawns]
        self.guards = sorted(board.guards)
        self.towers = [list(t) for t in state.towers]

    @property
    def finish(self) -> int:
        return len(self.tiles) - 1

    def move(self, e: Any) -> None:
        assert e.value == e.target - e.origin, e
        assert self.tiles[e.target] == e.item, (e, self.tiles)
        pieces = self.guards if e.piece == "guard" else self.pawns[e.player]
        self._shift(pieces, e.origin, e.target, 1)

    @staticmethod
    def _shift(pieces: list[int], origin: int | None, target: int | None, count: int) -> None:
        assert origin is not None and target is not None
        for _ in range(count):
            assert origin in pieces, (origin, pieces)
            pieces.remove(origin)
            pieces.append(target)
        pieces.sort()

    def remove_tile(self, position: int) -> None:
        """The tile at ``position`` leaves the track; the gap closes (VX-TURN-3)."""
        del self.tiles[position]
        self.pawns = [sorted(x - (x > position) for x in ps) for ps in self.pawns]
        self.guards = sorted(x - (x > position) for x in self.guards)

    def take(self, e: Any, tradeable: Tradeable) -> None:
        assert e.origin is not None and e.item is not None
        assert face_up(self.tiles[e.origin]) == e.item and tradeable(e.item), e
        assert e.origin not in self.guards and all(e.origin not in ps for ps in self.pawns), e
        self.remove_tile(e.origin)
        self.towers[e.player].append(e.item)
        assert e.target in self.pawns[e.player], (e, self.pawns)

    def hand_over(self, source: int, target: int, tile: str | None,
                  tradeable: Tradeable) -> None:
        tower = self.towers[source]
        top = max(i for i, t in enumerate(tower) if tradeable(t))
        assert tower[top] == tile, (tile, tower)
        self.towers[target].append(tower.pop(top))

    def flip(self, e: Any) -> None:
        assert e.origin is not None and e.item is not None
        assert {self.tiles[e.origin], e.item} == {GIFT, STEAL}, (e, self.tiles[e.origin])
        self.tiles[e.origin] = e.item

    def nothing_to_steal(self, player: int | None, tradeable: Tradeable) -> None:
        assert not any(any(map(tradeable, t)) for p, t in enumerate(self.towers)
                       if p != player), self.towers

    def home(self, e: Any) -> None:
        assert e.player is not None
        assert self.pawns[e.player].count(self.finish) == e.value, (e, self.pawns)

    def laid_out(self, after: verflixxt.State | ho.State, events: tuple[Event, ...]) -> bool:
        """Whether the move laid the last tile: then the track is set up around the laid
        tiles, in their order, with the finish, action tiles and guards placed
        (VX-SETUP-3, HO-SETUP-1)."""
        if events[0].kind != "lay" or after.phase == "lay":
            return False
        fixed = (START, "F", GIFT, STEAL)
        path = [t for t in after.board.tiles if t not in fixed]
        assert path == [t for t in self.tiles if t not in fixed], (path, self.tiles)
        return True

    def track_of(self, state: verflixxt.State | ho.State) -> tuple[Any, ...]:
        board = state.board
        return self.tiles, self.pawns, self.guards, self.towers, (
            list(board.tiles), [list(ps) for ps in board.pawns], list(board.guards),
            [list(t) for t in state.towers])


class VerflixxtTable(TrackTable):
    """A Verflixxt! table: the track's pieces, towers, hands, the penalty."""

    def __init__(self, state: verflixxt.State) -> None:
        super().__init__(state)
        self.hands = [list(h) for h in state.hands]
        self.penalty = state.penalty
        self.over = False
        self.taken_at_end: list[str] = []

    def apply(self, e: Any, before: verflixxt.State) -> None:
        kind = e.kind
        player: Any = e.player
        if kind == "lay":
            assert e.target == len(self.tiles) and e.item is not None, e
            self.tiles.append(e.item)
        elif kind == "roll":
            assert e.value is not None
            assert 1 <= e.value <= 6 and player == before.player
        elif kind == "card":
            self.hands[player].remove(e.value)
        elif kind == "move":
            self.move(e)
        elif kind == "stay":
            pieces = self.guards if e.piece == "guard" else self.pawns[player]
            assert e.origin in pieces, e
        elif kind == "swap":
            self._shift(self.pawns[player], e.origin, e.target, 1)
            self._shift(self.pawns[e.other], e.target, e.origin, 1)
        elif kind == "take":
            self.take(e, takeable)
        elif kind == "start_to_box":
            assert self.tiles[0] == START and self.pieces_at(0) == 0, e
            self.remove_tile(0)
            assert e.target in self.pawns[player], e
        elif kind in ("gift", "steal"):
            source, target = (player, e.other) if kind == "gift" else (e.other, player)
            self.hand_over(source, target, e.item, lambda t: True)
        elif kind == "gift_nothing":
            assert not self.towers[player], e
        elif kind == "steal_nothing":
            self.nothing_to_steal(player, lambda t: True)
        elif kind == "flip":
            self.flip(e)
        elif kind == "turn_down":
            assert self.tiles[e.origin] == e.item and e.item[0] != FACE_DOWN, e
            assert self.pieces_at(e.origin) == 0, e
            self.tiles[e.origin] = FACE_DOWN + e.item
        elif kind == "pass":
            assert tuple(map(str, self.hands[player])) == e.items, e
            self.hands[player] = []
        elif kind == "hands_back":
            self.hands = [list(VX_CARDS) for _ in self.hands]
        elif kind == "home":
            self.home(e)
        elif kind == "passed_to_end":
            self.passed_to_end(e)
        elif kind in ("end_take", "sweep"):
            self.towers[player] += e.items
            self.taken_at_end += e.items
        elif kind == "penalty":
            self.penalty = (player, e.item)
            self.taken_at_end.append(e.item)
        elif kind == "over":
            self.over = True
        else:
            assert kind == "stop", e

    def pieces_at(self, x: int) -> int:
        return sum(ps.count(x) for ps in self.pawns) + self.guards.count(x)

    def passed_to_end(self, e: Any) -> None:
        """VXV-3: the tiles every pawn passed go, in order, before the finish."""
        rearmost = min(map(min, self.pawns))
        passed = [i for i in range(rearmost) if takeable(self.tiles[i])
                  and i not in self.guards]
        assert tuple(self.tiles[i] for i in passed) == e.items, (e, self.tiles)
        finish = self.finish

        def shifted(x: int) -> int:
            return x if x == finish else x - sum(i < x for i in passed)

        kept = [t for i, t in enumerate(self.tiles[:-1]) if i not in passed]
        self.tiles = [*kept, *e.items, self.tiles[-1]]
        self.pawns = [sorted(map(shifted, ps)) for ps in self.pawns]
        self.guards = sorted(map(shifted, self.guards))

    def check(self, after: verflixxt.State, events: tuple[Event, ...]) -> None:
        """The table equals ``after``; an early end took from the track exactly the tiles
        the events gave out (VXV-4, VXV-5, VXV-8b)."""
        tiles, pawns, guards, towers, want = self.track_of(after)
        assert towers == want[3], (towers, want[3])
        if self.laid_out(after, events):
            return
        assert self.hands == [list(h) for h in after.hands]
        assert self.penalty == after.penalty
        assert self.over == (after.phase == "over")
        if self.taken_at_end:
            gone = Counter(map(face_up, tiles)) - Counter(map(face_up, after.board.tiles))
            assert gone == Counter(self.taken_at_end), (gone, self.taken_at_end)
            return
        assert (tiles, pawns, guards) == want[:3], ((tiles, pawns, guards), want[:3])


class HochTable(TrackTable):
    """A hoch² table: track, pieces, hats, collections, tokens, hands and the two piles."""

    def __init__(self, state: ho.State) -> None:
        super().__init__(state)
        self.hats: list[Any] = list(state.hats)
        self.tokens = state.tokens
        self.hands = [list(h) for h in state.hands]
        self.pile = list(state.pile)
        self.discard = list(state.discard)
        self.arrived = state.arrived
        self.over = False

    def apply(self, e: Any, before: ho.State) -> None:
        kind = e.kind
        player: Any = e.player
        tile: Any = e.item
        if kind == "lay":
            assert e.target == len(self.tiles), e
            self.tiles.append(tile)
        elif kind == "deal":
            self.draw_from(self.pile, e.item)
            self.hands[player].append(e.item)
        elif kind == "turn_up":
            self.draw_from(self.pile, e.item)
            self.discard[CARD_INDEX[e.item]] += 1
        elif kind == "hats":
            self.hats = [(player, 0), (e.other, 0)]
        elif kind == "card":
            self.hands[player].remove(e.item)
            self.discard[CARD_INDEX[e.item]] += 1
        elif kind == "move":
            self.move(e)
            if e.piece in ("lucky", "cursed"):
                i = 0 if e.piece == "lucky" else 1
                assert self.hats[i] == (player, e.origin), (e, self.hats)
                self.hats[i] = (player, e.target)
            self.arrived = e.target
        elif kind == "take":
            self.take(e, TRACK_TILES.__contains__)
            self.hats = [h if h is None or h[1] <= e.origin else (h[0], h[1] - 1)
                         for h in self.hats]
            self.arrived = e.target
        elif kind == "home":
            self.home(e)
        elif kind == "token":
            assert e.item == TOKEN_STACK[self.tokens], e
            self.tokens += 1
            self.towers[player].append(e.item)
        elif kind == "hat_home":
            i = HATS.index(e.item)
            assert self.hats[i] is not None and self.hats[i][0] == player, (e, self.hats)
            assert self.hats[i][1] == self.finish, (e, self.hats)
            self.hats[i] = None
            self.towers[player].append(e.item)
        elif kind in ("hat_take", "hat_give", "hat_swap"):
            self.hat(e)
        elif kind == "attack":
            assert e.items == tuple(self.hands[player]) and len(e.items) == 2, e
            for card in e.items:
                self.discard[CARD_INDEX[card]] += 1
            self.hands[player] = []
        elif kind == "pushed":
            self.pushed(e)
        elif kind in ("gift", "steal"):
            source, target = (player, e.other) if kind == "gift" else (e.other, player)
            self.hand_over(source, target, e.item, TRACK_TILES.__contains__)
        elif kind == "gift_nothing":
            assert not any(t in TRACK_TILES for t in self.towers[player]), e
        elif kind == "steal_nothing":
            self.nothing_to_steal(player, TRACK_TILES.__contains__)
        elif kind == "flip":
            self.flip(e)
        elif kind == "reshuffle":
            assert not any(self.pile), self.pile
            self.pile, self.discard = self.discard, [0] * len(CARDS)
        elif kind == "draw":
            self.draw_from(self.pile, e.item)
            self.hands[player].append(e.item)
        elif kind == "over":
            self.over = True
        else:
            assert kind in ("zero", "stop", "hat_keep"), e

    @staticmethod
    def draw_from(pile: list[int], card: str) -> None:
        assert pile[CARD_INDEX[card]] > 0, (card, pile)
        pile[CARD_INDEX[card]] -= 1

    def hat(self, e: Any) -> None:
        """HO-HAT-2 on the pawn that arrived at ``self.arrived``."""
        here = (e.player, self.arrived)
        i = HATS.index(e.item)
        if e.kind == "hat_take":
            assert self.hats[i] is not None and self.hats[i][0] == e.other, (e, self.hats)
            assert self.hats[i][1] == self.arrived, (e, self.hats)
            self.hats[i] = here
        elif e.kind == "hat_give":
            assert self.hats[i] == here and self.arrived in self.pawns[e.other], (e, self.hats)
            self.hats[i] = (e.other, self.arrived)
        else:
            assert self.hats[1 - i] == here and self.hats[i][0] == e.other, (e, self.hats)
            self.hats[i], self.hats[1 - i] = here, (e.other, self.arrived)

    def pushed(self, e: Any) -> None:
        """HO-ATTACK-1: ``value`` pieces of ``player`` (or guards) go with their hats."""
        if e.piece == "guard":
            assert self.guards.count(e.origin) == e.value, (e, self.guards)
            self._shift(self.guards, e.origin, e.target, e.value)
            return
        assert self.pawns[e.player].count(e.origin) == e.value, (e, self.pawns)
        self._shift(self.pawns[e.player], e.origin, e.target, e.value)
        self.hats = [(h[0], e.target) if h == (e.player, e.origin) else h for h in self.hats]

    def check(self, after: ho.State, events: tuple[Event, ...]) -> None:
        tiles, pawns, guards, towers, want = self.track_of(after)
        if self.laid_out(after, events):
            return
        assert (tiles, pawns, guards, towers) == want, ((tiles, pawns, guards, towers), want)
        assert self.hats == list(after.hats)
        assert self.tokens == after.tokens
        assert [sorted(h) for h in self.hands] == [sorted(h) for h in after.hands]
        assert (self.pile, self.discard) == (list(after.pile), list(after.discard))
        assert self.over == (after.phase == "over")


class ExxtraTable:
    """An EXXtra table: the counters and the ladder (rung, combination as text)."""

    def __init__(self, state: exxtra.State) -> None:
        self.counters = list(state.counters)
        self.ladder = [self.pair(p) for p in state.ladder]
        self.over = False
        self.finished: list[int] = []

    @staticmethod
    def pair(pair: tuple[int, int] | None) -> tuple[int, str] | None:
        return None if pair is None else (pair[0], combination_text(pair[1]))

    def apply(self, e: Any, before: exxtra.State) -> None:
        kind = e.kind
        player: Any = e.player
        if kind == "roll":
            assert e.item is not None
            a, b = e.item.split("-")
            faces = [0 if f == "X" else int(f) for f in (a, b)]
            assert f"{max(faces)}{min(faces)}" == combination_text(e.value), e
        elif kind in ("x_end", "double", "advance"):
            assert self.counters[player] == e.origin, (e, self.counters)
            step = -e.value if kind == "x_end" else e.value
            assert e.target == max(0, min(EX_FINISH, e.origin + step)), e
            self.counters[player] = e.target
            if kind == "advance":
                assert self.ladder[player] == (e.value, e.item), (e, self.ladder)
                self.ladder[player] = None
        elif kind == "place":
            assert self.ladder[player] is None and player == before.player, e
            assert e.value == 0 or all(p is None or p[0] != e.value for p in self.ladder), e
            self.ladder[player] = (e.value, e.item)
        elif kind == "knock_off":
            assert self.ladder[e.other] == (e.value, e.item), (e, self.ladder)
            self.ladder[e.other] = None
        elif kind == "finish":
            assert self.counters[player] == EX_FINISH, e
            self.finished.append(player)
        elif kind == "turn_limit":
            assert EX_FINISH not in self.counters, e
        elif kind == "over":
            self.over = True
        else:
            assert kind == "reroll", e

    def check(self, after: exxtra.State, events: tuple[Event, ...]) -> None:
        assert self.counters == list(after.counters)
        assert self.ladder == [self.pair(p) for p in after.ladder]
        assert self.over == after.over
        assert self.finished == [p for p, c in enumerate(after.counters) if c == EX_FINISH]
