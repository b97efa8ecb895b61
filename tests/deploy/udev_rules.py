"""A small parser for udev rules files: enough to catch a typo that udev would skip
with only a log line (an unknown key, `=` where `==` was meant, an unquoted value)."""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Mapping
from dataclasses import dataclass

MATCH_KEYS = {
    "ACTION",
    "DEVPATH",
    "KERNEL",
    "KERNELS",
    "NAME",
    "SYMLINK",
    "SUBSYSTEM",
    "SUBSYSTEMS",
    "DRIVER",
    "DRIVERS",
    "TAG",
    "TAGS",
    "TEST",
    "PROGRAM",
    "RESULT",
    "ENV",
    "ATTR",
    "ATTRS",
    "SYSCTL",
    "CONST",
}
ASSIGN_KEYS = {
    "NAME",
    "SYMLINK",
    "OWNER",
    "GROUP",
    "MODE",
    "SECLABEL",
    "ATTR",
    "SYSCTL",
    "ENV",
    "TAG",
    "RUN",
    "LABEL",
    "GOTO",
    "IMPORT",
    "OPTIONS",
}
WITH_ATTRIBUTE = {"ATTR", "ATTRS", "ENV", "TEST", "IMPORT", "RUN", "SYSCTL", "SECLABEL", "CONST"}
TOKEN = re.compile(r'\s*([A-Z]+)(?:\{([^}]+)\})?\s*(==|!=|\+=|-=|:=|=)\s*"([^"]*)"\s*(,|$)')


@dataclass(frozen=True)
class Token:
    key: str
    attribute: str | None
    op: str
    value: str


def parse_line(line: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    while pos < len(line):
        found = TOKEN.match(line, pos)
        if found is None:
            raise ValueError(f"cannot read {line[pos:]!r}")
        key, attribute, op, value, _ = found.groups()
        _check(key, attribute, op)
        tokens.append(Token(key, attribute, op, value))
        pos = found.end()
    return tokens


def _check(key: str, attribute: str | None, op: str) -> None:
    if op in ("==", "!="):
        if key not in MATCH_KEYS:
            raise ValueError(f"{key} cannot be matched")
    elif key not in ASSIGN_KEYS:
        raise ValueError(f"{key} cannot be assigned ({op})")
    if (attribute is not None) != (key in WITH_ATTRIBUTE):
        raise ValueError(f"{key} {'needs' if attribute is None else 'takes no'} {{attribute}}")


def parse(text: str) -> list[list[Token]]:
    """Every rule of a rules file (comments and blank lines skipped)."""
    rules = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            rules.append(parse_line(line))
    return rules


def assigned(rules: list[list[Token]], device: Mapping[str, str]) -> dict[str, str]:
    """What the rules assign (`GROUP`, `MODE`, ...) to a device described by its keys
    (`SUBSYSTEM`, `KERNEL`, `ENV{ID_INPUT_TOUCHSCREEN}`, ...), as udev would: every
    match of a rule holds (a pattern with * ? [], == or !=), later rules win. Only the
    keys these rules use; a key the device lacks is empty, as in udev."""
    result: dict[str, str] = {}
    for rule in rules:
        matches = [t for t in rule if t.op in ("==", "!=")]
        if all(_holds(t, device) for t in matches):
            for token in rule:
                if token.op in ("=", ":=", "+="):
                    result[_name(token)] = token.value
    return result


def _name(token: Token) -> str:
    return f"{token.key}{{{token.attribute}}}" if token.attribute else token.key


def _holds(token: Token, device: Mapping[str, str]) -> bool:
    found = any(
        fnmatch.fnmatchcase(device.get(_name(token), ""), pattern)
        for pattern in token.value.split("|")
    )
    return found if token.op == "==" else not found
