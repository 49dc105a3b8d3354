"""A table drawn for each game from its reader's view.

Each game has a template ``templates/tables/<game>.html`` that receives ``ctx`` (see
``Pages.context``: ``view``, ``names``, ``seat``, ``legal``, ``pending`` ...) and the card
macros of ``templates/cards.html``; a game without one gets the generic table, which
lists its view. Controls in a table are plain forms: ``data-order="stall {cards}"``
fills the order from the form's fields and plays it (``static/bureau.js``).

>>> card_face("10H")["label"], card_face("10H")["symbol"], card_face("10H")["red"]
('10 of hearts', '♥', True)
>>> card_face("RJ")["label"]
'red joker'
"""

from __future__ import annotations

import importlib

from jinja2 import Environment, TemplateNotFound

from bureau.cards import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS


def card_face(text: str) -> dict:
    """What a card shows: its rank, its suit as a symbol and a word, and its colour."""
    text = str(text)
    if text in ("RJ", "BJ"):
        red = text == "RJ"
        return {"rank": "Joker", "symbol": "★", "suit": "joker", "red": red, "text": text,
                "label": "red joker" if red else "black joker"}  # fmt: skip
    rank, letter = text[:-1], text[-1:]
    if letter not in SUIT_LETTERS:
        return {"rank": text, "symbol": "", "suit": "", "red": False, "text": text,
                "label": text}  # fmt: skip
    suit = SUIT_LETTERS.index(letter)
    name = SUIT_NAMES[suit]
    return {"rank": rank, "symbol": SUIT_SYMBOLS[suit], "suit": name,
            "red": letter in "HD", "text": text, "label": f"{rank} of {name}"}  # fmt: skip


def render(env: Environment, game: str, ctx: dict) -> str:
    """The game's own table for ``ctx``, or the generic one. A game whose module here
    has ``prepare(ctx)`` gets its result as ``table`` (logic stays out of templates)."""
    env.globals.setdefault("card_face", card_face)
    try:
        template = env.get_template(f"tables/{game}.html")
    except TemplateNotFound:
        template = env.get_template("tables/generic.html")
    extra = {}
    prepare = _preparer(game)
    if prepare is not None:
        extra["table"] = prepare(ctx)
    return template.render(ctx=ctx, view=ctx["view"], **extra)


def _preparer(game: str):
    """``bureau.web.tables.<game>.prepare`` if that module exists."""
    return _hook(game, "prepare")


def _hook(game: str, name: str):
    """``bureau.web.tables.<game>.<name>`` if that module and function exist."""
    if not game.isidentifier():
        return None
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError:
        return None
    return getattr(module, name, None)


def acted(game: str, ctx: dict) -> set[int]:
    """The seats that have made the decision under way (the player strip's ✓), from
    public facts only: the game's ``acted(ctx)`` if its module has one, else the view's
    public flags (``done`` or ``ready`` per seat, a player's ``committed``). A seat still
    pending has not acted; a game that says nothing marks nobody.

    >>> acted("nobility", {"view": {"ready": [True, False, True]}, "pending": [2]})
    {0}
    >>> acted("nobility", {"view": {"players": [{"committed": True}, {}]}, "pending": []})
    {0}
    """
    own = _hook(game, "acted")
    if own is not None:
        seats = set(own(ctx))
    else:
        view = ctx.get("view") or {}
        seats = set()
        for key in ("done", "ready"):
            flags = view.get(key)
            if isinstance(flags, list):
                seats |= {q for q, flag in enumerate(flags) if flag is True}
        players = view.get("players")
        if isinstance(players, list):
            seats |= {
                q for q, p in enumerate(players) if isinstance(p, dict) and p.get("committed")
            }
    return seats - set(ctx.get("pending") or ())


def forced(game: str, ctx: dict) -> dict | None:
    """The reader's one possible order when playing it reveals nothing (the page plays it
    for her, as the terminal does): ``{"order", "why", "key"}`` from the game's
    ``forced(ctx)``, or None."""
    own = _hook(game, "forced")
    if own is None or not ctx.get("my_turn") or ctx.get("outcome"):
        return None
    return own(ctx)


def keeps_board(game: str) -> bool:
    """Does the game keep its own message board, which the Talk panel shows and posts to
    (its table module has ``talk``)?"""
    return _hook(game, "talk") is not None


def talk(game: str, view: dict, names: list[str], messages: list[dict]) -> list[dict]:
    """The Talk panel's messages: the site's, merged by the game's ``talk`` with its own
    board as the reader's view holds it, numbered again in order (1, 2, ...)."""
    own = _hook(game, "talk")
    return messages if own is None else own(view, names, messages)


def talk_targets(game: str, ctx: dict) -> list[tuple[str, str]] | None:
    """Where the Talk panel's message goes, where the game decides (``talk_targets``):
    ``(value, label)`` pairs; ``game:VERB`` plays ``VERB: TEXT`` as the reader's order."""
    own = _hook(game, "talk_targets")
    return None if own is None else own(ctx)


def result(game: str, ctx: dict) -> dict:
    """The end in words for the outcome box: ``lines`` (why the game ended, who won and
    why, any tie and the tie-break used) and ``badges`` (each seat's place, filled),
    from the game's ``result(ctx)`` where it has one, else the places alone."""
    outcome = ctx.get("outcome") or {}
    own = _hook(game, "result")
    out = own(ctx) if own is not None else {}
    if "badges" not in out:
        out["badges"] = places(outcome, len(ctx.get("names") or ()))
    out.setdefault("lines", [])
    return out


def places(outcome: dict, seats: int) -> list[str]:
    """Each seat's place: ``winner``, ``2nd`` ..., or ``no winner`` in a capped game.

    >>> places({"ranking": [2, 1, 2, 4], "winners": [1]}, 4)
    ['2nd (tied)', 'winner', '2nd (tied)', '4th']
    """
    ranking = outcome.get("ranking") or []
    if outcome.get("capped") or len(ranking) != seats:
        return ["no winner"] * seats
    out = []
    for q, place in enumerate(ranking):
        tied = ranking.count(place) > 1
        if q in (outcome.get("winners") or ()):
            out.append("winner" + (" (shared)" if tied else ""))
        else:
            out.append(ordinal(place) + (" (tied)" if tied else ""))
    return out


def ordinal(n: int) -> str:
    """A place in words: ``1st``, ``2nd``, ``11th``.

    >>> [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
