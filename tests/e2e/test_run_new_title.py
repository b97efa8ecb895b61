"""`companion run --new any-game --players A,B --title T` (issue 31.10): the game
opens at its table under its title, in a real X server; without `--title` it is one
`error:` line that names `--title` (it named `--players` and said "title: field
required"), and a title given to a game that has none names `--title` too."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import run_companion
from tests.e2e.test_run_resume import App, app_env, display, pytestmark

__all__ = ["display", "pytestmark"]  # the X server fixture and its skip, shared


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (
            ("--new", "any-game", "--players", "Ola,Jan"),
            "error: --new any-game needs --title TEXT: the title of the board game played",
        ),
        (
            ("--new", "any-game", "--players", "Ola,Jan", "--title", " "),
            "error: --title: title: 1 to 60 characters, 0 given",
        ),
        (
            ("--new", "wyscig-balonow", "--players", "Ola,Jan", "--title", "Go"),
            "error: --title: Wyścig balonów has no title (it is what it is called)",
        ),
        (("--players", "Ola,Jan", "--title", "Go"), "error: --players goes with --new GAME"),
        (("--title", "Go"), "error: --title goes with --new GAME"),
        (
            ("--new", "any-game", "--players", "Ola,Ola", "--title", "Go"),
            'error: --players: "Ola" is seated twice; names must be unique',
        ),
    ],
)
def test_what_run_new_refuses_names_its_argument(args: tuple[str, ...], sentence: str) -> None:
    done = run_companion("run", "--simulate", *args, env={"KIVY_NO_ARGS": "1"})
    assert (done.returncode, done.stderr.strip().splitlines()[-1]) == (2, sentence), done.stderr


def test_an_any_game_starts_at_its_table_under_its_title(display: str, tmp_path: Path) -> None:
    env, data = app_env(tmp_path)
    app = App(display, env, "--new", "any-game", "--players", "Ola,Jan", "--title", "Carcassonne")
    try:
        assert app.screen == "any_game"
    finally:
        app.kill()
    with sqlite3.connect(data / "companion.db") as conn:
        players, options = conn.execute("SELECT players, options FROM sessions").fetchone()
    assert json.loads(options) == {"title": "Carcassonne"}
    assert [p if isinstance(p, str) else p["name"] for p in json.loads(players)] == ["Ola", "Jan"]
