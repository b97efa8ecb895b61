"""Rolls from the dice reader in the running app (issue 23.3): two rolls in one write
both reach the game and the statistics, and each is acknowledged only once the app
has taken it; under a flood the rolls the app could not take are said on the status
line and never acknowledged."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.i18n import languages
from companion.store import DiskFullError, Store
from tests.hardware.hwhelp import wait_until
from tests.store.conftest import RULES, SETUP
from tests.ui.harness import Harness, text_trouble

pytestmark = pytest.mark.one_size


def test_two_rolls_in_one_write_both_reach_the_game_and_are_acknowledged_after(
    tmp_path: Path,
) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        ui.tap(ui.screen.ids.go)
        device = ui.devices.sim.dice_device
        ui.wait(lambda: ui.devices.dice.status().device is not None)
        acks_before = len(device.acks())
        # No frame runs while the reader takes both: they wait in the queue together.
        device.write(b"ROLL 71 1,2,3,4,5\nROLL 72 6,6,5,5,4\n")
        wait_until(lambda: ui.devices.dice.status().rolls == 2)
        assert ui.devices.events.qsize() == 2
        assert device.acks()[acks_before:] == []  # kept in the queue, not yet taken
        ui.wait(lambda: ui.log_types()[-2:] == ["dice", "dice"])
        assert ui.app.model.dice == [6, 6, 5, 5, 4]  # the later roll stands
        ui.wait(lambda: device.acks()[acks_before:] == [71, 72])
        assert ui.store.rolls.by_reader()["sim-dice"][-2:] == [[1, 2, 3, 4, 5], [6, 6, 5, 5, 4]]
    finally:
        ui.close()


def test_rolls_the_app_could_not_take_are_said_and_not_acknowledged(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        ui.wait(lambda: ui.devices.dice.status().device is not None)
        ui.step(2)
        device = ui.devices.sim.dice_device
        limit = ui.devices.events.limit
        flood = b"".join(b"ROLL %d 1,1,1,1,1\n" % seq for seq in range(1, limit + 31))
        device.write(flood)  # more than the queue holds, before the next frame
        dice = ui.devices.dice
        wait_until(lambda: dice.status().rolls + dice.status().dropped == limit + 30)
        assert device.acks() == []
        ui.wait(lambda: len(device.acks()) >= limit)
        ui.app.frames.check_status()
        assert sorted(device.acks())[-limit:] == list(range(1, limit + 1))
        assert "Dice rolls skipped in a flood: 30" in ui.app.status_text(ui.app.status)
    finally:
        ui.close()


def test_a_roll_before_the_hourglass_is_refused_on_the_status_line_and_acknowledged(
    tmp_path: Path,
) -> None:
    """The reader's roll arrived and was shown as refused: it is acknowledged (a resend
    would be refused again), and the game and the dice row stay as they were."""
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        device = ui.devices.sim.dice_device
        ui.wait(lambda: ui.devices.dice.status().device is not None)
        log = ui.log_types()
        row = [d.value for d in ui.screen.ids.dice.ids.faces.children]
        device.send("ROLL 81 3,5,1,2,6")
        ui.wait(lambda: 81 in device.acks(), "the roll's ACK")
        ui.step(2)
        assert ui.log_types() == log and list(ui.app.model.dice) == []
        assert [d.value for d in ui.screen.ids.dice.ids.faces.children] == row
        assert ui.screen.message_text.startswith(
            "Roll 3 5 1 2 6 not taken: turn the hourglass first"
        ), ui.screen.message_text
        ui.tap(ui.screen.ids.go)  # the hourglass turned: the next roll is the turn's
        device.send("ROLL 82 3,5,1,2,6")
        ui.wait(lambda: ui.log_types()[-1] == "dice", "the roll recorded")
        assert list(ui.app.model.dice) == [3, 5, 1, 2, 6]
    finally:
        ui.close()


# -- a roll the store refuses (issue 30.2) ------------------------------------------------


def fill_up(store: Store) -> None:
    """What a full disk is to SQLite (tests/store/test_full_disk.py): the database may
    not grow, and another game took the last room in the table of actions."""
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")
    ballast = store.load_session(store.create_session(SETUP))
    with contextlib.suppress(DiskFullError):
        for _ in range(100_000):
            ballast.apply(RULES.parse_action({"type": "penalty", "count": 1}))


class Refusal:
    """One way for the store to refuse the roll's action, and the way back."""

    def __init__(self, how: str, data: Path, ui: Harness) -> None:
        self.how, self.data, self.ui = how, data, ui
        self.other: sqlite3.Connection | None = None

    def start(self) -> str:
        """Refuse from now on; the store's sentence."""
        if self.how == "locked":  # another program writes
            self.other = sqlite3.connect(self.data / "companion.db", isolation_level=None)
            self.other.execute("BEGIN IMMEDIATE")
            return "Another program is using the database: this action was not saved. Try again"
        if self.how == "full":
            fill_up(self.ui.store)
            return "The disk is full: this action was not saved"
        shutil.rmtree(self.data)  # the data folder removed, a file in its place:
        self.data.write_text("not a folder")  # the games cannot be written back
        return (
            f"The database's files in {self.data} were removed while the companion was "
            f"running, and they cannot be written again ({{reason}}): this action was not saved"
        )

    def stop(self) -> None:
        if self.other is not None:
            self.other.execute("ROLLBACK")
            self.other.close()
            self.other = None
        elif self.how == "full":
            self.ui.store.conn.execute("PRAGMA max_page_count = 1073741823")
        else:
            self.data.unlink()


def sentence_fits_in_every_language(ui: Harness, name: str) -> None:
    """The table's sentence, in each language, shows whole in its place. (The status
    line's count stays readable at its end: a line too long is cut in its middle.)"""
    before = ui.app.lang
    for lang in languages():
        ui.app.set_language(lang)
        ui.step(3)
        found = [t for w in ui.screen.ids.message.walk(restrict=True) if (t := text_trouble(w))]
        assert not any(found), (lang, found)
        assert ui.app.status_text(ui.app.status).endswith(" 3")  # the count stays in view
        ui.shot(f"{name}-{lang}", every_language=False)
    ui.app.set_language(before)
    ui.step(2)


@pytest.mark.parametrize("how", ["locked", "full", "write_back"])
def test_a_roll_the_store_refuses_is_not_acknowledged_is_said_and_its_resend_is_taken(
    tmp_path: Path, how: str
) -> None:
    data = tmp_path / "data"
    ui = Harness(data, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    refusal = Refusal(how, data, ui)
    try:
        ui.pass_secret()
        ui.tap(ui.screen.ids.go)  # the hourglass turned: a roll is the turn's
        device = ui.devices.sim.dice_device
        dice = ui.devices.dice
        ui.wait(lambda: dice.status().device is not None, "the reader's HELLO")
        log, acks = ui.log_types(), device.acks()
        said = refusal.start()
        for tries in (1, 2, 3):  # the reader sends it again while the store still refuses
            device.send("ROLL 91 6,2,1,4,5")
            ui.wait(lambda n=tries: 91 in device.acks() or dice.status().unsaved == n, "an answer")
            ui.step(3)
            assert device.acks() == acks  # no ACK: nothing was kept
            assert dice.status().unsaved == tries  # each refusal counted
        assert ui.log_types() == log and list(ui.app.model.dice) == []
        # The system's reason depends on which write met the file first (the folder
        # made again: "File exists"; a file opened under it: "Not a directory").
        expected = f"{said}. The dice reader will send roll 6 2 1 4 5 again"
        reasons = ("File exists", "Not a directory")
        assert ui.screen.message_text in {expected.format(reason=r) for r in reasons}
        ui.app.frames.check_status()
        assert "Dice rolls not saved: 3" in ui.app.status_text(ui.app.status)
        sentence_fits_in_every_language(ui, f"dice-not-saved-{how}")
        refusal.stop()
        device.send("ROLL 91 6,2,1,4,5")  # the reader saw no ACK: it sends the roll again
        ui.wait(lambda: 91 in device.acks(), "the resend's ACK")
        assert device.acks() == [*acks, 91]
        assert ui.log_types() == [*log, "dice"] and list(ui.app.model.dice) == [6, 2, 1, 4, 5]
        stored = [a["values"] for _, a in ui.store.iter_actions() if a["type"] == "dice"]
        assert stored == [[6, 2, 1, 4, 5]]
        assert (dice.status().unsaved, dice.status().repeats) == (3, 0)
    finally:
        if refusal.other is not None:
            refusal.stop()
        ui.close()


def test_with_no_game_a_roll_is_acknowledged_once_the_statistics_keep_it(tmp_path: Path) -> None:
    """On the home screen a roll is kept only in the fairness statistics: while another
    program holds the database it gets no ACK, and its resend is recorded once."""
    data = tmp_path / "data"
    ui = Harness(data)
    refusal = Refusal("locked", data, ui)
    try:
        dice = ui.devices.dice
        device = ui.devices.sim.dice_device
        ui.wait(lambda: dice.status().device is not None, "the reader's HELLO")
        refusal.start()
        device.send("ROLL 5 3,3,4,1,2")
        ui.wait(lambda: 5 in device.acks() or dice.status().unsaved == 1, "the roll answered")
        assert device.acks() == [] and dice.status().unsaved == 1
        refusal.stop()
        device.send("ROLL 5 3,3,4,1,2")
        ui.wait(lambda: 5 in device.acks(), "the resend's ACK")
        assert ui.store.rolls.by_reader()["sim-dice"] == [[3, 3, 4, 1, 2]]
    finally:
        if refusal.other is not None:
            refusal.stop()
        ui.close()
