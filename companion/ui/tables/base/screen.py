"""The table skeleton: what every game's table screen does, written once.

`TableScreen` binds to the game in play's view-model (and unbinds from the last
one), writes the message strip (a refused action's sentence, the news, else what
the rules ask for now), shows the hourglass and the strip's frame, answers GO, UNDO
and PAUSE (on screen and on the buttons), keeps its dialogs (closed when the table
is left, built again in a new language) and moves on when the game is over. Its kv
rules (`table.kv`: the message strip, the pause button, the dialogs) are shared.

A game's table adds its panels: `show_state()` fills them, `prompt_text()` may say
more than the rules' prompts, `go_label()` and `go_is_next()` name GO, and
`bindings()` may watch more of the view-model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.core.messages import Message
from companion.ui import theme
from companion.ui.strings import UI
from companion.ui.tables.base.dialogs import Question, QuestionsDialog, TableDialog
from companion.ui.viewmodel import GameModel

D = TypeVar("D", bound=TableDialog)

GO_LABELS: Mapping[str, Message] = {
    "start_timer": UI("go_start"),
    "end_turn": UI("go_end"),
    "resume": UI("go_resume"),
    "score": UI("go_score"),
    "order": UI("go_order"),
}


class TableScreen(Screen):
    model = ObjectProperty(None, allownone=True)
    message_text = StringProperty("")
    message_is_error = BooleanProperty(False)
    go_text = StringProperty("")
    go_ready = BooleanProperty(False)  # GO is what the table does next: the accent
    timer_on = BooleanProperty(False)  # the game has a glass
    seconds_text = StringProperty("")
    seconds_hex = StringProperty(theme.TEXT)
    phase = StringProperty("idle")  # the hourglass: idle, running, paused, expired
    phase_text = StringProperty("")
    frame = ListProperty([])

    # What the glass line says when this turn has no glass (None: nothing).
    untimed: ClassVar[Message | None] = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._bound: GameModel | None = None
        self.dialogs = Dialogs(self)
        App.get_running_app().bind(lang=self._language)

    @property
    def app(self) -> Any:
        return App.get_running_app()

    @property
    def showing(self) -> bool:
        return self.manager is not None and self.manager.current == self.name

    # -- the view-model ------------------------------------------------------------
    def prepare(self) -> None:
        """Show the game in play (the app calls this before the screen appears)."""
        if self._bound is not None:
            self._bound.unbind(**self.bindings())
        self.model = self._bound = self.app.model
        if self.model is None:
            return
        self.model.bind(**self.bindings())
        self.new_game()
        self.refresh()
        self.show_frame()

    def bindings(self) -> dict[str, Any]:
        """What each of the view-model's properties redraws."""
        return {
            "revision": self.refresh,
            "error": self.refresh,
            "notice": self.refresh,
            "rolling": self.refresh,
            "phase": self.show_timer,
            "seconds_left": self.show_timer,
            "frame": self.show_frame,
        }

    def new_game(self) -> None:
        """A (new) game is bound: forget what belonged to the last one."""

    def _language(self, *_: Any) -> None:
        """A new language: the screen, and open questions with their answers so far."""
        self.refresh()
        self.dialogs.reopen()

    def on_leave(self, *_: Any) -> None:
        self.dialogs.close()

    # -- showing -------------------------------------------------------------------
    def refresh(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        if model.summary.get("over"):
            if self.showing:
                self.app.show(self.app.screen_for_model())  # the results, or the score
            return
        self.show_state()
        self.show_message()
        self.show_timer()

    def show_state(self) -> None:
        """The game's own panels."""

    def show_message(self) -> None:
        model = self.model
        app = self.app
        self.message_is_error = model.error is not None
        if model.error is not None:
            self.message_text = app.tr(model.error)
        elif model.rolling:
            self.message_text = app.t("dice_rolling")
        elif model.notice is not None:
            self.message_text = app.tr(model.notice)
        else:
            self.message_text = self.prompt_text()

    def prompt_text(self) -> str:
        """What the table should do now: the rules' last two prompts."""
        return "\n".join(self.app.tr(m) for m in self.model.prompts[-2:])

    def go_label(self, kind: str) -> Message:
        return GO_LABELS.get(kind, UI("go_end"))

    def go_is_next(self) -> bool:
        """GO is what the table does next even without a glass to start."""
        return False

    def show_timer(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        app = self.app
        kind = model.go_kind
        self.phase = model.phase
        self.timer_on = model.hourglass is not None
        self.go_text = app.tr(self.go_label(kind))
        self.go_ready = kind in ("start_timer", "resume") or self.go_is_next()
        if model.hourglass is None or not model.timed:
            self.seconds_text, self.seconds_hex = "", theme.TEXT_DIM
            self.phase_text = app.tr(self.untimed)
            return
        self.seconds_text = app.t("seconds_left", seconds=model.whole_seconds)
        self.seconds_hex = theme.DANGER if model.warning else theme.TEXT
        self.phase_text = {"paused": app.t("paused"), "expired": app.t("time_up")}.get(
            model.phase, ""
        )

    def show_frame(self, *_: Any) -> None:
        if self.model is not None:
            self.frame = [tuple(c) for c in self.model.frame]

    # -- taps and buttons ----------------------------------------------------------
    def act(self, kind: str, /, **fields: Any) -> bool:
        return bool(self.model is not None and self.model.act(kind, **fields))

    def go(self) -> None:
        if self.model is None:
            return
        if self.model.go() == "score":
            self.app.show(self.app.screen_for_model())
        self.show_timer()

    def undo(self) -> None:
        if self.model is not None:
            self.model.undo()

    def pause(self) -> None:
        if self.model is not None:
            self.model.toggle_pause()

    def button(self, source: str) -> None:
        """A press of a big button: "go", "undo" or "pause"."""
        {"go": self.go, "undo": self.undo, "pause": self.pause}[source]()


class Dialogs:
    """A table's open dialogs: closed when the table is left; the questions built
    again in a new language, with the answers given so far."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self._kept: list[TableDialog] = []
        self._questions: QuestionsDialog | None = None
        self._reopen: Callable[[], None] | None = None  # builds the questions again

    def attempt(self, kind: str, /, **fields: Any) -> str | None:
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

    def ask(
        self,
        title: str,
        questions: list[Question],
        ok: str,
        on_ok: Callable[[dict[str, Any]], str | None],
        reopen: Callable[[], None],
    ) -> None:
        """A few one-tap questions; `reopen` builds them again in a new language."""
        if self._questions is not None:
            self._questions.dismiss()
            self._kept.remove(self._questions)
        self._questions = QuestionsDialog(title, questions, ok, on_ok)
        self._reopen = reopen
        self.keep(self._questions).open()

    def reopen(self) -> None:
        view = self._questions
        if view is None or view.parent is None or self._reopen is None:
            return
        answers = dict(view.answers)
        self._reopen()
        if self._questions is not None:
            self._questions.answers.update(answers)
            self._questions.rebuild()

    def close(self) -> None:
        for view in self._kept:
            view.dismiss()
