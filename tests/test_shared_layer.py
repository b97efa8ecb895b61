"""The shared layer names no game: a new game is its own packages and one line in the
games' registry (`companion.games.GAMES`). Read from the source (no imports of the
UI): every string in the shared modules, Python and kv, is checked against every
registered game's id, and every string used as an action's type (a "type", the action
a call sends, a comparison with something's `type`) against every action type that
is not common to all games (the contract's `adjust` and `end_turn` are;
docs/game-file.md). A word a game also uses as an action's type ("score", "dice",
"roll") is the shared layer's own wherever it is not used as one."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from companion import games

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
SENDING = frozenset({"act", "attempt", "send", "Send", "parse_action"})


def own_folders() -> list[Path]:
    """Each registered game's rules and table packages: where its names belong."""
    folders = []
    for game in games.GAMES:
        for module in (game.rules_module, game.table_package):
            path = ROOT.joinpath(*module.split("."))
            folders.append(path if path.is_dir() else path.with_suffix(".py"))
    return folders


def shared_files() -> list[Path]:
    """Every Python and kv file of the companion but the games' own and the registry."""
    own = own_folders()
    registry = COMPANION / "games" / "__init__.py"
    return sorted(
        path
        for path in COMPANION.rglob("*")
        if path.suffix in (".py", ".kv")
        and path != registry
        and not any(path == folder or folder in path.parents for folder in own)
    )


def game_names() -> tuple[dict[str, str], dict[str, str]]:
    """Each game id -> what it is, and each action type of not every game -> whose."""
    rules = games.all_rules()
    common = set.intersection(*(set(r.actions) for r in rules))
    ids = {r.id: "a game id" for r in rules}
    types: dict[str, str] = {}
    for r in rules:
        types.update({t: f"an action type of {r.id}" for t in set(r.actions) - common})
    return ids, types


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes: prose about the code, not names it uses."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def actions_named(tree: ast.AST) -> set[int]:
    """The ids of the strings that name an action: a dict's "type", the action a
    call sends, or one side of a comparison with something's `type`."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            pairs = zip(node.keys, node.values, strict=True)
            found.update(
                id(v) for k, v in pairs if isinstance(k, ast.Constant) and k.value == "type"
            )
        elif isinstance(node, ast.Call) and node.args and _callee(node) in SENDING:
            found.add(id(node.args[0]))
        elif isinstance(node, ast.Compare) and any(
            _is_type(n) for n in (node.left, *node.comparators)
        ):
            found.update(id(n) for n in (node.left, *node.comparators))
    return found


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _is_type(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr in ("type", "type_name")
    return isinstance(node, ast.Call) and any(
        isinstance(a, ast.Constant) and a.value == "type" for a in node.args
    )


def python_strings(path: Path) -> Iterator[tuple[int, str, bool]]:
    """Every string but the docstrings, and whether it is used as an action's type."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    prose, acting = docstrings(tree), actions_named(tree)
    for node in ast.walk(tree):
        is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if is_text and id(node) not in prose:
            yield node.lineno, node.value, id(node) in acting


KV_STRING = re.compile(r"""(['"])([\w-]+)\1""")


KV_ACT = re.compile(r"""\bact\(\s*(['"])([\w-]+)\1""")


def kv_strings(path: Path) -> Iterator[tuple[int, str, bool]]:
    """Every quoted word of a kv file's rules, and whether it is `act`'s action."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("#", 1)[0] if not line.lstrip().startswith("#:") else ""
        acting = {m.group(2) for m in KV_ACT.finditer(code)}
        for match in KV_STRING.finditer(code):
            word = match.group(2)
            yield number, word, word in acting


def named(path: Path, names: tuple[dict[str, str], dict[str, str]]) -> list[str]:
    """A game's id anywhere, a game's action type where it is used as one."""
    ids, types = names
    strings = python_strings(path) if path.suffix == ".py" else kv_strings(path)
    found = []
    for line, text, acting in strings:
        what = ids.get(text) or (types.get(text) if acting else None)
        if what is not None:
            found.append(f"{path.relative_to(ROOT)}:{line} {text!r} is {what}")
    return found


def test_the_shared_layer_names_no_game_and_no_games_action() -> None:
    names = game_names()
    found = [problem for path in shared_files() for problem in named(path, names)]
    assert not found, "\n".join(found)


def test_the_check_reads_every_layer_and_sees_a_game_named() -> None:
    """The scan covers the view-model, the skeleton, the screens, the timer and the
    store; and a string naming a game or its action there would be found."""
    shared = {p.relative_to(COMPANION).as_posix() for p in shared_files()}
    for module in (
        "ui/viewmodel.py",
        "ui/tables/base/adapter.py",
        "ui/screens/history_data.py",
        "ui/screens/results.kv",
        "play/timer.py",
        "store/store.py",
        "cli/replay.py",
        "stats.py",
    ):
        assert module in shared, module
    assert not any(name.startswith(("games/wyscig", "ui/tables/wyscig/")) for name in shared)
    names = game_names()
    sample = ROOT / "tests" / "sample_shared.py"
    try:
        sample.write_text(
            'go = {"type": "start_timer"}\nx = summary["score"]\nscreen = "score"\n'
            'model.act("score", distances={})\nok = action.type == "dice"\n'
            'word = "start_timer"\nfolder = "dice"\n'
            f"game = {games.GAMES[0].id!r}\n",
            "utf-8",
        )
        # Which game a name is said to be of depends on the games registered: the
        # names found are what counts.
        found = sorted(p.split(" ", 2)[1] for p in named(sample, names))
        assert found == sorted(["'dice'", "'score'", "'start_timer'", repr(games.GAMES[0].id)])
    finally:
        sample.unlink()
