"""Each Ballonrennen action in the players' words ("Anna's arrival at the goal"),
from the action and the state before it; for the table's "Undone: ..." and
"Redone: ...". Pure: no Kivy, never an action's type."""

from __future__ import annotations

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.games import ballonrennen as br
from companion.ui.tables.ballonrennen.text import UB
from companion.ui.tables.base.adapter import adjusted
from companion.ui.tables.base.said import said
from companion.ui.tables.base.words import Say, in_words, plainly

PLAIN = {
    "land": "did_land",
    "wind_card": "did_wind_card",
    "drop_mail": "did_drop_mail",
    "forced_landing": "did_forced_landing",
    "reach_goal": "did_reach_goal",
    "end_turn": "did_end_turn",
}


def _release(action: br.Release, before: br.State, player: str) -> Message:
    """Where the release took the balloon: the rules say, from the state before (a
    release they refuse there took it nowhere they can name)."""
    legal = br.RULES.legal(before)
    if not legal.allows(action):
        return UB("did_release_plain", player=player)
    altitude = legal.after(action).current_player.altitude
    return UB("did_release", player=player, altitude=altitude)


def _adjust(action: br.Adjust, _before: br.State, _player: str) -> Message:
    return adjusted(UB, action, player=action.player)


SAID: dict[str, Say[br.State]] = {
    **plainly(UB, PLAIN),
    "release": said(br.Release, _release),
    "favourable": said(
        br.Favourable,
        lambda a, _b, player: UB("did_favourable", player=player, altitude=a.altitude),
    ),
    "adjust": said(br.Adjust, _adjust),
}


def describe(action: ActionBase, before: br.State) -> Message:
    """`action` in words; `before` is the state it was applied to."""
    return in_words(SAID, action, before, before.current_player.name)
