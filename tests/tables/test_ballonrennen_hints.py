"""Every hint of the Ballonrennen table is a function of the state as it is now, case
by case: the move line and its arrow, the rose's accented marker, the step line and
each balloon's row. A card's move is over once the balloon is down (a forced
landing, a landing) or at the goal, and a calm has no direction to draw. (The
window draws these: tests/ui/test_ballonrennen_hints.py.)"""

from __future__ import annotations

from typing import Any

from companion.core.session import Session
from companion.ui.tables.ballonrennen import view
from companion.ui.tables.ballonrennen.adapter import ADAPTER
from tests.tables.helpers import EN, act, session


def game(*steps: tuple[str, dict[str, Any]], **options: Any) -> Session:
    played = session("ballonrennen", ["Ola", "Jan", "Ewa"], wind_deck="table", **options)
    for kind, fields in steps:
        act(played, kind, **fields)
    return played


def hints(played: Session) -> tuple[str, str, int, str]:
    """The move line's arrow and words, the rose's accented altitude, the step line."""
    summary = view.summary_of(played.summary())
    shown = view.move(EN, played.state, summary)
    step = ADAPTER.step(played)
    assert step is not None
    return (shown.direction, shown.text, view.active_altitude(summary), EN(step))


def row(played: Session, name: str) -> tuple[str, bool]:
    found = next(
        b for b in view.balloons(view.summary_of(played.summary()), played.state) if b.name == name
    )
    return (EN(found.detail), found.flying)


UP_2 = ("release", {"sandbags": 2})  # Ola takes off to altitude 2 (south-east)
BACK = "back at the start"
TO_START = "Ola: put your balloon back on the start space"


def test_on_the_ground_before_the_card() -> None:
    played = game()
    assert hints(played) == (
        "",
        "On the ground",
        0,
        "Ola: choose the altitude, then turn over a wind card",
    )
    assert row(played, "Ola") == ("at the start", False)


def test_on_the_ground_after_the_card_the_balloon_stays() -> None:
    played = game(("wind_card", {"card": "rising"}))
    assert hints(played) == ("", "Stays on the ground", 0, "Ola: end your turn")
    assert row(played, "Ola") == ("at the start", False)


def test_the_turn_after_a_forced_landing_the_balloon_stays_down() -> None:
    played = game(UP_2, ("wind_card", {"card": "rising"}), ("forced_landing", {}))
    for _ in ("Ola", "Jan", "Ewa"):
        act(played, "end_turn")
        act(played, "wind_card", card="calm")
    assert played.state.current == "Ola"
    assert hints(played)[:3] == ("", "Stays on the ground", 0)
    assert row(played, "Ola") == (BACK, False)  # until it takes off from the start
    assert TO_START not in [EN(m) for m in ADAPTER.reminders(played)]  # it is there
    act(played, "end_turn")
    act(played, "wind_card", card="calm")
    act(played, "end_turn")
    act(played, "wind_card", card="calm")
    act(played, "end_turn")
    act(played, "release", sandbags=1)
    assert row(played, "Ola") == ("flying", True)


def test_flying_before_the_card_the_wind_at_the_balloons_altitude() -> None:
    played = game(UP_2)
    assert hints(played)[:3] == ("SE", "At altitude 2: south-east", 2)
    assert row(played, "Ola") == ("flying", True)


def test_a_card_that_moves_the_balloon() -> None:
    played = game(UP_2, ("wind_card", {"card": "rising"}))
    assert hints(played) == (
        "SE",
        "Move 3 spaces south-east",
        2,
        "Ola: move the balloon, then end the turn",
    )


def test_a_forced_landing_ends_the_move() -> None:
    played = game(UP_2, ("wind_card", {"card": "rising"}), ("forced_landing", {}))
    assert hints(played) == ("", "Forced landing: the move is over", 0, "Ola: end your turn")
    # The rulebook takes the balloon off the board: it starts again from the start
    # space, and the players are told to put it there (issue 31.4).
    assert played.summary().data["players"][0]["state"] == "waiting"
    assert row(played, "Ola") == (BACK, False)
    assert [EN(m) for m in ADAPTER.reminders(played)] == [TO_START]
    act(played, "end_turn")
    assert row(played, "Ola") == (BACK, False)
    assert TO_START not in [EN(m) for m in ADAPTER.reminders(played)]  # Jan's turn


def test_a_calm_is_no_move_and_draws_no_direction() -> None:
    played = game(UP_2, ("wind_card", {"card": "calm"}))
    assert hints(played) == ("", "No move this turn", 0, "Ola: end your turn")


def test_a_weak_wind_at_altitude_1_is_no_move() -> None:
    played = game(("release", {"sandbags": 1}), ("wind_card", {"card": "weak"}))
    assert hints(played)[:3] == ("", "No move this turn", 0)


def test_a_landed_balloon_shows_no_move_and_no_lift() -> None:
    played = game(UP_2, ("wind_card", {"card": "calm"}), ("end_turn", {}))
    for _ in ("Jan", "Ewa"):
        act(played, "wind_card", card="calm")
        act(played, "end_turn")
    act(played, "land")  # Ola lands with her tokens still in front of her
    assert played.state.player("Ola").lift == 2
    act(played, "wind_card", card="rising")
    assert hints(played) == ("", "Stays on the ground", 0, "Ola: end your turn")
    assert row(played, "Ola") == ("landed", False)


def test_at_the_goal_the_move_is_over() -> None:
    played = game(
        UP_2, ("wind_card", {"card": "rising"}), ("drop_mail", {}), ("reach_goal", {}), play_on=True
    )
    assert hints(played) == ("", "At the goal", 0, "Ola: end your turn")
    assert row(played, "Ola") == ("place 1", False)


def test_the_hints_follow_an_undo() -> None:
    played = game(UP_2, ("wind_card", {"card": "rising"}), ("forced_landing", {}))
    played.undo()
    assert hints(played)[:3] == ("SE", "Move 3 spaces south-east", 2)
    assert row(played, "Ola") == ("flying", True)
    assert TO_START not in [EN(m) for m in ADAPTER.reminders(played)]
