"""Any board game's id and its sentences for the players (every language, English too, in
`companion/i18n`). Option and field names ("title", "timer_seconds") stay in English
in every language: a game file spells them so."""

from __future__ import annotations

from companion.core.messages import Catalog

GAME_ID = "any-game"

M = Catalog(
    GAME_ID,
    composed=("ids",),  # the ids a game file may spell, listed whole
)
