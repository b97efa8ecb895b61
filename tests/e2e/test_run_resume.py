"""`companion run --simulate --new ...` in a real X server (Xvfb): GO pressed as a
real key through the simulated button, the app killed with SIGKILL, started again,
and `companion export` shows every action taken before the kill."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from tests.conftest import ROOT, run_companion
from tests.waiting import limit, wait_until

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")),
    reason="needs Xvfb and xdotool (make deb installs them)",
)


LOCKOUT_S = 0.4
# The secret balloon screen in the 800x480 window (x, y from the top left).
SECRET_CARD = (400, 241)  # hold to see the balloon
SECRET_NEXT = (621, 430)  # pass the screen on; the last player starts the race


def wait_for(condition: Callable[[], Any], what: str, timeout: float = 60.0) -> Any:
    """Poll an outside process's state (window, database) until it is there."""
    return wait_until(condition, what, timeout, between=lambda: time.sleep(0.05))


@pytest.fixture
def display() -> Iterator[str]:
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    yield f":{number.decode().strip()}"
    server.terminate()
    server.wait(limit(10))


def lines_of(stream: IO[str]) -> queue.Queue[str]:
    """Each line of an outside process's stream, as it comes (read on a thread of its
    own, so that a full pipe never stops the process, and a wait can have a limit)."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    return lines


class App:
    def __init__(self, display: str, env: dict[str, str], *args: str) -> None:
        self.env = {**env, "DISPLAY": display}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--simulate", *args],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.out = lines_of(self.process.stdout)  # type: ignore[arg-type]
        self.err = lines_of(self.process.stderr)  # type: ignore[arg-type]
        ready = self.line("companion: ready", "the app's ready line")
        self.ready_at = time.monotonic()
        self.screen = ready.split()[-2]
        self.window = wait_for(self._window, "the app's window")

    def line(self, start: str, what: str, seconds: float = 120.0) -> str:
        """The app's next line on stdout that starts with `start`."""
        deadline = time.monotonic() + limit(seconds)
        while True:
            try:
                line = self.out.get(timeout=0.05)
            except queue.Empty:
                assert self.process.poll() is None, f"the app ended: {self.stderr()}"
                if time.monotonic() > deadline:
                    raise AssertionError(f"timed out waiting for {what}") from None
                continue
            if line.startswith(start):
                return line

    def stderr(self) -> str:
        told = []
        while not self.err.empty():
            told.append(self.err.get())
        return "".join(told)

    def _window(self) -> str | None:
        assert self.process.poll() is None, self.stderr()
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
            env=self.env,
            capture_output=True,
            text=True,
        )
        lines = found.stdout.split()
        return lines[-1] if lines else None

    def key(self, name: str) -> None:
        """A real key press: X delivers it to the window, Kivy to the simulated pin.

        Presses come at a person's pace: the buttons drop a second press within their
        lock-out (0.3 s) as contact bounce, so a test typing faster would lose keys. The
        pause is the lock-out's length, a rule of the buttons, not a wait for anything."""
        time.sleep(LOCKOUT_S)
        subprocess.run(
            ["xdotool", "windowfocus", "--sync", self.window, "key", name],
            env=self.env,
            check=True,
            timeout=limit(30),
        )

    def click(self, where: tuple[int, int], *, held: float = 0.0) -> None:
        """A real click (or a press held `held` seconds) at window coordinates; X hands
        the app its input in order, and a test waits for what a click stores."""
        run: dict[str, Any] = {"env": self.env, "check": True, "timeout": limit(30)}
        x, y = str(where[0]), str(where[1])
        subprocess.run(["xdotool", "mousemove", "--window", self.window, x, y], **run)
        subprocess.run(["xdotool", "mousedown", "1"], **run)
        time.sleep(held)  # the press's length, not a wait for anything
        subprocess.run(["xdotool", "mouseup", "1"], **run)

    def pass_secret(self, players: int) -> None:
        """Each player holds the card to see their balloon, then passes the screen on."""
        for _ in range(players):
            self.click(SECRET_CARD, held=0.3)
            self.click(SECRET_NEXT)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(limit(30))


def actions(db: Path) -> list[str]:
    if not db.exists():
        return []
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT action FROM actions WHERE undone_at IS NULL ORDER BY seq")
        return [json.loads(r[0])["type"] for r in rows]


def sessions(db: Path) -> list[tuple[int, dict[str, Any]]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT id, extra FROM sessions")
        return [(r[0], json.loads(r[1])) for r in rows]


def app_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """The environment of an app with its own data folder, and that folder."""
    data = tmp_path / "data"
    env = {
        **os.environ,
        "COMPANION_DATA_DIR": str(data),
        "KIVY_HOME": str(tmp_path / "kivy"),
        "KIVY_NO_ARGS": "1",
    }
    return env, data


def glass_started(display: str, env: dict[str, str], db: Path) -> App:
    """A new Wyścig balonów for A, B and C from the command line: the secret
    balloons passed round, then GO starts the first hourglass."""
    app = App(display, env, "--new", "wyscig-balonow", "--players", "A,B,C")
    assert app.screen == "secret"  # the app dealt the secret balloons: each sees theirs
    app.pass_secret(3)
    app.key("space")
    wait_for(lambda: actions(db) == ["start_timer"], "GO to start the hourglass")
    return app


def test_go_kill_resume_export(display: str, tmp_path: Path) -> None:
    env, data = app_env(tmp_path)
    db = data / "companion.db"
    app = glass_started(display, env, db)
    app.key("space")
    wait_for(lambda: actions(db) == ["start_timer", "end_turn"], "GO to end the turn")
    app.key("space")
    before = ["start_timer", "end_turn", "start_timer"]
    wait_for(lambda: actions(db) == before, "GO for the next player")
    app.kill()

    exported = run_companion("export", env={"COMPANION_DATA_DIR": str(data)})
    assert exported.returncode == 0, exported.stderr
    game = json.loads(exported.stdout)
    assert game["game"] == "wyscig-balonow"
    assert game["players"] == ["A", "B", "C"]
    assert [a["type"] for a in game["actions"]] == before
    assert all(a["at"].endswith("Z") for a in game["actions"])

    # Started again (no --new): the same game, its running glass back paused. GO
    # resumes the glass (no action), the next GO ends the turn in the same game.
    again = App(display, env)
    assert again.screen == "wyscig"
    again.key("space")
    wait_for(
        lambda: sessions(db)[0][1].get("hourglass", {}).get("phase") == "running",
        "GO to resume the paused hourglass",
    )
    assert actions(db) == before
    again.key("space")
    wait_for(lambda: actions(db) == [*before, "end_turn"], "GO to end the resumed turn")
    assert len(sessions(db)) == 1
    again.kill()
