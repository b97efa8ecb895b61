"""Holding "abandon" can be undone (issue 25.8): Home says "Abandoned: <game>
(<players>)" beside Undo, which brings the game back, unfinished, with its log; later,
History's Resume on an abandoned game makes it an unfinished game again and resumes
it, its log intact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.ui.widgets import HoldTap
from tests.ui.harness import Harness
from tests.ui.test_unfinished import hold, stored_game

pytestmark = pytest.mark.one_size


def abandon_button(ui: Harness, session_id: int) -> Any:
    row = next(r for r in ui.screen.ids.games.children if r.session_id == session_id)
    return next(w for w in row.walk(restrict=True) if isinstance(w, HoldTap))


def listed(ui: Harness) -> list[int]:
    return sorted(r.session_id for r in ui.screen.ids.games.children)


def test_home_s_undo_brings_an_abandoned_game_back(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        kasia = stored_game(ui.store, ("Kasia", "Ola"), "start_timer", "mail")
        anna = stored_game(ui.store, ("Anna", "Ben"), "start_timer")
        ui.app.go_home()
        ui.step(2)
        undo = ui.screen.ids.undo_abandon
        assert ui.screen.ids.abandoned.height == 0 and undo.disabled
        hold(ui, abandon_button(ui, kasia))
        ui.step(2)
        assert listed(ui) == [anna]
        assert "Abandoned: Wyścig balonów (Kasia, Ola)" in ui.texts(ui.screen.ids.abandoned)
        assert undo.opacity == 1 and not undo.disabled
        ui.shot("25-home-abandoned-undo")
        ui.check_every_language()
        ui.tap(undo)
        assert listed(ui) == sorted([kasia, anna])
        assert ui.store.session_row(kasia).playable
        assert [a.type for a in ui.store.load_session(kasia).log] == ["start_timer", "mail"]
        assert ui.screen.ids.abandoned.height == 0  # said once: the line goes
    finally:
        ui.close()


def test_a_tap_too_short_to_abandon_says_to_hold(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        kasia = stored_game(ui.store, ("Kasia", "Ola"), "start_timer", "mail")
        ui.app.go_home()
        ui.step(2)
        button = abandon_button(ui, kasia)
        assert button.text == "Hold to abandon"
        ui.tap(button)  # a quick tap: nothing abandoned, and the button says how long
        assert listed(ui) == [kasia] and ui.screen.abandoned == 0
        assert button.text == "Hold it 1 second to abandon"
        ui.shots("home-abandon-tap")
        hold(ui, button)
        assert listed(ui) == []
    finally:
        ui.close()


def test_history_s_resume_makes_an_abandoned_game_unfinished_again(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        kasia = stored_game(ui.store, ("Kasia", "Ola"), "start_timer", "mail")
        ui.store.abandon(kasia)
        ui.app.show("history")
        ui.step(2)
        [row] = ui.screen.ids.body.children[0].ids.rows.children
        ui.tap(row)
        view = ui.screen.ids.body.children[0]
        assert view.abandoned and view.ids.resume.text == "Resume"
        ui.tap(view.ids.resume)
        ui.step(2)
        assert ui.store.session_row(kasia).playable
        assert ui.app.model is not None and ui.app.model.session_id == kasia
        assert ui.app.root.current == "wyscig"
        assert ui.log_types() == ["start_timer", "mail"]
    finally:
        ui.close()


def test_history_offers_no_resume_for_a_finished_game(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        done = stored_game(ui.store, ("Kasia", "Ola"), "start_timer")
        ui.store.record_summary(done, {"over": True, "players": [], "winners": []}, True)
        ui.app.show("history")
        ui.step(2)
        ui.screen.open_game(done)
        ui.step(2)
        view = ui.screen.ids.body.children[0]
        assert not view.abandoned and view.ids.resume.disabled and view.ids.resume.opacity == 0
    finally:
        ui.close()
