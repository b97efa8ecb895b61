"""The big GO button of the game in play, carried out: what the table's adapter says
GO means now (`companion.ui.tables.base.go.Go`), with the GO lock-out, the end of a
turn that asks first when it would skip a mandatory step, and the table's own
questions (asked when they wait; an answer undone is asked again on GO, not at once).
Never a game's name or action: those are in the `Go` and `TableQuestion` values.

No Kivy here: it writes the view-model's properties (`error`, `confirm_end`,
`question`) through the view-model it belongs to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.messages import Message
from companion.core.session import Change
from companion.ui.strings import UI
from companion.ui.tables.base.go import RESUME, Ask, Go, Refuse, Send, Simple, TableQuestion

if TYPE_CHECKING:
    from companion.ui.viewmodel import GameModel


class GoButton:
    def __init__(self, model: GameModel[Any], lockout_s: float) -> None:
        self.model = model
        self.lockout_s = lockout_s
        self._last: float | None = None
        self._asked = ""  # the question waiting as of the last look, asked or not
        self._waits = False  # an undone answer: its question comes back on GO
        self._aside = ""  # the question closed unanswered: it comes back on GO
        self._expired: set[int] = set()  # the glass's runs whose end was recorded

    def now(self) -> Go:
        """What GO means now: resume a paused glass, the table's waiting question, or
        what the table's adapter says."""
        model = self.model
        if model.timer.paused:
            return Go(UI("go_resume"), RESUME, next=True)
        question = model.adapter.question(model.play)
        if question is not None:
            return Go(question.label, Ask(question), next=question.next)
        return model.adapter.go(model.play)

    def press(self) -> str:
        """A press: what `now()` says. Returns what it did (`Go.name`, or "ignored"
        within the lock-out, "confirm" when an end of turn asks first)."""
        moment = self.model.clock()
        if self._last is not None and moment - self._last < self.lockout_s:
            return "ignored"
        self._last = moment
        go = self.now()
        does = go.does
        if isinstance(does, Send):
            if not self.send(does) and self.model.confirm_end:
                return "confirm"
        elif isinstance(does, Ask):
            self._ask(does.question)
        elif isinstance(does, Refuse):
            self.model.error = does.message
        else:
            self._simple(does)
        return go.name

    def _simple(self, does: Simple) -> None:
        if does.kind == "resume":
            self.model.toggle_pause()
        elif does.kind == "start_glass":
            self.model.play.start_glass()
            self.model.tick()
        elif does.kind == "move_on":  # the screen follows the game's place: there now
            self.model.property("place").dispatch(self.model)

    def send(self, send: Send, anyway: bool = False) -> bool:
        """Send `send`'s action. One that asks first, when the rules name mandatory
        steps it would skip, asks (`confirm_end`) and is sent the second time (or
        `anyway`)."""
        model = self.model
        if send.ask_first:
            missing = [] if anyway or model.confirm_end else self._missing(send)
            if missing:
                model.confirm_end = missing
                return False
            model.confirm_end = []
        return bool(model.act(send.type, **send.fields))

    def end_turn(self, anyway: bool = False) -> bool:
        """End the turn as GO does now when GO ends it (else a plain `end_turn`)."""
        does = self.now().does
        return self.send(does if isinstance(does, Send) else Send("end_turn"), anyway)

    def _missing(self, send: Send) -> list[Message]:
        """What the rules say the action now would skip; nothing when they refuse it
        anyway (then their sentence says why)."""
        session = self.model.session
        action = session.rules.parse_action({"type": send.type, **send.fields})
        if not session.legal().allows(action):  # judged once: the send takes its state
            return []
        return session.missing_steps()

    def _ask(self, question: TableQuestion) -> None:
        if self._waits or self._aside:  # it waits for GO: GO brings it back
            self._waits, self._aside = False, ""
            self.model.tick()
        else:
            self.model.error = question.refusal

    def expiry(self) -> None:
        """The glass ran out: what the table records then (`TableAdapter.expired`),
        sent once a run of the glass, so that an undo of it stands."""
        model = self.model
        run = model.timer.run
        if run in self._expired:
            return
        send = model.adapter.expired(model.play)
        if send is None:
            return
        self._expired.add(run)
        self.send(send)

    # -- the table's questions ----------------------------------------------------------
    def question(self) -> str:
        """The id of the table's question to ask now ("": none, or one that waits for
        GO after its answer was undone)."""
        model = self.model
        waiting = model.adapter.question(model.play)
        self._asked = waiting.id if waiting is not None else ""
        if self._aside != self._asked:  # the question put aside was answered
            self._aside = ""
        held = waiting is not None and waiting.waits_after_undo and self._waits
        return "" if held or self._aside else self._asked

    def put_aside(self) -> None:
        """The table's question was closed unanswered: it waits for GO instead of
        popping up again, until it is answered or GO brings it back."""
        model = self.model
        waiting = model.adapter.question(model.play)
        if waiting is not None and self._aside != waiting.id:
            self._aside = waiting.id
            model.tick()

    def changed(self, change: Change) -> None:
        """After an undo that brought a question back, it waits for GO (no dialog pops
        up again over the table); any other change forgets that."""
        if change != "undo":
            self._waits = False
            return
        model = self.model
        waiting = model.adapter.question(model.play)
        if waiting is not None and waiting.waits_after_undo and waiting.id != self._asked:
            self._waits = True
