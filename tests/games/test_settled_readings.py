"""The readings the game file contract settled for every game (docs/game-file.md):
a `null` where a field takes none is an error, printable names, the seed's range,
integers of at most 100 digits; and for Balmy Balloonists the 50 local wind cards,
`null` ranks with no winner, and out or finished balloons that take no card."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.errors import GameFileError, RuleError
from companion.games import balmy_balloonists as bb
from tests.games.helpers import game, replay
from tests.games.test_balmy_rules import END, OWN, act, balloon, error, luck, new, other

# -- null where a field takes none ------------------------------------------------------


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(GameFileError) as caught:
        replay(data)
    return str(caught.value)


NOT_NULL = "must not be null (leave the field out instead)"


@pytest.mark.parametrize(
    ("game_id", "entry", "field"),
    [
        ("ballonrennen", {"name": "Ola", "colour": None}, "colour"),
        ("balmy-balloonists", {"name": "Ola", "colours": None}, "colours"),
        ("wyscig-balonow", {"name": "Ola", "colour": None}, "colour"),
        ("any-game", {"name": "Ola", "colours": None}, "colours"),
        ("ballonrennen", {"name": None}, "name"),
    ],
)
def test_a_null_in_a_player_object_is_an_error_in_every_game(
    game_id: str, entry: dict[str, Any], field: str
) -> None:
    options = {"title": "Go"} if game_id == "any-game" else {}
    message = refusal(game(game_id, [entry, "Jan"], options))
    assert message == f"game.json: players: player 1: {field}: {NOT_NULL}"


def test_a_player_object_is_read_strictly_as_json_writes_it() -> None:
    message = refusal(game("ballonrennen", [{"name": "Ola", "colour": 1}, "Jan"]))
    assert message == "game.json: players: player 1: colour: input should be a valid string"


@pytest.mark.parametrize(
    ("options", "action", "expected"),
    [
        ({"timer_seconds": None}, None, f"game.json: options: timer_seconds: {NOT_NULL}"),
        ({}, {"type": "start_timer", "at": None}, f"action 1 (start_timer): at: {NOT_NULL}"),
        ({}, {"type": "penalty", "count": None}, f"action 1 (penalty): count: {NOT_NULL}"),
    ],
)
def test_a_null_in_options_or_an_action_is_an_error(
    options: dict[str, Any], action: dict[str, Any] | None, expected: str
) -> None:
    actions = [] if action is None else [action]
    assert refusal(game("wyscig-balonow", ["Ola", "Jan"], options, actions=actions)) == expected


# -- names, the seed, long integers -----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Ann\u202eX", r'"Ann\u202eX" has a character that cannot be shown'),
        ("Ann\u200e", r'"Ann\u200e" has a character that cannot be shown'),
        ("An\u00adn", r'"An\xadn" has a character that cannot be shown'),
        ("\u00a0\u00a0", "needs more than spaces"),
    ],
)
def test_format_characters_and_spaces_only_are_refused_in_names(name: str, expected: str) -> None:
    message = refusal(game("ballonrennen", ["Ola", name]))
    assert message == f"game.json: players: player 2: name: {expected}"


@pytest.mark.parametrize("seed", [-(2**63), 2**63 - 1])
def test_the_seed_range_holds_its_ends(seed: int) -> None:
    assert replay(game("wyscig-balonow", ["Ola", "Jan"], seed=seed)).setup.seed == seed


@pytest.mark.parametrize("seed", [-(2**63) - 1, 2**63])
def test_a_seed_past_the_range_is_an_error(seed: int) -> None:
    assert refusal(game("wyscig-balonow", ["Ola", "Jan"], seed=seed)) == (
        "game.json: seed: must be a whole number from -9223372036854775808 to 9223372036854775807"
    )


def test_an_integer_of_101_digits_in_an_action_is_an_error(tmp_path: Any) -> None:
    from companion import files

    big = "9" * 101
    text = (
        '{"format": 1, "game": "wyscig-balonow", "players": ["Ola", "Jan"], '
        '"actions": [{"type": "adjust", "player": "Ola", "token": "mail", "delta": ' + big + "}]}"
    )
    with pytest.raises(GameFileError) as caught:
        files.loads(text, "game.json")
    assert str(caught.value) == "game.json: it holds a number with more than 100 digits"
    kept = files.loads(text.replace(big, "-" + "9" * 100), "game.json")
    assert kept["actions"][0]["delta"] == -int("9" * 100)


# -- Balmy Balloonists: the 50 local wind cards -----------------------------------------


def at_the_box_limit() -> Any:
    """Red (the current balloon) has 2 cards in hand once it played one; the cards in
    all hands and in front are 50."""
    session = new()
    act(session, {"type": "adjust", "balloon": "blue", "token": "hand", "delta": 38}, OWN)
    assert sum(b.hand + b.in_front for b in session.state.balloons) == bb.LOCAL_WIND_CARDS
    return session


def test_an_upkeep_draw_that_would_pass_50_cards_draws_nothing() -> None:
    session = at_the_box_limit()
    s = act(session, END)
    assert balloon(s, "red")["hand"] == 2
    assert sum(b["hand"] + b["in_front"] for b in s["table"]["balloons"]) == 50


def test_an_upkeep_draw_below_50_cards_still_draws() -> None:
    session = at_the_box_limit()
    act(session, {"type": "adjust", "balloon": "blue", "token": "hand", "delta": -1})
    assert balloon(act(session, END), "red")["hand"] == 3


def test_an_adjust_past_50_cards_is_an_error_and_one_down_always_allowed() -> None:
    session = at_the_box_limit()
    raw = {"type": "adjust", "balloon": "red", "token": "hand", "delta": 1}
    assert error(session, raw) == "There are only 50 local wind cards in the game"
    # A count lowered is always allowed, even in a state past the box (stored before).
    red, *others = session.state.balloons
    past = session.state.model_copy(
        update={"balloons": (red.model_copy(update={"hand": 10}), *others)}
    )
    assert sum(b.hand + b.in_front for b in past.balloons) == 58
    lowered = bb.RULES.apply(past, bb.RULES.parse_action({**raw, "delta": -1}))
    assert lowered.balloons[0].hand == 9
    with pytest.raises(RuleError):
        bb.RULES.apply(past, bb.RULES.parse_action({**raw, "token": "in_front", "delta": 1}))


# -- Balmy Balloonists: no winner, out balloons -----------------------------------------


def test_with_no_winner_every_rank_is_null() -> None:
    session = new(("Ann", "Bo"), {"balloons_per_player": 1})
    for colour in ("red", "yellow"):
        act(session, {"type": "altitude", "to": "high"}, OWN)
        act(session, {"type": "adjust", "balloon": colour, "token": "gas", "delta": -9})
        act(session, {"type": "adjust", "balloon": colour, "token": "fuel", "delta": -11})
        act(session, luck(colour, "bad_weather", levels=2))
    s = session.summary().data
    assert (s["over"], s["winners"]) == (True, [])
    assert [p["rank"] for p in s["players"]] == [None, None]


def storm_puts_yellow_out() -> Any:
    """Red plays a card on yellow; the storm meets yellow, which cannot pay: out."""
    session = new(("Ann", "Bo"), {"balloons_per_player": 1, "storm": True})
    act(session, OWN, END, {"type": "altitude", "to": "medium"}, OWN, END)
    act(session, {"type": "place_storm", "balloon": "red", "where": "on"}, other("yellow"))
    s = act(session, {"type": "storm_weather", "target": "yellow", "levels": 20})
    assert balloon(s, "yellow")["out"] and not s["over"]
    return session


def test_an_out_balloons_cards_are_discarded_its_tokens_and_altitude_kept() -> None:
    s = storm_puts_yellow_out().summary().data
    yellow = balloon(s, "yellow")
    assert (yellow["hand"], yellow["in_front"]) == (0, 0)
    assert (yellow["altitude"], yellow["tokens"]) == (
        "medium",
        {"fuel": 11, "gas": 9, "ballast": 7},
    )


@pytest.mark.parametrize(
    "raw",
    [
        luck("yellow", "fire"),
        {"type": "storm_weather", "target": "yellow", "levels": 1},
        {"type": "adjust", "balloon": "yellow", "token": "hand", "delta": 1},
        {"type": "adjust", "balloon": "yellow", "token": "in_front", "delta": 1},
    ],
)
def test_an_out_balloon_takes_no_luck_card_or_correction_of_its_cards(raw: dict) -> None:
    session = storm_puts_yellow_out()
    assert error(session, raw).startswith("The yellow balloon is out of the race")


def test_an_out_balloon_takes_no_critical_measures() -> None:
    session = new(("Ann", "Bo"), {"balloons_per_player": 1, "storm": True,
                                 "critical_measures": True})  # fmt: skip
    act(session, OWN, END, {"type": "altitude", "to": "medium"}, OWN, END)
    act(session, {"type": "place_storm", "balloon": "red", "where": "on"}, other("yellow"))
    act(session, {"type": "storm_weather", "target": "yellow", "levels": 20})
    assert error(session, {"type": "critical_measures", "balloon": "yellow"}) == (
        "The yellow balloon is out of the race"
    )


def test_an_out_balloons_fuel_gas_and_ballast_can_still_be_corrected() -> None:
    session = storm_puts_yellow_out()
    for token in ("fuel", "gas", "ballast"):
        s = act(session, {"type": "adjust", "balloon": "yellow", "token": token, "delta": -1})
    assert balloon(s, "yellow")["tokens"] == {"fuel": 10, "gas": 8, "ballast": 6}


def test_a_swap_takes_no_card_from_an_out_balloon() -> None:
    session = storm_puts_yellow_out()
    act(session, {"type": "advantage", "player": "Ann", "cards": ["repair", "repair"]})
    assert error(session, {"type": "swap_advantage", "card": "repair", "from": "yellow"}) == (
        "The yellow balloon is out of the race"
    )
