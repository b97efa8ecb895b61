"""The files under deploy/: shellcheck, systemd-analyze verify, the udev rules, Kivy's
input settings read by Kivy itself, and the desktop entry."""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.fakeroot import REPO
from tests.deploy.udev_rules import assigned, parse
from tests.waiting import limit

DEPLOY = REPO / "deploy"
EXEC_START = (
    "/opt/companion/venv/bin/companion run --fullscreen --config /etc/companion/config.toml"
)


def need(tool: str) -> str:
    """The tool's path. `make deb` installs it (Makefile DEB_PACKAGES) when run as root."""
    found = shutil.which(tool)
    if found is None:
        if os.geteuid() == 0 and shutil.which("apt-get"):
            pytest.fail(f"{tool} is missing: run `make deb` (DEB_PACKAGES installs it)")
        pytest.skip(f"{tool} is not installed and cannot be without root (make deb as root)")
    return found


def test_shell_scripts_are_shellcheck_clean() -> None:
    shellcheck = need("shellcheck")
    # The installer's and make's own (tools/: the test groups, test-loaded, pi-check).
    scripts = sorted(str(p) for p in [*DEPLOY.glob("*.sh"), *(REPO / "tools").glob("*.sh")])
    done = subprocess.run(
        [shellcheck, "--shell=bash", "--severity=style", *scripts],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_shell_scripts_are_strict() -> None:
    for script in DEPLOY.glob("*.sh"):
        text = script.read_text()
        assert text.startswith("#!/usr/bin/env bash\n"), script.name
        assert "\nset -euo pipefail\n" in text, script.name
        assert os.access(script, os.X_OK), script.name


def unit_entries() -> list[tuple[str, str, str]]:
    section, entries = "", []
    for line in (DEPLOY / "companion.service").read_text().splitlines():
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif line and not line.startswith("#"):
            key, _, value = line.partition("=")
            entries.append((section, key, value))
    return entries


def test_the_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = need("systemd-analyze")
    # verify checks that ExecStart exists: point it at a stand-in with the same arguments.
    program = tmp_path / "companion"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    text = (DEPLOY / "companion.service").read_text()
    assert "ExecStart=" + EXEC_START in text
    unit = tmp_path / "companion.service"
    unit.write_text(text.replace("/opt/companion/venv/bin/companion", str(program)))
    done = subprocess.run(
        [analyze, "--man=no", "verify", str(unit)],
        capture_output=True, text=True, check=False,
        env={**os.environ, "SYSTEMD_LOG_TARGET": "console", "SYSTEMD_LOG_LEVEL": "info"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    # Unknown keys and bad values are only warnings: there must be none.
    assert done.stderr.strip() == "", done.stderr


EXPOSURE_LIMIT = 4.5


def test_the_unit_is_hardened(tmp_path: Path) -> None:
    analyze = need("systemd-analyze")
    unit = tmp_path / "companion.service"
    unit.write_text((DEPLOY / "companion.service").read_text())
    done = subprocess.run(
        [analyze, "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    found = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+)", done.stdout)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) <= EXPOSURE_LIMIT, done.stdout


def test_the_hardening_keeps_the_pi_s_devices_and_folders() -> None:
    service = [(k, v) for s, k, v in unit_entries() if s == "Service"]
    allowed = {v.split()[0] for k, v in service if k == "DeviceAllow"}
    # screen, touch, tty1, dice reader (USB, ACM, UARTs), SPI strip, GPIO, sound cards
    assert allowed >= {"char-drm", "char-input", "char-tty", "char-ttyUSB", "char-ttyACM",
                       "char-ttyAMA", "char-ttyS", "char-spi", "char-gpiochip",
                       "char-alsa"}  # fmt: skip
    settings = dict(service)
    assert settings["ProtectSystem"] == "strict"
    assert "/etc/companion" in writable_paths()  # the settings screen saves there
    assert settings["StateDirectory"] == "companion" and settings["RuntimeDirectory"] == "companion"
    assert "PrivateDevices" not in settings  # it would hide every device above
    assert "ProcSubset" not in settings  # gpiozero reads the board from /proc
    env = dict(v.split("=", 1) for k, v in service if k == "Environment")
    assert env["COMPANION_DATA_DIR"].startswith("/var/lib/companion/")
    assert env["KIVY_HOME"].startswith("/var/lib/companion/")


def writable_paths() -> list[str]:
    """What `ReadWritePaths=` lines open under `ProtectSystem=strict`, in order."""
    return [p for s, k, v in unit_entries() if s == "Service" and k == "ReadWritePaths"
            for p in v.split()]  # fmt: skip


def test_the_service_may_write_onto_usb_sticks() -> None:
    """History saves a game file and backs every game up onto a stick mounted where the
    app looks for one (issue 35.5): under `ProtectSystem=strict` only what
    `ReadWritePaths=` names can be written, and a root that is not there (no
    /run/media on Raspberry Pi OS) must not keep the service from starting: "-"."""
    from companion.ui.screens.history_data import MEDIA_ROOTS

    opened = writable_paths()
    for root in MEDIA_ROOTS:
        assert f"-{root}" in opened, (root, opened)
    assert dict((k, v) for s, k, v in unit_entries() if s == "Service")["ProtectHome"] == "yes"


def test_the_unit_runs_the_kiosk_as_the_issue_asks() -> None:
    entries = unit_entries()
    service = {k: v for s, k, v in entries if s == "Service"}
    env = dict(v.split("=", 1) for s, k, v in entries if s == "Service" and k == "Environment")
    unit = {k: v for s, k, v in entries if s == "Unit"}
    assert service["ExecStart"] == EXEC_START
    assert service["User"] == "companion"
    assert service["Restart"] == "always"  # after a crash, and after the menu's Quit
    assert service["LimitNICE"] == "-10"  # the hourglass thread may go first, nothing more
    assert service["RestrictRealtime"] == "yes" and service["NoNewPrivileges"] == "yes"
    assert int(unit["StartLimitBurst"]) >= 1 and int(unit["StartLimitIntervalSec"]) > 0
    assert service["StandardOutput"] == service["StandardError"] == "journal"
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["LG_WD"] == "/run/companion" and service["RuntimeDirectory"] == "companion"
    assert env["COMPANION_DATA_DIR"].startswith("/var/lib/companion")
    assert service["StateDirectory"] == "companion"
    # systemd reads it as root: never in /etc/companion, which the service user owns
    assert service["EnvironmentFile"] == "-/etc/default/companion"
    assert "SDL_KMSDRM_DEVICE_INDEX" in (DEPLOY / "companion.env").read_text()
    assert ("Install", "WantedBy", "multi-user.target") in entries


def udevadm_verifies() -> bool:
    udevadm = shutil.which("udevadm")
    if udevadm is None:
        return False
    probe = subprocess.run([udevadm, "verify", "--help"], capture_output=True, check=False)
    return probe.returncode == 0


def rendered_rules(vendor: str | None) -> str:
    text = (DEPLOY / "99-companion.rules").read_text()
    if vendor is None:  # what install.sh writes without [dice] ids
        return re.sub(r"^@DICE@", "# ", text, flags=re.M)
    return text.replace("@DICE@", "").replace("@VENDOR@", vendor).replace("@PRODUCT@", "0043")


@pytest.mark.parametrize("vendor", ["2341", None])
def test_the_udev_rules_parse(vendor: str | None, tmp_path: Path) -> None:
    text = rendered_rules(vendor)
    rules = parse(text)
    assert len(rules) == (6 if vendor else 5)
    assign = {(t.key, t.value) for rule in rules for t in rule if t.op in ("=", "+=")}
    assert ("GROUP", "spi") in assign and ("GROUP", "gpio") in assign
    assert (("SYMLINK", "dice") in assign) == bool(vendor)
    if udevadm_verifies():  # systemd >= 253; Debian 12 has 252, where the parser above stands in
        path = tmp_path / "99-companion.rules"
        path.write_text(text)
        done = subprocess.run(["udevadm", "verify", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


TOUCH = {"SUBSYSTEM": "input", "ENV{ID_INPUT}": "1", "ENV{ID_INPUT_TOUCHSCREEN}": "1"}


@pytest.mark.parametrize(
    ("device", "group"),
    [
        ({**TOUCH, "KERNEL": "event3"}, "touchscreen"),  # the official display, a USB panel
        ({**TOUCH, "KERNEL": "mouse0"}, None),  # its legacy mouse node: no provider reads it
        ({"SUBSYSTEM": "input", "KERNEL": "event0", "ENV{ID_INPUT_KEYBOARD}": "1",
          "ENV{ID_INPUT_KEY}": "1"}, None),  # a keyboard stays input's
        ({"SUBSYSTEM": "input", "KERNEL": "event1", "ENV{ID_INPUT_MOUSE}": "1"}, None),
        ({"SUBSYSTEM": "input", "KERNEL": "event2", "ENV{ID_INPUT_TOUCHPAD}": "1"}, None),
        ({"SUBSYSTEM": "input", "KERNEL": "event4", "ENV{ID_INPUT_TABLET}": "1"}, None),
        # buttons wired as gpio-keys would be a keyboard to udev: the app reads them as GPIO
        ({"SUBSYSTEM": "input", "KERNEL": "event5", "ENV{ID_INPUT_KEY}": "1"}, None),
        ({"SUBSYSTEM": "input", "KERNEL": "event6", "ENV{ID_INPUT_TOUCHSCREEN}": "0"}, None),
        ({"SUBSYSTEM": "gpio", "KERNEL": "gpiochip0"}, "gpio"),  # the buttons, the buzzer
        ({"SUBSYSTEM": "spidev", "KERNEL": "spidev0.0"}, "spi"),
        ({"SUBSYSTEM": "tty", "KERNEL": "ttyACM0", "ATTRS{idVendor}": "2341",
          "ATTRS{idProduct}": "0043"}, "dialout"),  # the dice reader
        ({"SUBSYSTEM": "tty", "KERNEL": "tty1"}, None),
    ],
)  # fmt: skip
def test_the_service_s_groups_reach_the_touchscreen_and_no_other_input_device(
    device: dict[str, str], group: str | None
) -> None:
    """The rules as udev applies them to each kind of device: the group touchscreen gets
    the touchscreens' event nodes alone; a keyboard, a mouse, a touchpad keep udev's own
    group input (which the service is not in)."""
    done = assigned(parse(rendered_rules("2341")), device)
    assert done.get("GROUP") == group
    assert done.get("MODE") == ("0660" if group else None)


def test_the_udev_parser_catches_the_usual_mistakes() -> None:
    for wrong in (
        'SUBSYSTEM="tty", SYMLINK+="dice"',  # = where == was meant
        'SUBSYSTEM=="tty", SYMLNK+="dice"',  # unknown key
        'ATTRS=="2341"',  # ATTRS needs {attribute}
        "SUBSYSTEM==tty",  # unquoted
    ):
        with pytest.raises(ValueError):
            parse(wrong)


def kivy_config_version() -> int:
    spec = importlib.util.find_spec("kivy")
    assert spec is not None and spec.origin is not None
    text = (Path(spec.origin).parent / "config.py").read_text()
    found = re.search(r"^KIVY_CONFIG_VERSION = (\d+)", text, re.M)
    assert found
    return int(found.group(1))


@pytest.mark.parametrize(("name", "provider"), [
    ("kivy-kms.ini", "probesysfs,provider=hidinput"),
    ("kivy-desktop.ini", "mouse,disable_multitouch"),
])  # fmt: skip
def test_kivy_reads_exactly_one_input_provider(name: str, provider: str, tmp_path: Path) -> None:
    """Kivy itself loads the file (in a child: importing Kivy must not touch this process)
    and must not add its default providers back."""
    home = tmp_path / "kivy"
    home.mkdir()
    shutil.copy(DEPLOY / name, home / "config.ini")
    code = (
        "from kivy.config import Config; "
        "print(sorted((s, k) for s in Config.sections() for k in Config.options(s))); "
        "print(dict(Config.items('input')))"
    )
    env = {**os.environ, "KIVY_HOME": str(home), "KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1",
           "KIVY_NO_CONSOLELOG": "1"}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=limit(60)
    )
    assert done.returncode == 0, done.stderr
    keys_line, inputs_line = done.stdout.strip().splitlines()[-2:]
    inputs = eval(inputs_line)  # a dict's repr, printed above
    assert list(inputs.values()) == [provider]
    # With the current config_version Kivy adds no defaults: the file must have them all.
    defaults = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=limit(60),
        env={**env, "KIVY_HOME": str(tmp_path / "defaults")},
    )  # fmt: skip
    missing = set(map(tuple, eval(defaults.stdout.strip().splitlines()[-2]))) - set(
        map(tuple, eval(keys_line))
    )
    assert {key for key in missing if key[0] != "input"} == set()
    parser = configparser.ConfigParser()
    parser.read(DEPLOY / name)
    assert parser.getint("kivy", "config_version") == kivy_config_version()


def test_the_desktop_entry_starts_the_wrapper() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DEPLOY / "companion.desktop")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "/opt/companion/bin/companion-desktop"
    install = (DEPLOY / "install.sh").read_text()
    assert "WRAPPER=$PREFIX/bin/companion-desktop" in install
    wrapper = (DEPLOY / "companion-desktop.sh").read_text()
    assert EXEC_START in wrapper


def test_the_guide_lists_the_steps_the_script_takes() -> None:
    script = (DEPLOY / "install.sh").read_text()
    steps = set(re.findall(r"\bstep ([a-z]+) (?:\"|\\\n)", script))
    assert steps >= {"packages", "user", "venv", "spi", "udev", "unit", "service"}
    guide = (REPO / "docs/raspberry-pi.md").read_text()
    table = re.findall(r"^\| `([a-z]+)` \|", guide, re.M)
    assert set(table) == steps
    for heading in ("The screen stays black", "The buttons do nothing", "dice reader is not found"):
        assert heading in guide


def _kivy_source(module: str) -> str:
    spec = importlib.util.find_spec("kivy")
    assert spec is not None and spec.submodule_search_locations
    folder = Path(next(iter(spec.submodule_search_locations)))
    return (folder / "input" / "providers" / f"{module}.py").read_text()


def _probesysfs_keys() -> set[str]:
    """The keys probesysfs reads from its line (`key == '...'` in its argument loop)."""
    return set(re.findall(r"key == '(\w+)'", _kivy_source("probesysfs")))


def _hidinput_options() -> set[str]:
    tree = ast.parse(_kivy_source("hidinput"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "options":
            return {ast.literal_eval(e) for e in node.value.elts}  # type: ignore[attr-defined]
    raise AssertionError("hidinput has no options")


def test_every_touch_line_in_the_guide_is_one_kivy_reads() -> None:
    """The guide's provider lines (rotation, mirroring, an offset or scaled panel's range):
    each key one probesysfs reads, each param one hidinput takes, each value a number
    (Kivy drops an unknown one with a log line only, and the touch stays off)."""
    guide = (REPO / "docs" / "raspberry-pi.md").read_text()
    lines = re.findall(r"^\s*touchscreen = (probesysfs,.*)$", guide, re.M)
    params = re.findall(r",param=(\w+)=(\S+?)`", guide)
    assert lines and params
    assert _probesysfs_keys() >= {"provider", "param", "match", "select_all"}
    for line in lines:
        pairs = [item.split("=", 1) for item in line.split(",")[1:]]
        assert {key for key, _ in pairs} <= _probesysfs_keys(), line
        for key, value in pairs:
            if key == "param":
                name, number = value.split("=")
                assert name in _hidinput_options() and number.isdigit(), value
    for name, number in params:
        assert name in _hidinput_options() and number.isdigit(), (name, number)
