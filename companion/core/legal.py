"""What the rules take now, as python-chess's `board.legal_moves` says which moves a
position allows: a typed answer to "what may be done now?" that a table reads to
enable its buttons and to word GO, and that the property tests play from.

A game lists the actions that make sense at a moment (its `choices`: the
pseudo-legal moves, in python-chess's words) and the rules keep those they take,
judged by the same checks `apply` makes, so the answer never differs from what
sending one would do. Each is judged once, when first asked, and the state it leads
to is kept: the session's `apply` of an action judged legal takes that state, so no
action is applied twice (once on trial, once for real). One `Legal` per state; the
rules keep the last one (`Legal.of`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

from companion.core.errors import RuleError
from companion.core.messages import Message
from companion.core.model import ActionBase, PlayerAdjust

S = TypeVar("S")


class Legal(Generic[S]):
    """The actions the rules take in one state. `choices` are the game's candidates of
    the moment, `judge` the rules' own `apply` (pure: nothing outside changes)."""

    __slots__ = ("_choices", "_judge", "_judged", "_listed", "state")

    def __init__(
        self,
        state: S,
        choices: Callable[[S], Iterable[ActionBase]],
        judge: Callable[[S, ActionBase], S],
    ) -> None:
        self.state = state
        self._choices = choices
        self._judge = judge
        # Each action judged so far: the state it leads to, or the rules' refusal.
        self._judged: list[tuple[ActionBase, S | Message]] = []
        self._listed: tuple[ActionBase, ...] | None = None

    def __iter__(self) -> Iterator[ActionBase]:
        return iter(self.actions)

    @property
    def choices(self) -> tuple[ActionBase, ...]:
        """The game's actions of the moment, those the rules refuse too (the
        pseudo-legal moves): what a table might offer, each with its refusal."""
        if self._listed is None:
            self._listed = tuple(self._choices(self.state))
        return self._listed

    @property
    def actions(self) -> tuple[ActionBase, ...]:
        """Every action of the game's choices now that the rules take, in the game's
        order (a count the players type in is one of its examples: any the rules
        take is legal, `refusal` says)."""
        return tuple(a for a in self.choices if self.refusal(a) is None)

    @property
    def types(self) -> frozenset[str]:
        """The action types of `actions`: what a table may offer now."""
        return frozenset(a.type_name for a in self.actions)

    def of_type(self, type_name: str) -> tuple[ActionBase, ...]:
        return tuple(a for a in self.actions if a.type_name == type_name)

    def allows(self, action: ActionBase) -> bool:
        return self.refusal(action) is None

    def refusal(self, action: ActionBase) -> Message | None:
        """The rules' sentence refusing `action` now, or None when they take it."""
        verdict = self._verdict(action)
        return verdict if isinstance(verdict, Message) else None

    def after(self, action: ActionBase) -> S:
        """The state `action` leads to; a `RuleError` when the rules refuse it."""
        verdict = self._verdict(action)
        if isinstance(verdict, Message):
            raise RuleError(verdict)
        return verdict

    def _verdict(self, action: ActionBase) -> S | Message:
        for judged, verdict in self._judged:
            if _same(judged, action):
                return verdict
        try:
            found: S | Message = self._judge(self.state, action)
        except RuleError as error:
            found = error.message
        self._judged.append((action, found))
        return found


def _same(one: ActionBase, other: ActionBase) -> bool:
    """The same action but perhaps for the time it was recorded (`at`), which the rules
    ignore: the table stamps the one it sends, not the one it asked about."""
    if type(one) is not type(other):
        return False
    mine, theirs = one.__dict__, other.__dict__
    return all(mine[key] == theirs[key] for key in mine if key != "at")


def corrections(names: Iterable[str], tokens: Iterable[str]) -> list[ActionBase]:
    """Each count of each player one up and one down: a game's `adjust` choices (a
    correction steps one at a time on the table)."""
    counts = tuple(tokens)
    return [
        PlayerAdjust(player=name, token=token, delta=delta)
        for name in names
        for token in counts
        for delta in (-1, 1)
    ]
