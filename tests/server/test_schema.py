"""Schemathesis against the OpenAPI document: generated requests to every operation, as
a logged-in player of a running game, never get a 5xx."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_no_generated_request_gets_a_5xx(server, players, tmp_path: Path):
    ann, ben = players("Ann"), players("Ben")
    game = ann.ok("POST", "/api/games", {"game": "nobility", "players": 3, "seed": 1})
    for p in (ann, ben):
        p.ok("POST", f"/api/games/{game['id']}/join", {"invite": game["invite"]})
    ann.ok("POST", f"/api/games/{game['id']}/bots", {"seat": 2})
    ann.ok("POST", f"/api/games/{game['id']}/start")
    document = ann.ok("GET", "/api/openapi.json")
    assert all(
        any(p["name"] == "game_id" for p in op.get("parameters", []))
        for path, ops in document["paths"].items()
        if "{game_id}" in path
        for op in ops.values()
    )
    token = ann.http.headers["Authorization"]
    report = tmp_path / "junit.xml"
    proc = subprocess.run(
        [
            str(Path(sys.executable).with_name("st")),
            "run",
            f"{server.url}/api/openapi.json",
            "--checks",
            "not_a_server_error",
            "--max-examples",
            "15",
            "--header",
            f"Authorization: {token}",
            "--seed",
            "1",
            "--report",
            "junit",
            "--report-junit-path",
            str(report),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    log = (Path(server.folder) / f"server-{server.port}.log").read_text()
    assert "Traceback" not in log, log[-3000:]
