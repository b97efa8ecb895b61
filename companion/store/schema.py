"""What the database holds and where it lives: the schema's migrations, the data
folder, and the time stamps every row carries."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import platformdirs

APP_NAME = "companion"
DB_NAME = "companion.db"

# Each entry upgrades the schema by one version; never edit a released entry.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created TEXT NOT NULL,
        last_played TEXT
    );
    CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        seed INTEGER NOT NULL,
        players TEXT NOT NULL,
        options TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        finished TEXT,
        summary TEXT,
        extra TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE actions (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        at TEXT,
        undone_at TEXT,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE session_players (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (session_id, seat)
    );
    CREATE TABLE results (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        score INTEGER,
        rank INTEGER,
        winner INTEGER NOT NULL,
        PRIMARY KEY (session_id, seat)
    );
    CREATE INDEX actions_effective ON actions(session_id, undone_at, seq);
    """,
    """
    CREATE TABLE dice_rolls (
        id INTEGER PRIMARY KEY,
        reader TEXT NOT NULL,
        session_id INTEGER REFERENCES sessions(id) ON DELETE SET NULL,
        faces TEXT NOT NULL,
        at TEXT NOT NULL
    );
    CREATE INDEX dice_rolls_reader ON dice_rolls(reader);
    """,
    # A game the players gave up: kept (nothing is deleted), no longer offered to
    # resume, listed in the history as abandoned; the time it was given up.
    """
    ALTER TABLE sessions ADD COLUMN abandoned TEXT;
    """,
    # A game's state every few hundred actions, so that a long game comes up without
    # folding its whole log (`checkpoints`): derived data, checked before it is used.
    """
    CREATE TABLE checkpoints (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        length INTEGER NOT NULL,
        last_seq INTEGER NOT NULL,
        rules TEXT NOT NULL,
        digest TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (session_id, length)
    );
    """,
    # The milliseconds the game had been at the table (on screen, not paused) when
    # each action was taken: a turn's time is the difference, whatever else happened
    # between (another game, a quit, a restart). None for an imported action. A
    # table of its own: the actions' rows stay as they were, so the undo of the last
    # action on a full disk, which only marks its row, still finds the room it had.
    """
    CREATE TABLE table_times (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        ms INTEGER NOT NULL,
        PRIMARY KEY (session_id, seq)
    ) WITHOUT ROWID;
    """,
    # The setups a group keeps (`setups.py`): the options last started under a title,
    # per game. Filled at once from the games played before, each title's latest.
    """
    CREATE TABLE setups (
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        options TEXT NOT NULL,
        used TEXT NOT NULL,
        turn INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game, name)
    ) WITHOUT ROWID;
    INSERT INTO setups(game, name, options, used)
        SELECT game, json_extract(options, '$.title'), options, updated FROM sessions AS s
        WHERE json_type(options, '$.title') = 'text' AND json_extract(options, '$.title') != ''
        AND id = (
            SELECT t.id FROM sessions AS t
            WHERE t.game = s.game AND json_type(t.options, '$.title') = 'text'
            AND json_extract(t.options, '$.title') = json_extract(s.options, '$.title')
            ORDER BY t.updated DESC, t.id DESC LIMIT 1
        );
    """,
)


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def default_path() -> Path:
    folder = os.environ.get("COMPANION_DATA_DIR") or platformdirs.user_data_dir(APP_NAME)
    return Path(folder) / DB_NAME
