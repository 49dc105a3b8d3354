"""The rules in the app (``bureau.web.rules``): each game's page from docs/games/<game>.md,
an anchor for every rule id on it, and every rule id the engines cite in a message
resolving to one. No browser: tests/web/test_rules.py drives the pages in Chromium."""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bureau.engine import all_games
from bureau.web import rules
from bureau.web.pages import _environment
from bureau.web.rules import GAMES, PREFIXES, link_rules, page, rule_href, rule_ids
from refusals import refusals, source_strings
from test_rule_coverage import RULES, documented

ROOT = Path(__file__).resolve().parents[1]


class Anchors(HTMLParser):
    """Every element id of a page, and the element each rule id is on (its tag and the
    innermost enclosing row, item, paragraph or heading)."""

    BLOCKS = ("tr", "li", "p", "h1", "h2", "h3", "h4", "pre")

    def __init__(self, html: str):
        super().__init__()
        self.ids: dict[str, tuple[str, str]] = {}
        self.open: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag not in ("br", "hr", "img", "input"):
            self.open.append(tag)
        element_id = dict(attrs).get("id")
        if element_id is not None:
            assert element_id not in self.ids, f"two elements with id {element_id}"
            block = next((t for t in reversed(self.open) if t in self.BLOCKS), "")
            self.ids[element_id] = (tag, block)

    def handle_endtag(self, tag):
        while self.open and self.open.pop() != tag:
            pass


def anchors(game: str) -> dict[str, tuple[str, str]]:
    return Anchors(str(page(game).html)).ids


def test_every_game_has_a_rules_page_and_its_prefix():
    assert set(GAMES) == {g.name for g in all_games()} == set(RULES)
    assert {prefix: game for game, (prefix, *_) in RULES.items()} == PREFIXES


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_on_the_page_has_an_anchor_where_it_is_defined_or_first_cited(game):
    """Every id the page names (ranges spelled out) has an element with that id, once; a
    ruling of the rulings table has it in its own row."""
    found = anchors(game)
    named = documented(game)
    assert named and named <= set(found), sorted(named - set(found))
    assert page(game).anchors == named
    for rid in named:
        assert found[rid][1] in Anchors.BLOCKS, (rid, found[rid])
    assert "the-moderator" in found or game not in ("seabirds", "noblesse")


def test_anchors_sit_at_the_rule():
    html = str(page("aristocracy").html)
    row = re.search(r"<tr>\s*<td>Discard pile \(([^\n]*)</td>", html)
    assert row and 'id="ARI-A17"' in row[1]  # the rulings table's row, not a later mention
    item = re.search(r"<li><strong>Each round</strong> \((.*?)\):", html)
    assert item and all(f'id="ARI-{n}"' in item[1] for n in range(12, 22))  # ARI-12..21
    assert html.count('href="#ARI-A17"') > 1  # later mentions link to it
    # a heading that names a range defines it: "### Treaties (NSE-99..110, NSE-A24)"
    assert anchors("noblesse")["NSE-100"] == ("span", "h3")


def test_pages_are_rendered_markdown_with_links_kept_on_the_site():
    html = str(page("noblesse").html)
    assert "<table>" in html and "<h2 id=" in html and "<pre><code" in html
    assert "](" not in html and "| ---" not in html
    assert 'href="../bots.md"' not in html  # a file the site does not serve: plain text
    nobility = str(page("nobility").html)  # its positions page shares the game's name
    assert "docs/positions/nobility.md" in nobility and "positions/nobility.md\"" not in nobility
    assert 'href="/rules/nobility"' not in nobility
    assert page("aristocracy").title == "Aristocracy, as Bureau plays it"
    assert ("the-game-in-brief", "The game in brief") in page("aristocracy").sections


def test_link_rules_escapes_the_text_and_links_each_rule():
    out = str(link_rules("<b>no</b> 7H (ARI-A17); ARI-12..21 & NSE-07 .. NSE-09"))
    assert out == (
        '&lt;b&gt;no&lt;/b&gt; 7H (<a class="rule" href="/rules/aristocracy#ARI-A17">'
        'ARI-A17</a>); <a class="rule" href="/rules/aristocracy#ARI-12">ARI-12..21</a>'
        ' &amp; <a class="rule" href="/rules/noblesse#NSE-07">NSE-07 .. NSE-09</a>'
    )
    assert rule_ids("NOB-A04..A06 DEC-5") == ["NOB-A04", "NOB-A05", "NOB-A06", "DEC-05"]
    assert str(link_rules(None)) == ""


def _cited_in_source() -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for path, line, text in source_strings():
        for rid in rule_ids(text):
            cited.setdefault(rid, []).append(f"{path}:{line}")
    return cited


def test_every_rule_id_the_games_source_cites_resolves_to_an_anchor():
    """Messages, event texts and option help cite rules as (NSE-23) or ARI-A17: each id
    in the games' strings (docstrings aside) has its anchor on its game's page."""
    cited = _cited_in_source()
    assert len(cited) > 100 and {"NSE-23", "ARI-A05", "SEA-45", "NOB-68", "DEC-19"} <= set(cited)
    found = {game: anchors(game) for game in GAMES}
    missing = {
        rid: where[:3] for rid, where in cited.items() if rid not in found[PREFIXES[rid[:3]]]
    }
    assert not missing, missing


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_cited_by_a_refusal_in_random_games_resolves_to_an_anchor(game):
    """Mistyped orders along a random game: every rule id any refusal cites links to an
    anchor of the page (the link the browser makes, rule_href)."""
    messages = refusals(game)
    assert len(messages) > 10
    found = {g: set(anchors(g)) for g in GAMES}
    for message, _hint in messages:
        for rid in rule_ids(message):
            target_game, _, anchor = rule_href(rid).removeprefix("/rules/").partition("#")
            assert anchor in found[target_game], (rid, message)


def test_the_pages_travel_with_the_package():
    """The wheel carries docs/games/*.md as bureau/web/rulebook/*.md: the folder is a link
    to docs/games (one source), and package data names it."""
    link = ROOT / "src" / "bureau" / "web" / "rulebook"
    assert link.is_symlink() and link.resolve() == (ROOT / "docs" / "games").resolve()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "rulebook/*.md" in data["tool"]["setuptools"]["package-data"]["bureau.web"]
    assert rules.pages_dir() == rules.HERE / "rulebook"
    server = data["project"]["optional-dependencies"]["server"]  # the pages are the server's
    assert any(d.startswith("markdown-it-py>=") for d in server)


def test_a_missing_rulebook_is_said_clearly(monkeypatch, tmp_path):
    monkeypatch.setattr(rules, "HERE", tmp_path / "src" / "bureau" / "web")
    with pytest.raises(FileNotFoundError, match="the games' rules pages are missing"):
        rules.pages_dir()


def test_texts_put_into_the_pages_link_the_rules_they_cite():
    """Event texts (the log, the table's What happened, a look back) go through the
    ``rule_links`` filter: escaped, with each rule id a link; the moderator's hint links
    the rules' moderator section, which every moderated game's page has."""
    env = _environment()
    log = env.get_template("log.html").render(
        game={"id": 3, "game": "noblesse", "title": "", "status": "running"},
        events=[{"n": 1, "text": "An Heir is born to your house (NSE-45). <b>"}],
        page=1, pages=1, total=1, account=None, csrf=None,
    )  # fmt: skip
    assert '(<a class="rule" href="/rules/noblesse#NSE-45">NSE-45</a>). &lt;b&gt;' in log
    assert '<a class="rules-link" href="/rules/noblesse"' in log  # the game's rules
    for game in ("seabirds", "noblesse"):
        console = env.get_template("moderator.html").render(ctx={"game": game, "names": []})
        assert f'href="/rules/{game}#{rules.MODERATOR_SECTION}"' in console
        assert rules.MODERATOR_SECTION in anchors(game)
