"""Per-game encodings for the research environments: action vocabularies and observations.

Each game gets an ``Encoding``: its fixed action vocabulary (``tokens.Vocab``), the size of
its observation vector, and, for Seabirds, the finite family of Transactions it offers
beside the game's listed legal actions (the game cannot list free-text messages).

Observations are *hashed features of the player's view* (``game.view(state, seat)``, never
the state): every leaf of the view becomes a named feature, and each name is hashed
(CRC-32) into one of ``obs_size`` buckets.

- a number or a bool at path ``players[+1].coins`` adds its value to that bucket (lists of
  one entry per seat are indexed from the observer: ``+0`` is you, ``+1`` the next seat);
- a string ``7H`` in ``players[+0].hand`` adds 1 to the bucket of ``players[+0].hand=7H``
  (so card lists become card counts); a seat's name becomes ``<seat+k>``;
- a seat number under a key naming a seat (``active``, ``herald``, ...) becomes ``<seat+k>``;
- numbers under keys that are labels or clock times (``id``, ``time``) are left out.

>>> enc = encoding("nobility")
>>> len(enc.vocab) > 80, enc.obs_size
(True, 512)
>>> view = {"you": 1, "players": [{"n": 2}, {"n": 5}], "hand": ["7H", "7H"]}
>>> for name, value in sorted(features(view, ("Ann", "Ben"), 1)):
...     print(name, value)
hand=7H 1.0
hand=7H 1.0
players[+0].n 5.0
players[+1].n 2.0
you=<seat+0> 1.0
"""

from __future__ import annotations

import math
import tomllib
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from importlib.resources import files
from pathlib import Path
from typing import Any

import numpy as np

from bureau.cards import NUM_CODES, RANK_TEXT, SUIT_LETTERS, card_text, rank, suit

from . import features as compact
from .tokens import Vocab, seat_token, split

CARDS = tuple(card_text(c) for c in range(NUM_CODES))
# Aristocracy's cards as two tokens, the rank then the suit: its buildings match by rank,
# so a policy's choice of a card is first a choice of rank (13 ways, each the same for
# every suit), then of the suit, filled in where only one fits.
RANK_THEN_SUIT = {card_text(c): (RANK_TEXT[rank(c) - 1], SUIT_LETTERS[suit(c)]) for c in range(52)}
# View keys whose int values are seats (rotated to the observer, like seat lists).
SEAT_KEYS = frozenset(
    ("you", "active", "herald", "dealer", "head", "from", "owner", "visitor", "pending")
)
# View keys whose numbers are labels or clock times, not quantities: left out of the features
# (Seabirds' message times grow without bound; deal ids only count the deals made).
UNMEASURED = frozenset(("time", "id", "deadline", "started"))
# Amounts in the index: Aristocracy's bids, Nobility's payments and offers, 0..250 coins
# (games hold far fewer).
MAX_BID = MAX_AMOUNT = 250
MAX_PLAYERS = 12  # the most seats any game has (Noblesse); relative seats up to it
OBS_CAP = 10_000.0  # a feature sum of larger magnitude is clipped (none is met in tests)
OBS_BOUND = float(np.float32(math.log1p(OBS_CAP)))  # observations lie in +-OBS_BOUND: 9.21


@dataclass(frozen=True)
class Encoding:
    """What the environment needs to know about one game's texts and views."""

    game: str
    vocab: Vocab
    obs_size: int
    # Extra candidate action texts for a seat, from its view alone (Seabirds' Transactions).
    extras: Callable[[dict, Sequence[str], int], list[str]] | None = None
    # The seat's choice as (listed actions, families) where listing it all would be slow or
    # incomplete (``bureau.envs.families``: Aristocracy's stalls, Tax discards in any
    # order, builds); None: ``legal_actions`` lists it.
    families: Callable[..., Any] | None = None  # (game, state, seat, names, vocab, deals)
    # A compact feature vector of the view (``bureau.envs.features``), the observation
    # where the game has one: (view, names, seat, resolved options) -> float32 array.
    features: Callable[..., np.ndarray] | None = None
    features_size: int = 0

    def observation_size(self, kind: str) -> int:
        """The length of the view's part of an observation of ``kind``."""
        return self.features_size if kind == "features" else self.obs_size

    def observe(self, kind: str, view: dict, names, seat: int, options: dict) -> np.ndarray:
        """The view's part of an observation (unsquashed): ``"features"`` or ``"hashed"``."""
        if kind == "features":
            return self.features(view, names, seat, options)
        return hashed_view(view, names, seat, self.obs_size)

    def observation_kind(self, kind: str | None) -> str:
        """``kind`` checked; None: ``"features"`` where the game has them, else hashed."""
        if kind is None:
            return "features" if self.features is not None else "hashed"
        if kind == "hashed" or (kind == "features" and self.features is not None):
            return kind
        have = "'features' or 'hashed'" if self.features is not None else "'hashed'"
        raise ValueError(f"observation must be {have} for {self.game}, not {kind!r}")


# -- vocabularies --------------------------------------------------------------------------


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


ARISTOCRACY_WORDS = _words(
    "all ball bid build buy chateau decline discard downgrade estate expose farm favor"
    " for force harvest hide in market none pass pay penalty pick royal sell stall store"
    " trade upgrade visit with glory"
)

NOBILITY_WORDS = _words(
    "accept add attack coalition concede decline defend disband discard done draw drop hand"
    " income lose meld merge no nobles none offer pass retrieve stock take to with withdraw"
    " gives card pay"
)

DECREES_WORDS = _words(
    "ADM EXE HR REF SS TRE D1 D2 D3 D4 D5 D6 D7 D8 D9 accept add and assign bid budget"
    " decline draw end forward from investigate manoeuvres move play reassign remove"
    " restructure reverse spread stamp to commission-of-inquiry cover-up good-press"
    " internal-audit leave-of-absence lost-in-the-mail naval-review overtime pass-the-buck"
    " personnel-review proxy-signature reorganisation requisition-form scapegoat"
    " staff-rotation urgent-courier whitewash offer gives blame card withdraw keep nothing"
)

# Seabirds: the finite commands, and the words of the Transactions ``seabirds_extras`` writes.
SEA_HOUSES = ("Harvesting", "Breeding", "Usury", "Secrets", "Sensation", "Suppression")
SEA_ASSETS = ("Money", "Food", "Worker Beetles", "Corporations", "Treaties", "Erotroupes",
              "Platoons")  # fmt: skip
SEA_SINGULAR = ("Money", "Food", "Worker Beetle", "Corporation", "Treaty", "Erotroupe", "Platoon")
SEA_OWN = {"Harvesting": 1, "Breeding": 2, "Usury": 3, "Secrets": 4, "Sensation": 5,
           "Suppression": 6}  # fmt: skip
SEA_HEADER = "post: ATTN Bureau: Transaction."
SEABIRDS_WORDS = _words(
    "house ready agree limits administrator Surplus Windfall Hazard Bureaucracy post ATTN"
    " Bureau Transaction I give to reinvest take from hide for stop buy with an a and if in"
    " the same batch of Messages any gives me Expansion Contract Business Contacts"
    " Infrastructure Distribution Loyal Administrator"
)

NOBLESSE_WORDS = _words(
    "move to disband march attack recruit led by courtier pc heir noble officer with at"
    " rent for steward tc lobbyist spy recall staff build messenger open city create marry"
    " exchange hostages field surgeon arson bribery poison assassin incapacitate knife use"
    " and pay successor give contact choose done cancel accept refuse marriage propose"
    " treaty sign reject report breach of promise vote setup income skip uniques unit"
    " arsenal university war council fortress spymaster star Inf MP $"
    # the income splits of 5 points (NSE-12) and the unique companies' ids (X1 ..)
    " 5-0-0 0-5-0 0-0-5 4-1-0 4-0-1 1-4-0 0-4-1 1-0-4 0-1-4 3-2-0 3-0-2 2-3-0 0-3-2 2-0-3"
    " 0-2-3 3-1-1 1-3-1 1-1-3 2-2-1 2-1-2 1-2-2 X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11 X12"
)


def _squares(rows: int = 12, cols: int = 12) -> list[str]:
    """Board squares ``A1``..``L12`` (also company codes such as ``C1``, ``R7``)."""
    return [f"{chr(65 + r)}{c}" for r in range(rows) for c in range(1, cols + 1)]


def _noblesse_scenario_words(spec: str) -> list[str]:
    """Every word of the scenario's texts (unit kinds, roles, abilities, officers)."""
    if spec == "house_default_v1":
        text = (files("bureau.games.noblesse") / "house_default_v1.toml").read_text("utf-8")
    else:
        text = Path(spec).expanduser().read_text(encoding="utf-8")
    out: list[str] = []

    def walk(obj) -> None:
        if isinstance(obj, dict):
            for value in obj.values():
                walk(value)
        elif isinstance(obj, list):
            for value in obj:
                walk(value)
        elif isinstance(obj, str):
            out.extend(split(obj))

    walk(tomllib.loads(text))
    return out


def seabirds_extras(view: dict, names: Sequence[str], seat: int) -> list[str]:
    """Transactions a House may post, from its view: gifts of 1 or 2 of what it holds to
    each other House, reinvestments between Money and its own Resource (X for X-1), and
    the Sensation/Suppression take. Upgrades and conditional trades are not offered."""
    if view.get("phase") not in ("air", "land") or seat not in view.get("pending", ()):
        return []
    me = view["houses"][seat]
    house = me.get("house")
    if house not in SEA_OWN:
        return []
    held = [me["money"], *(me["resources"].get(a, 0) for a in SEA_ASSETS[1:])]
    others = [h["house"] for h in view["houses"] if h.get("house") not in (None, house)]
    out = []
    for a, n in enumerate(held):
        for k in range(1, min(n, 2) + 1):
            out += [f"{SEA_HEADER} I give {_amount(a, k)} to {to}." for to in others]
    own = SEA_OWN[house]
    for give, get in ((0, own), (own, 0)):
        for x in range(2, min(held[give], 3) + 1):
            out.append(f"{SEA_HEADER} I reinvest {_amount(give, x)} for {_amount(get, x - 1)}.")
    if house in ("Sensation", "Suppression") and me.get("special_left"):
        out += [f"{SEA_HEADER} I take 1 Money from {h}." for h in others]
    return out


def _amount(asset: int, n: int) -> str:
    return f"{n} {(SEA_SINGULAR if n == 1 else SEA_ASSETS)[asset]}"


def _seabirds_words() -> list[str]:
    words = list(SEABIRDS_WORDS) + list(SEA_HOUSES)
    for a in range(len(SEA_ASSETS)):
        words += split(SEA_ASSETS[a]) + split(SEA_SINGULAR[a])
    return words


def _families(game: str) -> Callable[..., Any]:
    """``game``'s walked families (``bureau.envs.families.GAME.families``), imported when
    its encoding is first built, so that each game's modules load with its own
    environment only."""
    return import_module(f"{__package__}.families.{game}").families


@cache
def encoding(game: str, scenario: str = "house_default_v1") -> Encoding:
    """The encoding of ``game`` (for Noblesse, of the scenario its options name)."""
    if game == "aristocracy":
        words = [*RANK_TEXT, *SUIT_LETTERS, *ARISTOCRACY_WORDS]
        vocab = Vocab(game, words, MAX_PLAYERS, MAX_BID, RANK_THEN_SUIT, SUIT_LETTERS)
        return Encoding(
            game,
            vocab,
            1024,
            families=_families("aristocracy"),
            features=compact.aristocracy,
            features_size=compact.ARISTOCRACY_SIZE,
        )
    if game == "nobility":
        vocab = Vocab(game, [*CARDS, *NOBILITY_WORDS], MAX_PLAYERS, MAX_AMOUNT)
        return Encoding(game, vocab, 512, families=_families("nobility"))
    if game == "decrees":
        vocab = Vocab(game, DECREES_WORDS, MAX_PLAYERS, 30)
        return Encoding(game, vocab, 1024, families=_families("decrees"))
    if game == "seabirds":
        vocab = Vocab(game, _seabirds_words(), MAX_PLAYERS, 10)
        return Encoding(game, vocab, 1024, seabirds_extras, families=_families("seabirds"))
    if game == "noblesse":
        units = [f"U{i}" for i in range(1, 300)]
        words = [*_squares(), *units, *(f"x{i}" for i in range(2, 10)), *NOBLESSE_WORDS]
        words += _noblesse_scenario_words(scenario)
        return Encoding(
            game, Vocab(game, words, MAX_PLAYERS, 20), 2048, families=_families("noblesse")
        )
    raise ValueError(f"no research encoding for game {game!r}")


# -- observations ----------------------------------------------------------------------


def features(view, names: Sequence[str], seat: int, path: str = "") -> Iterator[tuple[str, float]]:
    """The named features of ``view`` as ``seat`` sees it (see the module's docstring)."""
    n = len(names)
    if isinstance(view, dict):
        for key, value in view.items():
            sub = f"{path}.{key}" if path else str(key)
            if key in SEAT_KEYS:
                value = _seat_value(value, n, seat)
            elif key in UNMEASURED and isinstance(value, int | float):
                continue
            yield from features(value, names, seat, sub)
    elif isinstance(view, list):
        per_seat = len(view) == n
        for i, item in enumerate(view):
            if isinstance(item, str):
                yield from features(item, names, seat, path)
            else:
                where = f"+{(i - seat) % n}" if per_seat else str(min(i, 31))
                yield from features(item, names, seat, f"{path}[{where}]")
    elif isinstance(view, bool | int | float):
        yield path, float(view)
    elif isinstance(view, str):
        if view in names:
            view = seat_token((names.index(view) - seat) % n)
        yield f"{path}={view}", 1.0


def _seat_value(value, n: int, seat: int):
    """Seat numbers as seat tokens relative to ``seat`` (lists element-wise)."""
    if isinstance(value, list):
        return [_seat_value(v, n, seat) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n:
        return seat_token((value - seat) % n)
    return value


def squash(x: np.ndarray) -> np.ndarray:
    """``sign(x) * log1p(|x|)``, clipped to ``[-OBS_BOUND, OBS_BOUND]`` (float32).

    >>> [round(float(v), 2) for v in squash(np.array([0.0, 1.0, -180.0, 1e9], np.float32))]
    [0.0, 0.69, -5.2, 9.21]
    """
    out = np.log1p(np.abs(x), dtype=np.float32)
    np.copysign(out, x, out=out)
    return np.clip(out, -OBS_BOUND, OBS_BOUND, out=out)


_BUCKETS: dict[int, dict[str, int]] = {}  # size -> feature name -> bucket, memoized


def hashed_view(view: dict, names: Sequence[str], seat: int, size: int) -> np.ndarray:
    """The hashed feature sums (float32, length ``size``) of ``view`` for ``seat``: the
    features of ``features``, each added into bucket ``crc32(name) % size`` (fast path)."""
    acc = [0.0] * size
    n = len(names)
    rel = {name: seat_token((i - seat) % n) for i, name in enumerate(names)}
    memo = _BUCKETS.setdefault(size, {})
    if len(memo) > 500_000:
        memo.clear()
    crc32 = zlib.crc32

    def add(key: str, value: float) -> None:
        b = memo.get(key)
        if b is None:
            b = memo[key] = crc32(key.encode()) % size
        acc[b] += value

    def walk(v, path: str) -> None:
        if isinstance(v, dict):
            for key, value in v.items():
                sub = f"{path}.{key}" if path else str(key)
                if key in SEAT_KEYS:
                    value = _seat_value(value, n, seat)
                elif key in UNMEASURED and isinstance(value, int | float):
                    continue
                walk(value, sub)
        elif isinstance(v, list):
            per_seat = len(v) == n
            for i, item in enumerate(v):
                if isinstance(item, str):
                    add(f"{path}={rel.get(item, item)}", 1.0)
                else:
                    where = f"+{(i - seat) % n}" if per_seat else str(min(i, 31))
                    walk(item, f"{path}[{where}]")
        elif isinstance(v, bool | int | float):
            add(path, float(v))
        elif isinstance(v, str):
            add(f"{path}={rel.get(v, v)}", 1.0)

    walk(view, "")
    return np.array(acc, dtype=np.float32)
