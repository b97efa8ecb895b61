"""The results screen's QR code, read back from a screenshot by a QR decoder: the link a
phone gets carries exactly the play that was meant."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion import files
from companion.ui.screens import bgstats
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
        {"name": "Ann", "winner": False, "startPlayer": True},
        {"name": "Bo", "winner": False},
    ]
    assert play["game"]["noPoints"] is True


def test_five_players_reach_the_phone_whole(ui: Harness) -> None:
    session_id = finished(ui, "five.json", FIVE)
    text = read_qr(ui.shot("results-qr-five"))
    assert bgstats.decode(text) == meant(ui, session_id)
    assert [p["name"] for p in bgstats.decode(text)["players"]] == FIVE["players"]
    side = len(ui.screen.ids.qr.modules)
    assert (side - 17) // 4 <= 18, f"a version {(side - 17) // 4} code"
    ui.tap(ui.screen.ids.qr)  # as large as the screen allows: 4.7 px a module here
    large = next(w for w in Window.children if type(w).__name__ == "QRView")
    ui.step(2)
    assert large.ids.qr.unit >= 4.5
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
