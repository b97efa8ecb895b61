"""What the history screen shows, without Kivy: the finished and the abandoned
games, one game's log in words, and the export of a game as a game file (the game
file contract, docs/game-file.md).

"Save game file" writes where a player can take the file away: to a USB stick when
one is mounted (a writable file system mounted under /media or /run/media, where
the desktop and Raspberry Pi OS mount them), else to `exports/` in the data folder
(beside the database: `$COMPANION_DATA_DIR`, or the platform's data folder). "Back up
to a USB stick", offered where one is mounted, copies every game into one file
there (`companion.store.backup`, as `companion backup` does). Both `MEDIA_ROOTS` and
`MOUNTS_FILE` are module values a test may replace.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import files, games
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.core.session import Session
from companion.store import Store, UnrestorableGameError, backup
from companion.ui.screens.text import S
from companion.ui.tables import adapter

# Where USB sticks are mounted: /media/<user>/<label> (Raspberry Pi OS, udisks) or
# /run/media/<user>/<label> (other desktops). Tests pass their own.
MEDIA_ROOTS = (Path("/media"), Path("/run/media"))
MOUNTS_FILE = Path("/proc/mounts")


@dataclass(frozen=True)
class GameEntry:
    """One game as the list shows it: finished, or abandoned by the players."""

    id: int
    game: str
    name: str
    date: Message  # when it ended, or was given up
    players: tuple[tuple[str, int | None, int | None], ...]  # name, score, rank
    winners: tuple[str, ...]
    abandoned: bool = False
    outcome: Message | None = None  # a game won by nobody: what it came to (lost)


def _parse(stamp: str | None) -> dt.datetime | None:
    if not stamp:
        return None
    try:
        moment = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    # Stored times are UTC; the table reads its own clock.
    return moment.astimezone() if moment.tzinfo else moment


def local_date(stamp: str | None) -> Message:
    """A stored time as the day and the time of day, in the language's own form."""
    moment = _parse(stamp)
    return S("when", when=moment) if moment else S("plain", text="?")


def local_time(stamp: str | None) -> Message:
    """A stored time as the time of day, in the language's own form."""
    moment = _parse(stamp)
    return S("clock", when=moment) if moment else S("plain", text="--:--:--")


def entries(store: Store) -> list[GameEntry]:
    """Finished and abandoned games, the latest first (nothing is ever deleted)."""
    found = []
    for row in store.sessions():
        if row.finished is None and row.abandoned is None:
            continue  # still to play: on the home screen
        results = store.results(row.id)
        players = tuple((r["name"], r["score"], r["rank"]) for r in results)
        found.append(
            GameEntry(
                id=row.id,
                game=row.game,
                name=games.title(row.game, row.setup.options),
                date=local_date(row.finished or row.abandoned),
                players=players or tuple((n, None, None) for n in row.setup.names),
                winners=tuple(r["name"] for r in results if r["winner"]),
                abandoned=row.finished is None,
                outcome=adapter(row.game).scoring.outcome(row.setup.options, row.summary or {}),
            )
        )
    return found


def score_parts(entry: GameEntry) -> list[Message]:
    """Each player's score, or for a race without points each one's place; only the
    names for an abandoned game. The screen renders them in its language."""
    parts = []
    for name, score, rank in entry.players:
        if entry.abandoned:
            parts.append(S("plain", text=name))
        elif score is not None:
            parts.append(S("score_part", name=name, score=score))
        elif rank is not None:
            parts.append(S("place", name=name, rank=rank))
        else:
            parts.append(S("score_part", name=name, score=str(S("no_score"))))
    return parts


def sheet_text(options: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    """A player's whole score sheet, each line's name (the group's own) and points in
    the sheet's order: "Roads 4 · Cities 12"; "" for a game without one."""
    sheet = player.get("sheet")
    if not isinstance(sheet, Mapping):
        return ""
    names = {c["id"]: c["name"] for c in options.get("categories", ())}
    # a line's name and its points never apart on two lines of text (a no-break space)
    return " · ".join(f"{names.get(line, line)}\u00a0{points}" for line, points in sheet.items())


def winner_message(winners: tuple[str, ...] | list[str]) -> Message:
    return S("winners" if len(winners) > 1 else "winner", names=", ".join(winners))


# --- the log in words --------------------------------------------------------------


@dataclass(frozen=True)
class LogEntry:
    time: Message
    what: Message  # the action in the players' words: the game's table says it


def log_lines(store: Store, session_id: int) -> tuple[list[LogEntry], Message | None]:
    """The effective log in order: the time and what happened, in the words the
    game's table uses for "Undone: ..." (`describe(action, before)`). A log that does
    not replay is shown up to its last good action, with the store's sentence that
    names the action that fails."""
    problem: Message | None = None
    try:
        session: Session = store.load_session(session_id, journal=False)
    except UnrestorableGameError as error:
        session = store.load_session(session_id, journal=False, upto=error.good)
        problem = error.message
    table = adapter(session.setup.game)
    lines = [
        LogEntry(local_time(getattr(action, "at", None)), table.describe(action, before))
        for action, before in zip(session.log, _befores(session), strict=True)
    ]
    return lines, problem


def standing(store: Store, session_id: int) -> tuple[dict[str, tuple[Message, ...]], list[Message]]:
    """Each player's marks besides their score (out of the game), from the game's
    table, and the rules' sentences on why players rank where they do."""
    session: Session = store.load_session(session_id, journal=False)
    marks = adapter(session.setup.game).scoring.standing(session)
    return marks, session.rules.tie_breaks(session.state)


def _befores(session: Session) -> list[Any]:
    """The state before each action of the log, folded once."""
    rules, state = session.rules, session.state_at(0)
    found = []
    for action in session.log:
        found.append(state)
        state = rules.apply(state, action)
    return found


def line_message(line: LogEntry, translate: Callable[[Message], str]) -> Message:
    """The line as one sentence; `what` is rendered first in the same language."""
    return S("log_line", time=line.time, what=translate(line.what).strip())


# --- export ------------------------------------------------------------------------


def export_folder(store: Store) -> Path:
    """`exports/` in the data folder, beside the database (`$COMPANION_DATA_DIR`)."""
    return store.path.parent / "exports"


def export_name(store: Store, session_id: int) -> str:
    row = store.session_row(session_id)
    moment = _parse(row.finished or row.created)
    day = moment.strftime("%Y-%m-%d") if moment else "undated"
    return f"{day}-{row.game}-{session_id}.json"


def export(store: Store, session_id: int, folder: Path) -> Path:
    """Write the game file (setup + effective log) into `folder`; returns its path."""
    session = store.load_session(session_id, journal=False)
    target = folder / export_name(store, session_id)
    folder.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.tmp")
    temp.write_text(files.dumps(session.setup, session.log), encoding="utf-8")
    os.replace(temp, target)  # a stick pulled mid-write leaves no half file by that name
    return target


def save_game(store: Store, session_id: int, sticks: list[Path]) -> Message:
    """ "Save game file": onto the first USB stick, else into the data folder's
    exports; the sentence says where (or why not)."""
    target = sticks[0] if sticks else export_folder(store)
    try:
        path = export(store, session_id, target)
    except (OSError, CompanionError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        return S("export_failed", path=str(target), reason=reason or "?")
    if sticks:
        return S("exported_usb", name=target.name, file=path.name)
    # Said from the data folder on (exports/...): the whole path can be longer than the
    # line, and the players know where the data folder is.
    return S("exported_data", path=str(path.relative_to(store.path.parent)))


def backup_name(moment: dt.datetime) -> str:
    """companion-backup-2026-12-24-2130.db: the day and the time it was taken."""
    return f"companion-backup-{moment:%Y-%m-%d-%H%M}.db"


def back_up(store: Store, sticks: list[Path], moment: dt.datetime | None = None) -> Message:
    """ "Back up to a USB stick": every game into one file on the first stick; the
    sentence says where it went (or why not)."""
    if not sticks:
        return S("backup_no_stick")
    stick = sticks[0]
    target = stick / backup_name(moment or dt.datetime.now())
    try:
        found = backup.take(store.path, target)
    except CompanionError as error:
        return S("backup_not_made", name=stick.name, reason=error.message)
    return S("backed_up", name=stick.name, file=target.name, games=found.games)


def usb_sticks(roots: tuple[Path, ...] | None = None, mounts: Path | None = None) -> list[Path]:
    """The USB sticks to save to: writable file systems mounted under /media or
    /run/media (a stick's own folder, not the roots themselves), by name."""
    bases = MEDIA_ROOTS if roots is None else roots
    table = mounts or MOUNTS_FILE
    try:
        lines = table.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        parts = line.split()
        if len(parts) < 4 or "ro" in parts[3].split(","):
            continue
        point = Path(parts[1].replace("\\040", " "))
        under = any(point.is_relative_to(b) and point != b for b in bases)
        if under and point.is_dir() and os.access(point, os.W_OK):
            found.append(point)
    return sorted(found)
