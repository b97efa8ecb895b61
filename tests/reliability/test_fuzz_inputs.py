"""Bad input where a user or a device can reach: config files and the database file.
Always a sentence, never a traceback, never data lost. (Game files: test_fuzz_game_files;
the serial line: tests/hardware/test_dice_parser.)"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import config
from companion.core.errors import CompanionError
from companion.store import Store

toml_keys = st.sampled_from(
    [
        "language",
        "buttons",
        "strip",
        "buzzer",
        "serial",
        "hourglass",
        "screen",
        "dice",
        "go",
        "undo",
        "pause",
        "type",
        "pins",
        "led_count",
        "brightness",
        "port",
        "warnings",
        "rotation",
        "mute",
        "hold_time",
        "lockout_s",
        "baudrate",
        "pull_up",
        "colour_order",
    ]
)
toml_scalars = st.one_of(
    st.integers(-5, 100),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
    st.text(alphabet=st.characters(codec="ascii", exclude_categories=["Cc"]), max_size=12),
)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return repr(value)


documents = st.lists(
    st.tuples(
        st.one_of(st.none(), toml_keys),
        toml_keys,
        st.one_of(toml_scalars, st.lists(toml_scalars, max_size=4)),
    ),
    max_size=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_config_files_of_any_shape_load_or_say_why(entries) -> None:
    lines = []
    for section, key, value in entries:
        if section is not None:
            lines.append(f"[{section}]")
        lines.append(f"{key} = {toml_value(value)}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.toml"
        path.write_text("\n".join(lines), encoding="utf-8")
        try:
            config.load(path)
        except CompanionError as error:
            assert str(error).strip()


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=3000))
def test_config_files_of_random_bytes(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.toml"
        path.write_bytes(raw)
        try:
            config.load(path)
        except CompanionError as error:
            assert str(error).strip()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=1, max_size=8192), st.booleans())
def test_a_database_replaced_by_garbage_is_kept_aside_and_a_new_one_works(raw, sqlite_header):
    if sqlite_header:  # garbage that starts like a database file
        raw = b"SQLite format 3\x00" + raw
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "companion.db"
        path.write_bytes(raw)
        store = Store(path)
        try:
            assert store.sessions() == []
            if store.notice is not None:
                kept = [p for p in os.listdir(folder) if p.startswith("companion.db.broken-")]
                assert len(kept) == 1
                assert (Path(folder) / kept[0]).read_bytes() == raw  # nothing lost
        finally:
            store.close()
