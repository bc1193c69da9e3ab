"""The replay page in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) driven by selenium opens the file, steps forward and back with the
arrow keys and the buttons, and the page shows the right position and narration.

Skipped, saying why, where selenium or the browser is not installed (``.ci/run``
installs the browser)."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from amigo_rules import GameRecord
from amigo_rules.cli import main


@pytest.fixture(scope="module")
def browser(chromium):
    return chromium()


def test_stepping_with_the_keyboard_and_the_buttons(browser, tmp_path, monkeypatch):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    played = runner.invoke(main, ["play", "exxtra", "--seed", "3", "--players", "3",
                                  "--save", "g.json"], input="2\n" * 300)
    assert played.exit_code == 0, played.output
    record = GameRecord.from_json(Path("g.json").read_text())
    assert record.winners  # a finished game: the replay shows everything and the result
    written = runner.invoke(main, ["replay", "g.json", "--html", "g.html"])
    assert written.exit_code == 0, written.output
    browser.get((tmp_path / "g.html").as_uri())

    def caption():
        return browser.find_element(By.ID, "caption").text

    def visible(selector):  # one round trip for the whole page
        return browser.execute_script(
            "return [...document.querySelectorAll(arguments[0])]"
            ".filter(e => e.offsetParent !== null)"
            ".map(e => e.dataset.frame + '|' + e.innerText)", selector)

    def visible_frames():
        return [item.split("|")[0] for item in visible("figure.frame")]

    def log():
        return [item.split("|", 1)[1] for item in visible("#log li")]

    total = len(record.moves)
    assert caption() == f"the start (the game has {total} moves)"
    assert visible_frames() == ["0"]
    assert log() == []
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert caption() == f"move 1 of {total}: chance: {record.moves[0]}"
    assert visible_frames() == ["1"]
    assert re.fullmatch(r"P0 rolls [1-7X]-[1-6X]: \d\d", log()[0])
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert caption().startswith(f"move 3 of {total}: ")
    assert visible_frames() == ["3"]
    body.send_keys(Keys.ARROW_LEFT)
    assert caption().startswith(f"move 2 of {total}: P0 (human): {record.moves[1]}")
    assert visible_frames() == ["2"]
    assert browser.find_element(By.ID, "slider").get_attribute("value") == "2"
    body.send_keys(Keys.END)
    assert caption().startswith(f"move {total} of {total}: ")
    assert any(re.match(r"(winner: P\d|no winner)", line) for line in log())
    browser.find_element(By.ID, "first").click()
    assert visible_frames() == ["0"] and log() == []
    browser.find_element(By.ID, "next").click()
    assert visible_frames() == ["1"]
    svg = browser.find_element(By.CSS_SELECTOR, 'figure.frame[data-frame="1"] svg')
    assert svg.size["width"] > 0 and svg.size["height"] > 0
