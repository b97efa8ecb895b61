"""Any board game: a time bank's Fischer increment (`increment_seconds`) and delay
(`delay_seconds`), as the game file contract words them: the options' limits and
the clocks they go with, the delay's free seconds, the increment after each turn
ended unless the bank is then 0, a bank never over 36000, `timer_expired` with
both; and undo and redo keep every bank exact."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.any_game import RULES, bank_after
from tests.games.any_helpers import (
    END,
    EXPIRED,
    START,
    act,
    column,
    error,
    new,
    seconds,
    setup_error,
    who,
)

BANK = {"clock": "bank", "bank_seconds": 600}


# -- the options ---------------------------------------------------------------------


@pytest.mark.parametrize("field", ["increment_seconds", "delay_seconds"])
@pytest.mark.parametrize("value", [0, 1, 600])
def test_0_to_600_seconds_stand_with_a_bank(field: str, value: int) -> None:
    options = new(**BANK, **{field: value}).state.options
    assert getattr(options, field) == value


def test_both_default_to_0() -> None:
    options = new(**BANK).state.options
    assert (options.increment, options.delay) == (0, 0)


@pytest.mark.parametrize("field", ["increment_seconds", "delay_seconds"])
@pytest.mark.parametrize(
    ("clock", "value", "problem"),
    [
        ("bank", -1, "{field}: 0 to 600 seconds, -1 given"),
        ("bank", 601, "{field}: 0 to 600 seconds, 601 given"),
        ("none", 5, '{field} goes with the clock "bank" (this game\'s clock: "none")'),
        ("turn", 5, '{field} goes with the clock "bank" (this game\'s clock: "turn")'),
        ("none", 0, '{field} goes with the clock "bank" (this game\'s clock: "none")'),
        ("bank", True, "{field}: input should be a valid integer"),
        ("bank", 5.0, "{field}: input should be a valid integer"),
        ("bank", "5", "{field}: input should be a valid integer"),
        ("bank", None, "{field}: must not be null (leave the field out instead)"),
    ],
)  # fmt: skip
def test_options_that_are_refused(field: str, clock: str, value: Any, problem: str) -> None:
    options: dict[str, Any] = {"clock": clock, field: value}
    if clock == "turn":
        options["timer_seconds"] = 30
    assert setup_error(**options) == f"game.json: options: {problem.format(field=field)}"


def test_without_a_clock_the_increment_is_refused_before_its_range() -> None:
    assert setup_error(increment_seconds=9999) == (
        'game.json: options: increment_seconds goes with the clock "bank" (this game\'s '
        'clock: "none")'
    )


# -- the delay -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "left"), [(0, 600), (5, 600), (10, 600), (11, 599), (100, 510), (700, 0)]
)
def test_the_first_seconds_of_a_turn_are_free(turn: int, left: int) -> None:
    session = new(**BANK, delay_seconds=10)
    s = act(session, START, seconds(turn))
    assert who(s, "Ola")["bank"] == left
    assert who(s, "Ola")["out_of_time"] == (left == 0)


def test_pass_to_takes_its_seconds_with_the_delay_too() -> None:
    session = new(**BANK, delay_seconds=30)
    s = act(session, seconds(40, "pass_to", player="Ewa"))
    assert (column(s, "bank"), s["current"]) == ([590, 600, 600], "Ewa")


# -- the increment -------------------------------------------------------------------


def test_the_increment_comes_after_each_turn_ended() -> None:
    session = new(**BANK, increment_seconds=5)
    s = act(session, seconds(40), seconds(0), seconds(600, "pass_to", player="Ola"))
    assert column(s, "bank") == [565, 605, 0]  # Ewa's 600 s took all: no increment
    assert column(s, "out_of_time") == [False, False, True]


def test_a_bank_never_holds_more_than_36000() -> None:
    session = new(clock="bank", bank_seconds=36000, increment_seconds=600)
    assert who(act(session, seconds(0)), "Ola")["bank"] == 36000
    session = new(clock="bank", bank_seconds=35990, increment_seconds=600)
    assert who(act(session, seconds(100)), "Ola")["bank"] == 36000
    assert who(act(session, seconds(590)), "Jan")["bank"] == 36000


def test_a_solo_players_turns_each_get_the_increment() -> None:
    session = new(["Ola"], **BANK, increment_seconds=10)
    s = act(session, seconds(3), seconds(3))
    assert (column(s, "bank"), s["table"]["turn"]) == ([614], 3)


def test_a_turn_handed_on_by_eliminate_gets_no_increment() -> None:
    session = new(**BANK, increment_seconds=10)
    s = act(session, START, {"type": "eliminate", "player": "Ola"})
    assert (column(s, "bank"), s["current"]) == ([600, 600, 600], "Jan")


def test_a_player_out_of_time_stays_at_0() -> None:
    """The bank ran out (`timer_expired`): later turns take their seconds from 0 and
    no increment brings the bank back, whatever the delay."""
    session = new(**BANK, increment_seconds=30, delay_seconds=10)
    s = act(session, START, EXPIRED)
    assert (who(s, "Ola")["bank"], who(s, "Ola")["out_of_time"]) == (0, True)
    s = act(session, seconds(610))
    assert who(s, "Ola")["bank"] == 0
    act(session, seconds(0), seconds(0))
    s = act(session, START, EXPIRED, seconds(5))  # within the delay: still 0
    assert (who(s, "Ola")["bank"], who(s, "Ola")["out_of_time"]) == (0, True)


def test_delay_and_increment_together() -> None:
    session = new(**BANK, increment_seconds=5, delay_seconds=10)
    s = act(session, seconds(8), seconds(15), seconds(614))
    assert column(s, "bank") == [605, 600, 0]


def test_the_refusals_of_a_turn_stand_with_increment_and_delay() -> None:
    session = new(**BANK, increment_seconds=5, delay_seconds=10)
    assert error(session, END) == "With a time bank the end of Ola's turn needs its seconds"
    assert error(session, seconds(36001)) == "A turn takes 0 to 36000 seconds, 36001 given"
    assert error(session, seconds(-1)) == "A turn takes 0 to 36000 seconds, -1 given"


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 36000),
    st.integers(0, 36000),
    st.integers(0, 600),
    st.integers(0, 600),
)
def test_bank_after_is_the_contracts_sentence(
    bank: int, turn: int, increment: int, delay: int
) -> None:
    options = new(clock="bank", increment_seconds=increment, delay_seconds=delay).state.options
    after = bank_after(options, bank, turn)
    taken = max(0, bank - max(0, turn - delay))
    assert after == (0 if taken == 0 else min(36000, taken + increment))
    assert 0 <= after <= 36000


# -- undo and redo -------------------------------------------------------------------


def test_undo_and_redo_give_every_bank_back_exactly() -> None:
    session = new(**BANK, increment_seconds=7, delay_seconds=3)
    banks = [column(session.summary().data, "bank")]
    for raw in (START, seconds(50), START, seconds(2), seconds(700, "pass_to", player="Ola")):
        banks.append(column(act(session, raw), "bank"))
    for expected in reversed(banks[:-1]):
        session.undo()
        assert column(session.summary().data, "bank") == expected
    for expected in banks[1:]:
        session.redo()
        assert column(session.summary().data, "bank") == expected
    assert banks[-1] == [600 - 47 + 7, 600 + 7, 0]
    assert RULES.clock_seconds(session.state) == 3 + 560
