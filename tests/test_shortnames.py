"""A long name made shorter for the score sheet's narrow column (issue 34.5): every
form is the player's own name or a shortening of it a table reads as theirs, each
shorter than the one before, and a letter keeps its accent."""

from __future__ import annotations

import itertools
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from companion.ui.shortnames import LEAST_LETTERS, short_forms

NAME_CHARS = st.characters(
    whitelist_categories=("Lu", "Ll", "Lo", "Mn", "Nd"), whitelist_characters=" -'"
)


def test_forms_of_a_name_of_several_words() -> None:
    assert list(short_forms("Zoë van der Meer-Bakker"))[:3] == [
        "Zoë van der Meer-Bakker",
        "Zoë v. d. M.",
        "Zoë",
    ]
    assert list(short_forms("Maximilian"))[-1] == "Max."
    assert list(short_forms("Ola")) == ["Ola"]


def test_a_combining_accent_stays_with_its_letter() -> None:
    decomposed = unicodedata.normalize("NFD", "Zoëëëëë")
    for form in list(short_forms(decomposed))[1:]:  # cut before a letter, not a mark
        assert decomposed.startswith(form[:-1]) and not unicodedata.combining(
            decomposed[len(form) - 1]
        )
    assert list(short_forms(decomposed))[-1] == unicodedata.normalize("NFD", "Zoë.")


@given(st.text(NAME_CHARS, min_size=1, max_size=24).filter(lambda n: n.strip()))
def test_every_name_shortens_to_its_own_first_letters(name: str) -> None:
    forms = list(short_forms(name))
    assert forms[0] == name.strip()
    for before, after in itertools.pairwise(forms):
        assert len(after.removesuffix(".")) < len(before.removesuffix("."))
    first = name.split()[0]
    for form in forms[1:]:  # the first name, whole or its first letters, comes first
        kept = form.split()[0].removesuffix(".")
        assert first.startswith(kept) and len(kept) >= min(LEAST_LETTERS, len(first)) - 1
