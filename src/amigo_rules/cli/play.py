"""``amigo-rules play``: a game against bots in the terminal, saved when you leave and
resumed with ``--load``."""

from __future__ import annotations

import click

from ..agents import make_agent
from ..core import RulesError, get_game
from . import games
from .literal import literal
from .options import (
    CONTEXT,
    GAMES_HELP,
    bot_names,
    console,
    fresh_seed,
    game_options,
    game_rules,
)
from .saves import HUMAN, default_path, read_record, saved_in
from .session import INTERRUPTED, Leave, Session


@click.command(name="play", context_settings=CONTEXT, epilog=GAMES_HELP)
@click.argument("game", metavar="[GAME]", required=False,
                type=click.Choice(games.names(), case_sensitive=False))
@game_options
@click.option("--seat", type=click.IntRange(min=0), default=0, show_default=True,
              help="Your seat (player index; 0 begins).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="Save the game to FILE when you leave and when it ends (when you leave "
                   "without it: amigo-rules-GAME-SEED.json).")
@click.option("--load", "load_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="Resume the game saved in FILE, with its rules, seed, seat and bots.")
@click.option("--force", is_flag=True,
              help="Let the save replace a file that holds another game (without it, such "
                   "a file is kept and the game saved beside it: NAME-2.json).")
def play_command(game: str | None, preset: str | None, players: int | None, seed: int | None,
                 bots: str | None, variants: tuple[str, ...], seat: int, save_path: str | None,
                 load_path: str | None, force: bool) -> None:
    """Play GAME against bots in the terminal.

    Before each of your decisions the table is drawn and the legal moves are listed,
    numbered, with what each would do: type the number or the move ("pawn 7"). "help"
    lists the commands: moves, rules, board, undo, save, quit. Leaving (quit, Ctrl-D,
    Ctrl-C) saves the game; --load resumes it.
    """
    out = console()
    if load_path is not None:
        given = [name for name, value in (("GAME", game), ("--preset", preset),
                                          ("--players", players), ("--seed", seed),
                                          ("--bots", bots)) if value is not None]
        if variants:
            given.append("--variant")
        if given:
            raise click.UsageError(f"--load takes the game from the file; leave out "
                                   f"{', '.join(given)}")
        record = read_record(load_path)
        if HUMAN not in record.agents:
            raise click.BadParameter(
                f"{load_path} is not a game saved by 'play' (no seat is {HUMAN!r}); "
                "watch it with: amigo-rules replay " + load_path, param_hint="'--load'")
        game, rules, seed = record.game, record.rules, record.seed
        seat = record.agents.index(HUMAN)
        names = {p: name for p, name in enumerate(record.agents) if p != seat}
        moves = record.moves
        save_path = save_path or load_path
        chosen = []
    else:
        if game is None:
            raise click.UsageError("Missing argument 'GAME' (or resume a game: --load FILE).")
        view, rules = game_rules(game, preset, players, variants)
        if not seat < rules.players:
            raise click.BadParameter(
                f"seat {seat} is not a seat of a {rules.players}-player game "
                f"(0 … {rules.players - 1})", param_hint="'--seat'")
        seed = fresh_seed(seed)
        others = [p for p in range(rules.players) if p != seat]
        names = dict(zip(others, bot_names(game, bots, len(others)), strict=True))
        moves = ()
        chosen = [preset or view.default_preset or "", *variants]
    module = get_game(game)
    try:
        for name in names.values():
            make_agent(name, game)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="'--load'") from None
    session = Session(out, games.view(module.NAME), module, rules, seed, seat, names, moves,
                      save_path, force=force, own=() if load_path is None else (load_path,))
    title = [module.NAME, *filter(None, chosen), f"{rules.players} players", f"seed {seed}",
             f"you are P{seat}", *(f"P{p} {literal(name).plain}" for p, name in names.items())]
    out.print(literal(" · ".join(title), limit=None))
    if moves:
        out.print(f"resumed from {load_path} after {len(moves)} moves; since your last "
                  "decision:", markup=False)
        session.recap()
    try:
        session.play()
    except (Leave, KeyboardInterrupt) as leaving:
        code = leaving.code if isinstance(leaving, Leave) else INTERRUPTED
        path = session.path or default_path(module.NAME, seed)
        written = session.save(path)
        out.print(f"\nleft the game: it is saved in {saved_in(path, written)}; resume with: "
                  f"amigo-rules play --load {written}", markup=False, highlight=False,
                  soft_wrap=True)
        raise SystemExit(code) from None
    session.finish()
    if session.path is not None:
        written = session.save(session.path)
        out.print(f"the game is saved in {saved_in(session.path, written)}; watch it again "
                  f"with: amigo-rules replay {written}", markup=False, highlight=False,
                  soft_wrap=True)
