"""Every string the Balmy Balloonists table shows (`ui_balmy.<key>` in the language
files), the names of cards and altitudes, and the colours of the balloons and the
board's mountains. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog, Message, Plural
from companion.core.terms import colour
from companion.games.balmy_balloonists import messages as bbm
from companion.ui import theme

# Each balloon drawn as its name says (the palette of every game: `theme`), and
# always shown with the name. A name written on a balloon's colour takes
# `theme.readable_on`: each reaches 4.5:1 (WCAG's contrast for text;
# tests/tables/test_balmy_table.py).
BALLOON_HEX: dict[str, str] = {
    c: theme.BALLOON_COLOURS[c] for c in ("red", "yellow", "green", "blue", "purple", "white")
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
        "hand": "hand",
        "in_front": "in front",
        "now": "now",
        "cost": "{cost} {token}",
        "not_now": "not now",
        "no_restrictions": "No restrictions on the {colour} balloon",
        "play_own": "Play a card on my balloon",
        "play_other": "Play a card from in front onto:",
        "no_targets": "No marked balloon can take a card now",
        "advantage_held": "{player} holds {cards}",
        "advantage_none": "{player} holds no advantage card",
        "swap": "Swap an advantage card",
        "swap_card": "Discard which advantage card?",
        "swap_from": "Take a card from in front of which balloon?",
        "record_advantage": "Record advantage cards",
        "advantage_pick": "{player}: tap the two advantage cards dealt",
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
        "zones": "Enter a restricted zone:",
        "mountains": "Fly over mountains:",
        "brown": "brown",
        "white": "white",
        "event_for": "Which balloon:",
        "event_landed": "The {colour} balloon is landed: it meets no zone and no mountains",
        "finish": "Cross the finish line",
        "use_card": "Use {card}",
        "critical": "Answer with critical measures: {colour} balloon",
        "storm_place": "Place the storm",
        "storm_play": "Play a card on the storm",
        "storm_weather": "The storm meets a balloon",
        "storm_where": "Where, from Sakhalin's zone?",
        "storm_who": "Which balloon decides (the last)?",
        "storm_hit": "Which balloon met the storm?",
        "above": "above",
        "on_zone": "on",
        "below": "below",
        "marker": "marker",
        "finished": "finished",
        "out": "out",
        "balloon_out": "{colour}: out",
        "b_skip": "skips {count}",
        "b_no_own": "no own card {count}",
        "b_no_rise": "no rise",
        "b_no_forward": "no forward",
        "go_start": "Start the turn timer",
        "go_advantage": "Record cards",  # GO while the advantage cards wait (short: GO is narrow)
        # the step line, and the title of a balloon's corrections
        "step_card": "{player}: play a local wind card for the {colour} balloon",
        "step_altitude": "{player}: change the {colour} balloon's altitude if you like, then fly",
        "step_fly": "{player}: fly the {colour} balloon, then end the turn",
        "step_landed": "{player}: the {colour} balloon has landed; end the turn",
        "correct_balloon": "{player}'s {colour} balloon: correct",
        # what an action changed: "Envelope torn · red balloon: helium 6 (-3)"
        "then": "{a} · {b}",
        "group": "{colour} balloon: {changes}",
        "h_advantage": "Advantage cards",
        "h_play_own": "Card from hand",
        "h_play_other": "Card from in front onto the {colour} balloon",
        "h_swap": "Swap of an advantage card",
        "h_altitude": "Altitude",
        "h_zone": "Restricted zone {zone}",
        "h_mountain_brown": "Brown mountains",
        "h_mountain_white": "White mountains",
        "h_finish": "Finish line",
        "h_storm_above": "The storm is placed above Sakhalin's zone",
        "h_storm_on": "The storm is placed on Sakhalin's zone",
        "h_storm_below": "The storm is placed below Sakhalin's zone",
        "h_play_storm": "Card from in front onto the storm",
        "h_upkeep": "Upkeep",
        "h_correction": "Correction",
        "f_count": "{token} {count} ({delta})",  # "helium 6 (-3)"
        "f_altitude": "now {altitude:at}",
        "f_skip": Plural("count", one="skips its next turn", other="skips its next {count} turns"),
        "f_no_own": Plural(
            "count",
            one="no card from hand in its next turn",
            other="no card from hand in its next {count} turns",
        ),
        "f_no_rise": "may not rise in its next turn",
        "f_no_forward": "may not move forward in its next turn",
        "f_finished": "finished the race",
        "f_out": "out of the race",
        "markers": "silver markers: {markers}",
        "holds": "{player} holds {cards}",
        "discards": "{player} discards {card}",
        "permission": "{player} holds {card}: the {colour} balloon flies on",
        "flies_over": "the {colour} balloon flies over",
        "nothing": "nothing changes",
        "upkeep_nothing": "{colour} balloon: nothing to pay",
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
    terms={
        "colour": colour,
        "token": bbm.token,
        "altitude": bbm.altitude,
        "card": bbm.card,
        "zone": bbm.zone,
    },
)


def card_name(card: str) -> Message:
    """An advantage or luck card's name."""
    return bbm.TERMS(f"card_{card}")


def zone_name(zone: str) -> Message:
    return bbm.TERMS(f"zone_{zone}")


def token_name(token: str) -> Message:
    return bbm.TERMS(f"token_{token}")


def label(key: str) -> str:
    """The full message key of one of this catalog's labels (for `OptionField`)."""
    return T(key).key


def variant_label(variant: str) -> str:
    """The full message key of a variant's name (for `OptionField`)."""
    return bbm.TERMS(f"variant_{variant}").key


def balloon_hex(colour: str) -> str:
    return BALLOON_HEX.get(colour, "#E0E0E0")


def altitude_name(altitude: str) -> Message:
    return bbm.TERMS(f"alt_{altitude}")
