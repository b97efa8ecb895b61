"""Kivy reads its configuration once, at its first import: set it here, first.

Escape never closes the app (a stray key at the table must not end the game);
the window title is what `xdotool search --name` finds in the end-to-end test.

Touch input: in kiosk mode (`--fullscreen`) the input providers are exactly the ones
Kivy's settings file names (the installer writes `deploy/kivy-kms.ini` there: one
provider per touchscreen, since two readers of one screen turn every tap into two).
A desktop window gets exactly one provider, the mouse, whatever Kivy's defaults add.

Logging: Kivy is told to leave logging to Python (`KIVY_LOG_MODE=PYTHON`), so it
neither adds its own handlers nor replaces `sys.stderr`; the companion's one handler
(`companion.cli.logs`) writes Kivy's lines and its own to stderr, the journal.
"""

from __future__ import annotations

import configparser
import logging
import os
from collections.abc import Mapping
from pathlib import Path

DESKTOP_INPUT = {"mouse": "mouse,disable_multitouch"}  # one pointer, no red multitouch dots
# What Kivy says as a warning when it writes its settings file on a first start (a new
# KIVY_HOME): nothing is wrong, so it is said at debug level.
FIRST_START = ("Config: Older configuration version detected", "Config: Upgrading configuration")


class _FirstStartNotice(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith(FIRST_START):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


_first_start = _FirstStartNotice()


def _quiet_first_start(level: int) -> None:
    """On Kivy's own Logger (`kivy`), before Kivy is imported and logs anything."""
    kivy_logger = logging.getLogger("kivy")
    kivy_logger.setLevel(level)
    if _first_start not in kivy_logger.filters:
        kivy_logger.addFilter(_first_start)


def configure(
    size: tuple[int, int] = (800, 480),
    *,
    fullscreen: bool = False,
    maxfps: int = 60,
    rotation: int = 0,
    log_level: int = logging.INFO,
) -> None:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ["KIVY_LOG_MODE"] = "PYTHON"
    # Only SDL: Kivy's X11 window provider ends the process from C code when it cannot
    # connect, where no sentence can say what to check.
    os.environ.setdefault("KIVY_WINDOW", "sdl2")
    # On X, SDL drops a click that comes within 10 ms of the window getting the focus
    # as SDL sees them: a busy app reads both in one go, so the first tap after start
    # (or after another window had the focus) was lost. Every tap counts.
    os.environ["SDL_MOUSE_FOCUS_CLICKTHROUGH"] = "1"
    _quiet_first_start(log_level)
    from kivy.config import Config
    from kivy.logger import Logger

    Logger.setLevel(log_level)
    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "borderless", "1" if fullscreen else "0")
    Config.set("graphics", "maxfps", str(maxfps))
    Config.set("graphics", "show_cursor", "0" if fullscreen else "1")
    # Kivy turns the touch coordinates with the picture.
    Config.set("graphics", "rotation", str(rotation))
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "window_icon", "")
    if not fullscreen:
        for name in Config.options("input"):
            Config.remove_option("input", name)
        for name, provider in DESKTOP_INPUT.items():
            Config.set("input", name, provider)


# --- what Kivy will read, without importing Kivy (for `companion doctor`) -----------------


def kivy_home() -> Path:
    """The folder whose `config.ini` Kivy reads (`KIVY_HOME`, else `~/.kivy`)."""
    home = os.environ.get("KIVY_HOME")
    return Path(home) if home else Path.home() / ".kivy"


def kivy_defaults() -> dict[str, str]:
    """The providers Kivy adds on Linux to a settings file without a `config_version`
    (or when there is no file), as Kivy 2.3 decides it."""
    old_pi = Path("/opt/vc/include/bcm_host.h").exists()  # Kivy's own test for a Pi
    return {"mouse": "mouse", "%(name)s": "probesysfs" + (",provider=hidinput" if old_pi else "")}


def input_providers(ini: Path, *, kiosk: bool) -> dict[str, str]:
    """The input providers the app runs with: in kiosk mode the `[input]` section of
    Kivy's settings file `ini`, with the defaults Kivy adds when the file is missing or
    has no `config_version`; else the one mouse."""
    if not kiosk:
        return dict(DESKTOP_INPUT)
    parser = configparser.RawConfigParser()
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys as written
    try:
        parser.read_string(ini.read_text(encoding="utf-8"), source=str(ini))
    except (OSError, UnicodeDecodeError, configparser.Error):
        return kivy_defaults()
    providers = dict(parser.items("input")) if parser.has_section("input") else {}
    if _version(parser) == 0:
        return {**kivy_defaults(), **providers}
    return providers


def _version(parser: configparser.RawConfigParser) -> int:
    try:
        return parser.getint("kivy", "config_version")
    except (configparser.Error, ValueError):
        return 0


def touch_problem(providers: Mapping[str, str]) -> str | None:
    """A sentence when more than one provider reads touches (each tap counts twice)."""
    if len(providers) <= 1:
        return None
    names = ", ".join(named(key, value) for key, value in providers.items())
    return f"{len(providers)} input providers ({names}): every tap may count twice"


def by_name(providers: Mapping[str, str]) -> dict[str, str]:
    """The providers keyed as a reader would name them: Kivy's own key for the devices
    probesysfs finds (`%(name)s`, a template) becomes the provider's name."""
    return {
        (value.split(",")[0] if "%(" in key else key): value for key, value in providers.items()
    }


def named(key: str, value: str) -> str:
    """A provider as its settings line says it, but Kivy's own line for the devices it
    finds (key `%(name)s`, each device's name filled in) by its provider alone."""
    return value if "%(" in key else f"{key} = {value}"
