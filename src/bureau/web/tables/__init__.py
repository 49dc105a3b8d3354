"""A table drawn for each game from its reader's view.

Each game has a template ``templates/tables/<game>.html`` that receives ``ctx`` (see
``Pages.context``: ``view``, ``names``, ``seat``, ``legal``, ``pending`` ...) and the card
macros of ``templates/cards.html``; a game without one gets the generic table, which
lists its view. Controls in a table are plain forms: ``data-order="stall {cards}"``
fills the order from the form's fields and plays it (``static/bureau.js``).

>>> card_face("10H")
{'rank': '10', 'symbol': '♥', 'suit': 'hearts', 'red': True, 'text': '10H'}
>>> card_face("RJ")["suit"]
'joker'
"""

from __future__ import annotations

from jinja2 import Environment, TemplateNotFound

from bureau.cards import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS


def card_face(text: str) -> dict:
    """What a card shows: its rank, its suit as a symbol and a word, and its colour."""
    text = str(text)
    if text in ("RJ", "BJ"):
        return {"rank": "Joker", "symbol": "★", "suit": "joker", "red": text == "RJ",
                "text": text}  # fmt: skip
    rank, letter = text[:-1], text[-1:]
    if letter not in SUIT_LETTERS:
        return {"rank": text, "symbol": "", "suit": "", "red": False, "text": text}
    suit = SUIT_LETTERS.index(letter)
    return {"rank": rank, "symbol": SUIT_SYMBOLS[suit], "suit": SUIT_NAMES[suit],
            "red": letter in "HD", "text": text}  # fmt: skip


def render(env: Environment, game: str, ctx: dict) -> str:
    """The game's own table for ``ctx``, or the generic one."""
    env.globals.setdefault("card_face", card_face)
    try:
        template = env.get_template(f"tables/{game}.html")
    except TemplateNotFound:
        template = env.get_template("tables/generic.html")
    return template.render(ctx=ctx, view=ctx["view"])
