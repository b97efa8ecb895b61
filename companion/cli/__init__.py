"""The `companion` command: one module per group of subcommands.

- `replay`: `replay`, `games` (game files, no database);
- `store`: `export`, `import`, `stats` (the database);
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
from collections.abc import Sequence
from typing import Any

from companion.cli import dice, doctor, logs, replay, run, store
from companion.cli.output import error, note, printable
from companion.core.errors import CompanionError

log = logging.getLogger("companion")

EXIT_OK = 0
EXIT_ERROR = 2
EXIT_INTERRUPTED = 130
GROUPS = (replay, store, run, dice, doctor)


class Parser(argparse.ArgumentParser):
    """argparse, with what it quotes back from the command line escaped."""

    def _print_message(self, message: str, file: Any = None) -> None:
        super()._print_message(printable(message), file)


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
