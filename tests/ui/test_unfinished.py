"""No game stranded, whatever happens: home lists every unfinished game to resume or
to abandon with a hold (kept, and listed in History as abandoned); a new game over
unfinished ones asks first; the store's notice of a moved-aside database is shown;
a stored log that does not replay is resumed up to its last good action, and
History shows it without crashing; a full disk refuses a tap with a sentence and
play resumes once there is room."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.core.model import GameSetup, PlayerSpec
from companion.games import get
from companion.store import Store
from companion.ui import theme
from companion.ui.widgets import AskView, HoldTap
from tests.ui.harness import Harness

pytestmark = pytest.mark.one_size

WYSCIG = get("wyscig-balonow")


def stored_game(store: Store, names: tuple[str, ...], *actions: Any, game: str = "") -> int:
    """A game as the app stores it, with these actions (a type, or the whole action)."""
    rules = get(game) if game else WYSCIG
    setup = GameSetup(game=rules.id, seed=5, players=tuple(PlayerSpec(name=n) for n in names))
    session_id = store.create_session(setup)
    session = store.load_session(session_id)
    for action in actions:
        raw = {"type": action} if isinstance(action, str) else action
        session.apply(rules.parse_action(raw))
    store.record_summary(session_id, session.summary().data, session.decided)
    return session_id


def asked() -> AskView:
    return next(w for w in Window.children if isinstance(w, AskView))


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def hold(ui: Harness, button: Any) -> None:
    """A hold of a HoldTap: it fires (and its row goes) once the finger has been down
    `hold_s`, on real frames."""
    fired: list[object] = []
    button.bind(on_hold=lambda *_: fired.append(True))
    ui.hold(button, lambda: fired, "the hold to fire")


def test_every_unfinished_game_is_listed_to_resume_or_abandon(ui: Harness) -> None:
    kasia = stored_game(ui.store, ("Kasia", "Ola", "Jan"), "start_timer")
    release = {"type": "release", "sandbags": 1}
    anna = stored_game(ui.store, ("Anna", "Ben"), release, game="ballonrennen")
    ui.app.go_home()
    ui.step(2)
    rows = ui.screen.ids.games.children[::-1]
    assert [r.session_id for r in rows] == [anna, kasia]  # the last played first
    texts = ui.texts(ui.screen.ids.games)
    assert "Resume: Ballonrennen, Anna's turn" in texts
    assert any(t.startswith("Kasia, Ola, Jan · last played ") for t in texts)
    ui.shot("00-home-resume")
    ui.shots("home-unfinished")

    # A tap resumes; the game is still there, at the same place.
    ui.tap(ui.find("Resume: Ballonrennen, Anna's turn"))
    assert ui.app.root.current == "ballonrennen"
    assert ui.log_types() == ["release"]
    ui.app.go_home()
    ui.step(2)

    # A tap on Abandon is not a hold: nothing happens; a hold gives the game up.
    row = next(r for r in ui.screen.ids.games.children if r.session_id == kasia)
    button = next(w for w in row.walk(restrict=True) if isinstance(w, HoldTap))
    ui.tap(button)
    assert ui.store.session_row(kasia).abandoned is None
    hold(ui, button)
    assert ui.store.session_row(kasia).abandoned is not None
    assert [r.session_id for r in ui.screen.ids.games.children] == [anna]
    assert len(ui.store.raw_actions(kasia)) == 1  # nothing deleted

    # History lists it as abandoned, with its players.
    ui.tap(ui.find("History"))
    listing = ui.screen.ids.body.children[0]
    [row] = listing.ids.rows.children
    assert row.session_id == kasia and "Abandoned" in ui.texts(row)
    # Not in the winner's green: a game given up is said in a neutral colour.
    assert tuple(row.ids.winner.color) == theme.rgba(theme.TEXT_DIM) != theme.rgba(theme.ACCENT)
    assert "Kasia   Ola   Jan" in ui.texts(row)
    ui.shots("history-abandoned")

    # A new game while one is unfinished: said first; Back keeps the screen.
    for name in ("Dora", "Emil"):
        ui.app.store.add_player(name)
    ui.app.show("newgame")
    for name in ("Dora", "Emil"):
        ui.tap(ui.find(name, ui.screen.ids.known))
    ui.tap(ui.find("Start"))
    question = asked()
    assert question.text.startswith("Not finished yet: Ballonrennen (Anna, Ben).")
    ui.shot("23-new-game-over-unfinished")
    ui.tap(ui.find("Back", question))
    assert ui.app.root.current == "newgame" and len(ui.store.sessions()) == 2
    ui.tap(ui.find("Start"))
    ui.tap(ui.find("Start the new game", asked()))
    assert ui.app.root.current == "secret" and len(ui.store.sessions()) == 3


def test_the_moved_aside_notice_is_on_the_home_screen(tmp_path: Path) -> None:
    (tmp_path / "companion.db").write_bytes(b"this is not a database, only bytes\n" * 200)
    ui = Harness(tmp_path)
    try:
        moved = next(tmp_path.glob("companion.db.broken-*"))
        notice = ui.screen.ids.notice
        assert notice.opacity == 1 and moved.name in notice.text
        assert notice.text == ui.app.tr(ui.store.notice_message)
        ui.shots("home-notice")
    finally:
        ui.close()


def broken_game(store: Store) -> int:
    """What two apps on one database once wrote: each turned the hourglass."""
    session_id = store.create_session(
        GameSetup(game=WYSCIG.id, seed=5, players=tuple(PlayerSpec(name=n) for n in "AB"))
    )
    for kind in ("start_timer", "mail", "start_timer", "end_turn"):
        store.append_action(session_id, WYSCIG.parse_action({"type": kind}))
    return session_id


def test_a_game_that_does_not_replay_resumes_up_to_its_last_good_action(ui: Harness) -> None:
    broken = broken_game(ui.store)
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.screen.ids.games.children[0].children[-1])  # Resume
    question = asked()
    assert question.text == (
        f"Game {broken} (Wyścig balonów) cannot be restored: action 3 (start_timer): "
        "The hourglass was already turned this turn"
    )
    ui.shot("24-resume-up-to")
    ui.tap(ui.find("Resume up to action 2", question))
    assert ui.app.root.current == "wyscig"
    assert ui.log_types() == ["start_timer", "mail"]
    assert len(ui.store.raw_actions(broken, include_undone=True)) == 4  # kept, marked


def test_history_shows_a_game_that_does_not_replay(ui: Harness) -> None:
    broken = broken_game(ui.store)
    ui.store.conn.execute(
        "UPDATE sessions SET finished = '2025-03-14T21:30:00.000Z' WHERE id = ?", (broken,)
    )
    ui.tap(ui.find("History"))
    ui.tap(ui.screen.ids.body.children[0].ids.rows.children[0])
    view = ui.screen.ids.body.children[0]
    assert len(view.ids.log.children) == 2  # up to the last good action
    assert view.notice_is_error
    assert "action 3 (start_timer)" in ui.app.tr(view.notice)
    ui.shots("history-unrestorable")


def test_a_full_disk_refuses_the_tap_and_play_resumes(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        screen = ui.screen
        conn: sqlite3.Connection = ui.store.conn
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")  # no room to grow: the disk is full
        model = ui.app.model
        for _ in range(2000):  # until a write needs a page more than there is
            if not model.act("penalty", count=1):
                break
        ui.tap(screen.ids.penalty)  # the tap after the disk filled up
        assert screen.message_text == "The disk is full: this action was not saved"
        kept = ui.log_types()
        assert len(ui.store.raw_actions(ui.app.model.session_id)) == len(kept)
        ui.shot("25-disk-full")
        ui.key("u")  # an undo only marks a row: it still fits, and says what it undid
        current = ui.app.model.summary["current"]
        assert screen.message_text == f"Undone: {current}'s penalty tokens (+1)"
        assert ui.app.root.current == "wyscig" and ui.log_types() == kept[:-1]
        conn.execute(f"PRAGMA max_page_count = {pages + 1000}")  # room again
        ui.tap(screen.ids.penalty)
        assert not screen.message_is_error and ui.log_types()[-1] == "penalty"
        stored = ui.store.raw_actions(ui.app.model.session_id)
        assert [a["type"] for a in stored] == ui.log_types()
    finally:
        ui.close()
