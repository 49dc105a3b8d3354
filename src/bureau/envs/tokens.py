"""Canonical action texts as sequences of tokens from a game's fixed vocabulary.

An action text splits into *pieces*: words separated by spaces, and the delimiters
``@ # , ; : . ->`` that canonical texts glue to their neighbours. A piece that is a
seat's name becomes that seat's place relative to the acting seat (``<seat+1>`` is the
next seat), so one policy can play every seat; every other piece must be a word of the
game's vocabulary (``Vocab``). ``join`` puts the pieces back together, so a canonical
text and its token indices map one to one.

>>> split("trade 5C for QH@market")
['trade', '5C', 'for', 'QH', '@', 'market']
>>> split("assign Ann ADM, Ben EXE")
['assign', 'Ann', 'ADM', ',', 'Ben', 'EXE']
>>> join(split("restructure add ADM->EXE")) == "restructure add ADM->EXE"
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

DELIMITERS = ("->", "@", "#", ",", ";", ":", ".")
_GLUE_AFTER = frozenset(("->", "@", "#"))  # no space after these either
_SPLIT = re.compile(r"(->|[@#,;:.])|\s+")

END = "<end>"  # the token that ends a choice where a longer one is also legal


def split(text: str) -> list[str]:
    """The pieces of ``text``: words and delimiters, in order."""
    return [p for p in _SPLIT.split(text) if p]


def join(pieces: Iterable[str]) -> str:
    """The text of ``pieces``: a space between words, none around glued delimiters."""
    out: list[str] = []
    glue = True
    for piece in pieces:
        if piece in DELIMITERS:
            out.append(piece)
            glue = piece in _GLUE_AFTER
        else:
            out.append(piece if glue else " " + piece)
            glue = False
    return "".join(out)


def seat_token(offset: int) -> str:
    """The token of the seat ``offset`` places after the acting seat."""
    return f"<seat+{offset}>"


class Vocab:
    """A game's fixed action index: ``END``, relative seats, numbers, then words.

    Index 0 is always ``END``. Texts encode to tuples of indices (``encode``) and back
    (``decode``); a text holding a piece outside the vocabulary encodes to ``None``.
    ``compounds`` spell a piece as several tokens (a card ``7H`` as its rank ``7`` then
    its suit ``H``); a token in ``glued`` joins the piece before it when decoded.

    >>> v = Vocab("demo", ["stall", "pass"], max_players=3, max_number=2)
    >>> v.tokens[:7]
    ('<end>', '<seat+0>', '<seat+1>', '<seat+2>', '0', '1', '2')
    >>> codes = v.encode("pass Ben", names=("Ann", "Ben", "Cat"), seat=2)
    >>> [v.tokens[i] for i in codes]
    ['pass', '<seat+2>']
    >>> v.decode(codes, names=("Ann", "Ben", "Cat"), seat=2)
    'pass Ben'
    >>> v.encode("stall 9", names=("Ann", "Ben"), seat=0) is None
    True
    >>> c = Vocab("demo", ["stall", "K", "H"], 2, 9, compounds={"KH": ("K", "H")}, glued="H")
    >>> [c.tokens[i] for i in c.encode("stall KH", ("Ann", "Ben"), 0)]
    ['stall', 'K', 'H']
    >>> c.decode(c.encode("stall KH", ("Ann", "Ben"), 0), ("Ann", "Ben"), 0)
    'stall KH'
    """

    __slots__ = (
        "_compounds", "_index", "game", "glued", "max_number", "max_players", "tokens"
    )  # fmt: skip

    def __init__(
        self,
        game: str,
        words: Iterable[str],
        max_players: int,
        max_number: int,
        compounds: dict[str, tuple[str, ...]] | None = None,
        glued: Iterable[str] = (),
    ):
        self.game = game
        self.max_players = max_players
        self.max_number = max_number
        self.glued = frozenset(glued)
        tokens = [END, *(seat_token(k) for k in range(max_players))]
        tokens += [str(i) for i in range(max_number + 1)]
        tokens += DELIMITERS
        seen = set(tokens)
        for word in words:
            if word not in seen:
                seen.add(word)
                tokens.append(word)
        self.tokens: tuple[str, ...] = tuple(tokens)
        self._index = {t: i for i, t in enumerate(self.tokens)}
        self._compounds = {
            piece: tuple(self._index[t] for t in parts)
            for piece, parts in (compounds or {}).items()
        }

    def __len__(self) -> int:
        return len(self.tokens)

    def index(self, token: str) -> int:
        """The index of ``token``; ``KeyError`` when the vocabulary lacks it."""
        return self._index[token]

    def encode(self, text: str, names: Sequence[str], seat: int) -> tuple[int, ...] | None:
        """The token indices of ``text`` as ``seat`` would say it, or None if inexpressible."""
        n = len(names)
        out = []
        for piece in split(text):
            if piece in names:
                piece = seat_token((names.index(piece) - seat) % n)
            i = self._index.get(piece)
            if i is not None:
                out.append(i)
            elif piece in self._compounds:
                out += self._compounds[piece]
            else:
                return None
        return tuple(out)

    def decode(self, codes: Iterable[int], names: Sequence[str], seat: int) -> str:
        """The text of token indices ``codes`` said by ``seat`` (``END`` is dropped)."""
        pieces = []
        for i in codes:
            token = self.tokens[i]
            if token == END:
                continue
            if token.startswith("<seat+"):
                token = names[(seat + int(token[6:-1])) % len(names)]
            if token in self.glued and pieces:
                pieces[-1] += token
            else:
                pieces.append(token)
        return join(pieces)
