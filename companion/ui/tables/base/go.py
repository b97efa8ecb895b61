"""What the big GO button means now, as a value the view-model carries out without
knowing the game: its words, whether it is what the table does next (the accent),
and what it does. A table's adapter says which (`TableAdapter.go`); no Kivy here.

What GO can do:
- `Send`: send one action (an end of turn asks first when it would skip a step the
  rules call mandatory: `ask_first`);
- `Ask`: the table's open question (`TableQuestion`) comes back, or is named again;
- `START_GLASS`: the app's own glass of this turn starts;
- `RESUME`: the paused glass runs on;
- `Refuse`: nothing happens, a sentence says why;
- `MOVE_ON`: the table gives way to the screen the game is on now (its score);
- `NOTHING`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from companion.core.messages import Message


@dataclass(frozen=True)
class Send:
    """GO sends the action `type` with `fields`."""

    type: str
    fields: Mapping[str, object] = field(default_factory=dict)
    ask_first: bool = False  # the mandatory steps it would skip are asked about first


@dataclass(frozen=True)
class TableQuestion:
    """A question of the table's own that play waits for (the glass ran out: how many
    dice were not placed?). `id` names it for the table's screen, which asks it in
    its own dialog; while it waits GO says `label` (the accent when `next`) and, once
    pressed, `refusal` (answer the question first). An answer undone asks again on GO
    when `waits_after_undo`, not at once."""

    id: str
    label: Message
    refusal: Message
    next: bool = False
    waits_after_undo: bool = False


@dataclass(frozen=True)
class Ask:
    """GO brings the table's waiting question back, or says it must be answered."""

    question: TableQuestion


@dataclass(frozen=True)
class Refuse:
    """GO does nothing now, and `message` says why."""

    message: Message


@dataclass(frozen=True)
class Simple:
    """What GO does that needs no more words: the app's own glass starts, the paused
    glass resumes, the table gives way to the score, or nothing."""

    kind: Literal["start_glass", "resume", "move_on", "nothing"]


START_GLASS = Simple("start_glass")
RESUME = Simple("resume")
MOVE_ON = Simple("move_on")
NOTHING = Simple("nothing")
END_TURN = Send("end_turn", ask_first=True)  # the contract's common end of a turn

Does = Send | Ask | Refuse | Simple


@dataclass(frozen=True)
class Go:
    """GO now: its words, whether it is what the table does next (it wears the
    accent), and what a press does. `at_once`: the table does it by itself, right
    after the action that brought it (a chess clock's next bank starts as the turn
    before ends); an undo takes it back as any action, and GO does it again."""

    label: Message
    does: Does
    next: bool = False
    at_once: bool = False

    @property
    def name(self) -> str:
        """A word for what a press does ("end_turn", "start_glass", "ask"...), for the
        log and the tests."""
        if isinstance(self.does, Send):
            return self.does.type
        if isinstance(self.does, Simple):
            return self.does.kind
        return "ask" if isinstance(self.does, Ask) else "refused"
