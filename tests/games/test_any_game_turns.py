"""Any board game: the turns, the clock (an hourglass per turn, a time bank per
player), the direction of play, `pass_to`, `eliminate`, and corrections."""

from __future__ import annotations

import pytest

from companion.games.any_game import RULES, Turn
from tests.games.any_helpers import (
    END,
    EXPIRED,
    REVERSE,
    START,
    VP,
    act,
    column,
    error,
    new,
    seconds,
    who,
)


def eliminate(name: str) -> dict:
    return {"type": "eliminate", "player": name}


def pass_to(name: str, **fields: int) -> dict:
    return {"type": "pass_to", "player": name, **fields}


def adjust(name: str, token: str, delta: int) -> dict:
    return {"type": "adjust", "player": name, "token": token, "delta": delta}


# -- turns and direction -------------------------------------------------------------


def test_end_turn_goes_clockwise_round_the_table_and_counts_turns() -> None:
    session = new()
    currents = [act(session, END)["current"] for _ in range(4)]
    assert currents == ["Jan", "Ewa", "Ola", "Jan"]
    assert session.summary().data["table"]["turn"] == 5


def test_reverse_flips_the_direction_and_the_turn_goes_on() -> None:
    session = new(clock="turn")
    act(session, START)
    s = act(session, REVERSE)
    assert (s["current"], s["table"]["direction"], s["table"]["turn"]) == (
        "Ola",
        "counterclockwise",
        1,
    )
    assert session.state.turn == Turn(timer_started=True)  # the clock runs on
    assert act(session, END)["current"] == "Ewa"
    assert act(session, REVERSE, END)["current"] == "Ola"
    assert session.summary().data["table"] == {
        "title": "Carcassonne",
        "direction": "clockwise",
        "turn": 3,
    }


def test_a_solo_game_gives_every_turn_to_the_one_player() -> None:
    session = new(["Ola"])
    s = act(session, END, REVERSE, END)
    assert (s["current"], s["table"]["turn"]) == ("Ola", 3)
    assert error(session, pass_to("Ola")) == "It is Ola's turn already: pass it to another player"
    assert error(session, eliminate("Ola")) == "Ola is the last player in the game"


# -- the hourglass ----------------------------------------------------------------


def test_no_clock_refuses_the_clocks_actions() -> None:
    session = new()
    assert error(session, START) == "This game is played without a clock"
    assert error(session, EXPIRED) == "This game is played without a clock"


def test_the_hourglass_starts_and_runs_out_once_a_turn_without_ending_it() -> None:
    session = new(clock="turn", timer_seconds=30)
    assert error(session, EXPIRED) == "The clock has not been started this turn"
    act(session, START)
    assert error(session, START) == "The clock was already started this turn"
    s = act(session, EXPIRED)
    assert s["current"] == "Ola" and s["table"]["turn"] == 1
    assert error(session, EXPIRED) == "The time already ran out this turn"
    assert session.prompts()[-1] == RULES.prompts(session.state)[-1]
    assert str(session.prompts()[-1]) == "Ola: the time is up"
    assert column(s, "out_of_time") == [False] * 3 and column(s, "bank") == [None] * 3
    act(session, END)
    assert session.state.turn == Turn()
    act(session, START, EXPIRED)  # Jan's turn: a new hourglass


def test_seconds_go_with_a_bank_only() -> None:
    session = new(clock="turn")
    assert error(session, seconds(10)) == "Only a time bank counts the seconds of a turn"
    assert error(session, seconds(10, "pass_to", player="Jan")) == (
        "Only a time bank counts the seconds of a turn"
    )


# -- the time bank -------------------------------------------------------------------


def test_each_turns_seconds_come_off_the_players_bank() -> None:
    session = new(clock="bank", bank_seconds=600)
    s = act(session, START, seconds(45), seconds(0), seconds(600))
    assert column(s, "bank") == [555, 600, 0]
    assert column(s, "out_of_time") == [False, False, True]  # brought to 0 by seconds
    assert RULES.clock_seconds(session.state) == 555  # Ola's turn again


def test_a_bank_goes_down_to_0_at_most() -> None:
    session = new(clock="bank", bank_seconds=60)
    s = act(session, seconds(36000))
    assert (who(s, "Ola")["bank"], who(s, "Ola")["out_of_time"]) == (0, True)


def test_a_bank_turn_needs_its_seconds_from_0_to_36000() -> None:
    session = new(clock="bank")
    assert error(session, END) == "With a time bank the end of Ola's turn needs its seconds"
    assert error(session, pass_to("Jan")) == (
        "With a time bank the end of Ola's turn needs its seconds"
    )
    assert error(session, seconds(-1)) == "A turn takes 0 to 36000 seconds, -1 given"
    assert error(session, seconds(36001)) == "A turn takes 0 to 36000 seconds, 36001 given"
    assert error(session, {"type": "end_turn", "seconds": 1.5}) == (
        "seconds: input should be a valid integer"
    )
    assert error(session, {"type": "end_turn", "seconds": None}) == (
        "seconds: must not be null (leave the field out instead)"
    )


def test_a_bank_that_runs_out_empties_and_the_player_plays_on() -> None:
    session = new(clock="bank")
    assert error(session, EXPIRED) == "The clock has not been started this turn"
    s = act(session, START, EXPIRED)
    assert (who(s, "Ola")["bank"], who(s, "Ola")["out_of_time"], s["current"]) == (0, True, "Ola")
    assert [str(p) for p in session.prompts()] == ["Turn 1: Ola", "Ola has no time left"]
    s = act(session, seconds(80), seconds(10), seconds(10))
    assert (s["current"], who(s, "Ola")["bank"]) == ("Ola", 0)  # out of time, still playing
    s = act(session, START, EXPIRED, seconds(5))  # its clock still works; nothing more off
    assert (who(s, "Ola")["bank"], who(s, "Ola")["out_of_time"]) == (0, True)
    assert column(s, "bank") == [0, 1190, 1190]


# -- pass_to -------------------------------------------------------------------------


def test_pass_to_ends_the_turn_and_names_who_plays_next() -> None:
    session = new(clock="turn")
    act(session, START)
    s = act(session, pass_to("Ewa"))
    assert (s["current"], s["table"]["turn"]) == ("Ewa", 2)
    assert session.state.turn == Turn()
    assert act(session, END)["current"] == "Ola"


def test_pass_to_with_a_bank_takes_the_seconds() -> None:
    session = new(clock="bank", bank_seconds=100)
    s = act(session, pass_to("Ewa", seconds=100))
    assert (column(s, "bank"), column(s, "out_of_time")) == ([0, 100, 100], [True, False, False])


def test_pass_to_is_refused_for_the_current_an_out_or_an_unknown_player() -> None:
    session = new()
    act(session, eliminate("Jan"))
    assert error(session, pass_to("Ola")) == "It is Ola's turn already: pass it to another player"
    assert error(session, pass_to("Jan")) == "Jan is out of the game"
    assert error(session, pass_to("Bo")) == '"Bo" is not playing'


# -- eliminate -----------------------------------------------------------------------


def test_eliminating_another_player_changes_only_that_player() -> None:
    session = new(clock="turn")
    act(session, START)
    s = act(session, eliminate("Jan"))
    assert (s["current"], s["table"]["turn"], column(s, "out")) == ("Ola", 1, [False, True, False])
    assert session.state.turn == Turn(timer_started=True)
    assert act(session, END)["current"] == "Ewa"  # Jan is passed over


def test_eliminating_the_current_player_hands_the_turn_on_uncounted() -> None:
    session = new(["Ola", "Jan", "Ewa", "Bo"], clock="turn")
    act(session, END, START)  # Jan's turn, clock running
    s = act(session, eliminate("Jan"))
    assert (s["current"], s["table"]["turn"]) == ("Ewa", 2)
    assert session.state.turn == Turn()  # its clock may start again
    act(session, START)
    s = act(session, REVERSE, eliminate("Ewa"))  # counterclockwise: Jan is out, so Ola
    assert (s["current"], s["table"]["turn"]) == ("Ola", 2)


def test_at_least_one_player_stays_in() -> None:
    session = new(["Ola", "Jan"])
    act(session, eliminate("Ola"))
    assert error(session, eliminate("Jan")) == "Jan is the last player in the game"
    assert error(session, eliminate("Ola")) == "Ola is out of the game already"
    assert error(session, eliminate("Bo")) == '"Bo" is not playing'
    s = act(session, END, END)
    assert (s["current"], s["table"]["turn"]) == ("Jan", 3)


def test_an_out_player_is_skipped_both_ways() -> None:
    session = new(["Ola", "Jan", "Ewa", "Bo"])
    act(session, eliminate("Jan"), eliminate("Bo"))
    assert [act(session, END)["current"] for _ in range(3)] == ["Ewa", "Ola", "Ewa"]
    act(session, REVERSE)
    assert [act(session, END)["current"] for _ in range(2)] == ["Ola", "Ewa"]


# -- corrections ---------------------------------------------------------------------


def test_adjust_moves_a_counter_within_its_minimum_and_maximum() -> None:
    lives = {"id": "lives", "name": "Lives", "start": 3, "min": 0, "max": 5}
    session = new(counters=[VP, lives])
    s = act(session, adjust("Jan", "lives", 2), adjust("Jan", "vp", 12), adjust("Ewa", "lives", -3))
    assert column(s, "tokens") == [
        {"vp": 0, "lives": 3},
        {"vp": 12, "lives": 5},
        {"vp": 0, "lives": 0},
    ]
    assert error(session, adjust("Jan", "lives", 1)) == "Jan would have 6 Lives, the most is 5"
    assert error(session, adjust("Ewa", "lives", -1)) == "Ewa would have -1 Lives, the least is 0"
    assert error(session, adjust("Ola", "vp", -1)) == "Ola would have -1 VP, the least is 0"
    assert error(session, adjust("Ola", "gold", 1)) == (
        '"gold" is not a counter of this game ("vp", "lives")'
    )
    assert error(session, adjust("Bo", "vp", 1)) == '"Bo" is not playing'
    assert error(session, adjust("Ola", "vp", 0)) == "delta: must not be 0"


def test_a_counter_without_bounds_goes_anywhere() -> None:
    free = {"id": "money", "name": "Money", "min": None}
    session = new(counters=[free])
    s = act(session, adjust("Ola", "money", -(10**40)), adjust("Jan", "money", 10**40))
    assert column(s, "tokens")[:2] == [{"money": -(10**40)}, {"money": 10**40}]


def test_adjust_without_counters_is_refused() -> None:
    assert error(new(), adjust("Ola", "vp", 1)) == "This game has no counters"


def test_an_out_players_counters_are_still_corrected() -> None:
    session = new(counters=[VP])
    s = act(session, eliminate("Jan"), adjust("Jan", "vp", 4))
    assert who(s, "Jan")["tokens"] == {"vp": 4}


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "end_turn", "speed": 1},
        {"type": "pass_to"},
        {"type": "eliminate", "player": 1},
        {"type": "start_timer", "seconds": 3},
        {"type": "dice", "values": [1, 2, 3, 4, 5]},
    ],
)
def test_malformed_actions_are_refused(raw: dict) -> None:
    assert error(new(), raw)
