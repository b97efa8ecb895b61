"""Every skip says why, and one that hangs on being root says "root": a user who runs
the suite (`make test` shows each reason: `-rs` in pyproject.toml) learns which tests
did not run for them, and that root runs them (`make test-user` runs both ways)."""

from __future__ import annotations

import ast
import tomllib

import pytest

from tests.conftest import ROOT

ROOT_CALLS = {"geteuid", "getuid"}


def _name(node: ast.AST) -> str:
    """`pytest.mark.skipif` for that attribute chain, "" for anything else."""
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return f"{inner}.{node.attr}" if inner else ""
    return node.id if isinstance(node, ast.Name) else ""


def _names_root(node: ast.AST | None) -> bool:
    return node is not None and any(
        isinstance(n, ast.Call) and _name(n.func).split(".")[-1] in ROOT_CALLS
        for n in ast.walk(node)
    )


def _words(node: ast.AST | None) -> str:
    """The literal text of a reason (a string, or an f-string's fixed parts)."""
    if node is None:
        return ""
    return " ".join(
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ).strip()


def _reason(call: ast.Call, *, positional: bool) -> ast.AST | None:
    for keyword in call.keywords:
        if keyword.arg in ("reason", "msg"):
            return keyword.value
    return call.args[0] if positional and call.args else None


def skips_without_reasons(source: str, filename: str = "<test>") -> list[str]:
    """Each skip in `source` without a reason, or hanging on root without saying "root":
    `pytest.skip(...)`, `pytest.mark.skip`, `pytest.mark.skipif(...)`; the condition
    of a skip call is the test of each `if` around it."""
    found: list[str] = []
    tree = ast.parse(source, filename)
    conditions: dict[ast.AST, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            for inner in ast.walk(node):
                if inner is not node.test:
                    conditions.setdefault(inner, []).append(node.test)
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', 0)}"
        bare = isinstance(node, ast.Attribute) and id(node) not in called
        if bare and _name(node) == "pytest.mark.skip":
            found.append(f"{where}: pytest.mark.skip without a reason")
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name in ("pytest.skip", "pytest.mark.skip"):
            reason = _reason(node, positional=True)
            condition: list[ast.AST] = conditions.get(node, [])
        elif name == "pytest.mark.skipif":
            reason = _reason(node, positional=False)
            condition = list(node.args)
        else:
            continue
        words = _words(reason)
        if not words:
            found.append(f"{where}: {name} without a reason")
        elif any(_names_root(c) for c in condition) and "root" not in words:
            found.append(f'{where}: {name} hangs on root and its reason does not say "root"')
    return found


def test_every_skip_in_the_suite_says_why() -> None:
    found = [
        problem
        for path in sorted(ROOT.glob("tests/**/*.py"))
        for problem in skips_without_reasons(path.read_text(), str(path.relative_to(ROOT)))
    ]
    assert found == []


def test_make_test_shows_each_skip_s_reason() -> None:
    """`-r` with s for the skips, and pytest's own default fE kept (failures, errors)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    options = pyproject["tool"]["pytest"]["ini_options"]["addopts"].split()
    [report] = [o for o in options if o.startswith("-r")]
    assert set(report[2:]) >= set("fEs")


@pytest.mark.parametrize(
    "source",
    [
        "pytest.skip()",
        'pytest.skip("")',
        "pytest.skip(msg)",  # a name: no words a reader can check
        "@pytest.mark.skip\ndef test_x(): pass",
        "@pytest.mark.skip()\ndef test_x(): pass",
        "pytestmark = pytest.mark.skipif(os.geteuid() != 0)",
        'pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="needs a mount")',
        'if os.geteuid() != 0:\n    pytest.skip("needs a mount")',
        'if not os.getuid() == 0 and x:\n    y()\n    pytest.skip(f"needs {x}")',
    ],
)
def test_a_skip_without_its_reason_is_found(source: str) -> None:
    assert len(skips_without_reasons(source)) == 1, source


@pytest.mark.parametrize(
    "source",
    [
        'pytest.skip("no display here")',
        'pytest.skip(reason="no display here")',
        '@pytest.mark.skip(reason="waits for kivy 3")\ndef test_x(): pass',
        'pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="a mount needs root")',
        'if os.geteuid() != 0:\n    pytest.skip(f"{tool} needs root to install")',
        'if shutil.which("make") is None:\n    pytest.skip("needs make")',
    ],
)
def test_a_skip_with_its_reason_passes(source: str) -> None:
    assert skips_without_reasons(source) == [], source
