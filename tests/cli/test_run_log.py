"""`companion run` as systemd runs it: its log on stderr (the journal) at the level the
settings or the environment ask for, and every refusal as one `error:` line with exit
code 2, before and after Kivy is imported; a screen that cannot be opened says what
to check."""

from __future__ import annotations

import glob
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import run
from tests.conftest import ROOT, run_companion
from tests.waiting import limit


def run_app(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_companion("run", "--simulate", *args, env={"KIVY_NO_ARGS": "1", **(env or {})})


@pytest.mark.parametrize(
    ("players", "sentence"),
    [
        ("a,a", 'error: --players: "a" is seated twice; names must be unique'),
        (
            "A" * 30 + ",Jan",
            "error: --players: player 1: name: 1 to 24 characters, 30 given",
        ),
        ("Ola,Ja\x01n", 'error: --players: player 2: name: "Ja\\x01n" has a control character'),
    ],
)
def test_players_the_rules_refuse_are_one_sentence(players: str, sentence: str) -> None:
    done = run_app("--new", "wyscig-balonow", "--players", players)
    assert (done.returncode, done.stderr.strip().splitlines()[-1]) == (2, sentence), done.stderr


def test_a_database_from_a_newer_companion_is_one_sentence(_isolated_data: Path) -> None:
    _isolated_data.mkdir(parents=True)
    with sqlite3.connect(_isolated_data / "companion.db") as conn:
        conn.execute("PRAGMA user_version = 99")
    done = run_app()
    assert done.returncode == 2, done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("error: The database ") and "newer version" in last, done.stderr


def test_a_screen_that_cannot_be_opened_says_what_to_check() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run(
        [sys.executable, "-m", "companion", "run", "--simulate"],
        capture_output=True,
        text=True,
        timeout=limit(60),
        cwd=ROOT,
        env={**env, "SDL_VIDEODRIVER": "x11", "KIVY_NO_ARGS": "1"},
    )
    assert done.returncode == 2, done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("error: the screen could not be opened (x11 not available): "), last
    assert "SDL_KMSDRM_DEVICE_INDEX" in last and "DISPLAY" in last


class Running:
    """`companion run` until it says it is ready, then stopped as systemd stops it. Its
    window is SDL's offscreen one, asked for by name: with no screen at all the app
    refuses to start."""

    def __init__(self, tmp_path: Path, env: dict[str, str], *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--simulate", *args],
            cwd=ROOT,
            env={**os.environ, "KIVY_NO_ARGS": "1", "SDL_VIDEODRIVER": "offscreen", **env},
            stdout=subprocess.PIPE,
            stderr=open(tmp_path / "stderr", "w+"),  # noqa: SIM115  # read after the end
            text=True,
        )
        self.err = tmp_path / "stderr"
        ready = self.process.stdout.readline()  # type: ignore[union-attr]  # the sync
        assert ready.startswith("companion: ready"), ready + self.err.read_text()

    def stop(self) -> tuple[int, str]:
        self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(limit(60))
        return code, self.err.read_text()


def test_the_log_says_what_happens_at_info_by_default(tmp_path: Path) -> None:
    app = Running(tmp_path, {}, "--new", "wyscig-balonow", "--players", "Ola,Jan")
    code, err = app.stop()
    assert code == 0, err
    assert "INFO companion: starting balloon-companion" in err
    assert "INFO kivy: Window: Provider: sdl2" in err  # Kivy's lines reach stderr too
    assert "game 1 in play: wyscig-balonow, Ola, Jan" in err
    assert err.strip().splitlines()[-1] == "INFO companion: the app stopped"


def test_the_environment_or_the_settings_choose_the_level(tmp_path: Path) -> None:
    quiet = Running(tmp_path, {"COMPANION_LOG_LEVEL": "warning"})
    code, err = quiet.stop()
    assert code == 0 and "INFO" not in err, err
    settings = tmp_path / "config.toml"
    settings.write_text('[log]\nlevel = "debug"\n')
    chatty = Running(tmp_path, {}, "--config", str(settings))
    code, err = chatty.stop()
    assert code == 0 and "DEBUG " in err, err


@pytest.mark.parametrize("level", ["info", "debug"])
def test_kivy_s_first_start_is_no_warning(tmp_path: Path, level: str) -> None:
    """A new KIVY_HOME (a newcomer's first `make run`): Kivy writes its settings file and
    says so as a warning; the log says it at debug level only."""
    env = {"KIVY_HOME": str(tmp_path / "kivy"), "COMPANION_LOG_LEVEL": level}
    code, err = Running(tmp_path, env).stop()
    assert code == 0, err
    assert (tmp_path / "kivy" / "config.ini").is_file()  # a first start it was
    assert "WARNING" not in err, err
    notice = "DEBUG kivy: Config: Older configuration version detected (0 instead of "
    assert (notice in err) == (level == "debug"), err


FIRST_IMPORT = """
import logging, sys
from companion.ui import boot
if sys.argv[1] == "kivy-mode":  # Kivy's own handlers, as a process without boot has
    import kivy
else:
    boot.configure()
"""


@pytest.mark.parametrize("mode", ["boot", "kivy-mode"])
def test_a_first_kivy_import_without_the_app_s_log_is_silent(tmp_path: Path, mode: str) -> None:
    """Python's last-resort handler printed Kivy's warnings where nothing else handled
    them (the UI tests' own pytest process, at its end)."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("KIVY_") and k != "PYTHONWARNINGS"
    }
    env.update(KIVY_HOME=str(tmp_path / "kivy"), KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    done = subprocess.run(
        [sys.executable, "-c", FIRST_IMPORT, mode],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=limit(60),
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def no_screen_env() -> dict[str, str]:
    gone = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    return {k: v for k, v in os.environ.items() if k not in gone}


@pytest.mark.skipif(bool(glob.glob(run.KMS_DEVICES)), reason="this machine has a KMS device")
def test_no_screen_at_all_is_refused_with_a_sentence() -> None:
    """No DISPLAY, no WAYLAND_DISPLAY, no KMS device: one sentence, exit 2, no window
    (SDL would have drawn into an offscreen buffer, and the app run unseen)."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "run", "--simulate"],
        capture_output=True,
        text=True,
        timeout=limit(60),
        cwd=ROOT,
        env={**no_screen_env(), "KIVY_NO_ARGS": "1"},
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""  # never ready
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("error: there is no screen here: no DISPLAY, no WAYLAND_DISPLAY"), last
    assert "Traceback" not in done.stderr and "kivy" not in done.stderr.lower()


def test_a_kms_device_or_a_chosen_driver_is_a_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a Pi's console (a KMS device, no X) the app goes on to SDL's KMS/DRM; a driver
    named in SDL_VIDEODRIVER is taken as asked."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(run, "KMS_DEVICES", str(tmp_path / "card*"))
    with pytest.raises(run.DisplayError, match="there is no screen here"):
        run.check_screen()
    (tmp_path / "card0").touch()
    run.check_screen()
    (tmp_path / "card0").unlink()
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    run.check_screen()
