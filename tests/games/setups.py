"""Each registered game's setups as its golden files have them: a test that goes
through every game takes them from here, never from a list of games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from companion import games
from companion.core.errors import CompanionError
from companion.core.model import GameSetup, PlayerSpec
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


def plain_options(game_id: str, names: Sequence[str]) -> dict[str, Any]:
    """Options a game file of `game_id` for `names` may give: none when the rules have
    a default for each, else (an option without one: a title) its first golden
    file's."""
    players = [PlayerSpec(name=name) for name in names]
    try:
        games.get(game_id).parse_options({}, players)
    except CompanionError:
        return dict(_first_setups()[game_id].options)
    return {}


@cache
def _first_setups() -> dict[str, GameSetup]:
    return {setup.game: setup for _name, setup in golden_setups(most=1)}
