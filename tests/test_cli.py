"""`companion replay` and `companion games` as a user runs them: exit codes and one
`error:` line, never a traceback."""

import json
from pathlib import Path

import pytest

from tests.conftest import run_companion

GOOD = {
    "format": 1,
    "game": "wyscig-balonow",
    "seed": 7,
    "players": ["Ola", "Jan", "Ewa"],
    "actions": [{"type": "start_timer"}, {"type": "mail"}, {"type": "end_turn"}],
}


def write(tmp_path: Path, data, name="game.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def with_(**changes):
    return {**GOOD, **changes}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("{not json", "error: game.json: not JSON (line 1, column 2"),
        ("[1, 2]", "error: game.json: a game file is a JSON object"),
        (with_(game="monopoly"), 'error: game.json: game: unknown game "monopoly"'),
        (
            with_(players=["Solo"]),
            "error: game.json: players: 1 given, Wyścig balonów needs 2 to 4",
        ),
        (with_(players=["A", "A"]), 'error: game.json: players: "A" is seated twice'),
        (
            with_(players=["A", ""]),
            "error: game.json: players: player 2: name: 1 to 24 characters, 0 given",
        ),
        (with_(format=2), "error: game.json: format: 2 is not a format"),
        (with_(colour="red"), 'error: game.json: unknown key "colour"'),
        (with_(seed="x"), "error: game.json: seed: must be an integer"),
        (with_(options={"timer": 3}), 'error: game.json: options: unknown option "timer"'),
        (
            with_(options={"timer_seconds": -1}),
            "error: game.json: options: timer_seconds: input should be greater than or equal to 0",
        ),
        (
            with_(actions=[{"type": "mail"}, {"type": "jump"}]),
            'error: action 2: unknown action type "jump"',
        ),
        (
            with_(actions=[{"type": "penalty", "count": 1, "why": "x"}]),
            'error: action 1 (penalty): unknown field "why"',
        ),
        (with_(actions=[{"count": 1}]), 'error: action 1 (?): an action needs a "type"'),
        (with_(actions=[7]), "error: action 1 (?): an action is a JSON object"),
        (with_(actions=[{"type": "penalty"}]), 'error: action 1 (penalty): "count" is missing'),
        (
            with_(actions=[{"type": "start_timer"}, {"type": "start_timer"}]),
            "error: action 2 (start_timer): The hourglass was already turned this turn",
        ),
    ],
)
def test_bad_files_exit_2_with_one_error_line(tmp_path, data, expected):
    result = run_companion("replay", str(write(tmp_path, data)), "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(expected), lines[0]


def test_missing_file_is_one_error_line(tmp_path):
    result = run_companion("replay", str(tmp_path / "nothing.json"))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: nothing.json: cannot be read (No such file")
    assert "Traceback" not in result.stderr


def test_replay_json_and_upto(tmp_path):
    path = write(tmp_path, GOOD)
    full = run_companion("replay", str(path), "--json")
    assert full.returncode == 0 and full.stderr == ""
    summary = json.loads(full.stdout)
    assert summary["game"] == "wyscig-balonow" and summary["round"] == 1
    first = run_companion("replay", str(path), "--json", "--upto", "1")
    before_mail = json.loads(first.stdout)
    assert sum(p["tokens"]["mail"] for p in before_mail["players"]) == 0
    assert sum(p["tokens"]["mail"] for p in summary["players"]) == 1


def test_upto_does_not_read_later_actions(tmp_path):
    path = write(tmp_path, with_(actions=[{"type": "mail"}, {"type": "nonsense"}]))
    assert run_companion("replay", str(path), "--upto", "1").returncode == 0
    assert run_companion("replay", str(path), "--upto", "2").returncode == 2


def test_readable_table(tmp_path):
    result = run_companion("replay", str(write(tmp_path, GOOD)))
    assert result.returncode == 0
    assert "Wyścig balonów" in result.stdout and "mail" in result.stdout and "Ola" in result.stdout


def test_games_lists_every_game_with_player_counts():
    result = run_companion("games")
    assert result.returncode == 0
    lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
    assert lines == [
        "wyscig-balonow Wyścig balonów (2-4 players)",
        "ballonrennen Ballonrennen (2-5 players)",
        "balmy-balloonists Balmy Balloonists (2-6 players)",
        "any-game Any game (1-8 players)",
    ]
