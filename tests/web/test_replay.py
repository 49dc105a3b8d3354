"""After the game: the full reveal on the table page and the replay viewer's step slider,
from every seat's side and a spectator's."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect


def bots_only_game(ann, game: str, players: int, **options) -> int:
    gid = ann.create(game, players, **options)
    ann.seat_bots(range(players))
    ann.start()
    expect(ann.page.locator("#live .outcome")).to_be_visible(timeout=60_000)
    return gid


def test_the_reveal_and_the_replay_viewer(visitor, site):
    ann = visitor().sign_up()
    gid = bots_only_game(ann, "aristocracy", 3, max_years=1)
    record = httpx.get(f"{site.url}/api/games/{gid}/record").json()
    steps = len(record["actions"])
    assert steps > 10
    # Everything revealed: each seat's table, as its player saw it.
    reveal = ann.page.locator(".reveal details")
    expect(reveal).to_have_count(3)
    reveal.first.locator("summary").click()
    ann.go(f"/games/{gid}/replay")
    form = ann.page.locator("form[data-replay]")
    expect(form.locator("output")).to_have_text(f"{steps} / {steps}")
    expect(ann.page.locator("#frame .step")).to_contain_text(f"Step {steps}:")
    slider = form.locator("input[type=range]")
    slider.fill("0")
    expect(ann.page.locator("#frame .step")).to_have_text("The start")
    ann.page.get_by_role("button", name="Next step").click()
    who, text, _ = record["actions"][0]
    expect(ann.page.locator("#frame .step")).to_contain_text(f"Step 1: {who} played “{text}”")
    # The same step from Ben's side and a spectator's: different views of one moment.
    ben = record["players"][1]
    form.locator("select[name=seat]").select_option(label=ben)
    expect(ann.page.locator("#frame .side-note")).to_have_text(f"As seen by {ben}.")
    bens = ann.page.locator("#frame .table-area").inner_html()
    form.locator("select[name=seat]").select_option(label="a spectator")
    expect(ann.page.locator("#frame .side-note")).to_have_text("As seen by a spectator.")
    assert ann.page.locator("#frame .table-area").inner_html() != bens
    slider.focus()
    ann.page.keyboard.press("ArrowRight")  # keyboard-usable
    expect(form.locator("output")).to_have_text(f"2 / {steps}")
    ann.shot("replay")
    assert ann.errors == []


def test_the_replay_waits_for_the_end(visitor):
    ann = visitor().sign_up()
    gid = ann.create("nobility", 3)
    ann.take_seat(0)
    ann.seat_bots([1, 2])
    ann.start()
    ann.go(f"/games/{gid}/replay")
    expect(ann.page.locator("[role=alert]")).to_contain_text("when the game is over")


def test_replay_frames_from_checkpoints_match_a_replay_from_the_start():
    """The slider's frames come from checkpoints; every one is the state a replay from the
    start reaches, in any order of steps: Final Decrees (hidden hands) and Aristocracy
    (secret simultaneous stalls)."""
    import random

    from bureau.bots import make
    from bureau.engine import Match
    from bureau.web.replays import Frames

    for game, players in (("decrees", 4), ("aristocracy", 3)):
        m = Match(game, players, seed=3, options={"max_years": 1} if game == "aristocracy" else {})
        bots = [make("random", m.game, s, 3) for s in range(players)]
        while m.outcome() is None and len(m.actions) < 120:
            seat = m.pending()[0]
            m.play(seat, bots[seat].act(m.state))
        record = m.record()
        frames = Frames(every=7, records=1)
        steps = list(range(len(record["actions"]) + 1))
        random.Random(1).shuffle(steps)
        for step in steps[:40]:
            expected = Match.replay(record, upto=step)
            got = frames.at(9, record, step)
            for seat in (None, *range(players)):
                assert got.view(seat) == expected.view(seat), (game, step, seat)
        assert len(frames.checkpoints(9, record)) > 1
