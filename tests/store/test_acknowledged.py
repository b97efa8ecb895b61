"""A database that comes back with fewer actions than were acknowledged says so (issue
30.7). An older `-wal` of the same file put back rolled 300 of 400 actions back, and
SQLite's integrity check said `ok`: the players never knew. The store marks each
acknowledged action beside the database (`companion.acked`, in place, unsynced) and
a start that finds fewer says so: a `note:` from every command, and a sentence on
the table. The mark says less than the truth at worst (torn, or older after a power
cut), never more: no false alarm after a close, an undo, a resume from an earlier
action, a kill, or a power cut."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.core.errors import StoreError
from companion.core.hourglass import FakeClock
from companion.store import Store
from companion.store.acked import FILE_NAME, SIZE
from tests.conftest import ROOT, run_companion
from tests.reliability.crash_vfs import CrashVFS
from tests.reliability.table import open_model
from tests.store.conftest import RULES, SETUP, python_child

PENALTY = {"type": "penalty", "count": 1}

# An app that plays 400 actions without a checkpoint (the file itself stays as it
# was after the first 100), keeps its `-wal` of then, and is killed.
OLD_WAL = """
import os, shutil, sys
from companion.store import Store
from tests.store.conftest import RULES, SETUP
path = sys.argv[1]
store = Store(path)
session_id = store.create_session(SETUP)
session = store.load_session(session_id)
def play(count):
    for _ in range(count):
        session.apply(RULES.parse_action({"type": "penalty", "count": 1}))
play(100)
store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
store.db.bound_wal = lambda: None
store.conn.execute("PRAGMA wal_autocheckpoint = 0")
play(200)
shutil.copy(f"{path}-wal", f"{path}-wal.then")
play(100)
os._exit(0)
"""


def rolled_back(path: Path, stored: int, acknowledged: int, game: int = 1) -> str:
    return (
        f"The database {path} holds the actions of game {game} up to number {stored}, but up "
        f"to number {acknowledged} were saved: an older copy of its files was put back, or "
        "another program changed them"
    )


def went_back(path: Path, how: str) -> tuple[int, int]:
    """Play, then put the files back as `how` says; (stored, acknowledged)."""
    if how == "an older -wal put back":
        subprocess.run(python_child(OLD_WAL, str(path)), cwd=ROOT, check=True)
        os.replace(f"{path}-wal.then", f"{path}-wal")
        Path(f"{path}-shm").unlink()  # the index of the newer WAL
        return 300, 400
    store = Store(path)
    session = store.load_session(store.create_session(SETUP))
    for _ in range(100):
        session.apply(RULES.parse_action(PENALTY))
    store.close()
    shutil.copy(path, f"{path}.backup")
    store = Store(path)
    session = store.load_session(1)
    for _ in range(300):
        session.apply(RULES.parse_action(PENALTY))
    store.close()
    if how == "an older copy put back":
        os.replace(f"{path}.backup", path)
        return 100, 400
    os.unlink(path)  # "the database removed while the app was stopped"
    return 0, 400


HOW = ["an older -wal put back", "an older copy put back", "the database removed"]


@pytest.mark.parametrize("how", HOW)
def test_fewer_actions_than_acknowledged_are_said(_isolated_data: Path, how: str) -> None:
    path = _isolated_data / "companion.db"
    stored, acknowledged = went_back(path, how)
    if stored:
        said = rolled_back(path, stored, acknowledged)
    else:
        said = (
            f"The database {path} no longer holds game 1, whose actions up to number 400 "
            "were saved: an older copy of its files was put back, or another program "
            "changed them"
        )
    for command in ("export", "stats"):
        done = run_companion(command)
        assert done.stderr.splitlines()[0] == f"note: {said}", (command, done.stderr)
    store = Store(path)
    assert store.notice == said
    assert store.conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    if stored:  # the table of the game in play says it as it opens
        model = open_model(store, 1, FakeClock())
        assert model.error is not None and model.error.key == "store.rolled_back"
        assert str(model.error) == said
        assert model.act("penalty", count=1)  # play goes on from what is there
        assert model.error is None
        model.close()
    store.close()
    again = Store(path)  # played on: the mark is the new last action, nothing to say
    assert again.notice == (None if stored else said)


def test_the_table_shows_it_in_every_language(tmp_path: Path) -> None:
    from companion.i18n import languages, translator

    path = tmp_path / "companion.db"
    store = Store(path)
    session = store.load_session(store.create_session(SETUP))
    for _ in range(5):
        session.apply(RULES.parse_action(PENALTY))
    store.close()
    (tmp_path / FILE_NAME).unlink()
    Store(path).db.acked.mark(1, 9)  # as if actions 6 to 9 had been acknowledged
    store = Store(path)
    model = open_model(store, 1, FakeClock())
    texts = {lang: translator(lang)(model.error) for lang in languages()}
    assert texts["en"] == rolled_back(path, 5, 9)
    for lang, text in texts.items():
        assert str(path) in text and "5" in text and "9" in text, lang
        assert lang == "en" or text != texts["en"], lang
    model.close()
    store.close()


def play(store: Store, count: int) -> None:
    session = store.load_session(store.create_session(SETUP))
    for _ in range(count):
        session.apply(RULES.parse_action(PENALTY))


def no_note(path: Path) -> None:
    store = Store(path)
    assert store.notice is None
    assert store.take_news() is None
    store.close()


def test_no_false_alarm_after_undo_resume_import_and_kill(tmp_path: Path) -> None:
    path = tmp_path / "companion.db"
    store = Store(path)
    play(store, 30)
    session = store.load_session(1)
    for _ in range(10):
        session.undo()  # marks: the seq of the last action stays
    store.keep_first(1, 5)
    store.close()
    no_note(path)
    store = Store(path)
    store.import_session(store.load_session(1, journal=False))
    store.close()
    no_note(path)
    killed = "import os, sys\nfrom tests.store.test_acknowledged import play\n"
    killed += "from companion.store import Store\nplay(Store(sys.argv[1]), 20)\nos._exit(0)\n"
    subprocess.run(python_child(killed, str(path)), cwd=ROOT, check=True)
    no_note(path)


def test_no_false_alarm_after_a_power_cut(tmp_path: Path) -> None:
    """The mark is never synced: after a cut it is older than the database, or torn."""
    root = tmp_path / "disk"
    root.mkdir()
    path = root / "companion.db"
    for cut_after in (1, 7, 40):
        vfs = CrashVFS(root)
        store = Store(path, connect=vfs.connect)
        play(store, cut_after)
        vfs.power_cut()
        with contextlib.suppress(StoreError):
            store.close()
        vfs.reboot()
        Path(f"{path}-shm").unlink(missing_ok=True)
        no_note(path)


@pytest.mark.parametrize("torn", ["a byte changed", "empty", "garbage"])
def test_a_torn_mark_says_nothing(tmp_path: Path, torn: str) -> None:
    path = tmp_path / "companion.db"
    store = Store(path)
    play(store, 3)
    store.close()
    mark = tmp_path / FILE_NAME
    data = bytearray(mark.read_bytes())
    assert len(data) == SIZE
    if torn == "a byte changed":
        data[data.index(b'"seq":3') + 6] = ord("9")  # seq 9 with the checksum of seq 3
    mark.write_bytes(b"" if torn == "empty" else b"\xff" * SIZE if torn == "garbage" else data)
    no_note(path)


def test_marking_waits_for_no_sync(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An action waits for SQLite's one sync (its commit), not for the mark."""
    store = Store(tmp_path / "companion.db")
    session = store.load_session(store.create_session(SETUP))
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    for _ in range(20):
        session.apply(RULES.parse_action(PENALTY))
    assert synced == []
    assert store.db.acked.last() == (1, 20)
    store.close()


@pytest.mark.timeout(20)
@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_a_mark_file_that_is_not_a_regular_file_is_left_alone(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "companion.db"
    target = tmp_path / "precious"
    if kind == "fifo":
        os.mkfifo(tmp_path / FILE_NAME)
    else:
        target.write_bytes(b"someone else's\n")
        (tmp_path / FILE_NAME).symlink_to(target)
    store = Store(path)  # reading the mark does not wait on the FIFO
    play(store, 5)  # nor does marking; a link's target is not written
    store.close()
    no_note(path)
    if kind == "link":
        assert target.read_bytes() == b"someone else's\n"
        assert (tmp_path / FILE_NAME).is_symlink()
