"""Every line a table's strip and its results can say, found by playing (issue 31.5):
seeded games of each table played at the view-model (no window), as the players
would: the rules' actions (each among those a table sends), GO, time passing, undo
and redo. At every moment the lines of the strip are kept: the step (alone, or over
other lines), the reminders, the news ("Undone: ...") and the refusal of every tap
the rules would not take now; at every end, the results' headline and the note on
ties (for Wyścig, the final count of every kind: all apart, all level, all sharing).
tests/ui/test_lines_fit.py shows each one in the real window."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.hourglass import FakeClock
from companion.core.messages import Message
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.store import Store
from companion.ui.strings import UI, Said
from companion.ui.tables.base.adapter import TIMER_KEY
from companion.ui.tables.base.go import Refuse
from companion.ui.viewmodel import GameModel, open_table

# Names as long as a group's usually are (the "Dominika's" among them).
NAMES = ("Dominika", "Małgosia", "Maximilian", "Bartosz", "Krzysztof", "Zofia", "Ewa", "Jo")
Raw = dict[str, Any]
Said_ = Message | Said
MEMORY = "/dev/shm"  # the games are thrown away: no disk to wait for where there is this


@dataclass(frozen=True)
class Table:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    app_options: dict[str, Any] = field(default_factory=dict)


VP = [{"id": "vp", "name": "Victory points"}]
TABLES = {
    "wyscig-balonow": [
        Table("wyscig-balonow", 4, {"order_cards": "table"}),
        Table("wyscig-balonow", 3, {"timer_seconds": 0}),
    ],
    "ballonrennen": [
        Table("ballonrennen", 5, {"wind_deck": "table"}),
        Table(
            "ballonrennen", 3, {"wind_deck": "app", "play_on": True},
            {TIMER_KEY: 30},
        ),
    ],
    "balmy-balloonists": [
        Table("balmy-balloonists", 6, {"storm": True, "critical_measures": True}),
        Table("balmy-balloonists", 3, {}, {TIMER_KEY: 30}),
    ],
    "any-game": [
        Table("any-game", 8, {"title": "Go", "counters": VP}),
        Table(
            "any-game", 8,
            {"title": "Go", "clock": "turn", "timer_seconds": 20, "counters": VP, "scoring": "low"},
        ),
        Table(
            "any-game", 4,
            {"title": "Go", "clock": "bank", "bank_seconds": 60, "scoring": "places"},
        ),
        Table("any-game", 8, {"title": "Go", "scoring": "coop"}),
    ],
}  # fmt: skip


@dataclass
class Lines:
    """What the strip and the results said, each once, by where it is shown:
    `step` over other lines, `step_alone` with nothing below it, `reminder`, `pair`
    (a step and the first reminder under it), `news`, `refusal`, and the results'
    `headline` and `note` (all of a game's tie lines)."""

    found: dict[str, dict[str, Said_ | tuple[Message, ...]]] = field(default_factory=dict)
    finished: Session[Any] | None = None  # a game over, with the most players: its results

    def add(self, where: str, line: Said_ | tuple[Message, ...] | None) -> None:
        if line is not None and line != ():
            self.found.setdefault(where, {}).setdefault(repr(line), line)

    def of(self, where: str) -> list[Any]:
        return list(self.found.get(where, {}).values())


@contextmanager
def at_table(table: Table, clock: FakeClock, seed: int) -> Iterator[GameModel[Any]]:
    memory = MEMORY if Path(MEMORY).is_dir() else None
    with tempfile.TemporaryDirectory(dir=memory) as folder:
        store = Store(Path(folder) / "companion.db")
        players = tuple(PlayerSpec(name=n) for n in NAMES[: table.players])
        setup = GameSetup(game=table.game, seed=seed, players=players, options=table.options)
        session_id = store.create_session(setup)
        model = open_table(
            store,
            session_id,
            store.load_session(session_id),
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


def parsed(model: GameModel[Any], raw: Raw) -> Any:
    try:
        return model.rules.parse_action(raw)
    except CompanionError:
        return None  # not a shape a table sends


def note(model: GameModel[Any], lines: Lines, table: Table) -> list[Raw]:
    """The strip's lines now, and the refusal of every tap the rules would not take;
    the taps they take."""
    reminders = model.adapter.reminders(model.session)
    lines.add("step" if reminders else "step_alone", model.step)
    for reminder in reminders:
        lines.add("reminder", reminder)
    if reminders and model.step is not None:  # the first is shown whatever its room
        lines.add("pair", (model.step, reminders[0]))
    lines.add("news", model.notice)
    lines.add("refusal", model.error)
    does = model.go_now.does
    if isinstance(does, Refuse):
        lines.add("refusal", does.message)
    taken = []
    legal = model.session.legal()
    for action in legal.choices:  # the game's actions of the moment, refused ones too
        refusal = legal.refusal(action)
        lines.add("refusal", refusal)
        if refusal is None:
            taken.append(action.to_json())
    return taken


def ended(model: GameModel[Any], lines: Lines) -> None:
    """The results' headline and the note on ties of a game over; the game itself,
    with no store, for the results screen."""
    state, summary = model.state, model.summary
    kept = lines.finished
    if model.session.decided and (kept is None or len(kept.setup.players) < len(state.players)):
        lines.finished = Session(model.rules, model.session.setup)
        for action in list(model.session.log):
            lines.finished.apply(action)
    winners = summary.get("winners", [])
    if winners:
        key = "winners" if len(winners) > 1 else "winner"
        lines.add("headline", UI(key, names=", ".join(winners)))
    lines.add("note", tuple(model.rules.tie_breaks(state)))


def counts(model: GameModel[Any], lines: Lines) -> None:
    """A final count of the balloons' distances (Wyścig's) typed every way, not sent:
    all apart, all level, all sharing a place, so the note has as many tie lines as
    there are pairs of players."""
    players = model.state.players
    colours = [c for p in players for c in p.balloons]
    # Each player's points before the distances: a distance that makes up the
    # difference leaves every player on the same score (every pair a tie line).
    points = {p.name: 3 * p.mail - p.penalty for p in players}
    level = {c: 19 for c in colours}
    level.update({p.balloons[0]: points[p.name] - min(points.values()) + 10 for p in players})
    for distances in (
        {c: 10 + i for i, c in enumerate(colours)},
        {c: 12 for c in colours},
        {c: 19 - i for i, c in enumerate(colours)},
        level,
    ):
        action = parsed(model, {"type": "score", "distances": distances})
        legal = model.session.legal()
        if action is None or not legal.allows(action):
            return
        after = legal.after(action)
        lines.add("note", tuple(model.rules.tie_breaks(after)))


def play(table: Table, seed: int, moves: int, lines: Lines) -> None:
    """One game, `moves` long at most (or to its end, then its last action undone
    and played on)."""
    clock = FakeClock()
    pick = random.Random(seed)
    with at_table(table, clock, seed) as model:
        for _ in range(moves):
            taken = note(model, lines, table)
            if table.game == "wyscig-balonow":
                counts(model, lines)
            if model.summary.get("over"):
                ended(model, lines)
                for raw in taken:  # the final count, typed: the results
                    fields = {k: v for k, v in raw.items() if k != "type"}
                    if raw["type"] == "score" and model.act(raw["type"], **fields):
                        ended(model, lines)
                        model.undo()
                model.undo()
                continue
            move(model, clock, pick, taken)


def move(model: GameModel[Any], clock: FakeClock, pick: random.Random, taken: list[Raw]) -> None:
    kind = pick.choice(["act", "act", "act", "go", "go", "undo", "redo", "wait"])
    if kind == "act" and taken:
        raw = dict(pick.choice(taken))
        model.act(raw.pop("type"), **raw)
    elif kind == "go":
        if model.go() == "confirm":
            model.go()
    elif kind == "undo":
        model.undo()
    elif kind == "redo":
        model.redo()
    elif kind == "wait":
        clock.advance(pick.choice([31.0, 2.0, 6.5]))
        model.tick()


def every_line(game: str, seeds: int = 3, moves: int = 160) -> Lines:
    lines = Lines()
    for table in TABLES[game]:
        for seed in range(seeds):
            play(table, seed, moves, lines)
    return lines
