"""The tables' dialogs: `TableDialog`, the look and the answer line every table's
dialog shares (its kv rule is in `table.kv`), and `QuestionsDialog`, a few one-tap
questions and an OK button.

A dialog covers the message strip, so the answer to a press made in it (a rule's
refusal) is shown in the dialog itself, in its `error` line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.ui.widgets import sized


class TableDialog(ModalView):
    error = StringProperty("")  # the refusal of the last press made here


@dataclass(frozen=True)
class Question:
    """One row of a QuestionsDialog: a label and its choices (value, text)."""

    key: str
    label: str
    choices: Sequence[tuple[Any, str]]
    default: Any = None


class QuestionsDialog(TableDialog):
    """A few one-tap questions and an OK button; `on_ok(answers)` returns the
    refusal's sentence (shown here) or None (then the dialog closes)."""

    title = StringProperty("")
    ok_text = StringProperty("")
    rows = NumericProperty(1)

    def __init__(
        self,
        title: str,
        questions: Sequence[Question],
        ok_text: str,
        on_ok: Callable[[dict[str, Any]], str | None],
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.ok_text = ok_text
        self.rows = max(1, len(questions))
        self.questions = list(questions)
        self.answers: dict[str, Any] = {q.key: q.default for q in questions}
        self.on_ok = on_ok
        self.rebuild()

    def rebuild(self) -> None:
        box = self.ids.questions
        box.clear_widgets()
        scale = App.get_running_app().scale
        for question in self.questions:
            row = Factory.BoxLayout(spacing=6 * scale)
            if question.label:
                caption = Factory.Dim(text=question.label, size_hint_x=None)
                caption.width = (150 if len(question.label) > 3 else 36) * scale
                caption.shorten = False
                caption.text_size = (caption.width, None)
                row.add_widget(caption)
            for value, text in question.choices:
                active = self.answers.get(question.key) == value
                toggle = sized(Factory.Toggle(text=text, active=active), 16 * scale)
                toggle.bind(on_release=lambda _w, k=question.key, v=value: self.choose(k, v))
                row.add_widget(toggle)
            box.add_widget(row)

    def choose(self, key: str, value: Any) -> None:
        self.answers[key] = value
        self.error = ""
        self.rebuild()

    def ok(self) -> None:
        if any(v is None for v in self.answers.values()):
            return  # every question needs its answer first
        refused = self.on_ok(dict(self.answers))
        if refused is None:
            self.dismiss()
        else:
            self.error = refused
