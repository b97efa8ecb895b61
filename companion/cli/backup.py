"""`companion backup FILE` and `companion restore FILE`: a copy of every game, and
that copy put back (on a new SD card, after a mistake).

`backup` runs beside the app (a read-only snapshot through SQLite's backup API, never a
file copy of a database in WAL mode); `restore` takes the data folder's lock, so it
refuses while the app runs, and keeps the database it replaces (`companion/store/
backup.py`). Both refuse, as root, a data folder that is another user's: the files
they make there must stay that user's (the service's `companion`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.cli.output import escape, say
from companion.store import MIGRATIONS, DataFolderLock, backup, default_path
from companion.store.backup import Holds

EXIT_OK = 0


def register(sub: Any) -> None:
    made = sub.add_parser(
        "backup",
        help="copy every game into FILE (also while the app runs)",
        description="Copy the database (every game, finished or not, the players, the "
        "dice rolls) into FILE, a single file: safe while the app runs. FILE is replaced "
        "only once the copy is whole and checked.",
    )
    made.add_argument("file", type=Path, metavar="FILE", help="the backup to write, e.g. "
                      "/media/pi/STICK/companion-2026-12-24.db")  # fmt: skip
    made.set_defaults(func=cmd_backup)

    put = sub.add_parser(
        "restore",
        help="put the games of a backup in place of the database (the app stopped)",
        description="Put the backup FILE in place of the database. The database it "
        "replaces is kept beside it under a new name (nothing is deleted). Refused while "
        "the app runs on the same data folder: stop it first.",
    )
    put.add_argument("file", type=Path, metavar="FILE", help="a file `companion backup` wrote")
    put.set_defaults(func=cmd_restore)


def cmd_backup(args: argparse.Namespace) -> int:
    live = default_path()
    backup.check_owner(live.parent)
    found = backup.take(live, args.file)
    say(f"backed up {games(found)} to {escape(str(args.file))}")
    return EXIT_OK


def cmd_restore(args: argparse.Namespace) -> int:
    live = default_path()
    backup.check_owner(live.parent)
    with DataFolderLock(live.parent, role="restore"):
        done = backup.restore(args.file, live)
    older = done.version < len(MIGRATIONS)
    older_text = f", brought from schema {done.version} up to date" if older else ""
    say(f"restored {escape(str(args.file))}: {games(done.holds)}{older_text}")
    if done.moved is None:
        say(f"there was no database in {escape(str(live.parent))} before")
    else:
        say(f"the database before it is kept as {escape(str(done.moved))} (nothing was deleted)")
    return EXIT_OK


def games(found: Holds) -> str:
    """ "12 games (1 unfinished)" """
    counted = "1 game" if found.games == 1 else f"{found.games} games"
    return f"{counted} ({found.unfinished} unfinished)"
