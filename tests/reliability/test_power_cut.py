"""Power cut: the app playing a scripted game is killed with SIGKILL at 20 random
moments. After each cut the database holds every acknowledged action, exactly: the
acknowledged log, or what the one step in flight makes of it (one action more, or, for
an undo, its last action taken back), nothing else. Each restart resumes that log, with the state a
replay of it gives, and plays only once the test has read the database.

A SIGKILL keeps the page cache; test_durability.py cuts the power for real (unsynced
writes lost)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.store import Store
from tests.conftest import ROOT

CHILD = Path(__file__).with_name("app_child.py")
KILLS = 20


@dataclass(frozen=True)
class Acknowledged:
    """What the child said the log was: its length and two digests (of the whole log,
    and of the log less its last action)."""

    length: int
    whole: str
    all_but_last: str

    @classmethod
    def parse(cls, words: list[str]) -> Acknowledged:
        return cls(int(words[0]), words[1], words[2])


@dataclass(frozen=True)
class Stored:
    length: int
    state: str
    whole: str
    all_but_last: str


def start(seed: int, new: bool, pause_after: int = 0) -> subprocess.Popen[str]:
    args = [sys.executable, str(CHILD), str(seed), *(["--new"] if new else [])]
    args += ["--pause-after", str(pause_after)] if pause_after else []
    return subprocess.Popen(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        env={**os.environ, "KIVY_NO_CONSOLELOG": "1", "KIVY_HOME": kivy_home()},
    )


def kivy_home() -> str:
    """The children of one test share a Kivy home beside its data folder (one child at a
    time): a child killed by a power cut leaves nothing outside the test's own folder."""
    return os.path.join(os.path.dirname(os.environ["COMPANION_DATA_DIR"]), "kivy")


def log_digest(actions: list[dict[str, object]]) -> str:
    dump = json.dumps(actions, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(dump.encode()).hexdigest()[:16]


def stored(data: Path) -> Stored:
    store = Store(data / "companion.db")
    try:
        row = store.unfinished() or store.latest()
        assert row is not None
        session = store.load_session(row.id, journal=False)
        actions = [a.to_json() for a in session.log]
        state = hashlib.sha256(session.state.model_dump_json().encode()).hexdigest()[:16]
        return Stored(len(actions), state, log_digest(actions), log_digest(actions[:-1]))
    finally:
        store.close()


def holds_exactly(disk: Stored, ack: Acknowledged, in_flight: str | None) -> bool:
    """The acknowledged log; or, with a step in flight, what that step makes of it: one
    action more (any step but undo), or its last action taken back (undo). Nothing else:
    a lost acknowledged action is never mistaken for an undo in flight."""
    if disk.length == ack.length:
        return disk.whole == ack.whole
    if in_flight is None:
        return False
    if in_flight != "undo" and disk.length == ack.length + 1:
        return disk.all_but_last == ack.whole
    if in_flight == "undo" and disk.length == ack.length - 1:
        return disk.whole == ack.all_but_last
    return False


@pytest.mark.timeout(300)
def test_twenty_power_cuts_lose_no_acknowledged_action(_isolated_data: Path) -> None:
    moments = random.Random(20261130)
    acknowledged: Acknowledged | None = None
    in_flight: str | None = None
    for cut in range(KILLS):
        child = start(seed=cut + 1, new=cut == 0)
        try:
            acknowledged, in_flight = cut_power(
                _isolated_data, child, cut, moments, acknowledged, in_flight
            )
        finally:  # a failed check must not leave the child waiting on its stdin
            if child.poll() is None:
                child.kill()
                child.wait()


def cut_power(
    data: Path,
    child: subprocess.Popen[str],
    cut: int,
    moments: random.Random,
    acknowledged: Acknowledged | None,
    in_flight: str | None,
) -> tuple[Acknowledged, str | None]:
    """One life of the child: what it resumed is what is stored, then it plays until
    it is killed; what it acknowledged is stored."""
    assert child.stdout is not None and child.stdin is not None
    words = next(line.split() for line in child.stdout if line.startswith("resumed"))
    resumed = Acknowledged.parse(words[2:])
    disk = stored(data)  # the child waits: nothing changes while we read
    assert (resumed.length, words[1], resumed.whole) == (disk.length, disk.state, disk.whole)
    if acknowledged is not None:
        assert holds_exactly(disk, acknowledged, in_flight), (cut, disk, acknowledged)
    acknowledged, in_flight = resumed, None
    child.stdin.write("play\n")
    child.stdin.flush()
    seen = [child.stdout.readline() for _ in range(moments.randint(1, 12))]
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    # everything the child printed before it died is still in the pipe
    for line in [*seen, *child.stdout.read().splitlines()]:
        if line.startswith("ack "):
            acknowledged, in_flight = Acknowledged.parse(line.split()[1:]), None
        elif line.startswith("doing "):
            in_flight = line.split()[1]
    disk = stored(data)
    assert holds_exactly(disk, acknowledged, in_flight), (cut, disk, acknowledged, in_flight)
    return acknowledged, in_flight


def test_the_check_is_exact() -> None:
    """What `abs(stored - acknowledged) <= 1` let through: the last acknowledged action
    lost while an apply was in flight, or a different log of the right length."""
    ack = Acknowledged(5, "log5", "log4")
    assert holds_exactly(Stored(5, "s", "log5", "log4"), ack, None)
    assert holds_exactly(Stored(6, "s", "log6", "log5"), ack, "go")  # the apply landed
    assert holds_exactly(Stored(4, "s", "log4", "log3"), ack, "undo")  # the undo landed
    assert not holds_exactly(Stored(4, "s", "log4", "log3"), ack, "mail")  # ack 5 lost
    assert not holds_exactly(Stored(4, "s", "log4", "log3"), ack, None)
    assert not holds_exactly(Stored(5, "s", "other", "log4"), ack, None)
    assert not holds_exactly(Stored(6, "s", "log6", "log5"), ack, "undo")
    assert not holds_exactly(Stored(6, "s", "log6", "other"), ack, "go")
