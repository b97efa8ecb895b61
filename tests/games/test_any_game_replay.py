"""`companion replay` folds any-game files as the contract says: exit 0 and the
summary, or exit 2, nothing on stdout and one `error:` line naming the action (from
1) and its type, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from tests.conftest import run_companion
from tests.games.any_helpers import data

E = {"type": "end_turn"}


def replay(tmp_path: Path, game: dict[str, Any], capsys: Any, *extra: str) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    code = main(["replay", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("game", "line"),
    [
        (data(actions=[E] * 11 + [{"type": "eliminate", "player": "Ola"}] * 2),
         "error: action 13 (eliminate): Ola is out of the game already"),
        (data(actions=[{"type": "eliminate", "player": "Ala"}]),
         'error: action 1 (eliminate): "Ala" is not playing'),
        (data(actions=[{"type": "end_turn", "seconds": 30}]),
         "error: action 1 (end_turn): Only a time bank counts the seconds of a turn"),
        (data(clock="bank", actions=[{"type": "pass_to", "player": "Jan"}]),
         "error: action 1 (pass_to): With a time bank the end of Ola's turn needs its seconds"),
        (data(clock="turn", actions=[{"type": "timer_expired"}]),
         "error: action 1 (timer_expired): The clock has not been started this turn"),
        (data(actions=[{"type": "reverse", "twice": True}]),
         'error: action 1 (reverse): unknown field "twice"'),
        (data(actions=[{"type": "roll"}]),
         'error: action 1: unknown action type "roll" (this game knows: adjust, '
         "eliminate, end_turn, finish, pass_to, places, reverse, score, …)"),
        (data(actions=[{"player": "Ola"}]), 'error: action 1 (?): an action needs a "type"'),
        (data(actions=[{"type": "score", "points": {"Ola": 1, "Jan": 2, "Ewa": True}}]),
         "error: action 1 (score): points.Ewa: must be a whole number, or with categories an "
         "object of whole numbers"),
        (data(scoring="coop", actions=[{"type": "finish"}]),
         "error: action 1 (finish): Did the players win or lose? A cooperative game ends as "
         "won or lost"),
        (data(actions=[{"type": "adjust", "player": "Ola", "token": "vp", "delta": 1}]),
         "error: action 1 (adjust): This game has no counters"),
        (data(["Ola", "Jan", "Ewa", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]),
         "error: game.json: players: 9 given, Any game needs 1 to 8"),
        (data(title="\x1b[31mGo"),
         'error: game.json: options: title: "\\x1b[31mGo" has a control character'),
    ],
)  # fmt: skip
def test_an_illegal_action_or_setup_is_one_error_line(
    tmp_path: Path, capsys: Any, game: dict[str, Any], line: str
) -> None:
    assert replay(tmp_path, game, capsys) == (2, "", line + "\n")


def test_upto_stops_before_the_bad_action(tmp_path: Path, capsys: Any) -> None:
    game = data(actions=[E, E, {"type": "eliminate", "player": "Jan"}, {"type": "jump"}])
    code, out, err = replay(tmp_path, game, capsys, "--json", "--upto", "3")
    summary = json.loads(out)
    assert (code, err) == (0, "")
    assert (summary["current"], summary["table"]["turn"]) == ("Ewa", 3)
    assert [p["out"] for p in summary["players"]] == [False, True, False]


def test_the_readable_summary_names_the_title_and_the_counters(tmp_path: Path, capsys: Any) -> None:
    game = data(
        counters=[{"id": "vp", "name": "VP"}],
        actions=[{"type": "adjust", "player": "Jan", "token": "vp", "delta": 3}, E],
    )
    code, out, err = replay(tmp_path, game, capsys)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Any game",
        "in play, Jan to play",
        "",
        "rank  player  vp  bank  out_of_time  out    score",
        "-     Ola     0   -     False        False  -",
        "-     Jan     3   -     False        False  -",
        "-     Ewa     0   -     False        False  -",
        "title: Carcassonne",
        "direction: clockwise",
        "turn: 2",
        "now: Turn 2: Jan",
    ]


def test_a_real_run_of_a_bad_file_has_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data(actions=[E, {"type": "pass_to", "player": "Jan"}])))
    result = run_companion("replay", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "error: action 2 (pass_to): It is Jan's turn already: pass it to another player\n"
    )
