"""Any board game: the end of a game in each scoring (most points, fewest points, a
counter's points, places, won or lost together), its ranks, and what is left once
it is over."""

from __future__ import annotations

import pytest

from companion.core.messages import render
from tests.games.any_helpers import END, START, VP, act, column, error, new

PLAYERS4 = ["Ola", "Jan", "Ewa", "Bo"]


def score(**points: int) -> dict:
    return {"type": "score", "points": points}


def places(**given: int) -> dict:
    return {"type": "places", "places": given}


def finish(won: bool | None = None) -> dict:
    return {"type": "finish"} if won is None else {"type": "finish", "won": won}


def eliminate(name: str) -> dict:
    return {"type": "eliminate", "player": name}


def adjust(name: str, delta: int, token: str = "vp") -> dict:
    return {"type": "adjust", "player": name, "token": token, "delta": delta}


# -- points: high and low ------------------------------------------------------------


def test_the_most_points_win_ties_shared() -> None:
    session = new(PLAYERS4)
    s = act(session, END, score(Ola=31, Jan=45, Ewa=45, Bo=-2))
    assert (s["over"], s["current"], s["table"]["turn"]) == (True, None, 2)
    assert column(s, "score") == [31, 45, 45, -2]
    assert column(s, "rank") == [3, 1, 1, 4]
    assert s["winners"] == ["Jan", "Ewa"]
    assert str(session.prompts()[0]) == "The winners: Jan and Ewa"


def test_the_fewest_points_win() -> None:
    s = act(new(PLAYERS4, scoring="low"), score(Ola=31, Jan=45, Ewa=12, Bo=31))
    assert (column(s, "rank"), s["winners"]) == ([2, 4, 1, 2], ["Ewa"])


def test_players_out_rank_below_those_in_the_later_out_the_higher() -> None:
    session = new(PLAYERS4)
    act(session, eliminate("Bo"), eliminate("Ola"))
    s = act(session, score(Ola=100, Jan=3, Ewa=3, Bo=50))
    assert column(s, "rank") == [3, 1, 1, 4]
    assert column(s, "out") == [True, False, False, True]
    s = act(new(PLAYERS4, scoring="low"), eliminate("Jan"), score(Ola=9, Jan=0, Ewa=1, Bo=9))
    assert column(s, "rank") == [2, 4, 1, 2]


def test_the_results_say_who_went_out_when_and_what_it_did_to_their_place() -> None:
    session = new(PLAYERS4)
    act(session, END, END, eliminate("Bo"), END, eliminate("Ola"))
    assert session.rules.tie_breaks(session.state) == []  # not over yet
    act(session, score(Ola=100, Jan=3, Ewa=3, Bo=50))
    said = [render(m) for m in session.rules.tie_breaks(session.state)]
    assert said == [
        "Bo went out of the game in turn 3: ranked after every player still in, "
        "whatever the points",
        "Ola went out of the game in turn 4: ranked after every player still in, "
        "whatever the points",
    ]
    session = new(PLAYERS4, scoring="places")
    act(session, END, eliminate("Jan"), places(Ola=1, Jan=2, Ewa=3, Bo=4))
    said = [render(m) for m in session.rules.tie_breaks(session.state)]
    assert said == ["Jan went out of the game in turn 2"]


def test_score_names_every_player_and_nobody_else() -> None:
    session = new()
    assert error(session, score(Ola=1, Jan=2)) == "The points of Ewa are missing"
    assert error(session, score(Ola=1)) == "The points of Jan and Ewa are missing"
    assert error(session, score(Ola=1, Jan=2, Ewa=3, Bo=4)) == '"Bo" is not playing'
    assert error(session, {"type": "score", "points": {"Ola": 1.0, "Jan": 2, "Ewa": 3}}) == (
        "points.Ola: must be a whole number, or with categories an object of whole numbers"
    )


def test_score_is_refused_where_the_points_are_not_typed() -> None:
    assert error(new(scoring="places"), score(Ola=1, Jan=2, Ewa=3)) == (
        "This game ends with the places, not with points"
    )
    assert error(new(scoring="coop"), score(Ola=1, Jan=2, Ewa=3)) == (
        "In this game everyone wins or loses together: end it as won or lost"
    )
    assert error(new(counters=[VP], score_from="vp"), score(Ola=1, Jan=2, Ewa=3)) == (
        "The points are the counter VP: end the game without typing them"
    )


def test_scores_are_null_until_the_end() -> None:
    session = new(counters=[VP])
    s = act(session, adjust("Ola", 5))
    assert column(s, "score") == [None] * 3 and column(s, "rank") == [None] * 3


# -- points from a counter -----------------------------------------------------------


def test_a_counter_gives_the_points_at_any_time_and_ranks_at_finish() -> None:
    session = new(counters=[VP], score_from="vp")
    s = act(session, adjust("Ola", 5), adjust("Ewa", 7))
    assert (column(s, "score"), column(s, "rank")) == ([5, 0, 7], [None] * 3)
    s = act(session, finish())
    assert (s["over"], column(s, "rank"), s["winners"]) == (True, [2, 3, 1], ["Ewa"])


def test_after_the_end_a_correction_moves_the_ranks_with_the_counter() -> None:
    session = new(counters=[VP], score_from="vp", scoring="low")
    s = act(session, adjust("Ola", 5), finish())
    assert column(s, "rank") == [3, 1, 1]
    s = act(session, adjust("Jan", 9), adjust("Ewa", 6))
    assert (column(s, "score"), column(s, "rank"), s["winners"]) == ([5, 9, 6], [1, 3, 2], ["Ola"])


def test_after_the_end_a_correction_changes_no_typed_result() -> None:
    session = new(counters=[VP])
    act(session, score(Ola=1, Jan=2, Ewa=3))
    s = act(session, adjust("Ola", 40))
    assert (column(s, "score"), column(s, "rank")) == ([1, 2, 3], [3, 2, 1])
    assert column(s, "tokens")[0] == {"vp": 40}


def test_finish_is_refused_where_the_table_gives_the_result() -> None:
    assert error(new(), finish()) == "This game ends with each player's points"
    assert error(new(scoring="low"), finish()) == "This game ends with each player's points"
    assert error(new(scoring="places"), finish()) == "This game ends with each player's place"
    assert error(new(counters=[VP], score_from="vp"), finish(True)) == (
        "Only a cooperative game ends as won or lost"
    )
    assert error(new(), finish(False)) == "Only a cooperative game ends as won or lost"


# -- places --------------------------------------------------------------------------


def test_places_stand_as_ranks_out_players_too() -> None:
    session = new(PLAYERS4, scoring="places")
    act(session, eliminate("Ola"))
    s = act(session, places(Ola=1, Jan=3, Ewa=1, Bo=4))
    assert (column(s, "rank"), s["winners"], column(s, "score")) == (
        [1, 3, 1, 4],
        ["Ola", "Ewa"],
        [None] * 4,
    )


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ({"Ola": 1, "Jan": 2}, "The places of Ewa are missing"),
        ({"Ola": 1, "Jan": 2, "Ewa": 3, "Bo": 4}, '"Bo" is not playing'),
        ({"Ola": 1, "Jan": 2, "Ewa": 4}, "Ewa: place 4 is not from 1 to 3"),
        ({"Ola": 0, "Jan": 1, "Ewa": 2}, "Ola: place 0 is not from 1 to 3"),
        ({"Ola": 1, "Jan": 1, "Ewa": 2}, "1, 1, 2 is not a ranking: a shared place leaves the "
         "next ones out (1, 1, 3)"),
        ({"Ola": 2, "Jan": 2, "Ewa": 3}, "2, 2, 3 is not a ranking: a shared place leaves the "
         "next ones out (1, 1, 3)"),
        ({"Ola": 1, "Jan": 3, "Ewa": 3}, "1, 3, 3 is not a ranking: a shared place leaves the "
         "next ones out (1, 1, 3)"),
    ],
)  # fmt: skip
def test_places_that_are_refused(given: dict[str, int], problem: str) -> None:
    assert error(new(scoring="places"), {"type": "places", "places": given}) == problem


@pytest.mark.parametrize("ranking", [(1, 1, 1), (1, 2, 2), (1, 1, 3), (3, 1, 2), (2, 1, 2)])
def test_every_competition_ranking_is_taken(ranking: tuple[int, int, int]) -> None:
    given = dict(zip(["Ola", "Jan", "Ewa"], ranking, strict=True))
    s = act(new(scoring="places"), places(**given))
    assert column(s, "rank") == list(ranking)


def test_places_are_refused_where_points_or_cooperation_end_the_game() -> None:
    given = places(Ola=1, Jan=2, Ewa=3)
    assert error(new(), given) == "This game ends with points, not with places"
    assert error(new(scoring="coop"), given) == (
        "In this game everyone wins or loses together: end it as won or lost"
    )


# -- cooperation ---------------------------------------------------------------------


def test_a_cooperative_game_won_by_everyone() -> None:
    session = new(scoring="coop")
    act(session, eliminate("Jan"))
    s = act(session, finish(True))
    assert (column(s, "rank"), s["winners"]) == ([1, 1, 1], ["Ola", "Jan", "Ewa"])
    assert str(session.prompts()[0]) == "Everyone won together"


def test_a_cooperative_game_lost_ranks_nobody() -> None:
    session = new(scoring="coop")
    s = act(session, finish(False))
    assert (s["over"], column(s, "rank"), s["winners"]) == (True, [None] * 3, [])
    assert session.decided
    assert str(session.prompts()[0]) == "Everyone lost together"


def test_a_cooperative_game_needs_won_or_lost() -> None:
    assert error(new(scoring="coop"), finish()) == (
        "Did the players win or lose? A cooperative game ends as won or lost"
    )
    assert error(new(scoring="coop"), {"type": "finish", "won": 1}) == (
        "won: input should be a valid boolean"
    )


# -- once over ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        END,
        START,
        {"type": "reverse"},
        {"type": "pass_to", "player": "Jan"},
        {"type": "eliminate", "player": "Jan"},
        {"type": "score", "points": {"Ola": 1, "Jan": 2, "Ewa": 3}},
        {"type": "finish", "won": True},
    ],
)
def test_once_over_only_corrections_are_left(raw: dict) -> None:
    session = new(scoring="coop", clock="turn", counters=[VP])
    act(session, finish(True))
    assert error(session, raw) == "The game is over: only corrections are left"
    assert act(session, adjust("Jan", 2))["players"][1]["tokens"] == {"vp": 2}
