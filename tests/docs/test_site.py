"""The documentation site as its readers see it: built once (strictly) into a temporary
directory and loaded in a real headless Chromium.

The browser test needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs
them) and selenium (the ``dev`` extra); without them it is skipped, saying why.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

from amigo_rules import GAMES

ROOT = Path(__file__).resolve().parents[2]
PAGES = {  # page -> the fewest pictures it shows
    "games/verflixxt": 8,
    "games/verflixxt_hoch": 8,
    "games/exxtra": 8,
    "concepts": 4,
    "play/verflixxt": 4,
    "play/verflixxt_hoch": 3,
    "play/exxtra": 3,
}


def test_no_game_module_hides_a_public_name():
    """A submodule named like a public function (``observation.py`` beside
    ``observation()``) hides the function from the API reference: there must be none."""
    for game in GAMES:
        package = importlib.import_module(f"amigo_rules.{game}")
        submodules = {info.name for info in pkgutil.iter_modules(package.__path__)}
        assert not submodules & set(package.__all__), game


def test_the_build_log_shows_only_real_messages(built):
    """The line anchors of the test source pages exist: MkDocs must not report each
    *Tested by* link as pointing to a missing anchor (hundreds of INFO lines)."""
    _, log = built
    assert "#__codelineno-" not in log
    assert "does not contain an anchor" not in log


@pytest.fixture(scope="module")
def browser(chromium):
    return chromium(1400, 1000)


LOADED = """
return document.readyState === "complete"
  && Array.from(document.images).every(img => img.complete);
"""
PICTURES = """
return Array.from(document.querySelectorAll("figure.picture img")).map(img => {
  const box = img.getBoundingClientRect();
  return [img.getAttribute("src"), img.complete, img.naturalWidth, box.width, box.height];
});
"""
NO_SIDEWAYS = """
return document.documentElement.scrollWidth <= window.innerWidth;
"""
OPEN_DETAILS = """
return Array.from(document.querySelectorAll("details.tested-by"))
  .map(d => [d.open, d.previousElementSibling ? d.previousElementSibling.tagName : ""]);
"""


def test_the_site_shows_pictures_and_keeps_tested_by_closed(site, browser):
    """Each game page and the concepts page show their pictures, loaded and drawn at a
    real size, and at 400 px wide still large enough for 9 px text (scrolling sideways in
    their frame, not the page); every *Tested by* block is closed on load and follows its
    rule's text; the API reference of every game lists each public name."""
    from selenium.webdriver.support.ui import WebDriverWait

    def load(page: Path) -> None:
        browser.get(page.as_uri())
        WebDriverWait(browser, 60).until(
            lambda b: b.current_url == page.as_uri() and b.execute_script(LOADED))

    for page, fewest in PAGES.items():
        load(site / page / "index.html")
        pictures = browser.execute_script(PICTURES)
        assert len(pictures) >= fewest, (page, pictures)
        for picture in pictures:
            _, complete, natural, width, height = picture
            assert complete and natural > 0 and width > 200 and height > 100, (page, picture)
        details = browser.execute_script(OPEN_DETAILS)
        if page.startswith("games/"):
            assert details, page
        for is_open, before in details:
            assert not is_open, (page, details)
            assert before not in ("H2", "H3"), (page, details)  # the rule's text first
    browser.set_window_size(400, 1000)
    for page in PAGES:
        load(site / page / "index.html")
        for _, _, _, width, _ in browser.execute_script(PICTURES):
            # the smallest text of a picture is 12 of its 768 units: 9 px or more
            assert width * 12 / 768 >= 9, (page, width)
        assert browser.execute_script(NO_SIDEWAYS), page
    browser.set_window_size(1400, 1000)
    for game in GAMES:
        load(site / "reference" / game / "index.html")
        ids = set(browser.execute_script(
            "return Array.from(document.querySelectorAll('h3[id]')).map(h => h.id)"))
        package = importlib.import_module(f"amigo_rules.{game}")
        missing = {name for name in package.__all__ if f"amigo_rules.{game}.{name}" not in ids}
        assert not missing, (game, sorted(missing), len(ids))


HOME_CARDS = """
return Array.from(document.querySelectorAll(".grid.home > .card")).map(card => {
  const box = card.getBoundingClientRect();
  const img = card.querySelector("figure.picture img");
  const link = card.querySelector("h3 a");
  return [link ? link.getAttribute("href") : null, box.top, box.bottom,
          img ? [img.complete, img.naturalWidth, img.getBoundingClientRect().height] : null];
});
"""


def test_the_home_page_shows_every_capability_on_one_screen(site, browser):
    """The home page: a card per capability, each with a heading that links to its page and
    a picture that loaded; at 1,400 px the cards sit in two rows of four, all on a screen
    of 1,000 px; at 400 px they stack, and nothing scrolls sideways."""
    from selenium.webdriver.support.ui import WebDriverWait

    page = (site / "index.html").as_uri()
    for width in (1400, 400):
        browser.set_window_size(width, 1000)
        browser.get(page)
        WebDriverWait(browser, 60).until(
            lambda b: b.current_url == page and b.execute_script(LOADED))
        cards = browser.execute_script(HOME_CARDS)
        assert len(cards) == 8, cards
        for href, _, _, picture in cards:
            assert href and (site / href.split("#")[0]).exists(), href
            assert picture is not None and picture[0] and picture[1] > 0, (href, picture)
            assert picture[2] > 80, (width, href, picture)
        assert browser.execute_script(NO_SIDEWAYS), width
        if width == 1400:
            tops = sorted({round(top) for _, top, _, _ in cards})
            assert len(tops) == 2, tops
            viewport = browser.execute_script("return window.innerHeight")
            assert max(bottom for _, _, bottom, _ in cards) <= viewport, cards
    browser.set_window_size(1400, 1000)


WIDE_TABLES = """
return Array.from(document.querySelectorAll('.md-content table')).filter(t => {
  const wrap = t.closest('.md-typeset__scrollwrap');
  return t.scrollWidth > t.clientWidth + 1 || (wrap && wrap.scrollWidth > wrap.clientWidth + 40);
}).map(t => (t.querySelector('th') || t).textContent.trim().slice(0, 40));
"""


def test_no_table_scrolls_sideways(site, browser):
    """At 1,400 px (a desktop) and 400 px (a phone) every table fits the text column, so no
    column (the tournaments' ratings, say) is hidden behind a scroll bar."""
    from selenium.webdriver.support.ui import WebDriverWait

    pages = ["games/verflixxt", "games/verflixxt_hoch", "games/exxtra", "tournaments", "bots",
             "ladder", "rl", "frameworks", "notation", "batch", "getting-started", "protocol",
             "engines", "sources", "contributing"]
    for width in (1400, 400):
        browser.set_window_size(width, 1000)
        for page in pages:
            url = (site / page / "index.html").as_uri()
            browser.get(url)
            WebDriverWait(browser, 60).until(
                lambda b, url=url: b.current_url == url and b.execute_script(LOADED))
            assert browser.execute_script(WIDE_TABLES) == [], (width, page)
