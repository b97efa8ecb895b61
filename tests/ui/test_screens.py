"""History, statistics, settings and the hardware test page, in the real window:
games made through the store, touches on the screens, the files they write, and a
screenshot of each screen in every language (`make screenshots` refreshes the
committed ones in docs/screenshots/ from these)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion import cli, files
from companion import config as config_module
from companion.core.errors import ConfigError
from companion.store import Store
from companion.ui import theme
from companion.ui.screens import history_data, hwtest
from companion.ui.screens.settings import MINUS
from companion.ui.screens.text import S
from companion.ui.widgets import AskView
from hardware.events import HardwareEvent, Kind, Seat, Source
from tests.ui.harness import Harness

GOLDEN = Path(__file__).resolve().parents[1] / "games" / "files"
FINISHED = "2025-03-14T21:30:00.000Z"


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    # The settings file's folder is on screen ("Saved to ..."): one whose length does not
    # hang on the user's name (pytest's tmp_path is /tmp/pytest-of-USER/...), as short as
    # a real one (/etc/companion/config.toml, ~/.config/companion/config.toml).
    config = Path(tempfile.mkdtemp(prefix="companion-cfg-"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(config))
    monkeypatch.setattr(history_data, "MOUNTS_FILE", tmp_path / "no-mounts")
    # The same pictures each run: the hardware test's clock says 21:30:05.
    monkeypatch.setattr(
        hwtest, "clock_time", lambda: S("clock", when=dt.datetime(2025, 3, 14, 21, 30, 5))
    )
    harness = Harness(tmp_path)
    harness.app.config_path = config / "config.toml"
    yield harness
    harness.app.set_language("en")
    harness.step(2)  # what the language changed (Settings' draft follows it) laid out
    harness.close()
    shutil.rmtree(config, ignore_errors=True)


def shots(ui: Harness, screen: str, state: str) -> None:
    """`<screen>-<state>-<lang>-<WxH>.png` for every language, in tests/ui/out."""
    ui.shots(f"{screen}-{state}")


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
    race = add_game(ui.store, "ballonrennen-race.json", start_minute=30)

    ui.tap(ui.find("History"))
    assert ui.app.root.current == "history"
    listing = ui.screen.ids.body.children[0]
    assert "Finished: 2 · abandoned: 0" in texts_of(listing)
    rows = listing.ids.rows.children[::-1]
    assert len(rows) == 2
    row = next(r for r in rows if r.session_id == wyscig)
    assert row.game == "Wyścig balonów"
    assert row.date == history_data.local_date(FINISHED)
    assert "Monika 2   Dominika 0   Kasia -1" in texts_of(row)
    assert "Winner: Monika" in texts_of(row)
    assert tuple(row.ids.winner.color) == theme.rgba(theme.ACCENT)  # the winner's green
    # A race without points: each player's place in words, not a dash for a score.
    places = next(r for r in rows if r.session_id == race)
    assert "Anna: place 1   Ben: place 2   Cleo: place 2" in texts_of(places)
    shots(ui, "history", "list")

    ui.tap(row)
    view = ui.screen.ids.body.children[0]
    log = [w.text for w in view.ids.log.children[::-1]]
    assert len(log) == len(ui.store.raw_actions(wyscig))
    # Each action in the table's own words, as "Undone: ..." says it.
    assert log[0].endswith("the order of round 1")
    assert log[2].endswith("Dominika's dice 1, 2, 3, 4, 6"), log
    assert all(line[:8].count(":") == 2 for line in log)  # each line starts with its time
    results = [texts_of(r) for r in view.ids.results.children[::-1]]
    assert results[0][:3] == ["1.", "Monika", "2"]
    shots(ui, "history", "game")

    # No stick: into the data folder's exports, beside the database; the screen says so.
    ui.tap(view.ids.export)
    exported = tmp_path / "exports" / f"2025-03-14-wyscig-balonow-{wyscig}.json"
    assert exported.is_file()
    assert ui.app.tr(view.notice) == (
        f"Saved in the data folder: exports/2025-03-14-wyscig-balonow-{wyscig}.json"
    )
    assert cli.main(["replay", str(exported)]) == 0
    assert "Monika" in capsys.readouterr().out
    shots(ui, "history", "exported")

    # A stick mounted under /run/media: the same button saves onto it.
    stick = tmp_path / "run-media" / "pi" / "STICK"
    stick.mkdir(parents=True)
    (tmp_path / "mounts").write_text(
        f"/dev/sda1 {stick} vfat rw,nosuid 0 0\n/dev/sdb1 {tmp_path} ext4 ro 0 0\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(history_data, "MEDIA_ROOTS", (tmp_path / "media", tmp_path / "run-media"))
    monkeypatch.setattr(history_data, "MOUNTS_FILE", tmp_path / "mounts")
    ui.tap(view.ids.export)
    assert (stick / exported.name).read_bytes() == exported.read_bytes()
    assert ui.app.tr(view.notice) == f"Saved on the USB stick STICK: {exported.name}"
    shots(ui, "history", "usb")

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
        ui.store.rolls.record("fair-reader", [1, 2, 3, 4, 5, 6], None)
    for _ in range(10):
        ui.store.rolls.record("loaded-reader", [6, 6, 6, 6, 1, None], None)

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
    rows = screen.ids.rows.walk(restrict=True)  # a seat's pin is in a row of two
    return next(r for r in rows if getattr(r, "setting_key", "") == key)


def test_settings_language_waits_for_save_like_every_setting(
    ui: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.i18n as i18n
    import companion.ui.app as app_module
    import companion.ui.screens.settings_data as settingsdata

    polish = {"ui_screens.settings_title": "Ustawienia", "ui_screens.set_language": "Język"}
    monkeypatch.setattr(i18n, "catalog", lambda lang: polish if lang == "pl" else {})
    monkeypatch.setattr(app_module, "languages", lambda: ["en", "pl"])
    monkeypatch.setattr(settingsdata, "languages", lambda: ["en", "pl"])
    screen = open_settings(ui)
    title = ui.find("Settings", screen)
    ui.tap(ui.find("Polski", row(screen, "language")))
    assert screen.draft["language"] == "pl" and screen.changed
    assert ui.app.lang == "en" and title.text == "Settings"  # not before Save
    ui.tap(screen.ids.save)
    assert ui.app.lang == "pl" and title.text == "Ustawienia"
    assert 'language = "pl"' in ui.app.config_path.read_text(encoding="utf-8")


def test_leaving_settings_with_changes_not_saved_asks(ui: Harness) -> None:
    screen = open_settings(ui, "Sound")
    ui.tap(ui.find("muted", row(screen, "buzzer.mute")))
    assert screen.changed
    ui.tap(screen.ids.home)
    assert ui.app.root.current == "settings"  # asked first
    question = next(w for w in Window.children if isinstance(w, AskView))
    assert question.text == "The changes are not saved yet."
    shots(ui, "settings", "leave")
    ui.tap(ui.find("Stay", question))
    assert ui.app.root.current == "settings" and screen.changed
    ui.app.open_menu()
    ui.tap(ui.find("Home screen", ui.app.menu))  # the menu's way out asks the same
    question = next(w for w in Window.children if isinstance(w, AskView))
    ui.tap(ui.find("Leave without saving", question))
    assert ui.app.root.current == "home"
    assert not ui.app.config_path.exists() and ui.app.settings.buzzer.mute is False
    screen = open_settings(ui, "Sound")
    assert not screen.changed  # the draft starts again from the settings in use


def test_the_menu_names_the_language_and_picks_from_a_list(ui: Harness) -> None:
    ui.app.open_menu()
    ui.step(2)
    menu = ui.app.menu
    assert ui.find("Language: English", menu)
    ui.tap(ui.find("Language: English", menu))
    picker = Window.children[0]
    names = [w.text for w in picker.ids.choices.children[::-1]]
    assert names == ["English", "Deutsch", "Nederlands", "Polski", "Svenska"]
    ui.shot("26-menu-language")
    ui.tap(ui.find("Polski", picker))  # one tap
    assert ui.app.lang == "pl" and picker.parent is None and menu.parent is None
    ui.app.open_menu()
    ui.step(2)
    assert ui.find("Język: Polski", ui.app.menu)
    ui.tap(ui.find("Wstecz", ui.app.menu))


def test_the_menus_language_is_kept_for_the_next_start(tmp_path: Path) -> None:
    """Chosen in the menu, a language is written into the settings file at once (its
    comments and order kept) and the next start speaks it (issue 24.9)."""
    path = tmp_path / "config" / "config.toml"
    path.parent.mkdir()
    path.write_text(
        '# the table by the window\nlanguage = "en"  # for the guests\n\n'
        "[hourglass]\nwarnings = [15.0, 5.0]\n",
        encoding="utf-8",
    )
    ui = Harness(tmp_path / "first", settings=config_module.load(path))
    try:
        assert ui.app.config_path == path
        ui.app.open_menu()
        ui.step(2)
        ui.tap(ui.find("Language: English", ui.app.menu))
        picker = Window.children[0]
        assert ui.find("Saved in the settings: kept after a restart", picker)
        ui.tap(ui.find("Deutsch", picker))
        assert ui.app.lang == "de" and picker.parent is None
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# the table by the window\n")
        assert 'language = "de"  # for the guests' in text
        assert "warnings = [15.0, 5.0]" in text
        assert ui.app.settings.language == "de"
    finally:
        ui.close()
    again = Harness(tmp_path / "again", settings=config_module.load(path))  # a restart
    try:
        assert again.app.lang == "de"
        assert again.find("Neues Spiel")
    finally:
        again.app.set_language("en")
        again.close()


def test_the_settings_draft_takes_the_menus_language(ui: Harness) -> None:
    screen = open_settings(ui, "Sound")
    ui.tap(ui.find("muted", row(screen, "buzzer.mute")))  # a change not saved yet
    ui.app.open_menu()
    ui.step(2)
    ui.tap(ui.find("Language: English", ui.app.menu))
    ui.tap(ui.find("Nederlands", Window.children[0]))
    assert screen.draft["language"] == "nl" and screen.draft["buzzer"]["mute"] is True
    ui.tap(screen.ids.save)  # Save keeps the menu's language, not the draft's old one
    saved = config_module.load(ui.app.config_path)
    assert saved.language == "nl" and saved.buzzer.mute is True and ui.app.lang == "nl"


def test_a_language_that_cannot_be_kept_says_why(ui: Harness) -> None:
    # A path as short as a Pi's (~/.config/companion/config.toml), not pytest's.
    folder = Path(tempfile.mkdtemp(prefix="cfg"))
    (folder / "a-file").write_text("", encoding="utf-8")
    ui.app.config_path = folder / "a-file" / "config.toml"
    ui.app.open_menu()
    ui.step(2)
    ui.tap(ui.find("Language: English", ui.app.menu))
    picker = Window.children[0]
    ui.tap(ui.find("Svenska", picker))
    assert ui.app.lang == "sv" and ui.app.settings.language == "en"
    assert picker.parent is not None  # still open, with the reason
    said = picker.ids.kept.text
    assert said.startswith(f"Inställningsfilen {ui.app.config_path} ") and picker.problem
    assert [b.text for b in picker.ids.choices.children if b.active] == ["Svenska"]
    ui.check_texts()
    picker.dismiss()
    ui.step(2)
    shutil.rmtree(folder)


def test_settings_save_and_refuse(ui: Harness) -> None:
    path = ui.app.config_path
    screen = open_settings(ui)
    shots(ui, "settings", "general")
    ui.tap(ui.find("LED strip", screen))
    count_row = row(screen, "strip.led_count")
    ui.tap(ui.find("+", count_row))
    ui.tap(ui.find("+", row(screen, "strip.led_count")))
    ui.tap(ui.find("apa102", row(screen, "strip.type")))
    ui.tap(ui.find("a stretch per seat", row(screen, "strip.around_table")))  # issue 33.3
    assert screen.changed and screen.error is None
    shots(ui, "settings", "strip")
    ui.tap(screen.ids.save)
    assert 'type = "apa102"' in path.read_text(encoding="utf-8")
    loaded = config_module.load(path)
    assert (loaded.strip.led_count, loaded.strip.type) == (62, "apa102")
    assert loaded.strip.around_table is True
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
    assert ui.app.menu is None or ui.app.menu.parent is None  # here a long press is only shown
    ui.key("u")
    assert page.ids.undo.text == "UNDO pressed"
    assert page.ids.button_lines.text.splitlines()[-1].endswith("UNDO pressed")
    # The seat buttons (keys 1-8 in the simulation): a lamp each, in seat order.
    lamps = list(reversed(page.ids.seat_lamps.children))
    assert [lamp.text for lamp in lamps] == [str(n) for n in range(1, 9)]
    ui.key("3")
    ui.devices.events.put(HardwareEvent(Source.SEAT, Kind.HELD, Seat(6)))
    ui.step(2)
    assert [lamp.state for lamp in lamps] == ["", "", "pressed", "", "", "", "held", ""]
    last = page.ids.button_lines.text.splitlines()[-2:]
    assert [line.split("  ", 1)[1] for line in last] == ["seat 3 pressed", "seat 7 held"]
    assert ui.app.model is None or ui.log_types() == []  # nothing reached a game

    ui.wait(lambda: ui.devices.dice.status().connected)
    device = ui.devices.sim.dice_device
    device.send("ROLLING")
    device.send("ROLL 5 1,2,3,4,?")
    ui.wait(lambda: "ROLL 5: 1,2,3,4,?" in page.ids.dice_lines.text)
    assert "ROLLING" in page.ids.dice_lines.text
    assert ui.store.rolls.by_reader()["sim-dice"] == [[1, 2, 3, 4, None]]  # kept for the statistics

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


# --- seat buttons and spoken calls in the settings (issue 33.2, 33.5) ------------------


def test_settings_seat_buttons_and_spoken_calls(ui: Harness) -> None:
    path = ui.app.config_path
    screen = open_settings(ui)
    tab = next(w for w in screen.walk() if getattr(w, "tab", "") == "seats")
    ui.tap(tab)
    assert screen.ids.message.text == "" and row(screen, "buttons.seats").children
    for _ in range(3):  # three seat buttons, on the pins WIRING.md offers first
        ui.tap(ui.find("+", row(screen, "buttons.seats")))
    assert screen.draft["buttons"]["seats"] == [4, 23, 24]
    second = row(screen, "buttons.seats[1]")
    assert ui.find("Seat 2", second) and ui.find("GPIO 23", second)
    ui.tap(ui.find("+", second))  # GPIO 24: seat 3's already
    clash = "buttons.seats[2]: GPIO 24 is already used by buttons.seats[1]"
    assert screen.ids.message.text == clash
    ui.tap(ui.find("+", row(screen, "buttons.seats[1]")))
    assert screen.error is None
    for _ in range(5):
        ui.tap(ui.find("+", row(screen, "buttons.seats")))
    shots(ui, "settings", "seats")  # eight seats, two to a row
    ui.tap(ui.find(MINUS, row(screen, "buttons.seats")))
    ui.tap(ui.find("Sound", screen))
    ui.tap(ui.find("spoken", row(screen, "speech.calls")))
    shots(ui, "settings", "sound")
    ui.tap(screen.ids.save)
    loaded = config_module.load(path)
    assert loaded.buttons.seats == (4, 25, 24, 23, 5, 6, 13)  # 23 free again
    assert loaded.speech.calls is True
