"""The Balmy Balloonists table in the real window: every action says on the strip what
it changed; after an action and its undo the window shows what it showed before (GO,
the step line, the lines under it, every tab's words and buttons, the tab open, the
balloon a zone names, the questions open); and each balloon's name is drawn readable
on its own colour."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.ui import theme
from companion.ui.tables.balmy.text import BALLOON_HEX
from tests.tables.test_balmy_table import contrast
from tests.ui.harness import Harness
from tests.ui.test_balmy import answer, dialog, go, tab


@pytest.fixture
def ui(tmp_path: Path) -> Any:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def start(ui: Harness, names: tuple[str, ...], *variants: str) -> None:
    ui.tap(ui.find("New game"))
    ui.tap(ui.find("Balmy Balloonists"))
    for name in names:
        ui.type_name(name)
    for variant in variants:
        ui.tap(ui.find(variant, ui.screen.ids.options))
    ui.tap(ui.find("Start"))
    assert ui.app.root.current == "balmy"


def record_advantage(ui: Harness, *pairs: tuple[str, str]) -> None:
    for first, second in pairs:
        answer(ui, first, second)
        ui.step(2)


def texts_of(root: Any, leave_out: set[Any]) -> list[tuple[str, str, bool]]:
    """Each shown text under `root` with its widget's kind and whether it can be tapped."""
    found = []
    for widget in root.walk(restrict=True):
        text = getattr(widget, "text", None)
        if widget in leave_out or not isinstance(text, str) or not text:
            continue
        if widget.opacity > 0:
            found.append((type(widget).__name__, text, bool(getattr(widget, "enabled", True))))
    return found


def shown(ui: Harness) -> dict[str, Any]:
    """What the window shows of the game, but the news line (after an undo it says
    "Undone: ..."): GO, the step, the lines the strip shows when nothing is news, the
    tab open, every tab page's words and buttons, the rose, and the open dialogs."""
    screen = ui.screen
    strip = set(screen.ids.message.walk(restrict=True))
    pages = {page.name: texts_of(page, strip) for page in screen.ids.pages.screens}
    rose = screen.ids.rose
    views = [v for v in Window.children if v is not ui.app.root]
    return {
        "go": (screen.go_text, screen.go_ready),
        "step": screen.step_text,
        "lines": screen.prompt_lines(),
        "tab": screen.tab,
        "event target": screen.event_target,
        "panel": texts_of(screen, strip | {w for p in screen.ids.pages.screens for w in p.walk()}),
        "pages": pages,
        "rose": (list(rose.markers), rose.current, [p.racing for p in rose.points]),
        "dialogs": [getattr(v, "title", type(v).__name__) for v in views],
    }


def as_before(
    ui: Harness, action: Callable[[], object], undo: Callable[[], object], redo: bool = True
) -> None:
    """`action`, then its undo: the window shows what it showed before; then (`redo`)
    the action again, to play on."""
    ui.step(2)
    before = shown(ui)
    actions = len(ui.app.model.session.log)
    action()
    ui.step(2)
    assert len(ui.app.model.session.log) == actions + 1, "the action was not taken"
    assert shown(ui) != before
    undo()
    ui.step(3)
    assert shown(ui) == before
    if redo:
        ui.screen.redo()
        ui.step(2)


def open_views(ui: Harness) -> list[Any]:
    return [v for v in Window.children if v is not ui.app.root]


@pytest.mark.one_size
def test_an_action_and_its_undo_leave_the_window_as_it_was(ui: Harness) -> None:
    start(ui, ("Anna", "Bram"), "Critical measures")
    screen = ui.screen
    press_undo = lambda: ui.key("u")  # noqa: E731 - the UNDO button on the table
    tap_undo = lambda: ui.tap(screen.ids.undo)  # noqa: E731 - the one on the screen

    # The advantage picker: undone, it opens again for the same player.
    as_before(ui, lambda: answer(ui, "Friendly winds", "Repair"), press_undo)
    assert dialog(ui).title == "Bram: tap the two advantage cards dealt"
    record_advantage(ui, ("Permission Iraq", "Permission China"))

    as_before(ui, lambda: ui.tap(screen.ids.play_own), tap_undo)
    tab(ui, "Altitude")
    as_before(ui, lambda: ui.tap(ui.find("low", screen.ids.ladder)), tap_undo)
    # A question open when the game changes under it is withdrawn.
    tab(ui, "Luck ?")
    ui.tap(ui.find("Fire", screen.ids.luck))
    assert dialog(ui).title == "Fire on the red balloon"
    press_undo()  # the altitude, taken back under the open question
    assert open_views(ui) == []
    screen.redo()

    def luck(card: str, *answers: str) -> Callable[[], None]:
        def tapped() -> None:
            ui.tap(ui.find(card, screen.ids.luck))
            answer(ui, *answers)

        return tapped

    as_before(ui, luck("Communication problems", "no"), tap_undo, redo=False)
    tab(ui, "Board")
    as_before(ui, lambda: ui.tap(ui.find("Area 51", screen.ids.zones)), tap_undo, redo=False)
    tab(ui, "Cards")
    as_before(ui, lambda: ui.tap(ui.find("Use Friendly winds", screen.ids.advantage)), tap_undo)

    # An end of turn taken back: the turn as it was, its tab (Board) open again.
    tab(ui, "Board")
    as_before(ui, lambda: go(ui), press_undo)
    assert screen.tab == "cards" and screen.ids.pill.text == "yellow balloon"
    for colour in ("yellow", "green", "blue"):  # each plays a card from hand
        ui.tap(screen.ids.play_own)
        if colour == "blue":
            tab(ui, "Altitude")
            ui.tap(ui.find("low", screen.ids.ladder))
        go(ui)
    assert screen.ids.pill.text == "red balloon"

    # A card onto the blue balloon, the board naming it, a mountain, critical measures.
    tab(ui, "Cards")
    as_before(ui, lambda: ui.tap(ui.find("Bram: blue balloon", screen.ids.targets)), tap_undo)
    tab(ui, "Board")
    ui.tap(ui.find("blue", screen.ids.event_for))
    assert screen.event_target == "blue"
    as_before(ui, lambda: ui.tap(screen.ids.white), tap_undo, redo=False)
    assert screen.event_target == "blue"
    tab(ui, "Cards")
    critical = "Answer with critical measures: blue balloon"
    as_before(ui, lambda: ui.tap(ui.find(critical, screen.ids.advantage)), tap_undo, redo=False)
    tab(ui, "Luck ?")
    ui.tap(ui.find("Permission revoked", screen.ids.luck))
    held = [w.text for w in dialog(ui).ids.questions.walk(restrict=True) if hasattr(w, "active")]
    assert held == ["Permission Iraq", "Permission China"]  # only those Bram holds
    ui.tap(ui.find("Cancel", dialog(ui)))
    as_before(ui, luck("Permission revoked", "Permission Iraq"), tap_undo)

    # Across the finish line: the turn passes; undone, it comes back as it was.
    tab(ui, "Board")
    as_before(ui, lambda: ui.tap(screen.ids.finish), tap_undo)
    assert screen.ids.pill.text == "yellow balloon"


def confirmed(ui: Harness, tap: Callable[[], object]) -> str:
    """What the strip says first after `tap`."""
    tap()
    ui.step(2)
    return str(ui.screen.message_text.split("\n")[0])


@pytest.mark.one_size
def test_every_action_confirms_itself_on_the_strip(ui: Harness) -> None:
    start(ui, ("Anna", "Bram"))
    record_advantage(ui, ("Friendly winds", "Repair"), ("Permission Iraq", "Permission China"))
    screen = ui.screen
    assert screen.message_text.startswith(
        "Advantage cards · Bram holds Permission Iraq and Permission China"
    )
    ui.tap(screen.ids.play_own)
    tab(ui, "Luck ?")
    ui.tap(ui.find("Communication problems", screen.ids.luck))
    said = confirmed(ui, lambda: answer(ui, "yes"))
    assert said == "Communication problems · Anna discards Repair"
    tab(ui, "Cards")
    said = confirmed(ui, lambda: ui.tap(ui.find("Use Friendly winds", screen.ids.advantage)))
    assert said == "Friendly winds · Anna discards Friendly winds"
    assert "Use Friendly winds" not in [w.text for w in screen.ids.advantage.children]
    tab(ui, "Altitude")
    ui.tap(ui.find("low", screen.ids.ladder))
    tab(ui, "Board")
    said = confirmed(ui, lambda: ui.tap(screen.ids.finish))
    assert said == "Finish line · red balloon: finished the race"
    assert screen.ids.pill.text == "yellow balloon"
    ui.shots("balmy-said")


@pytest.mark.one_size
def test_each_balloons_name_reads_on_its_colour(tmp_path: Path) -> None:
    """Six balloons, each in its turn: the name on the balloon's colour (the pill, the
    board's choice) in the letters that read on it, at least 4.5:1."""
    names = ("Anna", "Bram", "Cas", "Dirk", "Eva", "Fenna")
    ui = Harness(tmp_path, new_game=("balmy-balloonists", names))
    try:
        _six_turns(ui)
    finally:
        ui.close()


def _six_turns(ui: Harness) -> None:
    assert ui.app.root.current == "balmy"
    record_advantage(ui, *[("Repair", "Friendly winds")] * 6)
    screen = ui.screen
    seen = []
    tab(ui, "Board")
    for _ in range(6):
        colour = screen.balloon_colour
        ground = BALLOON_HEX[colour]
        pill = screen.ids.pill
        drawn = "#" + "".join(f"{round(c * 255):02X}" for c in pill.color[:3])
        assert contrast(drawn, ground) >= 4.5, (colour, drawn)
        (choice,) = screen.ids.event_for.children
        assert choice.active and tuple(choice.bg) == theme.rgba(ground)  # never the accent
        assert contrast(choice.hex, theme.readable_on(choice.hex)) >= 4.5
        seen.append(colour)
        ui.key("space")  # GO: no card played, the table asks
        ui.key("space")  # GO again: end the turn anyway
    assert seen == ["red", "yellow", "green", "blue", "purple", "white"]
