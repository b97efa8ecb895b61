"""The heartbeat file beside the database: a whole record of this game is read back,
a torn one or another game's is not, and the recorder takes the newer of it and the
store's record."""

from __future__ import annotations

from pathlib import Path

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
