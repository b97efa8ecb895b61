"""A table without a window: the app's view-model on a store, the simulated hardware's
real gpiozero buttons on MockFactory pins, and an injected clock."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.store import Store
from companion.ui.viewmodel import GameModel, open_table

GAME = "wyscig-balonow"


def new_game(store: Store, names: Sequence[str], seed: int, **options: object) -> int:
    setup = GameSetup(
        game=GAME, seed=seed, players=tuple(PlayerSpec(name=n) for n in names), options=options
    )
    return store.create_session(setup)


def open_model(store: Store, session_id: int, clock: FakeClock) -> GameModel:
    return open_table(store, session_id, store.load_session(session_id), clock=clock)


def data_store(folder: Path) -> Store:
    return Store(folder / "companion.db")
