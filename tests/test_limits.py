"""Every time limit in a test scales with COMPANION_TEST_SLOWNESS (issue 30.10):
`test_buttons_flood.py` asserted `slowest < 0.05` and failed at 0.053 s with both
cores busy. Read from the tests' source (ast), a limit is one of:

- a measured duration (a clock read: `time.monotonic()`, `perf_counter()`, ...,
  or a name that holds one, but not how many there are) held below a bare number of
  seconds (`took < 0.05`; `took >= 0.3`, a wait that lasted at least its time, is
  no limit: a slow machine only waits longer);
- a bare number given as `timeout=` (or `deadline=`), `.join(N)` or `.wait(N)` to
  a call that waits, when it is a second or more: a shorter one is a pause or a poll
  between two looks, and a timeout given to a class configures what is tested
  (`Store(timeout=0.3)`); a function of the tests that passes the value through
  `limit()` itself (`run_companion`, `wait_until`, ...) may be given a bare number;
- the environment's factor read anywhere but through tests/waiting.py.

A bare number is a literal, arithmetic of literals, or a module's constant bound to
one; 0 is none (a duration above 0 is no limit). `limit(seconds)` or `slowness()`
anywhere in the expression makes it scale."""

from __future__ import annotations

import ast
import itertools
import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
WAITING = TESTS / "waiting.py"
CLOCKS = frozenset({"monotonic", "perf_counter", "time", "process_time", "thread_time",
                    "monotonic_ns", "perf_counter_ns", "time_ns"})  # fmt: skip
SCALERS = frozenset({"limit", "slowness"})
LIMIT_KEYWORDS = frozenset({"timeout", "timeout_s", "deadline"})
WAITS = frozenset({"wait", "join"})
LONGEST_PAUSE_S = 1.0  # a bare wait this long or longer is a limit, not a pause
BELOW = (ast.Lt, ast.LtE)  # measured < number; number > measured is the same
ABOVE = (ast.Gt, ast.GtE)
OPERATIONS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Pow: operator.pow,
}  # fmt: skip


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _called(node: ast.AST) -> str | None:
    return _name(node.func) if isinstance(node, ast.Call) else None


@dataclass
class Module:
    path: Path
    tree: ast.Module
    constants: dict[str, ast.expr] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path) -> Module:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        module = cls(path, tree)
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    module.constants[target.id] = node.value
            elif (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and node.value is not None
            ):
                module.constants[node.target.id] = node.value
        return module

    def bare(self, node: ast.AST, seen: frozenset[str] = frozenset()) -> float | None:
        """The number of seconds `node` stands for when it is a bare number, else None."""
        if isinstance(node, ast.Constant):
            value = node.value
            is_number = isinstance(value, int | float) and not isinstance(value, bool)
            return float(value) if is_number else None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            inner = self.bare(node.operand, seen)
            return None if inner is None else (-inner if isinstance(node.op, ast.USub) else inner)
        if isinstance(node, ast.BinOp):
            left, right = self.bare(node.left, seen), self.bare(node.right, seen)
            if left is None or right is None:
                return None
            operation = OPERATIONS.get(type(node.op))
            try:
                return None if operation is None else float(operation(left, right))
            except ArithmeticError:
                return None
        if isinstance(node, ast.Name) and node.id in self.constants and node.id not in seen:
            return self.bare(self.constants[node.id], seen | {node.id})
        return None


@dataclass(frozen=True)
class Finding:
    path: Path
    line: int
    what: str

    def __str__(self) -> str:
        where = (
            self.path.relative_to(TESTS.parent) if self.path.is_relative_to(TESTS) else self.path
        )
        return f"{where}:{self.line}: {self.what}"


def sources() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if p != WAITING and "out" not in p.parts)


def scaling_callees(modules: list[Module]) -> dict[str, set[str]]:
    """Functions of the tests that pass a parameter through `limit()` themselves: name
    -> those parameters (a bare number given to them is scaled inside)."""
    scales: dict[str, set[str]] = {}
    for module in modules:
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            params = {a.arg for a in [*node.args.args, *node.args.kwonlyargs]}
            scaled = {
                arg.id
                for call in ast.walk(node)
                if _called(call) in SCALERS
                for arg in call.args  # type: ignore[attr-defined]
                if isinstance(arg, ast.Name) and arg.id in params
            }
            if scaled:
                scales.setdefault(node.name, set()).update(scaled)
    return scales


def measured_names(function: ast.AST) -> set[str]:
    """Names in `function` that hold a clock reading or a duration made from one."""
    assigned = [(value, targets) for value, targets in map(_assigned, ast.walk(function)) if value]
    names: set[str] = set()
    changed = True
    while changed:  # a name made from a measured name is measured too
        changed = False
        for value, targets in assigned:
            if set(targets) <= names or not _measured(value, names):
                continue
            names.update(targets)
            changed = True
    return names


def _assigned(node: ast.AST) -> tuple[ast.AST | None, list[str]]:
    if isinstance(node, ast.Assign):
        targets = [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        return node.value, targets
    if isinstance(node, ast.AugAssign | ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.value, [node.target.id]
    if isinstance(node, ast.NamedExpr):
        return node.value, [node.target.id]
    if isinstance(node, ast.Call) and _called(node) in ("append", "extend", "add"):
        owner = node.func.value if isinstance(node.func, ast.Attribute) else None
        if isinstance(owner, ast.Name) and node.args:
            return node.args[0], [owner.id]
    if isinstance(node, ast.comprehension) and isinstance(node.target, ast.Name):
        return node.iter, [node.target.id]
    return None, []


def _measured(node: ast.AST, names: set[str]) -> bool:
    if _called(node) == "len":
        return False  # how many durations, not one
    for inner in _walk_outside_len(node):
        if isinstance(inner, ast.Call) and _called(inner) in CLOCKS:
            owner = inner.func.value if isinstance(inner.func, ast.Attribute) else None
            if owner is None or _name(owner) == "time":
                return True
        if isinstance(inner, ast.Name) and inner.id in names:
            return True
    return False


def _walk_outside_len(node: ast.AST) -> Iterator[ast.AST]:
    yield node
    for child in ast.iter_child_nodes(node):
        if _called(child) != "len":
            yield from _walk_outside_len(child)


def _scaled(node: ast.AST) -> bool:
    return any(_called(inner) in SCALERS for inner in ast.walk(node))


def _functions(tree: ast.Module) -> Iterator[ast.AST]:
    yield tree
    yield from (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.Lambda))


def compared_limits(module: Module) -> Iterator[Finding]:
    for function in _functions(module.tree):
        names = measured_names(function) if not isinstance(function, ast.Module) else set()
        for node in ast.walk(function):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            for (left, right), op in zip(itertools.pairwise(sides), node.ops, strict=True):
                if isinstance(op, BELOW):
                    measure, number = left, right
                elif isinstance(op, ABOVE):
                    measure, number = right, left
                else:
                    continue
                if module.bare(number) and _measured(measure, names) and not _scaled(number):
                    yield Finding(module.path, node.lineno,
                                  f"a duration held below {ast.unparse(number)}")  # fmt: skip


def given_limits(module: Module, scales: dict[str, set[str]]) -> Iterator[Finding]:
    for node in ast.walk(module.tree):
        if not isinstance(node, ast.Call):
            continue
        callee = _called(node) or ""
        if callee[:1].isupper():
            continue  # a class: its timeout configures what is tested
        scaled = scales.get(callee, set())
        given = [(f"{k.arg}=", k.value) for k in node.keywords if k.arg in LIMIT_KEYWORDS
                 and k.arg not in scaled]  # fmt: skip
        if callee in WAITS and node.args and callee not in scales:
            given.append(("", node.args[-1]))
        for name, value in given:
            seconds = module.bare(value)
            if seconds is not None and seconds >= LONGEST_PAUSE_S and not _scaled(value):
                yield Finding(module.path, node.lineno,
                              f"{callee}({name}{ast.unparse(value)})")  # fmt: skip


def own_factor(module: Module) -> Iterator[Finding]:
    if module.path == Path(__file__):
        return  # the checker names it to look for it
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Constant) and node.value == "COMPANION_TEST_SLOWNESS":
            yield Finding(module.path, node.lineno, "reads the factor itself: use limit()")


def findings(paths: list[Path]) -> list[Finding]:
    modules = [Module.read(path) for path in paths]
    scales = scaling_callees([*modules, Module.read(WAITING)])
    found: list[Finding] = []
    for module in modules:
        found += compared_limits(module)
        found += given_limits(module, scales)
        found += own_factor(module)
    return sorted(set(found), key=str)


def test_every_time_limit_in_the_tests_scales() -> None:
    found = findings(sources())
    assert not found, "time limits that do not scale (tests/waiting.py's limit()):\n" + "\n".join(
        map(str, found)
    )


# -- the checker itself: what it flags and what it lets be --------------------------------

FLAGGED = {
    "a duration held below a literal": """
import time
def test():
    started = time.monotonic()
    assert time.monotonic() - started < 0.05
""",
    "the slowest of many": """
import time
def test():
    slowest = 0.0
    for _ in range(3):
        started = time.perf_counter()
        slowest = max(slowest, time.perf_counter() - started)
    assert slowest < 0.05
""",
    "a module's constant, the number on the left": """
import time
WITHIN_S = 0.1
def test():
    took = -time.monotonic()
    took += time.monotonic()
    assert 2 * WITHIN_S > took
""",
    "durations gathered in a list": """
import time
def test():
    times = []
    times.append(time.process_time())
    assert max(times) <= 1.5
""",
    "a subprocess's timeout": """
import subprocess
def test():
    subprocess.run(["true"], timeout=60)
""",
    "a thread joined for long": """
def test(thread):
    thread.join(5)
""",
    "an event waited for": """
def test(done):
    assert done.wait(5)
""",
    "a helper that does not scale": """
def helper(timeout):
    return timeout
def test():
    helper(timeout=3)
""",
    "the factor read by hand": """
import os
SLOWNESS = float(os.environ.get("COMPANION_TEST_SLOWNESS", "1"))
""",
}

LET_BE = {
    "scaled by limit()": """
import time
from tests.waiting import limit
def test(done, thread):
    started = time.monotonic()
    assert time.monotonic() - started < limit(0.05)
    assert done.wait(limit(5))
    thread.join(timeout=limit(5))
""",
    "a helper that scales its own": """
from tests.waiting import limit
def run_it(timeout=60):
    return limit(timeout)
def test():
    run_it(timeout=30)
""",
    "a wait that lasted at least its time": """
import time
def test():
    started = time.monotonic()
    assert time.monotonic() - started >= 0.3
""",
    "how many were measured": """
import time
def test():
    tries = [time.process_time()]
    assert len(tries) < 3
""",
    "a duration above 0": """
import time
def test():
    took = time.perf_counter()
    assert took > 0 and 0 < took
""",
    "a pause or a poll": """
import queue
def test(stop, events):
    stop.wait(0.02)
    events.get(timeout=0.05)
""",
    "a class's own timeout": """
def test(Store):
    Store("x.db", timeout=0.3)
""",
    "pytest-timeout's mark, scaled by conftest": """
import pytest
@pytest.mark.timeout(300)
def test():
    pass
""",
    "numbers that are no durations": """
def test(items, frames):
    assert len(items) < 4
    assert frames[0] <= 10
""",
}


def check(source: str, tmp_path: Path) -> list[Finding]:
    path = tmp_path / "test_sample.py"
    path.write_text(source)
    return findings([path])


@pytest.mark.parametrize("case", sorted(FLAGGED))
def test_the_checker_finds(case: str, tmp_path: Path) -> None:
    assert len(check(FLAGGED[case], tmp_path)) == 1, case


@pytest.mark.parametrize("case", sorted(LET_BE))
def test_the_checker_lets_be(case: str, tmp_path: Path) -> None:
    assert check(LET_BE[case], tmp_path) == [], case
