"""Names and titles the players read (a player's name in every game; an any-game's
title, counter and category names), as the game file contract defines them.

Printable: no character of Unicode's general categories Cc (control), Cf (format:
zero-width and direction marks), Cs (surrogate), Co (private use), Cn (unassigned),
Zl or Zp (line and paragraph separators); and more than spaces. Characters are
counted as code points after NFC normalisation ("e" and a combining accent are one
character, as the precomposed "é" is); the text itself is kept as written.

The Unicode data is `unicodedata2`'s (a fixed Unicode version), not the Python's
own: Python 3.11, 3.12 and 3.13 each know another version, and a name that one of
them calls unassigned must not replay differently on another.
"""

from __future__ import annotations

import unicodedata2

from companion.core.messages import Catalog, Message

REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""The general categories a printable text has none of."""

UNICODE_VERSION: str = unicodedata2.unidata_version

M = Catalog("text")


def category(char: str) -> str:
    """The Unicode general category of one character ("Lu", "Cf", ...)."""
    return str(unicodedata2.category(char))


def nfc(text: str) -> str:
    return str(unicodedata2.normalize("NFC", text))


def length(text: str) -> int:
    """The characters of `text` as the contract counts them: code points after NFC."""
    return len(nfc(text))


def refused(text: str) -> str | None:
    """The first character of `text` that is not printable, or None."""
    return next((char for char in text if category(char) in REFUSED), None)


def problem(text: str, longest: int) -> Message | None:
    """What keeps `text` from being a name or a title of 1 to `longest` characters,
    or None: the length first (NFC is C, quick even on a hostile file's megabytes of
    title; looking at each character is not), then a refused character, then a text
    of only spaces."""
    count = length(text)
    if not 1 <= count <= longest:
        return M("length", longest=longest, count=count)
    char = refused(text)
    if char is not None:
        return M("control" if category(char) == "Cc" else "unprintable", text=text)
    if all(category(char) == "Zs" for char in text):
        return M("blank")
    return None
