"""`serial.port` is a device path, never a pyserial URL (issue 30.4). The settings
file is the service user's to write; `spy:///dev/pts/N?file=/home/pi/x` in it made
`companion doctor`, which the admin runs (under sudo: as root), truncate and write
/home/pi/x. Every program that reads the settings (run, doctor, the Settings screen)
refuses such a value with one sentence naming it, `dice-listen` refuses it as its
DEVICE, and the reader itself opens a path only, so a URL is a port that is not there."""

from __future__ import annotations

import os
import queue
from pathlib import Path

import pytest

from companion import config
from companion.core.errors import ConfigError
from companion.ui.screens.settings_data import check, draft_of, with_value
from hardware.dice import DiceReader
from hardware.events import HardwareEvent
from hardware.sim import PtyDevice
from tests.conftest import run_companion
from tests.hardware.hwhelp import kind, next_event

URLS = {  # every scheme pyserial's serial_for_url opens, as a hostile settings file has it
    "spy": "spy://{pty}?file={victim}",
    "socket": "socket://localhost:7",
    "rfc2217": "rfc2217://localhost:7",
    "loop": "loop://",
    "alt": "alt://{pty}?class=PosixPollSerial",
    "hwgrep": "hwgrep://.*",
}
PATHS = ["", "/dev/dice", "/dev/serial/by-id/usb-Arduino_Uno_7543-if00", "/dev/ttyACM0",
         "/dev/pts/3", "/tmp/dice", "/home/pi/my dice"]  # fmt: skip
NOT_PATHS = ["dice", "ttyUSB0", "COM3", "./dice", "/dev/dice\n", "\x00/dev/dice"]


def url(scheme: str, pty: PtyDevice, victim: Path) -> str:
    return URLS[scheme].format(pty=pty.slave_name, victim=victim)


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file of the admin's that the settings must never make anyone open."""
    path = tmp_path / "x"
    path.write_text("the admin's notes\n")
    os.utime(path, (1_000_000, 1_000_000))
    return path


def untouched(victim: Path) -> bool:
    return victim.read_text() == "the admin's notes\n" and victim.stat().st_mtime == 1_000_000


@pytest.mark.parametrize("scheme", sorted(URLS))
def test_the_settings_refuse_every_pyserial_url(
    scheme: str, pty_dice: PtyDevice, victim: Path
) -> None:
    port = url(scheme, pty_dice, victim)
    with pytest.raises(ConfigError) as refused:
        config.from_dict({"serial": {"port": port}})
    shown = port if len(port) < 60 else port[:57]
    assert str(refused.value).startswith(f'serial.port: "{shown}')
    assert str(refused.value).endswith("is a URL; only a device path such as /dev/dice is allowed")
    assert "\n" not in str(refused.value) and untouched(victim)


@pytest.mark.parametrize("port", NOT_PATHS)
def test_the_settings_refuse_what_is_not_a_device_path(port: str) -> None:
    with pytest.raises(ConfigError) as refused:
        config.from_dict({"serial": {"port": port}})
    assert str(refused.value).startswith('serial.port: "')
    assert str(refused.value).endswith(
        "is not a device path such as /dev/dice or /dev/serial/by-id/..."
    )


@pytest.mark.parametrize("port", PATHS)
def test_the_settings_take_a_device_path(port: str) -> None:
    assert config.from_dict({"serial": {"port": port}}).serial.port == port


def test_the_settings_screen_refuses_a_url_with_the_same_sentence(
    pty_dice: PtyDevice, victim: Path
) -> None:
    port = url("spy", pty_dice, victim)
    draft = with_value(draft_of(config.Config()), ("serial", "port"), port)
    with pytest.raises(ConfigError, match=r'^serial\.port: "spy://.* is a URL; only a device'):
        check(draft)
    assert check(with_value(draft, ("serial", "port"), "/dev/ttyUSB0")).serial.port


@pytest.mark.parametrize("command", [["doctor"], ["doctor", "--json"], ["run"]])
def test_doctor_and_run_refuse_a_spy_url_in_the_settings_and_open_nothing(
    tmp_path: Path, pty_dice: PtyDevice, victim: Path, command: list[str]
) -> None:
    for target in (victim, tmp_path / "new"):  # a file that is there, one that is not
        settings = tmp_path / "config.toml"
        port = url("spy", pty_dice, target)
        settings.write_text(f'[serial]\nport = "{port}"\n')
        done = run_companion(*command, "--config", str(settings), timeout=60)
        assert (done.returncode, done.stdout) == (2, ""), done.stdout + done.stderr
        [line] = done.stderr.splitlines()
        where = f"{settings}: " if command[0] == "doctor" else ""  # run's line names no file
        assert line.startswith(f'error: {where}serial.port: "spy://{pty_dice.slave_name}?file=')
        assert line.endswith("is a URL; only a device path such as /dev/dice is allowed")
    assert untouched(victim) and not (tmp_path / "new").exists()
    assert not pty_dice.reader_attached()


@pytest.mark.parametrize(
    ("device", "said"),
    [
        ("spy://{pty}?file={victim}", "is a URL; only a device path such as /dev/dice is allowed"),
        ("loop://", "is a URL; only a device path such as /dev/dice is allowed"),
        ("dice", "is not a device path such as /dev/dice or /dev/serial/by-id/..."),
        ("", "is not a device path such as /dev/dice or /dev/serial/by-id/..."),
    ],
)
def test_dice_listen_refuses_a_url_as_its_device(
    pty_dice: PtyDevice, victim: Path, device: str, said: str
) -> None:
    argument = device.format(pty=pty_dice.slave_name, victim=victim)
    done = run_companion("dice-listen", argument, timeout=30)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f'error: DEVICE: "{argument[:50]}'), done.stderr
    assert done.stderr.endswith(f'" {said}\n') and done.stderr.count("\n") == 1
    assert untouched(victim)


@pytest.mark.parametrize("scheme", sorted(URLS))
def test_the_reader_opens_a_path_only_never_a_url(
    scheme: str, pty_dice: PtyDevice, victim: Path
) -> None:
    """Below the settings too: `DiceReader` given a URL looks for a file of that name."""
    events: queue.Queue[HardwareEvent] = queue.Queue()
    port = url(scheme, pty_dice, victim)
    with DiceReader(port, events, backoff=(0.01, 0.05)) as reader:
        gone = next_event(events, kind("disconnected"))
        assert gone.payload["error"] == f"The dice reader at {port} is not plugged in"
        assert reader.status().connects == 0
    assert untouched(victim) and not pty_dice.reader_attached()
