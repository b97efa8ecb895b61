"""What the history screen shows, without Kivy: the finished games, one game's log
in words, and the export of a game as a game file (spec/game-file.md).

Exports go to a folder people can find again: `$COMPANION_EXPORT_DIR`, else the
platform's documents folder, else the data folder, under `companion/exports/`.
A USB stick mounted under /media is offered as a second place.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from companion import files
from companion.core.messages import Message, Param
from companion.stats import game_name
from companion.store import APP_NAME, Store
from companion.ui.screens.text import S

MEDIA_ROOT = Path("/media")  # where Raspberry Pi OS mounts USB sticks (/media/<user>/<label>)
MOUNTS_FILE = Path("/proc/mounts")


@dataclass(frozen=True)
class GameEntry:
    """One finished game as the list shows it."""

    id: int
    game: str
    name: str
    date: str
    players: tuple[tuple[str, int | None], ...]
    winners: tuple[str, ...]


def _parse(stamp: str | None) -> dt.datetime | None:
    if not stamp:
        return None
    try:
        moment = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    # Stored times are UTC; the table reads its own clock.
    return moment.astimezone() if moment.tzinfo else moment


def local_date(stamp: str | None) -> str:
    moment = _parse(stamp)
    return moment.strftime("%Y-%m-%d %H:%M") if moment else "?"


def local_time(stamp: str | None) -> str:
    moment = _parse(stamp)
    return moment.strftime("%H:%M:%S") if moment else "--:--:--"


def entries(store: Store) -> list[GameEntry]:
    """Finished games, the latest first."""
    found = []
    for row in store.sessions(finished=True):
        results = store.results(row.id)
        found.append(
            GameEntry(
                id=row.id,
                game=row.game,
                name=game_name(row.game),
                date=local_date(row.finished),
                players=tuple((r["name"], r["score"]) for r in results),
                winners=tuple(r["name"] for r in results if r["winner"]),
            )
        )
    return found


def scores_text(entry: GameEntry) -> str:
    return "   ".join(
        f"{name} {score if score is not None else S('no_score')}" for name, score in entry.players
    )


def winner_message(winners: tuple[str, ...] | list[str]) -> Message:
    return S("winners" if len(winners) > 1 else "winner", names=", ".join(winners))


# --- the log in words --------------------------------------------------------------

_NAMED = {key.removeprefix("act_") for key in S.keys if key.startswith("act_")} - {"other"}


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(_plain(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if value is None:
        return "?"
    return str(value)


def _details(data: Mapping[str, Any], used: set[str]) -> str:
    rest = {k: v for k, v in data.items() if k not in used}
    if not rest:
        return ""
    return "(" + ", ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in rest.items()) + ")"


def describe(data: Mapping[str, Any]) -> Message:
    """One action in words; fields without a place in the sentence go in brackets."""
    kind = str(data.get("type", "?"))
    used = {"type", "at", "undone_at", "player"}
    if kind == "adjust":
        delta = int(data.get("delta", 0))
        return S("act_adjust", token=str(data.get("token", "?")), delta=f"{delta:+d}")
    if kind not in _NAMED:
        return S("act_other", type=kind.replace("_", " "), details=_details(data, used))
    params: dict[str, Param] = {}
    for name in ("values", "players", "count", "unplaced"):
        if name in data:
            value = data[name]
            # a count stays a number: the sentence's plural form depends on it
            params[name] = value if isinstance(value, int) else _plain(value)
            used.add(name)
    return S(f"act_{kind}", **params, details=_details(data, used))


@dataclass(frozen=True)
class LogEntry:
    time: str
    actor: str | None
    what: Message


def log_lines(store: Store, session_id: int) -> list[LogEntry]:
    """The effective log in order: time, whose turn it was, what happened."""
    session = store.load_session(session_id, journal=False)
    rules = session.rules
    state = session.state_at(0)
    lines = []
    for data in store.raw_actions(session_id):
        actor = data.get("player") or rules.summary(state).get("current")
        lines.append(LogEntry(local_time(data.get("at")), actor and str(actor), describe(data)))
        state = rules.apply(state, rules.parse_action(data))
    return lines


def line_message(line: LogEntry, translate: Callable[[Message], str]) -> Message:
    """The line as one sentence; `what` is rendered first in the same language."""
    what = translate(line.what).strip()
    if line.actor:
        return S("log_line", time=line.time, player=line.actor, what=what)
    return S("log_line_plain", time=line.time, what=what)


# --- export ------------------------------------------------------------------------


def export_folder() -> Path:
    chosen = os.environ.get("COMPANION_EXPORT_DIR")
    if chosen:
        return Path(chosen)
    documents = Path(platformdirs.user_documents_dir())
    base = documents if documents.is_dir() else Path(platformdirs.user_data_dir(APP_NAME)).parent
    return base / APP_NAME / "exports"


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


def usb_sticks(media_root: Path | None = None, mounts: Path | None = None) -> list[Path]:
    """Writable mount points under /media (USB sticks), by name."""
    root = media_root or MEDIA_ROOT
    table = mounts or MOUNTS_FILE
    try:
        lines = table.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        parts = line.split()
        if len(parts) < 2:
            continue
        point = Path(parts[1].replace("\\040", " "))
        if point.is_relative_to(root) and point != root and os.access(point, os.W_OK):
            found.append(point)
    return sorted(found)
