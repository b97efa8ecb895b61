"""The game in play without a screen: a session with the recorder that keeps it, the
turn timer that times its turns, the strip controller that shows it and the glass
driver that sounds the glass, put together and taken apart in one place.

No Kivy: the tests build one without a window, and the view-model only observes it
(`companion.ui.viewmodel`). What the parts ask of the game's table (its turns and
its seat colours) is the `PlayTable` protocol, which each table's adapter answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from companion.core.session import Change, Session
from companion.play.calls import Calls
from companion.play.driver import GlassDriver
from companion.play.lights import AroundTable, StripController
from companion.play.recorder import Recorder
from companion.play.tabletime import TableTime
from companion.play.timer import TurnRules, TurnTimer
from companion.play.whostarts import by_chair
from companion.store import Store
from hardware.buzzer import BuzzerController
from hardware.strip import Strip

S = TypeVar("S")
Clock = Callable[[], float]

WARNINGS_S = (10.0, 5.0)  # the settings' default: a table without settings (tests)


class PlayTable(TurnRules, Protocol):
    """What the game in play asks of its table: the turns (for the timer) and the
    seats' colours (for the strip)."""

    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]: ...


@runtime_checkable
class DelayedTurns(Protocol):
    """A table whose turns may begin with free seconds (a chess clock's delay: the
    glass holds them before the bank, and the strip shows them running down first)."""

    def turn_delay(self, session: Session[Any]) -> float: ...


class GameInPlay(Generic[S]):
    """`S` is the game's state type. Built on a stored session (`session_id`); its
    parts follow the session as listeners until `close()`."""

    def __init__(
        self,
        *,
        store: Store,
        session_id: int,
        session: Session[S],
        table: PlayTable,
        clock: Clock,
        warnings: Sequence[float] = WARNINGS_S,
        strip: Strip | None = None,
        buzzer: BuzzerController | None = None,
        app_options: Mapping[str, Any] | None = None,
        around: AroundTable | None = None,
        first_seat: int = 0,
        calls: Calls | None = None,
    ) -> None:
        self.session = session
        self.app_options = dict(app_options or {})
        self.first_seat = first_seat  # the first listed player's chair (who started)
        # Each player's colour is their chair's: who starts turns the order, not them.
        self.seats = by_chair(table.seat_colours, session.setup.names, first_seat)
        self.recorder = Recorder(store, session_id)
        self.timer = TurnTimer(
            session,
            table,
            app_options=self.app_options,
            clock=clock,
            warnings=warnings,
            memory=self.recorder,
        )
        self.lights = self._lights(table, strip, around)
        # The spoken calls (when the settings want them) hear what the buzzer hears.
        self.calls = calls
        self.driver = GlassDriver(self.timer, self.lights, buzzer, clock, calls=calls)
        # The game's seconds at the table: they count while one of the app's screens
        # shows its table (`shown`) and its glass is not paused.
        self.table_time = TableTime(clock, self.recorder.table_seconds())
        self._at_table = False
        self._follow(session)

    def _follow(self, session: Session[S]) -> None:
        self.recorder.follow(session)
        self.recorder.time_actions(session, self.table_time.seconds)
        self.lights.follow(session)
        if self.calls is not None:
            self.calls.follow(session)
        session.add_listener(self._changed)

    def _lights(
        self, table: PlayTable, strip: Strip | None, around: AroundTable | None
    ) -> StripController:
        """The strip's controller: the seats' colours, a bank's delay and whole bank."""
        delay = table.turn_delay(self.session) if isinstance(table, DelayedTurns) else 0.0
        return StripController(
            strip,
            {n: hex_ for n, (_, hex_) in self.seats.items()},
            around=around,
            delay=delay,
            full_bank=table.timer_seconds(self.session, self.app_options) - delay,
        )

    @property
    def session_id(self) -> int:
        return self.recorder.session_id

    def _changed(self, session: Session[Any], change: Change) -> None:
        """The glass agrees with the turn, and the driver hears of it at once."""
        self.timer.changed(session, change)
        self._count_time()  # an undo may bring back a paused glass
        self.driver.wake()

    # -- seats ----------------------------------------------------------------------
    def seat_of_turn(self) -> int | None:
        """Whose turn it is as a seat (0 first, in seat order), or None: nobody's."""
        current = self.session.summary().current
        names = list(self.session.setup.names)
        if not isinstance(current, str) or current not in names:
            return None
        return (self.first_seat + names.index(current)) % len(names)

    def player_at(self, seat: int) -> str | None:
        """The name of the player at `seat` (0 first, in seat order); None: no one."""
        names = list(self.session.setup.names)
        if not 0 <= seat < len(names):
            return None
        return names[(seat - self.first_seat) % len(names)]

    def blink_seat(self, seat: int, now: float) -> None:
        """`seat`'s stretch of the strip blinks (its button, pressed out of turn)."""
        self.lights.blink_seat(seat, now)
        self.driver.wake()

    def start_glass(self) -> None:
        """The app's own glass of this turn starts (GO)."""
        self.timer.start_app_glass()
        self._count_time()
        self.driver.wake()

    def toggle_pause(self) -> bool:
        """Pause or resume the glass; False when none runs or waits paused."""
        if not self.timer.toggle_pause():
            return False
        self._count_time()
        self.driver.wake()
        return True

    def shown(self, where: str, *, at_table: bool) -> None:
        """The app shows another screen: `at_table` when it is this game's table. The
        store keeps `where` the game was left ("table" or "home") and its seconds at
        the table so far."""
        self._at_table = at_table
        self._count_time()
        self.recorder.where(where, self.table_time.seconds())

    def _count_time(self) -> None:
        self.table_time.run(self._at_table and not self.timer.paused)

    def close(self) -> None:
        """The game leaves the table: the driver stops, the listeners go, and the
        glass and the seconds at the table are kept as they are for the next time."""
        self.driver.close()
        self.table_time.run(False)
        self.recorder.keep_table_time(self.table_time.seconds())
        self.session.remove_listener(self._changed)
        self.lights.leave(self.session)
        if self.calls is not None:
            self.calls.leave(self.session)
        self.recorder.leave(self.session)
        self.timer.close()
