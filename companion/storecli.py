"""`companion export [ID]` and `companion import FILE`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion import files
from companion.core.errors import StoreError
from companion.store import M, Store


def register(sub: Any) -> None:
    export = sub.add_parser(
        "export",
        help="print a stored game as a game file (default: the unfinished game, else the latest)",
    )
    export.add_argument("id", nargs="?", type=int, help="the game's number in the database")
    export.set_defaults(func=cmd_export)

    imported = sub.add_parser("import", help="store a game file in the database")
    imported.add_argument("file", type=Path)
    imported.set_defaults(func=cmd_import)


def open_store() -> Store:
    store = Store()
    if store.notice:
        print(f"note: {store.notice}", file=sys.stderr)
    return store


def cmd_export(args: argparse.Namespace) -> int:
    store = open_store()
    try:
        if args.id is not None:
            row = store.session_row(args.id)
        else:
            found = store.unfinished() or store.latest()
            if found is None:
                raise StoreError(M("no_games"))
            row = found
        session = store.load_session(row.id, journal=False)
        actions = [session.rules.parse_action(a) for a in store.raw_actions(row.id)]
        sys.stdout.write(files.dumps(row.setup, actions))
    finally:
        store.close()
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    session = files.replay_path(args.file)
    store = open_store()
    try:
        session_id = store.import_session(session)
    finally:
        store.close()
    print(f"imported {args.file.name} as game {session_id}")
    return 0
