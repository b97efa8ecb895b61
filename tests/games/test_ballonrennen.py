"""Ballonrennen rules from the rulebook (002) and docs/game-file.md, through `Session`."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core import rng
from companion.core.errors import ActionFormatError, RuleError, SetupError
from companion.core.messages import render
from companion.games import get
from companion.games.ballonrennen import (
    CARDS,
    DEFAULT_DECK,
    RULES,
    Plain,
    Release,
    State,
    rotate,
)
from tests.games.test_ballonrennen_helpers import (
    CALM,
    END,
    act,
    card,
    new_game,
    play,
    release,
    tokens,
    who,
)


def rule_error(session: Any, raw: dict[str, Any]) -> str:
    before = session.state
    with pytest.raises(RuleError) as caught:
        session.apply(RULES.parse_action(raw))
    assert session.state == before
    return str(caught.value)


def at_altitude(altitude: int, **options: Any) -> Any:
    """Anna flying at `altitude` after taking off by sandbags, in her first turn."""
    session = new_game(**options)
    act(session, "release", sandbags=altitude)
    return session


# -- setup and summary -----------------------------------------------------------


def test_registered_and_named() -> None:
    assert get("ballonrennen") is RULES
    assert (RULES.min_players, RULES.max_players) == (2, 5)


def test_start_tokens_and_summary_shape() -> None:
    s = new_game(["Anna", "Ben", "Cleo"])
    summary = s.summary().data
    assert set(summary) == {"game", "over", "round", "current", "players", "winners", "table"}
    assert summary["game"] == "ballonrennen"
    assert summary["round"] is None
    assert summary["over"] is False
    assert summary["current"] == "Anna"
    assert summary["winners"] == []
    assert summary["table"] == {
        "winds": {"1": "W", "2": "SE", "3": "E"},
        "move": None,
        "deck_left": None,
    }
    for player in summary["players"]:
        assert set(player) == {
            "name",
            "tokens",
            "score",
            "rank",
            "colour",
            "altitude",
            "state",
            "mail_delivered",
            "place",
        }
        assert player["tokens"] == {"gas": 4, "sandbags": 3, "mail_sack": 1}
        assert player["score"] is None
        assert player["rank"] is None
        assert player["altitude"] == 0
        assert player["state"] == "waiting"
        assert player["mail_delivered"] is False
        assert player["place"] is None
    assert [p["colour"] for p in summary["players"]] == ["red", "yellow", "green"]


def test_five_players_take_the_five_colours_in_seat_order() -> None:
    s = new_game(["A", "B", "C", "D", "E"])
    assert [p["colour"] for p in s.summary().data["players"]] == [
        "red",
        "yellow",
        "green",
        "blue",
        "white",
    ]


@pytest.mark.parametrize("names", [["Anna"], ["A", "B", "C", "D", "E", "F"]])
def test_player_count(names: list[str]) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(names)
    assert caught.value.field == "players"
    assert "needs 2 to 5" in str(caught.value)


def test_chosen_colours_stay_and_the_others_take_the_first_free_ones() -> None:
    s = new_game([{"name": "Anna"}, {"name": "Ben", "colour": "red"}, "Cleo"])
    assert [p["colour"] for p in s.summary().data["players"]] == ["yellow", "red", "green"]


@pytest.mark.parametrize(
    ("players", "needle"),
    [
        ([{"name": "Anna", "colour": "pink"}, "Ben"], 'Anna: "pink" is not a balloon colour'),
        (
            [{"name": "Anna", "colour": "blue"}, {"name": "Ben", "colour": "blue"}],
            "the blue balloon is chosen twice (Anna, Ben)",
        ),
        ([{"name": "Anna", "colours": ["red"]}, "Ben"], 'Anna: "colours" is for Balmy'),
    ],
)
def test_colour_errors_are_in_the_players(players: list[Any], needle: str) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(players)
    assert caught.value.field == "players"
    assert needle in str(caught.value)


def test_winds_option() -> None:
    s = new_game(winds={"1": "NE", "2": "E", "3": "SW"})
    assert s.summary().data["table"]["winds"] == {"1": "NE", "2": "E", "3": "SW"}


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"winds": {"1": "W", "2": "SE"}}, "winds needs one marker for each altitude"),
        ({"winds": {"1": "W", "2": "SE", "3": "E", "4": "W"}}, "winds needs one marker"),
        ({"winds": {"1": "N", "2": "SE", "3": "E"}}, "winds.1"),
        ({"deck": {"calm": 3}}, "deck is only used when the app is the wind deck"),
        ({"wind_deck": "app", "deck": {"calm": 0}}, "deck needs at least one card"),
        ({"wind_deck": "app", "deck": {"hurricane": 1}}, "deck.hurricane"),
        ({"wind_deck": "app", "deck": {"calm": -1}}, "deck.calm"),
        ({"wind_deck": "pile"}, "wind_deck"),
        ({"timer_seconds": 30}, 'unknown option "timer_seconds"'),
    ],
)
def test_option_errors(options: dict[str, Any], needle: str) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(**options)
    assert needle in str(caught.value)
    assert caught.value.field == "options"


# -- the altitude step -----------------------------------------------------------


@pytest.mark.parametrize("sandbags", [1, 2, 3])
def test_take_off_by_dropping_sacks(sandbags: int) -> None:
    """Rulebook: to reach altitude 1 (2, 3) from the start, drop 1 (2, 3) sacks."""
    s = at_altitude(sandbags)
    anna = who(s, "Anna")
    assert anna["state"] == "flying"
    assert anna["altitude"] == sandbags
    assert anna["tokens"] == {"gas": 4, "sandbags": 3 - sandbags, "mail_sack": 1}


def test_climbing_by_sandbags_and_descending_by_gas_in_the_air() -> None:
    s = at_altitude(1)
    act(s, "release", sandbags=1)
    assert who(s, "Anna")["altitude"] == 2
    act(s, "release", gas=1)
    assert who(s, "Anna")["altitude"] == 1
    assert tokens(s, "Anna") == (3, 1, 1)


def test_rulebook_example_from_3_to_1_by_two_gas() -> None:
    s = at_altitude(3)
    act(s, "release", gas=2)
    assert who(s, "Anna")["altitude"] == 1
    assert tokens(s, "Anna") == (2, 0, 1)


# The rulebook's combination table: the tokens in front of a player (besides the mail
# sack and its paired canister) at each altitude.
COMBINATION_TABLE = {
    1: {(1, 0), (2, 1), (3, 2)},  # 1 gas / 2 gas + 1 sack / 3 gas + 2 sacks
    2: {(2, 0), (3, 1)},  # 2 gas / 3 gas + 1 sack
    3: {(3, 0)},  # 3 gas
}


def _holdings_by_altitude() -> dict[int, set[tuple[int, int]]]:
    """Every holding reachable from the start by releases, by flying altitude."""
    seen: dict[int, set[tuple[int, int]]] = {}
    frontier = [new_game()]
    visited: set[tuple[int, int, str]] = set()
    while frontier:
        session = frontier.pop()
        anna = who(session, "Anna")
        gas, sandbags, _ = tokens(session, "Anna")
        key = (gas, sandbags, anna["state"])
        if key in visited:
            continue
        visited.add(key)
        if anna["state"] == "flying":
            seen.setdefault(anna["altitude"], set()).add((gas - 1, sandbags))
        for g, b in [(1, 0), (0, 1)]:
            child = new_game()
            for action in session.log:
                child.apply(action)
            try:
                act(child, "release", gas=g, sandbags=b)
            except RuleError:
                continue
            frontier.append(child)
    return seen


def test_combination_table_of_the_rulebook() -> None:
    assert _holdings_by_altitude() == COMBINATION_TABLE


def test_combination_table_paths_from_altitude_3_downwards() -> None:
    """From 3 gas (altitude 3): 1 gas down to 2, 2 gas down to 1; from 3 gas + 1 sack
    (altitude 2): 1 gas down to 2 gas + 1 sack (altitude 1)."""
    s = at_altitude(3)
    act(s, "release", gas=1)
    assert (who(s, "Anna")["altitude"], tokens(s, "Anna")) == (2, (3, 0, 1))
    act(s, "release", gas=1)
    assert (who(s, "Anna")["altitude"], tokens(s, "Anna")) == (1, (2, 0, 1))
    s = at_altitude(2)
    act(s, "release", gas=1)
    assert (who(s, "Anna")["altitude"], tokens(s, "Anna")) == (1, (3, 1, 1))


def test_reachable_altitudes_from_the_start() -> None:
    s = new_game()
    assert RULES.reachable_altitudes(s.state) == [
        (0, [(0, 0), (1, 1), (2, 2), (3, 3)]),
        (1, [(0, 1), (1, 2), (2, 3)]),
        (2, [(0, 2), (1, 3)]),
        (3, [(0, 3)]),
    ]


def test_reachable_altitudes_from_altitude_3() -> None:
    s = at_altitude(3)
    assert RULES.reachable_altitudes(s.state) == [
        (0, [(0, 0), (3, 0)]),  # land, or release 3 gas (the paired one stays)
        (1, [(2, 0)]),
        (2, [(1, 0)]),
        (3, [(0, 0)]),
    ]


def test_reachable_altitudes_every_choice_applies() -> None:
    for start in (0, 1, 2, 3):
        s = at_altitude(start) if start else new_game()
        for altitude, combos in RULES.reachable_altitudes(s.state):
            for gas, sandbags in combos:
                action = RULES.altitude_action(s.state, altitude, gas, sandbags)
                if action is None:
                    assert altitude == who(s, "Anna")["altitude"]
                    continue
                after = RULES.apply(s.state, action)
                assert after.player("Anna").altitude == altitude


def test_altitude_action() -> None:
    s = at_altitude(2)
    assert RULES.altitude_action(s.state, 0, 0, 0) == Plain(type="land")
    assert RULES.altitude_action(s.state, 2, 0, 0) is None
    assert RULES.altitude_action(s.state, 1, 1, 0) == Release(gas=1)


def test_reachable_altitudes_empty_after_the_card() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="calm")
    assert RULES.reachable_altitudes(s.state) == []


def test_release_down_to_0_in_the_air_is_a_landing() -> None:
    s = at_altitude(2)
    act(s, "release", gas=2)
    anna = who(s, "Anna")
    assert (anna["state"], anna["altitude"]) == ("landed", 0)


def test_release_on_the_ground_that_stays_at_0_keeps_waiting() -> None:
    s = new_game()
    act(s, "release", gas=1, sandbags=1)
    anna = who(s, "Anna")
    assert (anna["state"], anna["altitude"], tokens(s, "Anna")) == ("waiting", 0, (3, 2, 1))


def test_several_releases_in_one_altitude_step() -> None:
    s = new_game()
    act(s, "release", sandbags=1)
    act(s, "release", sandbags=1)
    assert who(s, "Anna")["altitude"] == 2


def test_error_no_sandbags_left() -> None:
    s = at_altitude(3)
    assert rule_error(s, release(sandbags=1)) == "Anna has no sandbags left"


def test_error_more_sandbags_than_held() -> None:
    s = at_altitude(2)
    assert rule_error(s, release(sandbags=2)) == "Anna cannot release 2 sandbags: only 1 left"


def test_error_more_gas_than_held() -> None:
    s = at_altitude(1)
    assert rule_error(s, release(gas=5)) == "Anna cannot release 5 gas canisters: only 4 left"


def test_error_no_gas_left() -> None:
    s = at_altitude(3)
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")  # 4 gas -> 3 at altitude 3
    play(s, END, CALM, END)
    act(s, "release", gas=3)  # landing: altitude 0
    play(s, CALM, END, CALM, END)  # replenished: 3 gas, 3 sandbags
    assert tokens(s, "Anna") == (3, 3, 0)
    s2 = new_game()
    act(s2, "adjust", player="Anna", token="gas", delta=-4)
    assert rule_error(s2, release(gas=1)) == "Anna has no gas canisters left"


def test_error_releasing_the_paired_canister() -> None:
    s = new_game()
    act(s, "release", sandbags=3, gas=2)  # 2 gas, 0 sacks + mail: altitude 1
    assert who(s, "Anna")["altitude"] == 1
    message = rule_error(s, release(gas=2))
    assert message == (
        "Anna cannot release the gas canister paired with the mail sack before the mail is dropped"
    )


def test_the_paired_canister_may_go_once_the_mail_is_dropped() -> None:
    s = new_game()
    act(s, "release", sandbags=3, gas=2)
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")  # 2 gas, 0 sacks, no mail: altitude 2
    play(s, END, CALM, END)
    act(s, "release", gas=2)
    anna = who(s, "Anna")
    assert (anna["state"], tokens(s, "Anna")) == ("landed", (0, 0, 0))


def test_error_above_3() -> None:
    s = at_altitude(2)
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")  # 4 gas, 1 sack, no mail: altitude 3
    assert who(s, "Anna")["altitude"] == 3
    play(s, END, CALM, END)
    message = rule_error(s, release(sandbags=1))
    assert message == (
        "Anna's balloon cannot rise above altitude 3 (this release would give altitude 4)"
    )


def test_error_below_0() -> None:
    s = new_game()
    message = rule_error(s, release(gas=1))
    assert message == (
        "Anna's balloon cannot sink below the ground (this release would give altitude -1)"
    )


def test_error_release_of_nothing() -> None:
    s = new_game()
    assert rule_error(s, release()) == "Anna: release at least one sandbag or gas canister"


def test_error_negative_release_is_a_format_error() -> None:
    with pytest.raises(ActionFormatError, match="sandbags"):
        RULES.parse_action({"type": "release", "sandbags": -1})


def test_error_release_after_the_wind_card() -> None:
    s = new_game()
    act(s, "wind_card", card="calm")
    assert "the altitude is chosen before it" in rule_error(s, release(sandbags=1))


def test_land_by_choice() -> None:
    s = at_altitude(2)
    act(s, "land")
    anna = who(s, "Anna")
    assert (anna["state"], anna["altitude"], tokens(s, "Anna")) == ("landed", 0, (4, 1, 1))


def test_land_errors() -> None:
    s = new_game()
    assert rule_error(s, {"type": "land"}) == "Anna's balloon is already on the ground"
    s = at_altitude(1)
    act(s, "wind_card", card="calm")
    assert "landing is chosen before it" in rule_error(s, {"type": "land"})


def test_no_take_off_in_the_turn_of_the_landing() -> None:
    s = at_altitude(2)
    act(s, "land")
    assert rule_error(s, release(sandbags=1)) == (
        "Anna landed this turn and can take off again next turn"
    )
    assert RULES.reachable_altitudes(s.state) == [(0, [(0, 0)])]


def test_a_balloon_that_landed_this_turn_releases_nothing_more() -> None:
    s = at_altitude(2)
    act(s, "land")  # 4 gas, 1 sandbag, the mail sack: a gas release would stay at 0
    assert rule_error(s, release(gas=1)) == (
        "Anna landed this turn and can take off again next turn"
    )
    s = at_altitude(1)
    act(s, "release", gas=1)  # down to 0 in the air: a landing
    assert rule_error(s, release(gas=1)) == (
        "Anna landed this turn and can take off again next turn"
    )


# -- replenishing ----------------------------------------------------------------


def test_intermediate_landing_replenishes_at_the_start_of_the_next_turn() -> None:
    s = at_altitude(2)
    act(s, "release", gas=2)  # landed with 2 gas, 1 sack, the mail sack
    play(s, CALM, END)
    assert tokens(s, "Anna") == (2, 1, 1)  # not yet: Ben's turn
    play(s, CALM, END)
    assert tokens(s, "Anna") == (4, 3, 1)  # 3 + 3, plus the mail sack and its canister
    assert who(s, "Anna")["state"] == "landed"
    act(s, "release", sandbags=2)
    assert (who(s, "Anna")["state"], who(s, "Anna")["altitude"]) == ("flying", 2)


def landed_after_the_mail() -> Any:
    """Anna delivered the mail at altitude 1, and landed at her next turn."""
    s = at_altitude(1)
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")
    play(s, END, CALM, END)
    act(s, "land")
    return s


def test_replenishing_after_the_mail_is_delivered_is_3_and_3() -> None:
    s = landed_after_the_mail()
    play(s, CALM, END, CALM, END)
    assert tokens(s, "Anna") == (3, 3, 0)


def test_landed_on_the_horn_this_turn_may_drop_the_mail() -> None:
    s = at_altitude(1)
    act(s, "land")
    act(s, "wind_card", card="rising")
    act(s, "drop_mail")
    anna = who(s, "Anna")
    assert (anna["state"], anna["mail_delivered"], anna["altitude"]) == ("landed", True, 0)
    assert tokens(s, "Anna") == (4, 2, 0)
    play(s, END, CALM, END)
    assert tokens(s, "Anna") == (3, 3, 0)


def test_landed_in_an_earlier_turn_cannot_drop_the_mail() -> None:
    s = at_altitude(1)
    act(s, "land")
    play(s, CALM, END, CALM, END, CALM)
    assert rule_error(s, {"type": "drop_mail"}) == "Anna's balloon is not flying"


def test_forced_landing_goes_back_to_the_start_and_keeps_the_move() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="turn_1")
    act(s, "forced_landing")
    anna = who(s, "Anna")
    assert (anna["state"], anna["altitude"]) == ("waiting", 0)
    assert s.summary().data["table"]["move"] == {
        "player": "Anna",
        "altitude": 1,
        "direction": "NW",
        "spaces": 1,
    }
    assert rule_error(s, {"type": "forced_landing"}) == "Anna's balloon is not flying"


def test_forced_landing_replenishes() -> None:
    s = at_altitude(3)
    act(s, "release", gas=1)  # 3 gas, 0 sacks, mail: altitude 2
    act(s, "wind_card", card="calm")
    act(s, "forced_landing")
    play(s, END)
    assert tokens(s, "Anna") == (3, 0, 1)
    play(s, CALM, END)
    assert tokens(s, "Anna") == (4, 3, 1)
    assert who(s, "Anna")["state"] == "waiting"
    assert render(s.prompts()[0]) == (
        "Anna: take back tokens up to 4 gas canisters, 3 sandbags and the mail sack"
    )


def test_forced_landing_after_the_mail_gives_no_new_mail_sack() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")
    act(s, "forced_landing")
    play(s, END, CALM, END)
    assert tokens(s, "Anna") == (3, 3, 0)
    assert who(s, "Anna")["mail_delivered"] is True


def test_waiting_at_the_start_is_not_replenished() -> None:
    s = new_game()
    act(s, "release", gas=1, sandbags=1)
    play(s, CALM, END, CALM, END)
    assert tokens(s, "Anna") == (3, 2, 1)


def test_forced_landing_errors() -> None:
    s = new_game()
    assert rule_error(s, {"type": "forced_landing"}) == "Anna must turn over a wind card first"
    act(s, "wind_card", card="calm")
    assert rule_error(s, {"type": "forced_landing"}) == "Anna's balloon is not flying"


# -- the wind markers and the cards ----------------------------------------------


def test_rotation_both_ways_and_around() -> None:
    assert [rotate("E", i) for i in range(7)] == ["E", "SE", "SW", "W", "NW", "NE", "E"]
    assert [rotate("E", -i) for i in range(7)] == ["E", "NE", "NW", "W", "SW", "SE", "E"]


@pytest.mark.parametrize(
    ("name", "winds"),
    [
        ("turn_1", {"1": "NW", "2": "SE", "3": "E"}),
        ("turn_2", {"1": "W", "2": "SW", "3": "E"}),
        ("turn_3", {"1": "W", "2": "SE", "3": "SE"}),
        ("turn_all", {"1": "NW", "2": "SW", "3": "SE"}),
        ("calm", {"1": "W", "2": "SE", "3": "E"}),
        ("weak", {"1": "W", "2": "SE", "3": "E"}),
        ("rising", {"1": "W", "2": "SE", "3": "E"}),
        ("updraught", {"1": "W", "2": "SE", "3": "E"}),
        ("downdraught", {"1": "W", "2": "SE", "3": "E"}),
    ],
)
def test_each_card_on_the_markers(name: str, winds: dict[str, str]) -> None:
    s = new_game()
    act(s, "wind_card", card=name)
    assert s.summary().data["table"]["winds"] == winds


def test_markers_go_all_the_way_round() -> None:
    s = new_game(players=["Anna", "Ben"], winds={"1": "NE", "2": "NE", "3": "NE"})
    act(s, "wind_card", card="turn_all")
    assert s.summary().data["table"]["winds"] == {"1": "E", "2": "E", "3": "E"}
    play(s, END)
    for _ in range(5):
        play(s, card("turn_2"), END)
    assert s.summary().data["table"]["winds"]["2"] == "NE"


@pytest.mark.parametrize("altitude", [1, 2, 3])
@pytest.mark.parametrize(("way", "step"), [("cw", 1), ("ccw", -1)])
def test_favourable_turns_the_chosen_marker_either_way(altitude: int, way: str, step: int) -> None:
    s = at_altitude(2)
    act(s, "wind_card", card="favourable")
    assert s.summary().data["table"]["move"] is None
    assert RULES.phase(s.state) == "favourable"
    act(s, "favourable", altitude=altitude, rotate=way)
    winds = {"1": "W", "2": "SE", "3": "E"}
    winds[str(altitude)] = rotate(winds[str(altitude)], step)
    assert s.summary().data["table"]["winds"] == winds
    assert s.summary().data["table"]["move"] == {
        "player": "Anna",
        "altitude": 2,
        "direction": winds["2"],
        "spaces": 2,
    }


def test_favourable_is_needed_before_anything_else() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="favourable")
    pending = "Anna must first play the Favourable wind: choose an altitude and which way"
    for raw in (END, {"type": "drop_mail"}, {"type": "forced_landing"}):
        assert rule_error(s, raw).startswith(pending)
    assert "already turned over a wind card" in rule_error(s, card("calm"))


def test_error_favourable_without_the_card() -> None:
    s = new_game()
    raw = {"type": "favourable", "altitude": 1, "rotate": "cw"}
    assert rule_error(s, raw) == "Anna has no Favourable wind card to play this turn"
    act(s, "wind_card", card="turn_1")
    assert rule_error(s, raw) == "Anna has no Favourable wind card to play this turn"
    s = new_game()
    act(s, "wind_card", card="favourable")
    act(s, "favourable", altitude=3, rotate="ccw")
    assert rule_error(s, raw) == "Anna has no Favourable wind card to play this turn"


@pytest.mark.parametrize(
    ("raw", "needle"),
    [
        ({"type": "favourable", "altitude": 4, "rotate": "cw"}, "altitude"),
        ({"type": "favourable", "altitude": 1, "rotate": "left"}, "rotate"),
        ({"type": "wind_card", "card": "storm"}, "card"),
        ({"type": "release", "sandbags": 1, "mail_sack": 1}, 'unknown field "mail_sack"'),
        ({"type": "fly"}, 'unknown action type "fly"'),
    ],
)
def test_malformed_actions(raw: dict[str, Any], needle: str) -> None:
    with pytest.raises(ActionFormatError) as caught:
        RULES.parse_action(raw)
    assert needle in str(caught.value)


def move_after(altitude: int, name: str) -> dict[str, Any]:
    s = at_altitude(altitude) if altitude else new_game()
    act(s, "wind_card", card=name)
    move: dict[str, Any] = s.summary().data["table"]["move"]
    return move


WINDS_AFTER = {  # default markers after the card
    "turn_1": ("NW", "SE", "E"),
    "turn_2": ("W", "SW", "E"),
    "turn_3": ("W", "SE", "SE"),
    "turn_all": ("NW", "SW", "SE"),
}


@pytest.mark.parametrize("altitude", [1, 2, 3])
@pytest.mark.parametrize("name", CARDS)
def test_every_card_on_the_move(altitude: int, name: str) -> None:
    if name == "favourable":
        return  # its own tests
    winds = WINDS_AFTER.get(name, ("W", "SE", "E"))
    effective = altitude
    if name == "updraught":
        effective = min(altitude + 1, 3)
    if name == "downdraught":
        effective = max(altitude - 1, 1)
    spaces = {"calm": 0, "weak": effective - 1, "rising": effective + 1}.get(name, effective)
    assert move_after(altitude, name) == {
        "player": "Anna",
        "altitude": effective,
        "direction": winds[effective - 1],
        "spaces": spaces,
    }


@pytest.mark.parametrize(
    ("altitude", "name", "move"),
    [
        (1, "weak", (1, "W", 0)),  # at altitude 1 it does not move
        (3, "rising", (3, "E", 4)),
        (1, "updraught", (2, "SE", 2)),
        (3, "updraught", (3, "E", 3)),  # none at 3
        (2, "downdraught", (1, "W", 1)),
        (1, "downdraught", (1, "W", 1)),  # none at 1
        (2, "calm", (2, "SE", 0)),  # the direction is still the marker's
        (1, "turn_1", (1, "NW", 1)),
        (3, "turn_3", (3, "SE", 3)),
        (2, "turn_all", (2, "SW", 2)),
    ],
)
def test_card_examples(altitude: int, name: str, move: tuple[int, str, int]) -> None:
    got = move_after(altitude, name)
    assert (got["altitude"], got["direction"], got["spaces"]) == move


@pytest.mark.parametrize("name", CARDS)
def test_on_the_ground_no_card_moves_the_balloon(name: str) -> None:
    s = new_game()
    act(s, "wind_card", card=name)
    if name == "favourable":
        act(s, "favourable", altitude=1, rotate="cw")
    assert s.summary().data["table"]["move"] == {
        "player": "Anna",
        "altitude": 0,
        "direction": None,
        "spaces": 0,
    }


def test_landed_this_turn_does_not_move() -> None:
    s = at_altitude(3)
    act(s, "land")
    act(s, "wind_card", card="rising")
    assert s.summary().data["table"]["move"]["spaces"] == 0


def test_error_two_wind_cards_in_a_turn() -> None:
    s = new_game()
    act(s, "wind_card", card="calm")
    assert rule_error(s, card("weak")) == "Anna has already turned over a wind card this turn"


def test_error_table_deck_needs_the_card() -> None:
    s = new_game()
    assert "Name the wind card Anna turned over" in rule_error(s, {"type": "wind_card"})


def test_move_resets_at_the_next_turn() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="calm")
    play(s, END)
    assert s.summary().data["table"]["move"] is None


# -- the app deck ----------------------------------------------------------------


def test_app_deck_default_is_60_cards_and_ours() -> None:
    assert sum(DEFAULT_DECK.values()) == 60
    s = new_game(wind_deck="app")
    assert s.summary().data["table"]["deck_left"] == 60
    note = RULES.deck_note(s.state)
    assert note is not None and "our own" in render(note)
    assert render(s.prompts()[0]) == render(note)
    assert RULES.deck_note(new_game().state) is None


def test_app_deck_draws_the_seeded_shuffle_and_reshuffles_when_empty() -> None:
    s = new_game(seed=42, wind_deck="app", deck={"calm": 2, "weak": 1})
    deck = ("calm", "calm", "weak")
    drawn = []
    lefts = []
    for _ in range(7):
        act(s, "wind_card")
        drawn.append(RULES.current_card(s.state))
        lefts.append(s.summary().data["table"]["deck_left"])
        act(s, "end_turn")
    expected = [c for k in range(3) for c in rng.shuffled(42, deck, "wind_deck", k)]
    assert drawn == expected[:7]
    assert lefts == [2, 1, 0, 2, 1, 0, 2]


def test_app_deck_refuses_a_named_card() -> None:
    s = new_game(wind_deck="app")
    assert "The app is the wind deck" in rule_error(s, card("calm"))


def test_app_deck_favourable_is_pending() -> None:
    s = new_game(wind_deck="app", deck={"favourable": 1})
    act(s, "wind_card")
    assert RULES.phase(s.state) == "favourable"
    assert s.summary().data["table"]["move"] is None
    act(s, "favourable", altitude=2, rotate="ccw")
    assert s.summary().data["table"]["winds"]["2"] == "E"


def test_app_deck_custom_composition_counts() -> None:
    s = new_game(wind_deck="app", deck={"turn_1": 4, "calm": 1})
    assert s.summary().data["table"]["deck_left"] == 5
    assert RULES.deck_note(s.state) is None


# -- the mail sack ---------------------------------------------------------------


def test_drop_mail_raises_the_altitude_for_the_next_move() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="turn_1")
    act(s, "drop_mail")
    anna = who(s, "Anna")
    assert (anna["altitude"], anna["mail_delivered"]) == (2, True)
    assert tokens(s, "Anna") == (4, 2, 0)
    assert s.summary().data["table"]["move"] == {
        "player": "Anna",
        "altitude": 1,
        "direction": "NW",
        "spaces": 1,
    }


def test_drop_mail_at_3_releases_one_gas_automatically() -> None:
    s = at_altitude(3)
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")
    anna = who(s, "Anna")
    assert (anna["altitude"], tokens(s, "Anna")) == (3, (3, 0, 0))


def test_drop_mail_errors() -> None:
    s = at_altitude(1)
    assert rule_error(s, {"type": "drop_mail"}) == "Anna must turn over a wind card first"
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")
    assert rule_error(s, {"type": "drop_mail"}) == "Anna has already dropped the mail sack"
    s = new_game()
    act(s, "wind_card", card="calm")
    assert rule_error(s, {"type": "drop_mail"}) == "Anna's balloon is not flying"


# -- the goal, finishing order, play_on ------------------------------------------


def test_error_the_goal_without_the_mail() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="calm")
    assert rule_error(s, {"type": "reach_goal"}) == (
        "Anna must drop the mail sack before reaching the goal"
    )


def test_first_at_the_goal_wins_and_the_race_is_over() -> None:
    s = new_game(["Anna", "Ben", "Cleo"])
    act(s, "release", sandbags=1)
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")
    act(s, "reach_goal")
    summary = s.summary().data
    assert summary["over"] is True
    assert summary["current"] is None
    assert summary["winners"] == ["Anna"]
    assert [(p["rank"], p["place"]) for p in summary["players"]] == [(1, 1), (2, None), (2, None)]
    anna = summary["players"][0]
    assert (anna["state"], anna["altitude"]) == ("finished", 0)
    assert rule_error(s, END) == "The race is over: only corrections are left"
    assert RULES.phase(s.state) == "over"
    act(s, "adjust", player="Ben", token="gas", delta=-1)
    assert tokens(s, "Ben") == (3, 3, 1)
    assert render(s.prompts()[0]) == "The race is over: Anna won"


def finish(s: Any) -> None:
    """The current player takes off to 1, drops the mail and reaches the goal."""
    play(s, release(sandbags=1), CALM, {"type": "drop_mail"}, {"type": "reach_goal"})


def test_play_on_keeps_playing_for_places() -> None:
    s = new_game(["Anna", "Ben", "Cleo", "Dan"], play_on=True)
    finish(s)
    summary = s.summary().data
    assert summary["over"] is False
    assert summary["winners"] == []
    assert [p["rank"] for p in summary["players"]] == [None] * 4
    assert summary["players"][0]["place"] == 1
    assert summary["current"] == "Anna"  # her turn still needs its end
    play(s, END)
    assert s.summary().data["current"] == "Ben"
    play(s, CALM, END)
    finish(s)  # Cleo second
    play(s, END, CALM, END)  # Dan
    assert s.summary().data["current"] == "Ben"  # Anna is skipped
    play(s, CALM, END)
    assert s.summary().data["current"] == "Dan"  # and Cleo too
    finish(s)  # Dan third: one player left racing -> over
    summary = s.summary().data
    assert summary["over"] is True
    assert summary["current"] is None
    assert [(p["name"], p["place"], p["rank"]) for p in summary["players"]] == [
        ("Anna", 1, 1),
        ("Ben", None, 4),
        ("Cleo", 2, 2),
        ("Dan", 3, 3),
    ]
    assert summary["winners"] == ["Anna"]


def test_play_on_with_two_players_ends_at_the_first_finisher() -> None:
    s = new_game(["Anna", "Ben"], play_on=True)
    finish(s)
    summary = s.summary().data
    assert summary["over"] is True
    assert [p["rank"] for p in summary["players"]] == [1, 2]


def test_without_play_on_the_others_share_the_rank_after_the_winner() -> None:
    s = new_game(["Anna", "Ben", "Cleo", "Dan"])
    play(s, CALM, END)
    finish(s)
    summary = s.summary().data
    assert summary["over"] is True
    assert summary["winners"] == ["Ben"]
    assert [p["rank"] for p in summary["players"]] == [2, 1, 2, 2]


def test_reach_goal_errors() -> None:
    s = new_game()
    act(s, "wind_card", card="calm")
    assert rule_error(s, {"type": "reach_goal"}) == "Anna's balloon is not flying"


# -- turns -----------------------------------------------------------------------


def test_error_end_turn_without_the_wind_card() -> None:
    s = new_game()
    assert rule_error(s, END) == "Anna must turn over a wind card before ending the turn"


def test_turns_go_clockwise_and_round_is_null() -> None:
    s = new_game(["Anna", "Ben", "Cleo"])
    seen = []
    for _ in range(4):
        seen.append(s.summary().data["current"])
        play(s, CALM, END)
    assert seen == ["Anna", "Ben", "Cleo", "Anna"]
    assert s.summary().data["round"] is None


def test_phase_and_legal_actions() -> None:
    s = new_game()
    assert RULES.phase(s.state) == "altitude"
    assert RULES.legal_actions(s.state) == ["adjust", "release", "wind_card"]
    act(s, "release", sandbags=2)
    assert RULES.legal_actions(s.state) == ["adjust", "land", "release", "wind_card"]
    act(s, "wind_card", card="favourable")
    assert RULES.legal_actions(s.state) == ["adjust", "favourable"]
    act(s, "favourable", altitude=2, rotate="cw")
    assert RULES.phase(s.state) == "move"
    assert RULES.legal_actions(s.state) == ["adjust", "drop_mail", "forced_landing", "end_turn"]
    act(s, "drop_mail")
    assert RULES.legal_actions(s.state) == ["adjust", "forced_landing", "reach_goal", "end_turn"]


# -- adjust ----------------------------------------------------------------------


def test_adjust_within_the_limits() -> None:
    s = new_game()
    act(s, "adjust", player="Ben", token="sandbags", delta=-2)
    assert tokens(s, "Ben") == (4, 1, 1)
    for raw, needle in [
        ({"player": "Ben", "token": "gas", "delta": 1}, "Ben can hold at most 4 gas"),
        ({"player": "Ben", "token": "gas", "delta": -5}, "Ben would have -1 gas canisters"),
        ({"player": "Ben", "token": "mail", "delta": 1}, '"mail" is not a token in Ballonrennen'),
        ({"player": "Zoe", "token": "gas", "delta": 1}, '"Zoe" is not playing'),
    ]:
        assert needle in rule_error(s, {"type": "adjust", **raw})
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "adjust", "player": "Ben", "token": "gas", "delta": 0})


def test_adjust_keeps_a_flying_balloon_at_1_to_3() -> None:
    s = at_altitude(3)
    raw = {"type": "adjust", "player": "Anna", "token": "gas", "delta": 1}
    assert rule_error(s, raw) == "Anna can hold at most 4 gas canisters"
    act(s, "adjust", player="Anna", token="gas", delta=-1)
    assert who(s, "Anna")["altitude"] == 2
    message = rule_error(s, {"type": "adjust", "player": "Anna", "token": "gas", "delta": -2})
    assert message == (
        "Anna's balloon is flying: that correction would put it at altitude 0, "
        "and a flying balloon is at 1 to 3"
    )


def test_adjust_no_mail_sack_after_delivery() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="calm")
    act(s, "drop_mail")
    message = rule_error(s, {"type": "adjust", "player": "Anna", "token": "mail_sack", "delta": 1})
    assert message == "Anna can hold at most 0 mail sacks"


# -- prompts ---------------------------------------------------------------------


def texts(session: Any) -> list[str]:
    return [render(m) for m in session.prompts()]


def test_prompts_through_a_turn() -> None:
    s = new_game()
    assert texts(s) == [
        "Anna: take off by releasing sandbags, or stay on the ground",
        "Anna: turn over a wind card and tap which one",
    ]
    act(s, "release", sandbags=2)
    assert texts(s)[0].startswith("Anna: choose your altitude (now 2)")
    act(s, "wind_card", card="favourable")
    assert texts(s) == ["Anna: favourable wind! Turn one wind marker one side, either way"]
    act(s, "favourable", altitude=1, rotate="cw")
    assert texts(s) == [
        "Anna: move 2 spaces south-east (altitude 2)",
        "Anna: drop the mail sack here if you pass a mail horn",
        "Anna: rocks at altitude 1, a lake or leaving the board is a forced landing",
        "Anna: end your turn",
    ]
    act(s, "drop_mail")
    assert "Anna: if you end exactly on the goal, you have reached it" in texts(s)
    play(s, END)
    assert texts(s)[-1] == "Ben: turn over a wind card and tap which one"
    act(s, "wind_card", card="calm")
    assert texts(s) == ["Ben: your balloon stays on the ground this turn", "Ben: end your turn"]


def test_prompts_calm_and_one_space() -> None:
    s = at_altitude(1)
    act(s, "wind_card", card="calm")
    assert texts(s)[0] == "Anna: your balloon stays where it is this turn"
    s = at_altitude(1)
    act(s, "wind_card", card="turn_3")
    assert texts(s)[0] == "Anna: move 1 space west (altitude 1)"


def test_prompts_app_deck() -> None:
    s = new_game(wind_deck="app")
    assert texts(s)[-1] == "Anna: draw a wind card"


def test_state_is_frozen_and_plain() -> None:
    s = new_game()
    state: State = s.state
    assert State.model_validate(state.model_dump()) == state


def test_a_landed_balloon_has_no_forced_landing_or_goal() -> None:
    s = landed_after_the_mail()
    act(s, "wind_card", card="calm")
    assert rule_error(s, {"type": "forced_landing"}) == "Anna's balloon is not flying"
    assert rule_error(s, {"type": "reach_goal"}) == "Anna's balloon is not flying"
    assert RULES.legal_actions(s.state) == ["adjust", "end_turn"]


def test_the_move_stays_after_reaching_the_goal() -> None:
    s = new_game(["Anna", "Ben", "Cleo"], play_on=True)
    play(s, release(sandbags=2), card("rising"), {"type": "drop_mail"}, {"type": "reach_goal"})
    move = {"player": "Anna", "altitude": 2, "direction": "SE", "spaces": 3}
    assert s.summary().data["table"]["move"] == move
    assert RULES.legal_actions(s.state) == ["adjust", "end_turn"]
    assert texts(s)[0] == "Anna reached the goal in place 1"


def test_screen_helpers() -> None:
    s = at_altitude(2)
    assert RULES.paired_canister(s.state, "Anna") is True
    assert RULES.current_card(s.state) is None
    assert RULES.current_move(s.state) is None
    act(s, "wind_card", card="turn_2")
    assert RULES.current_card(s.state) == "turn_2"
    assert RULES.winds(s.state) == {"1": "W", "2": "SW", "3": "E"}
    assert RULES.current_move(s.state) == s.summary().data["table"]["move"]
    act(s, "drop_mail")
    assert RULES.paired_canister(s.state, "Anna") is False
