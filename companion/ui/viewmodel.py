"""The view-model between the game in play and the widgets.

Screens read its Kivy properties; the router (`companion.ui.routing`) hands it the
big buttons' presses, from the devices and from the screen alike, and it turns taps and
presses into actions (each stamped with `at`, UTC), sends them to `Session.apply`,
and shows a refused action's `RuleError` as a sentence. It never decides a rule and
never names a game: what GO means now is the table's adapter's `Go`, carried out here.

The game in play itself (the session, the recorder, the turn timer, the strip
controller and the glass driver) is `companion.play.table.GameInPlay`, built without
Kivy; the view-model observes it, and copies what the screen shows into its
properties, but only as often as something shown changes by itself
(`companion.ui.ticks`: the seconds label once a second, the on-screen strip's next
step): an idle or paused table and a running glass do not wake the screen's thread 60
times a second.
"""

from __future__ import annotations

import enum
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
from companion.core.errors import CompanionError, StoreError
from companion.core.hourglass import Hourglass
from companion.core.messages import Message
from companion.core.rules import Rules
from companion.core.session import Change, Session
from companion.play.calls import Calls, Says
from companion.play.lights import AroundTable
from companion.play.table import WARNINGS_S, GameInPlay
from companion.store import Store, now
from companion.ui import theme
from companion.ui.gobutton import GoButton
from companion.ui.strings import UI, said
from companion.ui.tables import adapter as table_of
from companion.ui.tables.base.adapter import TableAdapter
from companion.ui.tables.base.go import Go, Send
from companion.ui.ticks import ScreenTicks
from hardware.buzzer import BuzzerController
from hardware.strip import Strip

Clock = Callable[[], float]
S = TypeVar("S")

# A second GO this soon is a bouncing finger, not a second turn; the app passes the
# lock-out of the settings, a table without settings (tests) the settings' default.
DEFAULT_LOCKOUT_S = ButtonsConfig().lockout_s


class Rolled(enum.Enum):
    """What became of a roll from the dice reader (`GameModel.roll`); true when it
    was recorded. Each but `NOT_SAVED` was kept, so the reader gets its ACK: a roll
    refused for its moment or waiting in the dice row was received and shown, and
    its resend would meet the same."""

    RECORDED = "recorded"  # stored with the game
    PARTIAL = "partial"  # waits in the dice row for the dice the reader could not read
    REFUSED = "refused"  # not at this moment of the turn: shown, nothing changed
    NO_DICE = "no_dice"  # a game without dice
    NOT_SAVED = "not_saved"  # the store refused it (locked, full, its files gone)

    def __bool__(self) -> bool:
        return self is Rolled.RECORDED

    @property
    def kept(self) -> bool:
        return self is not Rolled.NOT_SAVED


class GameModel(EventDispatcher, Generic[S]):
    """`S` is the game's state type; each table reads its own game's state."""

    revision = NumericProperty(0)  # bumped on every change of the session
    summary = DictProperty({})
    prompts = ListProperty([])  # Messages from the rules
    error = ObjectProperty(None, allownone=True)  # a refused action's Message
    notice = ObjectProperty(None, allownone=True)  # news that is not an error
    phase = StringProperty("idle")  # the hourglass: idle, running, paused, expired
    seconds_left = NumericProperty(0.0)
    question = StringProperty("")  # the table's own question asked now ("": none)
    frame = ListProperty([])  # the LED picture, as the strip shows it
    dice = ListProperty([])  # the roll of this turn (ints), [] if none yet
    rolling = BooleanProperty(False)
    partial = ListProperty([])  # a roll read in part: its values, 0 for a die unread
    step = ObjectProperty(None, allownone=True)  # what the table does now (a Message)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)  # after an undo, until the next new action
    # The mandatory steps an end of turn would skip: GO asks first, a second GO ends.
    confirm_end = ListProperty([])
    # Where the game is: its table, "score" (over, not counted) or "results"; decided
    # here once a change, and the app's screen follows it (GO's "move on" too).
    place = StringProperty("")

    def __init__(
        self,
        play: GameInPlay[S],
        adapter: TableAdapter[S],
        *,
        clock: Clock,
        lockout_s: float = DEFAULT_LOCKOUT_S,
        ticks_itself: bool = True,
    ) -> None:
        super().__init__()
        self.play = play
        self.session = play.session
        self.adapter = adapter
        self.clock = clock
        self.names = list(self.session.setup.names)
        self.seats = play.seats
        # The parts the screens and the app reach (the glass, the strip, the store).
        self.timer, self.driver, self.recorder = play.timer, play.driver, play.recorder
        self.ticks = ScreenTicks(play.timer, play.lights, clock, self.tick, enabled=ticks_itself)
        self.button = GoButton(self, lockout_s)
        self._changing = False  # a change is being told: nothing is sent meanwhile
        self.session.add_listener(self._changed)
        if self.recorder.problem is not None:  # what the store said as the game opened
            self.error = self.recorder.problem
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
        return self.play.session_id

    @property
    def hourglass(self) -> Hourglass | None:
        return self.timer.glass

    @property
    def timed(self) -> bool:
        return self.timer.timed

    def seat(self, name: str) -> tuple[str, str]:
        return self.seats.get(name, theme.seat_colour(0))

    @property
    def go_now(self) -> Go:
        """What GO means now (`GoButton.now`)."""
        return self.button.now()

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
    def act(self, kind: str, /, **fields: object) -> bool:
        """Send one action to the rules; False (and a sentence on screen) if refused.
        What GO would do next the table may do by itself at once (`Go.at_once`: a
        chess clock's next bank), when this action brought it."""
        whose = self.session.summary().current  # made once per change: read, not made
        try:
            action = self.rules.parse_action({"type": kind, "at": now(), **fields})
            self.session.apply(action)
        except CompanionError as error:
            self.error = error.message
            return False
        # Only an action that handed the turn on brings GO's next step by itself (an
        # undone start of a bank is not started again by the next correction).
        if self.adapter.acts_at_once and self.session.summary().current != whose:
            go = self.adapter.go(self.play)
            if go.at_once and isinstance(go.does, Send):
                self.act(go.does.type, **go.does.fields)
        return True

    def go(self) -> str:
        """The big button (`GoButton.press`); returns what it did."""
        return self.button.press()

    def undo(self) -> bool:
        """Take back the last action; the table is told what, in its own words."""
        try:
            action = self.session.undo()
        except CompanionError as error:  # nothing to undo, or the disk is full
            self.error = error.message
            return False
        self.error = None
        self.notice = said("undone", what=self.adapter.describe(action, self.state))
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
        if not self.play.toggle_pause():
            self.notice = UI("nothing_paused")
            return False
        self.tick()
        return True

    def roll(self, values: Sequence[int | None]) -> Rolled:
        """A roll from the dice reader, shown in the table's dice row (never in a view
        over the table): a whole roll is recorded; one read in part waits in the row,
        its missing dice marked, until the table taps them in. A roll the rules (or
        the glass, run out) cannot take now changes nothing and says why; one the
        store refuses says so too, and is not kept (`Rolled.kept`): the reader sends
        it again. A game without dice ignores the reader."""
        count = self.adapter.dice
        if not count:
            return Rolled.NO_DICE
        self.rolling = False
        shown = [v or 0 for v in values[:count]]
        shown += [0] * (count - len(shown))
        why = self.roll_refusal(shown)
        if why is not None:
            self.error = UI("dice_refused", values=read(values), why=why)
            return Rolled.REFUSED
        readable = [v for v in values if v is not None]
        if len(values) != count or len(readable) != count:
            # The good dice are kept: the table taps in only the ones not read.
            self.partial = shown
            self.notice = UI("dice_partial_fill", count=len(readable), dice=count)
            return Rolled.PARTIAL
        self.partial = []
        return self._record_roll(shown, values)

    def _record_roll(self, shown: list[int], values: Sequence[int | None]) -> Rolled:
        try:
            action = self.rules.parse_action(
                {"type": self.adapter.dice_action, "at": now(), "values": shown}
            )
            self.session.apply(action)
        except StoreError as error:  # not kept: no ACK, and the reader sends it again
            self.error = UI("dice_not_saved", values=read(values), why=error.message)
            return Rolled.NOT_SAVED
        except CompanionError as error:
            self.error = error.message
            return Rolled.REFUSED
        return Rolled.RECORDED

    def roll_refusal(self, values: Sequence[int]) -> Message | None:
        """Why a roll cannot be taken now (None: it can): the table's moment for a roll
        (`TableAdapter.turn_roll`), then the rules' refusal (a die not read yet is
        asked about as a one: only the moment of a roll is judged here, not its faces)."""
        table = self.adapter.turn_roll(self.play).refusal
        if table is not None:
            return table
        raw = {"type": self.adapter.dice_action, "values": [v or 1 for v in values]}
        try:
            return self.session.refusal(self.rules.parse_action(raw))
        except CompanionError as error:
            return error.message

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
        if not self._changing and self.timer.ran_out():
            self.button.expiry()  # what the table records when the time is up, once
        view = self.timer.view()
        if view is not None:
            self.phase = str(view.phase)
            self.seconds_left = view.seconds_left
        self.question = self.button.question()
        if not self.driver.lent:
            picture = self.ticks.picture(view if self.timer.timed else None)
        as_list = [list(c) for c in picture]
        if as_list != self.frame:
            self.frame = as_list
        self.ticks.plan()

    # -- the session changed ---------------------------------------------------------
    def _changed(self, session: Session[S], change: Change) -> None:
        self._changing = True
        try:
            if change == "apply":
                self.error = None
                self.notice = None
            self.button.changed(change)
            if self.recorder.problem is not None:  # stored, but not all of it: say so
                self.error = self.recorder.problem
            self.confirm_end = []
            roll = list(self.dice)
            self._refresh()
            self._forget_partial(roll)
            self.tick()
        finally:
            self._changing = False

    def _forget_partial(self, roll: list[int]) -> None:
        """A roll read in part waits in the dice row until this turn's roll is
        recorded (or undone), or the rules take no roll any more (the turn ended)."""
        if self.partial and (list(self.dice) != roll or self.roll_refusal(self.partial)):
            self.partial = []

    def _refresh(self) -> None:
        self.summary = self.session.summary().data
        self.prompts = list(self.session.prompts())
        self.dice = list(self.adapter.turn_roll(self.play).dice)
        self.step = self.adapter.step(self.session)
        self.can_undo = self.session.can_undo
        self.can_redo = self.session.undone is not None
        self.revision += 1
        over = "score" if self.summary.get("over") else self.adapter.screen
        typed = typed_again(self.adapter, self.session)
        self.place = "results" if self.session.decided else typed or over

    def close(self) -> None:
        """The view-model lets go of the game, and the game leaves the table."""
        self.ticks.stop()
        self.session.remove_listener(self._changed)
        self.play.close()


def read(values: Sequence[int | None]) -> str:
    """A roll as the reader read it: "6 2 ? 4 5"."""
    return " ".join("?" if v is None else str(v) for v in values)


def open_table(
    store: Store,
    session_id: int,
    session: Session[Any],
    *,
    clock: Clock,
    app_options: Mapping[str, object] | None = None,
    warnings: Sequence[float] = WARNINGS_S,
    strip: Strip | None = None,
    buzzer: BuzzerController | None = None,
    lockout_s: float = DEFAULT_LOCKOUT_S,
    ticks_itself: bool = True,
    around: AroundTable | None = None,
    first_seat: int = 0,
    speaker: Says | None = None,
    language: Callable[[], str] = lambda: "en",
) -> GameModel[Any]:
    """The stored game `session_id` (its `session` loaded) at its table: the game in
    play and the view-model that observes it, as the app puts them together (`around`:
    the strip laid round the table; `first_seat`: the seat of the first player listed;
    with a `speaker`, the table's calls spoken in `language()`)."""
    table = table_of(session.setup.game)
    play = GameInPlay(
        store=store,
        session_id=session_id,
        session=session,
        table=table,
        clock=clock,
        warnings=warnings,
        strip=strip,
        buzzer=buzzer,
        app_options=app_options,
        around=around,
        first_seat=first_seat,
        calls=Calls(speaker, language) if speaker is not None else None,
    )
    return GameModel(play, table, clock=clock, lockout_s=lockout_s, ticks_itself=ticks_itself)


def typed_again(adapter: TableAdapter[Any], session: Session[Any]) -> str | None:
    """The screen where the action just undone was typed (points, places, a score
    sheet), its numbers there again; None when the undone action was not typed."""
    undone = session.undone
    if undone is None:
        return None
    sheet = adapter.scoring.sheet(session)
    if sheet is None or not sheet.rows or not sheet.restores(undone):
        return None
    return sheet.screen
