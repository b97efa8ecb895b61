"""Saving from the Settings screen keeps the settings file as people wrote it: every
comment, the order, the hints the docs send them to."""

from __future__ import annotations

import shutil
from pathlib import Path

from companion import config
from companion.ui.screens import settings_data
from tests.conftest import ROOT

EXAMPLE = ROOT / "deploy" / "config.example.toml"


def comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("#")]


def inline_comments(text: str) -> list[str]:
    return [line.split("#", 1)[1] for line in text.splitlines() if "#" in line.lstrip()[1:]]


def save_as_the_screen_does(
    path: Path, *changes: tuple[tuple[str, ...], settings_data.Value]
) -> str:
    """The Settings screen's path: a draft of the loaded settings, each change as a
    tap makes it, the draft checked like the file, then `config.save`."""
    draft = settings_data.draft_of(config.load(path))
    for where, value in changes:
        draft = settings_data.with_value(draft, where, value)
    config.save(settings_data.check(draft), path)
    return path.read_text(encoding="utf-8")


def test_a_changed_value_keeps_every_comment_and_the_order(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    shutil.copy(EXAMPLE, path)
    before = path.read_text(encoding="utf-8")
    after = save_as_the_screen_does(path, (("buttons", "go"), 5), (("strip", "brightness"), 0.6))
    assert comments(before) and comments(after) == comments(before)
    assert inline_comments(after) == inline_comments(before)
    assert config.load(path).buttons.go == 5 and config.load(path).strip.brightness == 0.6
    changed = [
        (old, new)
        for old, new in zip(before.splitlines(), after.splitlines(), strict=True)
        if old != new
    ]
    assert [new.split("#")[0].split() for _, new in changed] == [
        ["go", "=", "5"],
        ["brightness", "=", "0.6"],
    ]


def test_saving_unchanged_settings_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    shutil.copy(EXAMPLE, path)
    assert save_as_the_screen_does(path) == EXAMPLE.read_text(encoding="utf-8")


def test_a_setting_the_file_lacks_is_added_to_its_section(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('# mine\n[strip]\n# the kitchen strip\ntype = "apa102"\n', encoding="utf-8")
    after = save_as_the_screen_does(path, (("strip", "colour_order"), "bgr"))
    assert after == '# mine\n[strip]\n# the kitchen strip\ntype = "apa102"\ncolour_order = "bgr"\n'
    cleared = save_as_the_screen_does(path, (("strip", "colour_order"), None))
    assert cleared == '# mine\n[strip]\n# the kitchen strip\ntype = "apa102"\n'


def test_a_new_file_names_every_setting(tmp_path: Path) -> None:
    path = tmp_path / "new" / "config.toml"
    config.save(config.Config(), path)
    text = path.read_text(encoding="utf-8")
    assert "[buttons]" in text and "go = 17" in text and "rotation = 0" in text
    assert config.load(path) == config.Config()
