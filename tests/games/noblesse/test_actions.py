"""Noblesse's orders: one type per kind, each with its canonical text that reads back."""

from __future__ import annotations

import pytest

from bureau.games.noblesse.actions import (
    NIGHT_ORDERS,
    ORDER_TYPES,
    Assassin,
    At,
    CreateHeir,
    Done,
    FieldSurgeon,
    For,
    Hostages,
    Levy,
    Move,
    Resolve,
    Spec,
    UnitTo,
    Use,
    read,
)

from .helpers import GAME, NAMES, table

REGIMENT = "Regiment with O1, C1 x3, F6 x2"
# One canonical text for every kind of order (several where the text has variants).
TEXTS = (
    f"setup A1 income 2-2-1 skip uniques unit {REGIMENT}",
    "setup C3 income 3-1-1 skip 8 unit Brigade led by courtier with R7 x2, F6 x2, C1 x5",
    "move U7 to B3 C3",
    "disband U7",
    "march U7 to B3",
    f"recruit {REGIMENT} at A1",
    "recruit Regiment led by Connétable with C1 x3, F6 x2 at A10",
    "recruit Regiment led by pc with C1 x3, F6 x2 at A1",
    "rent Landsknechte at C3 for Ben",
    "attack E5",
    "steward B3",
    "tc B3 Inf",
    "lobbyist B3 $",
    "spy to B3 B4",
    "spy B3 to B4",
    "recall spy B3",
    "recall tc B3 MP",
    "recall staff university at B2",
    "build war council at A1",
    "staff star fortress at A1",
    "messenger Eve",
    "open city B3",
    "create noble B3",
    "marry Eve",
    "create heir",
    "exchange hostages",
    "field surgeon",
    "arson B3 war council",
    "bribery B3 MP",
    "poison B3",
    "assassin Eve",
    "assassin Eve heir",
    "incapacitate U12",
    "knife B3 Eve",
    "knife B3 Eve heir",
    "use Pilgrim Road U7 to B3, U8 to B4",
    "use Anathema Eve heir",
    "use Condottiere Contract Landsknechte at C3 for Ben",
    f"use Levée en masse recruit {REGIMENT} at A1 and {REGIMENT} at B2",
    "pay Ben 2 Inf 1 $",
    "pay crowns 3 MP",
    "choose MP",
    "done",
    "cancel 2",
    "successor Ben",
    "give officer Connétable to Dan",
    "accept marriage",
    "refuse hostages",
    "vote Eve",
    "contact Ben",
    "propose treaty to crowns\nThe Pape and the Crowns are Allied.",
    "sign treaty 3",
    "reject treaty 3",
    "report breach of treaty 3 promise 2",
    "resolve",
    "override note the roads are closed because of snow",
)


def _read(text: str):
    return read(table().scenario, NAMES, text)


@pytest.mark.parametrize("text", TEXTS)
def test_every_order_text_reads_back_to_an_equal_order_of_its_type(text):
    order = _read(text)
    assert str(order) == text
    again = _read(str(order))
    assert type(again) is type(order) and again == order
    assert hash(again) == hash(order)


def test_every_order_type_has_a_text():
    kinds = {type(_read(text)) for text in TEXTS}
    assert kinds == set(ORDER_TYPES)
    assert kinds > NIGHT_ORDERS


def test_an_order_equals_only_an_order_of_its_type():
    """Empty orders are all empty tuples, and ``Move`` and ``Use`` may hold the same
    fields: equality and hashing tell their types apart."""
    assert Done() != Hostages() and CreateHeir() != FieldSurgeon() and Done() != Resolve()
    assert Done() == Done() and Done() not in [Hostages(), CreateHeir()]
    assert len({Done(), Hostages(), CreateHeir(), FieldSurgeon(), Resolve()}) == 5
    assert Move(7, ("B3",)) != Use(7, ("B3",))  # type: ignore[arg-type]
    assert Assassin("Eve") == Assassin("Eve", False) != Assassin("Eve", True)


def test_orders_read_typed_fields():
    """The reader builds the fields' own types: unit ids as ints, designs as ``Spec``,
    an ability's terms as ``UnitTo``, ``At``, ``For`` and ``Levy``."""
    move = _read("Move u7 to b3")
    assert move == Move(7, ("B3",))
    use = _read("use Pilgrim Road U7 to B3 and U8 to B4")
    assert use.terms == (UnitTo(7, "B3"), UnitTo(8, "B4"))
    rent = _read("use Condottiere Contract Landsknechte at C3 for ben")
    assert rent.terms == ("Landsknechte", At("C3"), For("Ben"))
    levy = _read(f"use Levée en masse recruit {REGIMENT} at A1")
    assert levy.terms == (Levy(Spec("Regiment", "", "", (("O1", 1), ("C1", 3), ("F6", 2))), "A1"),)
    assert GAME.read(table(), 0, "assassin eve heir") == Assassin("Eve", True)
