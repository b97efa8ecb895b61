"""The settings file a command is given (issue 23.11): `--config` naming a file that is
not there is an error, not the defaults, for `run` and `doctor` alike; a settings file
that cannot be used stops `doctor` with one sentence and exit 2, before any device."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_companion


@pytest.mark.parametrize("command", [["run"], ["doctor", "--simulate"]])
def test_a_config_that_is_not_there_is_an_error(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "typo" / "config.toml"
    result = run_companion(*command, "--config", str(missing), timeout=30)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""
    assert result.stderr == f"error: The settings file {missing} does not exist\n"


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ('[strip]\ntype = "neon"\n',
         '{path}: strip.type: "neon" is not one of none, gpio-bar, apa102, ws2812'),
        ("[strip\n", "The settings file {path} is not valid TOML: Expected ']' at the end "
         "of a table declaration (at line 1, column 7)"),
    ],
)  # fmt: skip
def test_doctor_with_a_bad_settings_file_says_one_sentence(
    tmp_path: Path, text: str, sentence: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    result = run_companion("doctor", "--simulate", "--config", str(path), timeout=30)
    assert result.returncode == 2
    assert result.stdout == ""  # no device was checked with defaults instead
    assert result.stderr == f"error: {sentence.format(path=path)}\n"


def test_doctor_json_with_a_bad_settings_file_is_the_same_one_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[buzzer]\npin = 99\n")
    result = run_companion("doctor", "--simulate", "--json", "--config", str(path), timeout=30)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and "buzzer.pin: 99 is not a GPIO number" in result.stderr
