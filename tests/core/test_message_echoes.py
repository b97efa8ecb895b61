"""Echoes are short (issue 23.10): a value quoted back from input is cut to a readable
length where a message's parameters are rendered, in every language; a short name
shows whole, and what the program composes (a list, a path) is not cut at 60."""

from __future__ import annotations

import pytest

from companion.core.messages import ECHO_LIMIT, TEXT_LIMIT, Catalog, cut, render, shown

M = Catalog(
    "test_echoes",
    {
        "unknown": 'unknown action type "{type}" (this game knows: {known})',
        "named": "{name}: {value} is not allowed",
    },
)
HUGE = "x" * 32_000_000  # the action type of issue 23


def test_a_long_value_is_cut_with_an_ellipsis_and_a_short_one_is_whole() -> None:
    assert cut("Anna") == "Anna"
    assert cut("a" * ECHO_LIMIT) == "a" * ECHO_LIMIT
    assert cut("a" * (ECHO_LIMIT + 1)) == "a" * (ECHO_LIMIT - 1) + "…"
    assert len(shown(HUGE)) == ECHO_LIMIT


def test_an_echo_is_escaped_before_it_is_cut() -> None:
    echoed = shown("\x1b[31m" * 1000)
    assert echoed.isprintable() and echoed.startswith("\\x1b[31m") and len(echoed) == ECHO_LIMIT


def test_a_message_quotes_a_32_mb_action_type_in_one_short_line() -> None:
    known = ", ".join(f"action_{n}" for n in range(20))  # 208 characters, composed
    text = str(M("unknown", type=HUGE, known=known))
    assert text == f'unknown action type "{"x" * 59}…" (this game knows: {known})'


def test_names_a_player_typed_show_whole() -> None:
    name = "Zofia Brzęczyszczykiewicz"  # 25 characters
    assert str(M("named", name=name, value="7")) == f"{name}: 7 is not allowed"


def test_a_composed_parameter_has_a_backstop_only() -> None:
    known = "y" * 100_000
    text = str(M("unknown", type="go", known=known))
    assert text.endswith("y" * (TEXT_LIMIT - 1) + "…)")


@pytest.mark.parametrize("lang", ["pl", "de"])
def test_every_language_cuts_alike(lang: str) -> None:
    templates = {"test_echoes.named": "{name}: wartość {value} jest niedozwolona"}
    text = render(M("named", name="Ola", value=HUGE), templates, lang=lang)
    assert text == f"Ola: wartość {'x' * 59}… jest niedozwolona"
