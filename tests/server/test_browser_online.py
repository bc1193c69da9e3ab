"""Online play in real headless Chromium browsers against a real server (uvicorn in a
thread): open seats taken from the lobby, the clock's time left, the chooser that leaves
once a move is sent, play again, my games. The whole evening — four browsers take the open
seats of a hoch² table with a 3-second clock, one stops clicking (the agent plays its moves,
the game ends), all four play the rematch to its end — is the slow test; its screenshots
are the server page's (``AMIGO_SCREENSHOTS=docs/img/server`` writes them there)."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the server extra is not installed")
pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from server_helpers import uvicorn_thread

SHORT_TRACK = ["+3", "-2", "+5", "-4", "+6", "-1"]
"""A hoch² track of six tiles: a short game."""
HOSTILE = '<img src=x onerror="window.pwned=1">Ann'
WAIT = 30.0
HIDDEN_TAB = """
Object.defineProperty(document, "hidden", { get: () => true });
window.notified = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title) { window.notified.push(title); }
};
"""
"""The page's tab hidden, and a notification that records its title."""
MOVES = """
const box = document.getElementById("moves-box");
if (!box || box.hidden) return null;
return [...document.querySelectorAll("#moves button")].length;
"""


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with uvicorn_thread(f"sqlite:///{tmp_path / 'tables.sqlite3'}") as url:
        yield url


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("AMIGO_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def api(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def wait_for(driver: Any, condition: Callable[[Any], Any], what: str,
             timeout: float = WAIT) -> Any:
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)
    except TimeoutException:
        status = driver.find_element(By.ID, "status").text
        raise AssertionError(f"timed out waiting for {what}; status {status!r}") from None


def offered(driver: Any) -> int | None:
    """How many moves the page offers now (None: the chooser is hidden)."""
    count: int | None = driver.execute_script(MOVES)
    return count


def take_seat(driver: Any, base: str, table: str, seat: int, name: str) -> None:
    """In the lobby: give ``name`` and press the table's "Take seat P{seat}"."""
    driver.get(base + "/")
    field = driver.find_element(By.ID, "lobby-name")
    field.clear()
    field.send_keys(name)
    driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", field)
    button = wait_for(driver, lambda d: next(iter(d.find_elements(
        By.XPATH, f"//li[a[contains(., '{table}')]]//button[text()='Take seat P{seat}']")),
        False), f"the button of seat {seat}")
    button.click()
    wait_for(driver, lambda d: f"/play/{table}/{seat}#" in d.current_url, "the seat's page")


def test_a_seat_taken_from_the_lobby_shows_its_clock_and_hides_the_chooser_once_it_moves(
    base: str, chromium: Callable[..., Any]
) -> None:
    driver = chromium(1200, 900)
    table = api(base, "/api/tables", {
        "game": "verflixxt_hoch", "rules": {"layout": SHORT_TRACK},
        "seats": ["open", "agent:random"], "clock": {"move_seconds": 600,
                                                     "on_timeout": "agent"}})["table"]
    take_seat(driver, base, table, 0, HOSTILE)
    wait_for(driver, offered, "our turn")
    clock = driver.find_element(By.ID, "clock")
    assert clock.is_displayed() and clock.text.endswith(" left") and "min" in clock.text
    names = wait_for(driver, lambda d: d.find_element(By.ID, "players").text, "the players")
    assert HOSTILE in names and "P0" not in names  # the name, as text
    chip = driver.find_element(By.CSS_SELECTOR, "#players li.you")
    assert chip.value_of_css_property("background-color") == "rgba(204, 51, 17, 1)"  # red
    notify = driver.find_element(By.ID, "notify")
    assert not notify.is_selected()  # off by default
    driver.execute_script(HIDDEN_TAB)
    hidden = driver.execute_script("""
        document.querySelector("#moves button").click();
        return document.getElementById("moves-box").hidden;""")
    assert hidden is True  # at once, before the server answers
    wait_for(driver, offered, "our next turn")  # it comes back with the next act
    assert driver.execute_script("return window.notified") == []  # (off)
    notify.click()  # one click on
    driver.execute_script("document.querySelector('#moves button').click()")
    wait_for(driver, offered, "our turn after that")
    assert driver.execute_script("return window.notified") == [
        "Your turn · Verflixxt hoch²"]
    driver.get(base + "/")
    mine = wait_for(driver, lambda d: d.find_element(By.ID, "my-games").text, "my games")
    assert table in mine and "P0" in mine
    facts = api(base, f"/api/tables/{table}")
    assert facts["seats"][0]["kind"] == "human" and facts["names"][0] == HOSTILE
    assert driver.execute_script("return window.pwned === undefined")
    assert [e["message"] for e in driver.get_log("browser")] == []


def test_at_400_px_the_moves_sit_under_the_board_and_the_board_stays_in_view(
    base: str, chromium: Callable[..., Any]
) -> None:
    driver = chromium(400, 800)
    table = api(base, "/api/tables", {
        "game": "verflixxt_hoch", "rules": {"layout": SHORT_TRACK},
        "seats": ["open", "agent:random"]})["table"]
    take_seat(driver, base, table, 0, "Ann")
    wait_for(driver, offered, "our turn")
    wait_for(driver, lambda d: d.execute_script(
        "return document.getElementById('board').naturalWidth > 0"), "the board")
    board, first = driver.execute_script("""
        const rect = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
        return [rect(document.getElementById("board")),
                rect(document.querySelector("#moves button"))];""")
    height = driver.execute_script("return window.innerHeight")
    assert board[1] <= first[0] < height  # the first move right under the board, in view
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    top, bottom, scrolled = driver.execute_script("""
        const r = document.getElementById("board").getBoundingClientRect();
        return [r.top, r.bottom, window.scrollY];""")
    # sticky: where the page scrolled past the board's place it stays at the top (else, a
    # short list of moves, it stands where it was), in view, at most half the height
    assert abs(top - max(0, board[0] - scrolled)) <= 1
    assert top >= 0 and bottom <= height and bottom - top <= height / 2 + 1


def test_the_lobby_offers_each_game_s_own_seat_kinds_and_sends_the_seed_exactly(
    base: str, chromium: Callable[..., Any]
) -> None:
    driver = chromium(1200, 900)
    driver.get(base + "/")
    game = wait_for(driver, lambda d: Select(d.find_element(By.ID, "new-game"))
                    if d.find_elements(By.CSS_SELECTOR, "#new-seats select") else False,
                    "the games")
    kinds = {}
    for name in ("verflixxt_hoch", "exxtra"):
        game.select_by_value(name)
        seat = Select(driver.find_elements(By.CSS_SELECTOR, "#new-seats select")[0])
        kinds[name] = [option.text for option in seat.options]
    assert "agent:heuristic" in kinds["exxtra"] and "agent:heuristic" not in kinds[
        "verflixxt_hoch"] and "open" in kinds["verflixxt_hoch"]
    game.select_by_value("verflixxt")
    for select in driver.find_elements(By.CSS_SELECTOR, "#new-seats select"):
        Select(select).select_by_visible_text("agent:random")
    driver.find_element(By.ID, "new-seed").send_keys("98765432109876543210")
    driver.find_element(By.CSS_SELECTOR, "#create button.primary").click()
    table = wait_for(driver, lambda d: d.find_element(By.ID, "created-id").text, "the table")
    deadline = time.monotonic() + 120  # a hang guard
    while (facts := api(base, f"/api/tables/{table}"))["status"] != "over":
        assert time.monotonic() < deadline, "the agents did not finish"
        time.sleep(0.1)
    assert facts["seed"] == 98765432109876543210  # not rounded to a JavaScript number


@pytest.mark.slow
def test_four_browsers_play_a_clocked_hoch_game_from_the_lobby_and_its_rematch(
    base: str, chromium: Callable[..., Any], screenshots: Path
) -> None:
    browsers = [chromium(1400, 900), chromium(1400, 900), chromium(1400, 900),
                chromium(400, 900)]
    names = ["Ann", "Bo", "Cy", "Di"]
    host = browsers[0]
    host.get(base + "/")
    game = wait_for(host, lambda d: Select(d.find_element(By.ID, "new-game"))
                    if d.find_elements(By.CSS_SELECTOR, "#new-seats select") else False,
                    "the games")
    game.select_by_value("verflixxt_hoch")
    host.find_element(By.ID, "add-seat").click()
    for select in host.find_elements(By.CSS_SELECTOR, "#new-seats select"):
        Select(select).select_by_visible_text("open")
    host.find_element(By.ID, "new-clock").send_keys("3")
    Select(host.find_element(By.ID, "new-timeout")).select_by_value("agent")
    host.find_element(By.CSS_SELECTOR, "details summary").click()
    host.find_element(By.ID, "new-rules").send_keys(json.dumps({"layout": SHORT_TRACK}))
    host.find_element(By.CSS_SELECTOR, "#create button.primary").click()
    table = wait_for(host, lambda d: d.find_element(By.ID, "created-id").text, "the table")
    host.find_element(By.ID, "refresh").click()
    wait_for(host, lambda d: d.find_elements(By.CSS_SELECTOR, "button.claim"), "open seats")
    host.save_screenshot(str(screenshots / "online-lobby-1400.png"))
    browsers[3].get(base + "/")
    wait_for(browsers[3], lambda d: d.find_elements(By.CSS_SELECTOR, "button.claim"),
             "open seats")
    browsers[3].save_screenshot(str(screenshots / "online-lobby-400.png"))
    for seat, driver in enumerate(browsers):
        take_seat(driver, base, table, seat, names[seat])
    stopped = 2  # Cy stops clicking
    played = play_to_the_end(browsers, stopped, screenshots)
    facts = api(base, f"/api/tables/{table}")
    assert facts["status"] == "over" and facts["seats"][stopped]["kind"] == "human"
    told = browsers[0].find_element(By.ID, "log").text
    assert "Cy's time ran out: greedy played this move" in told and played > 0
    browsers[0].save_screenshot(str(screenshots / "online-end-1400.png"))
    browsers[3].execute_script("document.getElementById('end-box').scrollIntoView()")
    browsers[3].save_screenshot(str(screenshots / "online-end-400.png"))
    for driver in browsers:  # everyone presses "play again"
        driver.find_element(By.ID, "again").click()
    rematch = wait_for(browsers[0], lambda d: d.current_url.split("/play/")[1].split("/")[0]
                       if table not in d.current_url else False, "the rematch")
    for seat, driver in enumerate(browsers):
        wait_for(driver, lambda d, seat=seat: f"/play/{rematch}/{seat}#" in d.current_url,
                 f"seat {seat} at the rematch")
    assert api(base, f"/api/tables/{table}")["rematch"] == rematch
    play_to_the_end(browsers, None, None)
    assert api(base, f"/api/tables/{rematch}")["status"] == "over"
    for seat, driver in enumerate(browsers):
        driver.get(base + "/")
        mine = wait_for(driver, lambda d: d.find_element(By.ID, "my-games").text, "my games")
        assert table in mine and rematch in mine and f"P{seat}" in mine
        assert [e["message"] for e in driver.get_log("browser")] == []


def play_to_the_end(browsers: list[Any], stopped: int | None, screenshots: Path | None
                    ) -> int:
    """Click the first move offered in every browser but ``stopped``'s until every page
    shows the end; the moves ``stopped`` was offered (the clock's agent played them)."""
    deadline = time.monotonic() + 600  # a hang guard
    skipped = clicks = 0
    offered_to_stopped: set[int] = set()
    while not all(d.find_element(By.ID, "end-box").is_displayed() for d in browsers):
        assert time.monotonic() < deadline, "the game did not end"
        for seat, driver in enumerate(browsers):
            if not offered(driver):
                continue
            if seat == stopped:
                offered_to_stopped.add(driver.execute_script(
                    "return document.querySelectorAll('#log li').length"))
                continue
            shot = screenshots / f"online-play-{1400 if seat == 0 else 400}.png" if (
                screenshots is not None and seat in (0, 3) and clicks >= 4) else None
            if shot is not None and not shot.exists():  # mid-game, its turn, the clock on
                driver.save_screenshot(str(shot))
            driver.execute_script("document.querySelector('#moves button').click()")
            clicks += 1
        time.sleep(0.05)
        skipped = len(offered_to_stopped)
    return skipped
