"""The view-model between a `Session` and the widgets.

Screens read its Kivy properties and call its methods; it turns taps and button
presses into actions (each stamped with `at`, UTC), sends them to `Session.apply`,
and shows a refused action's `RuleError` as a sentence. It never decides a rule.

What is not for the screen lives beside it, with no Kivy: the turn timer
(`companion.play.timer`), the recorder that writes to the store, the strip
controller (both session listeners) and the glass driver, which sounds the buzzer
and draws the strip on its own thread (`companion.play.driver`; the app starts it).
The view-model ticks them too and copies what the screen shows into its properties,
but only as often as something shown changes by itself (`companion.ui.ticks`: the seconds
label once a second, the on-screen strip's next step): an idle or paused table and
a running glass do not wake the screen's thread 60 times a second.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from kivy.event import EventDispatcher
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)

from companion.config import ButtonsConfig
from companion.core.errors import CompanionError
from companion.core.hourglass import Hourglass
from companion.core.messages import Message
from companion.core.rules import Rules
from companion.core.session import Change, Session
from companion.play.driver import GlassDriver
from companion.play.lights import StripController
from companion.play.recorder import Recorder
from companion.play.timer import TurnTimer
from companion.store import Store, now
from companion.ui import theme
from companion.ui.strings import UI, said
from companion.ui.tables.base.adapter import GoKind, TableAdapter
from companion.ui.ticks import ScreenTicks
from hardware.buzzer import BuzzerController
from hardware.strip import Strip

Clock = Callable[[], float]
S = TypeVar("S")

# A second GO this soon is a bouncing finger, not a second turn; the app passes the
# lock-out of the settings, a table without settings (tests) the settings' default.
DEFAULT_LOCKOUT_S = ButtonsConfig().lockout_s


class GameModel(EventDispatcher, Generic[S]):
    """`S` is the game's state type; each table reads its own game's state."""

    revision = NumericProperty(0)  # bumped on every change of the session
    summary = DictProperty({})
    prompts = ListProperty([])  # Messages from the rules
    error = ObjectProperty(None, allownone=True)  # a refused action's Message
    notice = ObjectProperty(None, allownone=True)  # news that is not an error
    phase = StringProperty("idle")  # the hourglass: idle, running, paused, expired
    seconds_left = NumericProperty(0.0)
    ask_unplaced = BooleanProperty(False)  # time ran out: how many dice were not placed?
    frame = ListProperty([])  # the LED picture, as the strip shows it
    dice = ListProperty([])  # the roll of this turn (ints), [] if none yet
    rolling = BooleanProperty(False)
    partial = ListProperty([])  # a roll read in part: its values, 0 for a die unread
    step = ObjectProperty(None, allownone=True)  # what the table does now (a Message)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)  # after an undo, until the next new action
    # The mandatory steps an end of turn would skip: GO asks first, a second GO ends.
    confirm_end = ListProperty([])

    def __init__(
        self,
        *,
        store: Store,
        session_id: int,
        session: Session[S],
        adapter: TableAdapter,
        clock: Clock,
        warnings: Sequence[float] = (10.0, 5.0),
        strip: Strip | None = None,
        buzzer: BuzzerController | None = None,
        app_options: Mapping[str, Any] | None = None,
        lockout_s: float = DEFAULT_LOCKOUT_S,
        ticks_itself: bool = True,
    ) -> None:
        super().__init__()
        self.app_options = dict(app_options or {})
        self.session = session
        self.adapter = adapter
        self.clock = clock
        self.lockout_s = lockout_s
        self.names = list(session.setup.names)
        self.seats = dict(zip(self.names, adapter.seat_colours(self.names), strict=True))
        self.recorder = memory = Recorder(store, session_id)
        options = self.app_options
        self.timer = TurnTimer(
            session, adapter, app_options=options, clock=clock, warnings=warnings, memory=memory
        )
        self.lights = StripController(strip, {n: hex_ for n, (_, hex_) in self.seats.items()})
        self.driver = GlassDriver(self.timer, self.lights, buzzer, clock)
        self.ticks = ScreenTicks(self.timer, self.lights, clock, self.tick, enabled=ticks_itself)
        self._last_go: float | None = None
        self._question_waits = False  # an undone time-up answer: GO asks again
        self.recorder.follow(session)
        self.lights.follow(session)
        session.add_listener(self._changed)
        self._refresh()
        self.tick()

    # -- reading ---------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self.session.state

    @property
    def rules(self) -> Rules[S]:
        return self.session.rules

    @property
    def session_id(self) -> int:
        return self.recorder.session_id

    @property
    def hourglass(self) -> Hourglass | None:
        return self.timer.glass

    @property
    def timed(self) -> bool:
        return self.timer.timed

    def seat(self, name: str) -> tuple[str, str]:
        return self.seats.get(name, theme.seat_colour(0))

    @property
    def go_kind(self) -> GoKind | str:
        if self.timer.expired_unanswered():
            return "unplaced"
        if self.timer.paused:
            return "resume"
        kind = self.adapter.go(self.session)
        if kind == "end_turn" and self.timer.app_glass_idle():
            return "start_timer"
        return kind

    @property
    def whole_seconds(self) -> int:
        """The seconds left as the glass shows them: rounded up, so "0 s" comes with
        the end itself, in the frame that shows time up (one texture write, not two)."""
        return math.ceil(self.seconds_left)

    @property
    def warning(self) -> bool:
        """The sand is in the warning band, or has run out: the numbers turn red."""
        view = self.timer.view()
        return view is not None and (view.in_warning or self.phase == "expired")

    # -- actions ---------------------------------------------------------------------
    def act(self, kind: str, /, **fields: Any) -> bool:
        """Send one action to the rules; False (and a sentence on screen) if refused."""
        try:
            action = self.rules.parse_action({"type": kind, "at": now(), **fields})
            self.session.apply(action)
        except CompanionError as error:
            self.error = error.message
            return False
        return True

    def go(self) -> str:
        """The big button: start the hourglass, or end the turn. Returns what it did."""
        moment = self.clock()
        if self._last_go is not None and moment - self._last_go < self.lockout_s:
            return "ignored"
        self._last_go = moment
        kind = self.go_kind
        if kind == "unplaced":
            self._ask_unplaced()
        elif kind == "resume":
            self.toggle_pause()
        elif kind == "order":
            self.error = UI("go_order")
        elif kind == "start_timer" and self.timer.app_turn() is not None:
            self.timer.start_app_glass()
            self.driver.wake()
            self.tick()
        elif kind == "start_timer":
            self.act(kind)
        elif kind == "end_turn" and not self.end_turn():
            return "confirm"
        return kind

    def end_turn(self, anyway: bool = False) -> bool:
        """End the turn; when the rules name mandatory steps it would skip, ask first
        (`confirm_end`), and end it on the second time (or `anyway`)."""
        missing = [] if anyway or self.confirm_end else self._missing()
        if missing:
            self.confirm_end = missing
            return False
        self.confirm_end = []
        return self.act("end_turn")

    def _missing(self) -> list[Message]:
        """What the rules say an end of turn now would skip; nothing when they refuse
        the end of turn anyway (then their sentence says why)."""
        try:
            self.rules.apply(self.state, self.rules.parse_action({"type": "end_turn"}))
        except CompanionError:
            return []
        return self.session.missing_steps()

    def _ask_unplaced(self) -> None:
        if self._question_waits:  # an undone answer: the question comes back on GO
            self._question_waits = False
            self.tick()
        else:
            self.error = UI("unplaced_first")

    def undo(self) -> bool:
        """Take back the last action; the table is told what, in its own words."""
        try:
            action = self.session.undo()
        except CompanionError as error:  # nothing to undo, or the disk is full
            self.error = error.message
            return False
        self.error = None
        self.notice = said("undone", what=self.adapter.describe(action, self.state))
        if action.type == "timer_expired":  # type: ignore[attr-defined]
            self._question_waits = True
            self.tick()
        return True

    def redo(self) -> bool:
        """Do again what the last undo took back (until a new action is taken)."""
        try:
            action = self.session.redo()
        except CompanionError as error:
            self.error = error.message
            return False
        before = self.session.state_at(len(self.session) - 1)
        self.error = None
        self.notice = said("redone", what=self.adapter.describe(action, before))
        return True

    def toggle_pause(self) -> bool:
        if not self.timer.toggle_pause():
            self.notice = UI("nothing_paused")
            return False
        self.driver.wake()
        self.tick()
        return True

    def answer_unplaced(self, unplaced: int) -> bool:
        ok = self.act("timer_expired", unplaced=unplaced)
        if ok:
            self.ask_unplaced = False
        return ok

    def roll(self, values: Sequence[int | None]) -> bool:
        """A roll from the dice reader: a full readable roll is recorded, else the
        table is asked to tap it in. A game without dice ignores the reader."""
        count = self.adapter.dice
        if not count:
            return False
        self.rolling = False
        readable = [v for v in values if v is not None]
        if len(values) != count or len(readable) != count:
            # The good dice are kept: the table taps in only the ones not read.
            shown = [v or 0 for v in values[:count]]
            self.partial = shown + [0] * (count - len(shown))
            self.notice = UI("dice_partial_fill", count=len(readable), dice=count)
            return False
        self.partial = []
        return self.act(self.adapter.dice_action, values=list(readable))

    def rolling_now(self) -> None:
        """The dice reader says the dice are moving (a game with dice only)."""
        if self.adapter.dice:
            self.rolling = True

    # -- the clock -------------------------------------------------------------------
    def tick(self) -> None:
        """Called when something shown changes (`ScreenTicks`) and after each
        change: the glass, the buzzer and the strip brought up to now (the driver's
        thread does the same on its own time), the glass kept in the store, and what
        the screen shows copied; then the next tick planned."""
        picture = self.driver.step()
        self.timer.keep()
        view = self.timer.view()
        if view is not None:
            self.phase = str(view.phase)
            self.seconds_left = view.seconds_left
        self.ask_unplaced = self.timer.expired_unanswered() and not self._question_waits
        if not self.driver.lent:
            picture = self.ticks.picture(view if self.timer.timed else None)
        as_list = [list(c) for c in picture]
        if as_list != self.frame:
            self.frame = as_list
        self.ticks.plan()

    # -- the session changed ---------------------------------------------------------
    def _changed(self, session: Session[S], change: Change) -> None:
        if change == "apply":
            self.error = None
            self.notice = None
        if change != "undo":
            self._question_waits = False
        if self.recorder.problem is not None:  # stored, but not all of it: say so
            self.error = self.recorder.problem
        self.confirm_end = []
        self.timer.changed(session, change)
        self.driver.wake()
        self._refresh()
        self.tick()

    def _refresh(self) -> None:
        self.summary = self.session.summary()
        self.prompts = list(self.session.prompts())
        self.dice = list(self.adapter.roll_of_turn(self.session))
        self.step = self.adapter.step(self.session)
        self.can_undo = self.session.can_undo
        self.can_redo = self.session.can_redo
        self.revision += 1

    def close(self) -> None:
        self.ticks.stop()
        self.driver.close()
        self.session.remove_listener(self._changed)
        self.lights.leave(self.session)
        self.recorder.leave(self.session)
        self.timer.close()
