"""Every string the Ballonrennen table shows (`ui_ballonrennen.<key>` in the language
files), and the balloons' colours. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog, Message
from companion.core.terms import colour
from companion.games.ballonrennen import messages as br_words
from companion.ui import theme

NS = "ui_ballonrennen"
UB = Catalog(
    NS,
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
