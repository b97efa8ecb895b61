"""For every game: after any action and its undo, the table shows what it showed
before the action (issue 24.4), and a redo then an undo again shows it once more.

Generated games at the view-model (no window, a fake clock, `ticks_itself=False`):
the rules' actions (each picked from what the rules' `legal` says they take now), GO presses, time
passing (the glass running out too), pauses, undos and redos, interleaved; at random points a
check takes what the table shows, does one thing that records an action (a tap, a
GO that sends one, a time-up the table records by itself), undoes it and compares.
The game's end is reached too: its last action undone is the results' undo.

What "shows" means here is what the table screens read: GO's words, kind, accent and
action; the glass (phase, whole seconds, seconds to the hundredth, the fraction of
sand, the warning colour, timed or not); the step line, the reminders and the
rules' prompts; the table's question that play waits for; the summary the panels
draw; the dice of the turn; the strip's frame.

Intended differences, left out of the comparison:
- the clock is frozen from the snapshot to the compare: wall-clock time passing
  while the players undo is not "as it was";
- `can_undo`/`can_redo` and the news line ("Undone: ...") say that an undo happened;
- an undone answer to the table's question waits for GO instead of popping its
  dialog up again (`GoButton.changed`): the question that waits is compared, not
  whether its dialog opens by itself (`GameModel.question`);
- a time-up the table records by itself is compared from the instant the glass ran
  out (before the tick that records it), with no strip frame: the frame is drawn by
  that same tick.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from pprint import pformat
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st

from companion.core.hourglass import FakeClock, Phase
from companion.core.model import GameSetup, PlayerSpec
from companion.store import Store
from companion.ui.tables.base.adapter import TIMER_KEY
from companion.ui.tables.base.go import Send, TableQuestion
from companion.ui.viewmodel import GameModel, open_table
from tests.games.setups import golden_setups
from tests.tables.helpers import EN

NAMES = ("Ola", "Jan", "Ewa")
Raw = dict[str, Any]

# -- the rules' actions a table might send now: the rules' own `legal` -------------------


def taken(model: GameModel[Any]) -> list[Raw]:
    """What the rules take now (`Session.legal`), as the table would send each. The
    time-up is the table's own, sent once its glass ran out (the rules take one any
    time a game file may have it: its undo would not bring back the sand)."""
    running = model.phase != "expired"
    return [
        action.to_json()
        for action in model.session.legal()
        if not (running and action.type_name == "timer_expired")
    ]


@dataclass(frozen=True)
class Table:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    app_options: dict[str, Any] = field(default_factory=dict)
    examples: int = 8  # a short game's table affords more
    moves: int = 25  # at most, before the game is played to its end
    players: tuple[str, ...] = NAMES


VP = [{"id": "vp", "name": "VP"}]
TABLES = {
    "wyscig, hourglass": Table("wyscig-balonow", {"order_cards": "table"}),
    "wyscig, no hourglass": Table("wyscig-balonow", {"order_cards": "table", "timer_seconds": 0}),
    "ballonrennen, turn timer, the app's deck": Table(
        "ballonrennen", {"wind_deck": "app"}, {TIMER_KEY: 30}
    ),
    "ballonrennen, no timer": Table("ballonrennen", {"wind_deck": "table"}),
    "balmy, turn timer": Table("balmy-balloonists", {}, {TIMER_KEY: 30}),
    "balmy, no timer": Table("balmy-balloonists"),
    "any-game, no clock": Table("any-game", {"title": "Go", "counters": VP}),
    "any-game, turn clock": Table(
        "any-game",
        {"title": "Go", "clock": "turn", "timer_seconds": 20, "counters": VP},
        examples=20,
    ),
    "any-game, bank": Table(
        "any-game",
        {"title": "Go", "clock": "bank", "bank_seconds": 60, "scoring": "places"},
        examples=30,
        moves=60,  # banks used up unevenly take many turns
    ),
}
# Every registered game, as its first golden file sets it up, besides the variants
# of its glass above: a game added to the registry is played here at once.
TABLES.update(
    {
        f"{name}, as its golden file": Table(
            setup.game, dict(setup.options), players=tuple(setup.names)
        )
        for name, setup in golden_setups(most=1)
    }
)

# Derandomized, a failure comes back on every run; its message says what was done.
# No shrinking: a long game shrank for more than five minutes.
FAST = settings(
    deadline=None,
    derandomize=True,
    phases=(Stage.explicit, Stage.generate),
    suppress_health_check=[HealthCheck.too_slow],
)


# -- what the table shows ------------------------------------------------------------------


def waiting(model: GameModel[Any]) -> TableQuestion | None:
    """The table's question that play waits for now."""
    return model.adapter.question(model.play)


def shown(model: GameModel[Any], *, tick: bool = True) -> dict[str, object]:
    """What the table screens read (see the module's docstring); `tick`: the table is
    brought up to now first, as the screen's next tick does."""
    if tick:
        model.tick()
    go = model.go_now
    view = model.timer.view()
    question = waiting(model)
    glass: tuple[object, ...] | None = None
    if view is not None:
        left, red = view.seconds_left, view.in_warning or view.phase is Phase.EXPIRED
        glass = (
            str(view.phase),
            math.ceil(left),
            round(left, 2),
            round(view.fraction_left, 3),
            red,
        )
    return {
        "go": (EN(go.label), go.name, go.next, go.does),
        "glass": glass,
        "timed": model.timed,
        "step": EN(model.step) if model.step is not None else None,
        "reminders": [EN(m) for m in model.adapter.reminders(model.session)],
        "prompts": [EN(m) for m in model.prompts],
        "question": question.id if question is not None else None,
        "summary": dict(model.summary),
        "dice": list(model.dice),
        "frame": [tuple(c) for c in model.frame] if tick else None,
    }


def differences(before: dict[str, object], again: dict[str, object]) -> dict[str, object]:
    return {k: (before[k], again[k]) for k in before if before[k] != again[k]}


# -- playing -------------------------------------------------------------------------------


@contextmanager
def at_table(table: Table, clock: FakeClock) -> Iterator[GameModel[Any]]:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "companion.db")
        players = tuple(PlayerSpec(name=n) for n in table.players)
        setup = GameSetup(game=table.game, seed=11, players=players, options=table.options)
        session_id = store.create_session(setup)
        session = store.load_session(session_id)
        model = open_table(
            store,
            session_id,
            session,
            clock=clock,
            app_options=table.app_options,
            lockout_s=0.0,
            ticks_itself=False,
        )
        try:
            yield model
        finally:
            model.close()
            store.close()


def ends(model: GameModel[Any], raw: Raw) -> bool:
    """The game is over after `raw` (the rules are pure: nothing changes here)."""
    rules = model.rules
    return bool(rules.summary(model.session.legal().after(rules.parse_action(raw))).data["over"])


class Player:
    """Plays one generated game at one table, checking each undo on the way."""

    def __init__(self, model: GameModel[Any], table: Table, clock: FakeClock, data: Any):
        self.model, self.table, self.clock, self.data = model, table, clock, data
        self.checked = 0
        self.trace: list[object] = []  # what was done, for a failure's message

    def pick(self, choices: list[Any]) -> Any:
        return choices[self.data.draw(st.integers(0, len(choices) - 1))]

    def move(self) -> None:
        # First the likeliest: hypothesis draws the low numbers most.
        kind = self.pick(["check", "act", "go", "undo", "wait", "check", "act", "go", "pause"])
        self.trace.append(kind)
        if kind == "act":
            self.tap()
        elif kind == "go":
            self.model.go()
        elif kind == "undo":  # the players undo and play on from there (a redo, maybe)
            self.model.undo()
            if self.pick([False, True]):
                self.model.redo()
        elif kind == "wait":
            self.clock.advance(self.pick([31.0, 0.4, 2.0, 6.5]))
            self.model.tick()
        elif kind == "pause":
            self.model.toggle_pause()
        else:
            self.check()

    def tap(self) -> bool:
        choices = taken(self.model)
        if not choices:
            return False
        raw = dict(self.pick(choices))
        self.trace.append(dict(raw))
        assert self.model.act(raw.pop("type"), **raw), self.model.error
        return True

    def press(self) -> bool:
        """GO, when it sends an action (an end of turn that asks first: GO again)."""
        if not isinstance(self.model.go_now.does, Send):
            return False
        if self.model.go() == "confirm":
            self.model.go()
        return True

    def check(self) -> None:
        """One thing done that records an action, undone, redone and undone again:
        each time the table shows what it showed before it; then mostly redone, so
        that the game goes on."""
        model = self.model
        if model.confirm_end:  # a press that asks first waits: not a table at rest
            return
        how = self.pick(["time up", "go", "tap", "go", "tap"])
        if how == "time up":
            self.time_up()
            return
        before, length = shown(model), len(model.session)
        self.trace.append(f"checked {how}: {model.go_now.name}")
        if not (self.tap() if how == "tap" else self.press()):
            return
        after = shown(model)
        self.round_trip(before, after, len(model.session) - length, tick=True)

    def time_up(self) -> None:
        """The glass runs out: what the table records by itself then, undone."""
        model = self.model
        view = model.timer.view()
        if view is None or view.phase is not Phase.RUNNING or not model.timed:
            return
        self.clock.advance(view.seconds_left + 0.01)
        self.trace.append("checked time up")
        before, length = shown(model, tick=False), len(model.session)
        model.tick()
        after = shown(model, tick=False)
        self.round_trip(before, after, len(model.session) - length, tick=False)

    def round_trip(
        self, before: dict[str, object], after: dict[str, object], count: int, *, tick: bool
    ) -> None:
        """`count` actions were recorded: one, or with it what the table records at
        once (a chess clock's next bank started, undone with the end of the turn in
        one undo; the time-up of a turn started with no time left in its bank)."""
        model = self.model
        if count == 0:  # nothing recorded (this table records nothing at a time-up)
            return
        start = len(model.session) - count
        for step, expected in (("undo", before), ("redo", after), ("undo again", before)):
            goal = start + count if step == "redo" else start
            while len(model.session) != goal:
                assert model.undo() if step != "redo" else model.redo()
            found = differences(expected, shown(model, tick=tick))
            if found:
                raise AssertionError(pformat({step: found, "after": self.trace[-12:]}))
        if self.pick([True, True, False]):  # else the players play on from the undo
            while len(model.session) != start + count:
                assert model.redo()
        self.checked += 1

    def finish(self) -> None:
        """Play on, each action checked, until the game is over (or a long while);
        once a tap would end it, that tap is the one checked: the results' undo."""
        for _ in range(60):
            if self.model.summary.get("over"):
                return
            if self.pick([False, True]) and self.tap_ends():
                return
            self.pick([self.check, self.check, self.move])()

    def tap_ends(self) -> bool:
        """The check of a tap that ends the game, if the rules take one now."""
        model = self.model
        ending = [raw for raw in taken(model) if ends(model, raw)]
        if not ending:
            return False
        before, length = shown(model), len(model.session)
        raw = dict(self.pick(ending))
        self.trace.append(f"checked the end: {raw}")
        assert model.act(raw.pop("type"), **raw), model.error
        self.round_trip(before, shown(model), len(model.session) - length, tick=True)
        return True


@pytest.mark.parametrize("name", list(TABLES))
def test_an_action_undone_leaves_the_table_as_it_was(name: str) -> None:
    table = TABLES[name]

    @settings(FAST, max_examples=table.examples)
    @given(data=st.data())
    def play(data: Any) -> None:
        clock = FakeClock()
        with at_table(table, clock) as model:
            player = Player(model, table, clock, data)
            for _ in range(data.draw(st.integers(5, table.moves))):
                player.move()
            player.finish()

    play()
