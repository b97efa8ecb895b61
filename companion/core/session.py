"""A game in progress: its setup and the effective action log, folded into a state.

`Session` does no I/O. Persistence is an injected `Journal` that is written inside
`apply` before the new state becomes current, so an action whose `apply` returned is
stored; listeners (the view-model, the strip) are told afterwards.

A session resumed from a stored checkpoint (`Session.resumed`) starts from the
state after the log's first actions and reads those actions themselves only when
something needs them (the whole log, an undo that reaches into them): a long game
comes up without reading and folding its whole log.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar, overload

from companion.core.errors import M as CORE
from companion.core.errors import RuleError
from companion.core.legal import Legal
from companion.core.messages import Message
from companion.core.model import ActionBase, GameSetup
from companion.core.rules import Rules
from companion.core.summary import Summary

log = logging.getLogger(__name__)

S = TypeVar("S")
Change = Literal["apply", "undo", "redo"]
Listener = Callable[["Session[Any]", Change], None]

_CHECKPOINT_EVERY = 64


class Journal(Protocol):
    """Where a session's log is kept; each call is one durable step."""

    def appended(self, index: int, action: ActionBase, state: Any) -> None:
        """`action` became the log's entry number `index` (from 0); `state` is the state
        after it (a journal may keep it, to resume from it)."""

    def undone(self, index: int) -> None:
        """The log's entry number `index` (its last) was taken back."""


class StoredActions:
    """The first `length` actions of a resumed log, read by `load` when first needed
    (once): until then only their number is known, and the last of them when the
    store read it (the screens look at the last action)."""

    def __init__(
        self,
        length: int,
        load: Callable[[], Sequence[ActionBase]],
        last: ActionBase | None = None,
    ) -> None:
        self.length = length
        self.last = last
        self._load: Callable[[], Sequence[ActionBase]] | None = load
        self._actions: Sequence[ActionBase] = ()

    def actions(self) -> Sequence[ActionBase]:
        if self._load is not None:
            actions = tuple(self._load())
            if len(actions) != self.length:
                raise ValueError(f"{len(actions)} stored actions, {self.length} expected")
            self._actions, self._load = actions, None
        return self._actions


_NONE_STORED = StoredActions(0, tuple)


class Log(Sequence[ActionBase]):
    """The effective log as it was when `Session.log` was read: it does not change
    with the session. The stored part of a resumed log is read only when indexed."""

    __slots__ = ("_length", "_stored", "_tail")

    def __init__(self, stored: StoredActions, tail: list[ActionBase], length: int) -> None:
        self._stored, self._tail, self._length = stored, tail, length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> ActionBase: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[ActionBase, ...]: ...

    def __getitem__(self, index: int | slice) -> ActionBase | tuple[ActionBase, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._length)))
        position = index + self._length if index < 0 else index
        if not 0 <= position < self._length:
            raise IndexError(index)
        stored = self._stored
        if position >= stored.length:
            return self._tail[position - stored.length]
        if position == stored.length - 1 and stored.last is not None:
            return stored.last
        return stored.actions()[position]

    def __iter__(self) -> Iterator[ActionBase]:
        base = self._stored.length
        if base:
            yield from self._stored.actions()[: self._length]
        yield from self._tail[: self._length - base]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # equal to a tuple, but not hashable

    def __repr__(self) -> str:
        return f"Log({len(self)} actions)"


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
        self._stored = _NONE_STORED  # the log's first actions, while not read yet
        self._log: list[ActionBase] = []  # the rest of the log
        self._shared = False  # a `Log` holds `_log`: an undo must not change it in place
        self._redo: list[ActionBase] = []
        self._checkpoints: dict[int, S] = {0: rules.setup(setup.players, self.options, setup.seed)}
        # The state before the last action pushed, by its length: what a table asks for
        # at every refresh (what the last action changed) and an undo goes back to.
        self._before: tuple[int, S] | None = None
        self._state = self._checkpoints[0]
        self._summary: Summary[Any, Any] | None = None  # of `_state`, once asked for
        self._listeners: list[Listener] = []
        for action in actions:
            self._push(action, self.rules.apply(self._state, action))

    @classmethod
    def resumed(
        cls, rules: Rules[S], setup: GameSetup, stored: StoredActions, state: S
    ) -> Session[S]:
        """A session whose log starts with the `stored` actions, which lead to `state`
        (a checkpoint the caller has checked); they are read when first needed."""
        session = cls(rules, setup)
        session._stored = stored
        session._checkpoints[stored.length] = state
        session._state = state
        return session

    # -- reading -------------------------------------------------------------
    @property
    def state(self) -> S:
        return self._state

    @property
    def log(self) -> Log:
        self._shared = True
        return Log(self._stored, self._log, len(self))

    @property
    def last(self) -> ActionBase | None:
        """The log's last action (None for an empty log)."""
        if self._log:
            return self._log[-1]
        return Log(self._stored, self._log, len(self))[-1] if len(self) else None

    def __len__(self) -> int:
        return self._stored.length + len(self._log)

    @property
    def can_undo(self) -> bool:
        return len(self) > 0

    @property
    def undone(self) -> ActionBase | None:
        """The action a redo would take again (the last one undone), or None."""
        return self._redo[-1] if self._redo else None

    def summary(self) -> Summary[Any, Any]:
        """The rules' summary of the current state, made once per change: the table,
        the recorder, the strip, the timer and `decided` all read it after each press."""
        if self._summary is None:
            self._summary = self.rules.summary(self._state)
        return self._summary

    def legal(self) -> Legal[S]:
        """What may be done now (the rules' `legal` of the current state): the table
        enables its buttons and words GO from it; nothing is applied on trial twice."""
        return self.rules.legal(self._state)

    def refusal(self, action: ActionBase) -> Message | None:
        """Why the rules would refuse `action` now, or None; nothing changes."""
        return self.legal().refusal(action)

    @property
    def decided(self) -> bool:
        return self.rules.decided(self._state, self.summary())

    def prompts(self) -> list[Message]:
        return self.rules.prompts(self._state)

    def missing_steps(self) -> list[Message]:
        return self.rules.missing_steps(self._state)

    def state_at(self, length: int) -> S:
        """The state after the first `length` actions of the log; the states it folds
        on the way are kept, so a second look (the next undo) is quick."""
        if not 0 <= length <= len(self):
            raise IndexError(length)
        if self._before is not None and self._before[0] == length:
            return self._before[1]  # every push sets it: its prefix is the log's
        start = max(i for i in self._checkpoints if i <= length)
        if start < self._stored.length:
            self._read_stored()
        state = self._checkpoints[start]
        base = self._stored.length
        for index in range(start, length):
            state = self.rules.apply(state, self._log[index - base])
            if (index + 1) % _CHECKPOINT_EVERY == 0:
                self._checkpoints.setdefault(index + 1, state)
        return state

    # -- changing ------------------------------------------------------------
    def apply(self, action: ActionBase) -> S:
        """Apply one action; a `RuleError` leaves the state and the log unchanged. An
        action already judged now (GO's question, a button enabled) is not applied again."""
        new_state = self.legal().after(action)
        if self.journal is not None:
            self.journal.appended(len(self), action, new_state)
        self._redo.clear()
        self._push(action, new_state)
        self._notify("apply")
        return new_state

    def undo(self) -> ActionBase:
        if not len(self):
            raise RuleError(CORE("nothing_to_undo"))
        if not self._log:
            self._read_stored()  # the undo reaches into the stored actions
        if self.journal is not None:
            self.journal.undone(len(self) - 1)
        action = self._pop()
        self._checkpoints.pop(len(self) + 1, None)
        self._state = self.state_at(len(self))
        self._summary = None
        self._redo.append(action)
        self._notify("undo")
        return action

    def redo(self) -> ActionBase:
        if not self._redo:
            raise RuleError(CORE("nothing_to_redo"))
        action = self._redo[-1]
        new_state = self.legal().after(action)
        if self.journal is not None:
            self.journal.appended(len(self), action, new_state)
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
        self._before = (len(self), self._state)
        self._log.append(action)  # a `Log` read before sees only its own length
        self._state = state
        self._summary = None
        if len(self) % _CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self)] = state

    def _pop(self) -> ActionBase:
        action = self._log[-1]
        if self._shared:  # a `Log` handed out keeps the list as it was
            self._log, self._shared = self._log[:-1], False
        else:
            self._log.pop()
        return action

    def _read_stored(self) -> None:
        """The stored actions become part of the log held here."""
        if self._stored.length:
            self._log = [*self._stored.actions(), *self._log]
            self._stored, self._shared = _NONE_STORED, False

    def _notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            try:
                listener(self, change)
            except Exception:  # a broken display must not undo a stored action
                log.exception("session listener failed after %s", change)
