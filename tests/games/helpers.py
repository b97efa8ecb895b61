"""Small builders shared by the game tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from companion import files
from companion.core.session import Session


def game(
    game_id: str,
    players: Sequence[Any],
    options: dict | None = None,
    seed: int = 7,
    actions: Iterable[dict] = (),
) -> dict[str, Any]:
    return {
        "format": 1,
        "game": game_id,
        "seed": seed,
        "players": list(players),
        "options": options or {},
        "actions": list(actions),
    }


def replay(data: dict[str, Any]) -> Session:
    return files.replay(data, "game.json")


def play(session: Session, *actions: dict) -> dict[str, Any]:
    for raw in actions:
        session.apply(session.rules.parse_action(raw))
    return session.summary().data


def by_name(summary: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in summary["players"] if p["name"] == name)
