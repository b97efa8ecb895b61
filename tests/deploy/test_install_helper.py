"""deploy/install_helper.py on its own: what reaches the udev rules, the settings it
reads, and that it runs with nothing but the system python's standard library."""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
import typing
from pathlib import Path
from types import ModuleType

import pytest

from companion.config import StripType
from tests.deploy.fakeroot import REPO
from tests.deploy.udev_rules import parse

HELPER = REPO / "deploy/install_helper.py"
TEMPLATE = (REPO / "deploy/99-companion.rules").read_text()


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("install_helper", HELPER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


helper = load()


def test_it_imports_only_the_standard_library() -> None:
    tree = ast.parse(HELPER.read_text())
    names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}  # fmt: skip
    names |= {node.module.split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module}  # fmt: skip
    assert names - {"__future__"} <= sys.stdlib_module_names


def test_it_is_lint_and_strictly_type_clean() -> None:
    for command in (["ruff", "check"], ["ruff", "format", "--check"], ["mypy", "--strict"]):
        done = subprocess.run([sys.executable, "-m", *command, str(HELPER)], capture_output=True,
                              text=True, check=False, cwd=REPO)  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr


def test_the_strip_types_are_the_settings_own() -> None:
    assert typing.get_args(StripType) == helper.STRIP_TYPES


def test_the_dice_rule_gets_the_ids_and_nothing_else() -> None:
    rules = parse(helper.udev_rules(TEMPLATE, "2341", "0043"))
    dice = [rule for rule in rules if any(t.value == "dice" for t in rule)]
    assert len(rules) == 6 and len(dice) == 1
    assert [(t.attribute, t.value) for t in dice[0] if t.key == "ATTRS"] == [
        ("idVendor", "2341"), ("idProduct", "0043")]  # fmt: skip
    without = helper.udev_rules(TEMPLATE, None, "0043")
    assert len(parse(without)) == 5
    assert "# (set [dice] vendor_id and product_id, then run install.sh again) SUBSYS" in without


@pytest.mark.parametrize("value", ['2341"', "23\n1", "234", "ABCD", "2341\n", "0x23", "٢٣٤١"])
def test_the_rules_take_no_id_but_four_lower_case_hex_digits(value: str) -> None:
    with pytest.raises(helper.Refusal):
        helper.udev_rules(TEMPLATE, value, "0043")
    with pytest.raises(helper.Refusal):
        helper.udev_rules(TEMPLATE, "2341", value)


@pytest.mark.parametrize(
    ("value", "read"),
    [("2341", "2341"), ("ABCD", "abcd"), ("", None), (None, None)],
)
def test_usb_ids_are_read_as_udev_compares_them(value: str | None, read: str | None) -> None:
    assert helper.usb_id({"vendor_id": value}, "vendor_id") == read


def test_a_refusal_quotes_a_value_escaped_and_cut() -> None:
    with pytest.raises(helper.Refusal) as refused:
        helper.usb_id({"vendor_id": '"\n\x1b[31m' + "x" * 10_000}, "vendor_id")
    sentence = str(refused.value)
    assert sentence.startswith('dice.vendor_id: "\\"\\n\\u001b[31mxxx')
    assert "…" in sentence and len(sentence) < 130 and sentence.isprintable()


def test_settings_are_read_once_into_the_copy(tmp_path: Path) -> None:
    root, out = tmp_path / "root", tmp_path / "out"
    (root / "etc/companion").mkdir(parents=True)
    out.mkdir()
    text = '[strip]\ntype = "apa102"\n[dice]\nvendor_id = "2341"\nproduct_id = "0043"\n'
    (root / "etc/companion/config.toml").write_text(text)
    line = helper.settings(str(root), "/etc/companion/config.toml",
                           str(REPO / "deploy/config.example.toml"),
                           str(REPO / "deploy/99-companion.rules"), str(out))  # fmt: skip
    assert line == "apa102 2341 0043"
    assert (out / "config.toml").read_text() == text
    assert os.stat(out / "config.toml").st_mode & 0o077 == 0
    assert 'ATTRS{idVendor}=="2341"' in (out / "99-companion.rules").read_text()
