"""Printable names and titles (`companion.core.text`), as the game file contract says:
no character of the general categories Cc, Cf, Cs, Co, Cn, Zl or Zp; more than
spaces; characters counted as code points after NFC, the text kept as written. Over
all of Unicode: every refused category wherever it stands, and combining sequences
whose NFC length is not their raw length, at the 24 and 60 boundaries."""

from __future__ import annotations

import time
from functools import cache

import pytest
import unicodedata2
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import text
from companion.core.messages import Message
from tests.waiting import limit

LAST = 0x10FFFF


@cache
def format_characters() -> tuple[int, ...]:
    """Every Cf code point (the planes that hold them: 0, 1 and 14)."""
    planes = [*range(0x20000), *range(0xE0000, 0xE1000)]
    return tuple(cp for cp in planes if unicodedata2.category(chr(cp)) == "Cf")


def of_category(category: str) -> st.SearchStrategy[str]:
    """Any character of a refused category, as the contract's Unicode data has it."""
    if category == "Cc":
        points = st.one_of(st.integers(0, 0x1F), st.integers(0x7F, 0x9F))
    elif category == "Cs":
        points = st.integers(0xD800, 0xDFFF)
    elif category == "Co":
        points = st.one_of(
            st.integers(0xE000, 0xF8FF), st.integers(0xF0000, 0xFFFFD), st.integers(0x100000, LAST)
        ).filter(lambda cp: unicodedata2.category(chr(cp)) == "Co")
    elif category == "Cn":
        points = st.integers(0, LAST).filter(lambda cp: unicodedata2.category(chr(cp)) == "Cn")
    elif category == "Cf":
        points = st.sampled_from(format_characters())
    else:
        points = st.just({"Zl": 0x2028, "Zp": 0x2029}[category])
    return points.map(chr)


shown = st.characters(
    codec="utf-8", exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs")
).filter(lambda c: unicodedata2.category(c) not in text.REFUSED)
fine = st.text(shown, min_size=1, max_size=12)


def key(found: Message | None) -> str | None:
    return None if found is None else found.key


@pytest.mark.parametrize("category", sorted(text.REFUSED))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_character_of_each_refused_category_is_refused_wherever_it_stands(
    category: str, data: st.DataObject
) -> None:
    around = data.draw(fine)
    where = data.draw(st.integers(0, len(around)))
    char = data.draw(of_category(category))
    given_text = around[:where] + char + around[where:]
    found = text.problem(given_text, 60)
    assert key(found) == ("text.control" if category == "Cc" else "text.unprintable")
    assert found is not None and found.params["text"] == given_text  # quoted as written
    assert text.refused(given_text) == char


@settings(max_examples=200, deadline=None)
@given(st.text(shown, min_size=1, max_size=24))
def test_a_text_of_shown_characters_within_the_length_stands(given_text: str) -> None:
    if text.length(given_text) <= 24:
        assert text.problem(given_text, 24) is None
    else:  # a character that NFC lengthens
        assert key(text.problem(given_text, 24)) == "text.length"


# Pieces that each start with a starter nothing before it combines with, so the NFC of
# a text is the NFC of its pieces: (raw, characters after NFC).
PIECES = [
    ("a", 1),
    ("Zoë", 3),
    ("e\u0301", 1),  # e and a combining acute: é
    ("A\u030a", 1),  # Å
    ("\u212b", 1),  # the ångström sign: Å, one for one
    ("\u1100\u1161", 1),  # two Hangul jamo: 가
    ("o\u0308\u0304", 1),  # ȫ: o, diaeresis, macron
    ("q\u0307\u0323", 3),  # no precomposed form: as many as given
    ("\u0958", 2),  # क़: NFC decomposes it (a composition exclusion)
    ("\ufb2c", 3),  # שּׁ: the same, into three
    ("\U0001d15e", 2),  # a musical half note: two
]


@st.composite
def counted(draw: st.DrawFn, target: int) -> tuple[str, int]:
    """A text of pieces whose NFC length is `target` or one more."""
    wanted = target + draw(st.integers(0, 1))
    parts: list[str] = []
    total = 0
    while total < wanted:
        raw, count = draw(st.sampled_from([p for p in PIECES if p[1] <= wanted - total]))
        parts.append(raw)
        total += count
    return "".join(parts), total


@pytest.mark.parametrize("longest", [24, 60])
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_the_length_is_counted_after_nfc_at_the_boundary(longest: int, data: st.DataObject) -> None:
    given_text, count = data.draw(counted(longest))
    assert text.length(given_text) == count
    found = text.problem(given_text, longest)
    if count <= longest:
        assert found is None
    else:
        assert found == text.M("length", longest=longest, count=count)


@pytest.mark.parametrize(
    ("given_text", "raw", "nfc"),
    [
        ("e\u0301" * 24, 48, 24),  # longer as written, 24 characters
        ("\u0958" * 13, 13, 26),  # shorter as written, 26 characters
        ("\u1100\u1161" * 24, 48, 24),
        ("\ufb2c" * 8, 8, 24),
        ("\ufb2c" * 9, 9, 27),
    ],
)
def test_raw_and_nfc_lengths_differ_and_nfc_counts(given_text: str, raw: int, nfc: int) -> None:
    assert (len(given_text), text.length(given_text)) == (raw, nfc)
    assert (text.problem(given_text, 24) is None) == (nfc <= 24)


@pytest.mark.parametrize(
    ("given_text", "problem"),
    [
        ("", "1 to 24 characters, 0 given"),
        (" ", "needs more than spaces"),
        ("\u3000\u00a0\u2003", "needs more than spaces"),
        ("\u0301", None),  # a combining mark alone is shown (on a dotted circle)
        ("Ann\u200dA", '"Ann\\u200dA" has a character that cannot be shown'),  # ZWJ: Cf
        ("Ann\ufeff", '"Ann\\ufeff" has a character that cannot be shown'),
        ("An\u0085n", '"An\\x85n" has a control character'),
        ("Ann\U000e0041", '"Ann\\U000e0041" has a character that cannot be shown'),  # a tag
        ("Ann\ufffe", '"Ann\\ufffe" has a character that cannot be shown'),  # noncharacter
        ("Ann\U000f0000", '"Ann\\U000f0000" has a character that cannot be shown'),
        ("\ud800Ann", '"\\ud800Ann" has a character that cannot be shown'),
        ("\u0378", '"\\u0378" has a character that cannot be shown'),
        ("A\n" * 12, '"' + "A\\n" * 12 + '" has a control character'),
        ("A\n" * 13, "1 to 24 characters, 26 given"),  # the length first
    ],
)  # fmt: skip
def test_sentences(given_text: str, problem: str | None) -> None:
    found = text.problem(given_text, 24)
    assert (None if found is None else str(found)) == problem


def test_the_unicode_data_is_the_packages_not_the_pythons() -> None:
    """U+1FAE8 (a face, Unicode 15) is shown on every Python the app runs on, though
    Python 3.11 calls it unassigned; the contract's printable is one version's."""
    assert unicodedata2.unidata_version == text.UNICODE_VERSION
    assert tuple(int(part) for part in text.UNICODE_VERSION.split(".")) >= (15, 1)
    assert text.problem("Ola \U0001fae8", 24) is None


def test_a_hostile_files_megabytes_of_title_are_refused_by_their_length_at_once() -> None:
    """The length is counted in C (NFC); looking at 15 million characters one by one
    would take seconds (6 s here), a Pi four times as long."""
    huge = "A" * 15_000_000 + "\x1b"
    started = time.perf_counter()
    found = text.problem(huge, 60)
    took = time.perf_counter() - started
    assert found == text.M("length", longest=60, count=15_000_001)
    assert took < limit(1.0), took
