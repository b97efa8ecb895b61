"""What the app shows of an any-game with a score sheet, a delay or an increment (the
last two not yet offered by the new-game screen; such a game comes in by `companion
import`):
History lists it with each player's points and tells its log in words, the score
screen's table ranks it, BG Stats gets the sums, and the new-game options pass such
a game's options through unharmed: a game played before gives back what the screen
offers, and options the screen will offer (0 to 600 seconds, a list of `{id, name}`)
go through `recalled` and `chosen` as the game file holds them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion import files
from companion.core.model import PlayerSpec
from companion.games import any_game as ag
from companion.store import Store
from companion.ui.screens import history_data
from companion.ui.tables import adapter
from companion.ui.tables.any_game.adapter import OPTIONS
from companion.ui.tables.base.options import OptionField, chosen, recalled
from tests.tables.helpers import EN

TABLE = adapter("any-game")
FILES = Path(__file__).resolve().parent.parent / "games" / "files"


def golden(stem: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((FILES / f"{stem}.json").read_text(encoding="utf-8"))
    return found


def test_history_lists_a_score_sheet_game_and_tells_its_log(tmp_path: Path) -> None:
    store = Store(tmp_path / "companion.db")
    session_id = store.import_session(files.replay(golden("any-game-sheet")))
    (entry,) = history_data.entries(store)
    assert (entry.id, entry.name, entry.winners) == (session_id, "Carcassonne", ("Ewa",))
    assert entry.players == (("Ola", 22, 2), ("Jan", 22, 2), ("Ewa", 27, 1), ("Bo", 60, 4))
    assert [EN(p) for p in history_data.score_parts(entry)] == [
        "Ola 22",
        "Jan 22",
        "Ewa 27",
        "Bo 60",
    ]
    lines, problem = history_data.log_lines(store, session_id)
    assert problem is None and len(lines) == 7
    assert EN(lines[5].what) == "the points of every player"
    store.close()


def test_the_score_screens_table_and_bg_stats_take_the_sums(tmp_path: Path) -> None:
    session = files.replay(golden("any-game-sheet"))
    table = TABLE.scoring.table(session.summary().data)
    assert table.rows == (
        ("Ola", "2.", "22"),
        ("Jan", "2.", "22"),
        ("Ewa", "1.", "27"),
        ("Bo", "4.", "60"),
    )
    assert TABLE.scoring.sheet(session) is None  # over: nothing left to type
    played = TABLE.played_game(session)
    assert (played.name, played.highest_wins, played.no_points) == ("Carcassonne", True, False)


def test_an_unfinished_score_sheet_game_is_typed_as_a_map_a_player() -> None:
    """A game with categories ends on the sheet's own screen (issue 34.2): a number
    for each player in each line, sent as a map a player naming every line, which the
    rules take; the numbers sent come back as typed when the end is undone."""
    data = golden("any-game-sheet")
    data["actions"] = data["actions"][:5]
    session = files.replay(data)
    sheet = TABLE.scoring.sheet(session)
    assert sheet is not None and sheet.screen == "sheet"
    lines = [c.key for c in sheet.categories]
    typed = {key: 1 for key in sheet.keys}
    send = sheet.send(typed)
    assert send.fields["points"] == {r.key: dict.fromkeys(lines, 1) for r in sheet.rows}
    action = session.rules.parse_action({"type": send.type, **send.fields})
    assert session.refusal(action) is None
    session.apply(action)
    session.undo()
    assert sheet.typed_before(session.undone) == dict.fromkeys(sheet.keys, "1")


def test_a_game_played_before_with_them_gives_back_what_the_screen_offers() -> None:
    stored = {
        **golden("any-game-bank-increment-delay")["options"],
        "categories": [{"id": "roads", "name": "Roads"}],
    }
    options, app_options = chosen(OPTIONS, recalled(OPTIONS, stored))
    # The chess clock's start is the app's (issue 31.9), never the game file's.
    assert (options["clock"], options["bank_seconds"]) == ("bank", 300)
    assert app_options == {"bank_start": "at_once"} and "bank_start" not in options
    assert (options["increment_seconds"], options["delay_seconds"]) == (10, 5)  # issue 33.1
    assert options["categories"] == [{"id": "roads", "name": "Roads"}]  # the sheet's lines
    ag.RULES.parse_options(options, [PlayerSpec(name="Ola"), PlayerSpec(name="Jan")])


# The fields the new-game screen will give them (kind and limits as the contract's).
INCREMENT = OptionField(
    "increment_seconds", "o_inc", "seconds", 0, step=5, maximum=600, when=("clock", ("bank",))
)
DELAY = OptionField(
    "delay_seconds", "o_delay", "seconds", 0, step=5, maximum=600, when=("clock", ("bank",))
)
CATEGORIES = OptionField("categories", "o_cat", "counters", (), maximum=ag.CATEGORIES_MOST)


def test_options_the_screen_will_offer_pass_through_unharmed() -> None:
    fields = (*OPTIONS, INCREMENT, DELAY, CATEGORIES)
    stored = {
        "title": "Carcassonne",
        "clock": "bank",
        "bank_seconds": 600,
        "increment_seconds": 0,
        "delay_seconds": 600,
        "scoring": "high",
        "counters": [],
        "categories": [{"id": "roads", "name": "Roads"}, {"id": "farms", "name": "Farms"}],
    }
    screen = recalled(fields, stored)
    options, _app = chosen(fields, screen)
    assert options == stored
    parsed = ag.RULES.parse_options(options, [PlayerSpec(name="Ola")])
    assert (parsed.increment, parsed.delay, len(parsed.categories)) == (0, 600, 2)
    untimed, _app = chosen(fields, {**screen, "clock": "none"})
    assert "increment_seconds" not in untimed and "delay_seconds" not in untimed
    ag.RULES.parse_options(untimed, [PlayerSpec(name="Ola")])  # no bank, no bank options
