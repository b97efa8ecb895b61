"""Player names are printable: no control characters, escape codes, newlines, NUL or
invisible characters, and more than spaces; 1 to 24 characters. The error quotes
the name with its control characters written as escapes, never raw."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.core.errors import GameFileError
from companion.core.model import PlayerSpec
from tests.games.helpers import game, replay


def refusal(name: str) -> str:
    with pytest.raises(GameFileError) as caught:
        replay(game("wyscig-balonow", ["Ola", name]))
    return str(caught.value)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("\x1b[31mAnna", r'"\x1b[31mAnna" has a control character'),
        ("An\nna", r'"An\nna" has a control character'),
        ("Anna\x00", r'"Anna\x00" has a control character'),
        ("\tAnna", r'"\tAnna" has a control character'),
        ("Anna\x7f", r'"Anna\x7f" has a control character'),
        ("Anna\u200b", r'"Anna\u200b" has a character that cannot be shown'),
        ("Anna\u2028", r'"Anna\u2028" has a character that cannot be shown'),
        ("   ", "a name needs more than spaces"),
        ("\u3000", "a name needs more than spaces"),
        ("", "string should have at least 1 character"),
        ("A" * 25, "string should have at most 24 characters"),
    ],
)
def test_a_name_that_cannot_be_printed_is_refused_with_a_sentence(name: str, expected: str):
    message = refusal(name)
    assert message == f"game.json: players: player 2: name: {expected}"
    assert message.isprintable()


@pytest.mark.parametrize("name", ["Zoë", "Łucja", "Anna Maria", "Ann\u00a0Marie", "A" * 24, "李"])
def test_printable_names_are_kept_as_given(name: str):
    assert replay(game("wyscig-balonow", ["Ola", name])).setup.names == ["Ola", name]


def test_the_model_itself_refuses_an_escape_code():
    with pytest.raises(ValidationError):
        PlayerSpec(name="\x1b]0;owned\x07")
