"""`companion dice-listen` under a flood with a stdout nobody reads keeps its memory
flat and says how many events it dropped; `companion dice-sim --link` replaces only a
link it made and never deletes anything else."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.sim import PtyDevice
from tests.conftest import ROOT, run_companion
from tests.waiting import limit

FLOOD = 100_000


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def accounted(lines: list[bytes]) -> int:
    """Rolls printed plus rolls counted on a "dropped N events" line."""
    rolls = sum(line.startswith(b"roll ") for line in lines)
    return rolls + sum(int(line.split()[1]) for line in lines if line.startswith(b"dropped "))


@pytest.mark.timeout(300)
def test_dice_listen_with_a_blocked_stdout_keeps_memory_flat(pty_dice: PtyDevice) -> None:
    listener = subprocess.Popen(
        [sys.executable, "-m", "companion", "dice-listen", pty_dice.path, "--no-ack"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT,
    )  # fmt: skip
    try:
        assert listener.stdout is not None
        assert listener.stdout.readline().startswith(b"connected to ")
        before = rss_kib(listener.pid)
        # From here on nobody reads its stdout: the pipe fills and every print blocks.
        for start in range(1, FLOOD + 1, 1000):
            pty_dice.write(
                b"".join(b"ROLL %d 1,2,3,4,5\n" % seq for seq in range(start, start + 1000))
            )
        grown = rss_kib(listener.pid) - before
        assert grown < 20_000, f"dice-listen grew by {grown} KiB during the flood"
        # Reading again until every roll is printed or counted as dropped. No marker
        # sent after the flood: it would find the queue full of rolls and be dropped too.
        lines: list[bytes] = []
        while accounted(lines) < FLOOD:
            line = listener.stdout.readline()
            assert line, f"dice-listen ended with {accounted(lines)} rolls accounted for"
            lines.append(line)
    finally:
        listener.send_signal(signal.SIGINT)
        # read() on the same buffered pipe: communicate() would skip what readline() buffered
        rest = listener.stdout.read() if listener.stdout is not None else b""
        listener.wait(timeout=limit(30))
    lines.extend(rest.splitlines(keepends=True))
    rolls = sum(line.startswith(b"roll ") for line in lines)
    dropped = [int(line.split()[1]) for line in lines if line.startswith(b"dropped ")]
    assert dropped, "it never said it dropped events"
    assert rolls + sum(dropped) == FLOOD  # every roll printed or counted, none lost silently
    assert (
        b"dropped %d events: the output was not read as fast as the reader talked\n" % dropped[0]
        in lines
    )
    assert listener.returncode == 0


@pytest.mark.parametrize("kind", ["file", "folder", "foreign link"])
def test_dice_sim_refuses_a_link_path_that_is_not_its_own(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "dice"
    if kind == "file":
        path.write_text("my notes")
    elif kind == "folder":
        path.mkdir()
    else:
        (tmp_path / "notes.txt").write_text("my notes")
        path.symlink_to(tmp_path / "notes.txt")
    done = run_companion("dice-sim", "--rolls", "1", "--interval", "0", "--link", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        f"error: {path} already exists and is not a link dice-sim made: choose another --link "
        "path (dice-sim replaces only its own links to a pseudo-terminal)\n"
    )
    if kind == "file":
        assert path.read_text() == "my notes"
    elif kind == "folder":
        assert path.is_dir()
    else:
        assert os.readlink(path) == str(tmp_path / "notes.txt")
        assert (tmp_path / "notes.txt").read_text() == "my notes"


def test_dice_sim_replaces_a_stale_link_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "dice"
    path.symlink_to("/dev/pts/999999")  # what a killed dice-sim leaves behind
    simulator = subprocess.Popen(
        [sys.executable, "-m", "companion", "dice-sim", "--rolls", "0", "--link", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    assert simulator.stdout is not None
    assert simulator.stdout.readline() == f"{path}\n"
    assert os.readlink(path).startswith("/dev/pts/") and os.readlink(path) != "/dev/pts/999999"
    simulator.send_signal(signal.SIGINT)
    _, err = simulator.communicate(timeout=limit(30))
    assert simulator.returncode == 0, err
    assert not os.path.lexists(path)  # its own link goes with it
