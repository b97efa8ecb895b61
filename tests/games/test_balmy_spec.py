"""Balmy Balloonists: the sentences of the game file contract that settle readings
(variants, the end of a finishing balloon's turn, bad-weather defaults, corrections
of the card counts), each checked through the engine."""

from __future__ import annotations

from companion.games import balmy_balloonists as bb
from tests.games.test_balmy_rules import END, OWN, act, balloon, error, luck, new, other

COMM = "comm_problems"


def test_the_variants_default_to_off_and_their_actions_say_so():
    options = bb.RULES.parse_options({}, new().setup.players)
    assert (options.fair_weather, options.critical_measures, options.storm) == (
        False,
        False,
        False,
    )
    session = new()
    act(session, OWN)
    assert error(session, {"type": "critical_measures", "balloon": "red"}) == (
        "This game is played without the Critical measures variant"
    )
    assert error(session, {"type": "place_storm", "balloon": "red", "where": "on"}) == (
        "This game is played without the Storm variant"
    )
    assert error(session, {"type": "storm_weather", "target": "red"}) == (
        "This game is played without the Storm variant"
    )


def test_critical_measures_are_not_taken_after_the_cards_bad_luck():
    session = new(options={"critical_measures": True})
    act(session, OWN, END, END, END, OWN, END)  # red and blue have a card in front
    act(session, other("blue"), luck("blue", "solar_panels_lost"))
    assert error(session, {"type": "critical_measures", "balloon": "blue"}) == (
        "The card brought bad luck instead of a move; there is no move to combine"
    )


def test_bad_weather_without_fields_changes_the_lane_only_and_uses_the_question_mark():
    session = new()
    act(session, {"type": "altitude", "to": "medium"}, OWN)
    before = balloon(session.summary().data, "red")
    s = act(session, luck("red", "bad_weather"))
    assert balloon(s, "red") == before
    assert error(session, luck("red", "bad_weather", levels=1)) == (
        "This card has already brought bad luck"
    )


def test_a_finishing_balloon_ends_its_turn_at_once_without_upkeep():
    session = new(("Ann", "Bo"))  # Ann's green balloon still races after red
    act(session, {"type": "altitude", "to": "high"}, OWN, luck("red", COMM))
    assert balloon(session.summary().data, "red")["no_own_card_turns"] == 1
    s = act(session, {"type": "cross_finish"})
    red = balloon(s, "red")
    assert red["finished"] and red["tokens"]["fuel"] == 11  # no fuel paid at high
    assert red["no_own_card_turns"] == 1  # kept as it was: no count-down either
    assert (s["current"], s["table"]["current_balloon"]) == ("Bo", "yellow")
    assert session.state.turn == bb.Turn(number=2)


def test_a_balloon_going_out_in_its_own_turn_passes_the_turn_at_once():
    session = new(options={"storm": True})
    act(session, {"type": "place_storm", "balloon": "red", "where": "on"})
    act(session, {"type": "altitude", "to": "high"}, OWN)
    act(session, {"type": "adjust", "balloon": "red", "token": "gas", "delta": -9})
    act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -11})
    s = act(session, {"type": "storm_weather", "target": "red", "levels": 1})
    assert balloon(s, "red")["out"] and balloon(s, "red")["altitude"] == "high"
    assert (s["current"], s["table"]["current_balloon"]) == ("Bo", "yellow")


def test_storm_weather_on_a_landed_balloon_has_no_effect():
    session = new(options={"storm": True})
    act(session, {"type": "place_storm", "balloon": "red", "where": "above"})
    before = balloon(session.summary().data, "green")
    s = act(session, {"type": "storm_weather", "target": "green", "levels": 2})
    assert balloon(s, "green") == before


def test_adjust_of_the_card_counts_keeps_within_the_box():
    session = new()
    s = act(session, {"type": "adjust", "balloon": "red", "token": "hand", "delta": -3})
    assert balloon(s, "red")["hand"] == 0
    assert error(session, {"type": "adjust", "balloon": "red", "token": "hand", "delta": -1}) == (
        "The red balloon would have -1 cards in hand"
    )
    s = act(session, {"type": "adjust", "balloon": "red", "token": "hand", "delta": 41})
    assert sum(b["hand"] + b["in_front"] for b in s["table"]["balloons"]) == 50
    assert error(
        session, {"type": "adjust", "balloon": "blue", "token": "in_front", "delta": 1}
    ) == ("There are only 50 local wind cards in the game")


def test_a_finished_balloons_cards_stay_discarded():
    session = new(("Ann", "Bo"))
    act(session, {"type": "altitude", "to": "low"}, {"type": "cross_finish"})
    assert balloon(session.summary().data, "red")["finished"]
    for token in ("hand", "in_front"):
        assert error(session, {"type": "adjust", "balloon": "red", "token": token, "delta": 1}) == (
            "The red balloon has finished the race: its cards are discarded"
        )
    s = act(session, {"type": "adjust", "balloon": "red", "token": "fuel", "delta": -1})
    assert balloon(s, "red")["tokens"]["fuel"] == 10
