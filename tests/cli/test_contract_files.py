"""The game file contract's amendments checked from outside, as another tool would:
the real `companion replay --json` (a process of its own) on the amendment's golden
and error files, each printing its summary or its one `error:` line; and a game with
a score sheet, a delay and an increment imported, exported unchanged, counted by
`companion stats` and read back in the readable table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_companion

FILES = Path(__file__).resolve().parent.parent / "games" / "files"
AMENDMENT = [
    "any-game-bank-increment-delay",
    "any-game-bank-cap",
    "any-game-sheet",
    "any-game-names-nfc",
    "any-game-error-increment-without-bank",
    "any-game-error-delay-range",
    "any-game-error-categories-score-from",
    "any-game-error-category-counter-id",
    "any-game-error-sheet-integer",
    "any-game-error-sheet-without-categories",
    "any-game-error-sheet-true",
    "any-game-error-names-nfc-twice",
    "any-game-error-title-nfc-length",
    "ballonrennen-error-name-surrogate",
    "balmy-balloonists-error-name-control",
]


@pytest.mark.parametrize("stem", AMENDMENT)
def test_replay_in_a_process_of_its_own(stem: str) -> None:
    expected = json.loads((FILES / f"{stem}.expected.json").read_text(encoding="utf-8"))
    result = run_companion("replay", str(FILES / f"{stem}.json"), "--json")
    if "error" in expected:
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == expected["error"] + "\n"
        assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
    else:
        assert (result.returncode, result.stderr) == (0, "")
        assert json.loads(result.stdout) == expected


def a_file(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_score_sheet_is_imported_exported_unchanged_and_counted(tmp_path: Path) -> None:
    sheet = json.loads((FILES / "any-game-sheet.json").read_text(encoding="utf-8"))
    imported = run_companion("import", str(FILES / "any-game-sheet.json"))
    assert imported.returncode == 0, imported.stderr
    exported = run_companion("export")
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout) == sheet
    again = run_companion("replay", str(a_file(tmp_path, json.loads(exported.stdout))), "--json")
    assert [p["sheet"] for p in json.loads(again.stdout)["players"]][2] == {
        "roads": 2,
        "cities": 20,
        "cloisters": 0,
        "farms": 5,
    }
    stats = run_companion("stats", "--json")
    assert stats.returncode == 0, stats.stderr
    lines = {p["player"]: p for p in json.loads(stats.stdout)["players"]}
    assert lines["Ewa"]["title"] == "Carcassonne"
    assert (lines["Ewa"]["wins"], lines["Ewa"]["best_score"]) == (1, 27)
    assert (lines["Ola"]["wins"], lines["Ola"]["best_score"]) == (0, 22)
    assert lines["Ewa"]["lines"] == {"Roads": 2, "Cities": 20, "Cloisters": 0, "Farms": 5}
    assert lines["Ewa"]["best_line"] == "Cities"  # issue 34.4
    text = run_companion("stats")
    assert text.returncode == 0 and "Carcassonne: Ewa: 1 played, 1 won" in text.stdout
    assert "  lines: Roads 2.00, Cities 20.00, Cloisters 0.00, Farms 5.00; best Cities" in (
        text.stdout.splitlines()
    )


def test_an_unfinished_bank_with_a_delay_and_an_increment_goes_in_and_out(
    tmp_path: Path,
) -> None:
    data = json.loads((FILES / "any-game-bank-increment-delay.json").read_text(encoding="utf-8"))
    assert run_companion("import", str(a_file(tmp_path, data))).returncode == 0
    exported = run_companion("export")
    assert json.loads(exported.stdout) == data


def test_the_readable_table_shows_each_category_before_the_score() -> None:
    result = run_companion("replay", str(FILES / "any-game-sheet.json"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[3].split() == [
        "rank", "player", "meeples", "bank", "out_of_time", "out",
        "roads", "cities", "cloisters", "farms", "score",
    ]  # fmt: skip
    assert lines[4].split() == ["2", "Ola", "6", "-", "False", "False", "4", "12", "9", "-3", "22"]
    assert lines[7].split() == ["4", "Bo", "7", "-", "False", "True", "30", "30", "0", "0", "60"]
    before = run_companion("replay", str(FILES / "any-game-sheet.json"), "--upto", "5")
    assert before.stdout.splitlines()[3].split() == [
        "rank", "player", "meeples", "bank", "out_of_time", "out", "score",
    ]  # fmt: skip
