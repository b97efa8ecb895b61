"""The choices a group made last time for a game's text option (a title), offered
again: the texts an option had, the latest first, and the options of the last game
played with one of them."""

from __future__ import annotations

from pathlib import Path

from companion.core.model import GameSetup, PlayerSpec
from companion.store import Store


def started(store: Store, **options: object) -> int:
    setup = GameSetup(
        game="wyscig-balonow",
        seed=1,
        players=(PlayerSpec(name="Ola"), PlayerSpec(name="Jan")),
        options=options,
    )
    return store.create_session(setup)


def test_the_texts_of_an_option_latest_first_and_the_options_they_came_with(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "c.db")
    assert store.played.texts("wyscig-balonow", "order_cards") == []
    assert store.played.last("wyscig-balonow", "order_cards", "table") is None
    started(store, order_cards="table", timer_seconds=20)
    started(store, order_cards="app")
    last = started(store, order_cards="table", timer_seconds=45)
    started(store, timer_seconds=30)  # without the option: not a choice of it
    assert store.played.texts("wyscig-balonow", "order_cards") == ["table", "app"]
    assert store.played.texts("wyscig-balonow", "timer_seconds") == []  # not a text
    assert store.played.texts("ballonrennen", "order_cards") == []  # another game's
    assert store.played.last("wyscig-balonow", "order_cards", "table") == {
        "order_cards": "table",
        "timer_seconds": 45,
    }
    assert store.session_row(last).setup.options["timer_seconds"] == 45
    assert store.played.last("wyscig-balonow", "order_cards", "Table") is None
    assert store.played.texts("wyscig-balonow", "order_cards", most=1) == ["table"]
    store.close()


def test_a_key_with_quotes_or_dots_is_one_key(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    assert store.played.texts("wyscig-balonow", 'a."b') == []
    assert store.played.last("wyscig-balonow", "a.b", "x") is None
    store.close()
