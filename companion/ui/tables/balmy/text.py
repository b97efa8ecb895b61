"""Every string the Balmy Balloonists table shows (`ui_balmy.<key>` in the language
files), the names of cards and altitudes, and the colours of the balloons and the
board's mountains. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog, Message
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
