"""Power cut: the app playing a scripted game is killed with SIGKILL at 20 random
moments; every restart resumes with each acknowledged action present and the state
identical to a replay of the stored log."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store import Store
from tests.conftest import ROOT

CHILD = Path(__file__).with_name("app_child.py")
KILLS = 20


def start(seed: int, new: bool) -> subprocess.Popen[str]:
    args = [sys.executable, str(CHILD), str(seed), *(["--new"] if new else [])]
    return subprocess.Popen(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        env={**os.environ, "KIVY_NO_CONSOLELOG": "1"},
    )


def replay_digest(data: Path) -> tuple[int, str]:
    store = Store(data / "companion.db")
    try:
        row = store.unfinished() or store.latest()
        assert row is not None
        session = store.load_session(row.id, journal=False)
        dump = session.state.model_dump_json()
        return len(session.log), hashlib.sha256(dump.encode()).hexdigest()[:16]
    finally:
        store.close()


@pytest.mark.timeout(300)
def test_twenty_power_cuts_lose_no_acknowledged_action(_isolated_data: Path) -> None:
    moments = random.Random(20261130)
    acknowledged = 0
    for cut in range(KILLS):
        child = start(seed=cut + 1, new=cut == 0)
        try:
            acknowledged, seen = _play_until_cut(child, cut, acknowledged, moments, _isolated_data)
        finally:
            os.kill(child.pid, signal.SIGKILL)  # the cut; also when a check above failed
            child.wait()
        assert child.stdout is not None
        # everything the child printed before it died is still in the pipe
        for line in [*seen, *child.stdout.read().splitlines()]:
            if line.startswith("ack "):
                acknowledged = int(line.split()[1])
        stored, _ = replay_digest(_isolated_data)
        assert abs(stored - acknowledged) <= 1, (cut, stored, acknowledged)


def _play_until_cut(
    child: subprocess.Popen[str], cut: int, acknowledged: int, moments: random.Random, data: Path
) -> tuple[int, list[str]]:
    """Check the resumed game against the stored log, then let the child play a few
    steps; returns the actions resumed and the lines it printed."""
    assert child.stdout is not None and child.stdin is not None
    first = next(line.split() for line in child.stdout if line.startswith("resumed"))
    resumed = int(first[1])
    if cut > 0:
        # every action acknowledged before the cut is there; only the step in
        # flight (one apply or one undo) may or may not have reached the disk
        assert abs(resumed - acknowledged) <= 1, (cut, resumed, acknowledged)
        assert (resumed, first[2]) == replay_digest(data)
    child.stdin.write("play\n")  # the child waits for this: the log is read at rest
    child.stdin.flush()
    return resumed, [child.stdout.readline() for _ in range(moments.randint(1, 12))]
