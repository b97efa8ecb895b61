"""History's "Back up to a USB stick" (issue 35.4): offered only while a stick is
mounted; a tap copies every game into one file named with the day and time on the
stick, the game in play too, and says where it went, or why not, in every language.
The stick is a folder the mount table (a file here) says is mounted under the media
roots, as /proc/mounts says of a real one under /media."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.store import Store
from companion.ui.screens import history_data
from tests.ui.harness import Harness, shown
from tests.ui.test_screens import add_game


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    monkeypatch.setattr(history_data, "MEDIA_ROOTS", (tmp_path / "media", tmp_path / "run-media"))
    monkeypatch.setattr(history_data, "MOUNTS_FILE", tmp_path / "mounts")
    (tmp_path / "mounts").write_text("/dev/mmcblk0p2 / ext4 rw,noatime 0 0\n", encoding="utf-8")
    harness = Harness(tmp_path / "data")
    yield harness
    harness.app.set_language("en")
    harness.close()


def mount_stick(tmp_path: Path, name: str = "STICK") -> Path:
    stick = tmp_path / "media" / "pi" / name
    stick.mkdir(parents=True)
    with (tmp_path / "mounts").open("a", encoding="utf-8") as mounts:
        mounts.write(f"/dev/sda1 {stick} vfat rw,nosuid,nodev,uid=1000 0 0\n")
    return stick


def history(ui: Harness) -> object:
    ui.app.show("home")
    ui.step(2)
    ui.tap(ui.find("History"))
    return ui.screen.ids.body.children[0]


def test_the_backup_is_offered_only_where_a_stick_is_mounted(ui: Harness, tmp_path: Path) -> None:
    add_game(ui.store, "wyscig-rulebook-example.json")
    view = history(ui)
    assert not shown(view.ids.backup) and view.ids.backup.disabled
    ui.shots("history-backup-no-stick")
    mount_stick(tmp_path)
    view = history(ui)
    assert shown(view.ids.backup) and not view.ids.backup.disabled
    assert view.ids.backup.text == "Back up to a USB stick"
    ui.shots("history-backup-offered")


def test_a_tap_backs_every_game_up_onto_the_stick(ui: Harness, tmp_path: Path) -> None:
    add_game(ui.store, "wyscig-rulebook-example.json")
    add_game(ui.store, "ballonrennen-race.json", start_minute=30)
    ui.app.games.start_game("wyscig-balonow", ["Ola", "Jan"], {}, reveal=False)
    ui.step(2)
    ui.key("space")  # the game in play: its hourglass turned, stored a moment ago
    playing = ui.app.model.session_id
    stick = mount_stick(tmp_path)
    view = history(ui)
    days = {dt.date.today().isoformat()}
    ui.tap(view.ids.backup)
    days.add(dt.date.today().isoformat())
    [made] = list(stick.iterdir())  # one file: no temporary, no -wal beside it
    assert re.fullmatch(r"companion-backup-(\d{4}-\d\d-\d\d)-\d{4}\.db", made.name)
    assert made.name[17:27] in days
    assert ui.app.tr(view.notice) == f"Backed up 3 games to the USB stick STICK: {made.name}"
    assert not view.notice_is_error
    copy = Store(made)
    try:
        assert len(copy.sessions()) == 3
        assert [a.type for a in copy.load_session(playing, journal=False).log] == ["start_timer"]
    finally:
        copy.close()
    ui.shots("history-backup-done")


def test_a_stick_that_cannot_take_it_and_one_pulled_out_are_said(
    ui: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_game(ui.store, "wyscig-rulebook-example.json")
    stick = mount_stick(tmp_path)
    name = "companion-backup-2025-03-14-2130.db"
    monkeypatch.setattr(history_data, "backup_name", lambda _moment: name)
    (stick / name).mkdir()  # something of that name that no file can replace
    view = history(ui)
    ui.tap(view.ids.backup)
    assert view.notice_is_error
    assert ui.app.tr(view.notice) == (
        f"Not backed up to the USB stick STICK: {stick / name} is a folder or a device, not a file"
    )
    ui.shots("history-backup-refused")
    (tmp_path / "mounts").write_text("", encoding="utf-8")  # pulled out
    ui.tap(view.ids.backup)
    assert ui.app.tr(view.notice) == "No USB stick is mounted any more: put it in again"
    assert not shown(view.ids.backup)
    ui.check_every_language()
