"""Every action of every game in the players' words, as "Undone: ..." says it: a
sentence of the table's own catalog for each action type (and each token an
`adjust` corrects), in every language, never the action's type."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import files, games
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.i18n import languages, translator
from companion.ui.strings import UI
from companion.ui.tables import adapter
from tests.tables.helpers import EN, act, session

GOLDEN = Path(__file__).resolve().parents[1] / "games" / "files"


def golden_files(game: str) -> list[tuple[str, Any]]:
    """The golden game files of `game` (as each file says: `game`), without errors."""
    found = []
    for path in sorted(GOLDEN.glob("*.json")):
        if "error" in path.name or path.name.endswith(".expected.json"):
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("game") == game:
            found.append((path.name, data))
    return found


def described(game: str) -> dict[str, list[Message]]:
    """Each action of the game's golden files in words, by type, with the state
    before it as the table had it."""
    table = adapter(game)
    found: dict[str, list[Message]] = {}
    for name, data in golden_files(game):
        replayed = files.replay(data, name)
        for index, action in enumerate(replayed.log):
            said = table.describe(action, replayed.state_at(index))
            found.setdefault(action.type, []).append(said)  # type: ignore[attr-defined]
    return found


def corrections(game: str) -> list[Message]:
    """Every count a tap corrects (the adapter's own `Correction`), in words, for the
    first seat whose counts a tap opens: its name or its balloon's colour."""
    rules = games.get(game)
    try:
        played = session(game, ["Ola", "Jan"][: max(2, rules.min_players)])
    except CompanionError:  # a game that needs options (a title): its first golden file's
        name, data = golden_files(game)[0]
        played = files.replay({**data, "actions": []}, name)
    table = adapter(game)
    subjects = [*played.setup.names, *(c for c, _ in table.seat_colours(played.setup.names))]
    found = next(c for c in map(lambda s: table.correction(played, s), subjects) if c)
    return [
        table.describe(
            rules.parse_action({"type": "adjust", **found.fields, "token": c.token, "delta": -2}),
            played.state,
        )
        for c in found.counters
    ]


@pytest.mark.parametrize("game", games.game_ids())
def test_every_action_type_has_its_own_words_in_every_language(game: str) -> None:
    found = described(game)
    found["adjust"] = [*found.get("adjust", []), *corrections(game)]
    assert set(found) == set(games.get(game).actions)
    for kind, messages in found.items():
        for message in messages:
            assert message != UI("did_action"), kind
            for lang in languages():
                text = translator(lang)(message)
                assert "{" not in text, (lang, text)
                assert "_" not in text, (lang, kind, text)  # never end_turn, mail_sack...


def test_the_words_name_who_and_what() -> None:
    wyscig = session("wyscig-balonow", ["Kasia", "Jan"], untimed=["Jan"])
    before: Any = wyscig.state
    current = before.current
    act(wyscig, "start_timer")
    undone = adapter("wyscig-balonow").describe(wyscig.log[-1], before)
    expected = "Kasia's turn of the hourglass" if current == "Kasia" else "Jan's roll of the dice"
    assert EN(undone) == expected
    assert EN(UI("undone", what=EN(undone))).startswith("Undone: ")

    race = session("ballonrennen", ["Anna", "Ben"], wind_deck="table")
    before = race.state
    act(race, "release", sandbags=2)
    assert EN(adapter("ballonrennen").describe(race.log[-1], before)) == (
        "Anna's release: the balloon to altitude 2"
    )
    balmy = session("balmy-balloonists", ["Anna", "Bram"])
    before = balmy.state
    act(balmy, "play_own")
    played = adapter("balmy-balloonists").describe(balmy.log[-1], before)
    assert EN(played) == "the card played on the red balloon"
    assert translator("de")(played) != EN(played)
