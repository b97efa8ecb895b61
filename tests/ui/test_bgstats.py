"""The BG Stats createPlay link, decoded and checked field by field, and the size of
its QR code (no Kivy)."""

from __future__ import annotations

import datetime as dt
import json
import re
import urllib.parse
from pathlib import Path

import pytest
import segno

from companion.core.summary import Part, PlayerRow, Summary
from companion.ui.screens import bgstats

pytestmark = pytest.mark.one_size


def row(name: str, score: int | None, rank: int | None) -> PlayerRow:
    return PlayerRow(name=name, tokens={}, score=score, rank=rank)


def played(*players: PlayerRow, winners: tuple[str, ...]) -> Summary[PlayerRow, Part]:
    """A finished game's summary: the players' rows and the winners, all a play reads."""
    return Summary[PlayerRow, Part](
        game="wyscig-balonow",
        over=True,
        round=None,
        current=None,
        players=players,
        winners=winners,
        table=Part(),
    )


SUMMARY = played(
    row("Monika", 2, 1),
    row("Dominika", 2, 1),
    row("Kasia", -3, 3),
    winners=("Monika", "Dominika"),
)
FACTS = bgstats.PlayFacts(
    game_id="wyscig-balonow",
    game_name="Wyścig balonów",
    play_id="1f",
    ended=dt.datetime(2026, 5, 9, 21, 30, 5, tzinfo=dt.timezone(dt.timedelta(hours=2))),
    duration_min=42,
    start_player="Dominika",
    bgg_id=12345,
)
# A race without points (Ballonrennen, Balmy Balloonists): places only.
RACE = played(row("Anna", None, 2), row("Ben", None, 1), winners=("Ben",))
# Every balloon out: the rules rank everyone second.
NOBODY = played(row("Ann", None, 2), row("Bo", None, 2), winners=())


def facts(**changes: object) -> bgstats.PlayFacts:
    return bgstats.PlayFacts(**{**FACTS.__dict__, **changes})  # type: ignore[arg-type]


def nulls(value: object) -> list[object]:
    if isinstance(value, dict):
        return [n for v in value.values() for n in ([v] if v is None else nulls(v))]
    if isinstance(value, list):
        return [n for v in value for n in nulls(v)]
    return []


def test_link_decodes_to_the_play() -> None:
    url = bgstats.link(bgstats.create_play(SUMMARY, FACTS))
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    query = urllib.parse.urlparse(url).query
    assert list(urllib.parse.parse_qs(query)) == ["data"]
    assert bgstats.decode(url) == {
        "sourceName": "Balloons",
        "sourcePlayId": "1f",
        "playDate": "2026-05-09 19:30:05",  # UTC, BG Stats' own format
        "durationMin": 42,
        "game": {
            "name": "Wyścig balonów",
            "sourceGameId": "wb",
            "highestWins": True,
            "noPoints": False,
            "cooperative": False,
            "bggId": 12345,
        },
        "players": [
            {
                "name": "Monika",
                "score": 2,
                "rank": 1,
                "winner": True,
                "startPlayer": False,
                "seatOrder": 1,
            },
            {
                "name": "Dominika",
                "score": 2,
                "rank": 1,
                "winner": True,
                "startPlayer": True,
                "seatOrder": 2,
            },
            {
                "name": "Kasia",
                "score": -3,
                "rank": 3,
                "winner": False,
                "startPlayer": False,
                "seatOrder": 3,
            },
        ],
    }


# ZXing's test for a link (URIResultParser, under many Android scanners): a text with
# any other character is shown as plain text, not offered as a link to open.
ZXING_URI_CHARS = re.compile(r"[-._~:/?#\[\]@!$&'()*+,;=%A-Za-z0-9]+")


def test_every_phone_takes_the_code_for_a_link() -> None:
    url = bgstats.link(bgstats.create_play(SUMMARY, FACTS))
    assert ZXING_URI_CHARS.fullmatch(url), url
    assert " " not in url and url.startswith("https://")
    assert json.loads(urllib.parse.unquote(url.split("data=", 1)[1]))["players"]


def test_a_name_that_would_break_a_query_arrives_whole() -> None:
    name = "Ann & Bo #1 + 50% 'O\"Neil' {ź}"
    summary = played(row(name, 1, 1), winners=(name,))
    url = bgstats.link(bgstats.create_play(summary, FACTS))
    assert ZXING_URI_CHARS.fullmatch(url), url
    query = urllib.parse.urlsplit(url).query  # what BG Stats' page reads back
    (data,) = urllib.parse.parse_qs(query, strict_parsing=True)["data"]
    assert json.loads(data)["players"][0]["name"] == name


def test_a_race_without_points_sends_places_and_no_null() -> None:
    play = bgstats.create_play(RACE, facts(no_points=True, start_player="Anna"))
    assert nulls(play) == []
    assert play["players"] == [
        {"name": "Anna", "rank": 2, "winner": False, "startPlayer": True, "seatOrder": 1},
        {"name": "Ben", "rank": 1, "winner": True, "startPlayer": False, "seatOrder": 2},
    ]
    assert play["game"]["noPoints"] is True


def test_a_game_nobody_won_has_no_winner_and_no_ranks() -> None:
    play = bgstats.create_play(NOBODY, facts(no_points=True, start_player=None))
    assert play["players"] == [
        {"name": "Ann", "winner": False, "startPlayer": False, "seatOrder": 1},
        {"name": "Bo", "winner": False, "startPlayer": False, "seatOrder": 2},
    ]
    assert nulls(play) == []


def test_the_ranks_are_the_apps_not_the_points_order() -> None:
    # A tie on points that a rule broke (Wyścig: the closer balloon), and a player out
    # of the game with the most points: BG Stats gets the places the results show.
    summary = played(
        row("Ola", 9, 3),  # out of the game
        row("Jan", 4, 2),
        row("Ewa", 4, 1),
        winners=("Ewa",),
    )
    play = bgstats.create_play(summary, facts(start_player="Jan"))
    got = [(p["rank"], p["winner"], p["startPlayer"], p["seatOrder"]) for p in play["players"]]
    assert got == [(3, False, False, 1), (2, False, True, 2), (1, True, False, 3)]


def test_every_player_has_their_colours_and_a_cooperative_game_says_so() -> None:
    colours = {"Monika": ("blue", "pink"), "Dominika": ("red",)}
    play = bgstats.create_play(SUMMARY, facts(colours=colours, cooperative=True))
    assert [p.get("color") for p in play["players"]] == ["blue/pink", "red", None]
    assert play["game"]["cooperative"] is True


def test_every_winner_is_explicit_and_no_field_is_empty() -> None:
    for summary in (SUMMARY, RACE, NOBODY):
        play = bgstats.create_play(summary, facts(bgg_id=None))
        assert all(isinstance(p["winner"], bool) for p in play["players"])
        assert all(isinstance(p["startPlayer"], bool) for p in play["players"])
        assert all(value not in ("", None, [], {}) for value in play.values())
        assert "bggId" not in play["game"]


def qr_version(players: list[str], *, points: bool, colours: int = 1) -> int:
    rows = (row(n, 20 - 3 * i if points else None, i + 1) for i, n in enumerate(players))
    summary = played(*rows, winners=tuple(players[:1]))
    play_facts = facts(
        play_id=bgstats.base36(2**31 - 1),
        duration_min=135,
        start_player=players[-1],
        bgg_id=None,  # the app sends none: the games are matched by name
        colours={n: ("orange", "white")[:colours] for n in players},
    )
    url = bgstats.link(bgstats.create_play(summary, play_facts))
    version: int = segno.make(url, error="l", micro=False).version
    return version


def test_the_qr_code_stays_small() -> None:
    # Measured with segno at error correction L: 21 for three players before the
    # payload was cut. A link every phone opens cannot go below these: the JSON's
    # quotes and braces are escaped, three bytes each (version 15 would need them raw,
    # which ZXing-based scanners do not take for a link). Every player's rank,
    # start player, seat and colour (issue 31.6) cost four versions: 2.1 px a module
    # on the results of a 7" screen, 3.7 px when the code is tapped to fill it.
    five = ["Kasia", "Ola", "Jan", "Ewa", "Małgosia"]
    assert qr_version(["Kasia", "Ola", "Jan"], points=True) <= 19
    assert qr_version(five, points=True) <= 23
    assert qr_version(five, points=False) <= 22
    longer = ["Aleksandra", "Bartłomiej", "Katarzyna", "Magdalena", "Krzysztof"]
    assert qr_version(longer, points=False, colours=2) <= 23


def test_the_games_own_id_at_bg_stats_comes_from_its_table_when_it_has_one() -> None:
    play = bgstats.create_play(SUMMARY, facts(source_id="ab12", game_name="Azul"))
    assert play["game"]["sourceGameId"] == "ab12" and play["game"]["name"] == "Azul"
    assert bgstats.create_play(SUMMARY, FACTS)["game"]["sourceGameId"] == "wb"


def test_any_board_game_is_logged_as_its_title_with_its_bgg_id(tmp_path: Path) -> None:
    from companion import files
    from companion.store import Store

    data = {
        "format": 1,
        "game": "any-game",
        "seed": 11,
        "players": ["Ola", "Jan"],
        "options": {"title": "Carcassonne", "bgg_id": 822, "scoring": "low"},
        "actions": [{"type": "score", "points": {"Ola": 3, "Jan": 5}}],
    }
    store = Store(tmp_path / "c.db")
    session = files.replay(data)
    row = store.session_row(store.import_session(session))
    play = bgstats.decode(bgstats.play_link(session, row))
    game = play["game"]
    assert (game["name"], game["bggId"], game["highestWins"], game["noPoints"]) == (
        "Carcassonne",
        822,
        False,
        False,
    )
    assert isinstance(game["bggId"], int) and game["sourceGameId"].startswith("ag")
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Ola", 3, True),
        ("Jan", 5, False),
    ]
    places = {**data, "options": {"title": "Carcassonne", "scoring": "places"}}
    places["actions"] = [{"type": "places", "places": {"Ola": 2, "Jan": 1}}]
    session = files.replay(places)
    again = bgstats.decode(
        bgstats.play_link(session, store.session_row(store.import_session(session)))
    )
    assert again["game"]["sourceGameId"] == game["sourceGameId"]  # the same title
    assert again["game"]["noPoints"] is True and "bggId" not in again["game"]
    assert [p.get("rank") for p in again["players"]] == [2, 1]
    store.close()
