"""A game in progress: its setup and the effective action log, folded into a state.

`Session` does no I/O. Persistence is an injected `Journal` that is written inside
`apply` before the new state becomes current, so an action whose `apply` returned is
stored; listeners (the view-model, the strip) are told afterwards.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar

from companion.core.errors import M as CORE
from companion.core.errors import RuleError
from companion.core.messages import Message
from companion.core.model import ActionBase, GameSetup
from companion.core.rules import Rules

log = logging.getLogger(__name__)

S = TypeVar("S")
Change = Literal["apply", "undo", "redo"]
Listener = Callable[["Session[Any]", Change], None]

_CHECKPOINT_EVERY = 64


class Journal(Protocol):
    """Where a session's log is kept; each call is one durable step."""

    def appended(self, index: int, action: ActionBase) -> None:
        """`action` became the log's entry number `index` (from 0)."""

    def undone(self, index: int) -> None:
        """The log's entry number `index` (its last) was taken back."""


class Session(Generic[S]):
    """`S` is the game's state type: `Session[wyscig_balonow.State]` has a typed
    `state`; a session built from `games.get(id)` is a `Session[Any]`."""

    def __init__(
        self,
        rules: Rules[S],
        setup: GameSetup,
        actions: Iterable[ActionBase] = (),
        journal: Journal | None = None,
    ) -> None:
        self.rules = rules
        self.setup = setup
        self.options = rules.parse_options(setup.options, setup.players)
        self.journal = journal
        self._log: list[ActionBase] = []
        self._redo: list[ActionBase] = []
        self._checkpoints: dict[int, S] = {0: rules.setup(setup.players, self.options, setup.seed)}
        self._state = self._checkpoints[0]
        self._summary: dict[str, Any] | None = None  # of `_state`, once asked for
        self._listeners: list[Listener] = []
        for action in actions:
            self._push(action, self.rules.apply(self._state, action))

    # -- reading -------------------------------------------------------------
    @property
    def state(self) -> S:
        return self._state

    @property
    def log(self) -> Sequence[ActionBase]:
        return tuple(self._log)

    def __len__(self) -> int:
        return len(self._log)

    @property
    def can_undo(self) -> bool:
        return bool(self._log)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def summary(self) -> dict[str, Any]:
        """The rules' summary of the current state, made once per change: the table,
        the recorder, the strip and the timer all read it after each press. Shared:
        read it, never change it."""
        if self._summary is None:
            self._summary = self.rules.summary(self._state)
        return self._summary

    def refusal(self, action: ActionBase) -> Message | None:
        """Why the rules would refuse `action` now, or None; nothing changes."""
        return self.rules.refusal(self._state, action)

    @property
    def decided(self) -> bool:
        return self.rules.decided(self._state)

    def prompts(self) -> list[Message]:
        return self.rules.prompts(self._state)

    def missing_steps(self) -> list[Message]:
        return self.rules.missing_steps(self._state)

    def state_at(self, length: int) -> S:
        """The state after the first `length` actions of the log."""
        if not 0 <= length <= len(self._log):
            raise IndexError(length)
        start = max(i for i in self._checkpoints if i <= length)
        state = self._checkpoints[start]
        for action in self._log[start:length]:
            state = self.rules.apply(state, action)
        return state

    # -- changing ------------------------------------------------------------
    def apply(self, action: ActionBase) -> S:
        """Apply one action; a `RuleError` leaves the state and the log unchanged."""
        new_state = self.rules.apply(self._state, action)
        if self.journal is not None:
            self.journal.appended(len(self._log), action)
        self._redo.clear()
        self._push(action, new_state)
        self._notify("apply")
        return new_state

    def undo(self) -> ActionBase:
        if not self._log:
            raise RuleError(CORE("nothing_to_undo"))
        if self.journal is not None:
            self.journal.undone(len(self._log) - 1)
        action = self._log.pop()
        self._checkpoints.pop(len(self._log) + 1, None)
        self._state = self.state_at(len(self._log))
        self._summary = None
        self._redo.append(action)
        self._notify("undo")
        return action

    def redo(self) -> ActionBase:
        if not self._redo:
            raise RuleError(CORE("nothing_to_redo"))
        action = self._redo[-1]
        new_state = self.rules.apply(self._state, action)
        if self.journal is not None:
            self.journal.appended(len(self._log), action)
        self._redo.pop()
        self._push(action, new_state)
        self._notify("redo")
        return action

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    # -- internals -----------------------------------------------------------
    def _push(self, action: ActionBase, state: S) -> None:
        self._log.append(action)
        self._state = state
        self._summary = None
        if len(self._log) % _CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._log)] = state

    def _notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            try:
                listener(self, change)
            except Exception:  # a broken display must not undo a stored action
                log.exception("session listener failed after %s", change)
