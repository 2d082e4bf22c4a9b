"""The pages about language and rules: the language switch and each game's rules summary;
the site's icon."""

from __future__ import annotations

import functools
import re
from importlib import resources

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markdown_it import MarkdownIt

from meeple.engine.registry import game_names
from meeple.i18n import LANGUAGES, SOURCE_LANGUAGE
from meeple.server.routes.dependencies import Language, Templates
from meeple.web.language import LANGUAGE_COOKIE, local_path

#: How long the language choice is kept.
LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600


router = APIRouter()


@router.get("/lang/{code}")
async def switch_language(request: Request, code: str, next: str = "/") -> Response:
    """Keeps the chosen language in a cookie and goes back to the page it was chosen on."""
    if code not in LANGUAGES:
        raise HTTPException(404, f"no language {code!r}; there are {', '.join(LANGUAGES)}")
    response = RedirectResponse(local_path(next), status_code=303)
    response.set_cookie(
        LANGUAGE_COOKIE,
        code,
        samesite="lax",
        secure=request.url.scheme == "https",
        max_age=LANGUAGE_COOKIE_SECONDS,
    )
    return response


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> Response:
    """The site's icon where a browser looks for it without the pages' link (SVG)."""
    icon = resources.files("meeple.web").joinpath("static", "favicon.svg").read_bytes()
    return Response(icon, media_type="image/svg+xml")


@router.get("/rules/{game}", response_class=HTMLResponse, name="rules_page")
async def rules_page(
    request: Request, game: str, templates: Templates, reader: Language
) -> Response:
    if game not in game_names():
        raise HTTPException(404, f"no game {game!r}")
    return templates.TemplateResponse(
        request, "rules.html", {"game": game, "summary": rules_html(game, reader)}
    )


@functools.cache
def rules_html(game: str, language: str) -> str:
    """The game's rules summary in `language` (English where it has none), as HTML.

    Each summary is one Markdown file per language (``rules/<game>/<language>.md``): it is
    prose written as a whole in each language, not sentences to translate one by one, and a
    translator edits it as a text. Raw HTML in it is not passed through."""
    folder = resources.files("meeple.web").joinpath("rules", game)
    source = folder.joinpath(f"{language}.md")
    if not source.is_file():
        source = folder.joinpath(f"{SOURCE_LANGUAGE}.md")
    html: str = MarkdownIt("commonmark", {"html": False}).render(source.read_text(encoding="utf-8"))
    return _with_part_ids(html, part_ids(game))


#: A part of a rules summary: a paragraph that begins with its name in bold ("**A turn.**").
PART = re.compile(r"^\*\*([^*]+?)\.?\*\*", re.MULTILINE)


@functools.cache
def part_ids(game: str) -> tuple[str, ...]:
    """The ids of the parts of `game`'s rules summary, from the English summary's bold
    names ("**A turn.**" is ``a-turn``). Every language's summary has the same parts in the
    same order, so the n-th part gets the n-th id in each, and a link to a part (a
    tutorial's step) opens it in the reader's language."""
    source = resources.files("meeple.web").joinpath("rules", game, f"{SOURCE_LANGUAGE}.md")
    names = PART.findall(source.read_text(encoding="utf-8"))
    return tuple(re.sub(r"\W+", "-", name.lower()).strip("-") for name in names)


def _with_part_ids(html: str, ids: tuple[str, ...]) -> str:
    """`html` with the n-th paragraph that begins in bold given the n-th id."""
    parts = iter(ids)

    def named(_found: re.Match[str]) -> str:
        part = next(parts, None)
        return "<p><strong>" if part is None else f'<p id="{part}"><strong>'

    return re.sub(r"<p><strong>", named, html)
