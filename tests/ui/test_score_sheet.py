"""The score sheet on the real window (issue 34.2): a game with categories ends on a
grid of its categories by its players; a tap on a box opens the number pad (below
zero too), each player's total and place follow what is typed, any box can be
changed before Done, which sends the sheet; an undo from the results brings the
sheet back as it was sent, and a visit to the table loses nothing. Twelve lines
scroll, and the scroll bar says so. A game imported unfinished ends the same way."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import files
from companion.ui.screens import bgstats
from companion.ui.shortnames import short_forms
from companion.ui.tables.base.scoring import cell
from tests.ui.any_game_steps import end_game
from tests.ui.harness import Harness
from tests.ui.test_scroll_signs import says_there_is_more

WONDERS = (
    ("military", "Military"),
    ("coins", "Coins"),
    ("wonder", "Wonder"),
    ("civilian", "Civilian"),
    ("science", "Science"),
    ("commerce", "Commerce"),
    ("guilds", "Guilds"),
)


def options(categories: tuple[tuple[str, str], ...], title: str = "7 Wonders") -> dict[str, Any]:
    return {
        "title": title,
        "scoring": "high",
        "categories": [{"id": i, "name": n} for i, n in categories],
    }


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def start(ui: Harness, names: tuple[str, ...], categories: tuple[tuple[str, str], ...]) -> None:
    for name in names:
        ui.app.store.add_player(name)
    ui.app.games.start_game("any-game", list(names), options(categories), reveal=False)
    ui.step(3)
    assert ui.app.root.current == "any_game"
    end_game(ui)
    assert ui.app.root.current == "sheet"


def box(ui: Harness, player: str, category: str) -> Any:
    key = cell(player, category)
    return next(b for b in ui.screen.ids.cells.children if getattr(b, "key", "") == key)


def type_in(ui: Harness, player: str, category: str, keys: str) -> None:
    ui.tap(box(ui, player, category))
    for key in keys:
        ui.tap(ui.find("+/-" if key == "-" else key, ui.screen.ids.pad))


def totals(ui: Harness) -> list[str]:
    """The totals' line and the places' line, as shown (without their names)."""
    texts = [w.text for w in ui.screen.ids.totals.children[::-1]]
    width = len(texts) // 2
    return texts[1:width] + texts[width + 1 :]


def test_a_sheet_typed_changed_sent_and_brought_back_by_undo(ui: Harness) -> None:
    start(ui, ("Ola", "Jan", "Ewa"), WONDERS[:3])
    screen = ui.screen
    assert not screen.selected and screen.ids.pad.disabled  # the pad opens on a tap
    ui.shots("score-sheet-empty")
    type_in(ui, "Ola", "military", "5")
    assert not screen.ids.pad.disabled and screen.typing == "Ola: Military"
    assert totals(ui) == ["5", "0", "0", "1.", "2.", "2."]
    ui.tap(ui.find("Next", screen))  # Jan's box in the same line
    ui.tap(ui.find("3", screen.ids.pad))
    ui.tap(ui.find("Next", screen))
    for key in "-2":
        ui.tap(ui.find("+/-" if key == "-" else key, screen.ids.pad))
    type_in(ui, "Ola", "coins", "4")
    type_in(ui, "Jan", "coins", "6")
    type_in(ui, "Ewa", "coins", "12")
    assert totals(ui) == ["9", "9", "10", "2.", "2.", "1."]
    ui.tap(ui.find("Show the results"))  # the wonders are still empty
    assert ui.app.root.current == "sheet" and screen.selected == cell("Ola", "wonder")
    assert screen.error is not None
    for name, points in (("Ola", "7"), ("Jan", "3"), ("Ewa", "0")):
        type_in(ui, name, "wonder", points)
    type_in(ui, "Jan", "military", "10")  # changed: a digit starts the box anew
    assert box(ui, "Jan", "military").text == "10"
    assert totals(ui) == ["16", "19", "10", "2.", "1.", "3."]
    ui.shots("score-sheet")
    ui.tap(ui.find("Show the results"))
    assert ui.app.root.current == "results"
    summary = ui.app.model.session.summary().data
    assert [(p["name"], p["score"], p["rank"]) for p in summary["players"]] == [
        ("Ola", 16, 2),
        ("Jan", 19, 1),
        ("Ewa", 10, 3),
    ]
    assert summary["players"][2]["sheet"] == {"military": -2, "coins": 12, "wonder": 0}
    play = bgstats.decode(ui.screen.link)  # BG Stats gets each player's total
    assert {p["name"]: p["score"] for p in play["players"]} == {"Ola": 16, "Jan": 19, "Ewa": 10}

    ui.key("u")  # undone from the results: the sheet as it was sent
    assert ui.app.root.current == "sheet"
    assert box(ui, "Ewa", "military").text == "-2" and box(ui, "Jan", "military").text == "10"
    assert totals(ui) == ["16", "19", "10", "2.", "1.", "3."]
    type_in(ui, "Ewa", "wonder", "9")
    ui.key("space")  # GO sends it
    assert ui.app.root.current == "results"
    assert ui.app.model.session.summary().data["players"][2]["score"] == 19


@pytest.mark.one_size
def test_a_visit_to_the_table_keeps_what_was_typed(ui: Harness) -> None:
    start(ui, ("Ola", "Jan"), WONDERS[:2])
    type_in(ui, "Ola", "military", "5")
    type_in(ui, "Jan", "coins", "-3")
    ui.tap(ui.find("Back"))
    assert ui.app.root.current == "any_game" and ui.log_types() == []
    end_game(ui)
    assert box(ui, "Ola", "military").text == "5" and box(ui, "Jan", "coins").text == "-3"


def test_twelve_lines_and_eight_players_scroll_and_say_so(ui: Harness) -> None:
    twelve = (*WONDERS, *((f"c{i}", f"Extra {i}") for i in range(5)))
    eight = ("Ola", "Jan", "Ewa", "Bartek", "Małgosia", "Zofia", "Piotr", "Kuba")
    start(ui, eight, twelve)
    view = ui.screen.ids.scroll
    says_there_is_more(ui, view)
    ui.screen.ids.scroll.scroll_to(box(ui, "Kuba", "guilds"), animate=False)
    ui.step(2)
    type_in(ui, "Kuba", "guilds", "8")
    ui.tap(ui.find("Next", ui.screen))  # on to the next line, below: scrolled to it
    assert ui.screen.selected == cell("Ola", "c0")
    ui.step(2)
    view_top = view.to_window(*view.pos)[1] + view.height
    shown = box(ui, "Ola", "c0")
    assert view.to_window(*view.pos)[1] <= shown.to_window(*shown.pos)[1]
    assert shown.to_window(*shown.pos)[1] + shown.height <= view_top + 0.5
    ui.shots("score-sheet-twelve")


@pytest.mark.one_size
def test_a_game_imported_unfinished_ends_on_its_sheet(ui: Harness, tmp_path: Path) -> None:
    game = {
        "format": 1,
        "game": "any-game",
        "seed": 3,
        "players": [{"name": "Ola"}, {"name": "Jan"}],
        "options": options(WONDERS[:2], "Wingspan"),
        "actions": [{"type": "end_turn"}],
    }
    path = tmp_path / "wingspan.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    session_id = ui.app.store.import_session(files.replay_path(path))
    ui.app.games.open_session(session_id)
    ui.step(3)
    assert ui.app.root.current == "any_game"
    end_game(ui)
    assert ui.app.root.current == "sheet"
    for name, points in (("Ola", "3"), ("Jan", "4")):
        type_in(ui, name, "military", points)
        type_in(ui, name, "coins", "1")
    ui.tap(ui.find("Show the results"))
    assert ui.app.root.current == "results"
    players = ui.app.model.session.summary().data["players"]
    assert [(p["score"], p["rank"]) for p in players] == [(4, 2), (5, 1)]


LONG_NAMES = (
    "Małgorzata Brzęczyszczyk",  # 24 characters, the longest a name may be
    "Ola",
    "Anna-Katharina Schneider",
    "Maximilianalexanderhumbo",  # one word of 24 letters
    "Zoë van der Meer-Bakker",
    "Björn Ingemarsson-Lind",
    "Sébastien Dupont-Aignan",
    "Jan-Erik Øvergaard",
)


@pytest.mark.parametrize("seats", [3, 5, 8])
def test_long_names_are_shortened_in_their_column_and_named_in_full_over_the_pad(
    ui: Harness, seats: int
) -> None:
    names = LONG_NAMES[:seats]
    start(ui, names, WONDERS[:3])
    ui.step(2)
    heads = {h.player: h for h in ui.screen.ids.heads.children if hasattr(h, "player")}
    assert set(heads) == set(names)
    assert not heads["Ola"].shortened  # a name the column holds is shown whole
    assert any(h.shortened for h in heads.values())  # 24 letters never fit 88 px
    for name, head in heads.items():  # a form of the player's own name, never cut
        assert head.text in list(short_forms(name)), (name, head.text)
    ui.shots(f"score-sheet-long-names-{seats}")  # every head shows all it says
    type_in(ui, names[0], "coins", "3")
    for name in names[1:]:  # Next: the next player's box in the line, named in full
        ui.tap(ui.find("Next", ui.screen))
        assert ui.screen.typing == f"{name}: Coins"
        ui.tap(ui.find("3", ui.screen.ids.pad))
    assert totals(ui)[:seats] == ["3"] * seats
    ui.shots(f"score-sheet-long-names-{seats}-typing")
