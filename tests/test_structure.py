"""The shape of the code, checked by reading it (no Kivy, no imports of the UI):
short functions, small classes and modules, a hardware package that stands alone,
one class per widget name, kv rules where every screen that uses them finds them,
and a table for every game."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from companion import games
from companion.ui.tables import tables

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "hardware")
UI = ROOT / "companion" / "ui"
MAX_FUNCTION_LINES = 40
MAX_METHODS = 25
MAX_MODULE_LINES = 600

# kv files whose rules every screen may use: loaded at start, before any screen.
SHARED_KV = (
    "companion/ui/widgets.kv",
    "companion/ui/screens/menu.kv",
    "companion/ui/tables/base/table.kv",
)


def python_files() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


# -- size -------------------------------------------------------------------------------


def test_no_function_is_longer_than_40_lines() -> None:
    long = [
        f"{relative(path)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1})"
        for path in python_files()
        for node in ast.walk(parsed(path))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not long, long


def test_no_class_is_at_the_25_method_cap() -> None:
    """Room under the cap (issue 32.7): a class on it has no room for the next method,
    and the next one would push it over rather than split it."""
    big = []
    for path in python_files():
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef)]
                if len(methods) >= MAX_METHODS:
                    big.append(f"{relative(path)} {node.name} ({len(methods)})")
    assert not big, big


def test_no_module_is_longer_than_600_lines() -> None:
    long = {
        relative(path): count
        for path in python_files()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, long


# -- dependencies -------------------------------------------------------------------------


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_hardware_imports_nothing_from_companion() -> None:
    found = {
        relative(path): sorted(n for n in imported(path) if n.split(".")[0] == "companion")
        for path in sorted((ROOT / "hardware").rglob("*.py"))
    }
    assert not {k: v for k, v in found.items() if v}


@pytest.mark.parametrize("package", ["companion/core", "companion/games", "companion/play"])
def test_the_pure_parts_import_no_kivy(package: str) -> None:
    found = {
        relative(path): sorted(n for n in imported(path) if n.split(".")[0] == "kivy")
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    assert not {k: v for k, v in found.items() if v}


# -- widget classes and kv rules ------------------------------------------------------------

KV_RULE = re.compile(r"^<([A-Z]\w*)(?:@[\w+]+)?>:", re.MULTILINE)
KV_USE = re.compile(r"^\s+([A-Z]\w*):\s*$", re.MULTILINE)
FACTORY_USE = re.compile(r"\bFactory\.([A-Z]\w*)")
DYNAMIC_CLASS = re.compile(r"^<([A-Z]\w*)@[\w+]+>:", re.MULTILINE)


def kv_files() -> list[Path]:
    return sorted(UI.rglob("*.kv"))


def widget_classes(paths: list[Path]) -> Counter[str]:
    """How often each class that Kivy's Factory registers (a widget: a class whose
    bases lead to one of `kivy.uix`) is defined in `paths`. Other classes (adapters,
    data, view-models) are not registered: their names may repeat."""
    bases: dict[str, set[str]] = {}
    kivy: set[str] = set()
    defined: list[str] = []
    for path in paths:
        tree = parsed(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kivy.uix"):
                kivy.update(alias.asname or alias.name for alias in node.names)
            elif isinstance(node, ast.ClassDef):
                defined.append(node.name)
                found = {getattr(b, "attr", getattr(b, "id", "")) for b in node.bases}
                bases.setdefault(node.name, set()).update(found)

    def widget(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name in kivy:
            return True
        return any(widget(b, seen | {name}) for b in bases.get(name, ()) if b not in seen)

    return Counter(name for name in defined if widget(name))


def test_no_widget_class_name_is_defined_twice_in_the_ui() -> None:
    """Kivy's Factory registers widget classes by name, the last one imported wins:
    two widget classes of one name put the wrong widget on screen. Only those: two
    adapters or two data classes of one name are not registered."""
    widgets = widget_classes(sorted(UI.rglob("*.py")))
    assert {"TableScreen", "Sheet", "FitLabel"} <= set(widgets)  # it sees the widgets
    names = Counter(widgets)
    for path in kv_files():
        names.update(DYNAMIC_CLASS.findall(path.read_text(encoding="utf-8")))
    assert [name for name, count in names.items() if count > 1] == []


def test_a_class_that_is_no_widget_may_share_a_name() -> None:
    sample = ROOT / "tests" / "sample_ui.py"
    try:
        sample.write_text(
            "from kivy.uix.label import Label\n"
            "class Row:\n    pass\nclass Row:\n    pass\n"
            "class Shown(Label):\n    pass\nclass Shown(Label):\n    pass\n",
            "utf-8",
        )
        counts = widget_classes([sample])
    finally:
        sample.unlink()
    assert counts == {"Shown": 2}


def owners(kv: Path) -> set[Path]:
    """The files a kv file's rules are for: a table's whole package, or the screen
    module of the same name and its own modules beside it (`<screen>_*.py`: its data,
    its rows, its sheets)."""
    if kv.parent.parent.name == "tables":
        return {*kv.parent.glob("*.py"), kv}
    return {kv, kv.with_suffix(".py"), *kv.parent.glob(f"{kv.stem}_*.py")}


def uses(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".kv":
        return set(KV_USE.findall(text))
    return set(FACTORY_USE.findall(text)) | {
        n.id for n in ast.walk(parsed(path)) if isinstance(n, ast.Name)
    }


def test_a_screens_kv_rules_are_used_by_that_screen_alone() -> None:
    """Screens are built when first shown: a rule that lives in one screen's kv file
    is missing from any other screen opened before it. Shared rules go in a shared kv."""
    files = [*kv_files(), *sorted(UI.rglob("*.py"))]
    borrowed = []
    for kv in kv_files():
        if relative(kv) in SHARED_KV:
            continue
        rules = set(KV_RULE.findall(kv.read_text(encoding="utf-8")))
        for other in files:
            if other not in owners(kv) and other.name != "registry.py":  # it loads the kv
                borrowed += [
                    f"{relative(other)} uses {n} of {kv.name}" for n in rules & uses(other)
                ]
    assert not borrowed, borrowed


def test_every_shared_kv_file_exists() -> None:
    assert all((ROOT / name).is_file() for name in SHARED_KV)


# -- the games' tables ------------------------------------------------------------------------


def test_every_game_has_its_table() -> None:
    """Each descriptor's table package has its adapter for that game, its screen
    module and its kv file; no two games share a screen."""
    for game in games.GAMES:
        folder = ROOT.joinpath(*game.table_package.split("."))
        assert (folder / "screen.py").is_file() and (folder / f"{game.screen}.kv").is_file()
    assert [table.game_id for table in tables().values()] == games.game_ids()
    screens = [table.screen for table in tables().values()]
    assert len(set(screens)) == len(screens)


# -- what the app asks of a screen ------------------------------------------------------------

HOOKS = ("may_leave", "prepare", "kept", "hardware_event", "button", "owns_strip")


def test_no_screen_hook_is_looked_up_by_name() -> None:
    """The navigator and the router call what `AppScreen` declares; a hook found by
    `getattr`/`hasattr` would fail silently for a screen that misspells it."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(parsed(path)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and len(node.args) > 1
                and isinstance(node.args[1], ast.Constant)
                and node.args[1].value in HOOKS
            ):
                found.append(f"{relative(path)}:{node.lineno} {node.args[1].value}")
    assert not found, found
