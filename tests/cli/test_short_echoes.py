"""Echoes are short (issue 23.10), through a real `python -m companion`: whatever huge
value a file, a settings file, an option or the environment holds, the one `error:`
line quotes it cut to a readable length, with "…"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import config
from companion.core.errors import ConfigError
from tests.conftest import run_companion

GAME = {"format": 1, "game": "wyscig-balonow", "seed": 7, "players": ["Ola", "Jan"]}
LINE_LIMIT = 300  # characters: a sentence with one cut echo and a list of choices
X = "x" * 60


def short_error(result) -> str:  # type: ignore[no-untyped-def]
    assert result.returncode == 2, result.stderr[:500]
    lines = result.stderr.splitlines()  # argparse's usage lines, then the error line
    assert all(len(line) < LINE_LIMIT for line in lines), result.stderr[:500]
    assert "…" in lines[-1] and lines[-1].startswith(("error: ", "companion")), lines[-1]
    return lines[-1]


@pytest.mark.parametrize(
    ("change", "quoted"),
    [
        ({"actions": [{"type": "x" * 1_000_000}]}, f'unknown action type "{X[:59]}…"'),
        ({"actions": [{"type": "adjust", "player": "Ola", "token": "x" * 500_000, "delta": 1}]},
         f'"{X[:59]}…" is not a token in Wyścig balonów'),
        ({"options": {"x" * 300_000: 1}}, f'unknown option "{X[:59]}…"'),
        ({"game": "x" * 100_000}, f'unknown game "{X[:59]}…"'),
        ({"k" * 100_000: 1}, 'unknown key "kkkk'),
    ],
)  # fmt: skip
def test_replay_quotes_a_huge_value_cut(tmp_path: Path, change: dict, quoted: str) -> None:  # type: ignore[type-arg]
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**GAME, **change}))
    assert quoted in short_error(run_companion("replay", str(path)))


BIG_LANGUAGE = 'language = "' + "x" * 900_000 + '"\n'
SAID = f'language: "{X[:57]}…" is not one of en, pl, de, sv, nl'


def test_the_settings_loader_quotes_a_900_kb_language_cut(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(BIG_LANGUAGE)
    with pytest.raises(ConfigError) as refused:
        config.load(path)
    assert str(refused.value) == SAID


@pytest.mark.parametrize("command", [["doctor", "--simulate"], ["run"]])
def test_a_command_quotes_a_900_kb_language_cut(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "config.toml"
    path.write_text(BIG_LANGUAGE)
    assert short_error(run_companion(*command, "--config", str(path), timeout=30)).endswith(SAID)


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--lang", "x" * 100_000],  # argparse's "invalid choice: '...'"
        ["run", "--lang", "x " * 50_000],
        ["stats", "x" * 100_000],  # argparse's "unrecognized arguments: ..."
        ["replay", "--upto", "x" * 100_000, "game.json"],
        ["run", "--size", "x" * 100_000],
    ],
)
def test_an_option_s_huge_value_is_quoted_cut(argv: list[str]) -> None:
    short_error(run_companion(*argv, timeout=30))


def test_a_huge_log_level_in_the_environment_is_quoted_cut() -> None:
    result = run_companion("games", env={"COMPANION_LOG_LEVEL": "x" * 100_000})
    note = result.stderr.splitlines()[0]
    assert note.startswith('note: COMPANION_LOG_LEVEL: "xxx') and len(note) < LINE_LIMIT
