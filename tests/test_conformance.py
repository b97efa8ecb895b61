"""The add-a-game contract, checked for every game the registry holds (issue 32.3):
what docs/architecture.md's "add a game" asks of a new game, each rule one test here,
so that a game that breaks one is told which and why. Nothing here names a game.

- its rules: `RULES` with every action a model, `legal` answering (what may be done);
- its golden files (tests/games/files) use every action type it has, and replay;
- an undo restores the table: the state, the summary, what may be done, the prompts;
- its table: the adapter its descriptor names (its `game_id`), words of its own for
  every action in every language (tests/tables/test_words.py says them), a `SCREEN`,
  and a kv file that places the skeleton's shared column once (the strip, GO, Undo,
  Pause: `tables/base/column.py`), nothing of its own in their stead;
- its layout at both sizes in five languages: tests/ui/test_conformance_layout.py
  (the UI suite runs again at 1280x720: tests/ui/test_sizes.py).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from companion import games
from companion.core.session import Session
from companion.ui.tables import adapter
from companion.ui.tables.base.column import PARTS
from tests.games.setups import FILES, golden_setups

ROOT = Path(__file__).resolve().parent.parent
GAMES = [game.id for game in games.GAMES]


def golden_logs(game_id: str) -> list[tuple[str, list[Any]]]:
    """(file name, its actions) of each golden file of `game_id` that replays whole."""
    found = []
    for path in sorted(FILES.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("game") == game_id and "error" not in expected:
            found.append((path.name, data["actions"]))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_its_golden_files_use_every_action_type(game_id: str) -> None:
    used = {raw["type"] for _, actions in golden_logs(game_id) for raw in actions}
    missing = sorted(set(games.get(game_id).actions) - used)
    assert not missing, f"{game_id}: no golden file has {missing} (tests/games/files)"


@pytest.mark.parametrize(("name", "setup"), golden_setups(most=1))
def test_its_rules_are_registered_and_answer_what_may_be_done(name: str, setup: Any) -> None:
    rules = games.get(setup.game)
    assert rules.id == setup.game
    legal = Session(rules, setup).legal()
    assert legal.types - {"adjust"}, f"{name}: nothing but corrections may be done at the start"
    assert all(rules.refusal(legal.state, action) is None for action in legal.actions)


SETUPS = golden_setups()


@pytest.mark.parametrize(("name", "setup"), SETUPS, ids=[name for name, _ in SETUPS])
def test_an_undo_restores_the_table(name: str, setup: Any) -> None:
    """Played from what the rules call legal: after each action and its undo, the state,
    the summary, what may be done and the prompts are as they were."""
    session = Session(games.get(setup.game), setup)
    pick = random.Random(5)
    for _ in range(40):
        if session.decided:
            break
        before = shown(session)
        session.apply(pick.choice(session.legal().actions))
        session.undo()
        assert shown(session) == before, name
        session.redo()


def shown(session: Session[Any]) -> tuple[object, ...]:
    legal = session.legal()
    return session.state, session.summary().data, legal.types, session.prompts()


@pytest.mark.parametrize("game", games.GAMES, ids=GAMES)
def test_its_table_is_the_one_its_descriptor_names(game: games.Game) -> None:
    table = adapter(game.id)
    assert table.game_id == game.id
    assert table.screen == game.screen
    package = ROOT.joinpath(*game.table_package.split("."))
    source = (package / "screen.py").read_text(encoding="utf-8")
    assert re.search(r"^SCREEN = \w+", source, re.MULTILINE), f"{game.id}: no SCREEN"


@pytest.mark.parametrize("game", games.GAMES, ids=GAMES)
def test_its_kv_places_the_shared_column(game: games.Game) -> None:
    kv = ROOT.joinpath(*game.table_package.split(".")) / f"{game.table}.kv"
    assert column_placed(kv.read_text(encoding="utf-8")) == [], kv.relative_to(ROOT)


def column_placed(text: str) -> list[str]:
    """What a table's kv gets wrong about the skeleton's column: each part placed once
    (not a button of its own with the skeleton's id), pressing and showing what the
    skeleton hands it (nothing of its own)."""
    wrong = []
    for key, part in PARTS.items():
        placed = re.findall(rf"^(\s+){part.__name__}:\s*$", text, re.MULTILINE)
        if len(placed) != 1:
            wrong.append(f"{part.__name__} placed {len(placed)} times, not once")
        if re.search(rf"^\s+id: {key}\s*$", text, re.MULTILINE):
            wrong.append(f"id: {key} of its own (the skeleton's {part.__name__} has it)")
    return wrong


@pytest.mark.parametrize(
    ("kv", "wrong"),
    [
        ("    TableGo:\n    TableUndo:\n    TablePause:\n", ["TableStrip placed 0 times"]),
        ("    TableStrip:\n    TableStrip:\n", ["TableStrip placed 2 times"]),
        ("    Tap:\n        id: go\n", ["id: go of its own"]),
    ],
)
def test_a_kv_without_the_column_is_told_so(kv: str, wrong: list[str]) -> None:
    said = column_placed(kv)
    assert all(any(said_line.startswith(w) for said_line in said) for w in wrong), said
