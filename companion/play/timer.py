"""The turn timer of the game in play: the `Hourglass` on the injected clock, kept in
step with the session, and its seconds left kept in the store.

Two kinds of glass: the rules' own (Wyścig balonów's hourglass: a `start_timer`
action starts it, an end of turn resets it, and the rules know when it ran out),
and an app-only one for a game whose rules have no timer (the adapter's
`glass_turn`: GO starts it, it belongs to that turn and only signals when time is
up). Either way a glass that was running when the app stopped comes back paused.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from companion.core.hourglass import Hourglass, HourglassEvent, HourglassView, Phase, Signal
from companion.core.session import Change, Session
from hardware.buzzer import BuzzerController

log = logging.getLogger(__name__)

Clock = Callable[[], float]

SAVE_EVERY_S = 2.0  # how often a running glass writes its seconds left


class TurnRules(Protocol):
    """What the timer asks a game's table about its turns (each table's adapter)."""

    def timer_seconds(self, session: Session, app_options: Mapping[str, Any]) -> float: ...

    def timed_turn(self, session: Session, app_options: Mapping[str, Any]) -> bool: ...

    def turn_started(self, session: Session) -> bool: ...

    def turn_expired(self, session: Session) -> bool: ...

    def glass_turn(self, session: Session) -> int | None: ...


class GlassMemory(Protocol):
    """Where the glass's seconds left are kept between runs of the app."""

    def save_glass(self, glass: Mapping[str, Any]) -> None: ...

    def saved_glass(self) -> Mapping[str, Any]: ...


def sound(buzzer: BuzzerController, events: Iterable[HourglassEvent]) -> None:
    """The glass's news as sounds: a short beep per warning, a long tone at the end."""
    buzzer.play("expiry" if e.signal is Signal.EXPIRED else "warning" for e in events)


class TurnTimer:
    def __init__(
        self,
        session: Session,
        adapter: TurnRules,
        *,
        app_options: Mapping[str, Any],
        clock: Clock,
        warnings: Sequence[float],
        memory: GlassMemory,
    ) -> None:
        self.session = session
        self.adapter = adapter
        self.app_options = app_options
        self.clock = clock
        self.memory = memory
        seconds = adapter.timer_seconds(session, app_options)
        self.glass = Hourglass(seconds, clock, warnings) if seconds > 0 else None
        self._glass_turn: int | None = None  # an app-only glass: the turn it runs in
        self._last_save = clock()
        self._restore()

    # -- reading -----------------------------------------------------------------------
    @property
    def timed(self) -> bool:
        """There is a glass and this turn runs on it."""
        return self.glass is not None and self.adapter.timed_turn(self.session, self.app_options)

    def view(self) -> HourglassView | None:
        return self.glass.view() if self.glass is not None else None

    @property
    def paused(self) -> bool:
        return self.glass is not None and self.glass.phase is Phase.PAUSED

    def app_turn(self) -> int | None:
        """The turn an app-only glass belongs to; None when the rules keep the glass."""
        return self.adapter.glass_turn(self.session)

    def app_glass_idle(self) -> bool:
        """An app-only glass waits for GO to start it."""
        glass = self.glass
        return (
            glass is not None
            and glass.phase is Phase.IDLE
            and self.timed
            and self.app_turn() is not None
        )

    def expired_unanswered(self) -> bool:
        """The rules' glass ran out and the table has not said what that cost yet."""
        glass = self.glass
        return (
            glass is not None
            and glass.phase is Phase.EXPIRED
            and self.adapter.timed_turn(self.session, self.app_options)
            and self.adapter.turn_started(self.session)
            and not self.adapter.turn_expired(self.session)
        )

    # -- changing ----------------------------------------------------------------------
    def start_app_glass(self) -> None:
        assert self.glass is not None
        self._glass_turn = self.app_turn()
        self.glass.start()
        self._save()

    def toggle_pause(self) -> bool:
        glass = self.glass
        if glass is None or glass.phase not in (Phase.RUNNING, Phase.PAUSED):
            return False
        glass.toggle_pause()
        self._save()
        return True

    def poll(self) -> list[HourglassEvent]:
        """What the glass has to say since the last poll; a running glass is saved
        every few seconds, and at every warning."""
        glass = self.glass
        if glass is None:
            return []
        events = glass.poll()
        if events:
            self._save()
            if any(e.signal is Signal.EXPIRED for e in events):
                log.info("the hourglass ran out")
        if glass.phase is Phase.RUNNING and self.clock() - self._last_save >= SAVE_EVERY_S:
            self._save()
        return events

    def changed(self, session: Session, change: Change) -> None:
        """The session changed: a `start_timer` starts the glass; an end of turn, an
        undo or a redo makes the glass agree with the turn."""
        last = session.log[-1] if session.log else None
        started = getattr(last, "type", None) == "start_timer"
        if change != "undo" and started and self.timed and self.glass is not None:
            self.glass.start()
            self._save()
        else:
            self._sync()

    def close(self) -> None:
        self._save()

    # -- keeping in step -----------------------------------------------------------------
    def _sync(self) -> None:
        glass = self.glass
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
        self._save()

    def _sync_app_glass(self, glass: Hourglass) -> None:
        """An app-only glass runs while its turn lasts; a turn brought back by undo
        gets the seconds it had left, paused."""
        turn = self.app_turn()
        if turn == self._glass_turn:
            return
        glass.reset()
        self._glass_turn = None
        saved = self.memory.saved_glass()
        if self.timed and saved.get("turn") == turn and saved.get("phase") != "idle":
            glass.restore_paused(float(saved.get("seconds_left") or 0))
            self._glass_turn = turn

    def _restore(self) -> None:
        """A glass that was running when the app stopped comes back paused."""
        glass = self.glass
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

    def _save(self) -> None:
        glass = self.glass
        # An idle glass has nothing to bring back; keeping the last saved value lets
        # an undone end of turn find the seconds that turn had left.
        if glass is None or glass.phase is Phase.IDLE:
            return
        self._last_save = self.clock()
        self.memory.save_glass(
            {
                "seconds_left": round(glass.seconds_left(), 2),
                "phase": str(glass.phase),
                "turn": self._glass_turn,
            }
        )

    def _saved_seconds(self) -> float | None:
        value = self.memory.saved_glass().get("seconds_left")
        return float(value) if isinstance(value, int | float) else None
