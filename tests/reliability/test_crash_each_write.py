"""A power cut at every write the store makes: every store method that writes runs
once on the crash VFS (`crash_vfs`), and before each write SQLite makes (and after
each sync) the test takes what the disk holds at that instant, the database and its
WAL as a reboot would find them. Each such picture, opened with the ordinary
`sqlite3` module, holds exactly what the store held after some whole step: the step
in flight, or one before it back to the last step that was synced (checkpoints of
the WAL into the file among them). Never half a step: an action stored without its
session's stamp, a game without its players, a finished game without its results,
half an import or half a `keep_first`.

A store whose step commits statement by statement (no transaction around one action)
fails this: the picture between two of its commits matches no step."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import files
from companion.core.session import Session
from companion.store import Store
from tests.reliability.crash_vfs import CrashVFS, VolatileFile
from tests.store.conftest import RULES, SETUP

Dump = tuple[tuple[str, tuple[tuple[Any, ...], ...]], ...]


@dataclass
class Picture:
    """What the disk held at one write: the files' bytes, and the step then running."""

    step: int
    files: dict[str, bytes] = field(default_factory=dict)


class PictureVFS(CrashVFS):
    """The crash VFS, with a picture of the disk before every write and after every
    sync of the database's files, once `watch(path)` names them."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.watched: Path | None = None
        self.step = 0
        self.pictures: list[Picture] = []
        self._seen: set[str] = set()

    def xOpen(self, name: Any, flags: list[int]) -> VolatileFile:
        return PictureFile(self, name, flags)

    def watch(self, path: Path) -> None:
        self.watched = path

    def take(self) -> None:
        if self.watched is None:
            return
        picture = Picture(self.step)
        for suffix in ("", "-wal"):  # the -shm is memory: a reboot starts without it
            found = self.disk.file(Path(f"{self.watched}{suffix}"))
            if found is not None:
                picture.files[suffix] = found
        key = hashlib.sha256(repr((picture.step, sorted(picture.files.items()))).encode())
        if key.hexdigest() not in self._seen:
            self._seen.add(key.hexdigest())
            self.pictures.append(picture)


class PictureFile(VolatileFile):
    vfs: PictureVFS

    def xWrite(self, data: Any, offset: int) -> None:
        self.vfs.take()
        super().xWrite(data, offset)

    def xSync(self, flags: int) -> None:
        self.vfs.take()
        super().xSync(flags)
        self.vfs.take()


def dump(conn: Any) -> Dump:
    """Every row of every table, in an order that does not depend on the file."""
    tables = conn.execute(
        "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
    ).fetchall()
    result = []
    for (table,) in tables:
        rows = conn.execute(f'SELECT * FROM "{table}"').fetchall()
        result.append((table, tuple(sorted((tuple(r) for r in rows), key=repr))))
    return tuple(result)


def reboot(picture: Picture, folder: Path) -> Dump:
    """The picture on a disk of its own, opened as the next start would."""
    folder.mkdir()
    path = folder / "c.db"
    for suffix, data in picture.files.items():
        Path(f"{path}{suffix}").write_bytes(data)
    conn = sqlite3.connect(path)
    try:
        return dump(conn)
    finally:
        conn.close()


Step = tuple[str, bool, Callable[[], object]]  # name, synced, what it does


def steps(store: Store, played: dict[str, Any]) -> list[Step]:
    """Every store method that writes, as the app and the commands call them."""
    penalty = {"type": "penalty", "count": 1}

    def new_game() -> None:
        played["id"] = store.create_session(SETUP)
        played["session"] = store.load_session(played["id"])

    def session() -> Session:
        found: Session = played["session"]
        return found

    def summary(decided: bool) -> Callable[[], None]:
        return lambda: store.record_summary(played["id"], session().summary().data, decided)

    finished = files.replay(
        {"format": 1, "game": RULES.id, "seed": 2, "players": ["Ola", "Jan"],
         "actions": [penalty] * 30},
    )  # fmt: skip
    return [
        ("add a player", True, lambda: store.add_player("Zoe")),
        ("new game", True, new_game),
        ("action", True, lambda: session().apply(RULES.parse_action({"type": "start_timer"}))),
        ("summary", False, summary(False)),
        ("glass", False, lambda: store.save_extra(played["id"], synced=False, hourglass={"n": 1})),
        ("action", True, lambda: session().apply(RULES.parse_action(penalty))),
        ("action", True, lambda: session().apply(RULES.parse_action({"type": "mail"}))),
        ("summary", False, summary(False)),
        ("undo", True, lambda: session().undo()),
        ("redo", True, lambda: session().redo()),
        ("where", True, lambda: store.save_extra(played["id"], screen="table")),
        ("roll", True, lambda: store.rolls.record("reader-1", [1, 6, None], played["id"])),
        ("keep the first", True, lambda: store.keep_first(played["id"], 1)),
        ("import", True, lambda: store.import_session(finished)),
        ("abandon", True, lambda: store.abandon(played["id"])),
        ("the end", True, summary(True)),
    ]


def on_disk(tmp_path: Path) -> tuple[PictureVFS, Path]:
    folder = tmp_path / "disk"
    folder.mkdir()
    return PictureVFS(folder), folder / "c.db"


def test_a_power_cut_at_any_write_leaves_whole_steps(tmp_path: Path) -> None:
    vfs, path = on_disk(tmp_path)
    store = Store(path, connect=vfs.connect)
    store.conn.execute("PRAGMA wal_autocheckpoint = 8")  # checkpoints among the steps too
    played: dict[str, Any] = {}
    script = steps(store, played)
    after = [dump(store.conn)]  # after[k]: what the store held after k steps
    synced = [True]
    vfs.watch(path)
    for number, (_, was_synced, run) in enumerate(script, start=1):
        vfs.step = number
        run()
        after.append(dump(store.conn))
        synced.append(was_synced)
    vfs.step = len(script) + 1  # the close: nothing more may change
    store.close()
    assert {p.step for p in vfs.pictures} >= set(range(1, len(script) + 1))  # each wrote
    grew = [p for p in vfs.pictures if p.step <= len(script) and len(p.files[""]) > 4 * 4096]
    assert grew  # checkpoints among the steps wrote the file itself, and were pictured
    for index, picture in enumerate(vfs.pictures):
        running = min(picture.step, len(script))
        last_synced = max(k for k in range(running) if synced[k])
        found = reboot(picture, tmp_path / f"reboot-{index}")
        allowed = range(last_synced, running + 1)
        matches = [k for k in allowed if after[k] == found]
        assert matches, (script[running - 1][0], picture.step, index)


def test_the_pictures_see_a_step_that_is_not_whole(tmp_path: Path) -> None:
    """The harness itself: two commits for one step give a picture between them that
    matches neither the step before nor the step after."""
    vfs, path = on_disk(tmp_path)
    store = Store(path, connect=vfs.connect)
    session_id = store.create_session(SETUP)
    before = dump(store.conn)
    vfs.watch(path)
    vfs.step = 1
    store.conn.execute("INSERT INTO actions(session_id, seq, action) VALUES (?, 1, '{}')",
                       (session_id,))  # fmt: skip
    store.conn.execute("UPDATE sessions SET updated = 'later' WHERE id = ?", (session_id,))
    whole = dump(store.conn)
    store.close()
    found = [reboot(p, tmp_path / f"reboot-{i}") for i, p in enumerate(vfs.pictures)]
    assert before in found and whole in found
    assert any(f not in (before, whole) for f in found)
