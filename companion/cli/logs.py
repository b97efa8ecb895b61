"""The log: one handler on stderr for the companion's lines and Kivy's.

Under systemd stderr is the journal (`journalctl -u companion`), which adds the time;
in a terminal the lines stand beside the commands' own output. The level comes from
`COMPANION_LOG_LEVEL` when it is set, else from the settings (`[log] level`) for the
app and `error` for the other commands (they say what happens in their own words).
Nothing from data reaches the terminal as a control character: each line is escaped
like the commands' output.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

from companion.cli.output import printable
from companion.core.errors import ConfigError
from companion.core.messages import shown

ENVIRONMENT = "COMPANION_LOG_LEVEL"
LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
}
FORMAT = "%(levelname)s %(name)s: %(message)s"


class _Stderr(logging.StreamHandler[TextIO]):
    """Writes to whatever `sys.stderr` is at the moment of the line (a test's capture,
    or the real one after a library put it back)."""

    def __init__(self) -> None:
        super().__init__(sys.__stderr__)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _value: TextIO) -> None:
        pass


class _Printable(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return printable(super().format(record))


_handler: logging.Handler | None = None


def level_from(setting: str | None, default: str = "warning") -> int:
    """The level the environment asks for, else `setting`, else `default`."""
    wanted = os.environ.get(ENVIRONMENT, "").strip().lower() or setting or default
    if wanted not in LEVELS:
        allowed = ", ".join(LEVELS)
        raise ConfigError(f'{ENVIRONMENT}: "{shown(wanted)}" is not one of {allowed}')
    return LEVELS[wanted]


def setup(level: int) -> None:
    """Send every logger's lines at `level` and above to stderr (one handler, however
    often this is called)."""
    global _handler
    root = logging.getLogger()
    if _handler is None:
        _handler = _Stderr()
        _handler.setFormatter(_Printable(FORMAT))
    if _handler not in root.handlers:
        root.addHandler(_handler)
    _handler.setLevel(level)
    root.setLevel(level)
