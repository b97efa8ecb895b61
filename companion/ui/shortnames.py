"""A player's name made shorter for a narrow column (the score sheet's heads), as
players write a long name on a paper pad: the first name with the others' initials,
then the first name alone, then its first letters and a dot. Pure: the widget that
shows a head tries these in order and keeps the first that fits its column."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

LEAST_LETTERS = 3  # "Max." is still a name at the table; "M." could be anyone's


def short_forms(name: str) -> Iterator[str]:
    """`name` itself, then ever shorter forms of it (fewer characters, a closing dot
    aside); the last is its first LEAST_LETTERS letters and a dot."""
    shortest: int | None = None
    for form in _forms(name.strip()):
        size = len(form.removesuffix("."))
        if form and (shortest is None or size < shortest):
            shortest = size
            yield form


def _forms(name: str) -> Iterator[str]:
    yield name
    first, *others = name.split()
    if others:
        yield " ".join([first, *(_initial(word) for word in others)])
        yield first
    # The first name cut: letters, not code points (a letter and its accent stay one).
    letters = _letters(first)
    for count in range(len(letters) - 1, LEAST_LETTERS - 1, -1):
        yield "".join(letters[:count]).rstrip("-'’.") + "."


def _initial(word: str) -> str:
    return _letters(word)[0] + "."


def _letters(word: str) -> list[str]:
    """`word` as the letters a reader sees: a combining mark stays with its letter."""
    letters: list[str] = []
    for char in word:
        if letters and unicodedata.combining(char):
            letters[-1] += char
        else:
            letters.append(char)
    return letters
