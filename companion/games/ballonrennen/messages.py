"""Ballonrennen's id, the names of its directions and tokens, and its sentences for
the players (every language, English too, in `companion/i18n`)."""

from __future__ import annotations

from companion.core.messages import Catalog, Message
from companion.core.terms import colour

GAME_ID = "ballonrennen"

# The six sides of a hex, clockwise from east (E, SE, SW, W, NW, NE): a name for
# sentences (`dir_<id>`) and an abbreviation for the wind rose and the buttons
# (`abbr_<id>`), each in the player's language; the tokens (`token_<id>`).
TERMS = Catalog(GAME_ID)


direction = TERMS.namer("dir")
"""A direction's name ("south-east")."""


def direction_abbr(direction_id: str) -> Message:
    """A direction's abbreviation ("SE"), as on the wind rose."""
    return TERMS(f"abbr_{direction_id}")


token = TERMS.namer("token")


M = Catalog(
    GAME_ID,
    terms={"colour": colour, "direction": direction, "token": token},
)
