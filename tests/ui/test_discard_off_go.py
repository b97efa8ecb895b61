"""No button that discards anything sits where a table's GO is (issue 25.1): a finger
aimed at GO when a view opened over the table by itself must not wipe what was
entered. For every table, every dialog and sheet that can be over it (the skeleton's
questions, confirmation, correction and dice dialogs, the table's own, the menu and
its language list), open in the window: no Cancel, Clear, Abandon or Delete
button meets GO's rectangle. Run at 800x480 here and at 1280x720 by test_sizes.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior

from companion import games
from companion.ui.strings import UI
from companion.ui.tables.base.dialogs import Question, Questions, TableDialog
from tests.ui.harness import Harness

# What drops what was entered or a game. The menu's "Hold to quit" is none of them: the
# game is kept and comes back, and only a hold of 1.5 s quits.
DISCARD = re.compile(r"\b(cancel|clear|abandon|delete|discard|remove)\b", re.IGNORECASE)
Box = tuple[float, float, float, float]
OPTIONS = {"any-game": {"title": "Carcassonne"}}  # its options with no default


def box(widget: Any) -> Box:
    x, y = widget.to_window(*widget.pos)
    return float(x), float(y), float(x + widget.width), float(y + widget.height)


def meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def discard_buttons(view: Any) -> Iterator[Any]:
    for widget in view.walk(restrict=True):
        if isinstance(widget, ButtonBehavior) and DISCARD.search(str(getattr(widget, "text", ""))):
            yield widget


def subject(ui: Harness) -> str:
    """A player (or a balloon) whose counts the table corrects."""
    model = ui.app.model
    names = [p["name"] for p in model.summary["players"]]
    colours = [c for c, _ in model.adapter.seat_colours(names)]
    return next(s for s in names + colours if model.adapter.correction(model.session, s))


def openers(ui: Harness) -> dict[str, Any]:
    """How each view that can be over this table is opened."""
    screen, model = ui.screen, ui.app.model
    question = Question("how", "", [(1, "1"), (2, "2")], default=1)
    found: dict[str, Any] = {
        "questions": lambda: screen.dialogs.ask(
            Questions("A question", [question], "OK", lambda _: None, lambda: None)
        ),
        "confirm": lambda: setattr(model, "confirm_end", [UI("nothing_paused")]),
        "correction": lambda: screen.open_correction(subject(ui)),
        "menu": ui.app.open_menu,
    }
    if model.adapter.dice:
        found["dice"] = screen.open_dice
    if hasattr(screen, "_open_order"):  # Wyścig's own: the order cards, the dice not placed
        found["order"] = screen._open_order
        found["unplaced"] = lambda: screen._unplaced.open()
    return found


def over(ui: Harness) -> list[Any]:
    return [w for w in Window.children if w is not ui.app.root]


@pytest.mark.parametrize("game", games.game_ids())
def test_no_discarding_button_of_any_view_over_a_table_meets_go(tmp_path: Path, game: str) -> None:
    if game in OPTIONS:  # a game that needs options is started as the new game does
        ui = Harness(tmp_path)
        ui.app.games.start_game(game, ["Kasia", "Ola", "Jan"], OPTIONS[game], reveal=False)
        ui.step(3)
    else:
        ui = Harness(tmp_path, new_game=(game, ["Kasia", "Ola", "Jan"]))
    try:
        if ui.app.root.current == "secret":
            ui.pass_secret()
        for view in over(ui):  # the table's first question (Wyścig's order): checked below
            view.dismiss()
        ui.step(2)
        go = box(ui.screen.ids.go)
        seen: set[type] = set()
        found = []
        for name, open_it in openers(ui).items():
            open_it()
            ui.step(3)
            views = over(ui)
            assert views, f"{game}: the {name} view did not open"
            if name == "menu":  # and its language list, opened from it
                ui.app.menu.ids.language.dispatch("on_release")
                ui.step(2)
                views = over(ui)
            for view in views:
                seen.add(type(view))
                found += [
                    f"{name}: {type(view).__name__} {w.text!r} {box(w)} meets GO {go}"
                    for w in discard_buttons(view)
                    if meet(box(w), go)
                ]
                view.dismiss()
            if name == "confirm":
                ui.app.model.confirm_end = []
            ui.step(2)
        assert found == [], f"{game} at {Window.size}:\n" + "\n".join(found)
        shown = {c.__name__ for c in seen}
        assert shown >= {"QuestionsDialog", "ConfirmDialog", "CorrectionDialog", "MenuView"}
        # Every kind of dialog a table has was among them (a new one must be added here).
        tables = {c for c in every_subclass(TableDialog) if c.__module__.startswith("companion.")}
        mine = {
            c for c in tables if c.__module__.split(".")[3] in ("base", games.entry(game).table)
        }
        left = {c.__name__ for c in mine - seen} - {"TableDialog"}
        if not ui.app.model.adapter.dice:
            left.discard("DiceDialog")
        assert left == set(), f"{game}: not opened"
    finally:
        ui.close()


def every_subclass(cls: type) -> set[type]:
    found: set[type] = set()
    for sub in cls.__subclasses__():
        found |= {sub} | every_subclass(sub)
    return found
