"""Each Wyścig balonów action in the players' words ("Kasia's end of turn"), from the
action and the state before it; for the table's "Undone: ..." and "Redone: ...".
Pure: no Kivy, never an action's type."""

from __future__ import annotations

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.games import wyscig_balonow as wb
from companion.ui.tables.base.adapter import adjusted
from companion.ui.tables.base.said import said
from companion.ui.tables.base.words import Say, in_words
from companion.ui.tables.wyscig.text import W


def _start(_action: ActionBase, before: wb.State, player: str) -> Message:
    return W("did_hourglass" if wb.RULES.timed_now(before) else "did_roll", player=player)


def _adjust(action: wb.Adjust, _before: wb.State, _player: str) -> Message:
    return adjusted(W, action, player=action.player)


SAID: dict[str, Say[wb.State]] = {
    "order": lambda _a, before, _p: W("did_order", round=before.round),
    "place_obstacle": lambda _a, _b, player: W("did_obstacle", player=player),
    "start_timer": _start,
    "dice": said(
        wb.Dice,
        lambda a, _b, player: W(
            "did_dice", player=player, values=", ".join(str(v) for v in a.values)
        ),
    ),
    "timer_expired": said(
        wb.TimerExpired,
        lambda a, _b, player: W("did_time_up", player=player, unplaced=a.unplaced),
    ),
    "penalty": said(
        wb.Penalty, lambda a, _b, player: W("did_penalty", player=player, count=f"+{a.count}")
    ),
    "mail": lambda _a, _b, player: W("did_mail", player=player),
    "landed": lambda _a, _b, player: W("did_landed", player=player),
    "end_turn": lambda _a, _b, player: W("did_end_turn", player=player),
    "score": lambda _a, _b, _p: W("did_score"),
    "adjust": said(wb.Adjust, _adjust),
}


def describe(action: ActionBase, before: wb.State) -> Message:
    """`action` in words; `before` is the state it was applied to."""
    return in_words(SAID, action, before, before.current or "")
