"""`companion export [ID]` and `companion import FILE`."""

from __future__ import annotations

import argparse
import json
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
    register_stats(sub)


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


def register_stats(sub: Any) -> None:
    stats = sub.add_parser("stats", help="plays, wins and scores per player, and dice fairness")
    stats.add_argument("--json", action="store_true", help="one JSON object on stdout")
    stats.set_defaults(func=cmd_stats)


def cmd_stats(args: argparse.Namespace) -> int:
    from companion import stats

    store = open_store()
    try:
        players = stats.player_stats(store)
        dice = stats.dice_fairness(store)
    finally:
        store.close()
    if args.json:
        print(
            json.dumps(
                {"players": [p.to_json() for p in players], "dice": [d.to_json() for d in dice]},
                ensure_ascii=False,
            )
        )
        return 0
    if not players and not dice:
        print("No finished games yet.")
        return 0
    for entry in players:
        data = entry.to_json()
        print(
            f"{stats.game_name(entry.game)}: {entry.player}: "
            f"{entry.plays} played, {entry.wins} won ({data['win_rate']:.0%}), "
            f"average {_dash(data['average_score'])}, best {_dash(entry.best_score)}, "
            f"turn {_dash(data['average_turn_seconds'])} s"
        )
    for fair in dice:
        faces = " ".join(f"{face}:{n}" for face, n in fair.counts.items())
        verdict = "looks fair" if fair.looks_fair else "looks biased"
        print(
            f"dice reader {fair.reader}: {faces}; "
            f"chi-square {fair.chi_square:.2f}, p = {fair.p_value:.3f}: {verdict}"
        )
    return 0


def _dash(value: object) -> str:
    return "-" if value is None else str(value)
