"""Balmy Balloonists: every rule of the spec and the rulebooks, through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.errors import ActionFormatError, RuleError, SetupError
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.games import balmy_balloonists as bb
from companion.games import get

RULES = bb.RULES
FOUR = ("Ann", "Bo", "Cy", "Di")


def new(players: Any = FOUR, options: dict | None = None, seed: int = 7) -> Session:
    specs = tuple(PlayerSpec(name=p) if isinstance(p, str) else PlayerSpec(**p) for p in players)
    setup = GameSetup(game=bb.GAME_ID, seed=seed, players=specs, options=options or {})
    return Session(RULES, setup)


def act(session: Session, *actions: dict) -> dict[str, Any]:
    for raw in actions:
        session.apply(RULES.parse_action(raw))
    return session.summary().data


def balloon(summary: dict[str, Any], colour: str) -> dict[str, Any]:
    return next(b for b in summary["table"]["balloons"] if b["colour"] == colour)


def player(summary: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in summary["players"] if p["name"] == name)


def error(session: Session, raw: dict) -> str:
    before = session.summary().data
    with pytest.raises(RuleError) as caught:
        session.apply(RULES.parse_action(raw))
    assert session.summary().data == before
    return str(caught.value)


def own_round(session: Session, altitude: str | None = "low") -> None:
    """Every racing balloon plays a card on itself (and rises), then ends its turn."""
    for _ in range(sum(1 for b in session.state.balloons if b.racing)):
        act(session, {"type": "play_own"})
        if altitude and session.state.active.altitude != altitude:
            act(session, {"type": "altitude", "to": altitude})
        act(session, {"type": "end_turn"})


END = {"type": "end_turn"}
OWN = {"type": "play_own"}


def other(target: str) -> dict:
    return {"type": "play_other", "target": target}


def luck(target: str, card: str, **fields: Any) -> dict:
    return {"type": "bad_luck", "target": target, "card": card, **fields}


# -- setup ------------------------------------------------------


def test_registered():
    assert get("balmy-balloonists") is RULES


def test_four_players_one_balloon_each():
    s = new().summary().data
    assert s["game"] == "balmy-balloonists"
    assert (s["over"], s["round"], s["current"], s["winners"]) == (False, None, "Ann", [])
    assert [b["colour"] for b in s["table"]["balloons"]] == ["red", "yellow", "green", "blue"]
    assert set(s["table"]) == {"balloons", "markers", "current_balloon"}
    assert s["table"]["current_balloon"] == "red"
    assert s["table"]["markers"] == ["green", "blue"]
    assert balloon(s, "green") == {
        "colour": "green",
        "owner": "Cy",
        "altitude": "landed",
        "tokens": {"fuel": 11, "gas": 9, "ballast": 9},
        "hand": 3,
        "in_front": 0,
        "skip_turns": 0,
        "no_own_card_turns": 0,
        "no_rise_next_turn": False,
        "no_forward_next_turn": False,
        "finished": False,
        "out": False,
    }
    assert player(s, "Bo") == {
        "name": "Bo",
        "tokens": {},
        "score": None,
        "rank": None,
        "balloons": ["yellow"],
        "advantage": [],
    }


def test_two_players_fly_two_balloons_first_balloons_then_second():
    s = new(("Ann", "Bo")).summary().data
    rose = [(b["colour"], b["owner"]) for b in s["table"]["balloons"]]
    assert rose == [("red", "Ann"), ("yellow", "Bo"), ("green", "Ann"), ("blue", "Bo")]
    assert player(s, "Ann")["balloons"] == ["red", "green"]
    assert s["table"]["markers"] == ["green", "blue"]


def test_three_players_six_balloons():
    s = new(("Ann", "Bo", "Cy")).summary().data
    owners = [b["owner"] for b in s["table"]["balloons"]]
    assert owners == ["Ann", "Bo", "Cy", "Ann", "Bo", "Cy"]
    assert [b["colour"] for b in s["table"]["balloons"]] == list(bb.PALETTE)
    assert s["table"]["markers"] == ["purple", "white"]


def test_one_balloon_each_with_three_players_by_option():
    s = new(("Ann", "Bo", "Cy"), {"balloons_per_player": 1}).summary().data
    assert len(s["table"]["balloons"]) == 3
    assert s["table"]["markers"] == ["yellow", "green"]


def test_colours_override_and_the_rest_take_the_first_free_palette_colour():
    players = ("Ann", "Bo", {"name": "Cy", "colours": ["white"]}, "Di")
    s = new(players).summary().data
    assert [b["colour"] for b in s["table"]["balloons"]] == ["red", "yellow", "white", "green"]
    two = new(({"name": "Ann", "colours": ["blue", "red"]}, "Bo")).summary().data
    assert [b["colour"] for b in two["table"]["balloons"]] == ["blue", "yellow", "red", "green"]
    one = new(({"name": "Ann", "colours": ["purple"]}, "Bo")).summary().data
    assert [b["colour"] for b in one["table"]["balloons"]] == ["purple", "red", "yellow", "green"]


def test_start_player_and_the_markers_on_the_last_two_before_it():
    s = new(FOUR, {"start": "Cy"}).summary().data
    assert (s["current"], s["table"]["current_balloon"]) == ("Cy", "green")
    assert s["table"]["markers"] == ["red", "yellow"]
    two = new(("Ann", "Bo"), {"start": "Bo"}).summary().data
    assert two["table"]["current_balloon"] == "yellow"
    assert two["table"]["markers"] == ["red", "blue"]


@pytest.mark.parametrize(
    ("players", "options", "text"),
    [
        (("Ann",), {}, "1 given, Balmy Balloonists needs 2 to 6"),
        (tuple("ABCDEFG"), {}, "7 given"),
        (FOUR, {"balloons_per_player": 2}, "makes 8; the wind rose has 6 points"),
        (FOUR, {"balloons_per_player": 3}, "balloons_per_player"),
        (FOUR, {"start": "Eve"}, 'start: "Eve" is not playing'),
        (FOUR, {"weather": True}, 'unknown option "weather"'),
        (({"name": "Ann", "colour": "red"}, "Bo"), {}, 'names "colours"'),
        (({"name": "Ann", "colours": ["pink"]}, "Bo"), {}, '"pink" is not a balloon colour'),
        (({"name": "Ann", "colours": ["red"]}, {"name": "Bo", "colours": ["red"]}), {}, "twice"),
        (({"name": "Ann", "colours": ["red", "red"]}, "Bo"), {}, "twice"),
        (({"name": "Ann", "colours": []}, "Bo"), {}, "one or two"),
        (
            ({"name": "Ann", "colours": ["red", "blue"]}, "Bo", "Cy", "Di"),
            {},
            "Ann flies 1 balloon but names 2 colours",
        ),
    ],
)
def test_setup_errors(players, options, text):
    with pytest.raises(SetupError) as caught:
        new(players, options)
    assert text in str(caught.value)
    if "colour" in text or "twice" in text or "one or two" in text:
        assert caught.value.field == "players"


# -- playing local wind cards --------------------------------------------------------


def test_play_own_moves_a_card_from_hand_to_the_front_once_a_turn():
    session = new()
    s = act(session, OWN)
    assert (balloon(s, "red")["hand"], balloon(s, "red")["in_front"]) == (2, 1)
    assert error(session, OWN) == "Ann has already played a local wind card this turn"
    assert error(session, other("blue")) == "Ann has already played a local wind card this turn"


def test_three_in_front_forces_a_card_onto_a_marked_balloon():
    session = new(("Ann", "Bo"), {"balloons_per_player": 1})
    for _ in range(3):
        act(session, OWN, END, OWN, END)
    s = session.summary().data
    assert balloon(s, "red")["in_front"] == 3
    assert error(session, OWN) == (
        "Ann already has 3 cards in front of the red balloon; "
        "play one from there onto a marked balloon"
    )
    s = act(session, other("yellow"))
    assert balloon(s, "red")["in_front"] == 2


def test_empty_hand_is_an_error():
    session = new()
    act(session, {"type": "adjust", "balloon": "red", "token": "hand", "delta": -3})
    assert error(session, OWN) == "Ann has no local wind card in hand for the red balloon"


def test_play_other_needs_a_card_in_front_and_a_marked_balloon_not_ones_own():
    session = new()
    assert error(session, other("blue")) == "Ann has no card in front of the red balloon"
    own_round(session)
    assert error(session, other("yellow")) == (
        "The yellow balloon has no silver marker; the marked balloons are green and blue"
    )
    assert error(session, other("red")) == (
        "Ann may not play a card from in front onto their own red balloon"
    )
    assert error(session, other("pink")) == "There is no pink balloon in this race"
    s = act(session, other("blue"))
    assert balloon(s, "red")["in_front"] == 0
    assert balloon(s, "blue")["in_front"] == 1  # the card goes to the discard pile


def test_a_marker_moves_counterclockwise_skipping_the_other_marker():
    session = new()
    own_round(session)
    s = act(session, other("blue"))  # blue -> green is marked -> yellow
    assert s["table"]["markers"] == ["yellow", "green"]
    s = act(session, END, other("green"))  # green -> yellow is marked -> red
    assert s["table"]["markers"] == ["red", "yellow"]
    s = act(session, END, other("red"))  # red -> wraps round to blue
    assert s["table"]["markers"] == ["yellow", "blue"]


def test_two_balloons_a_player_never_targets_either_of_their_own():
    session = new(("Ann", "Bo"))
    own_round(session)
    assert session.state.markers == ("green", "blue")
    assert RULES.targets(session.state) == ["blue"]
    assert error(session, other("green")) == (
        "Ann may not play a card from in front onto their own green balloon"
    )


def test_markers_skip_finished_balloons():
    session = new(("Ann", "Bo", "Cy"))  # red yellow green blue purple white
    own_round(session)
    s = act(session, {"type": "cross_finish"})
    assert balloon(s, "red")["finished"] and s["table"]["current_balloon"] == "yellow"
    assert s["table"]["markers"] == ["purple", "white"]
    act(session, other("white"), END)  # white -> purple marked -> blue
    act(session, other("purple"), END)  # purple -> blue marked -> green
    act(session, other("green"), END)  # green -> yellow
    act(session, other("blue"), END)  # blue -> green
    assert session.state.markers == ("yellow", "green")
    s = act(session, other("yellow"))  # yellow -> red finished -> white
    assert s["table"]["markers"] == ["green", "white"]


# -- advantage cards ------------------------------------------------------


def test_advantage_cards_are_recorded_once_per_player():
    session = new()
    s = act(session, {"type": "advantage", "player": "Bo", "cards": ["repair", "repair"]})
    assert player(s, "Bo")["advantage"] == ["repair", "repair"]
    assert error(session, {"type": "advantage", "player": "Bo", "cards": ["repair", "repair"]}) == (
        "The advantage cards of Bo are already recorded"
    )
    assert error(
        session, {"type": "advantage", "player": "Eve", "cards": ["repair", "repair"]}
    ) == ('"Eve" is not playing')
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "advantage", "player": "Ann", "cards": ["repair"]})
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "advantage", "player": "Ann", "cards": ["gold", "repair"]})


def test_friendly_winds_is_discarded():
    session = new()
    assert error(session, {"type": "friendly_winds"}) == "Ann does not hold a Friendly winds card"
    act(session, {"type": "advantage", "player": "Ann", "cards": ["friendly_winds", "repair"]})
    s = act(session, {"type": "friendly_winds"})
    assert player(s, "Ann")["advantage"] == ["repair"]


def test_swap_advantage_after_a_card_takes_one_from_in_front_into_hand():
    session = new()
    act(session, {"type": "advantage", "player": "Ann", "cards": ["repair", "permission_iraq"]})
    swap = {"type": "swap_advantage", "card": "repair", "from": "red"}
    assert error(session, swap) == (
        "Ann may swap an advantage card only after playing a local wind card this turn"
    )
    s = act(session, OWN, swap)
    assert player(s, "Ann")["advantage"] == ["permission_iraq"]
    assert (balloon(s, "red")["hand"], balloon(s, "red")["in_front"]) == (3, 0)
    assert error(session, {**swap, "card": "permission_iraq"}) == (
        "Ann has already swapped an advantage card this turn"
    )
    assert RULES.parse_action(swap).to_json() == swap


def test_swap_advantage_from_another_balloon_and_its_errors():
    session = new()
    own_round(session)
    act(session, {"type": "advantage", "player": "Ann", "cards": ["repair", "friendly_winds"]})
    act(session, other("blue"))
    empty = {"type": "swap_advantage", "card": "repair", "from": "red"}
    assert error(session, empty) == "There is no card in front of the red balloon to take"
    missing = {"type": "swap_advantage", "card": "permission_china", "from": "green"}
    assert error(session, missing) == "Ann does not hold a Permission China card"
    s = act(session, {"type": "swap_advantage", "card": "repair", "from": "green"})
    assert balloon(s, "green")["in_front"] == 0
    assert balloon(s, "red")["hand"] == 4  # a card from in front onto blue left the hand at 3


# -- altitude ------------------------------------------------------


def test_altitude_costs_ballast_up_and_gas_down_once_a_turn():
    session = new()
    s = act(session, {"type": "altitude", "to": "high"})
    assert balloon(s, "red")["altitude"] == "high"
    assert balloon(s, "red")["tokens"] == {"fuel": 11, "gas": 9, "ballast": 6}
    assert error(session, {"type": "altitude", "to": "low"}) == (
        "The red balloon has already changed altitude this turn"
    )
    s = act(session, END, END, END, END, {"type": "altitude", "to": "low"})
    assert balloon(s, "red")["tokens"] == {"fuel": 10, "gas": 7, "ballast": 6}


def test_altitude_errors():
    session = new()
    assert error(session, {"type": "altitude", "to": "landed"}) == (
        "A balloon lands only when the rules say so, never by choice"
    )
    session2 = new()
    act(session2, {"type": "altitude", "to": "low"}, END, END, END, END)
    already = error(session2, {"type": "altitude", "to": "low"})
    assert already == "The red balloon is already at low altitude"
    act(session2, {"type": "adjust", "balloon": "red", "token": "ballast", "delta": -7})
    assert error(session2, {"type": "altitude", "to": "high"}) == (
        "The red balloon needs 2 ballast to rise to high altitude and has 1"
    )
    act(session2, {"type": "altitude", "to": "medium"}, END, END, END, END)
    act(session2, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -9})
    assert error(session2, {"type": "altitude", "to": "low"}) == (
        "The red balloon needs 1 helium to descend to low altitude and has 0"
    )
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "altitude", "to": "space"})


# -- restricted zones and mountains ---------------------------------------------------------


def test_restricted_zone_lands_paying_gas_and_skips_the_next_turn():
    session = new()
    act(session, {"type": "altitude", "to": "medium"})
    s = act(session, {"type": "restricted_zone", "zone": "libya"})
    red = balloon(s, "red")
    assert (red["altitude"], red["tokens"]["gas"], red["skip_turns"]) == ("landed", 7, 1)
    assert error(session, {"type": "restricted_zone", "zone": "iraq"}) == (
        "The red balloon is landed; only a flying balloon can enter a restricted zone "
        "or fly over mountains"
    )
    s = act(session, END, END, END, END)
    assert s["table"]["current_balloon"] == "yellow"  # red was passed over
    assert balloon(s, "red")["skip_turns"] == 0
    assert session.prompts()[0] == bb.M("p_skipped", colour="red", player="Ann")


def test_restricted_zone_gas_runs_short_the_balloon_lands_anyway():
    session = new()
    act(session, {"type": "altitude", "to": "high"})
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -8})
    s = act(session, {"type": "restricted_zone", "zone": "china"})
    assert (balloon(s, "red")["altitude"], balloon(s, "red")["tokens"]["gas"]) == ("landed", 0)


def test_permission_lets_a_balloon_through_but_none_exists_for_area51():
    session = new()
    act(session, {"type": "advantage", "player": "Ann", "cards": ["permission_iraq", "repair"]})
    act(session, {"type": "altitude", "to": "low"})
    s = act(session, {"type": "restricted_zone", "zone": "iraq"})
    assert balloon(s, "red")["altitude"] == "low"
    s = act(session, {"type": "restricted_zone", "zone": "area51"})
    assert (balloon(s, "red")["altitude"], balloon(s, "red")["skip_turns"]) == ("landed", 1)
    assert player(s, "Ann")["advantage"] == ["permission_iraq", "repair"]


def test_a_zone_or_mountain_for_another_balloon_needs_this_turns_card_on_it():
    session = new()
    own_round(session)
    zone = {"type": "restricted_zone", "zone": "sakhalin", "target": "blue"}
    assert error(session, zone) == "No card moved the blue balloon this turn"
    s = act(session, other("blue"), zone)
    assert (balloon(s, "blue")["altitude"], balloon(s, "blue")["skip_turns"]) == ("landed", 1)
    assert balloon(s, "blue")["tokens"]["gas"] == 8
    assert error(session, {"type": "mountain", "kind": "brown", "target": "green"}) == (
        "No card moved the green balloon this turn"
    )


@pytest.mark.parametrize(
    ("altitude", "kind", "lands"),
    [
        ("low", "brown", True),
        ("medium", "brown", False),
        ("high", "brown", False),
        ("low", "white", True),
        ("medium", "white", True),
        ("high", "white", False),
    ],
)
def test_mountains(altitude, kind, lands):
    session = new()
    s = act(session, {"type": "altitude", "to": altitude}, {"type": "mountain", "kind": kind})
    red = balloon(s, "red")
    assert (red["altitude"] == "landed", red["skip_turns"]) == (lands, 1 if lands else 0)
    assert red["tokens"]["gas"] == 9  # a mountain takes no helium


def test_mountain_on_a_landed_balloon_is_an_error():
    session = new()
    assert "is landed" in error(session, {"type": "mountain", "kind": "white"})


# -- luck cards ------------------------------------------------------


def luck_on_red(card: str, altitude: str = "medium", advantage=None, **fields: Any) -> Session:
    """Ann plays a card on her own red balloon at `altitude` and draws bad luck."""
    session = new()
    if advantage:
        act(session, {"type": "advantage", "player": "Ann", "cards": advantage})
    if altitude != "landed":
        act(session, {"type": "altitude", "to": altitude})
    act(session, OWN, luck("red", card, **fields))
    return session


def red_of(session: Session) -> dict[str, Any]:
    return balloon(session.summary().data, "red")


def test_envelope_torn_costs_three_gas_never_below_zero():
    assert red_of(luck_on_red("envelope_torn"))["tokens"]["gas"] == 6
    session = new()
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -7}, OWN)
    s = act(session, luck("red", "envelope_torn"))
    assert balloon(s, "red")["tokens"]["gas"] == 0


def test_solar_panels_lost_costs_two_fuel_never_below_zero():
    assert red_of(luck_on_red("solar_panels_lost"))["tokens"]["fuel"] == 9
    session = new()
    act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -10}, OWN)
    assert balloon(act(session, luck("red", "solar_panels_lost")), "red")["tokens"]["fuel"] == 0


def test_comm_problems_and_fire():
    assert red_of(luck_on_red("comm_problems"))["no_own_card_turns"] == 1
    assert red_of(luck_on_red("comm_problems", "landed"))["no_own_card_turns"] == 1
    assert red_of(luck_on_red("fire"))["no_own_card_turns"] == 1
    assert red_of(luck_on_red("fire", "landed"))["no_own_card_turns"] == 0


@pytest.mark.parametrize("card", ["comm_problems", "envelope_torn", "fire", "burner_problems"])
def test_repair_cancels_four_luck_cards(card):
    session = luck_on_red(card, "high", ["repair", "friendly_winds"], repaired=True)
    red = red_of(session)
    assert red["tokens"] == {"fuel": 11, "gas": 9, "ballast": 6}
    assert (red["altitude"], red["no_own_card_turns"], red["no_rise_next_turn"]) == (
        "high",
        0,
        False,
    )
    assert player(session.summary().data, "Ann")["advantage"] == ["friendly_winds"]


@pytest.mark.parametrize(
    ("card", "fields"),
    [
        ("solar_panels_lost", {}),
        ("busy_airspace", {}),
        ("permission_revoked", {"permission": "permission_iraq"}),
        ("bad_weather", {"levels": 1}),
    ],
)
def test_repair_on_another_card_is_an_error(card, fields):
    session = new()
    act(session, {"type": "advantage", "player": "Ann", "cards": ["repair", "permission_iraq"]})
    act(session, OWN)
    assert error(session, luck("red", card, repaired=True, **fields)) == (
        "A repair card cancels only communication problems, a torn envelope, fire or "
        "burner problems"
    )


def test_repair_without_a_repair_card_is_an_error():
    session = new()
    act(session, OWN)
    assert error(session, luck("red", "fire", repaired=True)) == "Ann holds no repair card"


def test_repair_discards_the_target_owners_card():
    session = new()
    own_round(session)
    act(session, {"type": "advantage", "player": "Di", "cards": ["repair", "repair"]})
    s = act(session, other("blue"), luck("blue", "envelope_torn", repaired=True))
    assert player(s, "Di")["advantage"] == ["repair"]
    assert balloon(s, "blue")["tokens"]["gas"] == 9


@pytest.mark.parametrize(
    ("altitude", "gas_after", "altitude_after"),
    [("high", 7, "low"), ("medium", 8, "low"), ("low", 9, "low"), ("landed", 9, "landed")],
)
def test_busy_airspace_down_to_low_paying_gas_and_no_rise(altitude, gas_after, altitude_after):
    session = new()
    if altitude != "landed":
        act(session, {"type": "altitude", "to": altitude})
    act(session, OWN, luck("red", "busy_airspace"))
    red = red_of(session)
    assert (red["altitude"], red["tokens"]["gas"], red["no_rise_next_turn"]) == (
        altitude_after,
        gas_after,
        True,
    )


def test_busy_airspace_over_mountains_does_nothing():
    red = red_of(luck_on_red("busy_airspace", "high", over_mountains=True))
    assert (red["altitude"], red["tokens"]["gas"], red["no_rise_next_turn"]) == ("high", 9, False)


def test_busy_airspace_descends_even_when_gas_runs_short():
    session = new()
    act(session, {"type": "altitude", "to": "high"})
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -8}, OWN)
    s = act(session, luck("red", "busy_airspace"))
    assert (balloon(s, "red")["altitude"], balloon(s, "red")["tokens"]["gas"]) == ("low", 0)


def test_burner_problems():
    red = red_of(luck_on_red("burner_problems", "high"))
    assert (red["altitude"], red["tokens"]["gas"], red["skip_turns"]) == ("low", 7, 0)
    assert red["no_rise_next_turn"]
    red = red_of(luck_on_red("burner_problems", "high", over_mountains=True))
    assert (red["altitude"], red["tokens"]["gas"], red["skip_turns"]) == ("landed", 6, 1)


def test_permission_revoked():
    session = luck_on_red(
        "permission_revoked", "low", ["permission_china", "repair"], permission="permission_china"
    )
    assert player(session.summary().data, "Ann")["advantage"] == ["repair"]
    session = new()
    act(session, OWN)
    assert error(session, luck("red", "permission_revoked", permission="permission_libya")) == (
        "Ann does not hold a Permission Libya card"
    )
    assert error(session, luck("red", "permission_revoked")) == (
        "Permission revoked needs the permission it takes away"
    )


def test_fields_of_another_luck_card_are_an_error():
    session = new()
    act(session, OWN)
    assert error(session, luck("red", "fire", levels=2)) == (
        '"levels" belongs to Bad weather, not to Fire'
    )


def test_bad_weather_within_the_altitudes():
    red = red_of(luck_on_red("bad_weather", "low", levels=2))
    assert (red["altitude"], red["tokens"]) == ("high", {"fuel": 11, "gas": 9, "ballast": 8})
    red = red_of(luck_on_red("bad_weather", "high", levels=-1, backward=True))
    assert (red["altitude"], red["no_forward_next_turn"]) == ("medium", True)


def test_bad_weather_on_a_landed_balloon_has_no_effect():
    red = red_of(luck_on_red("bad_weather", "landed", levels=2, backward=True))
    assert red == balloon(new().summary().data, "red") | {"hand": 2, "in_front": 1}


def test_bad_weather_above_high_costs_two_gas_a_level_then_fuel_then_the_race():
    red = red_of(luck_on_red("bad_weather", "medium", levels=3))  # two levels over high
    assert (red["altitude"], red["tokens"]["gas"], red["tokens"]["fuel"]) == ("high", 5, 11)
    session = new()
    act(session, {"type": "altitude", "to": "high"}, OWN)
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -8})
    s = act(session, luck("red", "bad_weather", levels=1))
    assert balloon(s, "red")["tokens"] == {"fuel": 10, "gas": 0, "ballast": 6}
    assert not balloon(s, "red")["out"]


def test_bad_weather_above_high_without_enough_tokens_is_out_of_the_race():
    session = new()
    act(session, {"type": "altitude", "to": "high"}, OWN)
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -8})
    act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -11})
    s = act(session, luck("red", "bad_weather", levels=1))
    red = balloon(s, "red")
    assert red["out"] and red["tokens"] == {"fuel": 0, "gas": 1, "ballast": 6}
    assert (s["current"], s["table"]["current_balloon"]) == ("Bo", "yellow")
    assert not s["over"]


def test_bad_weather_below_low_costs_two_ballast_a_level_else_lands_and_skips():
    red = red_of(luck_on_red("bad_weather", "low", levels=-2))
    assert (red["altitude"], red["tokens"]["ballast"], red["skip_turns"]) == ("low", 4, 0)
    session = new()
    act(session, {"type": "altitude", "to": "low"}, OWN)
    act(session, {"type": "adjust", "balloon": "red", "token": "ballast", "delta": -7})
    s = act(session, luck("red", "bad_weather", levels=-1))
    red = balloon(s, "red")
    assert (red["altitude"], red["tokens"]["ballast"], red["skip_turns"]) == ("landed", 1, 1)


def test_bad_luck_is_the_cards_question_mark_once_and_on_the_balloon_it_hit():
    session = new()
    assert error(session, luck("red", "fire")) == (
        'Bad luck comes from the "?" of the card just played; no card was played this turn'
    )
    own_round(session)
    act(session, other("blue"))
    assert error(session, luck("red", "fire")) == (
        "The card was played on the blue balloon, not on red"
    )
    act(session, luck("blue", "fire"))
    assert error(session, luck("blue", "fire")) == "This card has already brought bad luck"


def test_bad_luck_on_another_balloon():
    session = new()
    own_round(session)
    s = act(session, other("green"), luck("green", "solar_panels_lost"))
    assert balloon(s, "green")["tokens"]["fuel"] == 9


# -- restrictions ------------------------------------------------------


def test_a_restriction_received_in_a_turn_covers_the_next_turn_only():
    session = new()
    act(session, {"type": "altitude", "to": "high"}, OWN, luck("red", "busy_airspace"))
    assert red_of(session)["no_rise_next_turn"]
    s = act(session, END)
    assert balloon(s, "red")["no_rise_next_turn"]  # still waiting for red's next turn
    act(session, END, END, END)
    assert RULES.restrictions(session.state) == [bb.M("r_no_rise_now", colour="red")]
    assert error(session, {"type": "altitude", "to": "medium"}) == (
        "The red balloon may not rise this turn"
    )
    assert red_of(session)["no_rise_next_turn"]  # shown while the turn it covers runs
    s = act(session, END)
    assert not balloon(s, "red")["no_rise_next_turn"]
    act(session, END, END, END, {"type": "altitude", "to": "medium"})


def test_a_restriction_received_during_the_own_turn_does_not_block_the_rest_of_it():
    session = new()
    act(session, OWN, luck("red", "busy_airspace"))
    s = act(session, {"type": "altitude", "to": "medium"})
    assert balloon(s, "red")["altitude"] == "medium"
    assert RULES.restrictions(session.state) == [bb.M("r_no_rise_next", colour="red")]


def test_no_own_card_counts_turns_of_the_balloon_it_hit():
    session = new()
    act(session, OWN, luck("red", "comm_problems"), END)
    assert red_of(session)["no_own_card_turns"] == 1
    act(session, END, END, END)
    assert error(session, OWN) == "Ann may not play a card on the red balloon this turn"
    assert red_of(session)["no_own_card_turns"] == 1
    act(session, END, END, END, END)
    assert red_of(session)["no_own_card_turns"] == 0
    act(session, OWN)


def test_communication_problems_and_fire_add_up_to_two_turns():
    session = new()
    own_round(session)
    act(session, OWN, luck("red", "comm_problems"), END)  # red: 1 for its next turn
    act(session, other("blue"), END)  # markers: yellow, green
    act(session, other("yellow"), END)  # yellow -> red: markers green, red
    assert session.state.markers == ("red", "green")
    s = act(session, other("red"), luck("red", "fire"), END)
    assert balloon(s, "red")["no_own_card_turns"] == 2
    assert error(session, OWN) == "Ann may not play a card on the red balloon this turn"
    act(session, END, END, END, END)
    assert error(session, OWN) == "Ann may not play a card on the red balloon this turn"
    act(session, END, END, END, END)
    act(session, OWN)
    assert red_of(session)["no_own_card_turns"] == 0


def test_a_skipped_turn_still_uses_up_the_other_restrictions():
    session = new()
    own_round(session)
    act(session, END, END, END)  # blue's turn
    act(session, OWN, luck("blue", "comm_problems"), END)  # blue: no own card next turn
    act(session, other("blue"), {"type": "restricted_zone", "zone": "area51", "target": "blue"})
    s = session.summary().data
    assert (balloon(s, "blue")["skip_turns"], balloon(s, "blue")["no_own_card_turns"]) == (1, 1)
    s = act(session, END, END, END)  # blue is passed over
    assert s["table"]["current_balloon"] == "red"
    assert (balloon(s, "blue")["skip_turns"], balloon(s, "blue")["no_own_card_turns"]) == (0, 0)
    act(session, END, END, END, OWN)  # blue may play its own card again


def test_a_skipped_turn_uses_up_no_rise():
    session = new()
    act(session, {"type": "altitude", "to": "high"}, OWN)
    act(session, luck("red", "burner_problems", over_mountains=True))
    assert red_of(session)["no_rise_next_turn"]
    s = act(session, END, END, END, END)
    assert s["table"]["current_balloon"] == "yellow"
    assert not balloon(s, "red")["no_rise_next_turn"]  # used up by the skipped turn


def test_skips_add_up():
    session = new(("Ann", "Bo"), {"balloons_per_player": 1})
    own_round(session)
    act(session, {"type": "restricted_zone", "zone": "libya"}, END)
    s = act(session, other("red"), luck("red", "burner_problems", over_mountains=True))
    assert balloon(s, "red")["skip_turns"] == 2
    s = act(session, END)
    assert (s["table"]["current_balloon"], balloon(s, "red")["skip_turns"]) == ("yellow", 1)
    assert session.state.turn.skipped == ("red",)
    s = act(session, END)
    assert (s["table"]["current_balloon"], balloon(s, "red")["skip_turns"]) == ("yellow", 0)
    assert act(session, END)["table"]["current_balloon"] == "red"


def test_every_balloon_skipping_the_turn_comes_back_round():
    session = new(("Ann", "Bo"), {"balloons_per_player": 1})
    act(session, {"type": "altitude", "to": "low"}, {"type": "mountain", "kind": "white"}, END)
    act(session, {"type": "altitude", "to": "low"}, {"type": "mountain", "kind": "white"})
    s = act(session, END)
    assert s["table"]["current_balloon"] == "red"
    assert [b["skip_turns"] for b in s["table"]["balloons"]] == [0, 0]
    assert session.state.turn.skipped == ("red", "yellow")


# -- upkeep ------------------------------------------------------


def test_upkeep_at_high_pays_fuel_or_sinks_to_medium():
    session = new()
    s = act(session, {"type": "altitude", "to": "high"}, END)
    assert (balloon(s, "red")["altitude"], balloon(s, "red")["tokens"]["fuel"]) == ("high", 10)
    session = new()
    act(session, {"type": "altitude", "to": "high"})
    act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -11})
    s = act(session, END)
    assert (balloon(s, "red")["altitude"], balloon(s, "red")["tokens"]["fuel"]) == ("medium", 0)


def test_upkeep_without_gas_pays_fuel_or_sinks_one_level():
    session = new()
    act(session, {"type": "altitude", "to": "high"})
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -9})
    s = act(session, END)
    assert (balloon(s, "red")["altitude"], balloon(s, "red")["tokens"]["fuel"]) == ("high", 9)
    session = new()
    act(session, {"type": "altitude", "to": "high"})
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -9})
    act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -11})
    s = act(session, END)  # high: no fuel -> medium; no gas, no fuel -> low
    assert balloon(s, "red")["altitude"] == "low"
    session = new()
    act(session, {"type": "altitude", "to": "high"})
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -9})
    act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -10})
    s = act(session, END)  # high: the last fuel; then no gas and no fuel -> medium
    assert (balloon(s, "red")["altitude"], balloon(s, "red")["tokens"]["fuel"]) == ("medium", 0)


def test_upkeep_a_landed_balloon_without_gas_pays_fuel_and_stays_landed():
    session = new()
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -9})
    s = act(session, END)
    assert (balloon(s, "red")["altitude"], balloon(s, "red")["tokens"]["fuel"]) == ("landed", 10)
    session = new()
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -9})
    act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -11})
    assert balloon(act(session, END), "red")["altitude"] == "landed"


def test_upkeep_draws_with_exactly_two_in_hand():
    session = new()
    s = act(session, OWN, END)
    assert balloon(s, "red")["hand"] == 3
    session = new()
    s = act(session, END)
    assert balloon(s, "red")["hand"] == 3  # three in hand: no draw
    act(session, {"type": "adjust", "balloon": "yellow", "token": "hand", "delta": -2})
    assert balloon(act(session, END), "yellow")["hand"] == 1  # one in hand: no draw either


def test_no_upkeep_for_a_skipped_turn():
    session = new()
    act(session, {"type": "altitude", "to": "high"})
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -6})
    act(session, {"type": "restricted_zone", "zone": "area51"})  # the last 3 helium
    s = act(session, END)  # no helium: 1 fuel
    assert (balloon(s, "red")["tokens"]["fuel"], balloon(s, "red")["skip_turns"]) == (10, 1)
    s = act(session, END, END, END)  # red is passed over: no upkeep
    assert (s["table"]["current_balloon"], balloon(s, "red")["tokens"]["fuel"]) == ("yellow", 10)
    s = act(session, END, END, END, END)  # red's own turn again
    assert balloon(s, "red")["tokens"]["fuel"] == 9


# -- the finish ------------------------------------------------------


def test_crossing_the_finish_wins_the_race():
    session = new()
    act(session, {"type": "advantage", "player": "Ann", "cards": ["repair", "repair"]})
    s = act(session, {"type": "altitude", "to": "low"}, OWN, {"type": "cross_finish"})
    assert (s["over"], s["current"], s["winners"]) == (True, None, ["Ann"])
    assert s["table"]["current_balloon"] is None
    assert [p["rank"] for p in s["players"]] == [1, 2, 2, 2]
    red = balloon(s, "red")
    assert (red["finished"], red["hand"], red["in_front"]) == (True, 0, 0)
    assert error(session, END) == "The race is over: only corrections are left"
    s = act(session, {"type": "adjust", "balloon": "blue", "token": "fuel", "delta": -1})
    assert balloon(s, "blue")["tokens"]["fuel"] == 10
    assert session.prompts() == [bb.M("p_winner", player="Ann")]


def test_a_landed_balloon_cannot_cross_the_finish():
    session = new()
    assert error(session, {"type": "cross_finish"}) == (
        "The red balloon is landed; it must fly over the start line"
    )


def test_two_players_win_with_both_balloons():
    session = new(("Ann", "Bo"))
    own_round(session)
    s = act(session, {"type": "cross_finish"})
    assert not s["over"] and s["table"]["current_balloon"] == "yellow"
    assert balloon(s, "red")["finished"]
    s = act(session, END, {"type": "cross_finish"})
    assert (s["over"], s["winners"]) == (True, ["Ann"])
    assert [p["rank"] for p in s["players"]] == [1, 2]


def test_the_second_balloon_of_the_other_player_finishing_first_does_not_win():
    session = new(("Ann", "Bo"))
    own_round(session)
    act(session, END, {"type": "cross_finish"})  # Bo's yellow
    s = act(session, {"type": "cross_finish"})  # Ann's green
    assert not s["over"] and s["table"]["current_balloon"] == "blue"
    s = act(session, {"type": "cross_finish"})
    assert (s["over"], s["winners"]) == (True, ["Bo"])


def test_a_marker_on_a_finished_balloon_moves_on():
    session = new(("Ann", "Bo"))
    own_round(session)
    act(session, END, END)  # green's turn; markers green, blue
    s = act(session, {"type": "cross_finish"})
    assert s["table"]["markers"] == ["yellow", "blue"]  # green -> yellow


def test_a_marker_on_a_balloon_out_of_the_race_moves_on():
    session = new()
    act(session, END, END, END)  # blue's turn; markers green, blue
    act(session, {"type": "altitude", "to": "high"}, OWN)
    act(session, {"type": "adjust", "balloon": "blue", "token": "gas", "delta": -9})
    act(session, {"type": "adjust", "balloon": "blue", "token": "fuel", "delta": -11})
    s = act(session, luck("blue", "bad_weather", levels=1))
    assert balloon(s, "blue")["out"]
    assert s["table"]["markers"] == ["yellow", "green"]
    assert s["table"]["current_balloon"] == "red"


def test_no_winner_when_every_balloon_is_out():
    session = new(("Ann", "Bo"), {"balloons_per_player": 1})
    for colour in ("red", "yellow"):
        act(session, {"type": "altitude", "to": "high"}, OWN)
        act(session, {"type": "adjust", "balloon": colour, "token": "gas", "delta": -9})
        act(session, {"type": "adjust", "balloon": colour, "token": "fuel", "delta": -11})
        act(session, luck(colour, "bad_weather", levels=2))
    s = session.summary().data
    assert (s["over"], s["winners"], s["current"]) == (True, [], None)
    assert s["table"]["markers"] == ["red", "yellow"]
    assert [p["rank"] for p in s["players"]] == [None, None]  # no winner: every rank null
    assert session.prompts() == [bb.M("p_no_winner")]


# -- adjust ------------------------------------------------------


def test_adjust_names_a_balloon_and_keeps_within_the_box():
    session = new()
    s = act(session, {"type": "adjust", "balloon": "green", "token": "ballast", "delta": 3})
    assert balloon(s, "green")["tokens"]["ballast"] == 12
    assert error(session, {"type": "adjust", "balloon": "green", "token": "gas", "delta": -10}) == (
        "The green balloon would have -1 helium"
    )
    assert error(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": 23}) == (
        "There are only 66 fuel tokens in the game"
    )
    assert error(session, {"type": "adjust", "balloon": "red", "token": "mail", "delta": 1}) == (
        '"mail" is not a token in Balmy Balloonists ("fuel", "gas", "ballast"; and the cards: '
        '"hand", "in_front")'
    )
    assert error(session, {"type": "adjust", "balloon": "pink", "token": "gas", "delta": 1}) == (
        "There is no pink balloon in this race"
    )
    assert error(
        session, {"type": "adjust", "balloon": "red", "token": "in_front", "delta": 4}
    ) == ("The red balloon can have at most 3 cards in front")
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "adjust", "player": "Ann", "token": "gas", "delta": 1})
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "adjust", "balloon": "red", "token": "gas", "delta": 0})


def test_unknown_actions_and_fields():
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "release"})
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "play_own", "target": "red"})
    with pytest.raises(ActionFormatError):
        RULES.parse_action({"type": "bad_luck", "target": "red", "card": "meteor"})
    assert RULES.parse_action({"type": "end_turn", "at": "2024-05-01T20:00:00Z"})


# -- variants ------------------------------------------------------


def test_fair_weather_is_setup_only():
    session = new(FOUR, {"fair_weather": True})
    assert bb.M("p_fair_weather") in session.prompts()
    plain = new()
    assert session.summary().data == plain.summary().data
    act(session, END)
    assert bb.M("p_fair_weather") not in session.prompts()


def test_critical_measures_combine_a_card_from_in_front_and_are_recorded():
    session = new(FOUR, {"critical_measures": True})
    own_round(session)
    critical = {"type": "critical_measures", "balloon": "blue"}
    assert error(session, critical) == (
        "Critical measures answer a card another player played on the blue balloon this turn"
    )
    s = act(session, other("blue"), critical)
    assert balloon(s, "blue")["in_front"] == 0
    assert RULES.critical_measures_log(session.state) == (
        bb.CriticalMeasure(turn=5, balloon="blue", against="red"),
    )
    assert error(session, critical) == "Critical measures were already taken against this card"
    assert error(session, luck("blue", "fire")) == (
        'This card was combined under critical measures; its "?" is used up'
    )
    assert error(new(), critical) == "This game is played without the Critical measures variant"


def test_the_storm_is_placed_once_and_moved_by_cards_played_on_it():
    session = new(FOUR, {"storm": True})
    own_round(session)
    assert error(session, {"type": "play_storm"}) == "The storm is not on the board yet"
    s = act(session, {"type": "place_storm", "balloon": "green", "where": "below"})
    assert error(session, {"type": "place_storm", "balloon": "red", "where": "on"}) == (
        "The storm is already on the board"
    )
    s = act(session, {"type": "play_storm"})
    assert balloon(s, "red")["in_front"] == 0
    assert s["table"]["markers"] == ["green", "blue"]  # no marker moves
    assert error(session, luck("red", "fire")) == (
        "The card was played on the storm; it cannot bring bad luck"
    )
    assert error(session, other("blue")) == "Ann has already played a local wind card this turn"
    s = act(session, {"type": "storm_weather", "target": "blue", "levels": -1, "backward": True})
    assert balloon(s, "blue")["tokens"]["ballast"] == 6  # low -> below low: 2 ballast
    assert balloon(s, "blue")["no_forward_next_turn"]
    storm = RULES.storm_record(session.state)
    assert storm == bb.Storm(
        placed_by="green", where="below", turn=5, moves=(bb.StormMove(turn=5, balloon="red"),)
    )
    assert error(new(), {"type": "play_storm"}) == "This game is played without the Storm variant"


# -- help for the screen ------------------------------------------------------


def test_altitude_choices_and_their_cost():
    session = new()
    assert RULES.altitude_choices(session.state) == [
        bb.AltitudeChoice("low", "ballast", 1),
        bb.AltitudeChoice("medium", "ballast", 2),
        bb.AltitudeChoice("high", "ballast", 3),
    ]
    act(session, {"type": "altitude", "to": "medium"})
    assert RULES.altitude_choices(session.state) == []
    act(session, END, END, END, END)
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -8})
    assert RULES.altitude_choices(session.state) == [
        bb.AltitudeChoice("low", "gas", 1),
        bb.AltitudeChoice("high", "ballast", 1),
    ]


def test_targets_and_advantage_help():
    session = new()
    assert RULES.targets(session.state) == []
    assert RULES.can_play_own(session.state)
    own_round(session)
    assert RULES.targets(session.state) == ["green", "blue"]
    act(session, {"type": "advantage", "player": "Ann", "cards": ["friendly_winds", "repair"]})
    assert RULES.usable_advantage(session.state) == [
        bb.AdvantageUse("friendly_winds", "friendly_winds")
    ]
    act(session, other("green"))
    assert not RULES.can_play_own(session.state)
    assert RULES.usable_advantage(session.state) == [
        bb.AdvantageUse("friendly_winds", "friendly_winds"),
        bb.AdvantageUse("friendly_winds", "swap_advantage"),
        bb.AdvantageUse("repair", "swap_advantage"),
    ]
    assert RULES.swap_sources(session.state) == ["yellow", "green", "blue"]


def test_checklist_has_six_steps_with_the_current_one():
    session = new()
    steps = RULES.checklist(session.state)
    assert [s.number for s in steps] == [1, 2, 3, 4, 5, 6]
    assert [s.status for s in steps] == ["current", "todo", "todo", "todo", "todo", "todo"]
    assert RULES.current_step(session.state) == 1
    act(session, OWN)
    assert RULES.current_step(session.state) == 2
    act(session, {"type": "altitude", "to": "high"})
    steps = RULES.checklist(session.state)
    assert [s.status for s in steps] == ["done", "done", "current", "todo", "todo", "todo"]
    assert steps[3].message == bb.M("p_step4_pay", mark="·", colour="red")
    assert steps[5].message == bb.M("p_step6_draw", mark="·")
    assert str(steps[0].message).startswith("✓ 1. Play one local wind card")


def test_checklist_leaves_the_card_open_when_the_altitude_came_first():
    session = new()
    act(session, {"type": "altitude", "to": "low"})
    steps = RULES.checklist(session.state)
    assert [s.status for s in steps] == ["todo", "done", "current", "todo", "todo", "todo"]
    act(session, {"type": "end_turn"}, {"type": "altitude", "to": "medium"})
    act(session, {"type": "mountain", "kind": "brown"})  # high enough: it flies on
    assert RULES.checklist(session.state)[2].status == "current"
    assert RULES.current_step(session.state) == 3


def test_a_balloon_that_landed_in_its_turn_has_flown_its_last():
    """Landed in a restricted zone, at mountains or by bad luck, the current balloon
    flies no more this turn: the flight is done and the end of the turn is next, not
    "fly the balloon"."""
    session = new()
    act(session, OWN, {"type": "altitude", "to": "low"})
    act(session, {"type": "restricted_zone", "zone": "area51"})
    assert RULES.current_step(session.state) == 4
    statuses = [s.status for s in RULES.checklist(session.state)]
    assert statuses == ["done", "done", "done", "current", "todo", "todo"]
    act(session, END)
    assert RULES.current_step(session.state) == 1  # the next balloon starts landed
    act(session, {"type": "altitude", "to": "low"}, {"type": "mountain", "kind": "white"})
    assert RULES.current_step(session.state) == 4
    act(session, END, {"type": "altitude", "to": "low"}, OWN)
    assert RULES.current_step(session.state) == 3
    act(session, luck("green", "burner_problems", over_mountains=True))
    assert RULES.current_step(session.state) == 4  # landed by its own card's "?"


def test_prompts_explain_the_restrictions_for_this_turn():
    session = new()
    act(session, OWN, luck("red", "comm_problems"), END, END, END, END)
    prompts = [str(m) for m in session.prompts()]
    assert "Ann: the red balloon's turn" in prompts
    assert "Ann may not play a card on the red balloon this turn" in prompts
    assert any(p.startswith("▶ 1.") for p in prompts)
    other_view = RULES.restrictions(session.state, "red")
    assert other_view == [bb.M("r_no_own_now", player="Ann", colour="red")]
    assert RULES.restrictions(session.state, "blue") == []


def test_undo_restores_the_state():
    session = new()
    own_round(session)
    before = session.summary().data
    act(session, other("blue"), luck("blue", "bad_weather", levels=1))
    session.undo()
    session.undo()
    assert session.summary().data == before


# -- readings where the spec is silent ------------------------------------------------


def test_luck_with_no_effect_still_uses_up_the_question_mark():
    session = luck_on_red("fire", "landed")
    assert error(session, luck("red", "comm_problems")) == "This card has already brought bad luck"


def test_a_balloon_out_of_the_race_has_its_cards_discarded_and_gives_none_to_a_swap():
    session = new()
    act(session, OWN, END, END, END, END)  # red has a card in front
    act(session, {"type": "advantage", "player": "Bo", "cards": ["repair", "repair"]})
    act(session, {"type": "altitude", "to": "high"})  # red again
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -9})
    act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -11})
    s = act(session, OWN, luck("red", "bad_weather", levels=1))
    assert balloon(s, "red")["out"]
    assert (balloon(s, "red")["hand"], balloon(s, "red")["in_front"]) == (0, 0)
    act(session, OWN)
    swap = {"type": "swap_advantage", "card": "repair", "from": "red"}
    assert error(session, swap) == "The red balloon is out of the race"


def test_no_winner_when_the_only_finished_balloon_belongs_to_a_player_who_cannot_win():
    session = new(("Ann", "Bo"))
    own_round(session)
    act(session, {"type": "cross_finish"})  # Ann's red finishes; yellow's turn
    for colour in ("yellow", "green", "blue"):
        assert session.state.active.colour == colour
        act(session, {"type": "altitude", "to": "high"}, OWN)
        act(session, {"type": "adjust", "balloon": colour, "token": "gas", "delta": -9})
        act(session, {"type": "adjust", "balloon": colour, "token": "fuel", "delta": -11})
        act(session, luck(colour, "bad_weather", levels=1))
    s = session.summary().data
    assert (s["over"], s["winners"], [p["rank"] for p in s["players"]]) == (True, [], [None] * 2)
