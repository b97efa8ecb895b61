"""Real faults for the store: a small tmpfs that fills up or turns read-only, an
immutable file, a user without rights (a forked child that drops root), a second
connection holding a lock. Each is what SQLite meets on a Pi, not a mock."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.core.model import GameSetup, PlayerSpec
from companion.games import get

RULES = get("wyscig-balonow")
SETUP = GameSetup(
    game=RULES.id, seed=5, players=[PlayerSpec(name=n) for n in ("Ola", "Jan", "Ewa")]
)
NOBODY = 65534


def can_mount() -> bool:
    return os.geteuid() == 0 and shutil.which("mount") is not None


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs: `fill(disk)` fills it, `remount_read_only(disk)` freezes it."""
    with tmpfs(tmp_path / "disk", "1m") as mount_point:
        yield mount_point


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 600 KiB tmpfs: the WAL alone could fill it."""
    with tmpfs(tmp_path / "disk", "600k") as mount_point:
        yield mount_point


@contextlib.contextmanager
def tmpfs(mount_point: Path, size: str) -> Iterator[Path]:
    if not can_mount():
        pytest.skip("mounting a small tmpfs needs root")
    mount_point.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(mount_point)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"this machine cannot mount a tmpfs: {done.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def fill(disk: Path) -> Path:
    """Take every free byte of the tmpfs; delete the returned file to free them."""
    ballast = disk / "ballast"
    fd = os.open(ballast, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        for size in (65536, 4096, 1):  # big pieces, then the last few bytes
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    return ballast


def remount_read_only(disk: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def without_rights(action: Callable[[], object]) -> str:
    """Run `action` as a user who owns nothing here and return "ok" or
    "ErrorClass: sentence". As root, in a forked child that gives up root (the modules
    are already loaded, so nothing it needs is behind root's folders); else directly."""
    if os.geteuid() != 0:
        return _outcome(action)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 0
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            os.write(write, _outcome(action).encode())
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        text = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, text
    return text


def _outcome(action: Callable[[], object]) -> str:
    try:
        action()
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return "ok"


def python_child(code: str, *args: str) -> list[str]:
    return [sys.executable, "-c", code, *args]
