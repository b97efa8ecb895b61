"""Nothing from data reaches a terminal as a control character: names with escape
codes, newlines, a bidi override or NUL are written escaped by `replay` and `stats`
(and in every error line), the way `cat -v` would show that they are there."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from companion.cli.output import escape, json_text, printable
from companion.cli.replay import format_summary
from companion.store import Store
from tests.conftest import ROOT, run_companion
from tests.waiting import limit

HOSTILE = "Ann\x1b[31m\r\n\x00\u202e\x9b2J"
SHOWN = "Ann\\x1b[31m\\r\\n\\x00\\u202e\\x9b2J"


def control_bytes(data: bytes) -> list[int]:
    """What `cat -v` would mark: C0 controls but newline, DEL, and UTF-8 C1 controls."""
    text = data.decode("utf-8")
    return [ord(c) for c in text if (not c.isprintable() and c != "\n")]


def run_bytes(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], capture_output=True, cwd=ROOT, timeout=limit(60)
    )


def test_escape_shows_every_control_character() -> None:
    assert escape(HOSTILE) == SHOWN
    assert escape("Kasia Żółć") == "Kasia Żółć"  # letters stay letters
    assert printable("line one\nAnn\x1b") == "line one\nAnn\\x1b"


def test_json_text_stays_valid_json_with_no_raw_control() -> None:
    text = json_text({"name": HOSTILE + "\x7f\U000e0001"})
    assert json.loads(text) == {"name": HOSTILE + "\x7f\U000e0001"}
    assert control_bytes(text.encode()) == []


def test_the_replay_table_escapes_names_and_values() -> None:
    summary = {
        "over": True, "round": 1, "current": HOSTILE, "winners": [HOSTILE],
        "players": [{"name": HOSTILE, "tokens": {"mail\x1b": 1}, "score": 3, "rank": 1}],
        "table": {"order\x1b": [HOSTILE], "rows": [{"who": HOSTILE, "n": {"k\n": 1}}]},
    }  # fmt: skip
    text = format_summary("Wyścig balonów", summary)
    assert control_bytes(text.encode()) == []
    assert SHOWN in text
    assert len(text.splitlines()) == 11  # one line per row: nothing breaks a line


def test_replay_of_a_file_with_a_hostile_name(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = {"format": 1, "game": "wyscig-balonow", "seed": 1, "players": [HOSTILE, "Jan"]}
    path.write_text(json.dumps(game))
    for args in ((), ("--json",)):
        done = run_bytes("replay", str(path), *args)
        assert control_bytes(done.stdout) == [], done.stdout
        assert control_bytes(done.stderr) == [], done.stderr
        shown = done.stdout + done.stderr  # accepted, or refused with its sentence
        assert b"Ann\\x1b[31m" in shown or b"Ann\\u001b[31m" in shown


def test_an_error_line_quotes_a_key_escaped(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": 1, "\x1b]0;owned\x07": 1}))
    done = run_bytes("replay", str(path))
    assert done.returncode == 2
    assert control_bytes(done.stderr) == []
    assert b"\\x1b]0;owned\\x07" in done.stderr


def test_stats_escapes_names_from_the_database(_isolated_data: Path) -> None:
    Store().close()
    conn = sqlite3.connect(_isolated_data / "companion.db")
    conn.execute(
        "INSERT INTO sessions(id, game, seed, players, options, created, updated, finished,"
        " summary) VALUES (1, 'wyscig-balonow', 1, ?, '{}', 't', 't', 't', '{}')",
        (json.dumps([HOSTILE, "Jan"]),),
    )
    conn.executemany(
        "INSERT INTO results(session_id, seat, name, score, rank, winner) VALUES (1, ?, ?, 3, ?,"
        " ?)",
        [(0, HOSTILE, 1, 1), (1, "Jan", 2, 0)],
    )
    conn.execute(
        "INSERT INTO dice_rolls(reader, faces, at) VALUES (?, '[1,2,3,4,5]', 't')", (HOSTILE,)
    )
    conn.commit()
    conn.close()
    for args in ((), ("--json",)):
        done = run_bytes("stats", *args)
        assert done.returncode == 0, done.stderr
        assert control_bytes(done.stdout) == [], done.stdout
    assert SHOWN.encode() in run_bytes("stats").stdout


def test_import_names_the_file_escaped(tmp_path: Path) -> None:
    path = tmp_path / "game\x1b[2J.json"
    game = {"format": 1, "game": "wyscig-balonow", "seed": 1, "players": ["Ola", "Jan"]}
    path.write_text(json.dumps(game))
    done = run_companion("import", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "imported game\\x1b[2J.json as game 1\n"
