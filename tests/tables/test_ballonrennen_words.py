"""Ballonrennen's words as players read them at the table, in every language: German
names a balloon by its colour as an adjective ("der rote Ballon"), Polish never puts
a player's name where it would need a case or a gender ("gracza Ola"), and the table
calls each token what the rules call it (the correction's counters, History's log)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.games import ballonrennen as br
from companion.games.ballonrennen.messages import M, token
from companion.i18n import languages, translator
from companion.ui.tables.ballonrennen import words
from companion.ui.tables.ballonrennen.text import UB
from tests.tables.helpers import session

I18N = Path(__file__).resolve().parents[2] / "companion" / "i18n"


def test_german_names_a_balloon_by_its_colour_as_an_adjective() -> None:
    de = translator("de", strict=True)
    assert de(UB("balloon", colour="red")) == "Roter Ballon"
    assert de(UB("balloon", colour="white")) == "Weißer Ballon"
    sentence = de(M("colour_twice", colour="yellow", names="Anna, Ben"))
    assert sentence == "Der gelbe Ballon ist zweimal gewählt (Anna, Ben)"


def test_polish_never_declines_a_name_nor_gives_it_a_gender() -> None:
    """No "gracza {player}" (the masculine genitive of "player" before a name): the
    name stands on its own, before a colon or in brackets."""
    entries = json.loads((I18N / "pl.json").read_text(encoding="utf-8"))
    found = []
    for key, value in entries.items():
        if not key.startswith(("ballonrennen.", "ui_ballonrennen.")):
            continue
        for text in value.values() if isinstance(value, dict) else [value]:
            if re.search(r"\bgracz\w*\s+\{player\}", text):
                found.append(f"{key}: {text}")
    assert not found, "\n".join(found)


def test_polish_history_names_the_player_on_its_own() -> None:
    pl = translator("pl", strict=True)
    game = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    said = pl(words.describe(br.RULES.parse_action({"type": "land"}), game.state))
    assert said == "lądowanie (Ola)"


@pytest.mark.parametrize("lang", languages())
def test_the_table_calls_each_token_what_the_rules_call_it(lang: str) -> None:
    tr = translator(lang, strict=True)
    assert tr(UB("t_gas")).lower() == tr(token("gas")).lower()
    assert tr(UB("t_sandbags")).lower() == tr(token("sandbags")).lower()
    one_sack = tr(M("hold_limit", player="X", limit=1, token="mail_sack"))
    assert tr(UB("t_mail_sack")).lower() in one_sack.lower()
