"""The heartbeat file beside the database: a whole record of this game is read back,
a torn one or another game's is not, and the recorder takes the newer of it and the
store's record."""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

import pytest

from companion.core.model import GameSetup, PlayerSpec
from companion.play.heartbeat import FILE_NAME, SIZE, Heartbeat
from companion.play.recorder import Recorder
from companion.store import Store


def test_a_record_reads_back_for_its_own_game_only(tmp_path: Path) -> None:
    beat = Heartbeat(tmp_path / FILE_NAME)
    beat.write(3, {"seconds_left": 41.25, "phase": "running", "turn": None, "n": 7})
    beat.write(3, {"seconds_left": 41.1, "phase": "running", "turn": None, "n": 8})
    beat.close()
    assert (tmp_path / FILE_NAME).stat().st_size == SIZE  # always the same bytes
    again = Heartbeat(tmp_path / FILE_NAME)
    assert again.read(3) == {"seconds_left": 41.1, "phase": "running", "turn": None, "n": 8}
    assert again.read(4) == {}


def test_a_torn_record_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    beat = Heartbeat(path)
    beat.write(3, {"seconds_left": 41.25, "phase": "running", "turn": None, "n": 7})
    beat.close()
    data = bytearray(path.read_bytes())
    data[data.index(b"41.25") + 1] = ord("7")  # a power cut that kept half a write
    path.write_bytes(bytes(data))
    assert Heartbeat(path).read(3) == {}
    path.write_bytes(b"")
    assert Heartbeat(path).read(3) == {}


def test_the_recorder_brings_back_the_newer_record(tmp_path: Path) -> None:
    store = Store(tmp_path / "companion.db")
    setup = GameSetup(
        game="wyscig-balonow", seed=1, players=tuple(PlayerSpec(name=n) for n in "ABC")
    )
    session_id = store.create_session(setup)
    recorder = Recorder(store, session_id)
    recorder.save_glass({"seconds_left": 60.0, "phase": "running", "turn": None, "n": 1})
    recorder.beat({"seconds_left": 58.8, "phase": "running", "turn": None, "n": 12})
    again = Recorder(store, session_id)  # the next run of the app
    assert again.saved_glass()["seconds_left"] == 58.8
    again.save_glass({"seconds_left": 58.8, "phase": "paused", "turn": None, "n": 13})
    assert Recorder(store, session_id).saved_glass()["phase"] == "paused"
    store.close()


GLASS = {"seconds_left": 41.25, "phase": "running", "turn": None, "n": 7}
PRECIOUS = b"someone else's file\n"


def _fifo(path: Path, _tmp: Path) -> None:
    os.mkfifo(path)


def _link(path: Path, tmp: Path) -> None:
    (tmp / "precious").write_bytes(PRECIOUS)
    path.symlink_to(tmp / "precious")


def _link_nowhere(path: Path, tmp: Path) -> None:
    path.symlink_to(tmp / "nothing-here")


def _link_to_fifo(path: Path, tmp: Path) -> None:
    os.mkfifo(tmp / "pipe")
    path.symlink_to(tmp / "pipe")


def _folder(path: Path, _tmp: Path) -> None:
    path.mkdir()


IN_ITS_PLACE = {
    "fifo": _fifo,
    "link": _link,
    "link to nothing": _link_nowhere,
    "link to a fifo": _link_to_fifo,
    "folder": _folder,
}


@pytest.mark.timeout(20)  # a FIFO opened as a file waits for ever: the test hangs
@pytest.mark.parametrize("kind", IN_ITS_PLACE)
def test_what_is_not_a_regular_file_is_neither_waited_for_nor_written(
    tmp_path: Path, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / FILE_NAME
    IN_ITS_PLACE[kind](path, tmp_path)
    before = {p.name: (p.is_symlink(), p.lstat().st_mode) for p in tmp_path.iterdir()}
    beat = Heartbeat(path)
    with caplog.at_level(logging.WARNING, logger="companion.play.heartbeat"):
        assert beat.read(3) == {}
        for n in range(30):  # three seconds of beats
            beat.write(3, {**GLASS, "n": n})
        assert beat.read(3) == {}
    beat.close()
    after = {p.name: (p.is_symlink(), p.lstat().st_mode) for p in tmp_path.iterdir()}
    assert after == before  # nothing created at a link's end, nothing replaced
    if kind == "link":
        assert (tmp_path / "precious").read_bytes() == PRECIOUS
    assert len(caplog.records) == 1  # said once, not once a beat
    assert str(path) in caplog.records[0].getMessage()


def test_a_link_to_a_good_record_is_not_read(tmp_path: Path) -> None:
    """A link is not followed for reading either: the record it leads to is not ours."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    Heartbeat(elsewhere / FILE_NAME).write(3, GLASS)
    (tmp_path / FILE_NAME).symlink_to(elsewhere / FILE_NAME)
    assert Heartbeat(elsewhere / FILE_NAME).read(3) == GLASS
    assert Heartbeat(tmp_path / FILE_NAME).read(3) == {}


@pytest.mark.timeout(20)
def test_a_fifo_read_by_another_program_gets_no_beat(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    os.mkfifo(path)
    reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # the other end, held open
    try:
        beat = Heartbeat(path)
        for n in range(10):
            beat.write(3, {**GLASS, "n": n})
        assert beat.read(3) == {}
        beat.close()
        assert os.read(reader, 4096) == b""  # no writer left, and nothing written
    finally:
        os.close(reader)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_the_app_starts_and_keeps_the_glass_with_no_heartbeat_file(
    tmp_path: Path, kind: str
) -> None:
    """What the app does at start (the recorder brings the glass back) and while the
    sand runs (a beat): neither hangs, and the store's record is the glass."""
    store = Store(tmp_path / "companion.db")
    setup = GameSetup(
        game="wyscig-balonow", seed=1, players=tuple(PlayerSpec(name=n) for n in "ABC")
    )
    session_id = store.create_session(setup)
    IN_ITS_PLACE[kind](tmp_path / FILE_NAME, tmp_path)
    recorder = Recorder(store, session_id)
    recorder.save_glass({**GLASS, "n": 1})
    recorder.beat({**GLASS, "seconds_left": 30.0, "n": 12})
    again = Recorder(store, session_id)  # the next start
    assert again.saved_glass() == {**GLASS, "n": 1}
    store.close()


def test_a_close_on_another_thread_never_lets_a_beat_into_another_file(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The driver's thread beats while the main thread closes the file (the folder was
    removed, the game left the table) and opens others (SQLite, an export). Unguarded,
    a beat wrote to a descriptor number the close gave back, by then another file's:
    256 bytes of heartbeat over the start of whatever file took the number."""
    beat = Heartbeat(tmp_path / FILE_NAME)
    others = tmp_path / "others"
    others.mkdir()
    stop = threading.Event()

    def beats() -> None:
        n = 0
        while not stop.is_set():
            beat.write(3, {**GLASS, "n": n})
            n += 1

    driver = threading.Thread(target=beats)
    held: list[int] = []
    with caplog.at_level(logging.WARNING, logger="companion.play.heartbeat"):
        driver.start()
        try:
            for number in range(1500):
                beat.close()
                held.append(os.open(others / str(number), os.O_RDWR | os.O_CREAT, 0o600))
                if len(held) > 3:
                    os.close(held.pop(0))
        finally:
            stop.set()
            driver.join()
            for fd in held:
                os.close(fd)
    assert [p.name for p in others.iterdir() if p.stat().st_size] == []
    assert caplog.records == []  # no write to a closed descriptor either
