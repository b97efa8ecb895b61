"""Every string the Balmy Balloonists table shows (`ui_balmy.<key>` in the language
files), the names of cards and altitudes, and the colours of the balloons and the
board's mountains. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog, Message

# Okabe-Ito where the palette has the colour; Okabe-Ito's "reddish purple" for
# purple, and white/grey for the sixth balloon. Always shown with the name.
BALLOON_HEX: dict[str, str] = {
    "red": "#D55E00",
    "yellow": "#F0E442",
    "green": "#009E73",
    "blue": "#0072B2",
    "purple": "#CC79A7",
    "white": "#E0E0E0",
}
MOUNTAIN_HEX = {"brown": "#7A5230", "white": "#D8DDE6"}  # the board's mountain ranges

T = Catalog(
    "ui_balmy",
    {
        # new game
        "opt_timer": "Turn timer",
        "opt_balloons": "Balloons each",
        "one_each": "one",
        "two_each": "two",
        "opt_start": "Starts",
        "opt_fair_weather": "Fair weather",
        "opt_critical": "Critical measures",
        "opt_storm": "Storm",
        "opt_variants": "Variants",
        # the table
        "balloon": "{colour} balloon",
        "balloon_of": "{player}: {colour} balloon",
        "tab_altitude": "Altitude",
        "tab_cards": "Cards",
        "tab_luck": "Luck ?",
        "tab_board": "Board",
        "tab_steps": "Steps",
        "tab_balloons": "Balloons",
        "fuel": "fuel",
        "gas": "helium",
        "ballast": "ballast",
        "hand": "hand",
        "in_front": "in front",
        "alt_landed": "landed",
        "alt_low": "low",
        "alt_medium": "medium",
        "alt_high": "high",
        "now": "now",
        "cost": "{cost} {token}",
        "not_now": "not now",
        "no_restrictions": "No restrictions on the {colour} balloon",
        "play_own": "Play a card on my balloon",
        "play_other": "Play a card from in front onto:",
        "no_targets": "No marked balloon can take a card now",
        "advantage_held": "{player}'s advantage cards:",
        "advantage_none": "{player} holds no advantage card",
        "swap": "Swap an advantage card",
        "swap_card": "Discard which advantage card?",
        "swap_from": "Take a card from in front of which balloon?",
        "record_advantage": "Record advantage cards",
        "advantage_pick": "{player}: tap the two advantage cards dealt",
        "later": "Later",
        "clear": "Start again",
        "luck_on": 'The "?" of the card just played: bad luck on the {colour} balloon',
        "luck_no_card": 'Play a local wind card with a "?" first',
        "luck_apply": "Bad luck!",
        "luck_title": "{card} on the {colour} balloon",
        "repair": "Repair it ({player}'s repair card)",
        "over_mountains": "over mountains",
        "backward": "blown back",
        "levels_q": "Levels up (+) or down (-)",
        "yes": "yes",
        "no": "no",
        "zones": "Restricted zone entered:",
        "mountains": "Mountains crossed:",
        "brown": "brown",
        "white": "white",
        "event_for": "Which balloon:",
        "finish": "Crossed the finish line",
        "friendly_winds": "Friendly winds used",
        "critical": "Critical measures: {colour} answers",
        "storm_place": "Place the storm",
        "storm_play": "Play a card on the storm",
        "storm_weather": "Storm met a balloon",
        "storm_where": "Where, from Sakhalin's zone?",
        "storm_who": "Which balloon decides (the last)?",
        "storm_hit": "Which balloon met the storm?",
        "above": "above",
        "on_zone": "on",
        "below": "below",
        "upkeep": "Upkeep of the {colour} balloon: {took}",
        "upkeep_nothing": "Upkeep of the {colour} balloon: nothing to pay",
        "took_fuel": "-{count} fuel",
        "took_sank": "sank to {altitude}",
        "took_card": "drew a card",
        "marker": "marker",
        "current": "now",
        "finished": "finished",
        "out": "out",
        "b_skip": "skips {count}",
        "b_no_own": "no own card {count}",
        "b_no_rise": "no rise",
        "b_no_forward": "no forward",
        "rose": "Wind rose: the silver markers",
        "go_start": "Start the turn timer",
        # card names
        "friendly_winds_card": "Friendly winds",
        "permission_iraq": "Permission Iraq",
        "permission_libya": "Permission Libya",
        "permission_china": "Permission China",
        "permission_sakhalin": "Permission Sakhalin",
        "repair_card": "Repair",
        "envelope_torn": "Envelope torn",
        "solar_panels_lost": "Solar panels lost",
        "comm_problems": "Communication problems",
        "fire": "Fire",
        "busy_airspace": "Busy airspace",
        "burner_problems": "Burner problems",
        "permission_revoked": "Permission revoked",
        "bad_weather": "Bad weather",
        "zone_libya": "Libya",
        "zone_iraq": "Iraq",
        "zone_sakhalin": "Sakhalin",
        "zone_china": "China",
        "zone_area51": "Area 51",
        # the step line, and the title of a balloon's corrections
        "step_card": "{player}: play a local wind card for the {colour} balloon",
        "step_altitude": "{player}: change the {colour} balloon's altitude if you like, then fly",
        "step_fly": "{player}: fly the {colour} balloon, then end the turn",
        "correct_balloon": "{player}'s {colour} balloon: correct",
        # each action, as "Undone: ..." names it
        "did_advantage": "{player}'s advantage cards",
        "did_play_own": "the card played on the {colour} balloon",
        "did_play_other": "the card from in front played onto the {colour} balloon",
        "did_altitude": "the {colour} balloon's change of altitude",
        "did_zone": "the {colour} balloon in a restricted zone",
        "did_mountain": "the {colour} balloon at the mountains",
        "did_bad_luck": "the bad luck on the {colour} balloon",
        "did_cross_finish": "the {colour} balloon crossed the finish",
        "did_critical": "the critical measures of the {colour} balloon",
        "did_place_storm": "the storm placed by the {colour} balloon",
        "did_storm_weather": "the storm on the {colour} balloon",
        "did_swap": "{player}'s swap of an advantage card",
        "did_friendly_winds": "{player}'s friendly winds",
        "did_play_storm": "{player}'s card on the storm",
        "did_end_turn": "the end of the {colour} balloon's turn ({player})",
        "did_adjust_fuel": "the correction of the {colour} balloon's fuel ({delta})",
        "did_adjust_gas": "the correction of the {colour} balloon's helium ({delta})",
        "did_adjust_ballast": "the correction of the {colour} balloon's ballast ({delta})",
        "did_adjust_hand": "the correction of the {colour} balloon's cards in hand ({delta})",
        "did_adjust_in_front": "the correction of the {colour} balloon's cards in front ({delta})",
    },
)

_CARD_KEYS = {"friendly_winds": "friendly_winds_card", "repair": "repair_card"}


def card_name(card: str) -> Message:
    """An advantage or luck card's name."""
    return T(_CARD_KEYS.get(card, card))


def label(key: str) -> str:
    """The full message key of one of this catalog's labels (for `OptionField`)."""
    return T(key).key


def balloon_hex(colour: str) -> str:
    return BALLOON_HEX.get(colour, "#E0E0E0")


def altitude_name(altitude: str) -> Message:
    return T(f"alt_{altitude}")
