"""Hostile input through a real `python -m companion`: files that are not files, files
too big, JSON and TOML that break parsers, numbers too long, and strict types at the
top of a game file. Each ends at once in one specific `error:` line and exit 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import run_companion

GOOD = {"format": 1, "game": "wyscig-balonow", "seed": 7, "players": ["Ola", "Jan"]}


def one_error(result, expected: str) -> None:  # type: ignore[no-untyped-def]
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr == f"error: {expected}\n"


def special(tmp_path: Path, kind: str) -> Path:
    if kind == "fifo":
        path = tmp_path / "game.json"
        os.mkfifo(path)  # nobody ever writes to it: reading it would wait for ever
        return path
    if kind == "folder":
        path = tmp_path / "game.json"
        path.mkdir()
        return path
    return Path("/dev/zero")


SPECIAL = {
    "fifo": "it is a named pipe, not a regular file",
    "folder": "it is a folder, not a file",
    "zero": "it is a device, not a regular file",
}


@pytest.mark.timeout(30)
@pytest.mark.parametrize("command", ["replay", "import"])
@pytest.mark.parametrize("kind", sorted(SPECIAL))
def test_only_regular_files_are_read(tmp_path: Path, command: str, kind: str) -> None:
    path = special(tmp_path, kind)
    one_error(run_companion(command, str(path), timeout=20),
              f"{path.name}: cannot be read ({SPECIAL[kind]})")  # fmt: skip


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", sorted(SPECIAL))
def test_a_config_that_is_not_a_regular_file_is_refused_before_any_window(
    tmp_path: Path, kind: str
) -> None:
    path = special(tmp_path, kind)
    one_error(run_companion("run", "--config", str(path), timeout=20),
              f"The settings file {path} cannot be read: {SPECIAL[kind]}")  # fmt: skip


def test_a_game_file_over_16_mib_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(1 << 30)  # a sparse GiB: refused by its size, never read
    one_error(run_companion("import", str(path)),
              "huge.json: it is larger than 16 MiB, the most a game file may be")  # fmt: skip


def test_a_config_over_1_mib_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("# a comment\n" * 100_000)
    one_error(run_companion("run", "--config", str(path)),
              f"The settings file {path} is larger than 1 MiB, the most a settings file "
              "may be")  # fmt: skip


def test_more_than_100000_actions_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps({**GOOD, "actions": [{"type": "mail"}] * 100_001}))
    one_error(run_companion("replay", str(path), "--upto", "1"),
              "long.json: actions: 100001 actions, more than the 100000 a game file may "
              "hold")  # fmt: skip


def test_deeply_nested_json(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    one_error(run_companion("replay", str(path)),
              "deep.json: it is nested too deeply to be a game file")  # fmt: skip


def test_a_5000_digit_integer_in_a_game_file(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"format": 1, "seed": ' + "7" * 5000 + "}")
    one_error(run_companion("replay", str(path)),
              "big.json: it holds a number with more than 100 digits")  # fmt: skip


def test_deeply_nested_toml(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("language = " + "[" * 100_000 + "]" * 100_000 + "\n")
    one_error(run_companion("run", "--config", str(path)),
              f"The settings file {path} is not valid TOML: it is nested too deeply")  # fmt: skip


def test_a_5000_digit_integer_in_a_config(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text("[strip]\nled_count = " + "9" * 5000 + "\n")
    one_error(run_companion("run", "--config", str(path)),
              f"The settings file {path} is not valid TOML: it holds a number with too many "
              "digits")  # fmt: skip


def test_export_of_a_number_no_database_holds() -> None:
    one_error(run_companion("export", "99999999999999999999999"),
              "There is no game 99999999999999999999999 in the database")  # fmt: skip


def test_export_of_a_5000_digit_number() -> None:
    result = run_companion("export", "9" * 5000)
    assert result.returncode == 2 and result.stdout == ""
    assert "is not a game number" in result.stderr
    assert "Traceback" not in result.stderr and "something went wrong" not in result.stderr


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"format": 1.0}, "format: 1.0 is not a format this version reads (it reads 1)"),
        ({"format": True}, "format: true is not a format this version reads (it reads 1)"),
        ({"format": "1"}, 'format: "1" is not a format this version reads (it reads 1)'),
        ({"seed": None}, "seed: must be an integer"),
        ({"seed": 7.0}, "seed: must be an integer"),
        ({"seed": True}, "seed: must be an integer"),
        ({"seed": "7"}, "seed: must be an integer"),
        ({"seed": 2**64}, "seed: must be a whole number from -9223372036854775808 to "
                          "9223372036854775807"),
        ({"game": 1}, "game: must be a string"),
        ({"players": {"Ola": 1}}, "players: must be a list"),
        ({"players": "Ola"}, "players: must be a list"),
        ({"options": []}, "options: must be an object"),
        ({"options": None}, "options: must be an object"),
        ({"actions": {}}, "actions: must be a list"),
        ({"actions": None}, "actions: must be a list"),
    ],
)  # fmt: skip
def test_the_top_level_takes_json_types_strictly(
    tmp_path: Path, changes: dict[str, object], expected: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**GOOD, **changes}))
    one_error(run_companion("replay", str(path)), f"game.json: {expected}")


def test_nan_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": 1, "game": "wyscig-balonow", "seed": NaN, "players": ["A", "B"]}')
    one_error(run_companion("replay", str(path)), "game.json: NaN is not a JSON number")
