"""Actions and options are read as JSON writes them (spec: "Types are strict"): an
integer field takes a JSON integer only, a boolean `true`/`false` only, a string a
string only, no field is `null`, and nothing is converted. One mechanism in
`companion.core` serves every game; its errors stay sentences naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from companion.core.errors import ActionFormatError, GameFileError
from companion.core.model import read_strict
from companion.games import get
from companion.games.wyscig_balonow import Penalty
from tests.games.helpers import game, replay

WB, BR, BB = "wyscig-balonow", "ballonrennen", "balmy-balloonists"
PLAYERS = ["Anna", "Ben", "Cy"]
INTEGER = "input should be a valid integer"
BOOLEAN = "input should be a valid boolean"
STRING = "input should be a valid string"
NULL = "must not be null (leave the field out instead)"


def error(game_id: str, options: dict[str, Any] | None = None, actions: Any = ()) -> str:
    with pytest.raises(GameFileError) as caught:
        replay(game(game_id, PLAYERS, options, actions=actions))
    return str(caught.value)


@pytest.mark.parametrize(
    ("game_id", "action", "expected"),
    [
        (WB, {"type": "penalty", "count": True}, f"count: {INTEGER}"),
        (WB, {"type": "penalty", "count": 1.0}, f"count: {INTEGER}"),
        (WB, {"type": "penalty", "count": "1"}, f"count: {INTEGER}"),
        (WB, {"type": "dice", "values": ["1", "2", "3", "4", "5"]}, f"values.0: {INTEGER}"),
        (WB, {"type": "dice", "values": [1, 2, 3, 4, True]}, f"values.4: {INTEGER}"),
        (WB, {"type": "timer_expired", "unplaced": False}, f"unplaced: {INTEGER}"),
        (
            WB,
            {"type": "adjust", "player": "Anna", "token": "mail", "delta": True},
            f"delta: {INTEGER}",
        ),
        (WB, {"type": "order", "players": "Anna"}, "players: input should be a valid array"),
        (WB, {"type": "end_turn", "at": None}, f"at: {NULL}"),
        (WB, {"type": "end_turn", "at": 1714600000}, f"at: {STRING}"),
        (BR, {"type": "release", "sandbags": "1"}, f"sandbags: {INTEGER}"),
        (BR, {"type": "release", "gas": 1.0}, f"gas: {INTEGER}"),
        (BR, {"type": "wind_card", "card": None}, f"card: {NULL}"),
        (BR, {"type": "favourable", "altitude": "2", "rotate": "cw"}, f"altitude: {INTEGER}"),
        (BB, {"type": "play_other", "target": None}, f"target: {NULL}"),
        (BB, {"type": "restricted_zone", "zone": "iraq", "target": None}, f"target: {NULL}"),
        (BB, {"type": "altitude", "to": 2}, "to: input should be 'landed'"),
        (
            BB,
            {"type": "bad_luck", "target": "red", "card": "fire", "repaired": 1},
            f"repaired: {BOOLEAN}",
        ),
        (BB, {"type": "storm_weather", "target": "red", "levels": "1"}, f"levels: {INTEGER}"),
        (BB, {"type": "storm_weather", "target": "red", "backward": "yes"}, f"backward: {BOOLEAN}"),
        (
            BB,
            {"type": "adjust", "balloon": "red", "token": "gas", "delta": 1.0},
            f"delta: {INTEGER}",
        ),
    ],
)
def test_an_action_field_takes_its_json_type_only(game_id: str, action: dict, expected: str):
    message = error(game_id, actions=[action])
    assert message.startswith(f"action 1 ({action['type']}): {expected}"), message


@pytest.mark.parametrize(
    ("game_id", "options", "expected"),
    [
        (WB, {"timer_seconds": True}, f"timer_seconds: {INTEGER}"),
        (WB, {"timer_seconds": "30"}, f"timer_seconds: {INTEGER}"),
        (WB, {"timer_seconds": 30.0}, f"timer_seconds: {INTEGER}"),
        (WB, {"timer_seconds": 601}, "timer_seconds: input should be less than or equal to 600"),
        (WB, {"untimed": None}, f"untimed: {NULL}"),
        (WB, {"balloon_cards": None}, f"balloon_cards: {NULL}"),
        (BR, {"play_on": 1}, f"play_on: {BOOLEAN}"),
        (BR, {"play_on": "true"}, f"play_on: {BOOLEAN}"),
        (BR, {"wind_deck": "app", "deck": {"calm": True}}, f"deck.calm: {INTEGER}"),
        (
            BR,
            {"wind_deck": "app", "deck": {"calm": 601}},
            "deck.calm: input should be less than or equal to 600",
        ),
        (BR, {"deck": None}, f"deck: {NULL}"),
        (BB, {"balloons_per_player": True}, f"balloons_per_player: {INTEGER}"),
        (BB, {"balloons_per_player": 2.0}, f"balloons_per_player: {INTEGER}"),
        (BB, {"balloons_per_player": None}, f"balloons_per_player: {NULL}"),
        (BB, {"start": None}, f"start: {NULL}"),
        (BB, {"storm": 1}, f"storm: {BOOLEAN}"),
    ],
)
def test_an_option_takes_its_json_type_only(game_id: str, options: dict, expected: str):
    assert error(game_id, options) == f"game.json: options: {expected}"


def test_the_ceilings_themselves_are_allowed():
    wyscig = replay(game(WB, PLAYERS, {"timer_seconds": 600}))
    assert wyscig.options.timer_seconds == 600  # type: ignore[attr-defined]
    deck = {"wind_deck": "app", "deck": {"calm": 600}}
    assert replay(game(BR, PLAYERS, deck)).summary().data["table"]["deck_left"] == 600


def test_json_arrays_fill_tuple_fields_and_strings_stay_strings():
    session = replay(
        game(
            WB,
            PLAYERS,
            {"order_cards": "table", "untimed": ["Cy"]},
            actions=[
                {"type": "order", "players": ["Ben", "Cy", "Anna"], "at": "2024-05-01T20:00:00Z"},
                {"type": "dice", "values": [1, 2, 3, 4, 6]},
            ],
        )
    )
    assert session.state.order == ("Ben", "Cy", "Anna")
    assert session.state.turn.dice == (1, 2, 3, 4, 6)


def test_a_value_that_is_no_json_is_refused_with_a_sentence():
    with pytest.raises(ValidationError) as caught:
        read_strict(Penalty, {"type": "penalty", "count": object()})
    assert caught.value.errors()[0]["msg"].startswith("not a JSON value")


def test_python_callers_get_the_same_strictness():
    rules = get(WB)
    assert rules.parse_action({"type": "penalty", "count": 2}) == Penalty(count=2)
    with pytest.raises(ActionFormatError, match="count: input should be a valid integer"):
        rules.parse_action({"type": "penalty", "count": True})
