"""`companion export [ID]`, `companion import FILE` and `companion stats [--json]`.

`export` and `stats` only read: SQLite's WAL lets them run beside the app. `import`
takes the data folder's lock (`DataFolderLock`, role "import"): storing a long file
holds the database's write lock for many seconds, which would refuse every tap, so
it refuses while the app runs, and the app does not start while it imports. Each
says `note: ...` when opening the database moved a file aside (damaged, or not ours).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from companion import files, stats
from companion.cli.args import game_file_argument, game_number
from companion.cli.output import escape, json_text, note, say
from companion.core.errors import StoreError
from companion.store import DataFolderLock, M, Store

EXIT_OK = 0


def register(sub: Any) -> None:
    export = sub.add_parser(
        "export",
        help="print a stored game as a game file (default: the unfinished game, else the latest)",
    )
    export.add_argument(
        "id",
        nargs="?",
        type=game_number,
        metavar="ID",
        help="the game's number in the database: 1 for the first game stored, 2 for the next...",
    )
    export.set_defaults(func=cmd_export)

    imported = sub.add_parser("import", help="store a game file in the database")
    game_file_argument(imported)
    imported.set_defaults(func=cmd_import)

    stats_parser = sub.add_parser(
        "stats", help="plays, wins and scores per player, and dice fairness"
    )
    stats_parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    stats_parser.set_defaults(func=cmd_stats)


def open_store() -> Store:
    store = Store()
    if store.notice:
        note(store.notice)
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
        text = json_text(files.to_json(row.setup, session.log), indent=2)
    finally:
        store.close()
    sys.stdout.write(text + "\n")
    return EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    session = files.replay_path(args.file)
    with DataFolderLock(role="import"):
        store = open_store()
        try:
            session_id = store.import_session(session)
        finally:
            store.close()
    say(f"imported {escape(args.file.name)} as game {session_id}")
    return EXIT_OK


def cmd_stats(args: argparse.Namespace) -> int:
    store = open_store()
    try:
        players = stats.player_stats(store)
        dice = stats.dice_fairness(store)
    finally:
        store.close()
    if args.json:
        data = {"players": [p.to_json() for p in players], "dice": [d.to_json() for d in dice]}
        say(json_text(data))
        return EXIT_OK
    if not players and not dice:
        say("No finished games yet.")
        return EXIT_OK
    for entry in players:
        data = entry.to_json()
        say(
            f"{escape(entry.title)}: {escape(entry.player)}: "
            f"{entry.plays} played, {entry.wins} won ({data['win_rate']:.0%}), "
            f"average {_dash(data['average_score'])}, best {_dash(entry.best_score)}, "
            f"turn {_dash(data['average_turn_seconds'])} s"
        )
        if entry.lines:  # a score sheet: the average in each line, and the best line
            averages = ", ".join(f"{escape(n)} {v:.2f}" for n, v in entry.line_averages.items())
            say(f"  lines: {averages}; best {escape(entry.best_line or '-')}")
    for fair in dice:
        faces = " ".join(f"{face}:{n}" for face, n in fair.counts.items())
        if fair.verdict == "too_few":
            verdict = f"too few dice to judge ({fair.rolled}; at least {stats.MIN_DICE})"
        else:
            verdict = f"chi-square {fair.chi_square:.2f}, p = {fair.p_value:.3f}: looks "
            verdict += "fair" if fair.verdict == "fair" else "biased"
        say(f"dice reader {escape(fair.reader)}: {faces}; {verdict}")
    return EXIT_OK


def _dash(value: object) -> str:
    return "-" if value is None else escape(str(value))
