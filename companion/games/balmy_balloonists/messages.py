"""Balmy Balloonists' id, the names of its altitudes, tokens, cards, zones and
variants, and its sentences for the players (every language, English too, in
`companion/i18n`)."""

from __future__ import annotations

from companion.core.messages import Catalog
from companion.core.terms import colour

GAME_ID = "balmy-balloonists"

# The words the rules name: a sentence takes the id and shows the term.
TERMS = Catalog(GAME_ID)


altitude = TERMS.namer("alt")
token = TERMS.namer("token")
card = TERMS.namer("card")
zone = TERMS.namer("zone")
variant = TERMS.namer("variant")


M = Catalog(
    GAME_ID,
    terms={
        "colour": colour,
        "played": colour,
        "altitude": altitude,
        "token": token,
        "card": card,
        "variant": variant,
    },
    composed={"cards", "markers"},  # lists of cards and of marked colours
)
