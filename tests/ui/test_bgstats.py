"""The BG Stats createPlay link, decoded and checked field by field (no Kivy)."""

from __future__ import annotations

import datetime as dt
import urllib.parse

from companion.ui.screens import bgstats

SUMMARY = {
    "players": [
        {"name": "Monika", "score": 2, "rank": 1},
        {"name": "Dominika", "score": 2, "rank": 1},
        {"name": "Kasia", "score": -3, "rank": 3},
    ],
    "winners": ["Monika", "Dominika"],
}
FACTS = bgstats.PlayFacts(
    game_id="wyscig-balonow",
    game_name="Wyścig balonów",
    play_id="bc1f",
    ended=dt.datetime(2026, 5, 9, 21, 30, 5, tzinfo=dt.timezone(dt.timedelta(hours=2))),
    duration_min=42,
    start_player="Dominika",
    bgg_id=12345,
)


def test_link_decodes_to_the_play() -> None:
    url = bgstats.link(bgstats.create_play(SUMMARY, FACTS))
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    query = urllib.parse.urlparse(url).query
    assert list(urllib.parse.parse_qs(query)) == ["data"]
    play = bgstats.decode(url)
    assert play["sourceName"] == "Balloon Companion"
    assert play["sourcePlayId"] == "bc1f"
    assert play["playDate"] == "2026-05-09 19:30:05"  # UTC, BG Stats' own format
    assert play["durationMin"] == 42
    assert play["game"] == {
        "name": "Wyścig balonów",
        "sourceGameId": "wyscig-balonow",
        "highestWins": True,
        "noPoints": False,
        "bggId": 12345,
    }
    assert [p["name"] for p in play["players"]] == ["Monika", "Dominika", "Kasia"]
    assert [p["score"] for p in play["players"]] == [2, 2, -3]
    assert [p["rank"] for p in play["players"]] == [1, 1, 3]
    assert [p["winner"] for p in play["players"]] == [True, True, False]
    assert [p["startPlayer"] for p in play["players"]] == [False, True, False]
    ids = [p["sourcePlayerId"] for p in play["players"]]
    assert len(set(ids)) == 3 and all(len(i) <= 6 for i in ids)


def test_every_boolean_is_explicit_and_no_field_is_empty() -> None:
    play = bgstats.create_play(SUMMARY, FACTS)
    for player in play["players"]:
        assert isinstance(player["winner"], bool)
        assert isinstance(player["startPlayer"], bool)
    assert all(value not in ("", None, [], {}) for value in play.values())
    facts = bgstats.PlayFacts(**{**FACTS.__dict__, "bgg_id": None})
    assert "bggId" not in bgstats.create_play(SUMMARY, facts)["game"]
