"""`companion replay FILE [--json] [--upto N]` and `companion games`."""

from __future__ import annotations

import argparse
from typing import Any

from companion import files, games
from companion.cli.args import count_arg, game_file_argument
from companion.cli.output import escape, json_text, say

EXIT_OK = 0


def register(sub: Any) -> None:
    replay = sub.add_parser("replay", help="fold a game file and print its summary")
    game_file_argument(replay)
    replay.add_argument("--json", action="store_true", help="one JSON object on stdout")
    replay.add_argument(
        "--upto", type=count_arg, metavar="N", help="stop after the first N actions"
    )
    replay.set_defaults(func=cmd_replay)

    listing = sub.add_parser("games", help="list the games and their player counts")
    listing.add_argument("--json", action="store_true", help="one JSON object on stdout")
    listing.set_defaults(func=cmd_games)


def cmd_replay(args: argparse.Namespace) -> int:
    session = files.replay_path(args.file, upto=args.upto)
    summary = session.summary().data
    if args.json:
        say(json_text(summary))
    else:
        say(format_summary(session.rules.name, summary))
        for prompt in session.prompts():
            say(f"now: {escape(str(prompt))}")
    return EXIT_OK


def cmd_games(args: argparse.Namespace) -> int:
    rules = games.all_rules()
    if args.json:
        rows = [
            {"id": r.id, "name": r.name, "min_players": r.min_players, "max_players": r.max_players}
            for r in rules
        ]
        say(json_text(rows))
        return EXIT_OK
    width = max(len(r.id) for r in rules)
    for r in rules:
        say(f"{r.id:<{width}}  {r.name}  ({r.min_players}-{r.max_players} players)")
    return EXIT_OK


def format_summary(game_name: str, summary: dict[str, Any]) -> str:
    """The readable table of `companion replay` without --json. Every value from the
    game (names above all) is escaped: one line per row, whatever a name holds."""
    lines = [game_name]
    status = "over" if summary["over"] else "in play"
    round_text = f", round {summary['round']}" if summary.get("round") is not None else ""
    current = f", {_plain(summary['current'])} to play" if summary.get("current") else ""
    lines.append(f"{status}{round_text}{current}")
    lines.append("")
    lines.extend(_player_table(summary["players"]))
    if summary["winners"]:
        lines.append("")
        noun = "winners" if len(summary["winners"]) > 1 else "winner"
        lines.append(f"{noun}: {_plain(summary['winners'])}")
    for key, value in summary.get("table", {}).items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines.append(f"{escape(key)}:")
            lines.extend("  " + line for line in _rows(value))
        else:
            lines.append(f"{escape(key)}: {_plain(value)}")
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
    return _align([[escape(h) for h in header], *cells])


def _align(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def _player_table(players: list[dict[str, Any]]) -> list[str]:
    """A line per player: their tokens, the game's other plain fields, the parts of
    their score (an any-game's score sheet, once filled in), their score."""
    token_names = _spread(players, "tokens")
    sheet_names = _spread(players, "sheet")
    extra_names: list[str] = []
    for player in players:
        for key, value in player.items():
            plain = not isinstance(value, dict)
            if key not in _PLAYER_KEYS and plain and key not in extra_names:
                extra_names.append(key)
    header = ["rank", "player", *token_names, *extra_names, *sheet_names, "score"]
    rows = [
        [
            _plain(p.get("rank")),
            _plain(p["name"]),
            *[_plain((p.get("tokens") or {}).get(t)) for t in token_names],
            *[_plain(p.get(k)) for k in extra_names],
            *[_plain((p.get("sheet") or {}).get(c)) for c in sheet_names],
            _plain(p.get("score")),
        ]
        for p in players
    ]
    return _align([[escape(h) for h in header], *rows])


def _spread(players: list[dict[str, Any]], key: str) -> list[str]:
    """The names inside every player's object `key` (null or missing: none), each a
    column of its own."""
    names: list[str] = []
    for player in players:
        for name in player.get(key) or {}:
            if name not in names:
                names.append(name)
    return names


_PLAYER_KEYS = ("name", "tokens", "score", "rank", "sheet")


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value) if value else "-"
    if isinstance(value, dict):
        return json_text(value)
    if value is None:
        return "-"
    return escape(str(value))
