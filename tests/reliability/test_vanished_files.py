"""The database's files removed under the running app (issues 23.4, 30.1): the real app
(`app_child.py`) plays, the test deletes `companion.db-wal`, `companion.db` alone or
the whole data folder, lets it play a few more taps, and kills it with SIGKILL. The database then
holds every acknowledged action, and the next start resumes them. The table says
what happened, once.

The files are removed while the app waits between two steps (`--pause-after`): the
acknowledgements read after the removal are then of steps taken after it. Read from
a pipe while the app played on, they could be older: the test, lagging behind, read
three acks the app had sent before the removal, killed it before it wrote again,
and found the game gone with the `-wal` (issue 35.3). No write, no notice: the app
cannot see a removal it never touches, and no tap was acknowledged after it."""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest

from companion.core.hourglass import FakeClock
from tests.reliability.table import data_store, new_game, open_model
from tests.reliability.test_power_cut import Acknowledged, holds_exactly, start, stored

ACKS_AFTER = 3  # acknowledged taps after the removal, before the kill
STEPS_BEFORE = 6  # steps played before the removal


def remove(data: Path, what: str) -> None:
    if what == "wal":
        os.unlink(data / "companion.db-wal")
    elif what == "database":
        os.unlink(data / "companion.db")
    else:
        shutil.rmtree(data)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("removed", ["wal", "database", "folder"])
def test_a_kill_after_the_files_were_removed_loses_no_acknowledged_action(
    _isolated_data: Path, removed: str
) -> None:
    child = start(seed=3, new=True, pause_after=STEPS_BEFORE)
    lines: list[str] = []
    try:
        assert child.stdout is not None and child.stdin is not None
        next(line for line in child.stdout if line.startswith("resumed"))
        child.stdin.write("play\n")
        child.stdin.flush()
        for line in child.stdout:
            if line.startswith("paused"):
                break
            lines.append(line)
        remove(_isolated_data, removed)
        child.stdin.write("go on\n")
        child.stdin.flush()
        acks = 0
        while acks < ACKS_AFTER:
            line = child.stdout.readline()
            assert line, "the app stopped"
            lines.append(line)
            acks += line.startswith("ack ")
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        lines += child.stdout.read().splitlines()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    acknowledged, in_flight = last_acknowledged(lines)
    disk = stored(_isolated_data)
    assert holds_exactly(disk, acknowledged, in_flight), (disk, acknowledged, in_flight)
    resume(_isolated_data, disk.whole)


def last_acknowledged(lines: list[str]) -> tuple[Acknowledged, str | None]:
    acknowledged, in_flight = None, None
    for line in lines:
        if line.startswith("ack "):
            acknowledged, in_flight = Acknowledged.parse(line.split()[1:]), None
        elif line.startswith("doing "):
            in_flight = line.split()[1]
    assert acknowledged is not None
    return acknowledged, in_flight


def resume(data: Path, whole: str) -> None:
    again = start(seed=4, new=False)
    try:
        assert again.stdout is not None
        words = next(line.split() for line in again.stdout if line.startswith("resumed"))
        assert words[3] == whole
    finally:
        again.kill()
        again.wait()


@pytest.mark.parametrize("removed", ["wal", "database", "folder"])
def test_the_table_says_once_that_the_games_were_written_back(tmp_path: Path, removed: str) -> None:
    clock = FakeClock()
    store = data_store(tmp_path / "data")
    model = open_model(store, new_game(store, ["Ola", "Jan"], seed=1), clock)
    assert model.act("penalty", count=1)
    remove(tmp_path / "data", removed)
    assert model.act("penalty", count=1)  # stored: in the new file
    assert model.error is not None and model.error.key == "store.written_back"
    assert model.act("penalty", count=1)
    assert model.error is None
    model.close()
    store.close()
