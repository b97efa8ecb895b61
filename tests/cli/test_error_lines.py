"""Error lines stay short (issue 30.9): an unknown action type's line was 384
characters, the type quoted twice and every type of the game listed. Now whatever a
game file's action holds (a long type, long or strange fields, nested values), the
`error:` line is at most 160 characters and quotes what it was given once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import files, games
from companion.core.errors import CompanionError
from companion.core.messages import shown
from companion.store import Store
from companion.store.errors import UnrestorableGameError
from tests.conftest import run_companion
from tests.games.setups import plain_options

LINE_LIMIT = 160
NAMES = ["Ola", "Jan"]
GAMES = {game_id: plain_options(game_id, NAMES) for game_id in games.game_ids()}
WIDEST_NUMBER = len(str(files.MAX_ACTIONS)) - 1  # action 1 here, action 100000 at worst


def game_file(game: str, action: object) -> dict[str, Any]:
    return {"format": 1, "game": game, "seed": 3, "players": NAMES,
            "options": GAMES[game], "actions": [action]}  # fmt: skip


def error_line(data: dict[str, Any]) -> str:
    with pytest.raises(CompanionError) as refused:
        files.replay(data)
    return f"error: {refused.value}"


def fits(line: str, *given: str) -> None:
    assert len(line) + WIDEST_NUMBER <= LINE_LIMIT, (len(line), line)
    assert "\n" not in line
    for value in given:
        if len(value) > 20:
            assert line.count(shown(value)) <= 1, line  # quoted once at most


text = st.text(st.characters(blacklist_categories=["Cs"]), min_size=0, max_size=400)
long_text = st.text(st.characters(blacklist_categories=["Cs"]), min_size=61, max_size=2000)
json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def bad_actions(draw: st.DrawFn) -> tuple[str, dict[str, Any], list[str]]:
    game = draw(st.sampled_from(sorted(GAMES)))
    rules = games.get(game)
    kind = draw(st.sampled_from(["unknown type", "unknown field", "bad field"]))
    if kind == "unknown type":
        given = draw(long_text | text)
        return game, {"type": given, **draw(st.dictionaries(text, json_value, max_size=2))}, [given]
    name = draw(st.sampled_from(sorted(rules.actions)))
    fields = list(rules.actions[name].model_fields)
    if kind == "unknown field":
        key = draw(long_text)
        return game, {"type": name, key: draw(json_value)}, [key]
    field = draw(st.sampled_from(fields))
    value = draw(json_value | long_text)
    others = {
        f: draw(json_value) for f in fields if f not in ("type", field) and draw(st.booleans())
    }
    return game, {"type": name, field: value, **others}, [v for v in [value] if isinstance(v, str)]


@settings(max_examples=400, deadline=None)
@given(bad_actions())
def test_no_bad_action_makes_a_line_longer_than_160(
    case: tuple[str, dict[str, Any], list[str]],
) -> None:
    game, action, given = case
    try:
        files.replay(game_file(game, action))
    except CompanionError as error:
        fits(f"error: {error}", *given)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("given", ["x" * 1_000_000, "dise", "e" * 59, "\x1b[2J" * 100])
def test_an_unknown_type_is_quoted_once_with_the_types_that_fit(game: str, given: str) -> None:
    line = error_line(game_file(game, {"type": given}))
    fits(line, given)
    echo = shown(given)
    assert line.startswith(f'error: action 1: unknown action type "{echo}" (this game knows: ')
    known = line.split("(this game knows: ", 1)[1].rstrip(")").split(", ")
    everything = sorted(games.get(game).actions)
    assert known == everything or (known[-1] == "…" and known[:-1] == everything[: len(known) - 1])
    assert len(known) >= 2  # at least one type to go by, however long the echo


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_known_type_s_bad_field_names_the_action_by_its_type(game: str) -> None:
    line = error_line(game_file(game, {"type": "end_turn", "z" * 500: 1}))
    fits(line, "z" * 500)
    assert line == f'error: action 1 (end_turn): unknown field "{"z" * 59}…"'


@pytest.mark.parametrize("command", ["replay", "import"])
def test_the_command_line_prints_it_in_one_short_line(tmp_path: Path, command: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_file("balmy-balloonists", {"type": "x" * 100_000})))
    done = run_companion(command, str(path), timeout=60)
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert len(line) <= LINE_LIMIT and line.count("x" * 59 + "…") == 1, (len(line), line)
    assert line.endswith("(this game knows: adjust, advantage, …)"), line


def test_a_stored_game_with_an_unknown_type_quotes_it_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "companion.db")
    session_id = store.create_session(files.parse(game_file("wyscig-balonow", {}), "x")[1])
    store.conn.execute(
        "INSERT INTO actions (session_id, seq, action) VALUES (?, 0, ?)",
        (session_id, json.dumps({"type": "q" * 300})),
    )
    with pytest.raises(UnrestorableGameError) as refused:
        store.load_session(session_id)
    said = str(refused.value)
    assert said.count("q" * 59 + "…") == 1, said
    assert said.startswith(f"Game {session_id} (Wyścig balonów) cannot be restored: action 1: ")
    store.close()
