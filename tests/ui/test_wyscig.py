"""Wyścig balonów as the players see it, in every language: the secret balloons
tapped in at the table (each player sees what they tapped; a colour tapped twice is
never named), colours that mean one thing (no seat wears a colour; a balloon is drawn
in its own), the table's step line and reminders after each kind of turn, and the
table shown again exactly after an action and its undo, also from the score and the
results. Each screen in all five languages, as `wyscig-*` pictures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.graphics import Color

from companion.ui.screens.secret import PickCard
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def table_deals(ui: Harness, *names: str) -> None:
    """A new Wyścig game whose balloon cards the table dealt: the secret screen."""
    for name in names:
        ui.app.store.add_player(name)
    ui.tap(ui.find("New game"))
    for name in names:
        ui.tap(ui.find(name, ui.screen.ids.known))
    buttons = [w for w in ui.screen.ids.options.walk() if getattr(w, "text", "") == "table deals"]
    ui.tap(buttons[-1])  # the balloon cards' row
    assert ui.screen.options["balloon_cards"] == "table"
    ui.tap(ui.find("Start"))
    assert ui.app.root.current == "secret"


def cards(ui: Harness) -> dict[str, PickCard]:
    return {c.text: c for c in ui.screen.ids.picks.children}


def pick(ui: Harness, colour: str) -> None:
    ui.tap(cards(ui)[colour])


def test_each_player_sees_the_colour_they_tapped_and_a_colour_twice_is_not_named(
    ui: Harness,
) -> None:
    table_deals(ui, "Ola", "Jan", "Ewa")
    secret = ui.screen
    pick(ui, "blue")
    shown = cards(ui)
    assert shown["blue"].chosen and not shown["pink"].chosen
    assert ui.app.tr(secret.hint) == "Your balloon: blue"
    assert ui.find("Your balloon: blue").opacity == 1
    ui.shots("wyscig-secret-picked")
    ui.tap(secret.ids.next)
    # Jan's turn: nothing of Ola's choice is left on the screen.
    assert ui.app.tr(secret.prompt) == "Jan, tap the colour on your balloon card"
    assert secret.hint is None and not any(c.chosen for c in cards(ui).values())
    pick(ui, "blue")  # a mis-tap: Ola's colour
    ui.tap(secret.ids.next)
    pick(ui, "red")
    ui.tap(secret.ids.next)  # Ewa starts the race: refused, from Ola again
    assert ui.app.root.current == "secret" and secret.index == 0
    assert ui.app.tr(secret.prompt) == "Ola, tap the colour on your balloon card"
    assert not any(c.chosen for c in cards(ui).values())
    for lang in ("en", "pl", "de", "sv", "nl"):
        ui.app.set_language(lang)
        ui.step(2)
        said = ui.app.tr(secret.hint).lower()
        blue = ui.app.colour_name("blue").lower()
        assert said and blue not in said, said
        assert "balloon_cards" not in " ".join(ui.window_texts())
    ui.app.set_language("en")
    ui.step(2)
    assert ui.app.tr(secret.hint).startswith("Two of you tapped the same colour.")
    ui.shots("wyscig-secret-twice")
    for colour in ("blue", "pink", "red"):
        pick(ui, colour)
        ui.tap(secret.ids.next)
    assert ui.app.root.current == "wyscig"
    assert [p.balloons for p in ui.app.model.state.players] == [("blue",), ("pink",), ("red",)]


def drawn_colours(root: Any) -> set[tuple[float, float, float]]:
    """Every colour a widget under `root` draws (its canvas, before and after), but the
    strip's LEDs (the sand's colours, and the seat's light: tested with the frames)."""
    found = set()
    for widget in root.walk():
        if type(widget).__name__ in ("LedStrip", "QRCode") or widget.opacity == 0:
            continue
        for canvas in (widget.canvas.before, widget.canvas, widget.canvas.after):
            for instruction in canvas.children:
                if isinstance(instruction, Color) and instruction.a > 0.05:
                    found.add(tuple(round(v, 3) for v in instruction.rgb))
    return found
