"""Each Balmy Balloonists action in the players' words ("the red balloon crossed the
finish"), from the action and the state before it; for the table's "Undone: ..."
and "Redone: ...". Pure: no Kivy, never an action's type. A balloon is named by
its colour id in the `colour` parameter: the translation names the colour."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.games import balmy_balloonists as bb
from companion.ui.strings import UI
from companion.ui.tables.balmy.text import T
from companion.ui.tables.base.adapter import adjusted
from companion.ui.tables.base.said import said

Say = Callable[[ActionBase, bb.State], Message]

# The balloon an action is about: its `target` (or `balloon`), else the one playing.
ON_BALLOON = {
    "play_own": "did_play_own",
    "play_other": "did_play_other",
    "altitude": "did_altitude",
    "restricted_zone": "did_zone",
    "mountain": "did_mountain",
    "bad_luck": "did_bad_luck",
    "cross_finish": "did_cross_finish",
    "critical_measures": "did_critical",
    "place_storm": "did_place_storm",
    "storm_weather": "did_storm_weather",
}
# An action of the player whose balloon is playing.
BY_PLAYER = {
    "swap_advantage": "did_swap",
    "friendly_winds": "did_friendly_winds",
    "play_storm": "did_play_storm",
    "end_turn": "did_end_turn",
}


def _balloon(action: ActionBase, before: bb.State) -> str:
    named = getattr(action, "target", None) or getattr(action, "balloon", None)
    return str(named or before.active.colour)


def _adjust(action: bb.Adjust, _before: bb.State) -> Message:
    return adjusted(T, action, colour=action.balloon)


SAID: dict[str, Say] = {
    "advantage": said(bb.AdvantageAction, lambda a, _b: T("did_advantage", player=a.player)),
    "adjust": said(bb.Adjust, _adjust),
}


def describe(action: ActionBase, before: bb.State) -> Message:
    """`action` in words; `before` is the state it was applied to."""
    kind = str(getattr(action, "type", ""))
    if kind in ON_BALLOON:
        return T(ON_BALLOON[kind], colour=_balloon(action, before))
    if kind in BY_PLAYER:
        active = before.active
        return T(BY_PLAYER[kind], player=active.owner, colour=active.colour)
    say = SAID.get(kind)
    return say(action, before) if say else UI("did_action")
