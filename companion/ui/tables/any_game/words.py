"""Each any-game action in the players' words ("Anna's end of turn"), from the action
and the state before it: what "Undone: ...", "Redone: ..." and History's log say.
Pure: no Kivy, never an action's type."""

from __future__ import annotations

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.games import any_game as ag
from companion.ui.tables.any_game.text import UA
from companion.ui.tables.base.said import said
from companion.ui.tables.base.words import Say, in_words, plainly

PLAIN = {
    "start_timer": "did_start_timer",
    "timer_expired": "did_timer_expired",
    "end_turn": "did_end_turn",
    "reverse": "did_reverse",
    "score": "did_score",
    "places": "did_places",
}


def _finish(action: ag.Finish, _before: ag.State, _player: str) -> Message:
    if action.won is None:
        return UA("did_finish")
    return UA("did_finish_won" if action.won else "did_finish_lost")


def _adjust(action: ag.Adjust, before: ag.State, _player: str) -> Message:
    counter = before.options.counter(action.token)
    name = counter.name if counter is not None else action.token
    return UA("did_adjust", player=action.player, counter=name, delta=f"{action.delta:+d}")


SAID: dict[str, Say[ag.State]] = {
    **plainly(UA, PLAIN),
    "pass_to": said(
        ag.PassTo, lambda a, _b, player: UA("did_pass_to", player=player, chosen=a.player)
    ),
    "eliminate": said(ag.Eliminate, lambda a, _b, _p: UA("did_eliminate", chosen=a.player)),
    "finish": said(ag.Finish, _finish),
    "adjust": said(ag.Adjust, _adjust),
}


def describe(action: ActionBase, before: ag.State) -> Message:
    """`action` in words; `before` is the state it was applied to."""
    return in_words(SAID, action, before, before.active.name)
