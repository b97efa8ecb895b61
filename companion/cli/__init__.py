"""The `companion` command: one module per group of subcommands.

- `replay`: `replay`, `games` (game files, no database);
- `store`: `export`, `import`, `stats` (the database);
- `backup`: `backup`, `restore` (a copy of the database, and putting one back);
- `dice`: `dice-listen`, `dice-sim`; `doctor`: `doctor` (the hardware);
- `run`: `run`, the touchscreen app.

A new command goes in the module of its group (or a new one, registered below) as a
`register(subparsers)` that sets `func`; `func(args)` returns the exit code. Every
failure a user can cause ends in one `error:` line on stderr and exit code 2; no
command prints a traceback, and nothing from data reaches the terminal unescaped
(`output`).
"""

from __future__ import annotations

import argparse
import logging
import re
from collections.abc import Sequence
from typing import Any, NoReturn

from companion.cli import backup, dice, doctor, logs, replay, run, store
from companion.cli.output import error, note, printable
from companion.core.errors import CompanionError
from companion.core.messages import ECHO_LIMIT, cut

log = logging.getLogger("companion")

EXIT_OK = 0
EXIT_ERROR = 2
EXIT_INTERRUPTED = 130
GROUPS = (replay, store, backup, run, dice, doctor)


class Parser(argparse.ArgumentParser):
    """argparse, with what it quotes back from the command line escaped and cut."""

    def _print_message(self, message: str, file: Any = None) -> None:
        super()._print_message(printable(message), file)

    def error(self, message: str) -> NoReturn:
        super().error(short_echoes(message))


_MORE = ECHO_LIMIT + 1
_QUOTED = re.compile(rf"'((?:[^'\\]|\\.){{{_MORE},}})'")
_LONG_WORD = re.compile(rf"[^\s']{{{_MORE},}}")
_UNRECOGNIZED = "unrecognized arguments: "


def short_echoes(message: str) -> str:
    """argparse's sentence with each value it quotes back (`invalid choice: '...'`, the
    unrecognized arguments, an option it could not match) cut to a readable length."""
    message = _QUOTED.sub(lambda found: f"'{cut(found.group(1))}'", message)
    head, unrecognized, rest = message.partition(_UNRECOGNIZED)
    if unrecognized:
        message = head + unrecognized + cut(rest)
    return _LONG_WORD.sub(lambda found: cut(found.group()), message)


def main(argv: Sequence[str] | None = None) -> int:
    logs.setup(_level())
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_help()
        return EXIT_ERROR
    try:
        code: int = args.func(args)
        return code
    except CompanionError as problem:
        error(str(problem))
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as problem:  # the last guard: a sentence, and the details in the log
        log.debug("unexpected failure", exc_info=True)  # COMPANION_LOG_LEVEL=debug shows it
        error(f"something went wrong inside the companion ({type(problem).__name__}: {problem})")
        return 1


def _level() -> int:
    try:
        # The commands say what happened in their own words: the log adds only errors,
        # unless COMPANION_LOG_LEVEL asks for more (`run` sets its own level).
        return logs.level_from(None, default="error")
    except CompanionError as problem:  # a misspelt level: say so, and log warnings anyway
        note(str(problem))
        return logs.LEVELS["warning"]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="companion",
        description="A table companion for balloon-race board games.",
        epilog=f"The log goes to stderr; {logs.ENVIRONMENT}=debug shows every detail.",
    )
    parser.add_argument(
        "--version", action="version", version=run.version_text(), help="the version, then exit"
    )
    sub = parser.add_subparsers(metavar="COMMAND", title="commands")
    for group in GROUPS:
        group.register(sub)
    return parser
