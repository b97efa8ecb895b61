"""Any board game: a score sheet (`categories`), as the game file contract words it:
up to 12 `{id, name}` with a counter's rules for both, ids unique and none a
counter's, only with `high`/`low` without `score_from`; `score` then takes a map per
player naming every category (negative points too) and the points are their sum;
the summary's `sheet` per player, null before the end and without categories."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.any_helpers import VP, act, column, error, new, setup_error, who

SHEET = [
    {"id": "roads", "name": "Roads"},
    {"id": "cities", "name": "Cities"},
    {"id": "farms", "name": "Farms"},
]


def category(id_: str = "roads", name: str = "Roads", **fields: Any) -> dict[str, Any]:
    return {"id": id_, "name": name, **fields}


def lines(roads: int, cities: int, farms: int) -> dict[str, int]:
    return {"roads": roads, "cities": cities, "farms": farms}


def score(**points: Any) -> dict[str, Any]:
    return {"type": "score", "points": points}


# -- the options ---------------------------------------------------------------------


@pytest.mark.parametrize("scoring", ["high", "low"])
def test_a_score_sheet_stands_with_points_typed_at_the_end(scoring: str) -> None:
    options = new(categories=SHEET, scoring=scoring, counters=[VP]).state.options
    assert [(c.id, c.name) for c in options.categories] == [
        ("roads", "Roads"),
        ("cities", "Cities"),
        ("farms", "Farms"),
    ]


def test_twelve_categories_with_16_character_ids_and_24_character_names() -> None:
    sheet = [category(f"{n:x}" * 16, f"{n:x}" * 24) for n in range(12)]
    assert len(new(categories=sheet).state.options.categories) == 12


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"categories": [category(f"c{n}") for n in range(13)]},
         "categories: at most 12, 13 given"),
        ({"categories": [category("Roads")]}, 'categories: "Roads" is not a category id (1 to 16 '
         "characters of a-z, 0-9 and _)"),
        ({"categories": [category("")]}, 'categories: "" is not a category id (1 to 16 '
         "characters of a-z, 0-9 and _)"),
        ({"categories": [category("r" * 17)]}, f'categories: "{"r" * 17}" is not a category id '
         "(1 to 16 characters of a-z, 0-9 and _)"),
        ({"categories": [category(), category(name="More roads")]},
         'categories: the id "roads" is given twice'),
        ({"categories": [category("vp")], "counters": [VP]},
         'categories: "vp" is the id of a counter too'),
        ({"categories": [category(), category("x", "")]},
         "categories: category 2: name: 1 to 24 characters, 0 given"),
        ({"categories": [category(name="R" * 25)]},
         "categories: category 1: name: 1 to 24 characters, 25 given"),
        ({"categories": [category(name="Ro\u200bads")]},
         'categories: category 1: name: "Ro\\u200bads" has a character that cannot be shown'),
        ({"categories": [category(name="\t")]},
         'categories: category 1: name: "\\t" has a control character'),
        ({"categories": [category(name="\u2003")]},
         "categories: category 1: name: needs more than spaces"),
        ({"categories": [category(), ], "scoring": "places"},
         'categories go with the scoring "high" or "low" (this game\'s scoring: "places")'),
        ({"categories": [category()], "scoring": "coop"},
         'categories go with the scoring "high" or "low" (this game\'s scoring: "coop")'),
        ({"categories": [category()], "counters": [VP], "score_from": "vp"},
         'categories and score_from "vp" do not go together: the points come from one of them'),
        ({"categories": [category(colour="red")]}, 'unknown option "categories.0.colour"'),
        ({"categories": [{"name": "Roads"}]}, "categories.0.id: field required"),
        ({"categories": [category(name=None)]},
         "categories.0.name: input should be a valid string"),
        ({"categories": [category(name=7)]}, "categories.0.name: input should be a valid string"),
        ({"categories": None}, "categories: must not be null (leave the field out instead)"),
        ({"categories": {"roads": "Roads"}}, "categories: input should be a valid array"),
    ],
)  # fmt: skip
def test_score_sheets_that_are_refused(options: dict[str, Any], problem: str) -> None:
    assert setup_error(**options) == f"game.json: options: {problem}"


def test_a_category_name_may_repeat_a_counters_or_another_categorys() -> None:
    sheet = [category("a", "VP"), category("b", "VP")]
    assert len(new(categories=sheet, counters=[VP]).state.options.categories) == 2


def test_an_empty_score_sheet_is_no_score_sheet() -> None:
    session = new(categories=[], scoring="places")
    assert session.state.options.categories == ()
    s = act(new(categories=[]), score(Ola=1, Jan=2, Ewa=3))
    assert column(s, "sheet") == [None] * 3 and column(s, "score") == [1, 2, 3]


# -- the points --------------------------------------------------------------------


def test_the_points_are_the_sum_of_each_players_lines() -> None:
    session = new(categories=SHEET, counters=[VP])
    s = act(session, score(Ola=lines(3, 10, -2), Jan=lines(0, 0, 0), Ewa=lines(-5, 20, 6)))
    assert column(s, "score") == [11, 0, 21]
    assert column(s, "rank") == [2, 3, 1]
    assert who(s, "Ewa")["sheet"] == {"roads": -5, "cities": 20, "farms": 6}
    assert column(s, "tokens") == [{"vp": 0}] * 3  # counters are not the sheet
    assert s["winners"] == ["Ewa"]


def test_the_fewest_points_win_on_a_sheet_too() -> None:
    s = act(new(categories=SHEET, scoring="low"), score(
        Ola=lines(1, 1, 1), Jan=lines(0, 1, 2), Ewa=lines(9, 0, 0)
    ))  # fmt: skip
    assert column(s, "rank") == [1, 1, 3]


def test_the_sheet_is_in_the_categories_order_whatever_the_maps() -> None:
    backwards = {"farms": 3, "cities": 2, "roads": 1}
    s = act(new(categories=SHEET), score(Ola=backwards, Jan=backwards, Ewa=backwards))
    assert list(who(s, "Jan")["sheet"]) == ["roads", "cities", "farms"]


def test_the_sheet_is_null_before_the_end_and_without_categories() -> None:
    session = new(categories=SHEET)
    assert column(session.summary().data, "sheet") == [None] * 3
    act(session, {"type": "end_turn"})
    assert column(session.summary().data, "sheet") == [None] * 3
    for options in ({}, {"scoring": "places"}, {"scoring": "coop"}):
        assert column(new(**options).summary().data, "sheet") == [None] * 3
    s = act(new(), score(Ola=1, Jan=2, Ewa=3))
    assert column(s, "sheet") == [None] * 3


def test_players_out_of_the_game_rank_below_whatever_their_sheet() -> None:
    session = new(categories=SHEET)
    act(session, {"type": "eliminate", "player": "Ola"})
    s = act(session, score(Ola=lines(50, 50, 50), Jan=lines(1, 0, 0), Ewa=lines(0, 0, 0)))
    assert column(s, "rank") == [3, 1, 2]
    assert who(s, "Ola")["sheet"] == lines(50, 50, 50)


def test_a_correction_after_the_end_changes_no_sheet() -> None:
    session = new(categories=SHEET, counters=[VP])
    act(session, score(Ola=lines(1, 2, 3), Jan=lines(0, 0, 0), Ewa=lines(0, 0, 1)))
    s = act(session, {"type": "adjust", "player": "Jan", "token": "vp", "delta": 9})
    assert column(s, "score") == [6, 0, 1] and who(s, "Ola")["sheet"] == lines(1, 2, 3)


def test_undo_takes_the_sheet_back() -> None:
    session = new(categories=SHEET)
    act(session, score(Ola=lines(1, 2, 3), Jan=lines(0, 0, 0), Ewa=lines(0, 0, 1)))
    session.undo()
    assert column(session.summary().data, "sheet") == [None] * 3
    session.redo()
    assert column(session.summary().data, "score") == [6, 0, 1]


@pytest.mark.parametrize(
    ("points", "problem"),
    [
        ({"Ola": 6, "Jan": lines(0, 0, 0), "Ewa": lines(0, 0, 0)},
         "Ola: this game has a score sheet, so the points are one number per category"),
        ({"Ola": lines(1, 2, 3), "Jan": {"roads": 1, "cities": 2}, "Ewa": lines(0, 0, 0)},
         'Jan: the points of the category "farms" are missing'),
        ({"Ola": lines(1, 2, 3), "Jan": {"roads": 1}, "Ewa": lines(0, 0, 0)},
         'Jan: the points of the categories "cities", "farms" are missing'),
        ({"Ola": lines(1, 2, 3), "Jan": {}, "Ewa": lines(0, 0, 0)},
         'Jan: the points of the categories "roads", "cities", "farms" are missing'),
        ({"Ola": {**lines(1, 2, 3), "castles": 4}, "Jan": lines(0, 0, 0), "Ewa": lines(0, 0, 0)},
         'Ola: "castles" is not a category of this game ("roads", "cities", "farms")'),
        ({"Ola": lines(1, 2, 3), "Jan": lines(0, 0, 0)}, "The points of Ewa are missing"),
        ({"Ola": lines(1, 2, 3), "Jan": lines(0, 0, 0), "Ewa": lines(0, 0, 0), "Bo": 1},
         '"Bo" is not playing'),
        ({"Ola": {**lines(1, 2, 3), "farms": True}, "Jan": lines(0, 0, 0),
          "Ewa": lines(0, 0, 0)},
         "points.Ola: must be a whole number, or with categories an object of whole numbers"),
        ({"Ola": {**lines(1, 2, 3), "farms": 1.0}, "Jan": lines(0, 0, 0),
          "Ewa": lines(0, 0, 0)},
         "points.Ola: must be a whole number, or with categories an object of whole numbers"),
        ({"Ola": {**lines(1, 2, 3), "farms": "3"}, "Jan": lines(0, 0, 0),
          "Ewa": lines(0, 0, 0)},
         "points.Ola: must be a whole number, or with categories an object of whole numbers"),
        ({"Ola": [1, 2, 3], "Jan": lines(0, 0, 0), "Ewa": lines(0, 0, 0)},
         "points.Ola: must be a whole number, or with categories an object of whole numbers"),
    ],
)  # fmt: skip
def test_sheet_entries_that_are_refused(points: dict[str, Any], problem: str) -> None:
    assert error(new(categories=SHEET), {"type": "score", "points": points}) == problem


@pytest.mark.parametrize(
    ("points", "problem"),
    [
        ({"Ola": lines(1, 2, 3), "Jan": 0, "Ewa": 0},
         "Ola: this game has no score sheet, so the points are one number"),
        ({"Ola": 1, "Jan": 0, "Ewa": {}},
         "Ewa: this game has no score sheet, so the points are one number"),
        ({"Ola": True, "Jan": 0, "Ewa": 0},
         "points.Ola: must be a whole number, or with categories an object of whole numbers"),
    ],
)  # fmt: skip
def test_a_map_of_points_without_categories_is_refused(
    points: dict[str, Any], problem: str
) -> None:
    assert error(new(), {"type": "score", "points": points}) == problem


def test_every_player_gets_a_sheet_of_their_own() -> None:
    names = [f"P{n}" for n in range(8)]
    session = new(names, categories=SHEET)
    s = act(session, {"type": "score", "points": {n: lines(i, -i, 2 * i) for i, n in
                                                  enumerate(names)}})  # fmt: skip
    assert column(s, "score") == [2 * i for i in range(8)]
    assert [p["sheet"]["cities"] for p in s["players"]] == [-i for i in range(8)]
