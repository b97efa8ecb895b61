"""The language changed after every kind of screen was shown and left (issue 35.2).

A widget that leaves the screen (a released screen, the rows of a list built again, a
closed dialog) keeps its kv rules bound to the app's `lang` until Python's cycle
collector frees it, at a moment nobody chooses. Kivy's rule holds its widget only
weakly while it runs: a collection that starts inside the rule (its own allocations
start one) frees the widget halfway, and the rule's last step raises `ReferenceError`
out of `set_language`, which ends the app. Here that collection is made to happen
where it may: at the first rule of a widget that left, whenever the collector is on.
"""

from __future__ import annotations

import builtins
import gc
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import kivy.lang.builder
import pytest
from kivy.core.window import Window

from companion.i18n import languages
from companion.ui import navigator
from companion.ui.screens.text import S
from tests.ui.harness import Harness
from tests.ui.test_abandon_undo import abandon_button
from tests.ui.test_first import OPENED
from tests.ui.test_unfinished import hold, stored_game

pytestmark = pytest.mark.one_size


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    # The navigator collects 0.3 s after a screen is released: here the released
    # screens wait, as they do on a busy Pi, for a collection that comes when it comes.
    monkeypatch.setattr(navigator, "TRIM_AFTER_S", 3600.0)
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    harness = Harness(tmp_path)
    harness.app.config_path = tmp_path / "config" / "config.toml"
    yield harness
    harness.close()


def uids(root: Any) -> set[int]:
    return {widget.uid for widget in root.walk(restrict=True)}


@contextmanager
def collection_inside_rules(left: set[int]) -> Iterator[list[int]]:
    """While it lasts, the first kv rule that runs for one of the widgets `left` gets a
    full collection in its middle, if the collector is on (only then does one start by
    itself). Yields the widgets it happened to."""
    hit: list[int] = []

    def evaluate(code: Any, idmap: dict[str, Any]) -> Any:
        widget = idmap.get("self")
        uid = getattr(widget, "uid", None)
        if not hit and uid in left and gc.isenabled():
            hit.append(uid)
            gc.collect()
        return builtins.eval(code, idmap)

    # Kivy's `call_fn` evaluates each rule with the name `eval`, looked up in its module.
    kivy.lang.builder.eval = evaluate  # type: ignore[attr-defined]
    try:
        yield hit
    finally:
        del kivy.lang.builder.eval  # type: ignore[attr-defined]


def every_language(ui: Harness, left: set[int], says: Callable[[], str]) -> None:
    """Each language in turn while the widgets `left` wait for the collector: nothing
    raises, and the screen shown speaks the new language at once."""
    for lang in [*languages()[1:], languages()[0]]:
        with collection_inside_rules(left):
            ui.app.set_language(lang)
        ui.step(2)
        assert ui.app.lang == lang
        assert says() in ui.texts(), (lang, says(), ui.texts())


def freed(ui: Harness, ref: weakref.ref[Any], what: str) -> None:
    def gone() -> bool:
        gc.collect()
        return ref() is None

    ui.wait(gone, what)


@pytest.mark.parametrize("name", list(OPENED))
def test_the_language_changes_after_a_screen_was_left(ui: Harness, name: str) -> None:
    how, _texts = OPENED[name]
    how(ui)
    ui.step(3)
    shown = ui.screen
    left, ref = uids(shown), weakref.ref(shown)
    del shown
    back = "history" if name == "home" else "home"
    ui.app.show(back)
    ui.step(3)  # released: out of the screen manager, not collected yet
    assert not ui.app.manager.has_screen(name.split()[0])
    heading = S("history_title") if back == "history" else None
    every_language(
        ui, left, lambda: ui.app.tr(heading) if heading is not None else ui.app.t("new_game")
    )
    freed(ui, ref, f"the {name} screen to be freed")  # nothing long-lived holds it


def test_the_language_changes_after_home_s_list_was_built_again(ui: Harness) -> None:
    kasia = stored_game(ui.store, ("Kasia", "Ola"), "start_timer", "mail")
    stored_game(ui.store, ("Anna", "Ben"), "start_timer")
    ui.app.go_home()
    ui.step(2)
    left = uids(ui.screen.ids.games)
    hold(ui, abandon_button(ui, kasia))  # the list is built again without it
    ui.step(2)
    left -= uids(ui.screen.ids.games)
    every_language(ui, left, lambda: ui.app.t("undo"))


def test_the_language_changes_after_a_dialog_was_closed(ui: Harness) -> None:
    """The menu's list of languages, picked from twice: the first list is closed (and
    the menu with it) when the second changes the language."""
    ui.app.open_menu()
    ui.step(2)
    ui.tap(ui.app.menu.ids.language)
    first = Window.children[0]
    left = uids(first)
    ui.tap(ui.find("Polski", first))
    assert ui.app.lang == "pl" and first.parent is None
    del first
    ui.app.open_menu()
    ui.step(2)
    ui.tap(ui.app.menu.ids.language)
    second = Window.children[0]
    with collection_inside_rules(left):
        second.pick("de")  # what a tap on "Deutsch" does
    ui.step(2)
    assert ui.app.lang == "de" and second.parent is None
    assert ui.app.t("new_game") in ui.texts()
    ui.app.set_language("en")


def test_the_status_line_changes_after_a_table_was_left(ui: Harness) -> None:
    """The status line is read by every screen's rules too: a flood counted just after
    the table was left is said on home, the table's rules waiting for the collector."""
    OPENED["wyscig"][0](ui)
    ui.step(3)
    left = uids(ui.screen)
    ui.app.show("home")
    ui.step(3)
    ui.devices.dropped += 3
    with collection_inside_rules(left):
        ui.app.frames.check_status()
    ui.step(2)
    assert any("Device events skipped in a flood: 3" in t for t in ui.texts())
