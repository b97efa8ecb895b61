"""Every string the Ballonrennen table shows (`ui_ballonrennen.<key>` in the language
files), and the balloons' colours. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog, Plural
from companion.core.terms import colour
from companion.games.ballonrennen import messages as br_words
from companion.ui import theme

NS = "ui_ballonrennen"
UB = Catalog(
    NS,
    {
        # new game
        "o_wind_deck": "Wind cards",
        "o_deck_table": "table's deck",
        "o_deck_app": "app draws",
        "o_play_on": "After the winner",
        "o_play_on_no": "race ends",
        "o_play_on_yes": "play for places",
        "o_timer": "Turn timer",
        # the wind cards: a short name for the buttons, a line for the card shown
        "card_turn_1": "Turn 1",
        "card_turn_2": "Turn 2",
        "card_turn_3": "Turn 3",
        "card_turn_all": "Turn all",
        "card_favourable": "Favourable",
        "card_calm": "Calm",
        "card_weak": "Weak wind",
        "card_rising": "Rising wind",
        "card_updraught": "Updraught",
        "card_downdraught": "Downdraught",
        "says_turn_1": "The wind at altitude 1 turns one side clockwise",
        "says_turn_2": "The wind at altitude 2 turns one side clockwise",
        "says_turn_3": "The wind at altitude 3 turns one side clockwise",
        "says_turn_all": "Every wind turns one side clockwise",
        "says_favourable": "Turn one wind marker one side, either way",
        "says_calm": "No wind at any altitude this turn",
        "says_weak": "One space less this turn",
        "says_rising": "One space more this turn",
        "says_updraught": "One altitude higher this turn",
        "says_downdraught": "One altitude lower this turn",
        # the altitude step
        "altitudes": "Altitude",
        "now": "now",
        "stay": "stay",
        "land": "land",
        "wind_card": "Wind card",
        "tap_card": "Tap the card turned over",
        "draw": "Draw a wind card",
        "deck_left": Plural("count", one="1 card left", other="{count} cards left"),
        # favourable wind
        "favourable_title": "Favourable wind: turn one marker",
        "marker": "{altitude}: {direction}",
        "ccw": "anticlockwise",
        "cw": "clockwise",
        # the move
        "move_spaces": Plural(
            "spaces", one="Move 1 space {direction}", other="Move {spaces} spaces {direction}"
        ),
        "move_none": "No move this turn",
        "move_ground": "Stays on the ground",
        "preview": "At altitude {altitude}: {direction}",
        "preview_ground": "On the ground",
        "drop_mail": "Mail dropped",
        "forced_landing": "Forced landing",
        "reach_goal": "Reached the goal",
        # players
        "balloon": "{colour} balloon",
        "s_waiting": "at the start",
        "s_flying": "flying",
        "s_landed": "landed",
        "s_finished": "place {place}",
        "alt": "alt.",
    },
    terms={"colour": colour, "direction": br_words.direction},
)


def key(name: str) -> str:
    """A label key for the new-game screen: the whole message key of this catalog."""
    return f"{NS}.{name}"


def balloon_hex(colour: str) -> str:
    return theme.BALLOON_COLOURS.get(colour, theme.TEXT)
