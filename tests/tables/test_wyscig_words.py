"""Wyścig balonów's words as a player reads them: Polish sentences that need no
declined name, a German score screen whose distance is not the keypad's delete key,
and refusals that say what to do. No Kivy."""

from __future__ import annotations

import re

import pytest

from companion.core.messages import Message
from companion.core.session import Session
from companion.i18n import catalog, translator
from companion.ui.strings import UI
from companion.ui.tables.wyscig.text import W
from tests.tables.helpers import act, session

NAMES = ("player", "name", "names", "first", "second", "ahead", "behind", "missing")
# Where a name stands in its own form, whatever its case would be: at the start, after
# a colon, in brackets, in a list, after "niż" (which takes the nominative), quoted.
OWN_FORM = re.compile(r'(^|: |\(|, | i | niż |")$')
WYSCIG_KEYS = re.compile(r"^(wyscig-balonow|ui_wyscig)\.|^ui\.(secret_|winner)")


def polish_names() -> list[tuple[str, str, str]]:
    """(key, template, the words before a name) of every Polish Wyścig sentence."""
    found = []
    for key, entry in catalog("pl").items():
        if not WYSCIG_KEYS.match(key):
            continue
        for template in entry.values() if isinstance(entry, dict) else [entry]:
            for match in re.finditer(r"\{(\w+)\}", template):
                if match.group(1) in NAMES:
                    found.append((key, template, template[: match.start()]))
    return found


def test_polish_wyscig_sentences_need_no_declined_name() -> None:
    """'Przekaż ekran graczowi Jan' asks for 'Janowi': a name stands where no case
    changes it ('Ekran dla: Jan', 'koniec tury (Jan)', 'Wygrywa: Ola')."""
    found = polish_names()
    assert len(found) > 20
    declined = [(key, template) for key, template, before in found if not OWN_FORM.search(before)]
    assert not declined


def test_the_german_score_screen_does_not_say_delete_for_distance() -> None:
    german = translator("de")
    distance = german(W("score_col_distance")).rstrip(".")
    assert distance != german(UI("delete")).rstrip(".")


def new_round(names: tuple[str, ...] = ("Ola", "Jan", "Ewa")) -> Session:
    game = session("wyscig-balonow", list(names), order_cards="table")
    act(game, "order", players=list(names))
    for _ in names:
        act(game, "end_turn")
    act(game, "order", players=list(names))
    return game


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Ola: place the new obstacle next to the yellow frame first, then end the turn"),
        ("pl", "Ola: najpierw połóż nową przeszkodę przy żółtej ramce, potem zakończ turę"),
        ("de", "Ola: Lege zuerst das neue Hindernis neben den gelben Rahmen, dann beende den Zug"),
    ],
)
def test_an_end_of_turn_before_the_new_obstacle_says_what_to_do(lang: str, said: str) -> None:
    game = new_round()
    refusal = game.refusal(game.rules.parse_action({"type": "end_turn"}))
    assert isinstance(refusal, Message)
    assert translator(lang)(refusal) == said
