"""What the Wyścig balonów table says, case by case: the step line (what to do now),
the reminders under it and GO's words, each a function of the state alone, so a
hint never outlives what it was about (the landing, the sand running out, an untimed
player, the table's order cards, the last obstacle). No Kivy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.session import Session
from companion.games import wyscig_balonow as wb
from companion.play.table import GameInPlay
from companion.ui.tables import adapter
from tests.tables.helpers import EN, act, in_play, session

TABLE = adapter(wb.GAME_ID)


def said(game: Session[Any]) -> tuple[str | None, list[str]]:
    """The step line and the reminders, in English."""
    step = TABLE.step(game)
    return (EN(step) if step else None), [EN(m) for m in TABLE.reminders(game)]


def go_words(play: GameInPlay[Any]) -> str:
    return EN(TABLE.go(play).label)


def three(seed: int = 7, **options: Any) -> Session[Any]:
    """Ola, Jan and Ewa, the order dealt at the table: Ola, Jan, Ewa."""
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"], seed, order_cards="table", **options)
    act(game, "order", players=["Ola", "Jan", "Ewa"])
    return game


def test_the_table_deals_the_order_first() -> None:
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"], order_cards="table")
    assert said(game) == ("Deal the order cards for round 1 and tap the order", [])


def test_the_first_turn_rolls_and_the_last_player_sets_up_the_obstacles(tmp_path: Path) -> None:
    game = three()
    assert said(game) == (
        "Ola: turn the hourglass and roll the dice",
        ["Ewa: place 4 obstacles on the corner squares with the yellow frame"],
    )
    play = in_play(tmp_path, "wyscig-balonow", ["Ola", "Jan"])
    assert go_words(play) == "Start the hourglass"


def test_a_started_turn_places_the_dice_then_moves_two_obstacles_or_all() -> None:
    game = three()
    act(game, "start_timer")
    assert said(game) == (
        "Ola: place the dice and move the balloons",
        ["Ola: move 2 obstacles, then end your turn"],
    )
    for _ in range(2):
        act(game, "end_turn")
    act(game, "start_timer")
    assert said(game)[1] == ["Ewa: move all obstacles, then end your turn"]


def test_an_untimed_player_rolls_without_the_hourglass(tmp_path: Path) -> None:
    game = three(untimed=["Ola"])
    assert said(game)[0] == "Ola: roll the dice (no hourglass for you)"
    play = in_play(tmp_path, "wyscig-balonow", ["Ola", "Jan"], untimed=["Ola", "Jan"])
    assert go_words(play) == "Dice rolled"


def test_after_the_sand_ran_out_the_unplaced_dice_are_the_step() -> None:
    game = three()
    act(game, "start_timer")
    act(game, "timer_expired", unplaced=2)
    step, reminders = said(game)
    assert step == "Ola: place the 2 unplaced dice on empty squares, then move the balloons"
    assert reminders == ["Ola: move 2 obstacles, then end your turn"]  # not "place the dice"
    one = three()
    act(one, "start_timer")
    act(one, "timer_expired", unplaced=1)
    assert said(one)[0] == "Ola: place the unplaced die on an empty square, then move the balloons"
    none = three()
    act(none, "start_timer")
    act(none, "timer_expired", unplaced=0)
    assert said(none)[0] == "Ola: move the balloons"


def test_after_a_landing_the_turn_ends_the_race_and_no_obstacle_is_moved(
    tmp_path: Path,
) -> None:
    game = three()
    act(game, "start_timer")
    act(game, "landed")
    assert said(game) == (
        "Ola: finish moving the balloons, then end the turn",
        ["A balloon is on the landing pad: the race ends with this turn"],
    )
    play = in_play(tmp_path, "wyscig-balonow", ["Ola", "Jan"])
    act(play.session, "start_timer")
    act(play.session, "landed")
    assert go_words(play) == "End the turn"


def test_a_new_round_places_its_obstacle_first_and_the_eighth_makes_the_last_round() -> None:
    game = three()
    for _ in range(3):
        act(game, "end_turn")
    act(game, "order", players=["Jan", "Ewa", "Ola"])
    step, reminders = said(game)
    assert step == "Jan: place a new obstacle next to the yellow frame"
    assert reminders == ["Jan: turn the hourglass and roll the dice"]
    act(game, "place_obstacle")
    assert said(game) == ("Jan: turn the hourglass and roll the dice", [])
    for round_number in (3, 4, 5):  # obstacles 6, 7 and 8
        for _ in range(3):
            act(game, "end_turn")
        act(game, "order", players=["Jan", "Ewa", "Ola"])
        act(game, "place_obstacle")
        assert game.state.round == round_number
    assert game.state.obstacles == wb.OBSTACLES
    assert said(game) == (
        "Jan: turn the hourglass and roll the dice",
        ["All 8 obstacles are on the board: this is the last round"],
    )


def test_the_score_then_nothing_once_counted(tmp_path: Path) -> None:
    play = in_play(tmp_path, "wyscig-balonow", ["Ola", "Jan", "Ewa"])
    game = play.session
    act(game, "start_timer")
    act(game, "landed")
    act(game, "end_turn")
    assert said(game) == (
        "Reveal the balloon cards and count each balloon's squares to the landing zone token",
        [],
    )
    assert go_words(play) == "Count the score"
    distances = {c: 1 for p in game.state.players for c in p.balloons}
    distances[game.state.players[0].balloons[0]] = 0
    act(game, "score", distances=distances)
    assert said(game) == (None, [f"The winner: {game.state.players[0].name}"])


def test_winners_sharing_a_place_are_named_as_winners() -> None:
    game = three()
    act(game, "start_timer")
    act(game, "landed")
    act(game, "end_turn")
    act(game, "score", distances={c: 2 for p in game.state.players for c in p.balloons})
    assert said(game) == (None, ["The winners: Ola, Jan, Ewa"])


def test_the_hints_of_a_state_do_not_depend_on_how_it_was_reached() -> None:
    """Every state of a played game, replayed from its log alone, says the same."""
    game = three()
    for kind, fields in [
        ("start_timer", {}),
        ("timer_expired", {"unplaced": 1}),
        ("mail", {}),
        ("end_turn", {}),
        ("start_timer", {}),
        ("landed", {}),
    ]:
        act(game, kind, **fields)
        replayed = three()
        for action in game.log[1:]:
            replayed.apply(action)
        assert said(replayed) == said(game)
