"""The shared part of every game's rules: defaults and the sentences of parsing."""

from __future__ import annotations

import pytest

from companion.core.errors import ActionFormatError, RuleError
from companion.core.model import Frozen, action_table
from companion.core.rules import GameRules
from companion.games import get
from tests.tables.helpers import session


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


def test_the_rules_answer_whether_an_action_is_legal_without_applying_it() -> None:
    """`refusal` is the sentence `apply` would raise, or None; the state is unchanged
    and the session asks the same of its current state."""
    game = session("wyscig-balonow", ["Ola", "Jan"])
    rules, state = game.rules, game.state
    time_up = rules.parse_action({"type": "timer_expired", "unplaced": 0})
    with pytest.raises(RuleError) as refused:
        rules.apply(state, time_up)  # the glass was never turned
    assert rules.refusal(state, time_up) == refused.value.message
    start = rules.parse_action({"type": "start_timer"})
    assert rules.refusal(state, start) is None and game.refusal(start) is None
    assert game.state is state and len(game) == 0  # nothing was applied
