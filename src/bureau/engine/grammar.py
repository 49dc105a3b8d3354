r"""Reading typed action text with a game's lark grammar.

>>> from lark import Lark, Transformer
>>> parser = Lark('start: "bid"i /[0-9]+/\n%ignore " "', parser="lalr")
>>> class Raw(Transformer):
...     def start(self, items):
...         return ("bid", int(items[0]))
>>> read(parser, Raw(), "BID 3")
('bid', 3)
>>> read(parser, Raw(), "bid x")
Traceback (most recent call last):
...
ValueError: cannot read 'bid x' at column 5

A game may say what each of its orders takes (``takes``, by first word): an order with a
part too few or too many is answered with that, not with where the reading stopped.

>>> takes = {"bid": "a bid takes one whole number: 'bid N'"}
>>> read(parser, Raw(), "bid", takes)
Traceback (most recent call last):
...
ValueError: a bid takes one whole number: 'bid N', not 'bid'
>>> read(parser, Raw(), "Bid 3 4", takes)
Traceback (most recent call last):
...
ValueError: a bid takes one whole number: 'bid N', not 'Bid 3 4' (it stops making sense at '4')
"""

from __future__ import annotations

from collections.abc import Mapping

from lark import Lark, Transformer, UnexpectedEOF, UnexpectedInput, UnexpectedToken

NONE: Mapping[str, str] = {}


def read(parser: Lark, transformer: Transformer, text: str, takes: Mapping[str, str] = NONE):
    """The transformed parse of ``text``; ``ValueError`` says where it stopped making sense,
    or, for an order of ``takes``, what that order takes."""
    try:
        return transformer.transform(parser.parse(text))
    except UnexpectedInput as exc:
        column = getattr(exc, "column", None)
        words = text.split()
        if words and words[0].lower() in takes:
            at_end = isinstance(exc, UnexpectedEOF) or (
                isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
            )
            stopped = "" if at_end else _stopped(text, column)
            raise ValueError(f"{takes[words[0].lower()]}, not {text.strip()!r}{stopped}") from None
        detail = f" at column {column}" if isinstance(column, int) and column > 0 else ""
        raise ValueError(f"cannot read {text.strip()!r}{detail}") from None
    except Exception as exc:  # e.g. a card text that names no card, raised in the transformer
        cause = exc.__context__ or exc
        raise ValueError(f"cannot read {text.strip()!r}: {cause}") from None


def _stopped(text: str, column) -> str:
    """`` (it stops making sense at 'x')``: the word at ``column`` (1-based, one line), if
    the reading stopped before the end of the text."""
    if not isinstance(column, int) or column < 1 or "\n" in text:
        return ""
    rest = text[column - 1 :].split()
    return f" (it stops making sense at {rest[0]!r})" if rest else ""
