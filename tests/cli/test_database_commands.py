"""The commands that open the database: each prints `note: ...` when it found the file
damaged and moved it aside; `run` keeps one app per data folder (its lock), and the
read-only commands keep working beside a running app (an import waits for it to stop)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion import files
from companion.store import LOCK_NAME, DataFolderLock, Store
from tests.conftest import ROOT, run_companion

GAME = {"format": 1, "game": "wyscig-balonow", "seed": 4, "players": ["Ola", "Jan"]}
HOLDER = """
import sys
from pathlib import Path
from companion.store import DataFolderLock
with DataFolderLock(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()  # until the test says so (or the process is killed)
"""


def damaged(data: Path) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / "companion.db").write_bytes(b"not a database at all" * 200)


def broken_copies(data: Path) -> list[Path]:
    return [p for p in data.iterdir() if ".broken-" in p.name and not p.name.endswith("-shm")]


@pytest.mark.parametrize("command", ["export", "import", "stats"])
def test_every_command_that_opens_the_database_notes_a_moved_file(
    _isolated_data: Path, tmp_path: Path, command: str
) -> None:
    damaged(_isolated_data)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    args = {"export": (), "import": (str(game),), "stats": ()}[command]
    done = run_companion(command, *args)
    moved = broken_copies(_isolated_data)
    assert len(moved) == 1
    note = (
        f"note: The database {_isolated_data / 'companion.db'} could not be opened (file is "
        f"not a database); it was moved to {moved[0]} and a new one was started. Nothing was "
        "deleted.\n"
    )
    assert done.stderr.startswith(note), done.stderr
    assert moved[0].read_bytes() == b"not a database at all" * 200


def hold(folder: Path) -> subprocess.Popen[str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_a_second_app_on_the_same_folder_refuses_before_any_window(_isolated_data: Path) -> None:
    holder = hold(_isolated_data)
    try:
        # No display here: had it got past the lock, Kivy would have failed another way.
        done = run_companion("run", "--simulate", env={"DISPLAY": "", "SDL_VIDEODRIVER": ""})
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr == (
            f"error: The companion is already running on this data folder ({_isolated_data}, "
            f"process {holder.pid}): use that one, or close it first\n"
        )
    finally:
        holder.kill()
        holder.wait()


def test_read_only_commands_work_beside_a_running_app(_isolated_data: Path, tmp_path: Path) -> None:
    store = Store()
    store.close()
    holder = hold(_isolated_data)
    try:
        game = tmp_path / "game.json"
        game.write_text(json.dumps(GAME))
        assert run_companion("replay", str(game)).returncode == 0
        refused = run_companion("import", str(game))  # it would hold the write lock long
        assert (refused.returncode, refused.stderr) == (2, (
            f"error: The companion app is running on this data folder ({_isolated_data}): "
            "close it first, then import the file again\n"
        ))  # fmt: skip
        store = Store()
        store.import_session(files.replay(GAME))
        store.close()
        assert json.loads(run_companion("export").stdout)["players"] == ["Ola", "Jan"]
        assert run_companion("stats").returncode == 0
    finally:
        holder.kill()
        holder.wait()


def test_the_lock_goes_with_a_killed_app(tmp_path: Path) -> None:
    holder = hold(tmp_path)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert (tmp_path / LOCK_NAME).exists()  # the file stays; the flock went with the process
    with DataFolderLock(tmp_path) as lock:
        assert lock.held
        assert (tmp_path / LOCK_NAME).read_text() == f"{os.getpid()} app\n"


def test_the_lock_is_taken_once_per_process_and_given_back(tmp_path: Path) -> None:
    with DataFolderLock(tmp_path) as lock:
        lock.acquire()  # again: still ours, not "already running"
        assert lock.held
    assert not lock.held
    with DataFolderLock(tmp_path):
        pass
