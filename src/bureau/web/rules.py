"""The rules in the app: ``/rules`` lists the games, ``/rules/{game}`` shows a game's page.

A game's page is the project's own ``docs/games/<game>.md``, the page the repository
shows, rendered with markdown-it-py. Installed, the pages travel in the package:
``bureau/web/rulebook`` is a link to ``docs/games`` that the build follows (the wheel
holds copies; the repository holds one source). Every rule id on a page (``ARI-07``,
``ARI-A17``, each id of a range ``ARI-12..21``) gets an element with that id, so that
``/rules/aristocracy#ARI-A17`` opens at the rule: where it is defined (a heading, or the
first cell of a table row, as in the rulings table) or else where the page first cites
it; every other mention links there.

Everywhere else a message that cites a rule (an event, a moderator's hint) links to it
through ``link_rules``; the browser does the same for the messages it is sent
(``static/bureau.js``, ``linked``).

>>> print(link_rules("no <b> here (NSE-23); see ARI-12..21"))
no &lt;b&gt; here (<a class="rule" href="/rules/noblesse#NSE-23">NSE-23</a>); see \
<a class="rule" href="/rules/aristocracy#ARI-12">ARI-12..21</a>
>>> rule_ids("NSE-07 .. NSE-09, ARI-A3")
['NSE-07', 'NSE-08', 'NSE-09', 'ARI-A03']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markupsafe import Markup, escape
from starlette.requests import Request

from bureau.engine import load
from bureau.server.service import ServiceError

HERE = Path(__file__).parent
# Each game's rule ids begin with its prefix (tests/test_rule_coverage.py counts them).
PREFIXES = {
    "ARI": "aristocracy",
    "NOB": "nobility",
    "DEC": "decrees",
    "SEA": "seabirds",
    "NSE": "noblesse",
}
GAMES = tuple(PREFIXES.values())
# An id, or a range of ids: ARI-07, ARI-A17, ARI-12..21, NSE-07 .. NSE-09, NOB-A04..A06.
RULE_ID = re.compile(rf"\b({'|'.join(PREFIXES)})-(A?)(\d+)\b(?:\s*\.\.\s*(?:\1-)?(A?)(\d+)\b)?")
MODERATOR_SECTION = "the-moderator"  # the heading "The moderator" of a moderated game


def _ids(m: re.Match) -> list[str]:
    """The ids a match names: one, or each of its range (a range from a rule to a ruling,
    or backwards, names only its first)."""
    prefix, ruling, first, ruling_end, last = m.groups()
    lo = int(first)
    hi = int(last) if last is not None and ruling_end == ruling and int(last) >= lo else lo
    return [f"{prefix}-{ruling}{n:02d}" for n in range(lo, min(hi, lo + 200) + 1)]


def rule_ids(text: str) -> list[str]:
    """Every rule id ``text`` names, ranges spelled out, in order."""
    return [rid for m in RULE_ID.finditer(text) for rid in _ids(m)]


def rule_href(rule_id: str) -> str:
    """``/rules/aristocracy#ARI-A17``."""
    return f"/rules/{PREFIXES[rule_id.split('-', 1)[0]]}#{rule_id}"


def link_rules(text) -> Markup:
    """``text`` escaped, with each rule id (or range) it cites as a link to the rule's
    anchor on its game's page (the first id of a range)."""
    text = "" if text is None else str(text)
    out, at = [], 0
    for m in RULE_ID.finditer(text):
        out.append(escape(text[at : m.start()]))
        href = escape(rule_href(_ids(m)[0]))
        out.append(Markup(f'<a class="rule" href="{href}">{escape(m.group())}</a>'))
        at = m.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)


# -- the pages ----------------------------------------------------------------------------------


def pages_dir() -> Path:
    """Where the games' pages are: in the package (installed, or a checkout's link to
    ``docs/games``), else beside the sources in a checkout."""
    for folder in (HERE / "rulebook", HERE.parents[2] / "docs" / "games"):
        if all((folder / f"{game}.md").is_file() for game in GAMES):
            return folder
    raise FileNotFoundError(
        f"the games' rules pages are missing: looked in {HERE / 'rulebook'} (installed"
        f" with the package) and {HERE.parents[2] / 'docs' / 'games'} (a checkout)"
    )


@dataclass(frozen=True)
class Page:
    """A game's rules page, rendered."""

    game: str
    title: str  # the page's first heading
    html: Markup
    anchors: frozenset[str]  # every rule id with an element of its own on the page
    sections: tuple[tuple[str, str], ...]  # (anchor, heading) of each second-level heading


def page(game: str) -> Page:
    """The rules page of ``game`` (rendered again only when its file changes)."""
    if game not in GAMES:
        raise KeyError(game)
    path = pages_dir() / f"{game}.md"
    return _render(game, path, path.stat().st_mtime_ns)


@lru_cache(maxsize=16)
def _render(game: str, path: Path, _mtime: int) -> Page:
    linker = _Linker()
    md = MarkdownIt("commonmark", {"html": False, "highlight": linker.code}).enable(
        ["table", "strikethrough"]
    )
    md.add_render_rule("text", lambda self, tokens, i, options, env: linker.text(tokens[i]))
    md.add_render_rule("code_inline", _code_inline(linker))
    md.add_render_rule("table_open", lambda *_: '<div class="scroll">\n<table>\n')
    md.add_render_rule("table_close", lambda *_: "</table>\n</div>\n")
    tokens = md.parse(path.read_text(encoding="utf-8"))
    title, sections = _headings(tokens)
    _local_links(tokens)
    linker.place(tokens)
    html = md.renderer.render(tokens, md.options, {})
    return Page(game, title, Markup(html), frozenset(linker.anchored), tuple(sections))


def _code_inline(linker: _Linker):
    def render(self, tokens, i, options, env) -> str:
        return f"<code{self.renderAttrs(tokens[i])}>{linker.text(tokens[i])}</code>"

    return render


def _plain(inline) -> str:
    return "".join(c.content for c in inline.children or () if c.type in ("text", "code_inline"))


def _slug(text: str) -> str:
    """``The moderator`` -> ``the-moderator``; rule ids in parentheses are left out."""
    text = re.sub(r"\(\s*[^()]*\b[A-Z]{3}-A?\d+[^()]*\)", "", text)
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def _headings(tokens) -> tuple[str, list[tuple[str, str]]]:
    """Gives each heading an anchor of its words; the page's title and its sections."""
    title, sections, used = "", [], set()
    for i, tok in enumerate(tokens):
        if tok.type != "heading_open":
            continue
        text = _plain(tokens[i + 1])
        slug, n = _slug(text), 2
        while slug in used:
            slug, n = f"{_slug(text)}-{n}", n + 1
        used.add(slug)
        tok.attrSet("id", slug)
        if tok.tag == "h1" and not title:
            title = text
        elif tok.tag == "h2":
            sections.append((slug, text))
    return title, sections


def _local_links(tokens) -> None:
    """Links between the games' pages stay on the site; a link to any other file of the
    repository (which the site does not serve) becomes plain text."""
    for inline in (t for t in tokens if t.type == "inline"):
        dropping = False
        for tok in inline.children or ():
            if tok.type == "link_open":
                href = tok.attrGet("href") or ""
                name, _, fragment = href.partition("#")
                stem = Path(name).stem
                if href.startswith(("#", "http://", "https://", "mailto:")):
                    continue
                beside = Path(name).parent.as_posix() in (".", "../games")  # not positions/
                if name.endswith(".md") and stem in GAMES and beside:
                    tok.attrSet("href", f"/rules/{stem}" + (f"#{fragment}" if fragment else ""))
                    continue
                tok.hidden = dropping = True
            elif tok.type == "link_close" and dropping:
                tok.hidden, dropping = True, False


class _Linker:
    """Rule ids in the rendered text: which mention holds each id's anchor (``place``,
    before rendering), then each mention as an anchor or a link (while rendering, in the
    same order)."""

    def __init__(self):
        self.anchors_at: dict[int, list[str]] = {}
        self.anchored: set[str] = set()
        self.seen = 0

    def place(self, tokens) -> None:
        first: dict[str, int] = {}
        defined: dict[str, int] = {}
        for k, (ids, definition) in enumerate(self._mentions(tokens)):
            for rid in ids:
                first.setdefault(rid, k)
                if definition:
                    defined.setdefault(rid, k)
        for rid, k in {**first, **defined}.items():
            self.anchors_at.setdefault(k, []).append(rid)
        self.anchored = set(first)

    @staticmethod
    def _mentions(tokens) -> Iterator[tuple[list[str], bool]]:
        """Each mention's ids, in the order the renderer meets them, and whether it is
        where its rule is defined (a heading, or a table row's first cell)."""
        cell, heading = 0, False
        for tok in tokens:
            if tok.type == "tr_open":
                cell = 0
            elif tok.type in ("th_open", "td_open"):
                cell += 1
            elif tok.type == "heading_open":
                heading = True
            elif tok.type == "heading_close":
                heading = False
            elif tok.type in ("fence", "code_block"):
                for m in RULE_ID.finditer(tok.content):
                    yield _ids(m), False
            elif tok.type == "inline":
                definition = heading or cell == 1
                for child in tok.children or ():
                    if child.type in ("text", "code_inline"):
                        for m in RULE_ID.finditer(child.content):
                            yield _ids(m), definition
            if tok.type == "tr_close":
                cell = 0

    def text(self, tok) -> str:
        return self._linked(tok.content)

    def code(self, content: str, _lang: str = "", _attrs: str = "") -> str:
        return self._linked(content)

    def _linked(self, text: str) -> str:
        out, at = [], 0
        for m in RULE_ID.finditer(text):
            ids = _ids(m)
            here = self.anchors_at.get(self.seen, [])
            self.seen += 1
            out.append(escapeHtml(text[at : m.start()]))
            for rid in here:
                if rid != ids[0]:
                    out.append(f'<span class="rule-anchor" id="{rid}"></span>')
            own = f' id="{ids[0]}"' if ids[0] in here else ""
            out.append(f'<a class="rule"{own} href="#{ids[0]}">{escapeHtml(m.group())}</a>')
            at = m.end()
        out.append(escapeHtml(text[at:]))
        return "".join(out)


# -- the handlers -------------------------------------------------------------------------------


class RulesPages:
    """``/rules`` and ``/rules/{game}``, drawn with the site's templates (``pages.Pages``,
    whose texts cite rules through the ``rule_links`` filter: ``link_rules``)."""

    def __init__(self, pages):
        self.pages = pages

    async def index(self, request: Request):
        account, csrf = await self.pages.session(request)
        games = []
        for name in GAMES:
            g = load(name)
            games.append(
                {"name": name, "title": g.title, "summary": g.summary,
                 "min": g.min_players, "max": g.max_players}
            )  # fmt: skip
        return self.pages.render("rules_index.html", account=account, csrf=csrf, games=games)

    async def game(self, request: Request):
        account, csrf = await self.pages.session(request)
        name = request.path_params["game"]
        if name not in GAMES:
            known = ", ".join(GAMES)
            return self.pages.problem(
                account, csrf, ServiceError(404, f"no game {name!r}; the games are {known}")
            )
        return self.pages.render(
            "rules.html", account=account, csrf=csrf, page=page(name), rules_game=name,
            title=load(name).title, games=[(g, load(g).title) for g in GAMES],
        )  # fmt: skip
