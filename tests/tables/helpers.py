"""A game in a `Session`, or in play on a store, built the way the app builds one, for
the tables' view functions and adapters (no Kivy)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion import games
from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.i18n import translator
from companion.play.table import GameInPlay
from companion.store import Store
from companion.ui.tables import adapter

EN = translator("en")


def session(game: str, names: Sequence[str], seed: int = 7, **options: Any) -> Session:
    setup = GameSetup(
        game=game, seed=seed, players=tuple(PlayerSpec(name=n) for n in names), options=options
    )
    return Session(games.get(game), setup)


def act(session: Session, kind: str, **fields: Any) -> None:
    session.apply(session.rules.parse_action({"type": kind, **fields}))


def in_play(
    folder: Path,
    game: str,
    names: Sequence[str],
    app_options: dict[str, Any] | None = None,
    **options: Any,
) -> GameInPlay[Any]:
    """A new game of `game` stored in `folder` and in play (no window, no devices),
    on a fake clock."""
    store = Store(folder / "companion.db")
    setup = GameSetup(
        game=game, seed=7, players=tuple(PlayerSpec(name=n) for n in names), options=options
    )
    session_id = store.create_session(setup)
    return GameInPlay(
        store=store,
        session_id=session_id,
        session=store.load_session(session_id),
        table=adapter(game),
        clock=FakeClock(),
        app_options=app_options,
    )
