"""A backup of the database and a backup put back (issue 35.4), in the store: what the
copy holds and checks, the files left beside each, and every refusal in its sentence.
The commands, a backup taken during play and the lock are in tests/cli/test_backup_commands.py."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from companion.core.errors import StoreError
from companion.store import MIGRATIONS, Store, backup
from companion.store.identity import APPLICATION_ID
from tests.store.conftest import RULES, SETUP, fill, remount_read_only

ACTIONS = ({"type": "start_timer"}, {"type": "mail"}, {"type": "end_turn"})


def store_with_games(path: Path) -> tuple[Store, int, int]:
    """Three games: one finished, one abandoned, one in play (the last)."""
    store = Store(path)
    done = store.create_session(SETUP)
    store.record_summary(done, {"over": True, "players": [], "winners": []}, True)
    given_up = store.create_session(SETUP)
    store.abandon(given_up)
    playing = store.create_session(SETUP)
    session = store.load_session(playing)
    for raw in ACTIONS:
        session.apply(RULES.parse_action(raw))
    return store, done, playing


def log_of(path: Path, session_id: int) -> list[str]:
    store = Store(path)
    try:
        return [a.to_json()["type"] for a in store.load_session(session_id).log]
    finally:
        store.close()


def beside(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name))


def test_a_backup_holds_every_game_in_one_checked_file(tmp_path: Path) -> None:
    store, _, playing = store_with_games(tmp_path / "data" / "companion.db")
    target = tmp_path / "stick" / "games.db"
    target.parent.mkdir()
    try:
        found = backup.take(store.path, target)  # the store stays open, as the app's does
    finally:
        store.close()
    assert found == backup.Holds(games=3, unfinished=1)
    assert beside(target) == ["games.db"]  # one file: no -wal, no -shm, no temporary
    header = target.read_bytes()[:100]
    assert header[18:20] == b"\x01\x01"  # a rollback-journal file, not WAL
    assert int.from_bytes(header[68:72], "big") == APPLICATION_ID
    assert log_of(target, playing) == [a["type"] for a in ACTIONS]


def test_a_backup_replaces_an_older_one_only_when_whole(tmp_path: Path) -> None:
    store, _, _ = store_with_games(tmp_path / "companion.db")
    target = tmp_path / "games.db"
    target.write_bytes(b"last week's backup")
    try:
        assert backup.take(store.path, target).games == 3
    finally:
        store.close()
    assert target.read_bytes().startswith(b"SQLite format 3\x00")


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_a_backup_never_overwrites_the_database_itself(tmp_path: Path, suffix: str) -> None:
    store, _, _ = store_with_games(tmp_path / "companion.db")
    live = f"{store.path}{suffix}"
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(StoreError) as refused:
        backup.take(store.path, Path(live))
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    store.close()
    assert str(refused.value) == f"{live} is the database itself: name another file for the backup"
    assert after == before


def test_a_link_to_the_database_is_the_database(tmp_path: Path) -> None:
    store, _, _ = store_with_games(tmp_path / "data" / "companion.db")
    link = tmp_path / "games.db"
    link.symlink_to(store.path)
    try:
        with pytest.raises(StoreError, match="is the database itself"):
            backup.take(store.path, link)
    finally:
        store.close()


def test_no_database_yet_no_folder_or_a_folder_for_a_file(tmp_path: Path) -> None:
    live = tmp_path / "data" / "companion.db"
    with pytest.raises(StoreError) as nothing:
        backup.take(live, tmp_path / "games.db")
    assert str(nothing.value) == f"There is no database at {live} yet: nothing to back up"
    store, _, _ = store_with_games(live)
    try:
        with pytest.raises(StoreError) as missing:
            backup.take(live, tmp_path / "gone" / "games.db")
        with pytest.raises(StoreError) as folder:
            backup.take(live, tmp_path)
    finally:
        store.close()
    assert str(missing.value) == f"There is no folder {tmp_path / 'gone'} to write the backup into"
    assert str(folder.value) == f"{tmp_path} is a folder or a device, not a file"


def test_a_full_stick_and_a_read_only_one_leave_nothing_behind(
    tmp_path: Path, small_disk: Path
) -> None:
    store, _, _ = store_with_games(tmp_path / "companion.db")
    try:
        for _ in range(40):  # make the database larger than the 1 MiB disk
            store.create_session(SETUP)
        store.conn.execute("CREATE TABLE ballast (b BLOB)")
        store.conn.execute("INSERT INTO ballast VALUES (zeroblob(1200000))")
        target = small_disk / "games.db"
        with pytest.raises(StoreError) as full:
            backup.take(store.path, target)
        assert str(full.value) == (
            f"The disk that holds {target} is full: the backup was not written"
        )
        assert list(small_disk.iterdir()) == []
        fill(small_disk).unlink()
        remount_read_only(small_disk)
        with pytest.raises(StoreError) as read_only:
            backup.take(store.path, target)
    finally:
        store.close()
    assert str(read_only.value) == (
        f"{target} cannot be written (a read-only disk or folder, or no permission): the "
        "backup was not written"
    )


# --- restore ------------------------------------------------------------------------


def made_backup(tmp_path: Path) -> tuple[Path, int]:
    store, _, playing = store_with_games(tmp_path / "old" / "companion.db")
    target = tmp_path / "games.db"
    try:
        backup.take(store.path, target)
    finally:
        store.close()
    return target, playing


def test_a_restore_keeps_the_database_before_it_with_its_wal(tmp_path: Path) -> None:
    saved, playing = made_backup(tmp_path)
    live = tmp_path / "data" / "companion.db"
    other = Store(live)
    other.create_session(SETUP)  # a database in use: its -wal holds the game
    before = {name: Path(f"{live}{name}").read_bytes() for name in ("", "-wal")}
    done = backup.restore(saved, live)  # (the app closed: its files stay as they were)
    other.close()
    assert done.holds == backup.Holds(games=3, unfinished=1)
    assert done.version == len(MIGRATIONS)
    assert done.moved is not None and done.moved.name.startswith("companion.db.before-restore-")
    assert {n: Path(f"{done.moved}{n}").read_bytes() for n in ("", "-wal")} == before
    assert beside(live) == sorted(["companion.db", done.moved.name, f"{done.moved.name}-wal"])
    assert log_of(live, playing) == [a["type"] for a in ACTIONS]
    assert len(Store(done.moved).sessions()) == 1  # the one before it, whole


def test_a_restore_into_an_empty_folder_moves_nothing(tmp_path: Path) -> None:
    saved, _ = made_backup(tmp_path)
    live = tmp_path / "data" / "companion.db"
    live.parent.mkdir()
    Path(f"{live}-shm").write_bytes(b"\0" * 32768)  # an index left of a WAL that is gone
    done = backup.restore(saved, live)
    assert done.moved is None
    assert beside(live) == ["companion.db"]
    assert saved.read_bytes()[:16] == b"SQLite format 3\x00"  # the backup is left as it was


def older_schema(path: Path, version: int) -> None:
    """A database an earlier release wrote: its first `version` migrations, no id."""
    conn = sqlite3.connect(path)
    for migration in MIGRATIONS[:version]:
        conn.executescript(migration)
    conn.execute(
        "INSERT INTO sessions (game, seed, players, options, created, updated) VALUES "
        "('wyscig-balonow', 5, '[\"Ola\", \"Jan\"]', '{}', '2024-01-01', '2024-01-01')"
    )
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("version", range(1, len(MIGRATIONS)))
def test_a_backup_of_an_older_schema_is_migrated_in_place(tmp_path: Path, version: int) -> None:
    saved = tmp_path / "old.db"
    older_schema(saved, version)
    original = saved.read_bytes()
    live = tmp_path / "data" / "companion.db"
    done = backup.restore(saved, live)
    assert (done.version, done.holds.games, done.holds.unfinished) == (version, 1, 1)
    assert saved.read_bytes() == original  # migrated in the copy, never in the backup
    header = live.read_bytes()[:100]
    assert int.from_bytes(header[60:64], "big") == len(MIGRATIONS)
    assert int.from_bytes(header[68:72], "big") == APPLICATION_ID
    store = Store(live)
    assert store.notice is None and store.unfinished() is not None
    store.close()


def stranger(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, jpeg BLOB)")
    conn.commit()
    conn.close()


def newer(path: Path) -> None:
    older_schema(path, len(MIGRATIONS))
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.commit()
    conn.close()


def damaged(path: Path) -> None:
    older_schema(path, len(MIGRATIONS))
    data = bytearray(path.read_bytes())
    data[4096 : 4096 + 12] = b"\xff" * 12  # the second page's header, scrambled
    path.write_bytes(bytes(data))


REFUSED = {
    "a game file": (
        lambda p: p.write_text('{"format": 1}'),
        "{path} is not a companion database (no backup of its games): nothing was restored",
    ),
    "an empty file": (
        lambda p: p.write_bytes(b""),
        "{path} is not a companion database (no backup of its games): nothing was restored",
    ),
    "another program's database": (
        stranger,
        "{path} is not a companion database (no backup of its games): nothing was restored",
    ),
    "a newer schema": (
        newer,
        f"{{path}} was written by a newer version of the companion (schema "
        f"{len(MIGRATIONS) + 1}, this version knows {len(MIGRATIONS)}): update the "
        "companion first. Nothing was restored",
    ),
    "a damaged backup": (damaged, "{path} is damaged ("),
    "no file": (lambda p: None, "There is no file {path}: nothing was restored"),
    "a folder": (lambda p: p.mkdir(), "{path} is a folder or a device, not a file"),
}


@pytest.mark.parametrize("kind", list(REFUSED))
def test_a_file_that_is_no_backup_is_refused_and_nothing_moves(tmp_path: Path, kind: str) -> None:
    make, sentence = REFUSED[kind]
    saved = tmp_path / "backup.db"
    make(saved)
    store, _, _ = store_with_games(tmp_path / "data" / "companion.db")
    store.close()
    before = {p.name: p.read_bytes() for p in store.path.parent.iterdir()}
    with pytest.raises(StoreError) as refused:
        backup.restore(saved, store.path)
    assert str(refused.value).startswith(sentence.format(path=saved))
    assert {p.name: p.read_bytes() for p in store.path.parent.iterdir()} == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("backup.db-")]  # no -shm


def test_the_database_in_use_is_no_backup_to_restore(tmp_path: Path) -> None:
    store, _, _ = store_with_games(tmp_path / "companion.db")
    store.close()
    with pytest.raises(StoreError, match="is the database in use: name a backup file"):
        backup.restore(store.path, store.path)
    assert len(Store(store.path).sessions()) == 3


def test_root_may_not_work_in_another_user_s_data_folder(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("only root can be refused this")
    folder = tmp_path / "data"
    folder.mkdir()
    os.chown(folder, 65534, 65534)
    with pytest.raises(StoreError) as refused:
        backup.check_owner(folder)
    assert str(refused.value).startswith(f"The data folder {folder} belongs to the user ")
    os.chown(folder, 0, 0)
    backup.check_owner(folder)  # root's own folder: fine
