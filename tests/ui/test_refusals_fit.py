"""Every refusal fits its place (issue 23.11): the store's refusal of a data folder that
cannot be written, with the Pi's real paths, said where a refused write lands on
screen (home, the new game's Start, the secret balloons' start, each table's strip, a
table's dialog), is read whole at 800x480 in all five languages."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.core.messages import Message
from companion.core.model import GameSetup
from companion.store.errors import from_os_error
from companion.ui.tables.base.dialogs import Question, Questions
from tests.games.setups import golden_setups
from tests.ui.harness import Harness

# Where the kiosk keeps its games (deploy/companion.service, COMPANION_DATA_DIR).
DATABASE = Path("/var/lib/companion/data/companion.db")
# Every registered game, as its first golden file sets it up (no list of games here).
SETUPS = golden_setups(most=1)


def refusal() -> Message:
    """What the store says when its folder takes no new file (EACCES)."""
    denied = PermissionError(errno.EACCES, "Permission denied")
    return from_os_error(denied, DATABASE, folder=True).message


def said_whole(ui: Harness, shown: Callable[[], str]) -> None:
    """The refusal is on screen, and every label (it too) fits, in every language."""
    text = shown()
    assert "COMPANION_DATA_DIR" in text, text
    ui.check_every_language()


def test_on_home_when_a_game_cannot_be_resumed(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        ui.screen.problem = refusal()
        ui.step(3)
        said_whole(ui, lambda: ui.app.tr(ui.screen.problem))
    finally:
        ui.close()


def test_on_the_new_game_when_start_cannot_store_it(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        ui.app.show("newgame")
        for name in ("Kasia", "Ola", "Jan"):
            ui.type_name(name)
        ui.screen.error = refusal()
        ui.step(3)
        said_whole(ui, lambda: ui.app.tr(ui.screen.error))
    finally:
        ui.close()


def test_on_the_secret_balloons_when_the_race_cannot_start(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Kasia", "Ola", "Jan"]))
    try:
        assert ui.app.root.current == "secret"
        ui.screen.hint = refusal()
        ui.step(3)
        said_whole(ui, lambda: ui.app.tr(ui.screen.hint))
    finally:
        ui.close()


@pytest.mark.parametrize(("name", "setup"), SETUPS, ids=[name for name, _ in SETUPS])
def test_on_every_table_when_an_action_cannot_be_stored(
    tmp_path: Path, name: str, setup: GameSetup
) -> None:
    ui = Harness.at_table(tmp_path, setup)
    try:
        strip = ui.screen.ids.message
        crowded, height = strip.crowded, strip.height  # the table's own, before it
        ui.app.model.error = refusal()
        ui.step(3)
        said_whole(ui, lambda: strip.message)
        ui.app.model.error = None  # said: the step comes back, the strip its size
        ui.step(3)
        assert (strip.crowded, strip.height) == (crowded, pytest.approx(height))
    finally:
        ui.close()


def test_in_a_table_s_dialog_when_its_answer_cannot_be_stored(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("ballonrennen", ["Kasia", "Ola", "Jan"]))
    try:
        screen = ui.screen
        question = Question("how", "", [(1, "1"), (2, "2")], default=1)
        screen.dialogs.ask(Questions("A question", [question], "OK", lambda _: None, lambda: None))
        ui.step(3)
        view = screen.dialogs.top()
        view.error = ui.app.tr(refusal())
        ui.step(3)
        said_whole(ui, lambda: view.error)
    finally:
        ui.close()
