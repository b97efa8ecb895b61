"""The hardware commands (`companion.cli.dice`, `companion.cli.doctor`), through the
`companion` parser; the long-running ones in a subprocess, so Ctrl-C is a real SIGINT."""

from __future__ import annotations

import argparse
import json
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from companion import cli
from companion import config as settings
from companion.cli import dice, doctor
from companion.config import Config
from hardware.dice import Connected, DiceProblem, DiceReader, Disconnected, Hello, Roll, Rolling
from hardware.events import EventData, HardwareEvent, Kind, Source
from hardware.sim import PtyDevice
from tests.hardware.hwhelp import TIMEOUT_S, kind, next_event

ROOT = Path(__file__).resolve().parents[2]
HARNESS = "import sys\nfrom companion.cli import main\nsys.exit(main(sys.argv[1:]))\n"


def parser() -> argparse.ArgumentParser:
    return cli.build_parser()


class Command:
    """A running `companion ...` whose stdout lines can be awaited one by one."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HARNESS, *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def line(self) -> str:
        try:
            return self.lines.get(timeout=TIMEOUT_S * 2)
        except queue.Empty:
            raise AssertionError("the command printed nothing more") from None

    def json(self) -> dict[str, object]:
        parsed: dict[str, object] = json.loads(self.line())
        return parsed

    def interrupt(self) -> tuple[int, str]:
        self.process.send_signal(signal.SIGINT)
        return self.finish()

    def finish(self) -> tuple[int, str]:
        code = self.process.wait(timeout=TIMEOUT_S * 2)
        assert self.process.stderr is not None
        return code, self.process.stderr.read()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def command() -> Iterator[list[Command]]:
    started: list[Command] = []
    yield started
    for running in started:
        running.kill()


def run(started: list[Command], *args: str) -> Command:
    running = Command(*args)
    started.append(running)
    return running


def test_the_commands_and_their_options() -> None:
    args = parser().parse_args(["dice-listen", "/dev/dice", "--json"])
    assert (args.device, args.json, args.baudrate, args.no_ack) == (
        "/dev/dice",
        True,
        115200,
        False,
    )
    args = parser().parse_args(["dice-sim"])
    assert (args.rolls, args.interval, args.garbage, args.link) == (10, 2.0, False, None)
    args = parser().parse_args(["doctor", "--simulate", "--config", "x.toml"])
    assert (args.simulate, args.config) == (True, Path("x.toml"))
    for func in (dice.cmd_dice_listen, dice.cmd_dice_sim, doctor.cmd_doctor):
        assert callable(func)


@pytest.mark.parametrize(
    "argv",
    [["dice-sim", "--rolls", "-1"], ["dice-sim", "--interval", "soon"], ["dice-listen"]],
)
def test_bad_options_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        parser().parse_args(argv)
    assert caught.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_dice_listen_follows_a_device_through_garbage_an_unplug_and_a_replug(
    tmp_path: Path, command: list[Command]
) -> None:
    link = tmp_path / "dice"
    device = PtyDevice(link)
    listener = run(command, "dice-listen", str(link), "--json")
    assert listener.json() == {"event": "connected", "port": str(link)}
    device.write(b"HELLO dicebox 1.2\r\nBANANA\r\nROLLING\r\nROLL 3 1,5,6,2,4\r\n")
    assert listener.json() == {"event": "hello", "device": "dicebox", "version": "1.2"}
    assert listener.json() == {
        "event": "bad_line",
        "reason": "unknown",
        "line": "BANANA",
        "count": 1,
    }
    assert listener.json() == {"event": "rolling"}
    assert listener.json() == {"event": "roll", "seq": 3, "values": [1, 5, 6, 2, 4]}
    device.close()
    assert listener.json()["event"] == "disconnected"
    with PtyDevice(link) as again:
        assert listener.json() == {"event": "connected", "port": str(link)}
        again.write(b"ROLL 4 ?,6\n")
        assert listener.json() == {"event": "roll", "seq": 4, "values": [None, 6]}
        code, err = listener.interrupt()
    assert (code, err) == (0, "")


def test_dice_listen_in_words(tmp_path: Path, command: list[Command]) -> None:
    link = tmp_path / "dice"
    with PtyDevice(link) as device:
        listener = run(command, "dice-listen", str(link))
        assert listener.line() == f"connected to {link}"
        device.write(b"ROLL 9 2,?\nSTATUS battery=80\nERR lid open\nROLL 9 7\n")
        assert listener.line() == "roll 9: 2 ?"
        assert listener.line() == "status: battery=80"
        assert listener.line() == "the reader reports a problem: lid open"
        assert listener.line() == "bad line #1 (out_of_range): ROLL 9 7"
        assert listener.interrupt() == (0, "")


def test_dice_sim_prints_its_path_and_speaks_the_protocol(
    tmp_path: Path, command: list[Command]
) -> None:
    link = tmp_path / "dice"
    simulator = run(
        command, "dice-sim", "--rolls", "3", "--interval", "0", "--garbage", "--seed", "2",
        "--link", str(link),
    )  # fmt: skip
    assert simulator.line() == str(link)
    events: queue.Queue[HardwareEvent] = queue.Queue()
    with DiceReader(str(link), events, backoff=(0.01, 0.1)) as reader:
        assert next_event(events, kind("hello")).payload["device"] == "sim-dice"
        assert [next_event(events, kind("roll")).payload["seq"] for _ in range(3)] == [1, 2, 3]
        assert simulator.finish() == (0, "")  # it ends by itself after the last roll
        assert next_event(events, kind("disconnected"))  # ...which is an unplug
        assert reader.status().rolls == 3
    assert not link.exists()  # its symlink goes with it
    assert simulator.line() == "sent HELLO sim-dice 1.0"  # then each line it sent


def test_dice_sim_stops_quietly_on_ctrl_c(command: list[Command]) -> None:
    simulator = run(command, "dice-sim", "--rolls", "0")
    path = simulator.line()
    assert path.startswith("/dev/")
    made = os.stat(path).st_ctime_ns
    assert simulator.interrupt() == (0, "")
    # The pty went with it (another process on a busy machine may get the same number
    # at once: a new pty, made later).
    assert not os.path.exists(path) or os.stat(path).st_ctime_ns != made


def test_doctor_simulated_reports_every_device(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "config.toml"
    path.write_text("# every setting at its default\n")
    args = parser().parse_args(["doctor", "--simulate", "--config", str(path)])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    for device in ("Settings", "Buttons", "LED strip", "Buzzer", "Dice reader"):
        assert f"[ok ] {device}: " in out
    assert "GO on GPIO 17" in out and "PAUSE on GPIO 22" in out
    assert "it answered: HELLO sim-dice 1.0." in out
    assert out.rstrip().endswith("Every configured device answered.")


def test_doctor_stops_at_a_bad_setting_with_its_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Not the defaults instead (issue 23.11): the devices are checked with the settings
    `companion run` would use, or not at all."""
    from companion.cli import main

    path = tmp_path / "config.toml"
    path.write_text('[buttons]\ngo = 99\n[strip]\ntype = "neon"\n')
    assert main(["doctor", "--simulate", "--config", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"error: {path}: buttons.go: 99 is not a GPIO number from 0 to 27 (BCM numbering)\n"
    )


def test_doctor_with_a_gpio_bar_and_a_piezo(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = settings.from_dict(
        {"strip": {"type": "gpio-bar", "pins": [5, 6, 13]}, "buzzer": {"tonal": True}}
    )
    path = settings.save(config, tmp_path / "config.toml")
    args = parser().parse_args(["doctor", "--simulate", "--config", str(path)])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert "[ok ] LED strip: LED bar of 3 LEDs on GPIO 5, 6, 13: a test frame was written." in out
    assert "[ok ] Buzzer: passive piezo (PWM tones) on GPIO 18." in out


def test_every_event_reads_as_words() -> None:
    def words(kind_: Kind, data: EventData) -> str:
        return dice.as_text(HardwareEvent(Source.DICE, kind_, data))

    unplugged = DiceProblem("unplugged", {"port": "p"})
    assert words(Kind.CONNECTED, Connected("/dev/dice")) == "connected to /dev/dice"
    assert words(Kind.DISCONNECTED, Disconnected("p", unplugged)) == (
        "disconnected: The dice reader at p was unplugged"
    )
    assert words(Kind.HELLO, Hello("d", "2")) == "hello from d version 2"
    assert words(Kind.ROLLING, Rolling()) == "rolling..."
    assert words(Kind.ROLL, Roll(1, (1, None))) == "roll 1: 1 ?"


def test_the_pi_checks_join_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.pi_checks import Check

    report = doctor._Report()
    doctor._report_pi_checks(
        report,
        [
            Check("service", True, "companion.service is enabled"),
            Check("config", True, "settings valid"),
            Check("spi", False, "SPI is off", "sudo raspi-config nonint do_spi 0"),
        ],
    )
    assert report.problems == 1
    assert capsys.readouterr().out.splitlines() == [
        "[ok ] Raspberry Pi service: companion.service is enabled.",
        "[FIX] Raspberry Pi spi: SPI is off.",
        " " * len("[FIX] Raspberry Pi spi: ") + "Fix: sudo raspi-config nonint do_spi 0",
    ]


def test_doctor_says_what_keeps_a_device_from_its_pins(
    capsys: pytest.CaptureFixture[str], factory: MockFactory
) -> None:
    report = doctor._Report()
    with Button(17, pin_factory=factory), Button(18, pin_factory=factory):  # GO's, buzzer's
        doctor._check_buttons(report, Config(), factory)
        doctor._check_buzzer(report, Config(), factory)
    out = capsys.readouterr().out
    assert "Buttons: The GO button cannot use GPIO 17: another device already uses it." in out
    assert "Buzzer: The buzzer cannot use GPIO 18: another device already uses it." in out
    assert report.problems == 2


def test_doctor_names_each_seat_button(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 33.2: every seat button, in seat order, with its pin and its state."""
    config = settings.from_dict({"buttons": {"seats": [4, 23, 24]}})
    path = settings.save(config, tmp_path / "config.toml")
    args = parser().parse_args(["doctor", "--simulate", "--config", str(path)])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    for seat, pin in ((1, 4), (2, 23), (3, 24)):
        assert f"Seat {seat} on GPIO {pin}, wired to GND (internal pull-up): released." in out


def test_doctor_says_whether_speech_and_a_sound_card_are_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33.5: a problem only when the settings turn the calls on."""
    from hardware import speech

    cards = tmp_path / "cards"
    cards.write_text(" 0 [Device   ]: USB-Audio - USB Audio Device\n", encoding="utf-8")
    on = settings.from_dict({"speech": {"calls": True}})
    monkeypatch.setattr(speech, "espeak_path", lambda: "/usr/bin/espeak-ng")
    report = doctor._Report()
    doctor._check_speech(report, on, cards)
    monkeypatch.setattr(speech, "espeak_path", lambda: None)
    doctor._check_speech(report, Config(), tmp_path / "no-cards")
    doctor._check_speech(report, on, tmp_path / "no-cards")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "[ok ] Spoken calls: on: espeak-ng at /usr/bin/espeak-ng; sound card: USB Audio Device."
    )
    assert lines[1] == (
        "[ok ] Spoken calls: off in the settings (speech.calls); espeak-ng is not installed; "
        "no sound card."
    )
    assert lines[2] == (
        "[FIX] Spoken calls: on in the settings, but espeak-ng is not installed; no sound card."
    )
    assert "sudo apt install espeak-ng" in lines[3] and "Connect a speaker" in lines[4]
    assert report.problems == 1
