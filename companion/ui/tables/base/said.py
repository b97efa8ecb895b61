"""A sentence for one kind of action, looked up by its `type`: `said` checks the
action is that kind's model, so the words read its fields typed. No Kivy here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.ui.strings import UI

A = TypeVar("A", bound=ActionBase)
P = ParamSpec("P")


def said(
    kind: type[A], say: Callable[Concatenate[A, P], Message]
) -> Callable[Concatenate[ActionBase, P], Message]:
    """`say` for an action of the model `kind`; another action (never one filed
    under that kind's `type`) is just "an action"."""

    def checked(action: ActionBase, /, *args: P.args, **kwargs: P.kwargs) -> Message:
        if isinstance(action, kind):
            return say(action, *args, **kwargs)
        return UI("did_action")

    return checked
