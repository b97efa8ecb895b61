"""The tables' dialogs, the same for every game (their kv rules are in `table.kv`):

- `TableDialog`: the look and the answer line every table's dialog shares;
- `QuestionsDialog`: a few one-tap questions and an OK button;
- `ConfirmDialog`: the end of a turn that would skip a mandatory step asks first;
- `CorrectionDialog`: a player's (or a balloon's) counts put right with -/+, a tap
  for 1 and a hold for 5, each step an `adjust` the rules check
(the dice dialog is in `dice.py`).

Nothing that opens by itself (a question when the sand ran out, the round's order)
opens over a view a player is using (the dice dialog, the menu): `Dialogs.free_for`
holds it until that view closes (issue 31.1).

A dialog covers the message strip, so the answer to a press made while it is open
(a rule's refusal, GO at the wrong moment) is shown in the dialog itself, in its
`error` line. A button that discards what was entered (Cancel, Clear) sits in the
dialog's top row, never where a table's GO is (every table keeps GO low on the left).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.ui.context import running_app
from companion.ui.tables.base.adapter import Correction
from companion.ui.tables.base.corrections import Deed
from companion.ui.widgets import Sheet, StepTap, sized

if TYPE_CHECKING:
    from companion.ui.tables.base.screen import TableScreen

D = TypeVar("D", bound="TableDialog")
MAX_IN_A_LINE = 4  # choices of a question side by side; more go in lines of three
# A choice's value, sent as an action's field: a card, a colour, a level, yes or no.
Answer = str | int | bool


class TableDialog(Sheet):
    error = StringProperty("")  # the answer to the last press made while it is open


@dataclass(frozen=True)
class Question:
    """One row of a QuestionsDialog: a label and its choices (value, text); no
    default means it has no answer until a choice is tapped."""

    key: str
    label: str
    choices: Sequence[tuple[Answer, str]]
    default: Answer | None = None


@dataclass(frozen=True)
class Questions:
    """A few one-tap questions under a title: the button `ok` sends the answers to
    `on_ok`, which returns the refusal's sentence (shown in the dialog) or None (then
    the dialog closes); `reopen` asks them again, in a new language."""

    title: str
    asked: Sequence[Question]
    ok: str
    on_ok: Callable[[dict[str, Answer]], str | None]
    reopen: Callable[[], None]


class QuestionsDialog(TableDialog):
    """The questions of a `Questions` and its OK button."""

    title = StringProperty("")
    ok_text = StringProperty("")
    rows = NumericProperty(1)

    def __init__(self, questions: Questions, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.title = questions.title
        self.ok_text = questions.ok
        self.rows = max(1, sum(_lines(q) for q in questions.asked))
        self.questions = list(questions.asked)
        self.answers: dict[str, Answer | None] = {q.key: q.default for q in self.questions}
        self.on_ok = questions.on_ok
        self.rebuild()

    def rebuild(self) -> None:
        box = self.ids.questions
        box.clear_widgets()
        scale = running_app().scale
        for question in self.questions:
            row = Factory.BoxLayout(spacing=6 * scale, size_hint_y=_lines(question))
            if question.label:
                caption = Factory.Dim(text=question.label, size_hint_x=None)
                caption.width = (150 if len(question.label) > 3 else 36) * scale
                caption.shorten = False
                caption.text_size = (caption.width, None)
                row.add_widget(caption)
            # Many choices (six advantage cards): in lines of three, room for long names.
            choices = Factory.GridLayout(rows=_lines(question), spacing=6 * scale)
            for value, text in question.choices:
                active = self.answers.get(question.key) == value
                toggle = sized(Factory.Toggle(text=text, active=active), 16 * scale)
                toggle.bind(on_release=lambda _w, k=question.key, v=value: self.choose(k, v))
                choices.add_widget(toggle)
            row.add_widget(choices)
            box.add_widget(row)

    def choose(self, key: str, value: Answer) -> None:
        self.answers[key] = value
        self.error = ""
        self.rebuild()

    def ok(self) -> None:
        given = {k: v for k, v in self.answers.items() if v is not None}
        if len(given) < len(self.answers):
            return  # every question needs its answer first
        refused = self.on_ok(given)
        if refused is None:
            self.dismiss()
        else:
            self.error = refused


def _lines(question: Question) -> int:
    """The lines a question's choices take: one, or lines of three for many."""
    count = len(question.choices)
    return 1 if count <= MAX_IN_A_LINE else -(-count // 3)


class ConfirmDialog(TableDialog):
    """The rules name mandatory steps an end of turn now would skip: say them and
    ask. "End anyway" (or GO again) ends the turn, Cancel goes back to it."""

    lines = StringProperty("")

    def __init__(self, screen: TableScreen, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.screen = screen

    def end_anyway(self) -> None:
        model = self.screen.model
        if model is not None and not model.button.end_turn(anyway=True):
            self.error = self.screen.app.tr(model.error)

    def cancel(self) -> None:
        if self.screen.model is not None:
            self.screen.model.confirm_end = []
        self.dismiss()


class CorrectionDialog(TableDialog):
    """The table and the app disagree: one player's (or balloon's) counts put right
    with -/+ (a tap 1, a hold 5), each step an `adjust` action the rules check; more
    than four counts in two columns. The adapter says what the counts are and what an
    `adjust` names, and what else a tap there may do (its deeds: a button each, dimmed
    while the rules would refuse it, closing the dialog once done)."""

    title = StringProperty("")
    rows = NumericProperty(2)
    columns = NumericProperty(1)
    deeds = NumericProperty(0)

    def __init__(self, screen: TableScreen, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.screen = screen
        self.subject = ""
        self._counts: dict[str, BoxLayout] = {}  # token -> the row showing its count

    def show(self, subject: str) -> None:
        found = self._correction(subject)
        if found is None:
            return
        self.subject, self.error = subject, ""
        self._build(found)
        self.open()

    def on_open(self) -> None:
        running_app().bind(lang=self._words)  # the menu's language, while open

    def on_dismiss(self) -> None:
        running_app().unbind(lang=self._words)

    def _words(self, *_: object) -> None:
        found = self._correction(self.subject)
        if found is None:
            return
        app = running_app()
        self.title = app.tr(found.title)
        for counter in found.counters:
            self._counts[counter.token].label = app.tr(counter.label)
        self._deeds()

    def _found_deeds(self) -> tuple[Deed, ...]:
        model = self.screen.model
        return model.adapter.deeds(model.play, self.subject) if model is not None else ()

    def _deeds(self, *_: object) -> None:
        """A button for each deed, dimmed while the rules would refuse it now."""
        box = self.ids.deeds
        box.clear_widgets()
        model = self.screen.model
        app = running_app()
        deeds = self._found_deeds()
        self.deeds = len(deeds)
        for index, deed in enumerate(deeds):
            tap = Factory.Tap(text=app.tr(deed.label), font_size=18 * app.scale)
            action = model.rules.parse_action({"type": deed.send.type, **deed.send.fields})
            tap.enabled = model.session.legal().allows(action)
            tap.bind(on_release=lambda _w, i=index: self.do(i))
            box.add_widget(tap)

    def do(self, index: int) -> None:
        """A deed, as it is at this moment: done, the dialog closes (and the table says
        what the deed wants said: how to take it back); refused, the rules' sentence
        says why."""
        deeds = self._found_deeds()
        if index >= len(deeds):
            return
        deed = deeds[index]
        refused = self.screen.dialogs.attempt(deed.send.type, **deed.send.fields)
        if refused is not None:
            self.error = refused
            return
        self.dismiss()
        if deed.said is not None and self.screen.model is not None:
            self.screen.model.notice = deed.said

    def _correction(self, subject: str) -> Correction | None:
        model = self.screen.model
        return model.adapter.correction(model.session, subject) if model is not None else None

    def _build(self, found: Correction) -> None:
        count = len(found.counters)
        self.columns = 1 if count <= MAX_IN_A_LINE else 2
        self.rows = -(-count // self.columns)
        box = self.ids.counters
        box.clear_widgets()
        box.cols = self.columns
        self._counts = {}
        for counter in found.counters:
            row = Factory.CorrectionRow()  # a kv class: its properties are set once made
            row.compact = self.columns > 1
            widget, kind = counter.icon
            if widget:
                row.ids.icon.add_widget(Factory.get(widget)(kind=kind))
            else:
                row.ids.icon.width = 0
            for step in (w for w in row.walk(restrict=True) if isinstance(w, StepTap)):
                step.bind(on_step=lambda _w, delta, t=counter.token: self.step(t, delta))
            self._counts[counter.token] = row
            box.add_widget(row)
        self._words()
        self.sync(found)

    def sync(self, found: Correction | None = None) -> None:
        found = found or self._correction(self.subject)
        if found is None:
            return
        for counter in found.counters:
            self._counts[counter.token].count = counter.count
        self._deeds()

    def step(self, token: str, delta: int) -> None:
        found = self._correction(self.subject)
        if found is None:
            return
        fields = {**found.fields, "token": token, "delta": delta}
        self.error = self.screen.dialogs.attempt("adjust", **fields) or ""
        self.sync()


class Dialogs:
    """A table's dialogs: closed when the table is left; the questions built again
    in a new language, with the answers given so far; the one on top is where the
    answer to a press goes."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self._kept: list[TableDialog] = []
        self._questions: QuestionsDialog | None = None
        self._reopen: Callable[[], None] | None = None  # builds the questions again
        self._confirm: ConfirmDialog | None = None
        self._correction: CorrectionDialog | None = None
        self._waiting: list[Callable[[], object]] = []  # openers held by `free_for`
        self._watched: list[ModalView] = []  # the views in use they wait for

    def free_for(self, opener: Callable[[], object]) -> bool:
        """Whether a view that opens by itself may open now: True when no view is open
        over the window. Otherwise False, and `opener` is called again once the view
        in use has closed (it asks again then: another may have opened meanwhile)."""
        busy = next((w for w in Window.children if isinstance(w, ModalView)), None)
        if busy is None:
            return True
        if opener not in self._waiting:
            self._waiting.append(opener)
        if busy not in self._watched:
            self._watched.append(busy)
            busy.fbind("parent", self._view_left)
        return False

    def _view_left(self, view: ModalView, parent: Widget | None) -> None:
        if parent is not None:
            return
        view.funbind("parent", self._view_left)
        self._watched.remove(view)
        waiting, self._waiting = self._waiting, []
        Clock.schedule_once(lambda _dt: [opener() for opener in waiting], 0)

    def attempt(self, kind: str, /, **fields: object) -> str | None:
        """Send an action from a dialog: None when done, else the rule's sentence (for
        the dialog to show: it covers the message strip)."""
        screen = self.screen
        if screen.act(kind, **fields):
            return None
        return screen.app.tr(screen.model.error) if screen.model is not None else ""

    def keep(self, view: D) -> D:
        """A dialog of this table: closed when the table is left."""
        if view not in self._kept:
            self._kept.append(view)
        return view

    def only(self, view: D) -> D:
        """A dialog of this table that replaces the others of its kind (closed)."""
        for old in [v for v in self._kept if type(v) is type(view)]:
            old.dismiss()
            self._kept.remove(old)
        return self.keep(view)

    def top(self) -> TableDialog | None:
        """The dialog open now (the last opened), if any."""
        shown = [v for v in self._kept if v.parent is not None]
        return shown[-1] if shown else None

    def ask(self, questions: Questions) -> QuestionsDialog:
        """Open `questions` in place of the questions open now; the dialog opened."""
        if self._questions is not None:
            self._questions.dismiss()
            self._kept.remove(self._questions)
        self._questions = QuestionsDialog(questions)
        self._reopen = questions.reopen
        self.keep(self._questions).open()
        return self._questions

    def reopen(self) -> None:
        view = self._questions
        if view is not None and view.parent is not None and self._reopen is not None:
            answers = dict(view.answers)
            self._reopen()
            if self._questions is not None:
                self._questions.answers.update(answers)
                self._questions.rebuild()
        self.follow_confirm()

    # -- the skeleton's own dialogs ----------------------------------------------------
    def follow_confirm(self, *_: object) -> None:
        """The rules' missing steps of an end of turn asked about, or the question gone."""
        model = self.screen.model
        missing = list(model.confirm_end) if model is not None else []
        if not missing:
            if self._confirm is not None:
                self._confirm.dismiss()
            return
        if self._confirm is None:
            self._confirm = self.keep(ConfirmDialog(self.screen))
        app = self.screen.app
        self._confirm.lines = "\n".join(app.tr(m) for m in missing)
        self._confirm.error = ""
        if self._confirm.parent is None and self.screen.showing:
            self._confirm.open()

    def correct(self, subject: str) -> None:
        if self.screen.model is None:
            return
        if self._correction is None:
            self._correction = self.keep(CorrectionDialog(self.screen))
        self._correction.show(subject)

    def close(self) -> None:
        self._waiting.clear()  # the table is left: nothing opens by itself on it
        for view in self._kept:
            view.dismiss()
