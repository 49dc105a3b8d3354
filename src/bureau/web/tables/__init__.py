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
    if not game.isidentifier():
        return None
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError:
        return None
    return getattr(module, "prepare", None)
