"""The game record: one JSON document per game, like PGN for chess.

See ``docs/record.md`` for the format. Times are ISO 8601 strings in UTC
(``2026-11-22T18:30:00Z``), or null for games that ignore time.

>>> format_time(0.0), parse_time("1970-01-01T00:00:10Z")
('1970-01-01T00:00:00Z', 10.0)
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .errors import RecordError

FORMAT = "bureau-record/1"


def format_time(at: float | None) -> str | None:
    if at is None:
        return None
    stamp = datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds")
    stamp = stamp.replace("+00:00", "Z")
    return stamp.replace(".000Z", "Z")


def parse_time(value: Any) -> float | None:
    """An ISO 8601 string (naive means UTC), a number of seconds, or None."""
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            when = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            pass
        else:
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            return when.timestamp()
    raise RecordError(f"{value!r} is not a time: write ISO 8601 like 2026-11-22T18:30:00Z")


def load_record(source: str | Path | dict) -> dict:
    """A record from a dict, a JSON text, or a path to a JSON file, checked for shape."""
    if isinstance(source, dict):
        record = source
    else:
        text = str(source)
        if isinstance(source, Path) or not text.lstrip().startswith("{"):
            path = Path(source)
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        try:
            record = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with keys game, players, actions")
    for key, kind in (("game", str), ("players", list | int)):
        if not isinstance(record.get(key), kind):
            raise RecordError(f"record key {key!r} is missing or has the wrong type")
    if not isinstance(record.get("actions", []), list):
        raise RecordError("record key 'actions' must be a list of [player, action, time]")
    if not isinstance(record.get("options", {}), dict):
        raise RecordError("record key 'options' must be an object")
    if "seed" not in record and isinstance(record.get("fairness"), dict):
        raise RecordError(
            "the record's seed is withheld until the game is over (it is committed, not"
            " revealed): it cannot be replayed yet"
        )
    seed = record.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("record key 'seed' must be a whole number")
    return record
