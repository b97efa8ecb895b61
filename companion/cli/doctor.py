"""`companion doctor [--simulate] [--config FILE]`: open every configured device once and
say, in plain sentences, what is connected, what answered and what to fix."""

from __future__ import annotations

import argparse
import os
import queue
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import config as settings
from companion import pi_checks
from companion.cli.args import device_arguments
from companion.cli.dice import as_text, emit
from companion.cli.output import json_text
from companion.config import Config
from companion.core.errors import ConfigError
from companion.ui import boot
from hardware.errors import DeviceError

if TYPE_CHECKING:
    from hardware.events import HardwareEvent

EXIT_OK = 0
EXIT_PROBLEMS = 1
DOCTOR_WAIT_S = 3.0  # how long the doctor listens for the dice reader to say something


def register(sub: Any) -> None:
    doctor = sub.add_parser(
        "doctor",
        help="check each configured device and say what to fix",
        description="Open every configured device once and report, in plain sentences, "
        "what is connected, what answered and what to fix.",
    )
    device_arguments(
        doctor,
        simulate="check the simulated devices, not the real ones",
        config="the settings file (TOML) to check",
        fullscreen="check the touch input as `companion run --fullscreen` (the kiosk) uses it; "
        "on a Pi set up by deploy/install.sh this is the default",
    )
    doctor.add_argument(
        "--json", action="store_true", help="one JSON object on stdout instead of sentences"
    )
    doctor.set_defaults(func=cmd_doctor)


class _Report:
    def __init__(self, *, quiet: bool = False) -> None:
        self.problems = 0
        self.quiet = quiet  # --json: the lines are collected, not printed
        self.checks: list[dict[str, Any]] = []
        self.input: dict[str, Any] = {}

    def ok(self, device: str, *sentences: str) -> None:
        self._print("ok ", device, sentences)

    def fix(self, device: str, *sentences: str) -> None:
        self.problems += 1
        self._print("FIX", device, sentences)

    def say(self, sentence: str) -> None:
        if not self.quiet:
            emit(sentence)

    def _print(self, mark: str, device: str, sentences: tuple[str, ...]) -> None:
        self.checks.append({"device": device, "ok": mark != "FIX", "sentences": list(sentences)})
        if self.quiet:
            return
        first, *rest = sentences
        emit(f"[{mark}] {device}: {first}")
        for sentence in rest:
            emit(f"      {' ' * len(device)}  {sentence}")


def cmd_doctor(args: argparse.Namespace) -> int:
    report = _Report(quiet=args.json)
    config = _check_config(report, args.config)
    _check_input(report, kiosk=args.fullscreen or pi_checks.installed())
    factory: Any = None
    if args.simulate:
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        factory = MockFactory(pin_class=MockPWMPin)
        report.say("Checking the simulated devices (no hardware is touched).")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # gpiozero's pin-factory fallbacks: we say it better
        _check_buttons(report, config, factory)
        _check_strip(report, config, factory, simulate=args.simulate)
        _check_buzzer(report, config, factory)
    _check_speech(report, config)
    _check_dice(report, config, simulate=args.simulate)
    if not args.simulate:
        _check_pi(report, args.config)
    if args.json:
        emit_json({"problems": report.problems, "input": report.input, "checks": report.checks})
    elif report.problems:
        noun = "problem" if report.problems == 1 else "problems"
        emit(f"{report.problems} {noun} to fix; see the lines marked FIX.")
    else:
        emit("Every configured device answered.")
    return EXIT_PROBLEMS if report.problems else EXIT_OK


def kivy_settings_file(*, kiosk: bool) -> Path:
    """The settings file Kivy reads: `$KIVY_HOME/config.ini`; for the kiosk of an
    installed Pi, the service's own (its KIVY_HOME)."""
    if kiosk and "KIVY_HOME" not in os.environ and pi_checks.installed():
        return pi_checks.under(Path("/"), pi_checks.KIVY_INI)
    return boot.kivy_home() / "config.ini"


def _check_input(report: _Report, *, kiosk: bool) -> None:
    ini = kivy_settings_file(kiosk=kiosk)
    providers = boot.input_providers(ini, kiosk=kiosk)
    mode = "kiosk" if kiosk else "desktop"
    report.input = {"mode": mode, "kivy_settings": str(ini), "providers": boot.by_name(providers)}
    listed = "; ".join(boot.named(key, value) for key, value in providers.items()) or "none"
    where = f"from {ini}" if kiosk else "a desktop window always uses the mouse alone"
    problem = boot.touch_problem(providers)
    if problem is not None:
        report.fix(
            "Touch input",
            f"{mode}: {problem} ({where}).",
            "Keep one line under [input]: copy deploy/kivy-kms.ini over it.",
        )
    elif not providers:
        report.fix("Touch input", f"{mode}: no input provider ({where}): taps do nothing.")
    else:
        report.ok("Touch input", f"{mode}: {listed} ({where}).")


def emit_json(value: Any) -> None:
    print(json_text(value), flush=True)


def _check_config(report: _Report, path: Path | None) -> Config:
    """The settings the devices are checked with. A file that cannot be used ends the
    check with its one sentence (exit 2): checking the devices with the defaults
    instead would check something else than what `companion run` uses. A file named by
    `--config` must exist; without it, no settings file means the defaults."""
    file = path if path is not None else _default_config()
    try:
        loaded = settings.load(file, required=path is not None)
    except ConfigError as error:
        raise settings.in_file(file, error) from None
    if file.exists():
        report.ok("Settings", f"read from {file}.")
    else:
        report.ok("Settings", f"{file} does not exist, so the defaults are used.")
    return loaded


def _default_config() -> Path:
    """/etc/companion/config.toml on a Pi set up by deploy/install.sh, else the user's."""
    return pi_checks.config_file(Path("/"), None)


def _check_pi(report: _Report, config_path: Path | None) -> None:
    """On a Pi set up by deploy/install.sh: the service, groups, SPI, display and disk."""
    if not pi_checks.installed():
        return
    _report_pi_checks(report, pi_checks.run_all(config_path=config_path))


def _report_pi_checks(report: _Report, checks: list[Any]) -> None:
    for check in checks:
        if check.name == "config":
            continue  # the settings were reported first
        name = f"Raspberry Pi {check.name}"
        if check.ok:
            report.ok(name, f"{check.detail}.")
        else:
            report.fix(name, f"{check.detail}.", *([f"Fix: {check.fix}"] if check.fix else []))


def _hint(error: Exception, hint: str) -> list[str]:
    # No GPIO at all is not a wrong pin number: the sentence already says what to do.
    return [] if "no GPIO library" in str(error) else [hint]


def _check_buttons(report: _Report, config: Config, factory: Any) -> None:
    from hardware.buttons import ButtonReader

    try:
        with ButtonReader(config.buttons, queue.Queue(), pin_factory=factory) as buttons:
            report.ok("Buttons", *[f"{line}." for line in buttons.describe()])
    except DeviceError as error:
        hint = "Check buttons.go, .undo, .pause and .seats."
        report.fix("Buttons", f"{error}.", *_hint(error, hint))


def _check_strip(report: _Report, config: Config, factory: Any, *, simulate: bool) -> None:
    from hardware import strip as strips

    if config.strip.type == "none" and not simulate:
        report.ok("LED strip", "none configured; the screen shows the hourglass.")
        return
    try:
        if simulate and config.strip.type != "gpio-bar":
            backend: strips.Strip = strips.RecordingStrip(config.strip.count)
        else:
            backend = strips.create_strip(config.strip, pin_factory=factory)
    except DeviceError as error:
        report.fix("LED strip", f"{error}.", "See hardware/WIRING.md for the strip settings.")
        return
    with backend:
        backend.show((strips.GREEN,) * backend.count)
        backend.show((strips.OFF,) * backend.count)
        if backend.last_error:
            report.fix("LED strip", f"{backend.last_error}.")
        else:
            report.ok("LED strip", f"{backend.describe()}: a test frame was written.")


def _check_buzzer(report: _Report, config: Config, factory: Any) -> None:
    from hardware.buzzer import create_buzzer

    try:
        buzzer = create_buzzer(config.buzzer, time.monotonic, pin_factory=factory)
    except DeviceError as error:
        report.fix("Buzzer", f"{error}.", *_hint(error, "Check buzzer.pin."))
        return
    muted = " (muted in the settings)" if config.buzzer.mute else ""
    report.ok("Buzzer", f"{buzzer.sounder.describe()}{muted}.")
    buzzer.close()


def _check_speech(report: _Report, config: Config, cards: Path | None = None) -> None:
    """Whether espeak-ng and a sound card are there: a problem only when the settings
    turn the spoken calls on (`speech.calls`)."""
    from hardware import speech

    program = speech.espeak_path()
    found = speech.audio_cards(cards or speech.ASOUND_CARDS)
    said = f"espeak-ng at {program}" if program else "espeak-ng is not installed"
    heard = f"sound card: {', '.join(found)}" if found else "no sound card"
    if not config.speech.calls:
        report.ok("Spoken calls", f"off in the settings (speech.calls); {said}; {heard}.")
        return
    fixes = []
    if program is None:
        fixes.append("Install it: sudo apt install espeak-ng (deploy/install.sh does).")
    if not found:
        fixes.append(
            "Connect a speaker (HDMI, the 3.5 mm jack or USB); docs/raspberry-pi.md, "
            "'Spoken calls', says how to choose it."
        )
    if fixes:
        report.fix("Spoken calls", f"on in the settings, but {said}; {heard}.", *fixes)
    else:
        report.ok("Spoken calls", f"on: {said}; {heard}.")


def _check_dice(report: _Report, config: Config, *, simulate: bool) -> None:
    from hardware.sim import DiceSimulator, PtyDevice

    if simulate:
        with PtyDevice() as device:
            simulator = DiceSimulator(device, interval=None).start()
            try:
                _listen_to_dice(report, device.path, config.serial.baudrate)
            finally:
                simulator.stop()
        return
    if not config.serial.port:
        report.ok("Dice reader", "none configured (serial.port is empty).")
        return
    _listen_to_dice(report, config.serial.port, config.serial.baudrate)


def _listen_to_dice(report: _Report, port: str, baudrate: int) -> None:
    from hardware.dice import DiceReader

    events: queue.Queue[HardwareEvent] = queue.Queue()
    with DiceReader(port, events, baudrate=baudrate, ack=False) as reader:
        heard = _first_words(events, DOCTOR_WAIT_S)
        status = reader.status()
    if not status.connects:
        report.fix(
            "Dice reader",
            f"{status.last_error}.",
            "Check the USB cable; `ls /dev/serial/by-id/` lists the serial devices, "
            "and serial.port in the settings names the one to use.",
        )
    elif status.bad_lines and status.device is None:
        report.fix(
            "Dice reader",
            f"connected at {port}, but it sent {status.bad_lines} line(s) this program "
            "cannot read.",
            f"Check the baud rate (serial.baudrate = {baudrate}) and hardware/WIRING.md.",
        )
    elif heard is not None:
        report.ok("Dice reader", f"connected at {port}; it answered: {heard}.")
    else:
        report.ok(
            "Dice reader",
            f"connected at {port}, but it said nothing within {DOCTOR_WAIT_S:g} s.",
            "A reader says HELLO when it starts: plug it in again or roll the dice to test it.",
        )


def _first_words(events: queue.Queue[HardwareEvent], timeout: float) -> str | None:
    """What the reader said first (HELLO, STATUS, a roll...), or None: waits until it
    speaks, fails to open, or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            event = events.get(timeout=left)
        except queue.Empty:
            return None
        if event.kind == "disconnected":
            return None
        if event.kind == "hello":
            return f"HELLO {event.payload['device']} {event.payload['version']}"
        if event.kind in ("status", "roll", "rolling", "error"):
            return as_text(event)
    return None
