"""Moving a database's files out of the way, never deleting them: a damaged file, a
stranger's, or what was left at the path when the store wrote its games back."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from collections.abc import Sequence
from pathlib import Path

from companion.store.errors import from_os_error

ALL = ("", "-wal")


def move_aside(path: Path, mark: str, *, suffixes: Sequence[str] = ALL) -> Path:
    """Rename the files of `path` with `suffixes` to `<name>.<mark>-<time>` + suffix and
    return that name. The `-shm` goes: an index of the WAL that SQLite builds again."""
    moved = free_name(path, mark)
    for suffix in suffixes:
        source = Path(f"{path}{suffix}")
        try:
            os.rename(source, Path(f"{moved}{suffix}"))
        except FileNotFoundError:
            continue
        except OSError as error:
            raise from_os_error(error, path, folder=True) from None
    with contextlib.suppress(OSError):
        os.unlink(f"{path}-shm")
    return moved


def free_name(path: Path, mark: str) -> Path:
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    moved = path.with_name(f"{path.name}.{mark}-{stamp}")
    counter = 1
    while any(Path(f"{moved}{suffix}").exists() for suffix in ("", "-wal")):
        counter += 1
        moved = path.with_name(f"{path.name}.{mark}-{stamp}-{counter}")
    return moved
