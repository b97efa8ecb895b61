"""Wyścig balonów's id, the names of its tokens, and its sentences for the players
(every language, English too, in `companion/i18n`)."""

from __future__ import annotations

from companion.core.messages import Catalog
from companion.core.terms import colour

GAME_ID = "wyscig-balonow"

TERMS = Catalog(GAME_ID)


token = TERMS.namer("token")


M = Catalog(
    GAME_ID,
    terms={"colour": colour, "token": token},
    composed={"order"},  # the names of a round's turns, joined
)
