"""Every argument of every command says what it is (`--help`), and `--version` comes
from the installed package."""

from __future__ import annotations

import argparse
from importlib.metadata import version

from companion.cli import build_parser
from tests.conftest import run_companion


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found = {"companion": parser}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found[name] = sub
    return found


def test_every_argument_of_every_command_has_a_help_line() -> None:
    missing = [
        f"{name} {'/'.join(action.option_strings) or action.dest}"
        for name, parser in commands(build_parser()).items()
        for action in parser._actions
        if not isinstance(action, argparse._SubParsersAction)
        and (not action.help or action.help == argparse.SUPPRESS)
    ]
    assert missing == []


def test_every_command_has_a_help_line() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    listed = {choice.dest for choice in sub._choices_actions if choice.help}
    assert listed == set(sub.choices)


def test_version_comes_from_the_package() -> None:
    done = run_companion("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"balloon-companion {version('balloon-companion')}"
