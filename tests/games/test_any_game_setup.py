"""Any board game: the players and the options, as the game file contract gives them,
and the state at the start."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import any_game, get
from tests.games.any_helpers import PLAYERS, VP, new, setup_error


def test_registered_with_its_player_counts() -> None:
    rules = get("any-game")
    assert rules is any_game.RULES
    assert (rules.min_players, rules.max_players) == (1, 8)


def test_the_summary_at_the_start() -> None:
    counters = [VP, {"id": "lives", "name": "Lives", "start": 3, "min": 0, "max": 5}]
    assert new(counters=counters).summary().data == {
        "game": "any-game",
        "over": False,
        "round": None,
        "current": "Ola",
        "players": [
            {
                "name": name,
                "tokens": {"vp": 0, "lives": 3},
                "score": None,
                "rank": None,
                "bank": None,
                "out_of_time": False,
                "out": False,
                "sheet": None,
            }
            for name in PLAYERS
        ],
        "winners": [],
        "table": {"title": "Carcassonne", "direction": "clockwise", "turn": 1},
    }


@pytest.mark.parametrize("count", [1, 8])
def test_one_to_eight_players(count: int) -> None:
    names = [f"P{n}" for n in range(count)]
    assert [p["name"] for p in new(names).summary().data["players"]] == names


@pytest.mark.parametrize("count", [0, 9])
def test_no_players_or_nine_are_refused(count: int) -> None:
    names = [f"P{n}" for n in range(count)]
    assert setup_error(names) == f"game.json: players: {count} given, Any game needs 1 to 8"


@pytest.mark.parametrize(
    "entry", [{"name": "Ola", "colour": "red"}, {"name": "Ola", "colours": ["red"]}]
)
def test_a_players_colour_is_refused(entry: dict[str, Any]) -> None:
    assert setup_error([entry, "Jan"]) == (
        "game.json: players: Ola: players have no colour of their own in this game"
    )


# -- title and bgg_id ----------------------------------------------------------------


def test_the_title_is_required() -> None:
    from companion.core.errors import GameFileError
    from tests.games.helpers import game, replay

    with pytest.raises(GameFileError) as caught:
        replay(game("any-game", PLAYERS, {}))
    assert str(caught.value) == "game.json: options: title: field required"


@pytest.mark.parametrize(
    ("title", "problem"),
    [
        ("", "title: 1 to 60 characters, 0 given"),
        ("T" * 61, "title: 1 to 60 characters, 61 given"),
        ("Cat\nan", r'title: "Cat\nan" has a control character'),
        ("Catan\u202e", r'title: "Catan\u202e" has a character that cannot be shown'),
        ("Ca\u200btan", r'title: "Ca\u200btan" has a character that cannot be shown'),
        ("   ", "title: needs more than spaces"),
        (7, "title: input should be a valid string"),
        (None, "title: must not be null (leave the field out instead)"),
    ],
)
def test_a_title_is_1_to_60_printable_characters(title: Any, problem: str) -> None:
    assert setup_error(title=title) == f"game.json: options: {problem}"


@pytest.mark.parametrize("title", ["T" * 60, "7 Wonders Duel", "Ticket to Ride: Europa", "三国"])
def test_a_printable_title_stands_as_given(title: str) -> None:
    assert new(title=title).summary().data["table"]["title"] == title


@pytest.mark.parametrize(
    ("bgg_id", "problem"),
    [
        (0, "bgg_id: a BoardGameGeek id is 1 or more, 0 given"),
        (-5, "bgg_id: a BoardGameGeek id is 1 or more, -5 given"),
        (True, "bgg_id: input should be a valid integer"),
        ("822", "bgg_id: input should be a valid integer"),
        (None, "bgg_id: must not be null (leave the field out instead)"),
    ],
)
def test_a_bgg_id_is_an_integer_from_1(bgg_id: Any, problem: str) -> None:
    assert setup_error(bgg_id=bgg_id) == f"game.json: options: {problem}"


def test_a_bgg_id_is_kept_in_the_options() -> None:
    assert new(bgg_id=822).options.bgg_id == 822


# -- the clock -----------------------------------------------------------------------


def test_the_clock_defaults() -> None:
    rules = any_game.RULES
    assert new().options.clock == "none"
    assert rules.clock_seconds(new().state) is None
    assert rules.clock_seconds(new(clock="turn").state) == 60
    assert rules.clock_seconds(new(clock="turn", timer_seconds=5).state) == 5
    assert [p["bank"] for p in new(clock="bank").summary().data["players"]] == [1200] * 3
    bank = new(clock="bank", bank_seconds=36000)
    assert rules.clock_seconds(bank.state) == 36000


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"clock": "sand"}, "clock: input should be 'none', 'turn' or 'bank'"),
        ({"timer_seconds": 30},
         'timer_seconds goes with the clock "turn" (this game\'s clock: "none")'),
        ({"clock": "bank", "timer_seconds": 30},
         'timer_seconds goes with the clock "turn" (this game\'s clock: "bank")'),
        ({"bank_seconds": 600},
         'bank_seconds goes with the clock "bank" (this game\'s clock: "none")'),
        ({"clock": "turn", "bank_seconds": 600},
         'bank_seconds goes with the clock "bank" (this game\'s clock: "turn")'),
        ({"clock": "turn", "timer_seconds": 4}, "timer_seconds: 5 to 600 seconds, 4 given"),
        ({"clock": "turn", "timer_seconds": 601}, "timer_seconds: 5 to 600 seconds, 601 given"),
        ({"clock": "bank", "bank_seconds": 59}, "bank_seconds: 60 to 36000 seconds, 59 given"),
        ({"clock": "bank", "bank_seconds": 36001},
         "bank_seconds: 60 to 36000 seconds, 36001 given"),
        ({"clock": "turn", "timer_seconds": 60.0},
         "timer_seconds: input should be a valid integer"),
    ],
)  # fmt: skip
def test_clock_options_that_are_refused(options: dict[str, Any], problem: str) -> None:
    assert setup_error(**options) == f"game.json: options: {problem}"


@pytest.mark.parametrize(("clock", "field", "value"), [("turn", "timer_seconds", 600),
                                                       ("bank", "bank_seconds", 60)])  # fmt: skip
def test_the_ends_of_the_clock_ranges_stand(clock: str, field: str, value: int) -> None:
    assert any_game.RULES.clock_seconds(new(clock=clock, **{field: value}).state) == value


# -- counters ------------------------------------------------------------------------


def test_a_counter_defaults_to_start_0_min_0_and_no_max() -> None:
    (counter,) = new(counters=[VP]).options.counters
    assert (counter.start, counter.min, counter.max) == (0, 0, None)


def test_min_and_max_may_be_null() -> None:
    counters = [{"id": "debt", "name": "Debt", "start": -3, "min": None, "max": None}]
    assert new(counters=counters).summary().data["players"][0]["tokens"] == {"debt": -3}


def counter(**fields: Any) -> dict[str, Any]:
    return {"id": "vp", "name": "VP", **fields}


@pytest.mark.parametrize(
    ("counters", "problem"),
    [
        ([counter(id=f"c{n}") for n in range(9)], "counters: at most 8, 9 given"),
        ([counter(id="Coins")], 'counters: "Coins" is not a counter id (1 to 16 characters of '
         "a-z, 0-9 and _)"),
        ([counter(id="")], 'counters: "" is not a counter id (1 to 16 characters of a-z, 0-9 '
         "and _)"),
        ([counter(id="a" * 17)], f'counters: "{"a" * 17}" is not a counter id (1 to 16 '
         "characters of a-z, 0-9 and _)"),
        ([counter(), counter(name="Points")], 'counters: the id "vp" is given twice'),
        ([VP, counter(id="x", name="")], "counters: counter 2: name: 1 to 24 characters, 0 given"),
        ([counter(name="N" * 25)], "counters: counter 1: name: 1 to 24 characters, 25 given"),
        ([counter(name="\x1b[2J")], r'counters: counter 1: name: "\x1b[2J" has a control '
         "character"),
        ([counter(name=" ")], "counters: counter 1: name: needs more than spaces"),
        ([counter(start=-1)], 'counters: "vp" starts at -1, below its minimum 0'),
        ([counter(start=6, max=5)], 'counters: "vp" starts at 6, above its maximum 5'),
        ([counter(min=3, max=2, start=2)], 'counters: "vp" has its minimum 3 above its maximum 2'),
        ([counter(start=None)], "counters.0.start: input should be a valid integer"),
        ([counter(colour="red")], 'unknown option "counters.0.colour"'),
        ([{"name": "VP"}], "counters.0.id: field required"),
    ],
)  # fmt: skip
def test_counters_that_are_refused(counters: list[dict[str, Any]], problem: str) -> None:
    assert setup_error(counters=counters) == f"game.json: options: {problem}"


def test_eight_counters_with_16_character_ids_and_24_character_names() -> None:
    counters = [counter(id=f"{n}" * 16, name=f"{n}" * 24) for n in range(8)]
    assert len(new(counters=counters).summary().data["players"][0]["tokens"]) == 8


def test_counter_names_may_repeat() -> None:
    counters = [counter(id="a", name="Gold"), counter(id="b", name="Gold")]
    assert new(counters=counters).summary().data["players"][0]["tokens"] == {"a": 0, "b": 0}


# -- scoring -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"scoring": "most"}, "scoring: input should be 'high', 'low', 'places' or 'coop'"),
        ({"scoring": "places", "counters": [VP], "score_from": "vp"},
         'score_from goes with the scoring "high" or "low" (this game\'s scoring: "places")'),
        ({"scoring": "coop", "counters": [VP], "score_from": "vp"},
         'score_from goes with the scoring "high" or "low" (this game\'s scoring: "coop")'),
        ({"counters": [VP], "score_from": "gold"},
         'score_from: "gold" is not a counter of this game ("vp")'),
        ({"score_from": "vp"}, 'score_from: "vp" is not a counter of this game (-)'),
        ({"score_from": None}, "score_from: must not be null (leave the field out instead)"),
        ({"speed": 3}, 'unknown option "speed"'),
    ],
)  # fmt: skip
def test_scoring_options_that_are_refused(options: dict[str, Any], problem: str) -> None:
    assert setup_error(**options) == f"game.json: options: {problem}"


@pytest.mark.parametrize("scoring", ["high", "low", "places", "coop"])
def test_every_scoring_is_taken(scoring: str) -> None:
    assert new(scoring=scoring).options.scoring == scoring
    assert new().options.scoring == "high"
