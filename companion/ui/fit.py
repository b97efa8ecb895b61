"""Whether a label shows all of its text: nothing cut off (by its box, `shorten` or
`max_lines`), nothing drawn beyond its widget, and no line broken inside a word.
`FitLabel` (widgets.py) shrinks its font until this holds; the UI tests ask it of
every label on every screen they reach, in every language."""

from __future__ import annotations

import re

from kivy.uix.label import Label

MARKUP = re.compile(r"\[/?[a-z_]+(=[^\]]*)?\]")
SLACK_PX = 1.5  # rounding: a texture may be a pixel larger than its box


def _squash(text: str) -> str:
    return "".join(text.split())


def rendered_lines(label: Label) -> list[str]:
    """The lines Kivy laid the label's text out in, as it draws them."""
    lines = getattr(label._label, "_cached_lines", None) or []
    return ["".join(word.text for word in line.words) for line in lines]


def problem(label: Label) -> str | None:
    """What is wrong with how `label` shows its text, in a sentence; None if nothing."""
    text = MARKUP.sub("", label.text) if getattr(label, "markup", False) else label.text
    if not text.strip():
        return None
    if getattr(getattr(label, "_trigger_texture", None), "is_triggered", True):
        label.texture_update()  # else its texture and lines are those of its text now
    lines = rendered_lines(label)
    if _squash("".join(lines)) != _squash(text):
        return f"cut off: {text!r} shows as {' / '.join(lines)!r}"
    broken = _broken_word(text, lines)
    if broken is not None and _fits_a_line(label, broken):
        return f"breaks the word {broken!r} in {text!r}"
    width, height = label.texture_size
    if _lines_hidden(label):
        return f"cut off: {text!r}: {len(lines)} lines, room for fewer"
    if width > label.width + SLACK_PX or height > label.height + SLACK_PX:
        return (
            f"too big: {text!r} needs {width:.0f}x{height:.0f},"
            f" has {label.width:.0f}x{label.height:.0f}"
        )
    return None


def _fits_a_line(label: Label, word: str) -> bool:
    """A word that could be kept whole. A file path wider than the whole line is broken
    wherever the line ends: nothing could keep it whole (any other word that wide is a
    label too narrow for its words: a problem)."""
    if "/" not in word:
        return True
    room = label.text_size[0] if label.text_size[0] else label.width
    return bool(label._label.get_extents(word)[0] <= room)


def _lines_hidden(label: Label) -> bool:
    """A fixed text_size clips the texture to its box, so a line laid out below it
    is not drawn: the lines' own heights tell (a single line a few pixels taller
    than its box is the font's spacing, not a hidden line)."""
    lines = getattr(label._label, "_cached_lines", None) or []
    if len(lines) < 2:
        return False
    padding = label.padding[1] + label.padding[3] if len(label.padding) == 4 else 0
    needed = sum(line.h for line in lines) + padding
    return bool(needed - label.height > 0.25 * max(line.h for line in lines))


def _broken_word(text: str, lines: list[str]) -> str | None:
    """The word a line ends inside of (a break not at a space or hyphen), if any."""
    position = 0
    for index, line in enumerate(lines):
        part = line.strip()
        if not part:
            continue
        found = text.find(part, position)
        if found < 0:
            found = text.find(part)
        if found < 0:
            return part
        if index and found and not (text[found - 1].isspace() or text[found - 1] in "-/"):
            start = text.rfind(" ", 0, found) + 1
            end = text.find(" ", found)
            return text[start : end if end >= 0 else len(text)]
        position = found + len(part)
    return None


def wrapped_lines(text: str, width: float, font_size: float, *, bold: bool = False) -> int:
    """How many lines `text` takes in the app's font at `font_size`, wrapped between
    words at `width` (0 for no text)."""
    if not text.strip() or width <= 1:
        return 0
    from kivy.core.text import Label as CoreLabel

    label = CoreLabel(text=text, font_size=font_size, bold=bold, text_size=(width, None))
    label.refresh()
    return len(getattr(label, "_cached_lines", None) or [])


def wrapped_height(text: str, width: float, font_size: float) -> float:
    """How tall `text` is in the app's font at `font_size`, wrapped between words at
    `width`: the room a refusal needs to be read whole."""
    if not text.strip() or width <= 1:
        return 0.0
    from kivy.core.text import Label as CoreLabel

    label = CoreLabel(text=text, font_size=font_size, text_size=(width, None))
    label.refresh()
    return float(label.texture.size[1])
