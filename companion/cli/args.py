"""Argument types shared by the commands: each refuses a bad value with a sentence
(argparse turns it into `error: argument ...`); and the arguments several commands
take alike."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.core.messages import shown

MAX_DIGITS = 19  # no count, seed or game number the companion takes is longer


def count_arg(text: str) -> int:
    """A whole number of 0 or more."""
    value = _whole(text)
    if value is None or value < 0:
        raise argparse.ArgumentTypeError(f"'{shown(text)}' is not a whole number of 0 or more")
    return value


def positive_int(text: str) -> int:
    value = _whole(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"'{shown(text)}' is not a positive whole number")
    return value


def game_number(text: str) -> int:
    """A game's number in the database: any whole number of 1 or more (one that is too
    big for the database is simply a game it does not hold)."""
    value = _whole(text, digits=40)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"'{shown(text)}' is not a game number (1, 2, 3...)")
    return value


def seconds(text: str) -> float:
    try:
        value = float(text) if len(text) <= 32 else -1.0
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}' is not a number of seconds from 0 to 3600"
        )
    return value


def _whole(text: str, digits: int = MAX_DIGITS) -> int | None:
    # Digits only, and not too many: int() of a 5,000-digit string is an error of its own.
    bare = text.strip()
    unsigned = bare[1:] if bare[:1] in "+-" else bare
    if not unsigned.isascii() or not unsigned.isdigit() or len(unsigned) > digits:
        return None
    return int(bare)


def game_file_argument(parser: Any) -> None:
    """The positional FILE of `replay` and `import`."""
    parser.add_argument(
        "file",
        type=Path,
        metavar="FILE",
        help="a game file: the JSON a game is exported as (docs/game-file.md)",
    )


def device_arguments(parser: Any, *, simulate: str, config: str, fullscreen: str) -> None:
    """`--simulate`, `--config FILE` and `--fullscreen`, which `run` and `doctor` take
    alike, each explained in the command's own words."""
    parser.add_argument("--simulate", action="store_true", help=simulate)
    parser.add_argument("--config", type=Path, metavar="FILE", help=config)
    parser.add_argument("--fullscreen", action="store_true", help=fullscreen)
