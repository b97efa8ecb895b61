"""`companion run | replay | games | export | import | stats | doctor | dice-sim | dice-listen`.

Every failure a user can cause ends in one `error:` line on stderr and exit code 2;
no command prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion import files, games
from companion.core.errors import CompanionError

log = logging.getLogger("companion")

EXIT_OK = 0
EXIT_ERROR = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_help()
        return EXIT_ERROR
    try:
        code: int = args.func(args)
        return code
    except CompanionError as error:
        _error(str(error))
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:  # the last guard: a sentence, and the details in the log
        log.debug("unexpected failure", exc_info=True)
        _error(f"something went wrong inside the companion ({type(error).__name__}: {error})")
        return 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="A table companion for balloon-race board games."
    )
    sub = parser.add_subparsers(metavar="COMMAND")

    replay = sub.add_parser("replay", help="fold a game file and print its summary")
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true", help="one JSON object on stdout")
    replay.add_argument(
        "--upto", type=count_arg, metavar="N", help="stop after the first N actions"
    )
    replay.set_defaults(func=cmd_replay)

    listing = sub.add_parser("games", help="list the games and their player counts")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(func=cmd_games)

    _register_optional(sub)
    return parser


def _register_optional(sub: Any) -> None:
    """Commands whose modules are added by their own issue (store, app, hardware)."""
    import importlib

    for module_name in ("companion.storecli", "companion.hwcli", "companion.ui.runcli"):
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name == module_name:
                continue
            raise
        module.register(sub)


def count_arg(text: str) -> int:
    """An argparse type: a whole number of 0 or more, else a sentence."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 0 or more")
    return value


def _error(text: str) -> None:
    print(f"error: {text}", file=sys.stderr, flush=True)


def cmd_replay(args: argparse.Namespace) -> int:
    session = files.replay_path(args.file, upto=args.upto)
    summary = session.summary()
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(format_summary(session.rules.name, summary))
        for prompt in session.prompts():
            print(f"now: {prompt}")
    return EXIT_OK


def cmd_games(args: argparse.Namespace) -> int:
    rules = games.all_rules()
    if args.json:
        rows = [
            {"id": r.id, "name": r.name, "min_players": r.min_players, "max_players": r.max_players}
            for r in rules
        ]
        print(json.dumps(rows, ensure_ascii=False))
        return EXIT_OK
    width = max(len(r.id) for r in rules)
    for r in rules:
        print(f"{r.id:<{width}}  {r.name}  ({r.min_players}-{r.max_players} players)")
    return EXIT_OK


def format_summary(game_name: str, summary: dict[str, Any]) -> str:
    """The readable table of `companion replay` without --json."""
    lines = [game_name]
    status = "over" if summary["over"] else "in play"
    round_text = f", round {summary['round']}" if summary.get("round") is not None else ""
    current = f", {summary['current']} to play" if summary.get("current") else ""
    lines.append(f"{status}{round_text}{current}")
    lines.append("")
    lines.extend(_player_table(summary["players"]))
    if summary["winners"]:
        lines.append("")
        lines.append(
            "winner"
            + ("s" if len(summary["winners"]) > 1 else "")
            + ": "
            + ", ".join(summary["winners"])
        )
    for key, value in summary.get("table", {}).items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines.append(f"{key}:")
            lines.extend("  " + line for line in _rows(value))
        else:
            lines.append(f"{key}: {_plain(value)}")
    return "\n".join(lines)


def _rows(items: list[dict[str, Any]]) -> list[str]:
    """A list of objects as an aligned table; nested objects are spread into columns."""
    flat = [
        {
            **{k: v for k, v in item.items() if not isinstance(v, dict)},
            **{sub: v for k, d in item.items() if isinstance(d, dict) for sub, v in d.items()},
        }
        for item in items
    ]
    header = list(dict.fromkeys(k for row in flat for k in row))
    cells = [[_plain(row.get(k)) for k in header] for row in flat]
    return _align([header, *cells])


def _align(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def _player_table(players: list[dict[str, Any]]) -> list[str]:
    token_names: list[str] = []
    extra_names: list[str] = []
    for player in players:
        for token in player.get("tokens", {}):
            if token not in token_names:
                token_names.append(token)
        for key, value in player.items():
            plain = not isinstance(value, dict)
            if key not in _PLAYER_KEYS and plain and key not in extra_names:
                extra_names.append(key)
    header = ["rank", "player", *token_names, *extra_names, "score"]
    rows = [
        [
            _plain(p.get("rank")),
            p["name"],
            *[_plain(p.get("tokens", {}).get(t)) for t in token_names],
            *[_plain(p.get(k)) for k in extra_names],
            _plain(p.get("score")),
        ]
        for p in players
    ]
    return _align([header, *rows])


_PLAYER_KEYS = ("name", "tokens", "score", "rank")


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value) if value else "-"
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    if value is None:
        return "-"
    return str(value)
