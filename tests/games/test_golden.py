"""Every golden game file replays to its expected summary or its one error line."""

import json
from pathlib import Path

import pytest

from companion import games
from companion.cli import main

FILES = Path(__file__).parent / "files"
GOLDEN = sorted(p for p in FILES.glob("*.json") if not p.name.endswith(".expected.json"))


def test_there_are_golden_files_for_every_game():
    found = {json.loads(p.read_text())["game"] for p in GOLDEN}
    assert found == set(games.game_ids())


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_file(path: Path, capsys: pytest.CaptureFixture[str]):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    code = main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    if "error" in expected:
        assert (code, out, err.strip()) == (2, "", expected["error"])
    else:
        assert (code, err) == (0, "")
        assert json.loads(out) == expected
