"""Everything the commands write goes through here, so nothing from data (a player's
name, a file name, a line a dice reader sent) can put a control character on the
terminal: an escape sequence that recolours it, a carriage return that hides text,
a bidi override that reorders it. Such characters are written as Python escapes
(`\\x1b`, `\\u202e`); JSON output keeps being valid JSON (`\\u001b`).
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO


def escape(text: str) -> str:
    """Every character that is not printable written as an escape, newlines too: for
    a value from data, quoted inside a line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escaped(c) for c in text)


def printable(text: str) -> str:
    """The same, keeping the line breaks the program itself put between lines."""
    return "\n".join(escape(line) for line in text.split("\n"))


def json_text(value: Any, **options: Any) -> str:
    """JSON with every non-printable character as a `\\u` escape (json.dumps leaves
    DEL, the C1 controls and the format characters as they are)."""
    text = json.dumps(value, ensure_ascii=False, **options)
    if all(c.isprintable() or c == "\n" for c in text):
        return text
    return "".join(c if c.isprintable() or c == "\n" else _json_escaped(c) for c in text)


def say(text: str = "", *, file: TextIO | None = None, flush: bool = False) -> None:
    """One or more lines on stdout (or `file`)."""
    stream = file if file is not None else sys.stdout
    stream.write(printable(text) + "\n")
    if flush:
        stream.flush()


def error(text: str) -> None:
    """The one `error:` line of a failed command."""
    say(f"error: {text}", file=sys.stderr, flush=True)


def note(text: str) -> None:
    say(f"note: {text}", file=sys.stderr, flush=True)


def _escaped(char: str) -> str:
    return repr(char)[1:-1]


def _json_escaped(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # outside the BMP: a surrogate pair, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
