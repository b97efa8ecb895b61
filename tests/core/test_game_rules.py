"""The shared part of every game's rules: defaults and the sentences of parsing."""

from __future__ import annotations

import pytest

from companion.core.errors import ActionFormatError
from companion.core.model import Frozen, action_table
from companion.core.rules import GameRules
from companion.games import get


class _State(Frozen):
    over: bool = False


class _Options(Frozen):
    pass


class _Plain(GameRules[_State, _Options]):
    """A game whose rulebook makes no step of a turn mandatory."""

    id = "plain"
    name = "Plain"
    min_players = 1
    max_players = 1
    options_model = _Options
    actions = action_table(())


def test_no_step_is_missing_unless_a_game_says_so():
    assert _Plain().missing_steps(_State()) == []


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"type": "dice", "values": [1, 2, 3, 4]}, "values: a roll is 5 dice, 4 given"),
        ({"type": "dice", "values": [1, 2, 3, 4, 7]}, "values: each die shows 1 to 6"),
        ({"type": "score", "distances": {"blue": -1}}, "distances: a distance is 0 or more"),
        ({"type": "adjust", "player": "Ola", "token": "mail", "delta": 0}, "delta: must not be 0"),
    ],
)
def test_a_validators_own_sentence_is_shown_as_it_is(raw: dict, expected: str):
    with pytest.raises(ActionFormatError) as caught:
        get("wyscig-balonow").parse_action(raw)
    assert str(caught.value).startswith(expected), str(caught.value)
