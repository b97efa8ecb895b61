"""The shared screens' words, as players read them in every language (issue 24.10):
what to do about the player count, counts that agree, no name that needs a case or
a gender, "home" in each language's words, dates in each language's own form; a
screenshot of each shared screen in every language (`Harness.shots` checks every
label fits and no English word is left in another language)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.core.window import Window

from companion.core.model import GameSetup, PlayerSpec
from companion.ui.widgets import AskView
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.app.set_language("en")
    harness.step(2)  # the rows built again in English are laid out before the app stops
    harness.close()


def new_game_with(ui: Harness, game: str, names: tuple[str, ...]) -> None:
    for name in names:
        ui.app.store.add_player(name)
    ui.tap(ui.find("New game"))
    ui.tap(ui.find(game))
    for name in names:
        ui.tap(ui.find(name, ui.screen.ids.known))


def error_text(ui: Harness) -> str:
    return str(ui.app.tr(ui.screen.error))


def unfinished(ui: Harness, *names: str, updated: str = "2025-03-14T12:00:00.000Z") -> int:
    setup = GameSetup(
        game="ballonrennen",
        seed=3,
        players=tuple(PlayerSpec(name=n) for n in names),
        options={"wind_deck": "table"},
    )
    session_id = ui.app.store.create_session(setup)
    ui.app.store.conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (updated, session_id))
    return session_id


def test_the_new_game_says_what_to_do_about_the_player_count(ui: Harness) -> None:
    new_game_with(ui, "Wyścig balonów", ("Ola",))
    ui.tap(ui.find("Start"))
    assert ui.app.root.current == "newgame" and ui.app.model is None
    # The players' words, not the command line's "1 given, Wyścig balonów needs 2 to 4".
    assert error_text(ui) == "Seat one more player: Wyścig balonów is for 2 to 4 players"
    ui.shots("newgame-count")
    ui.app.set_language("pl")
    assert error_text(ui) == "Dodaj jeszcze 1 gracza (Wyścig balonów: od 2 do 4 graczy)"
    ui.app.set_language("en")

    ui.tap(ui.find("Balmy Balloonists"))
    for name in ("Jan", "Ewa", "Ida", "Kai"):
        ui.app.store.add_player(name)
    ui.screen.prepare()  # the known players again, Ola still seated
    ui.step(2)
    for name in ("Jan", "Ewa", "Ida", "Kai"):
        ui.tap(ui.find(name, ui.screen.ids.known))
    ui.tap(ui.find("Wyścig balonów"))
    ui.tap(ui.find("Start"))
    assert error_text(ui) == "Remove one player: Wyścig balonów is for 2 to 4 players"
    ui.app.set_language("de")
    assert error_text(ui) == "Nimm einen Spieler heraus: Wyścig balonów ist für 2 bis 4 Spieler"


def test_the_unfinished_games_are_counted_in_words(ui: Harness) -> None:
    unfinished(ui, "Anna", "Ben")
    new_game_with(ui, "Ballonrennen", ("Dora", "Emil"))
    ui.tap(ui.find("Start"))
    question = next(w for w in Window.children if isinstance(w, AskView))
    assert "It stays on the home screen" in question.text
    question.dismiss()
    ui.step(2)
    unfinished(ui, "Cleo", "Dan")
    ui.tap(ui.find("Start"))
    question = next(w for w in Window.children if isinstance(w, AskView))
    assert "They stay on the home screen" in question.text
    ui.shots("newgame-unfinished")
    ui.app.set_language("pl")  # the open question is said again in the new language
    ui.step(2)
    assert question.text.startswith("Jeszcze niedokończone: ") and "Zostają" in question.text
    ui.tap(ui.find("Wstecz", question))
    assert question.parent is None


def test_home_says_when_in_the_languages_own_form(ui: Harness) -> None:
    unfinished(ui, "Kasia", "Ola", "Jan")
    ui.app.go_home()
    ui.step(2)
    games = ui.screen.ids.games
    said = {}
    for lang in ("en", "pl", "de", "sv", "nl"):
        ui.app.set_language(lang)
        ui.step(2)
        [detail] = [t for t in ui.texts(games) if t.startswith("Kasia, Ola, Jan · ")]
        said[lang] = detail.replace("\xa0", " ")
    assert not any(re.search(r"\d{4}-\d\d-\d\d", text) for text in said.values()), said
    assert said["en"].startswith("Kasia, Ola, Jan · last played Mar 14, 2025, ")
    assert said["de"].startswith("Kasia, Ola, Jan · zuletzt gespielt 14.03.2025, ")
    assert said["pl"].startswith("Kasia, Ola, Jan · ostatnio grano 14 mar 2025, ")
    assert said["sv"].startswith("Kasia, Ola, Jan · senast spelat 14 mars 2025 ")
    assert said["nl"].startswith("Kasia, Ola, Jan · laatst gespeeld 14 mrt 2025, ")
    ui.app.set_language("en")
    ui.shots("home-unfinished")


def test_the_menu_in_every_language(ui: Harness) -> None:
    ui.app.open_menu()
    ui.step(2)
    ui.shots("menu-open")
    ui.tap(ui.find("Language: English", ui.app.menu))
    ui.shots("menu-language")
    ui.app.set_language("nl")
    ui.step(2)
    assert ui.find("Beginscherm", ui.app.menu)  # "home", not "Start" (start a game)


def test_the_score_and_the_results_name_no_one_with_a_case_or_a_gender(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        model = ui.app.model
        for kind in ("start_timer", "landed"):
            assert model.act(kind)
        ui.advance(1)
        ui.key("space")  # the race is over: the score is counted
        assert ui.app.root.current == "score"
        held = {p.name: p.balloons for p in model.state.players}
        # Ola's balloons nearest the goal: she wins.
        for name, colours in held.items():
            for colour in colours:
                ui.screen.select(colour)
                ui.tap(ui.find("0" if name == "Ola" else "3", ui.screen.ids.pad))
        ui.shots("score-count")
        ui.screen.done()
        ui.step(2)
        assert ui.app.root.current == "results"
        assert model.summary["winners"] == ["Ola"]
        headline = {}
        for lang in ("en", "pl", "de", "sv", "nl"):
            ui.app.set_language(lang)
            ui.step(2)
            headline[lang] = ui.app.tr(ui.screen.headline)
            home = ui.app.t("home")
        assert headline == {
            "en": "The winner: Ola",
            "pl": "Wygrywa: Ola",  # not the masculine "Zwycięzca: Ola"
            "de": "Gewonnen hat: Ola",  # not the masculine "Sieger: Ola"
            "sv": "Vinnare: Ola",
            "nl": "De winnaar: Ola",
        }
        assert home == "Beginscherm" and ui.find("Beginscherm")  # nl: home, not "Start"
        ui.app.set_language("en")
        ui.step(2)
        ui.shots("results-winner")
    finally:
        ui.app.set_language("en")
        ui.step(2)
        ui.close()
