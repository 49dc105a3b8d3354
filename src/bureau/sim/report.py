"""The balance lab's report: one self-contained HTML page of plots and tables.

``write_report(summaries, DIR)`` writes ``DIR/index.html`` for the variants of
one tournament (``run_sweep``, or ``records.read`` of saved games): the seat
win rates with their 95% intervals, the game-length distributions, how often
each kind of action is taken, and each of the game's own statistics, every
one compared across the variants, then the tables of figures and the command
that made it. The plots are inline SVG drawn by matplotlib (no pyplot, no
display needed); the page loads nothing else, so it can be mailed or archived.
Variant ``i`` has the colour ``C{i}`` of matplotlib's cycle in every figure
(and in the key above the statistics); each figure's caption is its title,
above it; a table wider than the page scrolls on its own.

>>> from bureau.sim import GameResult, Summary
>>> games = [
...     GameResult(i, i, "finished", 40 + i, (i % 2,), actions={"bid": 3}, statistics={"bids": i})
...     for i in range(6)
... ]
>>> summary = Summary("aristocracy", 2, 0, {}, ("random", "random"), games, seconds=1.0)
>>> page = render([summary], "bureau sim aristocracy -n 6 -p 2")
>>> page.count("<svg"), "bureau sim aristocracy -n 6 -p 2" in page, "<script" in page
(4, True, False)
>>> page.count("<figure"), page.count("<figure id=figure-0><figcaption>Seat win rates")
(4, 1)
"""

from __future__ import annotations

import html
import io
import itertools
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from bureau import __version__

from .stats import mean, median, stdev
from .sweep import label
from .tournament import Summary

MAIN_FIGURES = 3  # win rates, lengths, actions; then one per statistic
MAX_BINS = 40
MAX_KINDS = 30  # action kinds drawn; the table lists them all
STYLE = {"svg.hashsalt": "bureau", "svg.fonttype": "path", "font.size": 9}
GAP = 2.0  # points between two variants' names under the statistics' boxes, at least


def colour(number: int) -> str:
    """Variant ``number``'s colour in every figure: the ``C{number}`` of matplotlib's
    default cycle, as ``#rrggbb``.

    >>> colour(0), colour(1), colour(10) == colour(0)
    ('#1f77b4', '#ff7f0e', True)
    """
    from matplotlib import colors

    return colors.to_hex(f"C{number % 10}")


def write_report(summaries: Sequence[Summary], directory: str | Path, command: str = "") -> Path:
    """Write ``directory/index.html`` (making the folder) and return its path."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "index.html"
    path.write_text(render(summaries, command), encoding="utf-8")
    return path


def render(summaries: Sequence[Summary], command: str = "") -> str:
    """The report's HTML: the figures, then the tables, then the command line."""
    if not summaries:
        raise ValueError("a report needs at least one tournament")
    if len({s.game for s in summaries}) > 1:
        raise ValueError("a report compares variants of one game")
    first = summaries[0]
    drawn = [_figure(n, title, svg) for n, (title, svg) in enumerate(figures(summaries))]
    statistics = len(drawn) > MAIN_FIGURES
    parts = [
        f"<h1>Balance lab: {_e(first.game)}</h1>",
        f"<p>{_e(_description(summaries))}</p>",
        "<h2>Figures</h2>",
        *drawn[:MAIN_FIGURES],
        "<h3>The game's statistics</h3>",
        STATISTICS_NOTE if statistics else NO_STATISTICS,
        _key(summaries) if statistics and len(summaries) > 1 else "",
        f"<div class=grid>{''.join(drawn[MAIN_FIGURES:])}</div>",
        "<h2>Tables</h2>",
        _overview_table(summaries),
        _win_table(summaries),
        _action_table(summaries),
        _statistics_table(summaries),
        _error_table(summaries),
        "<h2>Command</h2>",
        f"<pre>{_e(command or '(not given)')}</pre>",
        f"<p class=note>Made by Bureau {_e(__version__)}.</p>",
    ]
    return PAGE.format(title=_e(f"Balance lab: {first.game}"), body="\n".join(parts))


def _description(summaries: Sequence[Summary]) -> str:
    first = summaries[0]
    bots = ", ".join(first.bots) if len(set(first.bots)) > 1 else f"{first.bots[0]} in every seat"
    swept = list(dict.fromkeys(k for s in summaries for k in s.variant))
    text = (
        f"{len(summaries)} variant(s) of {first.games} games each, {first.players} players, "
        f"bots: {bots}, tournament seed {first.seed}; every variant plays the same game seeds."
    )
    fixed = {k: v for k, v in first.options.items() if k not in swept}
    if fixed:
        text += " Options: " + ", ".join(f"{k}={v}" for k, v in fixed.items()) + "."
    if swept:
        text += " Swept: " + ", ".join(swept) + "."
    return text


# -- figures -----------------------------------------------------------------------------------


def figures(summaries: Sequence[Summary]) -> list[tuple[str, str]]:
    """Each figure's title and inline SVG: win rates, lengths, actions, then each statistic."""
    import matplotlib

    with matplotlib.rc_context(STYLE):
        return [
            (title, _svg(figure, f"f{n}-")) for n, (title, figure) in enumerate(plots(summaries))
        ]


def plots(summaries: Sequence[Summary]) -> list[tuple[str, object]]:
    """Each figure's title and matplotlib ``Figure``, in the report's order."""
    import matplotlib

    names = list(dict.fromkeys(n for s in summaries for n in s.statistic_names))
    drawers: list[tuple[str, Callable]] = [
        ("Seat win rates with 95% intervals (finished games)", _win_rates),
        ("Game length (finished and capped games)", _lengths),
        ("Actions taken per game, by kind (mean)", _actions),
    ]
    drawers += [(name, _statistic(name)) for name in names]
    with matplotlib.rc_context(STYLE):
        return [(title, draw(summaries)) for title, draw in drawers]


def _new_figure(width: float, height: float):
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    return figure, figure.subplots()


def _note(ax, text: str) -> None:
    ax.text(0.5, 0.5, text, transform=ax.transAxes, ha="center", va="center", color="grey")


def _win_rates(summaries: Sequence[Summary]):
    players = max(s.players for s in summaries)
    figure, ax = _new_figure(7, 3.4)
    width = 0.8 / len(summaries)
    for i, s in enumerate(summaries):
        if s.win_rates is None:
            continue
        xs = [seat - 0.4 + width * (i + 0.5) for seat in range(s.players)]
        below = [r - lo for r, (lo, _) in zip(s.win_rates, s.win_intervals, strict=True)]
        above = [hi - r for r, (_, hi) in zip(s.win_rates, s.win_intervals, strict=True)]
        ax.bar(xs, s.win_rates, width, yerr=[below, above], capsize=3, color=colour(i))
    even = ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1)
    bots = summaries[0].bots
    ax.set_xticks(
        range(players),
        [f"seat {seat}\n{bots[seat] if seat < len(bots) else ''}" for seat in range(players)],
    )
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of the wins")
    if all(s.win_rates is None for s in summaries):
        _note(ax, "no game finished: no win rates (a capped game has no winner)")
    keys = _keys(summaries, lambda s: "" if s.finished else " (no game finished)")
    ax.legend([*keys, even], [*(k.get_label() for k in keys), "an even share"], fontsize="small")
    return figure


def _keys(summaries: Sequence[Summary], remark: Callable = lambda s: "") -> list:
    """One legend key per variant, in its colour."""
    from matplotlib.patches import Patch

    return [
        Patch(color=colour(i), label=label(s.variant) + remark(s)) for i, s in enumerate(summaries)
    ]


def _lengths(summaries: Sequence[Summary]):
    import numpy

    figure, ax = _new_figure(7, 3.2)
    every = [n for s in summaries for n in s.lengths]
    if not every:
        _note(ax, "no game ended")
        return figure
    edges = numpy.histogram_bin_edges(every, bins="auto")
    if len(edges) > MAX_BINS + 1:
        edges = numpy.linspace(min(every), max(every), MAX_BINS + 1)
    for i, s in enumerate(summaries):
        if s.lengths:
            ax.hist(s.lengths, bins=edges, histtype="step", linewidth=1.5, color=colour(i))
            ax.axvline(mean(s.lengths), color=colour(i), linestyle=":", linewidth=1)
    ax.set_xlabel("decisions per game (dotted: the mean)")
    ax.set_ylabel("games")
    ax.legend(handles=_keys(summaries), fontsize="small")
    return figure


def _actions(summaries: Sequence[Summary]):
    totals: dict[str, float] = {}
    for s in summaries:
        for kind, n in s.action_means.items():
            totals[kind] = totals.get(kind, 0.0) + n
    kinds = sorted(totals, key=lambda k: (-totals[k], k))[:MAX_KINDS]
    rows = max(1, len(kinds))
    figure, ax = _new_figure(7, 1.2 + rows * (0.12 + 0.08 * len(summaries)))
    height = 0.8 / len(summaries)
    for i, s in enumerate(summaries):
        means = s.action_means
        ys = [k - 0.4 + height * (i + 0.5) for k in range(len(kinds))]
        ax.barh(ys, [means.get(kind, 0.0) for kind in kinds], height, color=colour(i))
    ax.set_yticks(range(len(kinds)), kinds)
    ax.invert_yaxis()  # the most frequent kind on top
    ax.set_xlabel("times per game (mean)")
    if not kinds:
        _note(ax, "no action taken")
    ax.legend(handles=_keys(summaries), loc="lower right", fontsize="small")
    return figure


def _statistic(name: str) -> Callable:
    """One box per variant that gave the statistic, in the variant's colour. Under each box
    its variant's name, one swept option a line; where the names would overlap, the
    variant's number in the key above the statistics instead (never rotated text)."""

    def draw(summaries: Sequence[Summary]):
        figure, ax = _new_figure(3.6, 2.6)
        shown = [(i, s) for i, s in enumerate(summaries) if s.statistic_values(name)]
        positions = range(1, len(shown) + 1)
        boxes = ax.boxplot(
            [s.statistic_values(name) for _, s in shown],
            positions=positions,
            showmeans=True,
            widths=0.5,
            patch_artist=True,
            medianprops={"color": "black"},
            meanprops={"markerfacecolor": "white", "markeredgecolor": "black"},
        )
        for box, (i, _) in zip(boxes["boxes"], shown, strict=True):
            box.set_facecolor(colour(i))
            box.set_alpha(0.75)
        names = [
            "\n".join(f"{k}={v}" for k, v in s.variant.items()) or "as given" for _, s in shown
        ]
        ax.set_xticks(positions, names, fontsize="small")
        if len(summaries) > 1 and _crowded(figure, ax.get_xticklabels()):
            ax.set_xticks(positions, [str(i + 1) for i, _ in shown], fontsize="small")
            ax.set_xlabel("variant (see the key)", fontsize="small")
        if not shown:
            _note(ax, "no game gave it")
        return figure

    return draw


def _crowded(figure, texts: Sequence) -> bool:
    """Whether two of ``texts`` (drawn side by side) overlap or come closer than ``GAP``
    points, or one leaves the figure."""
    figure.draw_without_rendering()
    boxes = sorted((t.get_window_extent() for t in texts if t.get_text()), key=lambda b: b.x0)
    gap = GAP * figure.dpi / 72
    edge = figure.bbox
    if any(b.x0 < edge.x0 or b.x1 > edge.x1 for b in boxes):
        return True
    return any(a.x1 + gap > b.x0 for a, b in itertools.pairwise(boxes))


def _svg(figure, prefix: str) -> str:
    """The figure as an inline <svg> element, its ids prefixed so that figures never clash."""
    buffer = io.StringIO()
    figure.savefig(
        buffer, format="svg", metadata=dict.fromkeys(("Date", "Creator", "Format", "Type"))
    )
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r'\bid="', f'id="{prefix}', text)
    text = re.sub(r'href="#', f'href="#{prefix}', text)
    return re.sub(r"url\(#", f"url(#{prefix}", text)


def _figure(number: int, title: str, svg: str) -> str:
    """A figure with its caption above it, as its title (a caption below read as the title
    of the figure after it)."""
    return f"<figure id=figure-{number}><figcaption>{_e(title)}</figcaption>{svg}</figure>"


def _key(summaries: Sequence[Summary]) -> str:
    """The variants by number, each in its colour: the statistics' plots number a variant
    when its name does not fit under its box."""
    items = "".join(
        f'<li><span class=swatch style="background: {colour(i)}"></span> '
        f"{_e(label(s.variant))}</li>"
        for i, s in enumerate(summaries)
    )
    return f"<ol class=key>{items}</ol>"


# -- tables ------------------------------------------------------------------------------------


def _table(caption: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    table = f"<table><caption>{_e(caption)}</caption><tr>{head}</tr>{body}</table>"
    return f"<div class=wide>{table}</div>"  # a table wider than the page scrolls on its own


def _overview_table(summaries: Sequence[Summary]) -> str:
    rows = [
        (
            label(s.variant),
            s.games,
            s.finished,
            s.capped,
            s.errors,
            _num(s.mean_decisions),
            _num(s.median_decisions),
            ", ".join(f"{r or '?'} ({n})" for r, n in s.reasons.items()),
            f"{s.seconds:.2f}",
        )
        for s in summaries
    ]
    header = ("variant", "games", "finished", "capped", "errors", "mean length", "median length")
    return _table("Games", (*header, "ended by", "seconds"), rows)


def _win_table(summaries: Sequence[Summary]) -> str:
    players = max(s.players for s in summaries)
    bots = summaries[0].bots
    header = [
        "variant",
        *(f"seat {seat} ({bots[seat] if seat < len(bots) else '?'})" for seat in range(players)),
    ]
    rows = []
    for s in summaries:
        rates = s.win_rates or [None] * s.players
        cells = [
            "—" if r is None else f"{r:.1%} ({lo:.1%}–{hi:.1%})"
            for r, (lo, hi) in zip(rates, s.win_intervals, strict=True)
        ]
        rows.append((label(s.variant), *cells))
    return _table("Seat win rates over finished games (95% Wilson interval)", header, rows)


def _action_table(summaries: Sequence[Summary]) -> str:
    kinds = list(dict.fromkeys(k for s in summaries for k in s.action_means))
    rows = [(k, *(_num(s.action_means.get(k, 0.0)) for s in summaries)) for k in kinds]
    header = ("action", *(label(s.variant) for s in summaries))
    return _table("Actions taken per game, by kind (mean over the games that ended)", header, rows)


def _statistics_table(summaries: Sequence[Summary]) -> str:
    names = list(dict.fromkeys(n for s in summaries for n in s.statistic_names))
    if not names:
        return NO_STATISTICS
    rows = []
    for name in names:
        cells = []
        for s in summaries:
            values = s.statistic_values(name)
            spread = stdev(values)
            cells.append(
                "—"
                if not values
                else f"{_num(mean(values))} ± {_num(spread)} (median {_num(median(values))})"
            )
        rows.append((name, *cells))
    header = ("statistic", *(label(s.variant) for s in summaries))
    return _table("The game's statistics: mean ± standard deviation (median)", header, rows)


def _error_table(summaries: Sequence[Summary]) -> str:
    rows = [
        (label(s.variant), r.index, r.seed, r.decisions, r.error)
        for s in summaries
        for r in s.error_examples
    ]
    if not rows:
        return "<p class=note>No game raised an error.</p>"
    return _table("First errors", ("variant", "game", "seed", "decisions", "error"), rows)


def _num(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


def _e(value: object) -> str:
    return html.escape(str(value))


STATISTICS_NOTE = (
    "<p class=note>Over the games that ended, one plot per statistic: the box spans the middle "
    "half of the games, the line is the median, the triangle the mean.</p>"
)
NO_STATISTICS = "<p class=note>This game names no statistics of its own (Game.statistics).</p>"

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}
figure {{ margin: 2.5em 0 1em; }}
figure svg {{ display: block; max-width: 100%; height: auto; }}
figcaption {{ font-weight: bold; margin-bottom: 0.3em; }}
.grid {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(20em, 1fr)); }}
.grid figure {{ margin: 1em 0.5em; }}
.key {{ columns: 2 20em; }}
.swatch {{ display: inline-block; width: 0.9em; height: 0.9em; vertical-align: middle; }}
.wide {{ overflow-x: auto; max-width: 100%; margin: 1.5em 0; }}
table {{ border-collapse: collapse; font-size: 0.9em; }}
caption {{ text-align: left; font-weight: bold; padding-bottom: 0.3em; }}
th, td {{ border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: right; }}
th:first-child, td:first-child {{ text-align: left; }}
pre {{ background: #f4f4f4; padding: 0.6em; white-space: pre-wrap; }}
.note {{ color: #666; }}
</style>
</head>
<body>
{body}
</body>
</html>
"""
