"""The terminal view of Verflixxt!: rules from command-line options, the board in colour and
one line per move for transcripts."""

from __future__ import annotations

from rich.markup import escape

from ...core import RulesError
from ...track import (
    ACTIONS,
    FACE_DOWN,
    FINISH,
    GIFT,
    LUCKY,
    START,
    destination,
    is_minus,
    is_plus,
)
from ...verflixxt import PRESETS as RULES_PRESETS
from ...verflixxt import Phase, Roll, Rules, State, Steal, Step, observation, score_tiles
from ...verflixxt.observations import HIDDEN
from ..palette import player_label, player_style
from ..track import track_rows

PRESETS: tuple[str, ...] = ("classic", "amigo", "amigo_pro")
"""The ``--preset`` choices, the first one the default."""
VARIANT_OPTIONS: dict[str, tuple[str, dict]] = {
    "plus_before_lucky": ("VXV-1 a: -1…-8, +1…+8, six lucky, -1…-10",
                          {"layout": "plus_before_lucky"}),
    "lucky_last": ("VXV-1 b: the lucky tiles last", {"layout": "lucky_last"}),
    "random_layout": ("VXV-1 c: the 32 tiles shuffled", {"layout": "random"}),
    "roll_one_choice": ("VXV-2: a 1 moves forward, back or not at all", {"roll_one": "choice"}),
    "roll_one_swap": ("VXV-7: a 1 moves forward or swaps with a neighbour", {"roll_one": "swap"}),
    "passed_tiles_to_end": ("VXV-3: tiles every pawn has passed move before the finish",
                            {"passed_tiles_to_end": True}),
    "first_home": ("VXV-4: the game ends when a player is home", {"early_end": "first_home"}),
    "one_pawn_left": ("VXV-5: the game ends when one pawn is left",
                      {"early_end": "one_pawn_left"}),
    "negative_lucky": ("VXV-8: lucky tiles can turn negative", {"negative_lucky": True}),
    "negative_lucky_sweep": ("VXV-8 with its optional sweep",
                             {"negative_lucky": True, "negative_lucky_sweep": True}),
    "tactical_cards": ("VXV-9: cards -1, 1…6 instead of the die, at most 6 a turn",
                       {"tactical_cards": True}),
    "hidden_tiles": ("VXV-10: a shuffled track, a tile turned face down every turn",
                     {"hidden_tiles": True}),
    "towers_top": ("VXV-HIDDEN-TOWERS: only the top of other towers shows", {"towers": "top"}),
    "towers_hidden": ("VXV-HIDDEN-TOWERS: other towers show only their size",
                      {"towers": "hidden"}),
    "lucky_below": ("VXV-LUCKY-BELOW: a lucky tile flips the tile below it",
                    {"lucky_below": True}),
    "action_tiles": ("VXV-PRO-ACTIONS: Gift/Steal tiles on a guard preset",
                     {"action_tiles": True}),
}
"""``--variant NAME`` → (help text, the `Rules` options it sets)."""
VARIANTS: dict[str, str] = {name: text for name, (text, _) in VARIANT_OPTIONS.items()}
"""``--variant NAME`` → its help text."""
DEFAULT_PLAYERS = 4

LABELS = {START: "start", FINISH: "finish", LUCKY: "lucky", GIFT: "gift", "steal": "steal"}
GUARD = "G"


def make_rules(preset: str | None, players: int | None, variants: tuple[str, ...]) -> Rules:
    """The `Rules` of ``preset`` (default: classic) for ``players`` (default: 4).

    Raises `RulesError` for an unknown preset or variant and for a bad player count.
    """
    preset = PRESETS[0] if preset is None else preset
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {preset!r}; the presets are {', '.join(PRESETS)}")
    options: dict = {}
    chosen_by: dict[str, str] = {}
    for variant in variants:
        if variant not in VARIANT_OPTIONS:
            known = ", ".join(VARIANTS)
            raise RulesError(f"unknown variant {variant!r}; the variants are: {known}")
        for key, value in VARIANT_OPTIONS[variant][1].items():
            if key in options and options[key] != value:
                raise RulesError(f"variants {chosen_by[key]!r} and {variant!r} both set {key}")
            options[key] = value
            chosen_by[key] = variant
    players = DEFAULT_PLAYERS if players is None else players
    return RULES_PRESETS[preset](players=players, **options)


def tile_style(tile: str) -> str:
    """The rich style of a tile: plus green, minus red, lucky gold, others distinct."""
    if is_plus(tile):
        return "bold green"
    if is_minus(tile):
        return "bold red"
    if tile == LUCKY:
        return "bold gold1"
    if tile in ACTIONS:
        return "bold magenta" if tile == GIFT else "bold cyan"
    return "bold reverse"


def tile_markup(tile: str, width: int = 0) -> str:
    label = LABELS.get(tile, tile)
    return f"[{tile_style(tile)}]{escape(label)}[/]" + " " * max(0, width - len(label))


def _pieces(pawns: tuple[tuple[int, ...], ...], guards: tuple[int, ...], position: int) -> list:
    """The pieces on ``position`` as (text, style) pairs: one digit per pawn, G per guard."""
    out = [(str(p), player_style(p)) for p, ps in enumerate(pawns) for x in ps if x == position]
    out += [(GUARD, "bold white")] * guards.count(position)
    return out


def _track(tiles, pawns, guards) -> list[str]:
    return track_rows(
        len(tiles),
        lambda x, width: tile_markup(tiles[x], width),
        lambda x: _pieces(pawns, guards, x),
    )


def _status(obs) -> str:
    who = player_label(obs.player)
    if obs.phase is Phase.OVER:
        return "[bold]game over[/]"
    if obs.phase is Phase.ROLL:
        return f"{who} to roll the die"
    if obs.phase is Phase.STEAL:
        return f"{who} to choose whose top tile to steal"
    return f"{who} to move a piece · die: [bold]{obs.roll}[/]"


def draw(state: State, viewer: int | None) -> str:
    """The table as rich markup: the track, every tower with its score, whose turn it is.

    ``viewer`` is the human's seat (marked "you"); only what ``observation(state, viewer)``
    shows is drawn (in Verflixxt! the whole table is public).
    """
    obs = observation(state, 0 if viewer is None else viewer)
    lines = _track(obs.tiles, obs.pawns, obs.guards)
    lines.append("[dim]pieces: 0-7 pawns of P0-P7 · G guard · towers bottom → top[/]")
    for p, tower in enumerate(obs.towers):
        you = " [bold](you)[/]" if p == viewer else "      "
        tiles = " ".join(tile_markup(t) for t in tower) or "[dim]empty[/]"
        points = "?" if HIDDEN in tower else score_tiles(tower, obs.rules)
        lines.append(f"{player_label(p)}{you} score [bold]{points:>3}[/] │ {tiles}")
    lines.append(_status(obs))
    return "\n".join(lines)


def describe(before: State, move, after: State) -> str:
    """One transcript fragment for ``move`` played in ``before`` (rich markup).

    It tells only what every player sees: face-down tiles (VXV-10) stay face down, and
    tiles going onto hidden towers (VXV-HIDDEN-TOWERS) are not named.

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.new_game(seed=1)
    >>> describe(state, verflixxt.Roll(4), verflixxt.apply(state, verflixxt.Roll(4)))
    '[bold red]P0[/] rolls 4'
    """
    player = before.player
    if isinstance(move, Roll):
        return f"{player_label(player)} rolls {move.value}"
    if isinstance(move, Steal):
        tile = _public(before.towers[move.victim][-1], before, tower=True)
        return f"steals {tile} from {player_label(move.victim)}"
    if not isinstance(move, Step):
        return escape(str(move))
    board = before.board
    steps = before.roll if move.delta is None else move.delta
    target = destination(board, move.position, steps)
    text = f"moves {move.piece} {move.position} → {target} ({_public(board.tiles[target], before)})"
    return " · ".join([text, *_consequences(before, move, after)])


def _public(tile: str, state: State, *, tower: bool = False) -> str:
    """``tile`` as every player sees it: face down on the track, or on a hidden tower."""
    if tile[0] == FACE_DOWN:
        return "a face-down tile"
    if tower and state.rules.towers == "hidden":
        return "a tile"
    return tile_markup(tile)


def _consequences(before: State, move: Step, after: State) -> list[str]:
    """What a step did besides moving: tiles taken, given or flipped, the start tile boxed."""
    notes = []
    player = before.player
    mine, mine_after = before.towers[player], after.towers[player]
    if len(mine_after) > len(mine):
        notes.append(f"takes {_public(mine_after[-1], before, tower=True)}")
    for other, (old, new) in enumerate(zip(before.towers, after.towers, strict=True)):
        if other != player and len(new) > len(old):
            notes.append(f"gives {_public(new[-1], before, tower=True)} to {player_label(other)}")
    tiles, tiles_after = before.board.tiles, after.board.tiles
    if tiles[0] == START and tiles_after[0] != START:
        notes.append("the start tile goes to the box")
    origin = move.position
    flipped = len(tiles) == len(tiles_after) and tiles_after[origin] != tiles[origin]
    if tiles[origin] in ACTIONS and flipped:
        notes.append(f"{tiles[origin]} tile flips")
    return notes
