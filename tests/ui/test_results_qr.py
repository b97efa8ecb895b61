"""The results screen's QR code, read back from a screenshot by a QR decoder: the link a
phone gets carries exactly the play that was meant."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion import files
from companion.core.terms import colours as colour_terms
from companion.ui.screens import bgstats
from companion.ui.tables.base.adapter import player_colours
from tests.ui.harness import Harness
from tests.waiting import limit

GOLDEN = Path(__file__).resolve().parent.parent / "games" / "files"


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


FIVE = {  # five players, the most a race with a QR code has; the first balloon home wins
    "format": 1,
    "game": "ballonrennen",
    "seed": 7,
    "players": ["Aleksandra", "Bartłomiej", "Katarzyna", "Magdalena", "Krzysztof"],
    "actions": [
        {"type": "release", "sandbags": 1},
        {"type": "wind_card", "card": "calm"},
        {"type": "drop_mail"},
        {"type": "reach_goal"},
    ],
}


def finished(ui: Harness, name: str, data: dict[str, Any] | None = None) -> int:
    if data is None:
        data = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    for index, action in enumerate(data["actions"]):
        action["at"] = f"2025-03-14T19:{index // 3:02d}:{index % 3 * 20:02d}.000Z"
    session_id = ui.store.import_session(files.replay(data, name))
    ui.app.games.open_session(session_id)
    ui.step(3)
    assert ui.app.root.current == "results"
    return session_id


def read_qr(png: Path) -> str:
    """The one QR code in a screenshot, as a phone's scanner reads it: Debian's zbarimg
    (zbar-tools), which ships for every architecture the app runs on."""
    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "the QR tests need zbarimg: make deb-test installs zbar-tools"
    found = subprocess.run(
        [zbarimg, "--raw", "--quiet", "-Sdisable", "-Sqrcode.enable", str(png)],
        capture_output=True,
        timeout=limit(60),
    )
    assert found.returncode == 0, f"no QR code in {png.name}: {found.stderr!r}"
    codes = found.stdout.decode("ascii").splitlines()  # one line each; a link is ASCII
    assert len(codes) == 1, f"{len(codes)} QR codes in {png.name}"
    return codes[0]


def meant(ui: Harness, session_id: int) -> dict[str, object]:
    model = ui.app.model
    row = ui.store.session_row(session_id)
    return bgstats.decode(bgstats.play_link(model.session, row))


def test_the_qr_code_on_screen_carries_the_play(ui: Harness) -> None:
    session_id = finished(ui, "wyscig-rulebook-example.json")
    text = read_qr(ui.shot("results-qr-wyscig"))
    assert text == ui.screen.link
    play = bgstats.decode(text)
    assert play == meant(ui, session_id)
    summary = ui.app.model.summary
    assert [p["name"] for p in play["players"]] == [p["name"] for p in summary["players"]]
    assert [p["score"] for p in play["players"]] == [p["score"] for p in summary["players"]]
    assert [p["winner"] for p in play["players"]] == [
        p["name"] in summary["winners"] for p in summary["players"]
    ]
    assert play["game"]["sourceGameId"] == "wb" and play["sourceName"] == "Balloons"


def test_a_game_nobody_won_reaches_the_phone_without_ranks(ui: Harness) -> None:
    session_id = finished(ui, "balmy-no-winner.json")
    play = bgstats.decode(read_qr(ui.shot("results-qr-nobody")))
    assert play == meant(ui, session_id)
    assert play["players"] == [
        {"name": "Ann", "winner": False, "startPlayer": True, "seatOrder": 1, "color": "red"},
        {"name": "Bo", "winner": False, "startPlayer": False, "seatOrder": 2, "color": "yellow"},
    ]
    assert play["game"]["noPoints"] is True


def test_five_players_reach_the_phone_whole(ui: Harness) -> None:
    session_id = finished(ui, "five.json", FIVE)
    text = read_qr(ui.shot("results-qr-five"))
    assert bgstats.decode(text) == meant(ui, session_id)
    assert [p["name"] for p in bgstats.decode(text)["players"]] == FIVE["players"]
    side = len(ui.screen.ids.qr.modules)
    # Every player's rank, start, seat and colour (issue 31.6): version 22, not 18.
    assert (side - 17) // 4 <= 22, f"a version {(side - 17) // 4} code"
    ui.tap(ui.screen.ids.qr)  # as large as the screen allows: 4.1 px a module here
    large = next(w for w in Window.children if type(w).__name__ == "QRView")
    ui.step(2)
    assert large.ids.qr.unit >= 4
    assert read_qr(ui.shot("results-qr-five-large")) == text
    ui.tap(large)


def test_a_tap_on_the_code_shows_it_as_large_as_the_screen_allows(ui: Harness) -> None:
    finished(ui, "wyscig-rulebook-example.json")
    small = ui.screen.ids.qr
    assert small.unit >= 2
    ui.tap(small)
    large = next(w for w in Window.children if type(w).__name__ == "QRView")
    ui.step(2)
    assert large.ids.qr.unit > 1.5 * small.unit and large.ids.qr.unit >= 4
    assert read_qr(ui.shot("results-qr-large")) == ui.screen.link
    ui.tap(large)
    assert not any(type(w).__name__ == "QRView" for w in Window.children)


# Wyścig: Dominika and Kasia level on points (0); Kasia's balloon is closer (0 squares
# against 3), so the rules rank her first: BG Stats must get 1 and 2, not a tie.
TIE_BY_DISTANCE = {
    "format": 1,
    "game": "wyscig-balonow",
    "seed": 5,
    "players": ["Monika", "Dominika", "Kasia"],
    "options": {
        "order_cards": "table",
        "balloon_cards": {"Monika": ["green"], "Dominika": ["blue"], "Kasia": ["yellow"]},
    },
    "actions": [
        {"type": "order", "players": ["Dominika", "Monika", "Kasia"]},
        {"type": "start_timer"},
        {"type": "dice", "values": [1, 2, 3, 4, 6]},
        {"type": "mail"},
        {"type": "end_turn"},
        {"type": "start_timer"},
        {"type": "end_turn"},
        {"type": "start_timer"},
        {"type": "end_turn"},
        {"type": "order", "players": ["Monika", "Kasia", "Dominika"]},
        {"type": "place_obstacle"},
        {"type": "start_timer"},
        {"type": "landed"},
        {"type": "end_turn"},
        {"type": "score", "distances": {"green": 2, "blue": 3, "yellow": 0}},
    ],
}


def check_against_the_screen(ui: Harness, play: dict[str, Any]) -> None:
    """Every field of the play the phone reads, against what the results screen shows
    and the game the table played: the names in seat order, each one's place, points,
    winner, colours and start, the game's way of winning and its length."""
    model = ui.app.model
    rows = {row.name: row for row in ui.screen.ids.rows.children}
    seats = [p["name"] for p in model.summary["players"]]
    assert [p["name"] for p in play["players"]] == seats
    colours = player_colours(model.adapter, model.session)
    starter = bgstats.start_player(model.session)
    for seat, player in enumerate(play["players"], start=1):
        row = rows[player["name"]]
        assert player["seatOrder"] == seat
        assert row.rank == (f"{player['rank']}." if "rank" in player else "")
        assert row.score == (str(player["score"]) if "score" in player else "")
        assert player["winner"] is (player["name"] in model.summary["winners"])
        assert player["winner"] is (row.winner and bool(model.summary["winners"]))
        assert player["startPlayer"] is (player["name"] == starter)
        shown = row.detail.split(" · ")[0] if "color" in player else None
        if "color" in player:
            assert player["color"].split("/") == list(colours[player["name"]])
            assert shown == ui.app.tr(colour_terms(player["color"].split("/")))
    assert sum(p["startPlayer"] for p in play["players"]) == 1
    game = model.adapter.played_game(model.session)
    assert play["game"]["cooperative"] is game.cooperative
    assert play["game"]["noPoints"] is (not ui.screen.points)
    times = [a.at for a in model.session.log if getattr(a, "at", None)]
    assert play["durationMin"] == round((parse(times[-1]) - parse(times[0])).seconds / 60)


def parse(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))


GAMES = [
    ("wyscig-tie", TIE_BY_DISTANCE),
    ("wyscig-rulebook-example.json", None),
    ("ballonrennen-race.json", None),
    ("balmy-two-players-two-balloons.json", None),
    ("balmy-no-winner.json", None),
    ("any-game-bank-high.json", None),  # points, one out with the most of them
    ("any-game-score-from-low.json", None),  # fewest points, from a counter
    ("any-game-places.json", None),
    ("any-game-sheet.json", None),  # categories
    ("any-game-coop-won.json", None),
    ("any-game-coop-lost.json", None),
]


@pytest.mark.parametrize(("name", "data"), GAMES, ids=[g[0].removesuffix(".json") for g in GAMES])
def test_the_phone_reads_what_the_results_show(
    ui: Harness, name: str, data: dict[str, Any] | None
) -> None:
    finished(ui, name, json.loads(json.dumps(data)) if data else None)
    play = bgstats.decode(read_qr(ui.shot(f"results-qr-{name.removesuffix('.json')}")))
    check_against_the_screen(ui, play)


def test_a_tie_on_points_broken_by_distance_reaches_the_phone_ranked(ui: Harness) -> None:
    finished(ui, "wyscig-tie", json.loads(json.dumps(TIE_BY_DISTANCE)))
    play = bgstats.decode(read_qr(ui.shot("results-qr-wyscig-tie", every_language=False)))
    got = {p["name"]: (p["score"], p["rank"], p["winner"]) for p in play["players"]}
    assert got == {"Monika": (-2, 3, False), "Dominika": (0, 2, False), "Kasia": (0, 1, True)}
    assert [p["color"] for p in play["players"]] == ["green", "blue", "yellow"]


def test_tied_players_are_listed_in_seat_order(ui: Harness) -> None:
    finished(ui, "any-game-sheet.json")  # Ola and Jan share second place, Ola sits first
    rows = [(row.rank, row.name) for row in ui.screen.ids.rows.children[::-1]]
    assert rows == [("1.", "Ewa"), ("2.", "Ola"), ("2.", "Jan"), ("4.", "Bo")]


def test_a_player_out_with_the_most_points_reaches_the_phone_last(ui: Harness) -> None:
    finished(ui, "any-game-bank-high.json")
    play = bgstats.decode(read_qr(ui.shot("results-qr-out", every_language=False)))
    ewa = next(p for p in play["players"] if p["name"] == "Ewa")
    assert (ewa["score"], ewa["rank"], ewa["winner"]) == (60, 4, False)
    assert max(p["score"] for p in play["players"]) == 60


def test_a_cooperative_game_reaches_the_phone_won_or_lost_together(ui: Harness) -> None:
    finished(ui, "any-game-coop-lost.json")
    play = bgstats.decode(read_qr(ui.shot("results-qr-coop-lost", every_language=False)))
    assert play["game"]["cooperative"] is True and play["game"]["noPoints"] is True
    assert [(p["winner"], "rank" in p) for p in play["players"]] == [(False, False)] * 3
