"""The view-model between a `Session` and the widgets.

Screens read its Kivy properties and call its methods; it turns taps and button
presses into actions (each stamped with `at`, UTC), sends them to `Session.apply`,
and shows a refused action's `RuleError` as a sentence. It never decides a rule.

It also owns the app side of the hourglass: the `Hourglass` model on an injected
clock, the strip and buzzer that follow it, and the seconds left, saved with the
session so a restarted app brings a running glass back paused.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)

from companion.core.errors import CompanionError, RuleError
from companion.core.hourglass import Hourglass, HourglassEvent, Phase, Signal
from companion.core.messages import Message
from companion.core.session import Change, Session
from companion.store import Store, now
from companion.ui import theme
from companion.ui.strings import UI
from companion.ui.tables.base.adapter import TableAdapter
from hardware.buzzer import BuzzerController
from hardware.strip import RGB, Strip, frame, hex_to_rgb

log = logging.getLogger(__name__)

Clock = Callable[[], float]

GO_LOCKOUT_S = 0.3  # a second GO this soon is a bouncing finger, not a second turn
SAVE_EVERY_S = 2.0  # how often a running glass writes its seconds left
SCREEN_LEDS = 10  # LEDs drawn on screen when no strip says otherwise


class GameModel(EventDispatcher):
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

    def __init__(
        self,
        *,
        store: Store,
        session_id: int,
        session: Session,
        adapter: TableAdapter,
        clock: Clock,
        warnings: Sequence[float] = (10.0, 5.0),
        strip: Strip | None = None,
        buzzer: BuzzerController | None = None,
        app_options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.app_options = dict(app_options or {})
        self.store = store
        self.session_id = session_id
        self.session = session
        self.adapter = adapter
        self.clock = clock
        self.strip = strip
        self.buzzer = buzzer
        self.leds = strip.count if strip is not None and strip.count > 0 else SCREEN_LEDS
        seconds = adapter.timer_seconds(session, self.app_options)
        self.hourglass = Hourglass(seconds, clock, warnings) if seconds > 0 else None
        self.names = list(session.setup.names)
        self.seats = dict(zip(self.names, adapter.seat_colours(self.names), strict=True))
        self._last_go: float | None = None
        self._last_save = clock()
        self._glass_turn: int | None = None  # an app-only glass: the turn it runs in
        self._restore_hourglass()
        session.add_listener(self._changed)
        store.record_summary(session_id, session.summary(), session.decided)
        self._refresh()
        self.tick()

    # -- reading ---------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def rules(self) -> Any:
        return self.session.rules

    def seat(self, name: str) -> tuple[str, str]:
        return self.seats.get(name, theme.seat_colour(0))

    @property
    def go_kind(self) -> str:
        if self.ask_unplaced:
            return "unplaced"
        if self.hourglass is not None and self.hourglass.phase is Phase.PAUSED:
            return "resume"
        kind = self.adapter.go(self.session)
        if kind == "end_turn" and self._app_glass_idle():
            return "start_timer"
        return kind

    def app_turn(self) -> int | None:
        """The turn number when the glass is the app's own (a turn timer the rules
        know nothing of: the adapter has `glass_turn`), else None. Such a glass is
        started by GO, belongs to that turn, and only signals when time is up."""
        glass_turn = getattr(self.adapter, "glass_turn", None)
        return None if glass_turn is None else glass_turn(self.session)

    def _app_glass_idle(self) -> bool:
        glass = self.hourglass
        return (
            glass is not None
            and glass.phase is Phase.IDLE
            and self.timed
            and self.app_turn() is not None
        )

    @property
    def whole_seconds(self) -> int:
        """The seconds left as the glass shows them: rounded up."""
        return int(self.seconds_left + 0.999)

    @property
    def warning(self) -> bool:
        """The sand is in the warning band, or has run out: the numbers turn red."""
        glass = self.hourglass
        return glass is not None and (glass.view().in_warning or self.phase == "expired")

    @property
    def timed(self) -> bool:
        return self.hourglass is not None and self.adapter.timed_turn(
            self.session, self.app_options
        )

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
        if self._last_go is not None and moment - self._last_go < GO_LOCKOUT_S:
            return "ignored"
        self._last_go = moment
        kind = self.go_kind
        if kind == "unplaced":
            self.error = UI("unplaced_first")
        elif kind == "resume":
            self.toggle_pause()
        elif kind == "order":
            self.error = UI("go_order")
        elif kind == "start_timer" and self.app_turn() is not None:
            self._start_app_glass()
        elif kind in ("start_timer", "end_turn"):
            self.act(kind)
        return kind

    def _start_app_glass(self) -> None:
        assert self.hourglass is not None
        self._glass_turn = self.app_turn()
        self.hourglass.start()
        self._save_hourglass()
        self.tick()

    def undo(self) -> bool:
        try:
            action = self.session.undo()
        except RuleError as error:
            self.error = error.message
            return False
        self.notice = UI("undone", what=action.type)  # type: ignore[attr-defined]
        return True

    def toggle_pause(self) -> bool:
        glass = self.hourglass
        if glass is None or glass.phase not in (Phase.RUNNING, Phase.PAUSED):
            self.notice = UI("nothing_paused")
            return False
        glass.toggle_pause()
        self._save_hourglass()
        self.tick()
        return True

    def answer_unplaced(self, unplaced: int) -> bool:
        ok = self.act("timer_expired", unplaced=unplaced)
        if ok:
            self.ask_unplaced = False
        return ok

    def roll(self, values: Sequence[int | None]) -> bool:
        """A roll from the dice reader: five readable dice are recorded, else the
        table is asked to tap them in."""
        self.rolling = False
        readable = [v for v in values if v is not None]
        if len(values) != 5 or len(readable) != 5:
            self.notice = UI("dice_partial", count=len(readable))
            return False
        return self.act("dice", values=list(readable))

    def clear_messages(self) -> None:
        self.error = None
        self.notice = None

    # -- the clock -------------------------------------------------------------------
    def tick(self) -> None:
        """Called every frame: poll the glass, sound the buzzer, draw the strip."""
        glass = self.hourglass
        if glass is not None:
            events = glass.poll()
            if events:
                self._signal(events)
            view = glass.view()
            self.phase = str(view.phase)
            self.seconds_left = view.seconds_left
            if view.phase is Phase.RUNNING and self.clock() - self._last_save >= SAVE_EVERY_S:
                self._save_hourglass()
        self.ask_unplaced = self._expired_unanswered()
        if self.buzzer is not None:
            self.buzzer.tick()
        self._draw()

    def _signal(self, events: list[HourglassEvent]) -> None:
        if self.buzzer is not None:
            self.buzzer.signal(events)
        self._save_hourglass()
        if any(e.signal is Signal.EXPIRED for e in events):
            log.info("the hourglass ran out")

    def _expired_unanswered(self) -> bool:
        glass = self.hourglass
        return (
            glass is not None
            and glass.phase is Phase.EXPIRED
            and self.adapter.timed_turn(self.session, self.app_options)
            and self.adapter.turn_started(self.session)
            and not self.adapter.turn_expired(self.session)
        )

    def _draw(self) -> None:
        now_s = self.clock()
        view = self.hourglass.view() if self.hourglass is not None and self.timed else None
        winners = self._winner_colours()
        current = self.summary.get("current")
        player = hex_to_rgb(self.seat(current)[1]) if current else None
        picture = frame(self.leds, now_s, view=view, player=player, winners=winners)
        if self.strip is not None:
            self.strip.show(picture)
        as_list = [list(c) for c in picture]
        if as_list != self.frame:
            self.frame = as_list

    def _winner_colours(self) -> list[RGB]:
        if not self.session.decided:
            return []
        return [hex_to_rgb(self.seat(n)[1]) for n in self.summary.get("winners", [])]

    # -- the session changed ---------------------------------------------------------
    def _changed(self, session: Session, change: Change) -> None:
        self.store.record_summary(self.session_id, session.summary(), session.decided)
        last = session.log[-1] if session.log else None
        if change == "apply":
            self.error = None
            self.notice = None
        if (
            change != "undo"
            and last is not None
            and last.type == "start_timer"  # type: ignore[attr-defined]
            and self.timed
            and self.hourglass is not None
        ):
            self.hourglass.start()
            self._save_hourglass()
        else:
            self._sync_hourglass()
        self._refresh()
        self.tick()

    def _sync_hourglass(self) -> None:
        """Make the glass agree with the turn after an end of turn, undo or redo."""
        glass = self.hourglass
        if glass is None:
            return
        if self.app_turn() is not None:
            self._sync_app_glass(glass)
            return
        if not (self.timed and self.adapter.turn_started(self.session)):
            glass.reset()
        elif self.adapter.turn_expired(self.session):
            glass.restore_paused(0)
        elif glass.phase is Phase.IDLE:
            glass.restore_paused(self._saved_seconds() or glass.duration)
        self._save_hourglass()

    def _refresh(self) -> None:
        summary = self.session.summary()
        self.summary = summary
        self.prompts = list(self.session.prompts())
        turn = getattr(self.state, "turn", None)
        roll = getattr(turn, "dice", None)
        self.dice = list(roll) if roll else []
        self.revision += 1

    def _sync_app_glass(self, glass: Hourglass) -> None:
        """An app-only glass runs while its turn lasts; a turn brought back by undo
        gets the seconds it had left, paused."""
        turn = self.app_turn()
        if turn == self._glass_turn:
            return
        glass.reset()
        self._glass_turn = None
        saved = self._saved_glass()
        if self.timed and saved.get("turn") == turn and saved.get("phase") != "idle":
            glass.restore_paused(float(saved.get("seconds_left") or 0))
            self._glass_turn = turn

    # -- saving the glass ------------------------------------------------------------
    def _save_hourglass(self) -> None:
        glass = self.hourglass
        # An idle glass has nothing to bring back; keeping the last saved value lets
        # an undone end of turn find the seconds that turn had left.
        if glass is None or glass.phase is Phase.IDLE:
            return
        self._last_save = self.clock()
        try:
            self.store.save_extra(
                self.session_id,
                hourglass={
                    "seconds_left": round(glass.seconds_left(), 2),
                    "phase": str(glass.phase),
                    "turn": self._glass_turn,
                },
            )
        except Exception:  # a full disk must not stop the glass; the actions are safe
            log.exception("could not save the hourglass")

    def _saved_glass(self) -> dict[str, Any]:
        saved = self.store.session_row(self.session_id).extra.get("hourglass")
        return saved if isinstance(saved, dict) else {}

    def _saved_seconds(self) -> float | None:
        value = self._saved_glass().get("seconds_left")
        return float(value) if isinstance(value, int | float) else None

    def _restore_hourglass(self) -> None:
        """A glass that was running when the app stopped comes back paused."""
        glass = self.hourglass
        if glass is not None and self.app_turn() is not None:
            self._sync_app_glass(glass)
            return
        if glass is None or not (self.timed and self.adapter.turn_started(self.session)):
            return
        if self.adapter.turn_expired(self.session):
            glass.restore_paused(0)
            return
        saved = self._saved_seconds()
        glass.restore_paused(glass.duration if saved is None else saved)

    def close(self) -> None:
        self.session.remove_listener(self._changed)
        self._save_hourglass()


def message_or_none(value: object) -> Message | None:
    return value if isinstance(value, Message) else None
