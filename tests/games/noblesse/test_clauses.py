"""Noblesse treaties: every template read back, round trips, counts, status and errors."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bureau.games.noblesse.clauses import (
    EXPIRATIONS,
    PENALTIES,
    PROMISES,
    TEMPLATES,
    Expiration,
    Penalty,
    Promise,
    Treaty,
    TreatyError,
    clause_text,
    read_clause,
    read_treaty,
    treaty_text,
)

F1, F2 = "Crown", "Church"
ALL = [t for kind in ("promise", "penalty", "expiration") for t in TEMPLATES[kind]]


def filled(t, by=1):
    """The template's record with every part filled in."""
    values = []
    for k, slot in enumerate(t.values_slots):
        if slot.kind == "will":
            values.append("will not")
        elif slot.kind == "number":
            values.append(3)
        else:
            values.append(f"Part {k} of E5, 2 cycles")
    if t.kind == "promise":
        return Promise(t.number, by, tuple(values))
    return (Penalty if t.kind == "penalty" else Expiration)(t.number, tuple(values))


def treaty(**changes):
    base = Treaty(
        (filled(PROMISES[0], 1),),
        (filled(PROMISES[1], 2),),
        (filled(PENALTIES[0]),),
        (filled(EXPIRATIONS[1]),),
    )
    return base._replace(**changes)


NUMERALS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def test_table_sizes():
    """NSE-102, NSE-106, NSE-107: promises i-x, penalties i-vii, expirations i-vii."""
    assert [t.numeral for t in PROMISES] == list(NUMERALS)
    assert len(PENALTIES) == len(EXPIRATIONS) == 7
    for t in ALL:
        assert t.source.startswith(t.numeral + ".")


@pytest.mark.parametrize("t", ALL, ids=lambda t: f"{t.kind}-{t.numeral}")
@pytest.mark.parametrize("by", [1, 2])
def test_every_template_reads_back(t, by):
    """NSE-102, NSE-106, NSE-107: each template filled in reads back, in any case, with
    extra whitespace and without its final punctuation."""
    record = filled(t, by)
    text = clause_text(record, F1, F2)
    assert read_clause(t.kind, text, F1, F2, record[1] if t.kind == "promise" else 1) == record
    sloppy = "  ".join(text.upper().split()).rstrip(";.")
    got = read_clause(t.kind, sloppy, F1, F2, by)
    if t.kind == "promise":
        assert got.template == t.number and got.by == by
    else:
        assert got.template == t.number


@pytest.mark.parametrize("t", ALL, ids=lambda t: f"{t.kind}-{t.numeral}")
def test_removed_parts(t):
    """NSE-102: a quoted part may be removed, written as two quotes."""
    record = filled(t)
    values = tuple(
        "" if s.kind == "text" else v for s, v in zip(t.values_slots, record.values, strict=True)
    )
    record = record._replace(values=values)
    assert read_clause(t.kind, clause_text(record, F1, F2), F1, F2) == record


_WORD = st.from_regex(r"[A-Za-z0-9(),/'&-]{1,8}", fullmatch=True)
_TEXT = st.lists(_WORD, max_size=5).map(" ".join)
_NAME = st.from_regex(r"[A-Z][a-z]{1,9}( [A-Z][a-z]{1,6})?", fullmatch=True)


@st.composite
def clauses(draw, kind, by=1):
    t = draw(st.sampled_from(TEMPLATES[kind]))
    values = []
    for slot in t.values_slots:
        if slot.kind == "will":
            values.append(draw(st.sampled_from(["will", "will not"])))
        elif slot.kind == "number":
            values.append(draw(st.integers(0, 10**6)))
        else:
            values.append(draw(_TEXT))
    if kind == "promise":
        return Promise(t.number, by, tuple(values))
    return (Penalty if kind == "penalty" else Expiration)(t.number, tuple(values))


@st.composite
def treaties(draw):
    def some(strategy):
        return tuple(draw(st.lists(strategy, min_size=1, max_size=3)))

    intent = draw(
        st.lists(st.from_regex(r"[A-Za-z][A-Za-z ,.!]{0,30}", fullmatch=True), max_size=3)
    )
    return Treaty(
        some(clauses("promise", 1)),
        some(clauses("promise", 2)),
        some(clauses("penalty")),
        some(clauses("expiration")),
        draw(st.sampled_from(["hostile", "neutral", "allied"])),
        "\n".join(line.strip() for line in intent).strip(),
    )


@settings(max_examples=30, deadline=None)
@given(treaties(), _NAME, _NAME)
def test_round_trip(t, f1, f2):
    """NSE-100, NSE-101, NSE-110: a treaty with random fillings, status and intent reads back
    from its canonical text."""
    if f1.casefold() == f2.casefold():
        f2 += "x"
    assert read_treaty(treaty_text(t, f1, f2), f1, f2) == t


def test_layout_variants():
    """NSE-100, NSE-109: headings by faction name, bullets, blank lines, sections in any order."""
    t = treaty(status="allied", intent="Together.\n\nForever.")
    text = f"""
    Intent:
    Together.

    Forever.
    Expiration clauses:
    - {clause_text(t.expirations[0], F1, F2)}
    Status: from Hostile to Allied
    church promises:
    1. {clause_text(t.promises_2[0], F1, F2)}
    Crown promises: {clause_text(t.promises_1[0], F1, F2)}
    Penalty clauses:
    * {clause_text(t.penalties[0], F1, F2)}
    """
    assert read_treaty(text, F1, F2) == t


@pytest.mark.parametrize(
    "field,label",
    [
        ("promises_1", "promises from faction 1 (Crown)"),
        ("promises_2", "promises from faction 2 (Church)"),
        ("penalties", "penalty clauses"),
        ("expirations", "expiration clauses"),
    ],
)
@pytest.mark.parametrize("count", [0, 4])
def test_counts(field, label, count):
    """NSE-100: one to three of each kind of clause."""
    one = getattr(treaty(), field)[0]
    text = treaty_text(treaty(**{field: (one,) * count}), F1, F2)
    with pytest.raises(TreatyError, match=rf"1 to 3 {re.escape(label)}, not {count} \(NSE-100\)"):
        read_treaty(text, F1, F2)
    assert read_treaty(treaty_text(treaty(**{field: (one,) * 3}), F1, F2), F1, F2)


@pytest.mark.parametrize(
    "line,status",
    [
        (None, "hostile"),
        ("Status: Neutral", "neutral"),
        ("Status: ALLIED", "allied"),
        ("Status: Hostile to Neutral", "neutral"),
        ("Status: from hostile -> allied.", "allied"),
        ("Status: Hostile", "hostile"),
    ],
)
def test_status(line, status):
    """NSE-101, NSE-109: absent means Hostile; only Hostile to Neutral or to Allied."""
    text = treaty_text(treaty(), F1, F2) + ("\n" + line if line else "")
    assert read_treaty(text, F1, F2).status == status


@pytest.mark.parametrize("bad", ["Neutral to Allied", "Allied to Neutral", "to Hostile", "War"])
def test_status_refused(bad):
    """NSE-109: any other change is refused, quoting the line."""
    text = treaty_text(treaty(), F1, F2) + "\nStatus: " + bad
    with pytest.raises(TreatyError, match=rf"cannot read status '{bad}'.*NSE-109"):
        read_treaty(text, F1, F2)


def test_intent_is_kept():
    """NSE-110: the intent is part of the treaty text."""
    t = read_treaty(treaty_text(treaty(), F1, F2) + "\nIntent: We want peace.\nReally.", F1, F2)
    assert t.intent == "We want peace.\nReally."


def test_bilateral():
    """NSE-99: a treaty is between two different factions."""
    with pytest.raises(TreatyError, match="NSE-99"):
        read_treaty(treaty_text(treaty(), F1, F1), F1, "crown")


def test_wrong_promising_faction():
    """NSE-100: promises under "Faction 1 promises" are made by faction 1."""
    text = clause_text(filled(PROMISES[2], 2), F1, F2)
    with pytest.raises(TreatyError, match=r'expected the promising faction "Crown" \(faction 1\)'):
        read_clause("promise", text, F1, F2, 1)


def test_will_or_will_not():
    """NSE-102: "will (not)" is "will" or "will not"."""
    with pytest.raises(TreatyError, match=r'expected "will" or "will not".*not "shall"'):
        read_clause("promise", 'the "Crown" "shall" use "spy on Bob." "";', F1, F2)


@pytest.mark.parametrize(
    "kind,clause,message",
    [
        (
            "promise",
            '"Crown" "will" enter "E5" on the board, with "all" "";',
            'as promise template i: expected \'game\' after \'"Crown" "will" enter "E5" on the\','
            " not 'board'",
        ),
        (
            "promise",
            'the "Crown" "will" attack "Bob"',
            "as promise template vi or vii or viii or ix or x",
        ),
        ("penalty", "the treaty is ended at cycle 3.", "expected a quoted part"),
        (
            "expiration",
            "the treaty is ended when one of the factions has less than two members left.",
            r"expected a count \(X\)",
        ),
        ("expiration", "The treaty is ended when all promises have been fulfilled. Ha", "Ha"),
        ("penalty", "I don't know", "at the start"),
    ],
)
def test_malformed_clause_is_quoted(kind, clause, message):
    """NSE-102, NSE-106, NSE-107: only the templates, word for word; the error quotes the
    clause, names the templates it could be meant as and what was expected."""
    with pytest.raises(TreatyError) as info:
        read_clause(kind, clause, F1, F2)
    assert repr(clause) in str(info.value)
    assert re.search(message, str(info.value)), str(info.value)


def test_malformed_clause_in_treaty():
    """NSE-106: a bad penalty clause in a whole treaty is quoted."""
    text = treaty_text(treaty(), F1, F2).replace("breach was reported", "breach was noticed")
    with pytest.raises(TreatyError, match=r"cannot read penalty .*noticed"):
        read_treaty(text, F1, F2)


def test_text_before_heading_and_twice():
    """NSE-100: clauses belong under a heading, each heading once."""
    with pytest.raises(TreatyError, match="expected a heading first"):
        read_treaty("hello\n" + treaty_text(treaty(), F1, F2), F1, F2)
    with pytest.raises(TreatyError, match="appears twice"):
        read_treaty(treaty_text(treaty(), F1, F2) + "\nPenalties:", F1, F2)


def test_source_misspellings():
    """NSE-106, NSE-107: the source's "leadder" and "succesfully" read too."""
    t = PENALTIES[4]
    text = clause_text(filled(t), F1, F2).replace("leader;", "leadder;")
    assert read_clause("penalty", text, F1, F2) == filled(t)
    text = clause_text(filled(EXPIRATIONS[4]), F1, F2).replace("successfully", "succesfully")
    assert read_clause("expiration", text, F1, F2) == filled(EXPIRATIONS[4])


def test_vote_templates_need_lynch_module():
    """NSE-102, NSE-106 (NSE-A06): vote templates are refused when the lynch module is off."""
    text = clause_text(filled(PROMISES[5]), F1, F2)
    assert read_clause("promise", text, F1, F2).template == 6
    with pytest.raises(TreatyError, match="NSE-A06"):
        read_clause("promise", text, F1, F2, votes=False)
