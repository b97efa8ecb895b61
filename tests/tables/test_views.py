"""What each table shows, read from real game states by the tables' pure view
functions (no Kivy, no window)."""

from __future__ import annotations

import pytest

from companion.core.session import Session
from companion.games import ballonrennen as br
from companion.ui.tables.ballonrennen import view as br_view
from companion.ui.tables.balmy import view as balmy_view
from companion.ui.tables.wyscig import view as wy_view
from tests.tables.helpers import EN, act, session

# -- Wyścig balonów ------------------------------------------------------------------


def test_the_order_names_its_cards_and_marks_the_turn_being_played() -> None:
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"])
    cards = wy_view.order_cards(game.state, wy_view.summary_of(game.summary()))
    assert [(EN(c.label), c.name, c.current) for c in cards] == [
        ("1st", "Jan", True),
        ("2nd", "Ola", False),
        ("Last", "Ewa", False),  # no "3rd" with three players
    ]
    act(game, "start_timer")
    act(game, "dice", values=[1, 2, 3, 4, 5])
    act(game, "end_turn")
    cards = wy_view.order_cards(game.state, wy_view.summary_of(game.summary()))
    assert [c.current for c in cards] == [False, True, False]


def test_two_players_have_four_cards_and_one_name_twice() -> None:
    game = session("wyscig-balonow", ["Ola", "Jan"])
    cards = wy_view.order_cards(game.state, wy_view.summary_of(game.summary()))
    assert [EN(c.label) for c in cards] == ["1st", "2nd", "3rd", "Last"]
    assert [c.current for c in cards] == [True, False, False, False]  # Jan's first turn only


def test_the_tokens_round_and_obstacles_follow_the_summary() -> None:
    game = session("wyscig-balonow", ["Ola", "Jan", "Ewa"])
    act(game, "mail")  # Jan, the first in the order, delivers one
    summary = wy_view.summary_of(game.summary())
    assert [(t.name, t.mail, t.penalty, t.current) for t in wy_view.tokens(summary)] == [
        ("Ola", 0, 0, False),
        ("Jan", 1, 0, True),
        ("Ewa", 0, 0, False),
    ]
    assert EN(wy_view.round_text(summary)) == "Round 1"
    assert wy_view.obstacles_text(summary) == "4/8"


# -- Ballonrennen --------------------------------------------------------------------


def test_on_the_ground_the_ladder_costs_sandbags_and_staying_costs_nothing() -> None:
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    rungs = br_view.ladder(game.state)
    assert [(r.altitude, r.gas, r.sandbags) for r in rungs if r] == [
        (3, 0, 3),
        (2, 0, 2),
        (1, 0, 1),
        (0, 0, 0),
    ]
    stay = rungs[-1]
    assert stay is not None and stay.current and stay.word is not None
    assert EN(stay.word) == "stay"
    assert br_view.move(EN, game.state, br_view.summary_of(game.summary())) == br_view.Move(
        "", 0, "On the ground"
    )


def release(game: Session, altitude: int, sandbags: int) -> None:
    action = br.RULES.altitude_action(game.state, altitude, 0, sandbags)
    assert action is not None
    game.apply(action)


def test_the_move_in_words_after_the_wind_card() -> None:
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    release(game, 2, sandbags=2)
    act(game, "wind_card", card="rising")
    summary = br_view.summary_of(game.summary())
    assert br_view.move(EN, game.state, summary) == br_view.Move(
        "SE", 2, "Move 3 spaces south-east"
    )
    assert br_view.active_altitude(summary) == 2
    assert br_view.events(game.state) == [
        ("drop_mail", True),
        ("forced_landing", True),
        ("reach_goal", False),  # dimmed: a tap still lets the rules say why
    ]


def test_a_favourable_wind_offers_each_marker_both_ways() -> None:
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    release(game, 1, sandbags=1)
    act(game, "wind_card", card="favourable")
    assert br_view.markers(game.state) == [
        (1, "W", [("ccw", "SW"), ("cw", "NW")]),
        (2, "SE", [("ccw", "E"), ("cw", "SW")]),
        (3, "E", [("ccw", "NE"), ("cw", "SE")]),
    ]


def test_every_balloon_has_its_row() -> None:
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    first, second = br_view.balloons(br_view.summary_of(game.summary()))
    assert (first.name, first.colour, first.current, EN(first.detail)) == (
        "Ola",
        "red",
        True,
        "at the start",
    )
    assert (first.gas, first.sandbags, first.mail_sack, first.altitude) == (4, 3, 1, 0)
    assert (second.name, second.colour, second.current) == ("Jan", "yellow", False)


def test_each_table_reads_only_its_own_games_summary() -> None:
    balloons = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    race = session("wyscig-balonow", ["Ola", "Jan"])
    assert br_view.summary_of(balloons.summary()) is balloons.summary()
    assert wy_view.summary_of(race.summary()) is race.summary()
    with pytest.raises(TypeError):
        br_view.summary_of(race.summary())
    with pytest.raises(TypeError):
        wy_view.summary_of(balloons.summary().data)  # the JSON form is not the model


# -- Balmy Balloonists ------------------------------------------------------------------


def balmy() -> Session:
    game = session("balmy-balloonists", ["Anna", "Bram"])
    act(game, "advantage", player="Anna", cards=["friendly_winds", "repair"])
    act(game, "advantage", player="Bram", cards=["permission_iraq", "permission_china"])
    return game


def test_the_ladder_says_what_each_altitude_costs() -> None:
    game = balmy()
    rungs = balmy_view.ladder(EN, game.state)
    assert [(r.altitude, r.cost, r.token, r.current, r.allowed) for r in rungs] == [
        ("high", "3 ballast", "ballast", False, True),
        ("medium", "2 ballast", "ballast", False, True),
        ("low", "1 ballast", "ballast", False, True),
        ("landed", "now", "", True, False),
    ]


def test_the_advantage_cards_wait_until_recorded() -> None:
    game = session("balmy-balloonists", ["Anna", "Bram"])
    assert balmy_view.unrecorded(game.state) == ["Anna", "Bram"]
    act(game, "advantage", player="Anna", cards=["friendly_winds", "repair"])
    assert balmy_view.unrecorded(game.state) == ["Bram"]


def test_the_current_step_is_news_without_its_mark() -> None:
    game = balmy()
    news, step = balmy_view.news(game.state, game.prompts())
    assert news == []  # the turn's own prompt is on the screen already
    assert step is not None and EN(step).startswith(" 1. Play one local wind card")


def test_the_rose_has_every_palette_colour_and_who_races() -> None:
    game = balmy()
    points = balmy_view.rose_points(game.state, str.upper)
    assert [p.colour for p in points] == ["red", "yellow", "green", "blue", "purple", "white"]
    assert [p.in_game for p in points] == [True, True, True, True, False, False]
    assert points[0] == balmy_view.RosePoint("red", "#D62828", "RED", True, True)
