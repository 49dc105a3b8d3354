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
"""

from __future__ import annotations

from lark import Lark, Transformer, UnexpectedInput


def read(parser: Lark, transformer: Transformer, text: str):
    """The transformed parse of ``text``; ``ValueError`` says where it stopped making sense."""
    try:
        return transformer.transform(parser.parse(text))
    except UnexpectedInput as exc:
        column = getattr(exc, "column", None)
        detail = f" at column {column}" if isinstance(column, int) and column > 0 else ""
        raise ValueError(f"cannot read {text.strip()!r}{detail}") from None
    except Exception as exc:  # e.g. a card text that names no card, raised in the transformer
        cause = exc.__context__ or exc
        raise ValueError(f"cannot read {text.strip()!r}: {cause}") from None
