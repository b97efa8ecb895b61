"""Game files (spec/game-file.md): read, validate, replay and write.

A file is a setup plus the effective action log. Every problem becomes a
`GameFileError` whose sentence says what and where: the file and field for the
setup, the action's number (from 1) and type for the log.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion import games
from companion.core import rng
from companion.core.errors import CompanionError, GameFileError, SetupError
from companion.core.messages import Catalog
from companion.core.model import ActionBase, GameSetup, PlayerSpec
from companion.core.rules import Rules, describe_validation_error
from companion.core.session import Session

FORMAT = 1
TOP_LEVEL = ("format", "game", "seed", "players", "options", "actions")

M = Catalog(
    "files",
    {
        "in_file": "{file}: {problem}",
        "in_field": "{file}: {field}: {problem}",
        "in_action": "action {number} ({type}): {problem}",
        "unreadable": "cannot be read ({reason})",
        "not_json": "not JSON (line {line}, column {column}: {reason})",
        "not_object": "a game file is a JSON object",
        "format": "{given} is not a format this version reads (it reads 1)",
        "format_missing": '"format": 1 is missing',
        "unknown_key": 'unknown key "{key}" (a game file has {known})',
        "missing": "is missing",
        "not_text": "must be a string",
        "not_integer": "must be an integer",
        "not_list": "must be a list",
        "not_object_field": "must be an object",
        "player_entry": "player {number}: {problem}",
        "action_not_object": "an action is a JSON object",
    },
)


class ReplayError(GameFileError):
    """An action in the log that cannot be applied; `number` counts from 1."""

    def __init__(self, number: int, type_: str, error: CompanionError) -> None:
        super().__init__(M("in_action", number=number, type=type_, problem=str(error)))
        self.number = number
        self.inner = error


def read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        raise GameFileError(
            M("in_file", file=path.name, problem=str(M("unreadable", reason=reason)))
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        problem = M("not_json", line=error.lineno, column=error.colno, reason=error.msg)
        raise GameFileError(M("in_file", file=path.name, problem=str(problem))) from None


def parse(data: Any, name: str = "game file") -> tuple[Rules, GameSetup, list[Any]]:
    """Check the top level and the setup; the actions are returned unread."""

    def fail(field: str | None, problem: str) -> GameFileError:
        if field is None:
            return GameFileError(M("in_file", file=name, problem=problem))
        return GameFileError(M("in_field", file=name, field=field, problem=problem))

    if not isinstance(data, dict):
        raise fail(None, str(M("not_object")))
    for key in data:
        if key not in TOP_LEVEL:
            raise fail(None, str(M("unknown_key", key=key, known=", ".join(TOP_LEVEL))))
    if "format" not in data:
        raise fail(None, str(M("format_missing")))
    if data["format"] != FORMAT or isinstance(data["format"], bool):
        raise fail("format", str(M("format", given=json.dumps(data["format"]))))
    if not isinstance(data.get("game"), str):
        raise fail("game", str(M("missing" if "game" not in data else "not_text")))
    try:
        rules = games.get(data["game"])
    except CompanionError as error:
        raise fail("game", str(error)) from None
    seed = data.get("seed")
    if seed is None:
        seed = rng.new_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("seed", str(M("not_integer")))
    players = _players(data.get("players"), fail)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise fail("options", str(M("not_object_field")))
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise fail("actions", str(M("not_list")))
    setup = GameSetup(game=rules.id, seed=seed, players=tuple(players), options=options)
    try:
        rules.parse_options(options, setup.players)
    except SetupError as error:
        raise fail(error.field, str(error)) from None
    return rules, setup, actions


def _players(raw: Any, fail: Any) -> list[PlayerSpec]:
    if raw is None:
        raise fail("players", str(M("missing")))
    if not isinstance(raw, list):
        raise fail("players", str(M("not_list")))
    players = []
    for number, entry in enumerate(raw, start=1):
        try:
            if isinstance(entry, str):
                players.append(PlayerSpec(name=entry))
            elif isinstance(entry, dict):
                players.append(PlayerSpec.model_validate(entry))
            else:
                raise fail(
                    "players", str(M("player_entry", number=number, problem="a name or an object"))
                )
        except ValidationError as error:
            problem = str(describe_validation_error(error))
            raise fail("players", str(M("player_entry", number=number, problem=problem))) from None
    return players


def action_type(raw: Any) -> str:
    if isinstance(raw, Mapping) and isinstance(raw.get("type"), str):
        return str(raw["type"])
    return "?"


def replay(data: Any, name: str = "game file", upto: int | None = None) -> Session:
    """Fold a game file into a session; the first bad action raises `ReplayError`."""
    rules, setup, raw_actions = parse(data, name)
    if upto is not None:
        raw_actions = raw_actions[:upto]
    session = Session(rules, setup)
    for number, raw in enumerate(raw_actions, start=1):
        try:
            if not isinstance(raw, dict):
                raise GameFileError(M("action_not_object"))
            session.apply(rules.parse_action(raw))
        except CompanionError as error:
            raise ReplayError(number, action_type(raw), error) from None
    return session


def replay_path(path: Path, upto: int | None = None) -> Session:
    return replay(read_json(path), path.name, upto)


def to_json(setup: GameSetup, actions: Sequence[ActionBase]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": setup.game,
        "seed": setup.seed,
        "players": [p.to_json() for p in setup.players],
        "options": setup.options,
        "actions": [a.to_json() for a in actions],
    }


def dumps(setup: GameSetup, actions: Sequence[ActionBase]) -> str:
    return json.dumps(to_json(setup, actions), ensure_ascii=False, indent=2) + "\n"
