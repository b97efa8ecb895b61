"""Player names are printable: no control characters, escape codes, newlines, NUL or
invisible characters, and more than spaces; 1 to 24 characters. The error quotes
the name with its control characters written as escapes, never raw."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion import games
from companion.core.errors import CompanionError, GameFileError
from companion.core.messages import printable
from companion.core.model import PlayerSpec
from tests.games.helpers import game, replay
from tests.games.setups import plain_options


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
        ("   ", "needs more than spaces"),
        ("\u3000", "needs more than spaces"),
        ("", "1 to 24 characters, 0 given"),
        ("A" * 25, "1 to 24 characters, 25 given"),
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


GAMES = {game_id: plain_options(game_id, ["Ola", "Jan"]) for game_id in games.game_ids()}
REFUSED = {  # one of each general category the contract refuses
    "Cc": "\x07",
    "Cf": "\u2066",
    "Cs": "\udfff",
    "Co": "\ue000",
    "Cn": "\U000e0fff",
    "Zl": "\u2028",
    "Zp": "\u2029",
}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("category", REFUSED)
def test_every_game_refuses_a_name_with_a_character_of_each_refused_category(
    game_id: str, category: str
) -> None:
    name = f"An{REFUSED[category]}na"
    with pytest.raises(GameFileError) as caught:
        replay(game(game_id, ["Ola", name], GAMES[game_id]))
    kind = "a control character" if category == "Cc" else "a character that cannot be shown"
    assert str(caught.value) == (
        f'game.json: players: player 2: name: "{printable(name)}" has {kind}'
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_counts_a_names_characters_after_nfc_and_keeps_it_as_written(
    game_id: str,
) -> None:
    long_as_written = "e\u0301" * 24  # 48 code points, 24 characters
    names = ["Ola", long_as_written]
    assert replay(game(game_id, names, GAMES[game_id])).setup.names == names
    short_as_written = "\u0958" * 13  # 13 code points, 26 characters
    with pytest.raises(GameFileError) as caught:
        replay(game(game_id, ["Ola", short_as_written], GAMES[game_id]))
    assert str(caught.value) == "game.json: players: player 2: name: 1 to 24 characters, 26 given"


@pytest.mark.parametrize(("first", "second"), [("Zo\u00eb", "Zoe\u0308"), ("\u212b", "\u00c5")])
def test_two_names_equal_after_nfc_are_the_same_name_twice(first: str, second: str) -> None:
    with pytest.raises(GameFileError) as caught:
        replay(game("any-game", [first, second], {"title": "Azul"}))
    assert str(caught.value) == (
        f'game.json: players: "{second}" is seated twice; names must be unique'
    )


def test_a_name_is_matched_as_written() -> None:
    session = replay(game("any-game", ["Zoe\u0308", "Ola"], {"title": "Azul"}))
    with pytest.raises(CompanionError, match="is not playing"):
        session.apply(session.rules.parse_action({"type": "pass_to", "player": "Zo\u00eb"}))
    session.apply(session.rules.parse_action({"type": "eliminate", "player": "Zoe\u0308"}))
    assert session.summary().data["players"][0] == {
        **session.summary().data["players"][0],
        "out": True,
    }
