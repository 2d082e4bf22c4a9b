"""A scan of what a player reads on every page (its text, and what shows on hovering or what a
screen reader says: tooltips, placeholders, accessible names), in all five languages: the
lobby, the created page with its invite links, the join page, both games' table pages in play
(as a seat and as a spectator), a finished game's page with its result panel and score sheet,
its replay, "my games", the error pages and the rules pages. None of them shows "Version", raw
JSON, an underscore (outside the links to copy), a program's id (such as ``hex:C4`` or a bot
spec ``ismcts:400i``), a rule id (such as TIK-4) outside the rules help, or, on a page in
another language, an English word.

An English word is a word of the English texts (the catalogues' message ids and the English
rules) that none of the language's own texts (its translations and rules) uses, and that is
not a name or a game's title (`SAME_IN_EVERY_LANGUAGE`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from browsing import DESKTOP, WAIT_MS
from playwright.sync_api import Page
from test_browser_screenshots import MID_PLAY_MOVES, NAMES, tables  # noqa: F401 (a fixture)

from meeple.i18n import LANGUAGES
from meeple.server.app import cookie_name
from meeple.web.language import LANGUAGE_COOKIE

SOURCE = Path(__file__).resolve().parents[2] / "src" / "meeple"
LOCALE = SOURCE / "locale"
RULES = SOURCE / "web" / "rules"
DOMAINS = ("pages", "tikal", "altiplano")

#: Names, titles and words a player reads the same in every language.
SAME_IN_EVERY_LANGUAGE = {
    *(name.lower() for name in NAMES),
    "meeple",
    "tikal",
    "altiplano",
    "english",  # the language menu names each language in its own words
    "deutsch",
    "français",
    "português",
    "ok",
}

WORD = re.compile(r"[^\W\d_]+")
RULE_ID = re.compile(r"\b(?:TIK|ALT)-\d+")
RAW_JSON = re.compile(r'[{\[]\s*"|"\w+"\s*:')
LINK = re.compile(r"https?://\S+")
#: An id made for programs: a lower-case word, a colon and more without a space between.
PROGRAM_ID = re.compile(r"\b[a-z]+:[A-Za-z0-9][\w-]*")


def words_of(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text)}


def catalogue_words(language: str) -> set[str]:
    """The words of the texts in `language`: for English the message ids, else the
    translations; with the rules summaries."""
    found: set[str] = set()
    for domain in DOMAINS:
        if language == "en":
            path = LOCALE / f"{domain}.pot"
        else:
            path = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as handle:
            catalogue = read_po(handle)
        for message in catalogue:
            texts = message.id if language == "en" else message.string
            for text in texts if isinstance(texts, tuple | list) else (texts,):
                found |= words_of(re.sub(r"%\(\w+\)s|\{\w+\}", " ", text or ""))
    for rules in RULES.glob(f"*/{language}.md"):
        found |= words_of(rules.read_text())
    return found


def problems_of(text: str, language: str, where: str, rules_help: bool = False) -> list[str]:
    found = []
    if "Version" in text:
        found.append(f"{where}: 'Version'")
    if RAW_JSON.search(text):
        found.append(f"{where}: raw JSON near {RAW_JSON.search(text)[0]!r}")  # type: ignore[index]
    without_links = LINK.sub(" ", text)
    if "_" in without_links:
        at = without_links.index("_")
        found.append(f"{where}: '_' in {without_links[max(0, at - 30) : at + 30]!r}")
    if PROGRAM_ID.search(without_links):
        found.append(f"{where}: an id {PROGRAM_ID.search(without_links)[0]!r}")  # type: ignore[index]
    if not rules_help and RULE_ID.search(text):
        found.append(f"{where}: rule id {RULE_ID.search(text)[0]}")  # type: ignore[index]
    if language != "en":
        english = ENGLISH - OWN[language] - SAME_IN_EVERY_LANGUAGE
        strays = sorted(words_of(without_links) & english)
        if strays:
            found.append(f"{where}: English words {strays}")
    return found


ENGLISH = catalogue_words("en")
OWN = {language: catalogue_words(language) for language in LANGUAGES if language != "en"}


#: What a player reads: the page's text, and the texts shown on hovering or said by a screen
#: reader (tooltips, placeholders, accessible names, the titles of drawings).
READ = """() => [document.body.innerText,
  ...[...document.querySelectorAll("[title], [placeholder], [aria-label], [alt]")].flatMap(
    (node) => ["title", "placeholder", "aria-label", "alt"].map((name) => node.getAttribute(name))),
  ...[...document.querySelectorAll("svg title")].map((node) => node.textContent),
].filter(Boolean).join("\\n")"""


def read(page: Page) -> str:
    return page.evaluate(READ)


def drawn(page: Page, version: int | None = None) -> None:
    """Until a table page shows its position (the given version, where known) on its board."""
    if version is None:
        page.wait_for_function("document.getElementById('version').textContent !== ''")
    else:
        page.wait_for_function(
            "v => document.getElementById('version').textContent === String(v)", arg=version
        )
    page.wait_for_function("document.querySelector('#board').childElementCount > 0")


@pytest.mark.timeout(600)
def test_no_page_in_any_language_shows_developer_words_or_english(browser, tables):  # noqa: F811
    problems: list[str] = []
    for language in LANGUAGES:
        context = browser.new_context(base_url=tables.url, viewport=DESKTOP)
        context.set_default_timeout(WAIT_MS)
        context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": tables.url}])
        page = context.new_page()

        def scan(
            name: str, rules_help: bool = False, page: Page = page, language: str = language
        ) -> None:
            assert page.locator("html").get_attribute("lang") == language, name
            problems.extend(problems_of(read(page), language, f"{language} {name}", rules_help))

        page.goto("/")
        page.locator("details").first.evaluate("d => d.open = true")
        scan("lobby")
        for game in ("tikal", "altiplano"):
            page.goto(f"/rules/{game}")
            scan(f"{game} rules", rules_help=True)

        # A table with invite links, as a creator sees it, and a friend's join page.
        page.goto("/")
        with page.expect_navigation():
            page.locator("form[enctype]").first.evaluate("form => form.submit()")
        scan("created page")
        invite = page.locator("a[href*='/join/']").first.get_attribute("href") or ""
        page.goto(invite)
        scan("join page")

        # Spectators of each game in play and at its end, and its replay.
        for game in sorted(MID_PLAY_MOVES):
            table, _ = tables.mid_play[game]
            page.goto(f"/tables/{table}")
            drawn(page, MID_PLAY_MOVES[game])
            scan(f"{game} spectator")
            finished, _ = tables.finished[game]
            page.goto(f"/tables/{finished}/replay")
            page.wait_for_selector("#table[data-ready]")
            scan(f"{game} replay")

        # Errors: no such table, an invite link that opens no seat.
        page.goto("/tables/Zq7Xk2Pw9vRt")
        scan("unknown table")
        table, _ = tables.mid_play["tikal"]
        page.goto(f"/join/{table}/not-the-secret")
        scan("wrong invite")

        # Seat 1 at each game in play and at its end, and "my games".
        for game in sorted(MID_PLAY_MOVES):
            moments = ((tables.mid_play, MID_PLAY_MOVES[game]), (tables.finished, None))
            for which, version in moments:
                table, session = which[game]
                context.add_cookies(
                    [{"name": cookie_name(table), "value": session, "url": tables.url}]
                )
                page.goto(f"/tables/{table}")
                drawn(page, version)
                if version is None:
                    page.locator("#sheet table").wait_for()
                scan(f"{game} {'seat in play' if version else 'finished, result and sheet'}")
        page.goto("/games")
        scan("my games")
        context.close()
    assert not problems, "\n".join(problems)
