"""`companion backup FILE` and `companion restore FILE` (issue 35.4): a backup taken
while a game is played in another process that holds the app's lock, a restore the
running app refuses, a restored backup that resumes the same game, and the files
that are no backup, each refused in one `error:` line with exit 2."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion import files
from companion.store import LOCK_NAME, MIGRATIONS, AlreadyRunningError, DataFolderLock, Store
from tests.cli.test_database_commands import GAME, hold
from tests.conftest import ROOT, run_companion
from tests.store.test_backup import older_schema

# A game in play, as the app plays it: the folder's lock held, one transaction per
# action, turn after turn until the test writes a line; then how many it stored.
PLAYER = """
import select, sys
from pathlib import Path
from companion.core.model import GameSetup, PlayerSpec
from companion.games import get
from companion.store import DataFolderLock, Store
folder = Path(sys.argv[1])
with DataFolderLock(folder):
    store = Store(folder / "companion.db")
    rules = get("any-game")
    names = [PlayerSpec(name=n) for n in ("Ola", "Jan")]
    setup = GameSetup(game=rules.id, seed=5, players=names, options={"title": "Chess"})
    session = store.load_session(store.create_session(setup))
    end_turn = rules.parse_action({"type": "end_turn"})
    session.apply(end_turn)
    print("playing", flush=True)
    while not select.select([sys.stdin], [], [], 0)[0]:
        session.apply(end_turn)
    print(len(session.log), flush=True)
    store.close()
"""


def one_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    return done.stderr[len("error: ") : -1]


def turns_in(copy: Path) -> int:
    """The backed-up game's turns, once its file is whole and its log replays."""
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()
    store = Store(copy)
    try:
        session = store.load_session(1, journal=False)
        assert {a.type for a in session.log} == {"end_turn"}
        assert session.summary().data["table"]["turn"] == len(session.log) + 1
        return len(session.log)
    finally:
        store.close()


def test_a_backup_taken_during_play_is_a_whole_game(_isolated_data: Path, tmp_path: Path) -> None:
    player = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(_isolated_data)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    assert player.stdin is not None and player.stdout is not None
    try:
        assert player.stdout.readline() == "playing\n"
        seen = []
        for number in range(4):  # each while turns are being stored
            copy = tmp_path / f"during-{number}.db"
            done = run_companion("backup", str(copy))
            assert (done.returncode, done.stderr) == (0, ""), done
            assert done.stdout == f"backed up 1 game (1 unfinished) to {copy}\n"
            assert sorted(p.name for p in tmp_path.glob(f"*during-{number}*")) == [copy.name]
            seen.append(turns_in(copy))
        player.stdin.write("stop\n")
        player.stdin.flush()
        stored = int(player.stdout.readline())
    finally:
        player.kill()
        player.wait()
    assert seen == sorted(seen) and seen[0] >= 1 and seen[-1] <= stored
    assert seen[-1] > seen[0], "the game went on while the backups were taken"


def test_a_restore_is_refused_while_the_app_runs(_isolated_data: Path, tmp_path: Path) -> None:
    store = Store()
    store.close()
    assert run_companion("backup", str(tmp_path / "games.db")).returncode == 0
    before = {p.name: p.read_bytes() for p in _isolated_data.iterdir()}
    holder = hold(_isolated_data)
    try:
        refused = run_companion("restore", str(tmp_path / "games.db"))
    finally:
        holder.kill()
        holder.wait()
    assert one_error(refused) == (
        f"The companion app is running on this data folder ({_isolated_data}): stop it "
        "first (on the Pi: sudo systemctl stop companion), then restore again"
    )
    after = {p.name: p.read_bytes() for p in _isolated_data.iterdir()}
    assert after.keys() - {LOCK_NAME} == before.keys()  # nothing moved, nothing put in place
    assert after["companion.db"] == before["companion.db"]


def test_the_app_does_not_start_while_a_backup_is_restored(tmp_path: Path) -> None:
    with DataFolderLock(tmp_path, role="restore"):
        with pytest.raises(AlreadyRunningError) as refused:
            DataFolderLock(tmp_path).acquire()
        with pytest.raises(AlreadyRunningError):
            DataFolderLock(tmp_path, role="import").acquire()
    assert str(refused.value) == (
        f"A backup is being restored into this data folder ({tmp_path}): wait until it is "
        "done, then try again"
    )


def test_a_restored_backup_resumes_the_same_game(_isolated_data: Path, tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps({**GAME, "actions": [{"type": "start_timer"}]}))
    assert run_companion("import", str(game)).returncode == 0
    exported = run_companion("export").stdout
    saved = tmp_path / "games.db"
    assert run_companion("backup", str(saved)).stdout == (
        f"backed up 1 game (1 unfinished) to {saved}\n"
    )
    store = Store()  # the evening goes on: the game is given up, another one started
    store.abandon(1)
    store.import_session(files.replay(GAME))
    store.close()
    done = run_companion("restore", str(saved))
    assert done.returncode == 0, done.stderr
    [moved] = [p for p in _isolated_data.iterdir() if ".before-restore-" in p.name and
               not p.name.endswith("-wal")]  # fmt: skip
    assert done.stdout == (
        f"restored {saved}: 1 game (1 unfinished)\n"
        f"the database before it is kept as {moved} (nothing was deleted)\n"
    )
    assert not (_isolated_data / "companion.db-wal").exists()
    store = Store()
    try:
        row = store.unfinished()  # what the app opens at start, and where it was
        assert row is not None and row.id == 1
        assert [a.type for a in store.load_session(row.id).log] == ["start_timer"]
    finally:
        store.close()
    assert run_companion("export").stdout == exported
    assert len(Store(moved).sessions()) == 2  # the evening's database, kept whole


@pytest.mark.parametrize("version", [1, len(MIGRATIONS) - 1])
def test_a_backup_of_an_earlier_release_is_brought_up_to_date(
    _isolated_data: Path, tmp_path: Path, version: int
) -> None:
    saved = tmp_path / "old.db"
    older_schema(saved, version)
    done = run_companion("restore", str(saved))
    assert done.stdout == (
        f"restored {saved}: 1 game (1 unfinished), brought from schema {version} up to date\n"
        f"there was no database in {_isolated_data} before\n"
    )
    assert json.loads(run_companion("export").stdout)["players"] == ["Ola", "Jan"]


def test_files_that_are_no_backup_are_refused(_isolated_data: Path, tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    assert one_error(run_companion("backup", str(tmp_path / "b.db"))) == (
        f"There is no database at {_isolated_data / 'companion.db'} yet: nothing to back up"
    )
    assert one_error(run_companion("restore", str(game))) == (
        f"{game} is not a companion database (no backup of its games): nothing was restored"
    )
    assert one_error(run_companion("restore", str(tmp_path / "none.db"))) == (
        f"There is no file {tmp_path / 'none.db'}: nothing was restored"
    )
    assert not _isolated_data.exists() or not list(_isolated_data.glob("companion.db*"))
