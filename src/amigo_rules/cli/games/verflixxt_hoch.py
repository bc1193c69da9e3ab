"""The terminal view of Verflixxt hoch²: rules from command-line options, the table in colour
(only what the viewer may see) and one line per move for transcripts."""

from __future__ import annotations

from rich.markup import escape

from ...core import RulesError
from ...track import ACTIONS
from ...verflixxt_hoch import (
    Attack,
    Draw,
    HatMove,
    Phase,
    Play,
    Rules,
    State,
    Steal,
    observation,
    score_tiles,
)
from ...verflixxt_hoch.tiles import CARD_VALUE, CARDS, CURSED_CAP, LUCKY_HAT, RISK, TOKEN_STACK
from ..palette import player_label, player_style
from ..track import track_rows
from .verflixxt import tile_markup

PRESETS: tuple[str, ...] = ("standard",)
"""The ``--preset`` choices: the game as boxed (options come as variants)."""
VARIANTS: dict[str, str] = {
    "attack": "À l'attaque ! — a pair of equal cards pushes opponents (HO-ATTACK-1)",
    "action_tiles": "the amigo Gift/Steal action tiles on the track (HO-COMBINE-1)",
}
"""``--variant NAME`` → its help text."""
DEFAULT_PLAYERS = 4

GUARD = "G"
HAT_MARKS = ("+", "-")
"""Drawn right after the digit of the pawn wearing the lucky hat / the cursed cap."""
HAT_STYLES = ("bold gold1", "bold magenta")
RISK_STYLE = "bold dark_orange"
TOKEN_STYLE = "bold cyan"


def make_rules(preset: str | None, players: int | None, variants: tuple[str, ...]) -> Rules:
    """The `Rules` for ``players`` (default 4) with the named variants switched on.

    Raises `RulesError` for an unknown preset or variant and for a bad player count.
    """
    preset = PRESETS[0] if preset is None else preset
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {preset!r}; the presets are {', '.join(PRESETS)}")
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise RulesError(f"unknown variant {unknown[0]!r}; the variants are: {', '.join(VARIANTS)}")
    return Rules(
        players=DEFAULT_PLAYERS if players is None else players,
        attack="attack" in variants,
        action_tiles="action_tiles" in variants,
    )


def item_markup(item: str, width: int = 0) -> str:
    """A tile, risk tile, finish token or hat, styled; risk tiles read ``±N``."""
    if item in RISK:
        label, style = f"±{item[1:]}", RISK_STYLE
    elif item[0] == "T" and item[1:].isdigit():
        label, style = f"T{item[1:]}", TOKEN_STYLE
    elif item in (LUCKY_HAT, CURSED_CAP):
        i = (LUCKY_HAT, CURSED_CAP).index(item)
        label, style = ("lucky hat", "cursed cap")[i], HAT_STYLES[i]
    else:
        return tile_markup(item, width)
    return f"[{style}]{escape(label)}[/]" + " " * max(0, width - len(label))


def card_markup(card: str) -> str:
    style = "bold yellow" if card.endswith("y") else "bold dark_orange3"
    return f"[{style}]{escape(card)}[/]"


def _pieces(obs, position: int) -> list[tuple[str, str]]:
    """The pieces on ``position``: a digit per pawn (a hat mark after its wearer), G per guard."""
    out = []
    for p, positions in enumerate(obs.pawns):
        worn = [i for i, h in enumerate(obs.hats) if h == (p, position)]
        for _ in range(positions.count(position)):
            out.append((str(p), player_style(p)))
            if worn:
                i = worn.pop(0)
                out.append((HAT_MARKS[i], HAT_STYLES[i]))
    out += [(GUARD, "bold white")] * obs.guards.count(position)
    return out


def _track(obs) -> list[str]:
    return track_rows(
        len(obs.tiles),
        lambda x, width: item_markup(obs.tiles[x], width),
        lambda x: _pieces(obs, x),
    )


def _status(obs) -> str:
    who = player_label(obs.player)
    phase = obs.phase
    if phase is Phase.OVER:
        return "[bold]game over[/]"
    if phase is Phase.DRAW:
        return f"{who} draws back to two cards"
    if phase is Phase.HAT:
        return f"{who} may take, hand over or swap a hat on tile {obs.arrived}"
    if phase is Phase.DOUBLE:
        return f"{who} may play the second card (yellow first card) or stop"
    if phase is Phase.STEAL:
        return f"{who} chooses whose top tile to steal"
    return f"{who} to play a card"


def draw(state: State, viewer: int | None) -> str:
    """The table as rich markup, from ``observation(state, viewer)`` only.

    The track with pieces and hats, the finish tokens left, every collection with its
    score, the viewer's cards (no one's with ``viewer`` None) and every hand's size, the
    draw and discard piles, whose turn it is.
    """
    obs = observation(state, 0 if viewer is None else viewer)
    lines = _track(obs)
    lines.append("[dim]pieces: 0-7 pawns of P0-P7 · + lucky hat · - cursed cap · G guard[/]")
    left = TOKEN_STACK[obs.tokens :]
    stack = " ".join(item_markup(t) for t in left) or "[dim]none[/]"
    lines.append(f"finish tokens left (top first): {stack}")
    for p, tower in enumerate(obs.towers):
        you = " [bold](you)[/]" if p == viewer else "      "
        items = " ".join(item_markup(t) for t in tower) or "[dim]empty[/]"
        points = score_tiles(tower, obs.rules)
        cards = obs.hand_sizes[p]
        lines.append(f"{player_label(p)}{you} {cards} card{'s' if cards != 1 else ' '} · "
                     f"score [bold]{points:>3}[/] │ {items}")
    if viewer is not None:
        hand = " ".join(card_markup(c) for c in obs.hand) or "[dim]none[/]"
        lines.append(f"your cards: {hand}")
    discard = " ".join(
        f"{card_markup(c)}×{n}" for c, n in zip(CARDS, obs.discard, strict=True) if n
    ) or "[dim]empty[/]"
    lines.append(f"draw pile: {obs.pile_size} cards · discard pile: {discard}")
    lines.append(_status(obs))
    return "\n".join(lines)


def describe(before: State, move, after: State) -> str:
    """One transcript fragment for ``move`` played in ``before`` (rich markup); a drawn card
    is never named (the other players do not see it).

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> state = ho.new_game(ho.Rules(players=2), seed=3)
    >>> describe(state, ho.legal_moves(state)[0], ho.apply(state, ho.legal_moves(state)[0]))
    '[bold red]P0[/] plays [bold dark_orange3]4o[/] · moves pawn 0 → 4 ([bold red]-8[/])'
    """
    player = before.player
    who = player_label(player)
    if isinstance(move, Draw):
        return f"{who} draws a card"
    if isinstance(move, Steal):
        stolen = after.towers[player][-1]
        return f"steals {item_markup(stolen)} from {player_label(move.victim)}"
    if isinstance(move, HatMove):
        return f"hat {escape(move.action)} {escape(move.target)}".rstrip()
    if isinstance(move, Attack):
        value = CARD_VALUE[before.hands[player][0]]
        text = f"{who} attacks from tile {move.position} with a pair of {value}s"
        return " · ".join([text, *_consequences(before, after, None)])
    if not isinstance(move, Play):
        return escape(str(move))
    text = f"{who} plays {card_markup(move.card)}"
    if move.piece is None:
        return text + " · nothing moves"
    value = CARD_VALUE[move.card]
    steps = -value if move.reverse else value
    finish = len(before.board.tiles) - 1
    target = max(0, min(move.position + steps, finish))
    tile = before.board.tiles[target]
    text += f" · moves {move.piece} {move.position} → {target} ({item_markup(tile)})"
    return " · ".join([text, *_consequences(before, after, move.position)])


def _consequences(before: State, after: State, origin: int | None) -> list[str]:
    """Tiles, tokens and hats collected or given, action tiles flipped."""
    notes = []
    player = before.player
    for p, (old, new) in enumerate(zip(before.towers, after.towers, strict=True)):
        if len(new) > len(old):
            got = ", ".join(item_markup(t) for t in new[len(old) :])
            notes.append(f"{'takes' if p == player else player_label(p) + ' gets'} {got}")
    tiles, tiles_after = before.board.tiles, after.board.tiles
    if origin is not None and tiles[origin] in ACTIONS and len(tiles) == len(tiles_after) \
            and tiles_after[origin] != tiles[origin]:
        notes.append(f"{tiles[origin]} tile flips")
    return notes
