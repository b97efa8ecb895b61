"""Ballonrennen's id, the names of its directions and tokens, and its sentences for
the players (English; translations in `companion/i18n`)."""

from __future__ import annotations

from companion.core.messages import Catalog, Forms, Message, Plural
from companion.core.terms import colour

GAME_ID = "ballonrennen"

# The six sides of a hex, clockwise from east: a name for sentences and an
# abbreviation for the wind rose and the buttons, each in the player's language.
TERMS = Catalog(
    GAME_ID,
    {
        "dir_E": "east",
        "dir_SE": "south-east",
        "dir_SW": "south-west",
        "dir_W": "west",
        "dir_NW": "north-west",
        "dir_NE": "north-east",
        "abbr_E": "E",
        "abbr_SE": "SE",
        "abbr_SW": "SW",
        "abbr_W": "W",
        "abbr_NW": "NW",
        "abbr_NE": "NE",
        "token_gas": Forms("gas canisters", one="gas canister", other="gas canisters"),
        "token_sandbags": Forms("sandbags", one="sandbag", other="sandbags"),
        "token_mail_sack": Forms("mail sacks", one="mail sack", other="mail sacks"),
    },
)


direction = TERMS.namer("dir")
"""A direction's name ("south-east")."""


def direction_abbr(direction_id: str) -> Message:
    """A direction's abbreviation ("SE"), as on the wind rose."""
    return TERMS(f"abbr_{direction_id}")


token = TERMS.namer("token")


M = Catalog(
    GAME_ID,
    {
        # setup
        "colour_unknown": '{name}: "{typed}" is not a balloon colour ({colours})',
        "colour_twice": "the {colour} balloon is chosen twice ({names})",
        "colours_not_used": '{name}: "colours" is for Balmy Balloonists; '
        'give one "colour" in Ballonrennen',
        "winds_keys": 'winds needs one marker for each altitude: "1", "2" and "3" (given: {given})',
        "deck_table": 'deck is only used when the app is the wind deck (wind_deck "app")',
        "deck_empty": "deck needs at least one card",
        # rule errors
        "over": "The race is over: only corrections are left",
        "unknown_player": '"{name}" is not playing',
        "unknown_token": '"{token}" is not a token in Ballonrennen '
        '("gas", "sandbags", "mail_sack")',
        "negative": "{player} would have {count} {token}",
        "token_limit": Plural(
            "limit",
            one="{player} can hold at most 1 {token:one}",
            other="{player} can hold at most {limit} {token:other}",
        ),
        "adjust_altitude": "{player}'s balloon is flying: that correction would put it "
        "at altitude {altitude}, and a flying balloon is at 1 to 3",
        "release_nothing": "{player}: release at least one sandbag or gas canister",
        "release_after_card": "{player} has turned over the wind card: "
        "the altitude is chosen before it",
        "no_sandbags": "{player} has no sandbags left",
        "few_sandbags": Plural(
            "wanted",
            one="{player} cannot release 1 sandbag: only {count} left",
            other="{player} cannot release {wanted} sandbags: only {count} left",
        ),
        "no_gas": "{player} has no gas canisters left",
        "few_gas": Plural(
            "wanted",
            one="{player} cannot release 1 gas canister: only {count} left",
            other="{player} cannot release {wanted} gas canisters: only {count} left",
        ),
        "paired_canister": "{player} cannot release the gas canister paired with the "
        "mail sack before the mail is dropped",
        "above_3": "{player}'s balloon cannot rise above altitude 3 "
        "(this release would give altitude {altitude})",
        "below_0": "{player}'s balloon cannot sink below the ground "
        "(this release would give altitude {altitude})",
        "landed_this_turn": "{player} landed this turn and can take off again next turn",
        "land_grounded": "{player}'s balloon is already on the ground",
        "land_after_card": "{player} has turned over the wind card: landing is chosen before it",
        "card_twice": "{player} has already turned over a wind card this turn",
        "card_missing": "Name the wind card {player} turned over (the table's deck is used)",
        "card_app": "The app is the wind deck in this game: draw without naming a card "
        '("{card}" given)',
        "favourable_no_card": "{player} has no Favourable wind card to play this turn",
        "favourable_pending": "{player} must first play the Favourable wind: "
        "choose an altitude and which way to turn its marker",
        "no_card_yet": "{player} must turn over a wind card first",
        "end_no_card": "{player} must turn over a wind card before ending the turn",
        "not_flying": "{player}'s balloon is not flying",
        "mail_delivered": "{player} has already dropped the mail sack",
        "goal_no_mail": "{player} must drop the mail sack before reaching the goal",
        # steps an end of turn would skip
        "missing_card": "{player} has not turned over a wind card this turn",
        "missing_favourable": "{player} has not played the Favourable wind yet",
        # prompts
        "p_deck_ours": "The app is the wind deck: 60 cards in a split of our own "
        "(the rulebook does not print the real one)",
        "p_replenish": "{player}: take back tokens up to {gas} gas canisters and "
        "{sandbags} sandbags",
        "p_replenish_mail": "{player}: take back tokens up to {gas} gas canisters, "
        "{sandbags} sandbags and the mail sack",
        "p_altitude_air": "{player}: choose your altitude (now {altitude}): release sandbags "
        "to climb, gas to descend, or land",
        "p_altitude_ground": "{player}: take off by releasing sandbags, or stay on the ground",
        "p_landed_now": "{player}: your balloon has landed; it stays on the ground this turn",
        "p_card_table": "{player}: turn over a wind card and tap which one",
        "p_card_app": "{player}: draw a wind card",
        "p_favourable": "{player}: favourable wind! Turn one wind marker one side, either way",
        "p_move": Plural(
            "spaces",
            one="{player}: move 1 space {direction} (altitude {altitude})",
            other="{player}: move {spaces} spaces {direction} (altitude {altitude})",
        ),
        "p_stay": "{player}: your balloon stays where it is this turn",
        "p_ground": "{player}: your balloon stays on the ground this turn",
        "p_mail": "{player}: drop the mail sack here if you pass a mail horn",
        "p_goal": "{player}: if you end exactly on the goal, you have reached it",
        "p_hazards": "{player}: rocks at altitude 1, a lake or leaving the board is a "
        "forced landing",
        "p_finished": "{player} reached the goal in place {place}",
        "p_end": "{player}: end your turn",
        "p_over": "The race is over: {names} won",
    },
    terms={"colour": colour, "direction": direction, "token": token},
)
