"""A secret stays secret, and no program's name reaches the players: every refusal the
new-game screen and the secret balloons' screen can show for Wyścig balonów, in every
language, is in the players' words (no option or field id such as `balloon_cards:`),
and a deal the players tapped with one colour twice is refused without naming it.
No Kivy: the screens' paths, taken the way the screens take them."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from itertools import combinations, product

import pytest

from companion.core.errors import CompanionError, SetupError
from companion.core.messages import Catalog, Message, Param, english_entries
from companion.core.model import PlayerSpec
from companion.core.terms import COLOURS, colour, colours
from companion.games import wyscig_balonow as wb
from companion.i18n import languages, translator
from companion.ui.tables import adapter
from companion.ui.tables.wyscig.text import W

TABLE = adapter(wb.GAME_ID)
OPTION_IDS = set(wb.Options.model_fields)
# An id as a program writes it (`balloon_cards`, `timer_seconds:`), outside quotes: a
# game file's own spelling, quoted, is allowed ("mail").
AN_ID = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\b(?:" + "|".join(OPTION_IDS) + r")\b")
QUOTED = re.compile(r'"[^"]*"')


def ids_in(text: str) -> list[str]:
    return AN_ID.findall(QUOTED.sub("", text))


def picks(count: int) -> Iterator[dict[str, tuple[str, ...]]]:
    """Every deal the pick screen lets `count` players tap: each taps as many
    colours as they hold, any of the five."""
    names = ["Ola", "Jan", "Ewa", "Kasia"][:count]
    hands = list(combinations(wb.BALLOONS, wb.balloons_per_player(count)))
    for deal in product(hands, repeat=count):
        yield dict(zip(names, deal, strict=True))


def setup_refusal(names: list[str], options: dict[str, object]) -> Message | None:
    try:
        wb.RULES.parse_options(options, [PlayerSpec(name=n) for n in names])
    except SetupError as error:
        return error.message
    return None


@pytest.mark.parametrize("count", [2, 3, 4])
def test_every_tapped_deal_is_refused_in_the_tables_words_or_taken(count: int) -> None:
    """The rules refuse a deal by naming the colour (a secret, said to everyone):
    each deal they refuse, the table refuses first, naming none."""
    refused = 0
    for deal in picks(count):
        said = TABLE.deal_refusal(deal)
        options = TABLE.with_deal({}, deal)
        rules_say = setup_refusal(list(deal), options)
        assert (said is None) == (rules_say is None), deal
        if said is not None:
            assert said == W("deal_twice")
            refused += 1
    assert refused > 0


COLOUR_WORDS = {
    lang: {translator(lang)(COLOURS(c)).lower() for c in wb.BALLOONS} for lang in languages()
}


@pytest.mark.parametrize("lang", languages())
def test_a_refused_deal_names_no_colour_and_no_id(lang: str) -> None:
    said = translator(lang, strict=True)(W("deal_twice")).lower()
    assert not [w for w in COLOUR_WORDS[lang] if re.search(rf"\b{w}\b", said)], said
    assert not ids_in(said)


def new_game_refusals() -> list[Message]:
    """What the new-game screen can be told by the rules for Wyścig: every choice its
    option rows offer, for 0 to 5 seated players, and a player left marked "without
    hourglass" after leaving their seat."""
    found: list[Message] = []
    fields = {f.key: f for f in TABLE.options}
    timers = range(0, fields["timer_seconds"].maximum + 1, fields["timer_seconds"].step)
    for count, seconds, order_cards, cards in product(
        range(6), timers, ("app", "table"), ("app", "table")
    ):
        names = ["Ola", "Jan", "Ewa", "Kasia", "Ida"][:count]
        options = {"timer_seconds": seconds, "order_cards": order_cards, "balloon_cards": cards}
        options = TABLE.with_deal(options, None)  # what the screen checks
        for untimed in ([], names[:1], ["Zed"]):
            said = setup_refusal(names, {**options, "untimed": untimed})
            if said is not None:
                found.append(said)
    return found


def sample(name: str) -> Param:
    if name in ("count", "given", "round", "near", "far", "delta", "unplaced"):
        return 2
    if name == "colour":
        return colour("red")
    if name == "colours":
        return colours(["red", "blue"])
    return "Ola"


def every_message(catalog: Catalog) -> list[Message]:
    english = english_entries()
    found = []
    for key in catalog.keys:
        entry = english[f"{catalog.namespace}.{key}"]
        texts = entry.values() if isinstance(entry, dict) else [entry]
        names = {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}
        found.append(catalog(key, **{n.split(":")[0]: sample(n.split(":")[0]) for n in names}))
    return found


@pytest.mark.parametrize("lang", languages())
def test_no_message_of_wyscig_shows_an_id(lang: str) -> None:
    """Every sentence of the rules and of the table (the refusals the new-game screen
    and the secret screen can show among them), in every language."""
    render = translator(lang, strict=True)
    said = [*new_game_refusals(), *every_message(wb.M), *every_message(W)]
    assert new_game_refusals(), "the new-game screen can be refused something"
    shown = {render(m): m.key for m in said}
    with_ids = {text: key for text, key in shown.items() if ids_in(text)}
    assert not with_ids


def test_the_rules_refusals_of_a_deal_name_no_option() -> None:
    """A game file's deal refused (the command line's `companion import`): the
    players' words there too, the colour named (no one is at the table to keep it
    from)."""
    with pytest.raises(CompanionError) as caught:
        wb.RULES.parse_options(
            {"balloon_cards": {"Ola": ["red"], "Jan": ["red"], "Ewa": ["blue"]}},
            [PlayerSpec(name=n) for n in ("Ola", "Jan", "Ewa")],
        )
    assert str(caught.value) == "The red balloon card is dealt twice"
