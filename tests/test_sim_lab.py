"""The balance lab: action counts and game statistics, sweeps, JSON lines, reports, Ray."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from bureau.engine import BureauError, registry
from bureau.sim import GameResult, Summary, action_kind, play_one, report, run, run_sweep
from bureau.sim.games import CAPPED, ERROR, FINISHED
from bureau.sim.records import read, record, summaries
from bureau.sim.report import write_report
from conftest import CLI_ENV, bureau_cmd
from test_sim import Race

TIMING = {"seconds", "games_per_sec", "decisions_per_sec", "workers", "seconds_per_move"}


class TallyRace(Race):
    """The toy race, telling how many rounds it took and how much was rolled in all."""

    name = "toytally"

    def statistics(self, state):
        return {"rounds": state.round - 1, "rolled": sum(state.totals)}


class WordyRace(Race):
    name = "toywordy"

    def statistics(self, state):
        return {"verdict": "close"}


@pytest.fixture
def tally(monkeypatch):
    monkeypatch.setitem(registry._LOADED, "toytally", TallyRace())
    return "toytally"


@pytest.fixture
def plain(monkeypatch):
    monkeypatch.setitem(registry._LOADED, "toyrace", Race())
    return "toyrace"


def strip(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in TIMING}


# -- what a game record holds ------------------------------------------------------------------


def test_play_one_counts_actions_by_kind_and_keeps_the_statistics(tally, plain):
    r = play_one(tally, 3, seed=4, options={"target": 20})
    assert r.status == FINISHED
    assert set(r.actions) <= {"roll", "wait"} and r.actions["roll"] > 0
    assert sum(r.actions.values()) == r.decisions
    assert r.statistics["rolled"] == sum(r.scores)  # the final state's totals
    assert r.statistics["rounds"] == r.decisions // 3  # a round is one turn of each player
    bare = play_one(plain, 3, seed=4, options={"target": 20})
    assert bare.statistics == {}  # a game that names no statistics
    assert (bare.decisions, bare.actions) == (r.decisions, r.actions)


def test_action_kind_is_the_first_word():
    assert action_kind("stall 7H 9S") == "stall"
    assert action_kind("hide for stop 3: text") == "hide"
    assert action_kind("hide: text") == "hide"
    assert action_kind("") == "?"


def test_a_statistic_that_is_no_number_makes_the_game_an_error(monkeypatch):
    monkeypatch.setitem(registry._LOADED, "toywordy", WordyRace())
    r = play_one("toywordy", 2, seed=1)
    assert r.status == ERROR
    assert "statistic 'verdict' is 'close', not a number" in r.error
    assert "in its statistics" in r.error


def test_summary_averages_actions_and_statistics_over_games_that_ended():
    def result(index, status, actions, statistics):
        return GameResult(index, index, status, sum(actions.values()), (), (), "", "", 0.0,
                          actions, statistics)  # fmt: skip

    results = [
        result(0, FINISHED, {"roll": 4, "wait": 2}, {"rounds": 2, "rolled": 10}),
        result(1, CAPPED, {"roll": 2}, {"rounds": 4}),
        result(2, ERROR, {"roll": 50}, {}),  # an error counts for nothing here
    ]
    s = Summary("toytally", 3, 0, {}, ("random",) * 3, results, seconds=1.0)
    assert s.action_means == {"roll": 3.0, "wait": 1.0}
    assert s.statistic_names == ["rounds", "rolled"]
    assert s.statistic_values("rounds") == [2, 4]
    assert s.statistic_means == {"rounds": 3.0, "rolled": 10.0}
    data = s.to_json()
    assert data["actions"] == {"roll": 3.0, "wait": 1.0}
    assert data["statistics"] == {"rounds": 3.0, "rolled": 10.0}
    assert data["variant"] == {}


# -- sweeps ------------------------------------------------------------------------------------


def test_sweep_plays_every_variant_on_the_same_seeds(tally):
    sweeps = {"target": ["6", "30"], "max_rounds": ["3", "none"]}
    runs = run_sweep(tally, 12, 3, seed=5, options={"bug": "false"}, sweeps=sweeps)
    assert [s.variant for s in runs] == [
        {"target": "6", "max_rounds": "3"},
        {"target": "6", "max_rounds": "none"},
        {"target": "30", "max_rounds": "3"},
        {"target": "30", "max_rounds": "none"},
    ]
    seeds = [r.seed for r in runs[0].results]
    assert all([r.seed for r in s.results] == seeds for s in runs)
    assert runs[0].options == {"bug": "false", "target": "6", "max_rounds": "3"}
    assert runs[2].capped == 12 and runs[3].finished == 12
    # equal deals: a game over within 3 rounds is the same game with or without the cap
    same = [
        (a, b) for a, b in zip(runs[0].results, runs[1].results, strict=True) if b.decisions <= 9
    ]
    assert same
    for capped, free in same:
        assert (capped.status, capped.winners, capped.scores) == (
            FINISHED,
            free.winners,
            free.scores,
        )
        assert capped.actions == free.actions and capped.statistics == free.statistics
    assert runs[3].mean_decisions > runs[1].mean_decisions
    for s in runs:  # a variant plays exactly what a tournament of its options alone plays
        alone = run(tally, 12, 3, seed=5, options=s.options)
        assert strip(alone.to_json()) == {**strip(s.to_json()), "variant": {}}


def test_the_documented_sweep_of_decks_plays_one_deck_and_two():
    """docs/simulation.md: ``run_sweep(..., sweeps={"decks": ["1", "2"]})`` (it stopped
    with "1 deck(s) hold 4 of a rank"): one deck plays the rules' one-deck game, with the
    buildings it can complete, on the same seeds as two."""
    one, two = run_sweep("aristocracy", 3, 4, seed=1, sweeps={"decks": ["1", "2"]},
                         bots="heuristic")  # fmt: skip
    assert (one.variant, two.variant) == ({"decks": "1"}, {"decks": "2"})
    assert [r.seed for r in one.results] == [r.seed for r in two.results]
    assert one.finished == two.finished == 3 and one.errors == two.errors == 0
    assert one.mean_decisions < two.mean_decisions  # smaller buildings: a shorter game
    proc = bureau_cmd("sim", "aristocracy", "-n", "2", "-p", "4", "-s", "1", "-w", "1",
                      "--bots", "heuristic", "--sweep", "decks=1,2", "--json")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    variants = json.loads(proc.stdout)["variants"]
    assert [(v["variant"], v["finished"]) for v in variants] == [
        ({"decks": "1"}, 2),
        ({"decks": "2"}, 2),
    ]


def test_sweep_refuses_bad_input_before_playing(tally):
    played = []

    def sweep(**kwargs):
        args = {"game_name": tally, "games": 4, "players": 3, "on_result": played.append}
        return run_sweep(**(args | kwargs))

    with pytest.raises(BureauError, match="option target"):
        sweep(sweeps={"target": ["5", "0"]})  # the second variant is not a legal game
    with pytest.raises(BureauError, match="both set and swept"):
        sweep(options={"target": "5"}, sweeps={"target": ["5", "6"]})
    with pytest.raises(BureauError, match="unknown option 'colour'"):
        sweep(sweeps={"colour": ["red"]})
    assert played == []


def test_sim_command_refuses_bad_sweeps():
    for args, message in [
        (("--sweep", "decks"), "is not a sweep: write OPTION=a,b,c"),
        (("--sweep", "decks=1,2", "--sweep", "decks=2"), "swept twice"),
        (("--sweep", "decks=1,,2"), "empty value"),
        (("--sweep", "decks=2,3"), "option decks"),
        (("--option", "decks=1", "--sweep", "decks=1,2"), "both set and swept"),
    ]:
        proc = bureau_cmd("sim", "aristocracy", "-n", "2", *args)
        assert proc.returncode == 2, (args, proc.stdout)
        assert message in proc.stderr, (args, proc.stderr)
    proc = bureau_cmd("sim")
    assert proc.returncode == 2 and "give the GAME" in proc.stderr


# -- JSON lines --------------------------------------------------------------------------------


def test_json_lines_hold_every_game_and_read_back_to_the_same_summaries(tally, tmp_path):
    lines = []
    runs = run_sweep(
        tally, 10, 3, seed=2, sweeps={"target": ["8", "16"]}, on_result=lambda setup, r:
        lines.append(json.loads(json.dumps(record(setup, r)))),
    )  # fmt: skip
    assert len(lines) == 20
    line = lines[0]
    assert line["game"] == tally and line["bots"] == ["random"] * 3
    assert line["variant"] == {"target": "8"} and line["options"] == {"target": "8"}
    assert line["tournament_seed"] == 2 and line["status"] in (FINISHED, CAPPED, ERROR)
    assert set(line["statistics"]) == {"rounds", "rolled"}
    assert sum(line["actions"].values()) == line["decisions"]

    def saved(runs):  # what a game's line keeps: all but the timing and the resolved options
        return [strip(s.to_json()) | {"resolved_options": None} for s in runs]

    assert saved(summaries(lines)) == saved(runs)
    for s, variant in zip(runs, ({"target": "8"}, {"target": "16"}), strict=True):
        mine = [x for x in lines if x["variant"] == variant]
        assert sorted(x["seed"] for x in mine) == sorted(r.seed for r in s.results)
        wins = [0.0] * 3
        for x in mine:
            for p in x["winners"]:
                wins[p] += 1 / len(x["winners"])
        assert wins == pytest.approx(s.wins_by_seat)
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    assert saved(read(path)) == saved(runs)
    path.write_text('{"game": "toytally"}\n', encoding="utf-8")
    with pytest.raises(BureauError, match="line 1: not a game of bureau sim --out"):
        read(path)


# -- reports -----------------------------------------------------------------------------------

EXTERNAL = re.compile(r"<script|<link|<img|<iframe|\bsrc=|href=\"(?!#)|url\((?!#)|@import", re.I)


def check_self_contained(folder: Path) -> str:
    assert [p.name for p in folder.iterdir()] == ["index.html"]
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert EXTERNAL.search(page) is None, EXTERNAL.search(page)
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # the figures' SVG ids never clash
    return page


def test_report_has_one_plot_per_figure_and_each_statistic(tally, plain, tmp_path):
    runs = run_sweep(tally, 16, 3, seed=3, sweeps={"target": ["8", "20"]})
    page = check_self_contained(write_report(runs, tmp_path / "lab", "bureau sim X").parent)
    assert page.count("<svg") == 3 + 2  # win rates, lengths, actions; rounds, rolled
    for text in ("Seat win rates", "Game length", "Actions taken", "rounds", "rolled"):
        assert text in page
    assert "target=8" in page and "target=20" in page and "bureau sim X" in page
    means = runs[1].statistic_means
    assert f"{means['rounds']:.2f}".rstrip("0").rstrip(".") in page
    bare = run_sweep(plain, 6, 2, seed=3, sweeps={"target": ["8", "20"]})
    page = check_self_contained(write_report(bare, tmp_path / "bare").parent)
    assert page.count("<svg") == 3
    assert "names no statistics" in page


def statistic_axes(runs):
    """The axes of each statistic's figure of the report on ``runs``, drawn."""
    import matplotlib

    with matplotlib.rc_context(report.STYLE):
        drawn = report.plots(runs)
        for _, figure in drawn:
            figure.draw_without_rendering()
    return drawn, [figure.axes[0] for _, figure in drawn[report.MAIN_FIGURES :]]


def test_statistics_boxes_have_their_variants_colours(tally):
    """docs/simulation.md: every figure compares the variants in colour; the box plots were
    all black."""
    from matplotlib.colors import to_hex
    from matplotlib.patches import Patch, PathPatch

    runs = run_sweep(tally, 12, 3, seed=3, sweeps={"target": ["8", "12", "20"]})
    drawn, axes = statistic_axes(runs)
    legend = drawn[0][1].axes[0].get_legend()  # the win rates' key: each variant's colour
    keyed = {
        t.get_text(): to_hex(h.get_facecolor(), keep_alpha=False)
        for t, h in zip(legend.get_texts(), legend.legend_handles, strict=True)
        if isinstance(h, Patch)  # not the even share's line
    }
    assert [keyed[f"target={t}"] for t in (8, 12, 20)] == [report.colour(i) for i in range(3)]
    assert len(axes) == 2  # rounds, rolled
    for ax in axes:
        boxes = [p for p in ax.patches if isinstance(p, PathPatch)]
        colours = [to_hex(b.get_facecolor(), keep_alpha=False) for b in boxes]
        assert colours == [keyed[f"target={t}"] for t in (8, 12, 20)]
        assert len(set(colours)) == 3


def overlaps(a, b) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def test_statistics_variant_names_never_overlap(tally):
    """Six variants' names under small box plots were rotated and ran into each other: each
    name now lies flat, apart from the others and inside its figure, or the variants are
    numbered as in the page's key."""
    sweeps = {"target": ["8", "12", "20"], "max_rounds": ["30", "1000"]}
    runs = run_sweep(tally, 6, 3, seed=3, sweeps=sweeps)
    page = report.render(runs)
    for few in (runs, runs[:2]):
        _, axes = statistic_axes(few)
        for ax in axes:
            labels = ax.get_xticklabels()
            assert len(labels) == len(few) and all(t.get_rotation() == 0 for t in labels)
            boxes = [t.get_window_extent() for t in labels]
            assert not any(overlaps(a, b) for a, b in itertools.combinations(boxes, 2))
            edge = ax.figure.bbox
            assert all(edge.x0 <= b.x0 and b.x1 <= edge.x1 for b in boxes)
            texts = [t.get_text() for t in labels]
            if few is runs:  # too many names for the width: numbered
                assert texts == ["1", "2", "3", "4", "5", "6"]
            else:  # two fit, one option a line
                assert texts == ["target=8\nmax_rounds=30", "target=8\nmax_rounds=1000"]
    key = re.search(r"<ol class=key>(.*?)</ol>", page).group(1)
    items = re.findall(r'<li><span class=swatch style="background: (#\w+)"></span> ([^<]+)</li>',
                       key)  # fmt: skip
    assert items == [(report.colour(i), report.label(r.variant)) for i, r in enumerate(runs)]


def test_report_captions_head_their_figures_and_wide_tables_scroll(tally):
    """A caption below its figure read as the title of the next one: each caption now
    opens its own <figure>, above the plot. Wide tables ran off the page: each table is in
    a box that scrolls sideways."""
    sweeps = {"target": ["8", "12", "20"], "max_rounds": ["30", "1000"]}
    page = report.render(run_sweep(tally, 6, 3, seed=3, sweeps=sweeps), "bureau sim X")
    figures = re.findall(r"<figure id=figure-\d+>(.*?)</figure>", page, re.S)
    assert len(figures) == page.count("<svg") == page.count("<figcaption") == 3 + 2
    titles = ["Seat win rates", "Game length", "Actions taken", "rounds", "rolled"]
    for inside, title in zip(figures, titles, strict=True):
        caption = re.fullmatch(r"<figcaption>([^<]+)</figcaption><svg.*</svg>\s*", inside, re.S)
        assert caption is not None and caption.group(1).startswith(title)
    tables = page.count("<table")
    assert tables == 4  # games, win rates, actions, statistics (no error to list)
    assert len(re.findall(r"<div class=wide><table>.*?</table></div>", page, re.S)) == tables
    style = re.search(r"\.wide \{([^}]*)\}", page).group(1)
    assert "overflow-x: auto" in style


def test_sim_command_sweeps_saves_and_reports(tmp_path):
    out, lab = tmp_path / "games.jsonl", tmp_path / "lab"
    args = ("sim", "aristocracy", "-n", "4", "-p", "3", "-s", "2", "-w", "2")
    proc = bureau_cmd(*args, "--sweep", "max_years=1,2", "--out", str(out), "--report", str(lab),
                      "--json", timeout=240)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["swept"] == ["max_years"] and data["report"] == str(lab / "index.html")
    first, second = data["variants"]
    assert (first["variant"], second["variant"]) == ({"max_years": "1"}, {"max_years": "2"})
    assert first["capped"] == second["capped"] == 4
    assert first["mean_decisions"] < second["mean_decisions"]
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 8
    for summary in (first, second):
        mine = [x for x in lines if x["variant"] == summary["variant"]]
        assert sum(x["decisions"] for x in mine) / 4 == summary["mean_decisions"]
        assert [x["status"] for x in mine] == [CAPPED] * 4
        assert set(summary["statistics"]) == set(mine[0]["statistics"])
    page = check_self_contained(lab)
    statistics = list(first["statistics"])  # whatever the game names (none is fine too)
    assert page.count("<svg") == 3 + len(statistics)
    assert all(name in page for name in statistics)
    assert "bureau sim aristocracy -n 4" in page and "--sweep max_years=1,2" in page
    again = tmp_path / "again"
    proc = bureau_cmd("sim", "--from", str(out), "--report", str(again))
    assert proc.returncode == 0, proc.stderr
    assert "max_years" in proc.stdout and f"report: {again / 'index.html'}" in proc.stdout
    assert check_self_contained(again).count("<svg") == 3 + len(statistics)


def test_sim_text_piped_to_a_file_is_never_cut_to_a_terminal_width(tmp_path):
    """Piped (no terminal, no COLUMNS), rich would draw in 80 columns and cut cells short
    ("heurist…"); the sweep's tables come out whole, however wide."""
    env = {k: v for k, v in CLI_ENV.items() if k != "COLUMNS"}
    saved = tmp_path / "sim.txt"
    with saved.open("w", encoding="utf-8") as file:
        proc = subprocess.run(
            [sys.executable, "-m", "bureau", "sim", "aristocracy", "-n", "2", "-p", "5",
             "-s", "1", "-w", "1", "--bots", "heuristic", "--sweep", "variant=standard,longer",
             "--sweep", "max_years=10,30"],
            stdout=file, stderr=subprocess.PIPE, text=True, env=env, timeout=240,
        )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    text = saved.read_text(encoding="utf-8")
    assert "…" not in text, text
    rows = [line for line in text.splitlines() if line.startswith("│ longer")]
    assert len(rows) == 4, text  # two in the games table, two in the win rates
    header = next(line for line in text.splitlines() if "seat 0" in line)
    assert [header.count(f"seat {s}") for s in range(5)] == [1] * 5
    assert max(len(line) for line in text.splitlines()) > 80  # wider than a terminal's 80


# -- Ray ---------------------------------------------------------------------------------------


# A private instance on loopback: no token, so that a token in ~/.ray changes nothing.
RAY_ENV = {**CLI_ENV, "RAY_AUTH_MODE": "disabled"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def ray_head():
    """A one-CPU Ray instance on loopback for these tests alone, stopped (its whole process
    group) afterwards."""
    # Ray is in the test extra: a missing one fails here rather than skipping the test.
    exe = shutil.which("ray", path=os.path.dirname(sys.executable)) or shutil.which("ray")
    if exe is None:
        pytest.fail("the ray command is missing: pip install -e '.[test]' (./run test does)")
    port = free_port()
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # a short path: Ray puts sockets there
    command = [exe, "start", "--head", "--block", "--node-ip-address=127.0.0.1", f"--port={port}"]
    command += ["--num-cpus=1", "--include-dashboard=false", "--disable-usage-stats"]
    command += [f"--temp-dir={temp}", "--object-store-memory=100000000"]
    head = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True, env=RAY_ENV,
    )  # fmt: skip
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in head.stdout], daemon=True).start()
    try:
        deadline, seen = time.monotonic() + 90, []
        while not any("Ray runtime started" in x for x in seen):
            assert head.poll() is None, "".join(seen)
            assert time.monotonic() < deadline, "Ray did not start in 90 s:\n" + "".join(seen)
            with contextlib.suppress(queue.Empty):
                seen.append(lines.get(timeout=1))
        yield f"127.0.0.1:{port}"
    finally:
        os.killpg(head.pid, signal.SIGKILL)  # everything `ray start` started, and nothing else
        head.wait(30)
        shutil.rmtree(temp, ignore_errors=True)


def test_ray_cluster_plays_the_same_games_as_workers(ray_head, tmp_path):
    args = ("sim", "aristocracy", "-n", "6", "-p", "3", "-s", "8", "--sweep", "max_years=1,2")
    local, remote = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    on_workers = bureau_cmd(*args, "-w", "2", "--out", str(local), "--json", timeout=240)
    assert on_workers.returncode == 0, on_workers.stderr
    on_ray = subprocess.run(
        [sys.executable, "-m", "bureau", *args, "--ray", ray_head, "--out", str(remote), "--json"],
        capture_output=True, text=True, encoding="utf-8", env=RAY_ENV, timeout=240,
    )  # fmt: skip
    assert on_ray.returncode == 0, on_ray.stderr
    mine, theirs = json.loads(on_workers.stdout), json.loads(on_ray.stdout)
    assert theirs["ray"] == ray_head
    assert [strip(v) for v in mine["variants"]] == [strip(v) for v in theirs["variants"]]

    def games(path):
        lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
        return sorted(
            json.dumps({k: v for k, v in x.items() if k not in ("seconds", "thinking")})
            for x in lines
        )

    assert len(games(remote)) == 12
    assert games(local) == games(remote)


def test_a_ray_address_with_no_cluster_fails_within_seconds():
    """Nothing listens there: the documented error in seconds, not Ray's minutes of retries."""
    address = f"127.0.0.1:{free_port()}"
    started = time.monotonic()
    try:
        done = bureau_cmd("sim", "aristocracy", "-n", "1", "--ray", address, timeout=45)
    except subprocess.TimeoutExpired:
        pytest.fail(f"bureau sim --ray {address} was still trying after 45 s")
    assert time.monotonic() - started < 30
    assert done.returncode == 2, done.stderr
    assert f"bureau: cannot join the Ray cluster at {address}: no answer from" in done.stderr
    assert "Connection refused" in done.stderr
    assert "GCS" not in done.stderr  # Ray never got to retry its connection


def test_a_port_that_answers_but_is_no_cluster_gets_one_attempt_from_ray(monkeypatch):
    """Something answers at the port, so Ray tries it, but once (its default is 20 tries of
    some 40 s each); an attempt that fails is the documented error, and the environment
    is left as it was."""
    from bureau.sim import cluster

    wait, seen = "RAY_gcs_server_port_wait_time_s", []

    class FakeRay:
        def is_initialized(self):
            return False

        def init(self, address, **kwargs):
            seen.append((address, os.environ.get(wait)))
            raise ConnectionError(f"Failed to connect to Ray cluster at {address}")

    monkeypatch.setattr(cluster, "require_ray", FakeRay)
    monkeypatch.delenv(wait, raising=False)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        address = f"127.0.0.1:{server.getsockname()[1]}"
        with pytest.raises(cluster.ClusterError) as caught, cluster.connect(address, timeout=2):
            pytest.fail("joined a cluster that is not there")
    assert str(caught.value) == (
        f"cannot join the Ray cluster at {address}: Failed to connect to Ray cluster at {address}"
    )
    assert seen == [(address, str(cluster.GCS_ATTEMPTS))]
    assert cluster.GCS_ATTEMPTS <= 2
    assert wait not in os.environ
    # A user's own setting is Ray's to use, and stays.
    monkeypatch.setenv(wait, "30")
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        address = f"127.0.0.1:{server.getsockname()[1]}"
        with pytest.raises(cluster.ClusterError), cluster.connect(address, timeout=2):
            pass
    assert seen[-1] == (address, "30")
    assert os.environ[wait] == "30"
