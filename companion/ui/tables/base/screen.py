"""The table skeleton: what every game's table screen does, written once.

`TableScreen` binds to the game in play's view-model (and unbinds from the last
one), writes the strip (the step line, which says what to do now and is never
pushed out, and below it a refusal, the news or the rules' reminders), shows the
hourglass and the strip's frame, hands its GO, UNDO (held: redo) and PAUSE to the
router (as the devices' buttons are: to the view-model), keeps its dialogs (closed
when the table is left, built again in a new language; the answer to a press made
while one is open goes into it); the app moves on when the game is over.
Its kv rules (`table.kv`) are shared; the strip, GO, Undo and Pause are its column,
which every table's kv places once (`PARTS`).

A game's table adds its panels: `show_state()` fills them, `prompt_lines()` may say
more than the rules' reminders (the strip shows those that fit whole), and
`bindings()` may watch more of the view-model (its own questions: `question`). What
GO says and does is the adapter's (`TableAdapter.go`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.core.messages import Message
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.fit import problem
from companion.ui.screen import AppScreen
from companion.ui.tables.base.column import find_parts
from companion.ui.tables.base.dialogs import Dialogs
from companion.ui.tables.base.dice import DiceDialog
from companion.ui.viewmodel import GameModel
from companion.ui.widgets import FitLabel

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp


def message_label(strip: Widget) -> FitLabel | None:
    """The strip's line below the step (its last label)."""
    box = [w for w in strip.walk(restrict=True) if isinstance(w, FitLabel)]
    return box[-1] if box else None


def fitting(lines: list[str], strip: Widget) -> list[str]:
    """The first of `lines` that the strip's message shows whole at the least font
    (one at least): a reminder is left out rather than cut off."""
    shown = lines[:1]
    label = message_label(strip)
    if label is None or label.width < 2:
        return lines
    probe = Label(font_size=label.least * running_app().scale, size=label.size)
    probe.text_size = label.size
    for line in lines[1:]:
        probe.text = "\n".join([*shown, line])
        if problem(probe) is not None:
            break
        shown.append(line)
    return shown


class TableScreen(AppScreen):
    model = ObjectProperty(None, allownone=True)
    step_text = StringProperty("")  # what the table does now: its own line
    message_text = StringProperty("")  # a refusal, news, else the rules' reminders
    message_is_error = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    can_choose_start = BooleanProperty(False)  # before the first turn: "Who starts?"
    go_text = StringProperty("")
    go_ready = BooleanProperty(False)  # GO is what the table does next: the accent
    timer_on = BooleanProperty(False)  # the game has a glass
    seconds_text = StringProperty("")
    seconds_hex = StringProperty(theme.TEXT)
    phase = StringProperty("idle")  # the hourglass: idle, running, paused, expired
    phase_text = StringProperty("")
    frame = ListProperty([])
    dice_values = ListProperty([])  # the dice row: the roll of the turn, or a partial read
    dice_missing = ListProperty([])  # the dice a partial read left to tap in

    # What the glass line says when this turn has no glass (None: nothing).
    untimed: ClassVar[Message | None] = None

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        find_parts(self)
        self._bound: GameModel | None = None
        self.dialogs = Dialogs(self)
        running_app().bind(lang=self._language)
        # The room of the line below the step decides how many reminders it shows:
        # again when it changes. (Not the strip's size: a strip back from a refusal's
        # height is laid out later, and its line still had the refusal's room.)
        label = message_label(self.ids.message)
        if label is not None:  # a table's strip has its line; without one, nothing to refit
            label.bind(size=lambda *_: self.show_message())

    @property
    def app(self) -> CompanionApp:
        return running_app()

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

    def bindings(self) -> dict[str, Callable[..., object]]:
        """What each of the view-model's properties redraws."""
        return {
            "revision": self.refresh,
            "error": self.answered,
            "notice": self.answered,
            "rolling": self.refresh,
            "phase": self.show_timer,
            "seconds_left": self.show_timer,
            "frame": self.show_frame,
            "confirm_end": self.dialogs.follow_confirm,
            "dice": self.show_dice,
            "partial": self.show_dice,
        }

    def new_game(self) -> None:
        """A (new) game is bound: forget what belonged to the last one."""

    def _language(self, *_: object) -> None:
        """A new language: the screen, and open questions with their answers so far."""
        self.refresh()
        self.dialogs.reopen()

    def on_leave(self, *_: object) -> None:
        """Left (the navigator then releases it, and `prepare()` binds a new one): the
        game in play no longer redraws it."""
        self.dialogs.close()
        if self._bound is not None:
            self._bound.unbind(**self.bindings())
        self.model = self._bound = None

    # -- showing -------------------------------------------------------------------
    def refresh(self, *_: object) -> None:
        model = self.model
        if model is None:
            return
        if model.place != model.adapter.screen:
            return  # the game left its table (its score, its results): the app follows
        self.can_redo = model.can_redo
        self.can_choose_start = (
            model.adapter.chooses_start
            and len(model.session) == 0
            and not model.can_redo
            and len(model.session.setup.names) > 1
        )
        self.show_dice()
        self.show_state()
        self.show_message()
        self.show_timer()

    def show_state(self) -> None:
        """The game's own panels."""

    def answered(self, *_: object) -> None:
        """A refusal or news: on the strip, and in the dialog that covers it."""
        self.show_message()
        model = self.model
        said = model.error if model.error is not None else model.notice
        view = self.dialogs.top()
        if view is not None and said is not None:
            view.error = self.app.tr(said)

    def show_message(self) -> None:
        model = self.model
        if model is None:
            return
        app = self.app
        self.step_text = app.tr(model.step)
        self.message_is_error = model.error is not None
        if model.error is not None:
            self.message_text = app.tr(model.error)
        elif model.rolling:
            self.message_text = app.t("dice_rolling")
        elif model.notice is not None:
            self.message_text = app.tr(model.notice)
        else:
            self.message_text = "\n".join(fitting(self.prompt_lines(), self.ids.message))

    def prompt_lines(self) -> list[str]:
        """The rules' reminders besides the step, the most important first."""
        reminders = self.model.adapter.reminders(self.model.session)
        return [self.app.tr(m) for m in reminders]

    def show_timer(self, *_: object) -> None:
        model = self.model
        if model is None:
            return
        app = self.app
        go = model.go_now
        self.phase = model.phase
        self.timer_on = model.hourglass is not None
        self.go_text = app.tr(go.label)
        self.go_ready = go.next
        if model.hourglass is None or not model.timed:
            self.seconds_text, self.seconds_hex = "", theme.TEXT_DIM
            self.phase_text = app.tr(self.untimed)
            return
        self.seconds_text = self.clock_text(model.whole_seconds)
        self.seconds_hex = theme.DANGER if model.warning else theme.TEXT
        self.phase_text = {"paused": app.t("paused"), "expired": app.t("time_up")}.get(
            model.phase, ""
        )

    def show_dice(self, *_: object) -> None:
        """The dice row: a roll read in part with its missing dice marked, else the
        roll of the turn (never a dialog: that opens when a player taps the dice)."""
        model = self.model
        if model is None or not model.adapter.dice:
            return
        partial = list(model.partial)
        self.dice_values = partial or list(model.dice) or [0] * model.adapter.dice
        self.dice_missing = [not v for v in partial]

    def clock_text(self, seconds: int) -> str:
        """The glass's seconds left as the table shows them ("25 s")."""
        return str(self.app.t("seconds_left", seconds=seconds))

    def show_frame(self, *_: object) -> None:
        if self.model is not None:
            self.frame = [tuple(c) for c in self.model.frame]

    # -- taps and buttons ----------------------------------------------------------
    def act(self, kind: str, /, **fields: object) -> bool:
        return bool(self.model is not None and self.model.act(kind, **fields))

    # The buttons on screen press as the devices' do: through the router, one way.
    def go(self) -> None:
        self.app.router.press("go")

    def undo(self) -> None:
        self.app.router.press("undo")

    def redo(self) -> None:
        self.app.router.press("redo")

    def pause(self) -> None:
        self.app.router.press("pause")

    def open_correction(self, subject: str) -> None:
        """A tap on a player's (or a balloon's) counts: put them right."""
        self.dialogs.correct(subject)

    def open_dice(self, *_: object) -> None:
        """A tap on the dice: the dialog, with the dice a partial read kept."""
        model = self.model
        if model is None or not model.adapter.dice:
            return
        self.dialogs.only(DiceDialog(self, list(model.partial))).open()
