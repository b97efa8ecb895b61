"""Game files (docs/game-file.md): read, validate, replay and write.

A file is a setup plus the effective action log. Every problem becomes a
`GameFileError` whose sentence says what and where: the file and field for the
setup, the action's number (from 1) and type for the log.

A file is read with limits (`safefile`): a regular file of at most 16 MiB, strict
JSON (no NaN, no number of more than 100 digits, no nesting deeper than Python can
follow), at most 100,000 actions. The top level is strict too: `format` is the JSON
integer 1 (not 1.0, not true), `seed` a JSON integer that fits the database.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion import games, safefile
from companion.core import rng
from companion.core.errors import CompanionError, GameFileError, SetupError
from companion.core.messages import Catalog, Message, Param
from companion.core.model import ActionBase, GameSetup, PlayerSpec, read_strict
from companion.core.rules import Rules, describe_validation_error, names_the_type
from companion.core.session import Session

FORMAT = 1
TOP_LEVEL = ("format", "game", "seed", "players", "options", "actions")
MAX_BYTES = 16 * safefile.MIB
MAX_ACTIONS = 100_000
MAX_DIGITS = 100  # no number in a game file is anywhere near this long
SEED_RANGE = (-(2**63), 2**63 - 1)  # what the database can hold
_LONG_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1}}}", re.ASCII)

M = Catalog("files")


class ReplayError(GameFileError):
    """An action in the log that cannot be applied; `number` counts from 1."""

    def __init__(self, number: int, type_: str, error: CompanionError) -> None:
        if names_the_type(error):  # an unknown type: its sentence quotes it, once
            message = M("at_action", number=number, problem=error.message)
        else:
            message = M("in_action", number=number, type=type_, problem=error.message)
        super().__init__(message)
        self.number = number
        self.inner = error


def read_json(path: Path) -> Any:
    try:
        raw = safefile.read_limited(path, MAX_BYTES)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError, safefile.NotARegularFile, safefile.TooLarge) as error:
        raise _unreadable(path.name, error) from None
    return loads(text, path.name)


def loads(text: str, name: str = "game file") -> Any:
    """Strict JSON: a sentence for anything `json.loads` would choke on or let by."""
    # Without a run of more than MAX_DIGITS digits anywhere in the text no number can
    # be that long, and json's own integers (C) need no check: a callback for every
    # integer was a tenth of reading a long game.
    parse_int = _integer if _LONG_DIGITS.search(text) else None
    try:
        return json.loads(text, parse_int=parse_int, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        problem = M("not_json", line=error.lineno, column=error.colno, reason=error.msg)
    except _NotAccepted as error:
        problem = error.problem
    except RecursionError:
        problem = M("too_deep")
    raise GameFileError(M("in_file", file=name, problem=problem)) from None


class _NotAccepted(ValueError):
    def __init__(self, problem: Message) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NotAccepted(M("long_number", digits=MAX_DIGITS))
    return int(text)


def _no_constant(text: str) -> Any:
    raise _NotAccepted(M("not_a_number", value=text))


def _unreadable(name: str, error: Exception) -> GameFileError:
    if isinstance(error, safefile.TooLarge):
        problem = M("too_big", limit=safefile.size_text(error.limit))
    elif isinstance(error, safefile.NotARegularFile):
        problem = M("unreadable", reason=error.problem)
    elif isinstance(error, UnicodeDecodeError):
        problem = M("unreadable", reason=M("not_utf8"))
    else:
        reason = getattr(error, "strerror", None) or type(error).__name__
        problem = M("unreadable", reason=reason)
    return GameFileError(M("in_file", file=name, problem=problem))


def parse(data: Any, name: str = "game file") -> tuple[Rules, GameSetup, list[Any]]:
    """Check the top level and the setup; the actions are returned unread."""

    def fail(field: str | None, problem: Param) -> GameFileError:
        if field is None:
            return GameFileError(M("in_file", file=name, problem=problem))
        return GameFileError(M("in_field", file=name, field=field, problem=problem))

    if not isinstance(data, dict):
        raise fail(None, M("not_object"))
    for key in data:
        if key not in TOP_LEVEL:
            raise fail(None, M("unknown_key", key=key, known=", ".join(TOP_LEVEL)))
    if "format" not in data:
        raise fail(None, M("format_missing"))
    if type(data["format"]) is not int or data["format"] != FORMAT:  # not 1.0, not true
        raise fail("format", M("format", given=json.dumps(data["format"])))
    if not isinstance(data.get("game"), str):
        raise fail("game", M("missing" if "game" not in data else "not_text"))
    try:
        rules = games.get(data["game"])
    except CompanionError as error:
        raise fail("game", error.message) from None
    seed = _seed(data, fail)
    players = _players(data.get("players"), fail)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise fail("options", M("not_object_field"))
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise fail("actions", M("not_list"))
    if len(actions) > MAX_ACTIONS:
        raise fail("actions", M("too_many_actions", count=len(actions), limit=MAX_ACTIONS))
    setup = GameSetup(game=rules.id, seed=seed, players=tuple(players), options=options)
    try:
        rules.parse_options(options, setup.players)
    except SetupError as error:
        raise fail(error.field, error.message) from None
    return rules, setup, actions


def _seed(data: dict[str, Any], fail: Any) -> int:
    if "seed" not in data:  # missing: the app picks one (null is not missing)
        return rng.new_seed()
    seed = data["seed"]
    if type(seed) is not int:
        raise fail("seed", M("not_integer"))
    low, high = SEED_RANGE
    if not low <= seed <= high:
        raise fail("seed", M("seed_range", low=low, high=high))
    return seed


def _players(raw: Any, fail: Any) -> list[PlayerSpec]:
    if raw is None:
        raise fail("players", M("missing"))
    if not isinstance(raw, list):
        raise fail("players", M("not_list"))
    players = []
    for number, entry in enumerate(raw, start=1):
        try:
            if isinstance(entry, str):
                players.append(PlayerSpec(name=entry))
            elif isinstance(entry, dict):
                players.append(read_strict(PlayerSpec, entry))  # "colour": null too
            else:
                raise fail(
                    "players", M("player_entry", number=number, problem="a name or an object")
                )
        except ValidationError as error:
            problem = describe_validation_error(error)
            raise fail("players", M("player_entry", number=number, problem=problem)) from None
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
    parsed = rules.parse_actions(raw_actions)  # None: one is not well formed
    for number, raw in enumerate(raw_actions, start=1):
        try:
            session.apply(parsed[number - 1] if parsed is not None else _action(rules, raw))
        except CompanionError as error:
            raise ReplayError(number, action_type(raw), error) from None
    return session


def _action(rules: Rules, raw: Any) -> ActionBase:
    if not isinstance(raw, dict):
        raise GameFileError(M("action_not_object"))
    return rules.parse_action(raw)


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
