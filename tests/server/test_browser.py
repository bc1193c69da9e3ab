"""The game server's pages in a real headless Chromium (selenium): two people in two
browsers and a remote bot play Verflixxt hoch² to the end at one table, each page showing
only its seat's cards; the spectators' page shows only what is public; a reload and a
server restart keep the seat, a second window takes it over; a refused move can be chosen
again; a wrong link says so; the pages work 400 px wide; a hostile name shows as text.

The server runs in this process (uvicorn in a thread, a temporary SQLite file), so the
tests can recompute the table from the stored moves and compare each page with what its
seat may see. Set ``AMIGO_SCREENSHOTS=DIR`` to keep the pages' screenshots.
"""

from __future__ import annotations

import json
import os
import random
import re
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

uvicorn = pytest.importorskip("uvicorn", reason="the server extra is not installed")
pytest.importorskip("websockets", reason="the server extra is not installed")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from server_helpers import free_port  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from amigo_rules import SPECTATOR, verflixxt_hoch  # noqa: E402
from amigo_rules.core import get_game, jsonio  # noqa: E402
from amigo_rules.server import open_storage  # noqa: E402
from amigo_rules.server.app import MAX_FRAME, create_app  # noqa: E402
from amigo_rules.verflixxt_hoch.tiles import CARDS  # noqa: E402
from amigo_rules.words import ScoreSheet, ordinal, score_sheet, seen_move  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHORT_TRACK = ("+3", "-2", "+5", "-4", "+6", "-1")
"""A hoch² track of six tiles: a whole game in about a dozen moves a seat."""
HOSTILE = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">&amp;'
WAIT = 20.0


# ---------------------------------------------------------------- the server and browsers


class LiveServer:
    """``create_app`` on uvicorn in a thread, on one port and one SQLite file across
    restarts."""

    def __init__(self, database: Path) -> None:
        self.url = f"sqlite:///{database}"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: Any = None
        self.thread: threading.Thread | None = None
        self.storage: Any = None

    def start(self) -> None:
        self.storage = open_storage(self.url)
        config = uvicorn.Config(create_app(self.storage), host="127.0.0.1", port=self.port,
                                log_level="warning", ws_max_size=MAX_FRAME, lifespan="on",
                                timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        until(lambda: self.server.started, "the server to start")

    def stop(self) -> None:
        self.server.should_exit = True
        assert self.thread is not None
        self.thread.join(15)
        assert not self.thread.is_alive(), "the server did not stop"
        self.storage.close()

    def get(self, path: str, token: str | None = None) -> Any:
        request = urllib.request.Request(self.base + path)
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def create(self, rules: Any, seats: list[str], seed: int) -> dict[str, Any]:
        body = json.dumps({"game": "verflixxt_hoch", "rules": jsonio.rules_to_data(rules),
                           "seats": seats, "seed": seed}).encode()
        request = urllib.request.Request(self.base + "/api/tables", data=body,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            created: dict[str, Any] = json.loads(answer.read())
            return created

    def socket_url(self, table: str, seat: int, token: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table}/seats/{seat}?token={token}"

    def board(self, table: str, viewer: int) -> str:
        """The board the server draws for ``viewer``: the players named as the table's
        facts name them, the last step marked as ``viewer`` may see it."""
        row = self.storage.table(table)
        module = get_game(row.game)
        state = module.new_game(jsonio.rules_from_data(module.Rules, json.loads(row.rules)),
                                seed=row.seed)
        last: list[Any] | None = None
        for text in self.storage.moves(table):
            before, move = state, module.parse_move(state, text)
            state, events = module.apply_events(before, move)
            seen = list(seen_move(module, before, move, events, viewer)[1])
            last = seen if module.current_player(before) >= 0 else (last or []) + seen
        names = [name or "" for name in self.get(f"/api/tables/{table}")["names"]]
        svg: str = module.render_svg(state, player=viewer, names=names, highlight=last)
        return svg

    def state(self, table: str) -> Any:
        """The table's state recomputed here from its stored seed, rules and moves."""
        row = self.storage.table(table)
        module = get_game(row.game)
        state = module.new_game(jsonio.rules_from_data(module.Rules, json.loads(row.rules)),
                                seed=row.seed)
        for text in self.storage.moves(table):
            state = module.apply(state, module.parse_move(state, text))
        return state


def sheet_text(sheet: ScoreSheet) -> str:
    """The end box's text as the page builds it from the ``end``'s ``sheet``."""
    text = ""
    for row in sheet.rows:
        text += (f"{ordinal(row.place)} {row.name}{' (you)' if row.you else ''} score "
                 f"{row.score}{' winner' if row.winner else ''}")
        text += "".join(f"{part.what}: {part.sums}{f' · {part.note}' if part.note else ''}"
                        for part in row.parts)
    return text


def until(condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("server") / "tables.db")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browsers(chromium: Callable[..., Any]) -> tuple[Any, Any]:
    return chromium(), chromium()


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("AMIGO_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def docs_bot() -> Callable[..., dict[str, Any]]:
    """``play_seat`` of the Game server page's bot example (so the docs' bot is the one
    playing here)."""
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "def play_seat" in b)
    namespace: dict[str, Any] = {"__name__": "docs_bot"}
    exec(compile(block, "docs/server.md", "exec"), namespace)
    play_seat: Callable[..., dict[str, Any]] = namespace["play_seat"]
    return play_seat


# ---------------------------------------------------------------- reading a page

BOARD = """
const done = arguments[arguments.length - 1];
const board = document.getElementById("board");
if (!board.src) { done(null); return; }
fetch(board.src).then((r) => r.text()).then(done, () => done(null));
"""
EVERYTHING = """
const attributes = [...document.querySelectorAll("*")].flatMap(
  (e) => [...e.attributes].map((a) => a.value));
const resources = performance.getEntriesByType("resource").map((e) => e.name);
return [document.documentElement.textContent, attributes.join("\\n"), resources.join("\\n"),
        location.search, JSON.stringify(localStorage)].join("\\n");
"""
PREVIEWS = """
return [...document.querySelectorAll("#moves .preview")].map((e) => e.textContent);
"""
MOVES = """
const box = document.getElementById("moves-box");
if (!box || box.hidden) return null;
return [...document.querySelectorAll("#moves button")].map(
  (b) => [b.querySelector(".notation").textContent, b.disabled]);
"""


def play_url(live: LiveServer, table: str, seat: int, token: str) -> str:
    return f"{live.base}/play/{table}/{seat}#{token}"


def open_moves(driver: Any) -> list[str] | None:
    """The notation of the move buttons the page offers now, or None if it offers none."""
    shown = driver.execute_script(MOVES)
    if not shown or any(disabled for _, disabled in shown):
        return None
    return [notation for notation, _ in shown]


def board_is(picture: str) -> Callable[[Any], bool]:
    """Whether a page shows ``picture`` as its board, byte for byte."""
    return lambda driver: bool(driver.execute_async_script(BOARD) == picture)


def log_is(lines: list[str]) -> Callable[[Any], bool]:
    """Whether a page's log is ``lines``."""
    return lambda driver: log_lines(driver) == lines


def log_lines(driver: Any) -> list[str]:
    lines: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('#log li')].map((li) => li.textContent);")
    return lines


def shown(driver: Any) -> bool:
    """Whether a table page has drawn its board and its players."""
    drawn: bool = driver.execute_script("""
        const board = document.getElementById("board");
        return board.complete && board.naturalWidth > 0
          && document.querySelectorAll("#players li").length > 0;""")
    return drawn


def status(driver: Any) -> str:
    text: str = driver.find_element(By.ID, "status").text
    return text


def wait_for(driver: Any, condition: Callable[[Any], Any], what: str) -> Any:
    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(condition)
    except TimeoutException:
        raise AssertionError(f"timed out waiting for {what}; status {status(driver)!r}") from None


def choose(live: LiveServer, table: str, driver: Any, index: int, *, by_keys: bool) -> None:
    """Pick the page's move ``index`` (0-based) by its button, or by typing its number;
    it is played (stored) as offered."""
    offered = open_moves(driver)
    assert offered is not None
    played = len(live.storage.moves(table))
    if by_keys:
        number = str(index + 1)
        ActionChains(driver).send_keys(
            number + ("" if int(number) * 10 > len(offered) else Keys.ENTER)).perform()
    else:
        driver.find_elements(By.CSS_SELECTOR, "#moves button")[index].click()
    until(lambda: len(live.storage.moves(table)) > played, "the move to be played")
    assert live.storage.moves(table)[played] == offered[index]


def other_hands_changed(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with every hand but ``seat``'s redealt from the cards ``seat`` cannot
    see (those hands and the draw pile), hand sizes kept: a table that differs from
    ``state`` only in what ``seat`` cannot see."""
    others = [p for p in range(len(state.hands)) if p != seat]
    unseen = [card for p in others for card in state.hands[p]]
    unseen += [card for card, count in zip(CARDS, state.pile, strict=True) for _ in range(count)]
    for _ in range(50):
        rng.shuffle(unseen)
        hands, rest = list(state.hands), list(unseen)
        for p in others:
            size = len(state.hands[p])
            hands[p] = tuple(sorted(rest[:size], key=CARDS.index))
            rest = rest[size:]
        if hands != list(state.hands):
            counts = Counter(rest)
            return attrs.evolve(state, hands=tuple(hands),
                                pile=tuple(counts[card] for card in CARDS))
    return None


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("layout", [
    pytest.param(SHORT_TRACK, id="six-tiles"),
    pytest.param(None, id="the-whole-box", marks=pytest.mark.slow),
])
def test_two_browsers_and_a_remote_bot_play_hoch_to_the_end_each_seeing_only_its_cards(
    live: LiveServer, browsers: tuple[Any, Any], screenshots: Path,
    layout: tuple[str, ...] | None
) -> None:
    rules = verflixxt_hoch.Rules(players=3, layout=layout)
    created = live.create(rules, ["human", "human", "remote"], seed=11)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    bot_end: dict[str, Any] = {}
    random.seed(2)  # the docs' bot plays random.choice
    bot = threading.Thread(daemon=True, target=lambda: bot_end.update(
        docs_bot()(live.socket_url(table, 2, tokens[2]), name="docs bot")))
    bot.start()
    pages = dict(enumerate(browsers))
    for seat, driver in pages.items():
        driver.get_log("browser")  # what earlier pages logged
        driver.set_window_size(1200, 900)
        driver.get(play_url(live, table, seat, tokens[seat]))
    rng = random.Random(5)
    turns = private_lines = 0
    deadline = time.monotonic() + 600  # a guard against a hang, not a speed limit
    while not all(d.find_element(By.ID, "end-box").is_displayed() for d in pages.values()):
        assert time.monotonic() < deadline, "the game did not end in time"
        mover = next((s for s, d in pages.items() if open_moves(d) is not None), None)
        if mover is None:
            time.sleep(0.05)
            continue
        state = live.state(table)
        assert verflixxt_hoch.current_player(state) == mover
        assert open_moves(pages[mover]) == [str(m) for m in verflixxt_hoch.legal_moves(state)]
        views = [live.get(f"/api/tables/{table}/seats/{s}", tokens[s]) for s in range(3)]
        lines = [[event["text"] for event in view["events"]] for view in views]
        names = [name or "" for name in live.get(f"/api/tables/{table}")["names"]]
        for seat, driver in pages.items():
            # the board is this seat's picture (named, the last move marked), and the same
            # whatever the others hold
            wait_for(driver, board_is(live.board(table, seat)), f"seat {seat}'s board")
            changed = other_hands_changed(state, seat, rng)
            if changed is not None:
                assert verflixxt_hoch.render_svg(changed, player=seat, names=names) == (
                    verflixxt_hoch.render_svg(state, player=seat, names=names))
            # the log is this seat's narration, whole; nothing only another seat reads
            wait_for(driver, log_is(lines[seat]), f"seat {seat}'s log")
            if seat != mover:  # says whose turn it is (the table's to_move), by name
                waiting = f"waiting for {names[mover]} since "
                wait_for(driver, lambda d, waiting=waiting: status(d).startswith(waiting),
                         f"seat {seat} to name {names[mover]} as the one to move")
            seen = driver.execute_script(EVERYTHING)
            # a line in the words of this seat's own preview of a move it may make ("you
            # play 2o: move pawn 2 → 4") is the seat's, though another seat read the same
            # words of its own move: not counted as leaked (the game's random play made
            # that happen now and then)
            previews = driver.execute_script(PREVIEWS)
            for other in range(3):
                if other != seat:
                    assert tokens[other] not in seen
                    private = {line for line in set(lines[other]) - set(lines[seat])
                               if not any(line in preview for preview in previews)}
                    private_lines += len(private)
                    assert not [line for line in private if line in seen]
            assert "token" not in driver.execute_script(
                "return performance.getEntriesByType('resource').map((e) => e.name).join()")
            assert driver.find_element(By.ID, "board").get_attribute("src").startswith("blob:")
        if turns == 0:
            wait_for(pages[mover], shown, "the page drawn")
            pages[mover].save_screenshot(str(screenshots / "play-1200.png"))
        choose(live, table, pages[mover], rng.randrange(len(verflixxt_hoch.legal_moves(state))),
               by_keys=turns % 2 == 1)
        turns += 1
    bot.join(WAIT)
    final = live.state(table)
    assert verflixxt_hoch.current_player(final) < 0 and turns >= 10 and private_lines > 0
    record = live.get(f"/api/tables/{table}/record")
    assert record["moves"] == live.storage.moves(table)
    winners = list(verflixxt_hoch.winners(final))
    assert bot_end["winners"] == winners
    names = live.get(f"/api/tables/{table}")["names"]
    for seat, driver in pages.items():
        explanation = driver.find_element(By.ID, "explanation").get_attribute("textContent")
        assert explanation == sheet_text(score_sheet(verflixxt_hoch, final, seat, names=names))
        assert driver.find_element(By.ID, "again").is_displayed()
        assert driver.find_element(By.ID, "winners").text.startswith("Winner")
    pages[0].save_screenshot(str(screenshots / "play-over-1200.png"))
    for driver in pages.values():  # no error, no breach of the pages' security policy
        assert [entry["message"] for entry in driver.get_log("browser")] == []
    # the spectators' page: the public picture, every move told
    watcher = pages[1]
    watcher.get(f"{live.base}/watch/{table}")
    wait_for(watcher, board_is(live.board(table, SPECTATOR)), "the public board")
    wait_for(watcher, lambda d: len(log_lines(d)) == len(record["moves"]), "the public log")
    names = live.get(f"/api/tables/{table}")["names"]
    assert names == ["Guest 0", "Guest 1", "docs bot"]
    by_name = " and ".join(names[w] for w in winners)
    wait_for(watcher, lambda d: d.find_element(By.ID, "winners").text.endswith(by_name),
             "the winners by name")
    watcher.save_screenshot(str(screenshots / "watch-1200.png"))


def against_a_bot(live: LiveServer, driver: Any, seed: int) -> tuple[str, str]:
    """A short hoch² table, a person (seat 0) against our random agent, opened as seat 0 in
    ``driver`` until it is seat 0's turn: the table's id and seat 0's token."""
    rules = verflixxt_hoch.Rules(players=2, layout=SHORT_TRACK)
    created = live.create(rules, ["human", "agent:random"], seed=seed)
    table, token = created["table"], created["seats"][0]["token"]
    driver.get(play_url(live, table, 0, token))
    wait_for(driver, open_moves, "seat 0's turn")
    assert driver.title == "(your turn) Verflixxt hoch² · amigo-rules"
    return table, token


def test_a_reload_and_a_server_restart_keep_the_seat(
    live: LiveServer, browsers: tuple[Any, Any]
) -> None:
    driver, second = browsers
    driver.set_window_size(1200, 900)
    table, token = against_a_bot(live, driver, seed=3)
    choose(live, table, driver, 0, by_keys=False)
    moves = wait_for(driver, open_moves, "our next turn")
    log = log_lines(driver)
    assert log
    driver.refresh()
    assert wait_for(driver, open_moves, "our turn after the reload") == moves
    assert log_lines(driver) == log
    # the seat opened in a second window moves there; the first one says so and stops
    second.get(play_url(live, table, 0, token))
    assert wait_for(second, open_moves, "our turn in the second window") == moves
    wait_for(driver, lambda d: "another window" in status(d), "the first window to give up")
    assert open_moves(driver) is None
    second.get("about:blank")
    driver.refresh()
    assert wait_for(driver, open_moves, "our turn back in the first window") == moves
    live.stop()
    wait_for(driver, lambda d: "reconnecting" in status(d), "the page to say it reconnects")
    assert open_moves(driver) is None
    live.start()
    assert wait_for(driver, open_moves, "our turn after the restart") == moves
    assert log_lines(driver) == log
    choose(live, table, driver, len(moves) - 1, by_keys=True)


def test_the_pages_fit_a_400_px_window(
    live: LiveServer, browsers: tuple[Any, Any], screenshots: Path
) -> None:
    driver = browsers[0]
    driver.set_window_size(400, 900)
    table, token = against_a_bot(live, driver, seed=4)
    for name, path in (("lobby", "/"), ("watch", f"/watch/{table}"),
                       ("play", f"/play/{table}/0#{token}")):
        driver.get(live.base + path)
        if name == "lobby":  # create a table: its seats' links are shown
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#tables a"),
                     "the tables")
            driver.find_element(By.CSS_SELECTOR, "#create button.primary").click()
            links = wait_for(driver, lambda d: d.find_elements(
                By.CSS_SELECTOR, "#created-seats input.url"), "the new seats' links")
            new = driver.find_element(By.ID, "created-id").text
            assert live.get(f"/api/tables/{new}")["seats"][2]["kind"] == "agent:random"
            assert [link.get_attribute("value").split("#")[0] for link in links] == [
                f"{live.base}/play/{new}/{seat}" for seat in (0, 1)]
            for seat, link in enumerate(links):  # each link's token grants its seat
                granted = link.get_attribute("value").split("#")[1]
                assert "observation" in live.get(f"/api/tables/{new}/seats/{seat}", granted)
            driver.execute_script("document.getElementById('created').scrollIntoView()")
        else:
            wait_for(driver, shown, "the page drawn")
        if name == "play":
            wait_for(driver, open_moves, "our turn")
        width = driver.execute_script("return window.innerWidth")
        assert width <= 400
        assert driver.execute_script(
            "return document.documentElement.scrollWidth") <= width, f"{name} scrolls sideways"
        outside = driver.execute_script("""
            return [...document.querySelectorAll("button, img, input, select")]
              .map((e) => e.getBoundingClientRect())
              .filter((r) => r.width > 0 && (r.left < 0 || r.right > window.innerWidth)).length;
        """)
        assert outside == 0, f"{name}: {outside} controls stick out"
        driver.save_screenshot(str(screenshots / f"{name}-400.png"))
    buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button")
    assert buttons and all(b.is_displayed() and b.size["height"] >= 24 for b in buttons)
    driver.set_window_size(1200, 900)
    driver.get(live.base + "/")
    driver.save_screenshot(str(screenshots / "lobby-1200.png"))


def test_a_hostile_name_shows_as_text(live: LiveServer, browsers: tuple[Any, Any]) -> None:
    rules = verflixxt_hoch.Rules(players=2, layout=SHORT_TRACK)
    created = live.create(rules, ["human", "remote"], seed=6)
    table, tokens = created["table"], [s["token"] for s in created["seats"]]
    driver = browsers[1]
    with connect(live.socket_url(table, 1, tokens[1])) as bot:
        assert json.loads(bot.recv(timeout=WAIT))["type"] == "hello"
        bot.send(json.dumps({"type": "ready", "name": HOSTILE}))
        until(lambda: live.get(f"/api/tables/{table}")["names"][1] == HOSTILE,
              "the server to take the name")
        for path in (f"/play/{table}/0#{tokens[0]}", f"/watch/{table}"):
            driver.get(live.base + path)
            wait_for(driver, lambda d: HOSTILE in d.find_element(
                By.ID, "players").get_attribute("textContent"), f"the name in {path}")
            assert driver.execute_script(
                "return window.pwned === undefined && document.querySelectorAll("
                "'script:not([src]), img:not(#board)').length === 0")


def test_the_spectators_page_shows_only_what_is_public(
    live: LiveServer, browsers: tuple[Any, Any]
) -> None:
    player = browsers[0]
    table, token = against_a_bot(live, player, seed=8)
    choose(live, table, player, 0, by_keys=False)
    wait_for(player, open_moves, "seat 0's next turn")  # the table waits for seat 0 now
    watcher = browsers[1]
    watcher.get(f"{live.base}/watch/{table}")
    wait_for(watcher, board_is(live.board(table, SPECTATOR)), "the public board")
    mine = [event["text"] for event in live.get(f"/api/tables/{table}/seats/0", token)["events"]]
    public = wait_for(watcher, lambda d: len(log_lines(d)) == len(mine) and log_lines(d),
                      "the public log")
    private = [line for line, told in zip(mine, public, strict=True) if line != told]
    seen = watcher.execute_script(EVERYTHING)
    assert private and not [line for line in private if line in seen] and token not in seen


def test_a_refused_move_shows_why_and_can_be_chosen_again(
    live: LiveServer, browsers: tuple[Any, Any]
) -> None:
    driver = browsers[0]
    table, _ = against_a_bot(live, driver, seed=9)
    moves = open_moves(driver)
    played = len(live.storage.moves(table))
    driver.execute_script("""  // the next move goes out stale, once
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (text) {
          WebSocket.prototype.send = send;
          const message = JSON.parse(text);
          message.move_number += 1000;
          return send.call(this, JSON.stringify(message));
        };""")
    driver.find_elements(By.CSS_SELECTOR, "#moves button")[0].click()
    assert wait_for(driver, open_moves, "the moves again") == moves
    assert "stale move_number" in log_lines(driver)[-1]
    assert len(live.storage.moves(table)) == played
    choose(live, table, driver, 0, by_keys=True)


def test_a_link_without_its_token_or_with_a_wrong_one_says_so(
    live: LiveServer, browsers: tuple[Any, Any]
) -> None:
    rules = verflixxt_hoch.Rules(players=2, layout=SHORT_TRACK)
    table = live.create(rules, ["human", "human"], seed=10)["table"]
    driver = browsers[0]
    driver.get(f"{live.base}/play/{table}/0")
    wait_for(driver, lambda d: "link is incomplete" in status(d), "the missing token told")
    driver.get(f"{live.base}/play/{table}/0#not-the-token")  # a new fragment: a new seat
    wait_for(driver, lambda d: "refused this seat" in status(d), "the wrong token told")
    assert "does not grant this seat" in status(driver) and open_moves(driver) is None
