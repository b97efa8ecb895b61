"""For every game: after any action and its undo, the table shows what it showed
before the action (issue 24.4), and a redo then an undo again shows it once more.

Generated games at the view-model (no window, a fake clock, `ticks_itself=False`):
the rules' actions (each picked among those the rules take now), GO presses, time
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from pprint import pformat
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.core.hourglass import FakeClock, Phase
from companion.core.model import GameSetup, PlayerSpec
from companion.games import GAMES
from companion.games.ballonrennen import CARDS
from companion.store import Store
from companion.ui.tables.base.adapter import TIMER_KEY
from companion.ui.tables.base.go import Send, TableQuestion
from companion.ui.viewmodel import GameModel, open_table
from tests.tables.helpers import EN
from tests.tables.test_balmy_table import candidates as balmy_candidates

NAMES = ("Ola", "Jan", "Ewa")
Raw = dict[str, Any]

# -- the rules' actions a table might send now (the rules refuse some of them) -----------


def wyscig_candidates(model: GameModel[Any]) -> list[Raw]:
    """Its taps (the hourglass and the end of a turn are GO's)."""
    state = model.state
    names = [p.name for p in state.players]
    held = [c for p in state.players for c in p.balloons]
    found: list[Raw] = [
        {"type": "order", "players": names},
        {"type": "order", "players": names[::-1]},
        {"type": "dice", "values": [1, 2, 3, 4, 5]},
        {"type": "dice", "values": [6, 6, 2, 2, 1]},
        {"type": "penalty", "count": 1},
        {"type": "mail"},
        {"type": "landed"},
        {"type": "landed"},
        {"type": "place_obstacle"},
        {"type": "adjust", "player": names[-1], "token": "mail", "delta": 1},
        {"type": "score", "distances": {c: i for i, c in enumerate(held)}},
    ]
    # The dice not placed are asked only once the sand has run out (its dialog).
    question = waiting(model)
    if question is not None and question.id == "unplaced":
        found += [{"type": "timer_expired", "unplaced": n} for n in (0, 2)]
    return found


def ballonrennen_candidates(model: GameModel[Any]) -> list[Raw]:
    state = model.state
    names = [p.name for p in state.players]
    found: list[Raw] = [
        {"type": "release", "sandbags": b, "gas": g} for b in (0, 1) for g in (0, 1, 2)
    ]
    if state.app_deck:  # the app draws the card
        found += [{"type": "wind_card"}] * 3
    else:
        found += [{"type": "wind_card", "card": c} for c in CARDS]
    found += [{"type": "favourable", "altitude": a, "rotate": "cw"} for a in (1, 2, 3)]
    found += [{"type": t} for t in ("land", "forced_landing", "end_turn")]
    # The race's end (the mail dropped first), often enough to be reached.
    found += [{"type": "drop_mail"}] * 3 + [{"type": "reach_goal"}] * 6
    found += [{"type": "adjust", "player": names[0], "token": "gas", "delta": 1}]
    return found


def any_game_candidates(model: GameModel[Any]) -> list[Raw]:
    """Its taps: a player's deeds (a bank's with the seconds the glass ran), the
    counters, the other way round, the end; the time-up is the table's own."""
    names = [p.name for p in model.state.players]
    found: list[Raw] = [
        {"type": "reverse"},
        {"type": "adjust", "player": names[0], "token": "vp", "delta": 2},
        {"type": "score", "points": {n: i for i, n in enumerate(names)}},
        {"type": "places", "places": {n: i + 1 for i, n in enumerate(names)}},
        {"type": "finish", "won": True},
        {"type": "finish"},
    ]
    for name in names:
        for deed in model.adapter.deeds(model.play, name):
            found.append({"type": deed.send.type, **deed.send.fields})
    return found


def balmy_taps(model: GameModel[Any]) -> list[Raw]:
    return balmy_candidates(model.state)


@dataclass(frozen=True)
class Table:
    game: str
    candidates: Callable[[GameModel[Any]], list[Raw]]
    options: dict[str, Any] = field(default_factory=dict)
    app_options: dict[str, Any] = field(default_factory=dict)
    examples: int = 8  # a short game's table affords more
    moves: int = 25  # at most, before the game is played to its end


VP = [{"id": "vp", "name": "VP"}]
TABLES = {
    "wyscig, hourglass": Table("wyscig-balonow", wyscig_candidates, {"order_cards": "table"}),
    "wyscig, no hourglass": Table(
        "wyscig-balonow", wyscig_candidates, {"order_cards": "table", "timer_seconds": 0}
    ),
    "ballonrennen, turn timer, the app's deck": Table(
        "ballonrennen", ballonrennen_candidates, {"wind_deck": "app"}, {TIMER_KEY: 30}
    ),
    "ballonrennen, no timer": Table(
        "ballonrennen", ballonrennen_candidates, {"wind_deck": "table"}
    ),
    "balmy, turn timer": Table("balmy-balloonists", balmy_taps, {}, {TIMER_KEY: 30}),
    "balmy, no timer": Table("balmy-balloonists", balmy_taps),
    "any-game, no clock": Table("any-game", any_game_candidates, {"title": "Go", "counters": VP}),
    "any-game, turn clock": Table(
        "any-game",
        any_game_candidates,
        {"title": "Go", "clock": "turn", "timer_seconds": 20, "counters": VP},
        examples=20,
    ),
    "any-game, bank": Table(
        "any-game",
        any_game_candidates,
        {"title": "Go", "clock": "bank", "bank_seconds": 60, "scoring": "places"},
        examples=30,
        moves=60,  # banks used up unevenly take many turns
    ),
}

# Derandomized, a failure comes back on every run; its message says what was done.
# No shrinking: a long game shrank for more than five minutes.
FAST = settings(
    deadline=None,
    derandomize=True,
    phases=(Stage.explicit, Stage.generate),
    suppress_health_check=[HealthCheck.too_slow],
)


def test_every_game_and_its_timers_are_generated() -> None:
    assert {t.game for t in TABLES.values()} == {g.id for g in GAMES}


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
        players = tuple(PlayerSpec(name=n) for n in NAMES)
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


def taken(model: GameModel[Any], table: Table) -> list[Raw]:
    """The candidates the rules take now."""
    found = []
    for raw in table.candidates(model):
        try:
            action = model.rules.parse_action(raw)
        except CompanionError:
            continue
        if model.session.refusal(action) is None:
            found.append(raw)
    return found


def ends(model: GameModel[Any], raw: Raw) -> bool:
    """The game is over after `raw` (the rules are pure: nothing changes here)."""
    rules = model.rules
    return bool(rules.summary(rules.apply(model.state, rules.parse_action(raw)))["over"])


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
        choices = taken(self.model, self.table)
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
        ending = [raw for raw in taken(model, self.table) if ends(model, raw)]
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
