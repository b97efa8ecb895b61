"""A small parser for udev rules files: enough to catch a typo that udev would skip
with only a log line (an unknown key, `=` where `==` was meant, an unquoted value)."""

from __future__ import annotations

import re
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
