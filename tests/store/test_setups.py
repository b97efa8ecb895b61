"""The setups a group keeps (issue 34.3): each game started with a title keeps its
options under that title, the last start's; listed the most recently used first;
one forgotten is offered no more, the games played with it untouched. A database of
the schema before gets the table filled from the games it holds."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from companion.core.model import GameSetup, PlayerSpec
from companion.store import MIGRATIONS, Store

SHEET = [{"id": "birds", "name": "Birds"}, {"id": "eggs", "name": "Eggs"}]


def started(store: Store, game: str = "any-game", **options: Any) -> int:
    setup = GameSetup(
        game=game,
        seed=1,
        players=(PlayerSpec(name="Ola"), PlayerSpec(name="Jan")),
        options=options,
    )
    return store.create_session(setup)


def test_a_setup_is_kept_per_title_latest_first_changed_and_forgotten(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    assert store.setups.listing("any-game") == [] and store.setups.get("any-game", "Go") is None
    started(store, title="Wingspan", clock="bank", bank_seconds=1800, increment_seconds=10)
    started(store, title="Go", clock="turn", timer_seconds=30)
    started(store, title="Wingspan", bgg_id=266192, categories=SHEET, scoring="high")
    started(store, clock="none")  # no title: nothing to keep it under
    started(store, "wyscig-balonow", order_cards="table")
    assert store.setups.names("any-game") == ["Wingspan", "Go"]
    assert store.setups.names("any-game", most=1) == ["Wingspan"]
    wingspan = store.setups.get("any-game", "Wingspan")
    assert wingspan is not None and wingspan.options == {  # the last start's: changed
        "title": "Wingspan",
        "bgg_id": 266192,
        "categories": SHEET,
        "scoring": "high",
    }
    assert store.setups.get("any-game", "wingspan") is None  # a title is as typed
    assert store.setups.names("wyscig-balonow") == []
    store.setups.forget("any-game", "Wingspan")
    assert store.setups.names("any-game") == ["Go"]
    assert len(store.sessions()) == 5  # the games played with it stay
    started(store, title="Wingspan", clock="none")
    assert store.setups.names("any-game") == ["Wingspan", "Go"]
    store.close()


def test_the_schema_before_gets_the_setups_of_the_games_it_holds(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    conn = sqlite3.connect(path)
    for migration in MIGRATIONS[:5]:  # the schema before the setups
        conn.executescript(migration)
    conn.execute("PRAGMA user_version = 5")
    played = (
        ("any-game", {"title": "Go", "clock": "turn", "timer_seconds": 30}, "2026-01-01"),
        ("any-game", {"title": "Catan", "bgg_id": 13}, "2026-02-01"),
        ("any-game", {"title": "Go", "clock": "bank", "bank_seconds": 600}, "2026-03-01"),
        ("any-game", {"title": ""}, "2026-04-01"),
        ("wyscig-balonow", {"order_cards": "table"}, "2026-05-01"),
    )
    for game, options, when in played:
        conn.execute(
            "INSERT INTO sessions(game, seed, players, options, created, updated)"
            ' VALUES (?, 5, \'["Ola", "Jan"]\', ?, ?, ?)',
            (game, json.dumps(options), when, when),
        )
    conn.commit()
    conn.close()
    store = Store(path)
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) == 6
    assert store.setups.names("any-game") == ["Go", "Catan"]
    go = store.setups.get("any-game", "Go")
    assert go is not None and go.options == {"title": "Go", "clock": "bank", "bank_seconds": 600}
    assert go.used == "2026-03-01"
    store.close()
