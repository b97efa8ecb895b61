"""The games' registry names each game's module; the module is imported when its
rules are first asked for (the app's home screen needs none)."""

from __future__ import annotations

import subprocess
import sys

from companion import games


def test_each_id_gets_the_rules_of_that_id() -> None:
    assert [rules.id for rules in games.all_rules()] == games.game_ids()
    for game_id in games.game_ids():
        assert games.get(game_id).id == game_id


def test_no_games_rules_are_imported_until_asked_for() -> None:
    code = (
        "import sys; from companion import games; games.game_ids(); "
        "print(sorted(m for m in sys.modules if m.startswith('companion.games.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
