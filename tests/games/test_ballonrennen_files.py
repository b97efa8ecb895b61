"""Ballonrennen through `companion replay`: the golden game files, and every error of
the spec as one `error:` line on stderr with exit code 2 and nothing on stdout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.waiting import limit

ROOT = Path(__file__).resolve().parents[2]
FILES = Path(__file__).resolve().parent / "files"
GOLDEN = sorted(
    p for p in FILES.glob("ballonrennen-*.json") if not p.name.endswith(".expected.json")
)


def replay(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(path), "--json", *extra],
        capture_output=True,
        text=True,
        timeout=limit(60),
        cwd=ROOT,
    )


def write_game(tmp_path: Path, actions: list[dict[str, Any]], **setup: Any) -> Path:
    data = {"format": 1, "game": "ballonrennen", "seed": 1, "players": ["Anna", "Ben"]}
    data.update(setup)
    data["actions"] = actions
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def test_there_are_golden_files() -> None:
    assert len(GOLDEN) >= 10


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_file(path: Path) -> None:
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))
    result = replay(path)
    if "error" in expected:
        assert error_line(result) == expected["error"]
    else:
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout) == expected


R3 = {"type": "release", "sandbags": 3}
CALM = {"type": "wind_card", "card": "calm"}
END = {"type": "end_turn"}
DROP = {"type": "drop_mail"}
FAVOURABLE_2 = {"type": "favourable", "altitude": 2, "rotate": "cw"}


def release(sandbags: int = 0, gas: int = 0) -> dict[str, Any]:
    return {"type": "release", "sandbags": sandbags, "gas": gas}


@pytest.mark.parametrize(
    ("actions", "line"),
    [
        (
            [release(3, 2), CALM, END, CALM, END, release(gas=2)],
            "error: action 6 (release): Anna cannot release the gas canister paired with "
            "the mail sack before the mail is dropped",
        ),
        (
            [release(2), CALM, DROP, END, CALM, END, release(1)],
            "error: action 7 (release): Anna's balloon cannot rise above altitude 3 "
            "(this release would give altitude 4)",
        ),
        (
            [R3, CALM, END, CALM, END, {"type": "release", "sandbags": 1}],
            "error: action 6 (release): Anna has no sandbags left",
        ),
        (
            [{"type": "release", "sandbags": 1}, CALM, {"type": "reach_goal"}],
            "error: action 3 (reach_goal): Anna must drop the mail sack before reaching the goal",
        ),
        (
            [R3, END],
            "error: action 2 (end_turn): Anna must turn over a wind card before ending the turn",
        ),
        (
            [R3, {"type": "wind_card", "card": "turn_2"}, FAVOURABLE_2],
            "error: action 3 (favourable): Anna has no Favourable wind card to play this turn",
        ),
        (
            [{"type": "release", "gas": 1}],
            "error: action 1 (release): Anna's balloon cannot sink below the ground "
            "(this release would give altitude -1)",
        ),
        (
            [{"type": "wind_card", "card": "favourable"}, END],
            "error: action 2 (end_turn): Anna must first play the Favourable wind: "
            "choose an altitude and which way to turn its marker",
        ),
        (
            [{"type": "wind_card", "card": "gale"}],
            "error: action 1 (wind_card): card: input should be 'turn_1', 'turn_2', 'turn_3', "
            "'turn_all', 'favourable', 'calm', 'weak', 'rising'…",  # at most 160 (issue 30.9)
        ),
    ],
    ids=[
        "paired-canister",
        "above-3",
        "no-sandbags",
        "goal-without-mail",
        "no-wind-card",
        "favourable-without-card",
        "below-0",
        "favourable-pending",
        "unknown-card",
    ],
)
def test_errors_are_one_line(tmp_path: Path, actions: list[dict[str, Any]], line: str) -> None:
    assert error_line(replay(write_game(tmp_path, actions))) == line


@pytest.mark.parametrize(
    ("setup", "line"),
    [
        (
            {"players": [{"name": "Anna", "colour": "pink"}, "Ben"]},
            'error: game.json: players: Anna: "pink" is not a balloon colour '
            '("red", "yellow", "green", "blue", "white")',
        ),
        (
            {"players": [{"name": "Anna", "colours": ["red", "blue"]}, "Ben"]},
            'error: game.json: players: Anna: "colours" is for Balmy Balloonists; '
            'give one "colour" in Ballonrennen',
        ),
        (
            {"players": ["Anna", "Ben", "Cleo", "Dan", "Eva", "Finn"]},
            "error: game.json: players: 6 given, Ballonrennen needs 2 to 5",
        ),
        (
            {"options": {"deck": {"calm": 60}}},
            "error: game.json: options: deck is only used when the app is the wind deck "
            '(wind_deck "app")',
        ),
    ],
)
def test_setup_errors_are_one_line(tmp_path: Path, setup: dict[str, Any], line: str) -> None:
    assert error_line(replay(write_game(tmp_path, [], **setup))) == line


def test_upto_stops_before_the_bad_action(tmp_path: Path) -> None:
    path = write_game(tmp_path, [R3, CALM, END, CALM, END, {"type": "release", "sandbags": 1}])
    result = replay(path, "--upto", "5")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["current"] == "Anna"
    assert summary["players"][0]["altitude"] == 3
