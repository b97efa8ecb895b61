"""History, statistics, settings and the hardware test page, in the real window:
games made through the store, touches on the screens, the files they write, and a
screenshot of each screen in every language (also copied to docs/screenshots/)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import cli, files
from companion import config as config_module
from companion.core.errors import ConfigError
from companion.store import Store
from companion.ui.screens import history_data, hwtest
from companion.ui.screens.settings import MINUS
from hardware.events import HardwareEvent, Kind, Source
from tests.ui.conftest import SIZE
from tests.ui.harness import Harness

GOLDEN = Path(__file__).resolve().parents[1] / "games" / "files"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FINISHED = "2025-03-14T21:30:00.000Z"


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    monkeypatch.setenv("COMPANION_EXPORT_DIR", str(tmp_path / "exports"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(history_data, "MOUNTS_FILE", tmp_path / "no-mounts")
    monkeypatch.setattr(hwtest, "clock_time", lambda: "21:30:05")  # the same pictures each run
    harness = Harness(tmp_path, size=SIZE)
    harness.app.config_path = tmp_path / "config" / "config.toml"
    yield harness
    harness.app.set_language("en")
    harness.close()


def shots(ui: Harness, screen: str, state: str, docs: bool = True) -> None:
    """`<screen>-<state>-<lang>-<WxH>.png` for every language, into docs/ as well
    unless the picture holds something that differs from run to run (a temp path)."""
    for made in ui.shots(f"{screen}-{state}"):
        if docs:
            DOCS.mkdir(parents=True, exist_ok=True)
            shutil.copy(made, DOCS / made.name)


def add_game(store: Store, name: str, start_minute: int = 0) -> int:
    """A golden game file, its actions 20 s apart, stored as a finished game."""
    data = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    for index, action in enumerate(data["actions"]):
        seconds = start_minute * 60 + index * 20
        action["at"] = f"2025-03-14T19:{seconds // 60:02d}:{seconds % 60:02d}.000Z"
    session = files.replay(data, name)
    session_id = store.import_session(session)
    store.conn.execute(
        "UPDATE sessions SET created = ?, finished = ? WHERE id = ?",
        ("2025-03-14T19:00:00.000Z", FINISHED, session_id),
    )
    return session_id


def texts_of(widget: Any) -> list[str]:
    return [
        w.text
        for w in widget.walk(restrict=True)
        if isinstance(getattr(w, "text", None), str) and w.text
    ]


# --- home -----------------------------------------------------------------------------


def test_home_offers_the_other_screens(ui: Harness) -> None:
    for label in ("History", "Statistics", "Settings"):
        assert ui.find(label).opacity == 1
    shots(ui, "home", "links")


# --- history --------------------------------------------------------------------------


def test_history_lists_opens_and_exports(
    ui: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    wyscig = add_game(ui.store, "wyscig-rulebook-example.json")
    add_game(ui.store, "ballonrennen-race.json", start_minute=30)
    stick = tmp_path / "media" / "pi" / "STICK"
    stick.mkdir(parents=True)
    (tmp_path / "mounts").write_text(f"/dev/sda1 {stick} vfat rw 0 0\n", encoding="utf-8")
    monkeypatch.setattr(history_data, "MEDIA_ROOT", tmp_path / "media")
    monkeypatch.setattr(history_data, "MOUNTS_FILE", tmp_path / "mounts")

    ui.tap(ui.find("History"))
    assert ui.app.root.current == "history"
    rows = ui.screen.ids.body.children[0].ids.rows.children[::-1]
    assert len(rows) == 2
    row = next(r for r in rows if r.session_id == wyscig)
    assert row.game == "Wyścig balonów"
    assert row.date == history_data.local_date(FINISHED)
    assert row.scores == "Monika 2   Dominika 0   Kasia -1"
    assert "Winner: Monika" in texts_of(row)
    shots(ui, "history", "list")

    ui.tap(row)
    view = ui.screen.ids.body.children[0]
    log = [w.text for w in view.ids.log.children[::-1]]
    assert len(log) == len(ui.store.raw_actions(wyscig))
    assert log[0].endswith("started the hourglass") or ": " in log[0]
    assert any("dice" in line for line in log)
    assert all(line[:8].count(":") == 2 for line in log)  # each line starts with its time
    results = [texts_of(r) for r in view.ids.results.children[::-1]]
    assert results[0][:3] == ["1.", "Monika", "2"]
    shots(ui, "history", "game")

    ui.tap(view.ids.export)
    exported = tmp_path / "exports" / f"2025-03-14-wyscig-balonow-{wyscig}.json"
    assert exported.is_file()
    assert ui.app.tr(view.notice) == f"Saved: {exported}"
    assert cli.main(["replay", str(exported)]) == 0
    assert "Monika" in capsys.readouterr().out
    ui.tap(view.ids.usb)
    assert (stick / exported.name).read_bytes() == exported.read_bytes()
    shots(ui, "history", "exported", docs=False)

    ui.tap(view.ids.back)
    assert len(ui.screen.ids.body.children[0].ids.rows.children) == 2


def test_history_when_empty(ui: Harness) -> None:
    ui.tap(ui.find("History"))
    assert "No finished games yet. They appear here after the results." in ui.texts()
    ui.tap(ui.screen.ids.body.children[0].ids.home)
    assert ui.app.root.current == "home"
    ui.tap(ui.find("Statistics"))
    assert "No finished games yet." in ui.texts()
    ui.tap(ui.screen.ids.tab_dice)
    assert any(t.startswith("No dice rolls recorded yet.") for t in ui.texts())


# --- statistics -----------------------------------------------------------------------


def test_statistics_players_and_dice(ui: Harness) -> None:
    add_game(ui.store, "wyscig-rulebook-example.json")
    add_game(ui.store, "wyscig-rulebook-example.json", start_minute=20)
    add_game(ui.store, "ballonrennen-race.json", start_minute=40)
    for _ in range(10):
        ui.store.record_roll("fair-reader", [1, 2, 3, 4, 5, 6], None)
    for _ in range(10):
        ui.store.record_roll("loaded-reader", [6, 6, 6, 6, 1, None], None)

    ui.tap(ui.find("Statistics"))
    assert ui.app.root.current == "stats"
    table = [tuple(texts_of(r)) for r in ui.screen.ids.content.children[::-1]]
    rows = {cells[0]: cells for cells in table}
    assert rows["Player"] == ("Player", "Plays", "Wins", "Win %", "Average", "Best", "Turn")
    monika = rows["Monika"]
    assert monika[1:6] == ("2", "2", "100%", "2.0", "2")
    assert monika[6].endswith(" s")
    assert rows["Kasia"][1:6] == ("2", "0", "0%", "-1.0", "-1")
    assert rows["Anna"][1:6] == ("1", "1", "100%", "-", "-")
    assert "Wyścig balonów" in ui.texts() and "Ballonrennen" in ui.texts()
    shots(ui, "stats", "players")

    ui.tap(ui.screen.ids.tab_dice)
    panels = {p.reader: p for p in ui.screen.ids.content.children}
    assert panels["fair-reader"].ids.histogram.counts == [10] * 6
    assert panels["loaded-reader"].ids.histogram.counts == [10, 0, 0, 0, 0, 40]
    fair_text = panels["fair-reader"].ids.verdict.text
    assert fair_text == "Looks fair: chi-square 0.00, p = 1.0000"
    assert panels["loaded-reader"].ids.verdict.text == (
        "Looks biased: chi-square 154.00, p < 0.0001 (below 0.01)"
    )
    assert "50 dice read, 10 unreadable" in texts_of(panels["loaded-reader"])
    shots(ui, "stats", "dice")

    ui.app.set_language("de")  # a decimal comma, a thousands point
    ui.step(2)
    panels = {p.reader: p for p in ui.screen.ids.content.children}
    assert panels["fair-reader"].ids.verdict.text == "Fair: Chi-Quadrat 0,00, p = 1,0000"
    assert panels["loaded-reader"].ids.verdict.text == (
        "Unfair: Chi-Quadrat 154,00, p < 0,0001 (unter 0,01)"
    )
    ui.tap(ui.screen.ids.tab_players)
    german = {cells[0]: cells for cells in (texts_of(r) for r in ui.screen.ids.content.children)}
    assert german["Kasia"][1:6] == ["2", "0", "0\xa0%", "-1,0", "-1"]
    ui.app.set_language("en")


# --- settings -------------------------------------------------------------------------


def open_settings(ui: Harness, tab: str = "") -> Any:
    ui.tap(ui.find("Settings"))
    assert ui.app.root.current == "settings"
    if tab:
        ui.tap(ui.find(tab, ui.screen))
    return ui.screen


def row(screen: Any, key: str) -> Any:
    return next(r for r in screen.ids.rows.children if getattr(r, "setting_key", "") == key)


def test_settings_language_switches_at_once(ui: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.i18n as i18n
    import companion.ui.app as app_module
    import companion.ui.screens.settings_data as settingsdata

    polish = {"ui_screens.settings_title": "Ustawienia", "ui_screens.set_language": "Język"}
    monkeypatch.setattr(i18n, "catalog", lambda lang: polish if lang == "pl" else {})
    monkeypatch.setattr(app_module, "languages", lambda: ["en", "pl"])
    monkeypatch.setattr(settingsdata, "languages", lambda: ["en", "pl"])
    screen = open_settings(ui)
    title = ui.find("Settings", screen)
    label = ui.find("Language", screen)
    ui.tap(ui.find("Polski", row(screen, "language")))
    assert ui.app.lang == "pl"
    assert (title.text, label.text) == ("Ustawienia", "Język")
    assert screen.draft["language"] == "pl"
    ui.tap(ui.find("English", row(screen, "language")))
    assert (title.text, label.text) == ("Settings", "Language")


def test_settings_save_and_refuse(ui: Harness) -> None:
    path = ui.app.config_path
    screen = open_settings(ui)
    shots(ui, "settings", "general")
    ui.tap(ui.find("LED strip", screen))
    count_row = row(screen, "strip.led_count")
    ui.tap(ui.find("+", count_row))
    ui.tap(ui.find("+", row(screen, "strip.led_count")))
    ui.tap(ui.find("apa102", row(screen, "strip.type")))
    assert screen.changed and screen.error is None
    shots(ui, "settings", "strip")
    ui.tap(screen.ids.save)
    assert 'type = "apa102"' in path.read_text(encoding="utf-8")
    loaded = config_module.load(path)
    assert (loaded.strip.led_count, loaded.strip.type) == (62, "apa102")
    assert ui.app.settings == loaded
    assert ui.app.tr(screen.notice).startswith(f"Saved to {path}. Hardware changes")

    # PAUSE on GPIO 27 clashes with UNDO: the file's own sentence, and no save.
    ui.tap(ui.find("Buttons", screen))
    for _ in range(5):
        ui.tap(ui.find("+", row(screen, "buttons.pause")))
    bad = {**screen.draft, "buttons": {**screen.draft["buttons"], "pause": 27}}
    with pytest.raises(ConfigError) as expected:
        config_module.from_dict(bad)
    sentence = str(expected.value)
    assert sentence == "buttons.pause: GPIO 27 is already used by buttons.undo"
    assert screen.ids.message.text == sentence
    shots(ui, "settings", "error")
    before = path.read_bytes()
    ui.tap(screen.ids.save)
    assert path.read_bytes() == before
    assert screen.ids.message.text == sentence
    ui.tap(ui.find(MINUS, row(screen, "buttons.pause")))
    assert screen.error is None
    ui.tap(ui.find("Dice reader", screen))
    shots(ui, "settings", "dice")

    # Mute applies at once with Save and is in the file.
    ui.tap(ui.find("Sound", screen))
    ui.tap(ui.find("muted", row(screen, "buzzer.mute")))
    ui.tap(screen.ids.save)
    assert ui.devices.buzzer.mute is True
    assert config_module.load(path).buzzer.mute is True
    assert config_module.load(path).buttons.pause == 26


# --- hardware test --------------------------------------------------------------------


def test_hardware_test_page(ui: Harness) -> None:
    # The simulated reader says HELLO soon after it is opened: wait for it, so the
    # pictures do not depend on whether it came before the page or after.
    ui.wait(lambda: ui.devices.dice.status().device is not None)
    screen = open_settings(ui)
    ui.tap(screen.ids.hwtest)
    assert ui.app.root.current == "hwtest"
    page = ui.screen
    assert page.ids.go.text == "GO: not pressed yet"
    shots(ui, "hwtest", "idle")

    ui.key("space")
    assert page.ids.go.text == "GO pressed"
    assert page.ids.go.lit and not page.ids.pause.lit
    ui.devices.events.put(HardwareEvent(Source.GO, Kind.HELD))
    ui.step(2)
    assert page.ids.go.text == "GO held"
    assert ui.app.menu.parent is None  # on this page a long press is only shown
    ui.key("u")
    assert page.ids.undo.text == "UNDO pressed"
    assert page.ids.button_lines.text.splitlines()[-1].endswith("UNDO pressed")

    ui.wait(lambda: ui.devices.dice.status().connected)
    device = ui.devices.sim.dice_device
    device.send("ROLLING")
    device.send("ROLL 5 1,2,3,4,?")
    ui.wait(lambda: "ROLL 5: 1,2,3,4,?" in page.ids.dice_lines.text)
    assert "ROLLING" in page.ids.dice_lines.text
    assert ui.store.rolls()["sim-dice"] == [[1, 2, 3, 4, None]]  # kept for the statistics

    ui.tap(page.ids.strip_test)
    lit = [tuple(c) for c in page.ids.strip.frame]
    assert lit == [(255, 0, 0)] * len(lit)
    assert tuple(ui.devices.strip.latest) == tuple(lit)
    ui.tap(page.ids.beep)
    assert page.beeping
    shots(ui, "hwtest", "events")
    ui.tap(page.ids.home)
    assert ui.app.root.current == "home"
    assert all(c == (0, 0, 0) for c in ui.devices.strip.latest)  # the pattern stops
