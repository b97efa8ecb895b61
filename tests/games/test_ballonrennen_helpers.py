"""Shared helpers for the Ballonrennen tests (no tests here): a session from names and options,
actions from plain dicts (as in a game file), and the summary of one player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion import games
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.games.ballonrennen import RULES, State


def new_game(
    players: Sequence[str | dict[str, Any]] = ("Anna", "Ben"),
    seed: int = 1,
    **options: Any,
) -> Session:
    specs = tuple(
        PlayerSpec(name=p) if isinstance(p, str) else PlayerSpec.model_validate(p) for p in players
    )
    setup = GameSetup(game="ballonrennen", seed=seed, players=specs, options=options)
    return Session(games.get("ballonrennen"), setup)


def act(session: Session, type: str, **fields: Any) -> State:
    state: State = session.apply(RULES.parse_action({"type": type, **fields}))
    return state


def play(session: Session, *actions: dict[str, Any]) -> State:
    for raw in actions:
        session.apply(RULES.parse_action(raw))
    state: State = session.state
    return state


def who(session: Session, name: str) -> dict[str, Any]:
    for player in session.summary().data["players"]:
        if player["name"] == name:
            return dict(player)
    raise KeyError(name)


def tokens(session: Session, name: str) -> tuple[int, int, int]:
    """(gas, sandbags, mail_sack) of a player."""
    t = who(session, name)["tokens"]
    return (t["gas"], t["sandbags"], t["mail_sack"])


def card(name: str) -> dict[str, Any]:
    return {"type": "wind_card", "card": name}


END = {"type": "end_turn"}
CALM = card("calm")


def release(sandbags: int = 0, gas: int = 0) -> dict[str, Any]:
    return {"type": "release", "sandbags": sandbags, "gas": gas}
