"""Any screen opens first: a fresh app (only home built, at start) opens each screen
of the registry, History's view of one finished game and each table, and shows its
main texts, every label fitting in every language; a kv rule another screen's file
holds would break it here."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion import files, games
from companion.ui import registry
from companion.ui.screen import AppScreen
from tests.ui.harness import Harness

pytestmark = pytest.mark.one_size

GOLDEN = Path(__file__).resolve().parents[1] / "games" / "files"


def stored(ui: Harness, name: str, upto: int | None = None) -> int:
    """A golden game file stored as the app stores a game (its first `upto` actions)."""
    data = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    if upto is not None:
        data["actions"] = data["actions"][:upto]
    return int(ui.store.import_session(files.replay(data, name)))


def open_game(name: str, upto: int | None = None) -> Callable[[Harness], None]:
    return lambda ui: ui.app.games.open_session(stored(ui, name, upto))


def landed_wyscig(ui: Harness) -> None:
    """A Wyścig game over, its score still to count: the score screen."""
    data = json.loads((GOLDEN / "wyscig-rulebook-example.json").read_text(encoding="utf-8"))
    data["actions"] = [a for a in data["actions"] if a["type"] != "score"]
    ui.app.games.open_session(int(ui.store.import_session(files.replay(data, "over.json"))))


def sheet_to_type(ui: Harness) -> None:
    """An any game with a score sheet, imported unfinished, ended: its sheet."""
    open_game("any-game-sheet.json", upto=5)(ui)
    ui.app.show("sheet")


def history_game(ui: Harness) -> None:
    session_id = stored(ui, "ballonrennen-race.json")
    ui.app.show("history")
    ui.screen.open_game(session_id)


def secret(ui: Harness) -> None:
    ui.app.games.start_game("wyscig-balonow", ["Ola", "Jan"], {}, reveal=True)


def new_game_at(game: games.Game) -> Callable[[Harness], None]:
    """A new game of `game` at its table: the fewest players (two at least), the
    rules' default options, and what a game cannot do without (any game's title)."""

    def start(ui: Harness) -> None:
        names = ["Ola", "Jan", "Ewa", "Kai"][: max(2, games.get(game.id).min_players)]
        needed = {"title": "Carcassonne"} if game.id == "any-game" else {}
        ui.app.games.start_game(game.id, names, needed, reveal=False)

    return start


# screen to open first -> (how, texts it must show)
OPENED: dict[str, tuple[Callable[[Harness], Any], tuple[str, ...]]] = {
    "home": (lambda ui: ui.app.show("home"), ("New game", "History")),
    "newgame": (lambda ui: ui.app.show("newgame"), ("Start", "+ New player")),
    "secret": (secret, ("Ola, tap and hold to see your balloons",)),
    # every game's table, as its descriptor registers it
    **{game.screen: (new_game_at(game), ("Undo", "Pause")) for game in games.GAMES},
    "score": (landed_wyscig, ("Count the score", "Show the results")),
    "sheet": (sheet_to_type, ("Score sheet", "Show the results", "Cloisters")),
    "results": (open_game("wyscig-rulebook-example.json"), ("The winner: Monika", "Undo")),
    "history": (lambda ui: ui.app.show("history"), ("History", "Home")),
    "stats": (lambda ui: ui.app.show("stats"), ("Statistics", "Players")),
    "settings": (lambda ui: ui.app.show("settings"), ("Settings", "Save")),
    "hwtest": (lambda ui: ui.app.show("hwtest"), ("Hardware test", "Light the strip")),
    "history game": (history_game, ("All games", "Save game file", "Results")),
}


def test_every_screen_of_the_registry_is_opened_here() -> None:
    assert {e.name for e in registry.SCREENS} <= set(OPENED)


def test_every_screen_of_the_registry_is_an_app_screen() -> None:
    """What the navigator and the router ask of a screen is declared, not guessed."""
    assert all(issubclass(e.cls, AppScreen) for e in registry.SCREENS)


@pytest.mark.parametrize("screen", list(OPENED))
def test_a_screen_opens_first_in_a_fresh_app(tmp_path: Path, screen: str) -> None:
    ui = Harness(tmp_path)
    try:
        how, texts = OPENED[screen]
        how(ui)
        ui.step(3)
        expected = screen.split()[0]
        assert ui.app.root.current == expected
        shown = ui.texts()
        for text in texts:
            assert any(t == text or t.startswith(text) for t in shown), (text, shown)
        ui.check_every_language()  # and every label fits, in every language
    finally:
        ui.close()
