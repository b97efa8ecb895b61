"""After any Wyścig balonów action and its undo, the table shows what it showed before
the action: GO's meaning, the glass, the step line, the reminders, the time-up
question and the strip; also for the actions the score and the results screens undo
(the last end of turn, the score). The view-model without a window, on a fake
clock; what the real window draws is checked in tests/ui/test_wyscig.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.store import Store
from companion.ui.viewmodel import GameModel, open_table
from tests.tables.helpers import EN

Step = Callable[[GameModel[Any]], object]


def table(folder: Path, clock: FakeClock, **options: Any) -> GameModel[Any]:
    store = Store(folder / "companion.db")
    names = ("Ola", "Jan", "Ewa")
    setup = GameSetup(
        game="wyscig-balonow",
        seed=3,
        players=tuple(PlayerSpec(name=n) for n in names),
        options={"order_cards": "table", **options},
    )
    session_id = store.create_session(setup)
    return open_table(store, session_id, store.load_session(session_id), clock=clock)


def shown(model: GameModel[Any]) -> dict[str, object]:
    """What the table shows that the game decides (not the news line: "Undone: ...")."""
    model.tick()
    go = model.go_now
    question = model.adapter.question(model.play)
    return {
        "go": (EN(go.label), go.name, go.next),
        "glass": (model.phase, model.whole_seconds, model.timed),
        "step": EN(model.step) if model.step else None,
        "reminders": [EN(m) for m in model.adapter.reminders(model.session)],
        "question": question.id if question else None,
        "frame": [tuple(c) for c in model.frame],
        "summary": model.summary,
        "dice": list(model.dice),
    }


def go(model: GameModel[Any]) -> object:
    return model.go()


def act(kind: str, **fields: Any) -> Step:
    return lambda model: model.act(kind, **fields)


def wait(seconds: float, clock: FakeClock) -> Step:
    def waiting(model: GameModel[Any]) -> None:
        clock.advance(seconds)
        model.tick()

    return waiting


def score(model: GameModel[Any]) -> object:
    held = [c for p in model.state.players for c in p.balloons]
    return model.act("score", distances={c: i for i, c in enumerate(held)})


def script(clock: FakeClock) -> list[tuple[str, Step]]:
    """A whole game at the table: every kind of action, some while the sand runs.
    Each named step is undone and redone before the next; unnamed ones just happen."""
    return [
        ("order", act("order", players=["Ola", "Jan", "Ewa"])),
        ("GO: the hourglass", go),
        ("", wait(4, clock)),
        ("dice", act("dice", values=[1, 2, 3, 4, 5])),
        ("penalty", act("penalty", count=2)),
        ("mail", act("mail")),
        ("correction", act("adjust", player="Jan", token="mail", delta=1)),
        ("", wait(1.5, clock)),
        ("GO: end of turn", go),
        ("", wait(1.5, clock)),
        ("GO: the hourglass", go),
        ("", wait(31, clock)),
        ("time up: dice not placed", act("timer_expired", unplaced=2)),
        ("GO: end of turn after time up", go),
        ("", wait(1.5, clock)),
        ("GO: the last turn's hourglass", go),
        ("", wait(3, clock)),
        ("GO: end of the round", go),
        ("order of round 2", act("order", players=["Jan", "Ewa", "Ola"])),
        ("new obstacle", act("place_obstacle")),
        ("", wait(1.5, clock)),
        ("GO: the hourglass", go),
        ("landed", act("landed")),
        ("", wait(1.5, clock)),
        ("GO: the race ends (the score screen's undo)", go),
        ("score (the results' undo)", score),
    ]


def test_every_action_undone_shows_the_table_as_before(tmp_path: Path) -> None:
    clock = FakeClock()
    model = table(tmp_path, clock)
    differences = {}
    for name, step in script(clock):
        if not name:
            step(model)
            continue
        before = shown(model)
        length = len(model.session.log)
        step(model)
        assert len(model.session.log) == length + 1, name
        after = shown(model)
        assert model.undo()
        again = shown(model)
        if again != before:
            differences[name] = {k: (before[k], again[k]) for k in before if before[k] != again[k]}
        assert model.redo()
        assert shown(model) == after, name
    assert not differences


@pytest.mark.parametrize("untimed", [[], ["Ola"]])
def test_an_undone_roll_is_the_same_start_of_the_turn(tmp_path: Path, untimed: list[str]) -> None:
    clock = FakeClock()
    model = table(tmp_path, clock, untimed=untimed)
    model.act("order", players=["Ola", "Jan", "Ewa"])
    before = shown(model)
    model.go()
    clock.advance(2)
    assert model.undo()
    assert shown(model) == before
