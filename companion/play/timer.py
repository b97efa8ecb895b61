"""The turn timer of the game in play: the `Hourglass` on the injected clock, kept in
step with the session, and its seconds left kept in the store.

Two kinds of glass: the rules' own (the rules keep the turn's glass: the action
that makes the adapter's `turn_started` true starts it, an end of turn resets it, and
the rules know when it ran out), and an app-only one for a game whose rules have no
timer (the adapter's `glass_turn`: GO starts it, it belongs to that turn and only
signals when time is up). Either way a glass that was running when the app stopped
comes back paused, with the sand it had when the app stopped; a turn brought back by an
undo (or a redo) gets its glass as it was when the turn ended: running on, paused or run
out, with the sand it had then.

A turn may start with less sand than the glass holds (the adapter's `turn_seconds`:
a time bank per player, where the glass is the whole bank and a turn starts with
what is left of the current player's, after the turn's delay if the game gives one),
or with more (a bank that increments made larger than it started); `used_seconds()`
is what the running turn took of it, pauses not counted (what a bank's end of turn
records: the rules take the delay off it and add the increment, so the next turn's
sand is the rules' bank again).

Two threads use it: the main thread changes it (a start, a pause, the session's
changes) and keeps it in the store (`keep()`); the glass driver
(`companion.play.driver`) polls it on its own time, sounds what it says and leaves a
heartbeat (`beat()`), so `lock` guards every call.

What is kept, and why so: the store (SQLite, `synchronous=FULL`: each write reaches the
SD card) gets the glass at every start, pause, resume, warning and end, and every few
seconds while it runs (a power cut loses at most that much sand). The heartbeat, a
few bytes the driver writes 10 times a second into a file beside the database without
syncing it, is what makes a killed app exact: the kernel keeps the page when a process
dies, and writes it to the card only now and then, so it costs the card almost
nothing. A restart takes the newer of the two (each record is numbered).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from companion.core.hourglass import Hourglass, HourglassEvent, HourglassView, Phase, Signal
from companion.core.session import Change, Session
from hardware.buzzer import BuzzerController

log = logging.getLogger(__name__)

Clock = Callable[[], float]

SAVE_EVERY_S = 2.0  # how often a running glass writes its seconds left to the store
BEAT_EVERY_S = 0.1  # how often a running glass leaves its heartbeat


class TurnRules(Protocol):
    """What the timer asks a game's table about its turns (each table's adapter)."""

    def timer_seconds(self, session: Session, app_options: Mapping[str, Any]) -> float: ...

    def timed_turn(self, session: Session, app_options: Mapping[str, Any]) -> bool: ...

    def turn_started(self, session: Session) -> bool: ...

    def turn_expired(self, session: Session) -> bool: ...

    def glass_turn(self, session: Session) -> int | None: ...

    def turn_seconds(self, session: Session, app_options: Mapping[str, Any]) -> float | None: ...


class GlassMemory(Protocol):
    """Where the glass's seconds left are kept between runs of the app: `save_glass`
    in the store (the main thread), `beat` in the heartbeat (any thread, cheap), and
    `saved_glass` the newer of the two (the larger record number `n`)."""

    def save_glass(self, glass: Mapping[str, Any]) -> None: ...

    def beat(self, glass: Mapping[str, Any]) -> None: ...

    def saved_glass(self) -> Mapping[str, Any]: ...


def bring_back(glass: Hourglass, record: Mapping[str, Any], as_it_was: bool) -> None:
    """A turn's glass from its record: as it was (an undo, a redo) or, after a restart,
    paused (nobody may be at the table yet)."""
    seconds = float(record.get("seconds_left") or 0)
    if as_it_was and record.get("phase") == "running":
        glass.restore_running(seconds)
    else:
        glass.restore_paused(seconds)


def sound(buzzer: BuzzerController, events: Iterable[HourglassEvent]) -> None:
    """The glass's news as sounds: a short beep per warning, a long tone at the end."""
    buzzer.play("expiry" if e.signal is Signal.EXPIRED else "warning" for e in events)


def timed_now(timer: TurnTimer) -> bool:
    """There is a glass and the rules say this turn runs on it (asked again at each
    change of the session; `TurnTimer.timed` keeps the answer)."""
    return timer.glass is not None and timer.adapter.timed_turn(timer.session, timer.app_options)


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
        self.lock = threading.RLock()
        seconds = adapter.timer_seconds(session, app_options)
        self.glass = Hourglass(seconds, clock, warnings) if seconds > 0 else None
        self._glass_turn: int | None = None  # an app-only glass: the turn it runs in
        self._news = False  # the glass said something the store has not kept yet
        self.records = GlassRecords(memory, clock)
        self._timed = timed_now(self)
        self._started = adapter.turn_started(session)  # the rules' glass of this turn
        # Which run of the glass this is: a new number at each start and each restore,
        # and a turn brought back by an undo its own run's again, so that what a run's
        # end asked for is asked once (`run`), not again after an undo.
        self.run = 0
        self._runs = 0  # the runs numbered so far
        self.turns = TurnsPutAway()
        with self._changing():
            if self.glass is not None:
                self.glass.reset(self._turn_sand())
            self._restore()

    # -- reading -----------------------------------------------------------------------
    @property
    def timed(self) -> bool:
        """There is a glass and this turn runs on it (as of the session's last change:
        the driver asks 50 times a second, the rules need not answer each time)."""
        return self._timed

    def view(self) -> HourglassView | None:
        with self.lock:
            return self.glass.view() if self.glass is not None else None

    def due_in(self) -> float | None:
        """Seconds until the glass has something to say (a warning or its end)."""
        with self.lock:
            return self.glass.due_in() if self.glass is not None else None

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

    def used_seconds(self) -> float:
        """The seconds this turn's glass has run, pauses not counted (0 when idle)."""
        with self.lock:
            return self.glass.used() if self.glass is not None else 0.0

    def ran_out(self) -> bool:
        """This turn's glass has run out (what that means is the table's to say)."""
        glass = self.glass
        return (
            glass is not None
            and glass.phase is Phase.EXPIRED
            and self.adapter.timed_turn(self.session, self.app_options)
        )

    # -- changing ----------------------------------------------------------------------
    def start_app_glass(self) -> None:
        assert self.glass is not None
        with self._changing():
            self._glass_turn = self.app_turn()
            self.glass.start()
            self._runs += 1  # a number no run had: a turn an undo brings back
            self.run = self._runs  # gets its own again (`_sync`)
            self._save()

    def toggle_pause(self) -> bool:
        with self._changing():
            glass = self.glass
            if glass is None or glass.phase not in (Phase.RUNNING, Phase.PAUSED):
                return False
            glass.toggle_pause()
            self._save()
            return True

    def poll(self) -> list[HourglassEvent]:
        """What the glass has to say since the last poll, each warning and the end
        once (whichever thread asks first hears it)."""
        with self.lock:
            if self.glass is None:
                return []
            events = self.glass.poll()
            if events:
                self._news = True
                if any(e.signal is Signal.EXPIRED for e in events):
                    log.info("the hourglass ran out")
            return events

    def keep(self) -> None:
        """The main thread's part: the store gets the glass after news (a warning, the
        end), and every few seconds while it runs."""
        with self._changing():
            glass = self.glass
            if glass is None:
                return
            running = glass.phase is Phase.RUNNING
            if self._news or (running and self.records.save_due()):
                self._news = False
                self._save()

    def beat(self) -> None:
        """The driver's part: a running glass's seconds left in the heartbeat, a few
        times a second (no database, no waiting for the card)."""
        with self.lock:
            glass = self.glass
            if glass is None or glass.phase is not Phase.RUNNING or not self.records.beat_due():
                return
            record = self.records.record(glass, self._glass_turn)
        try:
            self.memory.beat(record)
        except Exception:  # a heartbeat that cannot be written must not stop the glass
            log.exception("could not write the hourglass's heartbeat")

    def changed(self, session: Session, change: Change) -> None:
        """The session changed: an action that started the rules' glass of this turn
        starts it; an end of turn, an undo or a redo makes the glass agree with the
        turn."""
        with self._changing():
            self._timed = timed_now(self)
            was_started, self._started = self._started, self.adapter.turn_started(session)
            started = self._started and not was_started
            if change == "apply":
                self.turns.forget_from(len(session) - 1)  # the undone ones are gone now
            if change != "undo" and started and self.timed and self.glass is not None:
                self.glass.start()
                self._runs += 1  # a number no run had: a turn an undo brings back
                self.run = self._runs  # gets its own again (`_sync`)
                self.turns.start = len(session) - 1
                self._save()
            else:
                self._sync(back=change != "apply")

    def close(self) -> None:
        with self._changing():
            self._save()

    @contextlib.contextmanager
    def _changing(self) -> Iterator[None]:
        """The lock, for a change on the main thread; what the change saves reaches the
        store once the lock is free again (the card's write must not hold the buzzer)."""
        with self.lock:
            yield
            record, self.records.pending = self.records.pending, None
        if record is not None:
            self.memory.save_glass(record)

    # -- keeping in step -----------------------------------------------------------------
    def _sync(self, back: bool) -> None:
        """`back`: an undo or a redo brought the session back to a state it had."""
        glass = self.glass
        if glass is None:
            return
        if self.app_turn() is not None or self._glass_turn is not None:
            self._sync_app_glass(glass, back)
            return
        if not (self.timed and self.adapter.turn_started(self.session)):
            self._reset(glass)
        elif self.adapter.turn_expired(self.session):
            self._run_out(glass)
        elif glass.phase is Phase.IDLE:
            glass.reset(self._turn_sand())  # the turn brought back: its own sand
            # Its own record, even with no sand left (a time-up undone stands).
            saved = self.turns.find(len(self.session))
            if saved is not None:  # the same run of its glass: a time-up undone stands
                self.run = int(saved.get("run", self.run))
            if saved is None:
                saved = self.records.saved()
                if not saved.get("seconds_left"):
                    saved = {"seconds_left": glass.sand}
            bring_back(glass, saved, as_it_was=back)
        self._save()

    def _run_out(self, glass: Hourglass) -> None:
        """This turn's sand has run out. A turn brought back (from the next one's idle
        glass) gets its own sand back, all used: what a bank's end of turn records
        (the rules' bank is 0 by then, so the sand is the one put away)."""
        if glass.phase is Phase.IDLE:
            saved = self.turns.find(len(self.session))
            sand = saved.get("sand") if saved is not None else None
            glass.reset(float(sand) if isinstance(sand, int | float) else self._turn_sand())
        glass.restore_paused(0)

    def _sync_app_glass(self, glass: Hourglass, back: bool) -> None:
        """An app-only glass runs while its turn lasts, and the end of the race ends its
        turn too; a turn brought back by an undo or a redo gets its glass as it was. A
        new turn (an action, not a way back) waits for GO, whatever an undone turn of
        the same number once had."""
        turn = self.app_turn()
        if turn == self._glass_turn:
            return
        self._reset(glass)
        self._glass_turn = None
        if turn is None:
            return
        if not back:
            self.records.forget_from(turn)
            return
        saved = self.records.of_turn(turn)
        if self.timed and saved is not None:
            bring_back(glass, saved, as_it_was=True)
            self._glass_turn = turn

    def _reset(self, glass: Hourglass) -> None:
        """The turn's glass is done with: its sand is kept first (an undo of the end of
        the turn brings it back), then it waits idle for the next turn, with that
        turn's sand."""
        if glass.phase is not Phase.IDLE:
            self._save()
            left, phase = glass.seconds_left(), str(glass.phase)
            record = {"seconds_left": left, "phase": phase, "sand": glass.sand, "run": self.run}
            self.turns.put_away(record)
        glass.reset(self._turn_sand())

    def _turn_sand(self) -> float | None:
        """The sand the current turn starts with (None: the whole glass)."""
        return self.adapter.turn_seconds(self.session, self.app_options)

    def _restore(self) -> None:
        """A glass that was running when the app stopped comes back paused, with the
        sand it had then (the newest record: the store's or the heartbeat's)."""
        glass = self.glass
        turn = self.app_turn()
        if glass is None:
            return
        if turn is not None:
            record = self.records.of_turn(turn)
            if not (self.timed and record is not None):
                return
            bring_back(glass, record, as_it_was=False)
            self._glass_turn = turn
        elif not (self.timed and self.adapter.turn_started(self.session)):
            return
        elif self.adapter.turn_expired(self.session):
            glass.restore_paused(0)
        else:
            saved = self.records.saved_seconds()
            glass.restore_paused(glass.sand if saved is None else saved)
        if glass.phase is not Phase.IDLE:
            self._runs += 1  # a number no run had: a turn an undo brings back
            self.run = self._runs  # gets its own again (`_sync`)
            log.info("the hourglass is back, paused, with %.2f s left", glass.seconds_left())
            self._save()  # the store says so too: a second stop finds the same sand

    def _save(self) -> None:
        if self.glass is not None:
            self.records.save(self.glass, self._glass_turn)


class TurnsPutAway:
    """The sand each turn of the rules' glass had when it was put away (its turn
    ended, or was undone), by the index in the log of the action that started it: a
    turn that an undo brings back finds its own sand, not the last turn's."""

    def __init__(self) -> None:
        self.start: int | None = None  # the running turn's starting action
        self._left: dict[int, Mapping[str, Any]] = {}

    def put_away(self, record: Mapping[str, Any]) -> None:
        """`record`: the glass as it was put away (its seconds left, its phase, and
        the sand its turn started with)."""
        if self.start is not None:
            self._left[self.start] = record
        self.start = None

    def find(self, length: int) -> Mapping[str, Any] | None:
        """The sand of the latest turn started within the first `length` actions
        (which is now the running turn again), if one was put away."""
        earlier = [index for index in self._left if index < length]
        if not earlier:
            return None
        self.start = max(earlier)
        return self._left[self.start]

    def forget_from(self, index: int) -> None:
        """Actions from `index` on were replaced: their turns never happened."""
        self._left = {k: v for k, v in self._left.items() if k < index}


class GlassRecords:
    """The glass's numbered records for the next run of the app (each newer than the
    last, whichever of the store and the heartbeat keeps it): a record saved during a
    change waits in `pending` until the timer's lock is free. Used under that lock."""

    def __init__(self, memory: GlassMemory, clock: Clock) -> None:
        self.memory = memory
        self.clock = clock
        self.last_save = self.last_beat = clock()
        self.pending: dict[str, Any] | None = None  # saved, not written yet
        saved = memory.saved_glass()
        saved_n = saved.get("n")
        self._n = saved_n if isinstance(saved_n, int) else 0  # the last record's number
        # An app-only glass's last record of each turn: an undone turn finds its own
        # sand even after the next turn's glass was started.
        self._turns: dict[int, Mapping[str, Any]] = {}
        if isinstance(saved.get("turn"), int):
            self._turns[saved["turn"]] = saved

    def record(self, glass: Hourglass, turn: int | None) -> dict[str, Any]:
        self._n += 1
        return {
            "seconds_left": round(glass.seconds_left(), 2),
            "phase": str(glass.phase),
            "turn": turn,
            "n": self._n,
        }

    def save(self, glass: Hourglass, turn: int | None) -> None:
        # An idle glass has nothing to bring back; keeping the last saved value lets
        # an undone end of turn find the seconds that turn had left.
        if glass.phase is Phase.IDLE:
            return
        self.last_save = self.clock()
        self.pending = self.record(glass, turn)
        if turn is not None:
            self._turns[turn] = self.pending

    def of_turn(self, turn: int) -> Mapping[str, Any] | None:
        """The last record of an app-only glass's turn, if it ever ran."""
        found = self._turns.get(turn)
        return found if found is not None and found.get("phase") != "idle" else None

    def forget_from(self, turn: int) -> None:
        """A new action made turn `turn` anew: the records of an undone future go."""
        for old in [t for t in self._turns if t >= turn]:
            del self._turns[old]

    def save_due(self) -> bool:
        """A running glass is written to the store every few seconds."""
        return self.clock() - self.last_save >= SAVE_EVERY_S

    def beat_due(self) -> bool:
        """A running glass leaves its heartbeat a few times a second: now, if due."""
        moment = self.clock()
        if moment - self.last_beat < BEAT_EVERY_S:
            return False
        self.last_beat = moment
        return True

    def saved(self) -> Mapping[str, Any]:
        """The newest record: one saved in this change, else the memory's."""
        return self.pending if self.pending is not None else self.memory.saved_glass()

    def saved_seconds(self) -> float | None:
        value = self.saved().get("seconds_left")
        return float(value) if isinstance(value, int | float) else None
