"""Balmy Balloonists through `companion replay`: every error of the spec is one
`error:` line on stderr with exit 2 and nothing on stdout."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from tests.conftest import run_companion

FOUR = ["Ann", "Bo", "Cy", "Di"]
OWN = {"type": "play_own"}
END = {"type": "end_turn"}


def game(actions: list[dict], players: Any = FOUR, options: dict | None = None) -> dict:
    return {
        "format": 1,
        "game": "balmy-balloonists",
        "seed": 5,
        "players": players,
        "options": options or {},
        "actions": actions,
    }


def own_round(balloons: int) -> list[dict]:
    """Every balloon plays a card on itself and rises to low."""
    return [OWN, {"type": "altitude", "to": "low"}, END] * balloons


def other(target: str) -> dict:
    return {"type": "play_other", "target": target}


def luck(target: str, card: str, **fields: Any) -> dict:
    return {"type": "bad_luck", "target": target, "card": card, **fields}


def advantage(name: str, *cards: str) -> dict:
    return {"type": "advantage", "player": name, "cards": list(cards)}


def swap(card: str, source: str) -> dict:
    return {"type": "swap_advantage", "card": card, "from": source}


def replay(
    tmp_path: Path, data: dict, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["replay", str(path), "--json", *extra])
    out, err = capsys.readouterr()
    return code, out, err


ERRORS = [
    (
        "play_own twice",
        [OWN, OWN],
        "action 2 (play_own): Ann has already played a local wind card this turn",
    ),
    (
        "own card after a card from in front",
        [*own_round(4), other("blue"), OWN],
        "action 14 (play_own): Ann has already played a local wind card this turn",
    ),
    (
        "three in front",
        [OWN, END] * 12 + [OWN],
        "action 25 (play_own): Ann already has "
        "3 cards in front of the red balloon; play one from there onto a marked balloon",
    ),
    (
        "empty hand",
        [{"type": "adjust", "balloon": "red", "token": "hand", "delta": -3}, OWN],
        "action 2 (play_own): Ann has no local wind card in hand for the red balloon",
    ),
    (
        "no own card",
        [OWN, luck("red", "comm_problems"), END, END, END, END, OWN],
        "action 7 (play_own): Ann may not play a card on the red balloon this turn",
    ),
    (
        "nothing in front",
        [other("blue")],
        "action 1 (play_other): Ann has no card in front of the red balloon",
    ),
    (
        "not marked",
        [*own_round(4), other("yellow")],
        "action 13 (play_other): The yellow "
        "balloon has no silver marker; the marked balloons are green and blue",
    ),
    (
        "unknown balloon",
        [*own_round(4), other("pink")],
        "action 13 (play_other): There is no pink balloon in this race",
    ),
    (
        "swap before a card",
        [advantage("Ann", "repair", "repair"), swap("repair", "red")],
        "action 2 (swap_advantage): Ann may swap an advantage card only after playing a local "
        "wind card this turn",
    ),
    (
        "swap twice",
        [
            advantage("Ann", "repair", "repair"),
            *own_round(4),
            OWN,
            swap("repair", "red"),
            swap("repair", "red"),
        ],
        "action 16 (swap_advantage): Ann has already swapped an advantage card this turn",
    ),
    (
        "swap a card not held",
        [OWN, swap("repair", "red")],
        "action 2 (swap_advantage): Ann does not hold a Repair card",
    ),
    (
        "swap from an empty front",
        [advantage("Ann", "repair", "repair"), OWN, swap("repair", "blue")],
        "action 3 (swap_advantage): There is no card in front of the blue balloon to take",
    ),
    (
        "altitude twice",
        [{"type": "altitude", "to": "low"}, {"type": "altitude", "to": "medium"}],
        "action 2 (altitude): The red balloon has already changed altitude this turn",
    ),
    (
        "land by choice",
        [{"type": "altitude", "to": "landed"}],
        "action 1 (altitude): A balloon lands only when the rules say so, never by choice",
    ),
    (
        "same altitude",
        [{"type": "altitude", "to": "low"}, END, END, END, END, {"type": "altitude", "to": "low"}],
        "action 6 (altitude): The red balloon is already at low altitude",
    ),
    (
        "no rise",
        [OWN, luck("red", "busy_airspace"), END, END, END, END, {"type": "altitude", "to": "low"}],
        "action 7 (altitude): The red balloon may not rise this turn",
    ),
    (
        "not enough ballast",
        [
            {"type": "adjust", "balloon": "red", "token": "ballast", "delta": -8},
            {"type": "altitude", "to": "medium"},
        ],
        "action 2 (altitude): The red balloon needs 2 ballast to rise to medium altitude and has 1",
    ),
    (
        "zone while landed",
        [{"type": "restricted_zone", "zone": "libya"}],
        "action 1 (restricted_zone): The red balloon is landed; only a flying balloon can enter "
        "a restricted zone or fly over mountains",
    ),
    (
        "mountain while landed",
        [{"type": "mountain", "kind": "brown"}],
        "action 1 (mountain): The red balloon is landed; only a flying balloon can enter "
        "a restricted zone or fly over mountains",
    ),
    (
        "zone for a balloon no card moved",
        [*own_round(4), {"type": "restricted_zone", "zone": "china", "target": "blue"}],
        "action 13 (restricted_zone): No card moved the blue balloon this turn",
    ),
    (
        "bad luck without a card",
        [luck("red", "fire")],
        'action 1 (bad_luck): Bad luck comes from the "?" of the card just played; no card was '
        "played this turn",
    ),
    (
        "bad luck twice",
        [OWN, luck("red", "fire"), luck("red", "comm_problems")],
        "action 3 (bad_luck): This card has already brought bad luck",
    ),
    (
        "bad luck on another balloon",
        [*own_round(4), other("green"), luck("blue", "fire")],
        "action 14 (bad_luck): The card was played on the green balloon, not on blue",
    ),
    (
        "bad luck on another after an own card",
        [OWN, luck("blue", "fire")],
        "action 2 (bad_luck): The card was played on the red balloon, not on blue",
    ),
    (
        "repair without a repair card",
        [OWN, luck("red", "envelope_torn", repaired=True)],
        "action 2 (bad_luck): Ann holds no repair card",
    ),
    (
        "repair on another luck card",
        [
            advantage("Ann", "repair", "repair"),
            OWN,
            luck("red", "solar_panels_lost", repaired=True),
        ],
        "action 3 (bad_luck): A repair card cancels only communication problems, a torn "
        "envelope, fire or burner problems",
    ),
    (
        "permission not held",
        [OWN, luck("red", "permission_revoked", permission="permission_sakhalin")],
        "action 2 (bad_luck): Ann does not hold a Permission Sakhalin card",
    ),
    (
        "friendly winds not held",
        [{"type": "friendly_winds"}],
        "action 1 (friendly_winds): Ann does not hold a Friendly winds card",
    ),
    (
        "finish while landed",
        [{"type": "cross_finish"}],
        "action 1 (cross_finish): The red balloon is landed; it must fly over the start line",
    ),
    (
        "after the race",
        [{"type": "altitude", "to": "low"}, {"type": "cross_finish"}, END],
        "action 3 (end_turn): The race is over: only corrections are left",
    ),
    (
        "advantage twice",
        [advantage("Bo", "repair", "repair"), advantage("Bo", "repair", "repair")],
        "action 2 (advantage): The advantage cards of Bo are already recorded",
    ),
    (
        "adjust below zero",
        [{"type": "adjust", "balloon": "red", "token": "gas", "delta": -10}],
        "action 1 (adjust): The red balloon would have -1 helium",
    ),
    (
        "adjust past the box",
        [{"type": "adjust", "balloon": "red", "token": "gas", "delta": 19}],
        "action 1 (adjust): There are only 54 helium tokens in the game",
    ),
    (
        "adjust names a balloon",
        [{"type": "adjust", "player": "Ann", "token": "gas", "delta": 1}],
        'action 1 (adjust): "balloon" is missing',
    ),
    (
        "unknown field",
        [{"type": "play_own", "target": "red"}],
        'action 1 (play_own): unknown field "target"',
    ),
    (
        "unknown action",
        [{"type": "release", "sandbags": 1}],
        'action 1: unknown action type "release"',
    ),
    (
        "variant off",
        [{"type": "play_storm"}],
        "action 1 (play_storm): This game is played without the Storm variant",
    ),
]


@pytest.mark.parametrize(("name", "actions", "line"), ERRORS, ids=[e[0] for e in ERRORS])
def test_each_error_is_one_line(name, actions, line, tmp_path, capsys):
    code, out, err = replay(tmp_path, game(actions), capsys)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.strip().startswith("error: " + line)


def test_the_two_balloon_own_balloon_error(tmp_path, capsys):
    data = game([*own_round(4), other("green")], ["Ann", "Bo"])
    assert replay(tmp_path, data, capsys)[2].strip() == (
        "error: action 13 (play_other): Ann may not play a card from in front onto their own "
        "green balloon"
    )


@pytest.mark.parametrize(
    ("players", "options", "line"),
    [
        (
            [{"name": "Ann", "colour": "red"}, "Bo"],
            {},
            'error: game.json: players: Ann: in Balmy Balloonists a player names "colours" '
            '(one or two), not "colour"',
        ),
        (["Ann"], {}, "error: game.json: players: 1 given, Balmy Balloonists needs 2 to 6"),
        (
            FOUR,
            {"balloons_per_player": 2},
            "error: game.json: options: balloons_per_player: 2 balloons each for 4 players "
            "makes 8; the wind rose has 6 points",
        ),
        (FOUR, {"storms": True}, 'error: game.json: options: unknown option "storms"'),
    ],
)
def test_setup_errors_are_one_line(players, options, line, tmp_path, capsys):
    code, out, err = replay(tmp_path, game([], players, options), capsys)
    assert (code, out, err.strip()) == (2, "", line)


def test_upto_stops_before_the_error(tmp_path, capsys):
    code, out, _ = replay(tmp_path, game([OWN, OWN]), capsys, "--upto", "1")
    assert code == 0
    summary = json.loads(out)
    assert summary["table"]["balloons"][0]["in_front"] == 1


def test_through_the_real_command(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game([*own_round(4), other("yellow")])), encoding="utf-8")
    done = run_companion("replay", str(path), "--json")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == (
        "error: action 13 (play_other): The yellow balloon has no silver marker; the marked "
        "balloons are green and blue"
    )
    path.write_text(json.dumps(game(own_round(4))), encoding="utf-8")
    done = run_companion("replay", str(path), "--json")
    assert (done.returncode, done.stderr) == (0, "")
    summary = json.loads(done.stdout)
    assert [b["in_front"] for b in summary["table"]["balloons"]] == [1, 1, 1, 1]
    assert [b["altitude"] for b in summary["table"]["balloons"]] == ["low"] * 4
