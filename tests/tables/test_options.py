"""The new-game options without a window: the rows stay in their places whatever is
chosen, a counter's name gives it an id, its start and bounds stay in order, and a
game played before gives its choices back."""

from __future__ import annotations

from companion.ui.tables.base.options import (
    OptionField,
    bounded,
    chosen,
    counter_id,
    missing,
    new_counter,
    plain,
    recalled,
    rows,
    sent,
    stepped,
)

CLOCK = OptionField("clock", "o_clock", "choice", "none", (("none", "a"), ("turn", "b")))
TIMER = OptionField(
    "timer", "o_timer", "seconds", 60, minimum=5, maximum=600, when=("clock", ("turn",)), slot="s"
)
BANK = OptionField("bank", "o_bank", "minutes", 1200, step=60, when=("clock", ("bank",)), slot="s")
TITLE = OptionField("title", "o_title", "text", "", maximum=60, recall=True, missing="o_missing")
NUMBER = OptionField("bgg", "o_bgg", "number", None, maximum=999999, inline=True)
SCORING = OptionField("scoring", "o_scoring", "pick", "high", (("high", "h"), ("places", "p")))
FROM = OptionField(
    "from",
    "o_from",
    "pick",
    None,
    ((None, "typed"),),
    inline=True,
    when=("scoring", ("high",)),
    choices_from="counters",
)
FLAGS = OptionField("variants", "o_v", "flags", (), (("storm", "s"), ("calm", "c")))
FIELDS = (TITLE, NUMBER, CLOCK, TIMER, BANK, SCORING, FROM, FLAGS)
APP = OptionField("app_timer", "o_app", "seconds", 0, app_only=True)


def shape(options: dict[str, object]) -> list[tuple[str | None, tuple[tuple[str, bool], ...]]]:
    return [
        (row.field.key if row.field else None, tuple((f.key, on) for f, on in row.inline))
        for row in rows(FIELDS, options)
    ]


def test_the_rows_keep_their_places_whatever_is_chosen() -> None:
    start = {"clock": "none", "scoring": "high"}
    assert shape(start) == [
        ("title", (("bgg", True),)),
        ("clock", ()),
        (None, ()),  # no clock: the place of its seconds stays, empty
        ("scoring", (("from", True),)),
        ("variants", ()),
    ]
    assert shape({"clock": "turn", "scoring": "places"}) == [
        ("title", (("bgg", True),)),
        ("clock", ()),
        ("timer", ()),
        ("scoring", (("from", False),)),  # not with places: its place kept
        ("variants", ()),
    ]
    assert shape({"clock": "bank", "scoring": "high"})[2] == ("bank", ())
    assert [f.key for f in sent(FIELDS, {"clock": "bank", "scoring": "places"})] == [
        "title",
        "bgg",
        "clock",
        "bank",
        "scoring",
        "variants",
    ]


def test_a_note_keeps_its_room_under_its_row() -> None:
    noted = OptionField("deck", "o_deck", "choice", "a", (("a", "x"),), notes=(("b", "n"),))
    assert [r.notes for r in rows((noted, CLOCK), {"deck": "a"})] == [True, False]


def test_a_pick_offers_its_choices_and_the_items_of_another_option() -> None:
    counters = [{"id": "vp", "name": "VP"}, {"id": "coins", "name": "Coins"}]
    assert FROM.picks({"counters": counters}) == [(None, "typed"), ("vp", None), ("coins", None)]
    assert TIMER.step_to(60, -20) == 5 and TIMER.step_to(598, 1) == 600


def test_a_counters_id_comes_from_its_name() -> None:
    assert counter_id("Victory points", []) == "victory_points"
    assert counter_id("Złote monety ŻÓŁW", []) == "zlote_monety_zol"
    assert counter_id("Łódź", []) == "lodz" and counter_id("Größe", []) == "grosse"
    assert counter_id("!!!", []) == "counter"
    assert counter_id("VP", ["vp"]) == "vp_2"
    assert counter_id("VP", ["vp", "vp_2"]) == "vp_3"
    long = counter_id("A very long counter name", [])
    assert long == "a_very_long_coun" and len(counter_id("a very long counter name", [long])) == 16
    assert new_counter("Coins", []) == {
        "id": "coins",
        "name": "Coins",
        "start": 0,
        "min": 0,
        "max": None,
    }


def test_a_counters_start_stays_within_its_bounds() -> None:
    counter = new_counter("Lives", [])
    assert stepped(counter, "start", -1)["start"] == 0  # not below its least
    counter = stepped(counter, "start", 5)
    assert stepped(counter, "min", 9)["min"] == 5  # a bound does not pass the start
    counter = bounded(counter, "max", True)
    assert counter["max"] == 5 and stepped(counter, "start", 1)["start"] == 5
    assert stepped(counter, "max", -3)["max"] == 5
    counter = bounded(bounded(counter, "min", False), "max", False)
    assert (counter["min"], counter["max"]) == (None, None)
    assert stepped(counter, "min", 1) == counter  # no bound: nothing to step
    assert stepped(counter, "start", -10)["start"] == -5


def test_a_game_played_before_gives_its_choices_back() -> None:
    stored = {"title": "Azul", "clock": "bank", "bank": 600, "storm": True, "calm": False}
    assert recalled(FIELDS, stored) == {
        "title": "Azul",
        "bgg": None,
        "clock": "bank",
        "timer": 60,
        "bank": 600,
        "scoring": "high",
        "from": None,
        "variants": ("storm",),
    }


def test_start_sends_what_counts_now_and_refuses_an_empty_title() -> None:
    options = {
        "title": "",
        "bgg": None,
        "clock": "turn",
        "timer": 45,
        "bank": 1200,
        "scoring": "places",
        "from": "vp",
        "variants": ("storm",),
    }
    assert missing(FIELDS, options) is TITLE
    options["title"] = "Azul"
    assert missing(FIELDS, options) is None
    rules, app = chosen((*FIELDS, APP), {**options, "app_timer": 30})
    assert rules == {
        "title": "Azul",
        "clock": "turn",
        "timer": 45,  # the bank's minutes and the points' counter do not count now
        "scoring": "places",
        "storm": True,
        "calm": False,
    }
    assert app == {"app_timer": 30}
    scored = {**options, "scoring": "high", "from": "gone", "counters": [{"id": "vp"}]}
    assert "from" not in chosen(FIELDS, scored)[0]  # its counter was taken away
    assert chosen(FIELDS, {**scored, "from": "vp"})[0]["from"] == "vp"
    counters = ({"id": "vp", "name": "VP", "start": 0, "min": None, "max": (1, 2)},)
    assert plain(counters) == [{"id": "vp", "name": "VP", "start": 0, "min": None, "max": [1, 2]}]
