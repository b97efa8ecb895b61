"""`missing_steps`: what the rulebook makes mandatory in a turn that the current
player could still take now and has not, for the end of the turn to ask about."""

from __future__ import annotations

from typing import Any

from companion.core.session import Session
from companion.games import ballonrennen as br
from companion.games import balmy_balloonists as bb
from companion.games import wyscig_balonow as wb

from .helpers import game, play, replay

END = {"type": "end_turn"}
ROLL = {"type": "start_timer"}


def missing(session: Session[Any]) -> list[str]:
    return [str(m) for m in session.missing_steps()]


# -- Wyścig balonów ------------------------------------------------------------------


def test_wyscig_the_roll_is_missing_until_the_hourglass_is_turned():
    session = replay(game(wb.GAME_ID, ["Ola", "Jan", "Ewa"]))
    current = session.state.current
    assert session.missing_steps() == [wb.M("missing_roll", player=current)]
    assert missing(session) == [f"{current} has not rolled the dice this turn"]
    play(session, ROLL)
    assert session.missing_steps() == []


def test_wyscig_the_new_obstacle_is_missing_from_round_2_until_placed():
    session = replay(game(wb.GAME_ID, ["Ola", "Jan", "Ewa"]))
    play(session, *[ROLL, END] * 3, ROLL)
    first = session.state.order[0]
    assert (session.state.round, session.state.current) == (2, first)
    assert session.missing_steps() == [wb.M("missing_obstacle", player=first, round=2)]
    assert missing(session) == [f"{first} has not placed the new obstacle of round 2"]
    play(session, {"type": "place_obstacle"}, END)
    assert session.missing_steps() == [wb.M("missing_roll", player=session.state.current)]


def test_wyscig_nothing_is_missing_without_an_order_or_once_over():
    table = replay(game(wb.GAME_ID, ["Ola", "Jan"], {"order_cards": "table"}))
    assert table.missing_steps() == []
    landed = replay(game(wb.GAME_ID, ["Ola", "Jan"], actions=[ROLL, {"type": "landed"}, END]))
    assert landed.state.over and landed.missing_steps() == []


def test_wyscig_rounds_and_balloon_cards_follow_the_player_count():
    assert wb.DICE == 5
    assert [wb.turns_per_round(n) for n in (2, 3, 4)] == [4, 3, 4]
    assert [wb.balloons_per_player(n) for n in (2, 3, 4)] == [2, 1, 1]
    two = replay(game(wb.GAME_ID, ["Ola", "Jan"]))
    assert len(two.state.order) == 4 and all(len(p.balloons) == 2 for p in two.state.players)


# -- Ballonrennen ----------------------------------------------------------------------


def test_ballonrennen_the_wind_card_and_a_favourable_wind_are_missing_until_played():
    session = replay(game(br.GAME_ID, ["Anna", "Ben"]))
    assert missing(session) == ["Anna has not turned over a wind card this turn"]
    play(session, {"type": "release", "sandbags": 1})
    assert session.missing_steps() == [br.M("missing_card", player="Anna")]
    play(session, {"type": "wind_card", "card": "favourable"})
    assert missing(session) == ["Anna has not played the Favourable wind yet"]
    play(session, {"type": "favourable", "altitude": 1, "rotate": "cw"})
    assert session.missing_steps() == []
    play(session, END)
    assert session.missing_steps() == [br.M("missing_card", player="Ben")]


# -- Balmy Balloonists -------------------------------------------------------------------

FOUR = ["Ann", "Bo", "Cy", "Di"]  # red, yellow, green, blue; markers on green and blue


def balmy(*actions: dict[str, Any], options: dict[str, Any] | None = None) -> Session[Any]:
    return replay(game(bb.GAME_ID, FOUR, options, actions=actions))


def test_balmy_the_local_wind_card_is_missing_while_one_could_be_played():
    session = balmy()
    assert session.missing_steps() == [bb.M("missing_card", player="Ann", colour="red")]
    assert missing(session) == ["No local wind card was played for the red balloon"]
    play(session, {"type": "play_own"})
    assert session.missing_steps() == []


def test_balmy_nothing_is_missing_with_an_empty_hand_and_nothing_in_front():
    session = balmy({"type": "adjust", "balloon": "red", "token": "hand", "delta": -3})
    assert session.missing_steps() == []


def comm_problems_on_red() -> Session[Any]:
    """Red plays on itself and gets communication problems: no own card next turn,
    one card in front of it."""
    luck = {"type": "bad_luck", "target": "red", "card": "comm_problems"}
    session = balmy({"type": "play_own"}, luck, END)
    play(session, *[{"type": "play_own"}, END] * 3)
    assert session.state.turn.covers_no_own and session.state.active.colour == "red"
    return session


def test_balmy_under_no_own_card_a_card_from_in_front_is_still_missing():
    session = comm_problems_on_red()
    assert session.state.active.in_front == 1
    assert session.missing_steps() == [bb.M("missing_card", player="Ann", colour="red")]


def test_balmy_under_no_own_card_with_nothing_in_front_nothing_is_missing():
    session = comm_problems_on_red()
    play(session, {"type": "adjust", "balloon": "red", "token": "in_front", "delta": -1})
    assert session.state.active.hand > 0
    assert session.missing_steps() == []


def test_balmy_the_storm_takes_a_card_from_in_front_when_no_marked_balloon_can():
    low = {"type": "altitude", "to": "low"}
    storm_out = {"type": "bad_luck", "target": "yellow", "card": "bad_weather", "levels": 20}
    session = replay(
        game(
            bb.GAME_ID,
            ["Ann", "Bo"],
            {"balloons_per_player": 1, "storm": True},
            actions=[{"type": "play_own"}, low, END, {"type": "play_own"}, low, storm_out],
        )
    )
    assert session.state.balloon("yellow").out and session.state.active.colour == "red"
    play(session, {"type": "adjust", "balloon": "red", "token": "hand", "delta": -3})
    assert session.state.active.in_front == 1
    assert session.missing_steps() == []  # no card from hand, no racing marked balloon
    play(session, {"type": "place_storm", "balloon": "red", "where": "on"})
    assert session.missing_steps() == [bb.M("missing_card", player="Ann", colour="red")]
    play(session, {"type": "play_storm"})
    assert session.missing_steps() == []


def test_nothing_is_missing_once_a_game_is_over():
    session = replay(game(br.GAME_ID, ["Anna", "Ben"]))
    play(session, {"type": "release", "sandbags": 1}, {"type": "wind_card", "card": "calm"})
    play(session, {"type": "drop_mail"}, {"type": "reach_goal"})
    assert session.state.over and session.missing_steps() == []
