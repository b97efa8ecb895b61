"""What the Ballonrennen table draws once a card's move is over or never was: after
a forced landing, a calm or a landing, the move line says so with a dot, not an
arrow, no marker of the rose wears the accent, the step line says to end the turn,
and a balloon on the ground shows no canister lifting it. Read from the window: the
words on screen and the shapes drawn (each in its canvas group)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.graphics import Color

from companion.ui import theme
from companion.ui.tables.ballonrennen.widgets import Balance, BrWindRose
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    BrWindRose.turn_s = 0
    harness = Harness(tmp_path, new_game=("ballonrennen", ["Anna", "Ben"]))
    yield harness
    harness.close()


def accented(ui: Harness) -> list[int]:
    """The rose's markers drawn in the accent colour."""
    rose = ui.screen.ids.rose
    found = []
    for altitude in (1, 2, 3):
        colour = next(
            i for i in rose.canvas.get_group(f"marker_{altitude}") if isinstance(i, Color)
        )
        if list(colour.rgba) == list(theme.rgba(theme.ACCENT)):
            found.append(altitude)
    return found


def move_drawn(ui: Harness) -> str:
    """What the move line draws beside its words: an arrow or a dot."""
    canvas = ui.screen.ids.move_arrow.canvas
    arrow, dot = canvas.get_group("arrow"), canvas.get_group("dot")
    assert bool(arrow) != bool(dot)
    return "arrow" if arrow else "dot"


def lifting(ui: Harness, name: str) -> bool:
    """Does the balloon's row outline a canister that lifts it?"""
    row = next(r for r in ui.screen.ids.players.children if getattr(r, "name", "") == name)
    balance = next(w for w in row.walk() if isinstance(w, Balance))
    return bool(balance.canvas.get_group("lift"))


def test_after_a_forced_landing_the_move_is_over_on_screen(ui: Harness) -> None:
    model, screen = ui.app.model, ui.screen
    for kind, fields in (("release", {"sandbags": 2}), ("wind_card", {"card": "rising"})):
        assert model.act(kind, **fields)
    ui.step(3)
    assert screen.move_text == "Move 3 spaces south-east" and move_drawn(ui) == "arrow"
    assert accented(ui) == [2] and lifting(ui, "Anna")
    ui.tap(ui.find("Forced landing", screen.ids.panel))
    assert screen.move_text == "Forced landing: the move is over"
    assert screen.step_text == "Anna: end your turn"
    assert move_drawn(ui) == "dot" and accented(ui) == []
    assert not lifting(ui, "Anna")
    # off the board (issue 31.4): the strip tells Anna to put her balloon on the
    # start space, and her row says it is back at the start
    assert screen.message_text.startswith("Anna: put your balloon back on the start space")
    assert "back at the start" in ui.texts(screen.ids.players)
    ui.shots("ballonrennen-forced-landing")


def test_a_calm_draws_no_direction_and_a_landed_balloon_no_lift(ui: Harness) -> None:
    model, screen = ui.app.model, ui.screen
    for kind, fields in (("release", {"sandbags": 2}), ("wind_card", {"card": "calm"})):
        assert model.act(kind, **fields)
    ui.step(3)
    assert screen.move_text == "No move this turn" and move_drawn(ui) == "dot"
    assert accented(ui) == [] and screen.step_text == "Anna: end your turn"
    for kind in ("end_turn", "wind_card", "end_turn"):
        assert model.act(kind, **({"card": "calm"} if kind == "wind_card" else {}))
    ui.tap(ui.find("land", screen.ids.panel))  # Anna lands with her tokens before her
    assert model.state.player("Anna").lift == 2 and not lifting(ui, "Anna")
    assert model.act("wind_card", card="rising")
    ui.step(3)
    assert screen.move_text == "Stays on the ground" and move_drawn(ui) == "dot"
    assert accented(ui) == [] and screen.step_text == "Anna: end your turn"
