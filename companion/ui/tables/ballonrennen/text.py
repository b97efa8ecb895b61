"""Every string the Ballonrennen table shows (`ui_ballonrennen.<key>` in the language
files), and the balloons' colours. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog, Message, Plural
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
        "o_deck_app_note": "The app shuffles 60 wind cards. The rulebook does not say how "
        "many of each card the real deck holds, so the app uses a mix of its own.",
        # the wind cards: a short name for the buttons, a line for the card shown (the
        # "turn" cards turn the wind marker of an altitude: not a turn of the game)
        "card_wind_1": "Wind 1 turns",
        "card_wind_2": "Wind 2 turns",
        "card_wind_3": "Wind 3 turns",
        "card_wind_all": "All winds",
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
        "move_forced": "Forced landing: the move is over",
        "to_start": "{player}: put your balloon back on the start space",
        "move_goal": "At the goal",
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
        # a forced landing: the rulebook takes the balloon off the board, and it takes
        # off again from the start space in the player's next turn
        "s_forced": "back at the start",
        "s_finished": "place {place}",
        "alt": "alt.",
        # the step line, and the tokens a correction puts right
        "step_altitude_card": "{player}: choose the altitude, then turn over a wind card",
        "step_altitude_draw": "{player}: choose the altitude, then draw a wind card",
        "step_move": "{player}: move the balloon, then end the turn",
        "t_gas": "gas canisters",
        "t_sandbags": "sandbags",
        "t_mail_sack": "mail sack",
        # each action, as "Undone: ..." names it
        "did_release": "{player}'s release: the balloon to altitude {altitude}",
        "did_release_plain": "{player}'s release",
        "did_land": "{player}'s landing",
        "did_wind_card": "{player}'s wind card",
        "did_favourable": "{player}'s turn of the altitude {altitude} marker",
        "did_drop_mail": "{player}'s mail drop",
        "did_forced_landing": "{player}'s forced landing",
        "did_reach_goal": "{player}'s arrival at the goal",
        "did_end_turn": "{player}'s end of turn",
        "did_adjust_gas": "the correction of {player}'s gas canisters ({delta})",
        "did_adjust_sandbags": "the correction of {player}'s sandbags ({delta})",
        "did_adjust_mail_sack": "the correction of {player}'s mail sack ({delta})",
    },
    terms={"colour": colour, "direction": br_words.direction},
)


# The card ids whose names are worded apart from the id (the "turn" cards).
CARD_KEYS = {"turn_1": "wind_1", "turn_2": "wind_2", "turn_3": "wind_3", "turn_all": "wind_all"}


def card_name(card: str) -> Message:
    """A wind card's short name, for its button and the card shown."""
    return UB(f"card_{CARD_KEYS.get(card, card)}")


def key(name: str) -> str:
    """A label key for the new-game screen: the whole message key of this catalog."""
    return f"{NS}.{name}"


def balloon_hex(colour: str) -> str:
    return theme.BALLOON_COLOURS.get(colour, theme.TEXT)
