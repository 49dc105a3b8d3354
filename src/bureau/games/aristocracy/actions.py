"""Aristocracy's actions and their canonical text (``docs/games/aristocracy.md``).

Each action is a small immutable tuple whose ``str`` is its one canonical
text. Cards are written as typed (``7H``, ``10S``); a card taken from the
stall where the hand would also do is marked ``@stall``; a building is named
by its address card, with ``#2`` for a player's second building on the same
address card; a market card by its code, ``#2`` for its second copy.

>>> str(Stall((5, 17)))
'stall 6S 5H'
>>> str(Royal(Build("farm", 6, (19, 32, 45 | STALL))))
'royal build farm 7S 7H 7D 7C@stall'
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from lark import Lark, Transformer

from bureau.cards import card_text, parse_card
from bureau.engine import grammar

STALL = 64  # added to a card code: the card comes from the stall, not the hand
SIZE_NAMES = ("farm", "estate", "chateau")


def src_text(src: int) -> str:
    """``7H`` for a hand card, ``7H@stall`` for a stall card."""
    return card_text(src & 63) + ("@stall" if src & STALL else "")


def _cards(cards) -> str:
    return " ".join(card_text(c) for c in cards)


def _srcs(cards) -> str:
    return " ".join(src_text(c) for c in cards)


def copy_text(code: int, copy: int) -> str:
    return card_text(code) + (f"#{copy}" if copy > 1 else "")


# -- the royal special actions (performed by Favor or a Royal Action) -------


class Build(NamedTuple):
    size: str  # farm, estate or chateau
    address: int  # source card
    cards: tuple[int, ...]  # source cards

    def __str__(self):
        return f"build {self.size} {src_text(self.address)} {_srcs(self.cards)}"


class Upgrade(NamedTuple):
    building: int
    bref: str
    cards: tuple[int, ...]

    def __str__(self):
        return f"upgrade {self.bref} with {_srcs(self.cards)}"


class Visit(NamedTuple):
    owner: int
    owner_name: str
    building: int
    bref: str

    def __str__(self):
        return f"visit {self.owner_name} {self.bref}"


class Buy(NamedTuple):
    card: int

    def __str__(self):
        return f"buy {card_text(self.card)}"


# -- decisions of the royal events ----------------------------------------


class Discard(NamedTuple):
    cards: tuple[int, ...]

    def __str__(self):
        return f"discard {_cards(self.cards)}"


class Ball(NamedTuple):
    cards: tuple[int, ...]

    def __str__(self):
        return f"ball {_cards(self.cards) or 'none'}"


class Bid(NamedTuple):
    amount: int

    def __str__(self):
        return f"bid {self.amount}"


class Pick(NamedTuple):
    at: int  # its position in the market
    card: int
    copy: int  # 1 for the first copy of this code in the market, 2 for the second

    def __str__(self):
        return f"pick {copy_text(self.card, self.copy)}"


class Stall(NamedTuple):
    cards: tuple[int, ...]

    def __str__(self):
        return f"stall {_cards(self.cards) or 'none'}"


# -- the nine actions ---------------------------------------------------------


class Trade(NamedTuple):
    give: int  # a card of your stall
    take: int
    owner: int  # seat whose stall holds ``take``, or -1 for the market
    owner_name: str

    def __str__(self):
        where = "market" if self.owner < 0 else self.owner_name
        return f"trade {card_text(self.give)} for {card_text(self.take)}@{where}"


class Store(NamedTuple):
    card: int  # source card going in
    building: int
    bref: str
    out: int  # building card coming out

    def __str__(self):
        return f"store {src_text(self.card)} for {card_text(self.out)} in {self.bref}"


class Hide(NamedTuple):
    card: int

    def __str__(self):
        return f"hide {card_text(self.card)}"


class Sell(NamedTuple):
    first: int
    second: int

    def __str__(self):
        return f"sell {card_text(self.first)} {card_text(self.second)}"


class Harvest(NamedTuple):
    building: int
    bref: str

    def __str__(self):
        return f"harvest {self.bref}"


class Downgrade(NamedTuple):
    building: int
    bref: str
    cards: tuple[int, ...]  # empty: the whole building

    def __str__(self):
        return f"downgrade {self.bref} {_cards(self.cards) or 'all'}"


class Favor(NamedTuple):
    card: int  # source face card
    special: Special

    def __str__(self):
        return f"favor {src_text(self.card)} {self.special}"


class Royal(NamedTuple):
    special: Special

    def __str__(self):
        return f"royal {self.special}"


class Pass(NamedTuple):
    def __str__(self):
        return "pass"


# -- follow-up decisions ---------------------------------------------------------


class Penalty(NamedTuple):
    at: int  # the exposed card's position in the building
    card: int

    def __str__(self):
        return f"penalty {card_text(self.card)}"


class Force(NamedTuple):
    discard: bool

    def __str__(self):
        return "force discard" if self.discard else "force pay"


class Expose(NamedTuple):
    at: int  # the card's position in the building
    card: int

    def __str__(self):
        return f"expose {card_text(self.card)}"


class Glory(NamedTuple):
    def __str__(self):
        return "glory"


class Decline(NamedTuple):
    def __str__(self):
        return "decline"


# Every decision a player makes, one type each; the royal specials travel inside Favor and Royal.
Action = (
    Discard
    | Ball
    | Bid
    | Pick
    | Stall
    | Trade
    | Store
    | Hide
    | Sell
    | Harvest
    | Downgrade
    | Favor
    | Royal
    | Pass
    | Penalty
    | Force
    | Expose
    | Glory
    | Decline
)
Special = Build | Upgrade | Visit | Buy  # a royal special action
PASS, GLORY, DECLINE = Pass(), Glory(), Decline()
FORCE_DISCARD, FORCE_PAY = Force(True), Force(False)

# -- the grammar ------------------------------------------------------------------

GRAMMAR = r"""
start: action
?action: discard | ball | bid | pick | stall | trade | store | hide | sell | harvest
       | downgrade | favor | royal | pass_ | penalty | force | expose | glory | decline

discard: "discard"i card+
ball: "ball"i (card+ | NONE)
bid: "bid"i INT
pick: "pick"i ref
stall: "stall"i (card+ | NONE)
trade: "trade"i card "for"i card "@" NAME
store: "store"i src "for"i card "in"i ref
hide: "hide"i card
sell: "sell"i card card
harvest: "harvest"i ref
downgrade: "downgrade"i ref (ALL | card+)
favor: "favor"i src special
royal: "royal"i special
pass_: "pass"i
penalty: "penalty"i card
force: "force"i FORCE_KIND
expose: "expose"i card
glory: "glory"i
decline: "decline"i

?special: build | upgrade | visit | buy
build: "build"i SIZE src+
upgrade: "upgrade"i ref "with"i src+
visit: "visit"i NAME ref
buy: "buy"i card

src: CARD ("@" NAME)?
ref: CARD ("#" INT)?
card: CARD

CARD.2: /(10|[2-9AJQKT])[SHDC\u2660\u2665\u2666\u2663](?![A-Za-z0-9_])|[RB]J(?![A-Za-z0-9_])/i
NONE: /none/i
ALL: /all/i
SIZE: /farm|estate|chateau|château/i
FORCE_KIND: /discard|pay/i
NAME: /[A-Za-z_][A-Za-z0-9_-]*/
INT: /[0-9]+/

%import common.WS
%ignore WS
"""

_PARSER = Lark(GRAMMAR, parser="lalr")

# What each order takes: the answer to an order with a part too few or too many.
_SPECIAL = (
    "SPECIAL being 'build farm|estate|chateau ADDRESS CARDS', 'upgrade BUILDING with CARDS',"
    " 'visit PLAYER BUILDING' or 'buy CARD'"
)
TAKES = {
    "discard": "a Tax discard takes the cards you discard: 'discard CARDS'",
    "ball": "a Ball takes the cards you give, or none: 'ball CARDS' or 'ball none'",
    "bid": "a bid takes one whole number: 'bid N'",
    "pick": "a pick takes one market card: 'pick CARD' ('pick CARD#2' for its second copy)",
    "stall": "a stall takes cards from your hand, or none: 'stall CARDS' or 'stall none'",
    "trade": (
        "a Trade takes a card of your stall and the card you take, and where it lies:"
        " 'trade GIVE for TAKE@market' or 'trade GIVE for TAKE@PLAYER'"
    ),
    "store": (
        "a Store takes a card, the building card it replaces and the building:"
        " 'store CARD for BUILDINGCARD in BUILDING'"
    ),
    "hide": "a Hide takes one card of your stall: 'hide CARD'",
    "sell": "a Sell takes two cards of your stall: 'sell CARD CARD'",
    "harvest": "a Harvest takes one of your buildings: 'harvest BUILDING'",
    "downgrade": (
        "a Downgrade takes one of your buildings and the cards you pick up from it:"
        " 'downgrade BUILDING CARDS' or 'downgrade BUILDING all'"
    ),
    "favor": (
        f"a Favor takes a face card and one special action: 'favor FACECARD SPECIAL', {_SPECIAL}"
    ),
    "royal": f"a Royal Action takes one special action: 'royal SPECIAL', {_SPECIAL}",
    "pass": "'pass' takes nothing more",
    "penalty": "a penalty takes one exposed card: 'penalty CARD'",
    "force": "the penalty's choice takes one word: 'force discard' or 'force pay'",
    "expose": "an exposure takes one card: 'expose CARD'",
    "glory": "'glory' takes nothing more",
    "decline": "'decline' takes nothing more",
}


class Raw(Transformer):
    """Turns the parse tree into plain tuples; names are resolved against a state later."""

    def card(self, items):
        return parse_card(str(items[0]))

    def src(self, items):
        return ("src", parse_card(str(items[0])), str(items[1]).lower() if len(items) > 1 else None)

    def ref(self, items):
        return ("ref", parse_card(str(items[0])), int(items[1]) if len(items) > 1 else 1)

    def _cards(self, items):
        return tuple(i for i in items if isinstance(i, int))

    def start(self, items):
        return items[0]

    def discard(self, items):
        return ("discard", self._cards(items))

    def ball(self, items):
        return ("ball", self._cards(items))

    def stall(self, items):
        return ("stall", self._cards(items))

    def bid(self, items):
        return ("bid", int(items[0]))

    def pick(self, items):
        return ("pick", items[0])

    def trade(self, items):
        return ("trade", items[0], items[1], str(items[2]))

    def store(self, items):
        return ("store", items[0], items[1], items[2])

    def hide(self, items):
        return ("hide", items[0])

    def sell(self, items):
        return ("sell", items[0], items[1])

    def harvest(self, items):
        return ("harvest", items[0])

    def downgrade(self, items):
        return ("downgrade", items[0], self._cards(items[1:]))

    def favor(self, items):
        return ("favor", items[0], items[1])

    def royal(self, items):
        return ("royal", items[0])

    def build(self, items):
        size = str(items[0]).lower().replace("â", "a")
        return ("build", size, items[1], tuple(items[2:]))

    def upgrade(self, items):
        return ("upgrade", items[0], tuple(items[1:]))

    def visit(self, items):
        return ("visit", str(items[0]), items[1])

    def buy(self, items):
        return ("buy", items[0])

    def pass_(self, items):
        return ("pass",)

    def penalty(self, items):
        return ("penalty", items[0])

    def force(self, items):
        return ("force", str(items[0]).lower())

    def expose(self, items):
        return ("expose", items[0])

    def glory(self, items):
        return ("glory",)

    def decline(self, items):
        return ("decline",)


_RAW = Raw()


@functools.lru_cache(maxsize=4096)
def read(text: str) -> tuple:
    """The raw parse of ``text`` (immutable, so remembered: the same texts come back all
    game long); raises ``ValueError`` saying what the order takes, or else where it stopped
    making sense."""
    return grammar.read(_PARSER, _RAW, text, TAKES)
