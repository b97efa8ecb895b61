"""What a game night found on the screens (issue 31.10), each through the real
window: the paused table says one word for going on, on GO and on the pause button,
in every language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.i18n import languages
from companion.ui.tables.base.options import TIMER_KEY
from tests.ui.harness import Harness

GLASSES = {  # a table of each game with its glass
    "wyscig-balonow": {},
    "any-game": {"title": "Go", "clock": "turn"},
    "ballonrennen": {"wind_deck": "table"},
}


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


@pytest.mark.one_size
@pytest.mark.parametrize("game", list(GLASSES))
def test_a_paused_table_says_the_same_word_on_go_and_on_pause(ui: Harness, game: str) -> None:
    """German said "Weiter" on GO beside "Fortsetzen" on the pause button: two words
    for one thing, and a player wonders which one to press."""
    app_options = {TIMER_KEY: 60} if game == "ballonrennen" else None  # the app's glass
    ui.app.start_game(
        game, ["Ola", "Jan", "Ewa"], GLASSES[game], reveal=False, app_options=app_options
    )
    ui.pass_secret()
    screen = ui.screen
    ui.pause_and_go_on(screen, lambda: None)
    ui.key("p")
    assert screen.phase == "paused"
    said = {}
    for lang in languages():
        ui.app.set_language(lang)
        ui.step(2)
        said[lang] = (screen.go_text, screen.ids.pause.text)
    assert all(go == pause for go, pause in said.values()), said
