"""Builders shared by the any-game tests."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.errors import CompanionError, GameFileError
from companion.core.session import Session
from tests.games.helpers import game, replay

PLAYERS = ("Ola", "Jan", "Ewa")
END = {"type": "end_turn"}
START = {"type": "start_timer"}
EXPIRED = {"type": "timer_expired"}
REVERSE = {"type": "reverse"}
VP = {"id": "vp", "name": "VP"}


def data(players: Any = PLAYERS, actions: Any = (), **options: Any) -> dict[str, Any]:
    options.setdefault("title", "Carcassonne")
    return game("any-game", players, options, actions=actions)


def new(players: Any = PLAYERS, **options: Any) -> Session:
    return replay(data(players, **options))


def act(session: Session, *actions: dict) -> dict[str, Any]:
    for raw in actions:
        session.apply(session.rules.parse_action(raw))
    return session.summary().data


def error(session: Session, raw: dict) -> str:
    """The sentence an action is refused with; the game stays as it was."""
    before, length = session.summary().data, len(session)
    with pytest.raises(CompanionError) as caught:
        session.apply(session.rules.parse_action(raw))
    assert (session.summary().data, len(session)) == (before, length)
    return str(caught.value)


def setup_error(players: Any = PLAYERS, **options: Any) -> str:
    """The one line a game file with these players and options is refused with."""
    with pytest.raises(GameFileError) as caught:
        replay(data(players, **options))
    return str(caught.value)


def who(summary: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in summary["players"] if p["name"] == name)


def column(summary: dict[str, Any], key: str) -> list[Any]:
    return [p[key] for p in summary["players"]]


def seconds(count: int, kind: str = "end_turn", **fields: Any) -> dict[str, Any]:
    return {"type": kind, "seconds": count, **fields}
