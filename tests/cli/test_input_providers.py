"""One touch, one tap: the input providers Kivy really builds, in a process of its own
(Kivy reads its settings once), kiosk and desktop, and what `companion doctor` says."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.ui.boot import by_name
from tests.conftest import ROOT, run_companion
from tests.waiting import limit

KIOSK_INI = ROOT / "deploy" / "kivy-kms.ini"
DESKTOP_INI = ROOT / "deploy" / "kivy-desktop.ini"

BUILD = """
import json, sys
from companion.ui import boot
boot.configure(fullscreen=sys.argv[1] == "kiosk")
from kivy.config import Config
print(json.dumps(dict(Config.items("input", raw=True))))
"""


def kivy_home(tmp_path: Path, ini: Path | None) -> Path:
    home = tmp_path / "kivy"
    home.mkdir()
    if ini is not None:
        shutil.copy(ini, home / "config.ini")
    return home


def built(home: Path, mode: str) -> dict[str, str]:
    env = {"KIVY_HOME": str(home), "KIVY_NO_ARGS": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", BUILD, mode],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=limit(60),
    )
    assert done.returncode == 0, done.stderr
    providers: dict[str, str] = json.loads(done.stdout.splitlines()[-1])
    return by_name(providers)


def doctor_says(home: Path, *flags: str) -> dict[str, str]:
    done = run_companion("doctor", "--simulate", "--json", *flags, env={"KIVY_HOME": str(home)})
    providers: dict[str, str] = json.loads(done.stdout)["input"]["providers"]
    assert not any("%(" in key for key in providers), providers  # never Kivy's template
    return providers


def test_the_kiosk_reads_the_touchscreen_through_the_one_provider_its_ini_names(
    tmp_path: Path,
) -> None:
    home = kivy_home(tmp_path, KIOSK_INI)
    expected = {"touchscreen": "probesysfs,provider=hidinput"}
    assert built(home, "kiosk") == expected
    assert doctor_says(home, "--fullscreen") == expected


def test_the_desktop_path_keeps_its_one_mouse(tmp_path: Path) -> None:
    home = kivy_home(tmp_path, DESKTOP_INI)
    assert built(home, "kiosk") == {"mouse": "mouse,disable_multitouch"}


def test_a_desktop_window_has_one_mouse_whatever_kivy_adds(tmp_path: Path) -> None:
    home = kivy_home(tmp_path, None)  # Kivy writes its defaults: mouse and probesysfs
    expected = {"mouse": "mouse,disable_multitouch"}
    assert built(home, "desktop") == expected
    assert doctor_says(home) == expected


@pytest.mark.parametrize("ini", [None, DESKTOP_INI, KIOSK_INI])
def test_the_doctor_names_the_providers_kivy_builds_for_the_kiosk(
    tmp_path: Path, ini: Path | None
) -> None:
    home = kivy_home(tmp_path, ini)
    assert doctor_says(home, "--fullscreen") == built(home, "kiosk")


def test_the_doctor_names_probesysfs_never_kivys_template_key(tmp_path: Path) -> None:
    home = kivy_home(tmp_path, None)  # Kivy's defaults: the mouse and `%(name)s = probesysfs`
    assert doctor_says(home, "--fullscreen") == {"mouse": "mouse", "probesysfs": "probesysfs"}


def test_the_doctor_asks_for_a_fix_when_two_providers_read_the_screen(tmp_path: Path) -> None:
    home = kivy_home(tmp_path, None)  # Kivy's defaults: the mouse and probesysfs
    done = run_companion("doctor", "--simulate", "--fullscreen", env={"KIVY_HOME": str(home)})
    assert done.returncode == 1
    line = next(x for x in done.stdout.splitlines() if "Touch input" in x)
    assert line.startswith(
        "[FIX] Touch input: kiosk: 2 input providers (mouse = mouse, probesysfs): every tap"
    ), line


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        ("%(name)s = probesysfs", "[ok ] Touch input: kiosk: probesysfs (from "),
        ("%(name)s = probesysfs,provider=hidinput", "[ok ] Touch input: kiosk: probesysfs,"),
        ("touchscreen = hidinput,/dev/input/event0", "[ok ] Touch input: kiosk: touchscreen = "),
        (
            "%(name)s = probesysfs\ntouchscreen = mtdev,/dev/input/event1",
            "[FIX] Touch input: kiosk: 2 input providers (probesysfs, touchscreen = mtdev,",
        ),
    ],
)
def test_the_doctor_names_a_provider_never_kivy_s_template_key(
    tmp_path: Path, lines: str, said: str
) -> None:
    """Kivy's own line for the devices it finds has the key `%(name)s` (each device's
    name filled in): the doctor names the provider instead."""
    ini = tmp_path / "config.ini"
    ini.write_text(f"[kivy]\nconfig_version = 27\n\n[input]\n{lines}\n")
    home = kivy_home(tmp_path, ini)
    done = run_companion("doctor", "--simulate", "--fullscreen", env={"KIVY_HOME": str(home)})
    line = next(x for x in done.stdout.splitlines() if "Touch input" in x)
    assert line.startswith(said) and "%(" not in line, line


ROTATE = """
import json
import os
from companion import config
from companion.cli.run import open_window
settings = config.from_dict({"screen": {"rotation": 90}})
open_window((800, 480), settings, fullscreen=False)
from kivy.config import Config
from kivy.core.window import Window
print(json.dumps([Config.get("graphics", "rotation"), Window.rotation]))
"""


def test_the_settings_rotation_turns_the_window(tmp_path: Path) -> None:
    env = {**os.environ, "KIVY_HOME": str(kivy_home(tmp_path, None)), "KIVY_NO_ARGS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", ROTATE], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == ["90", 90]
