"""Each registered game's setups as its golden files have them: a test that goes
through every game takes them from here, never from a list of games."""

from __future__ import annotations

import json
from pathlib import Path

from companion import games
from companion.core.model import GameSetup
from companion.files import parse, read_json

FILES = Path(__file__).parent / "files"


def golden_setups(most: int = 2) -> list[tuple[str, GameSetup]]:
    """(a name, the setup) of the first `most` golden files of each game that replay
    to a summary (not to a refusal)."""
    found: dict[str, list[GameSetup]] = {game_id: [] for game_id in games.game_ids()}
    for path in sorted(FILES.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        if "error" in expected:
            continue
        _rules, setup, _actions = parse(read_json(path), path.name)
        if len(found[setup.game]) < most:
            found[setup.game].append(setup)
    missing = [game_id for game_id, kept in found.items() if not kept]
    assert not missing, f"no golden file replays to a summary for {missing}"
    return [(f"{game}-{i}", s) for game, kept in found.items() for i, s in enumerate(kept)]
