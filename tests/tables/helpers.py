"""A game in a `Session`, built the way the app builds one, for the tables' view
functions and adapters (no Kivy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion import games
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.i18n import translator

EN = translator("en")


def session(game: str, names: Sequence[str], seed: int = 7, **options: Any) -> Session:
    setup = GameSetup(
        game=game, seed=seed, players=tuple(PlayerSpec(name=n) for n in names), options=options
    )
    return Session(games.get(game), setup)


def act(session: Session, kind: str, **fields: Any) -> None:
    session.apply(session.rules.parse_action({"type": kind, **fields}))
