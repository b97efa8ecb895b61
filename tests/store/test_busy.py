"""The store never freezes the screen. With another program holding the database's
write lock, each GO once froze the screen for the 5 s busy timeout; now a tap that
cannot be stored is refused within 100 ms with a sentence, and the game is as it
was. `companion import` (which holds the lock for as long as a long file takes)
refuses while the app runs, with a sentence, and imports once it has stopped."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core.session import Session
from companion.store import DatabaseBusyError, DataFolderLock, Store
from tests.conftest import ROOT, run_companion
from tests.store.conftest import RULES, SETUP, python_child
from tests.waiting import limit

REFUSED_WITHIN_S = 0.1  # times the slowness factor (a Pi: 3 to 4)
PENALTY = {"type": "penalty", "count": 1}

HOLD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()  # held until the test lets go
"""


@pytest.fixture
def game(tmp_path: Path) -> Iterator[tuple[Store, Session]]:
    store = Store(tmp_path / "companion.db")
    session = store.load_session(store.create_session(SETUP))
    session.apply(RULES.parse_action(PENALTY))
    yield store, session
    store.close()


@pytest.fixture
def holder(game: tuple[Store, Session]) -> Iterator[subprocess.Popen[str]]:
    """Another program holding the game's database's write lock until told."""
    child = subprocess.Popen(
        python_child(HOLD, str(game[0].path)),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    try:
        assert child.stdout is not None and child.stdout.readline() == "held\n"
        yield child
    finally:
        child.kill()
        child.wait()


def test_a_tap_the_held_database_cannot_take_is_refused_at_once(
    game: tuple[Store, Session], holder: subprocess.Popen[str]
) -> None:
    store, session = game
    before = (session.state, session.log)
    for _ in range(3):  # every tap, not only the first
        started = time.monotonic()
        with pytest.raises(DatabaseBusyError) as refused:
            session.apply(RULES.parse_action(PENALTY))
        assert time.monotonic() - started < limit(REFUSED_WITHIN_S)
        assert (session.state, session.log) == before
    assert str(refused.value) == (
        "Another program is using the database: this action was not saved. Try again"
    )
    assert refused.value.message.key == "store.busy_action"

    assert holder.stdin is not None
    holder.stdin.write("done\n")  # the other program lets go: play goes on
    holder.stdin.flush()
    holder.wait()
    session.apply(RULES.parse_action(PENALTY))
    [row] = store.sessions()
    assert len(store.raw_actions(row.id)) == len(session.log) == 2


def game_file(folder: Path) -> Path:
    path = folder / "game.json"
    path.write_text(
        json.dumps(
            {"format": 1, "game": RULES.id, "seed": 1, "players": ["Ola", "Jan"],
             "actions": [PENALTY] * 5}
        )
    )  # fmt: skip
    return path


def test_import_while_the_app_runs_is_refused_with_a_sentence(
    _isolated_data: Path, tmp_path: Path
) -> None:
    path = game_file(tmp_path)
    with DataFolderLock():  # what `companion run` holds for the app's life
        done = run_companion("import", str(path))
    assert done.returncode == 2
    assert done.stderr == (
        f"error: The companion app is running on this data folder ({_isolated_data}): "
        "close it first, then import the file again\n"
    )
    store = Store()
    assert store.sessions() == []
    store.close()
    again = run_companion("import", str(path))  # the app has stopped
    assert again.returncode == 0, again.stderr
    assert len(Store().sessions()) == 1


def test_the_app_cannot_start_while_an_import_holds_the_folder(_isolated_data: Path) -> None:
    with DataFolderLock(role="import"):
        done = run_companion("run", "--simulate", env={"DISPLAY": "", "SDL_VIDEODRIVER": ""})
    assert done.returncode == 2
    assert done.stderr == (
        f"error: A game file is being imported into this data folder ({_isolated_data}): "
        "wait until it is done, then try again\n"
    )
