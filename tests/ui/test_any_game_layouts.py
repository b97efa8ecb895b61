"""Every way an any-game table can be laid out (issue 31.3): each clock (none, an
hourglass, a time bank) with 0 to 8 counters and 1 to 8 players, in all five
languages, at this process's size (800x480 here, 1280x720 in test_sizes.py's run).
Each layout is a real game started in the real window and one frame: every value
(a player's name, their time, each count, each counter's name over its column) lies
inside the table, over no other widget and no other value, and shows its whole
text. The values are the widest the options allow: a bank of 10:00:00, an
hourglass of 600 s, counts of three figures (888, -88), long counter names.

The table is the same screen all along: its lines and cells are kept from one game
to the next, so a layout costs one frame and the 216 of a language take seconds."""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.games.any_game.model import BANK_SECONDS, TIMER_SECONDS
from companion.i18n import languages
from companion.ui.tables.any_game.screen import AgRow
from tests.ui.harness import Harness, shown, text_trouble
from tests.waiting import limit

CLOCKS = ("none", "turn", "bank")
PLAYERS = ("Dominika", "Małgosia", "Maximilian", "Ewa", "Bartosz", "Zofia", "Piotr", "Jo")
COUNTER_NAMES = (
    "Meeples",
    "Victory points",
    "Gold",
    "Schiffsbaumaterial",
    "Ore",
    "Karty wydarzeń",
    "Lives",
    "Wheat",
)
# The corners a player judges in the pictures: the emptiest table, the two
# counters without a clock, and the fullest with each clock.
PICTURES = {("none", 0, 1), ("none", 2, 3), ("none", 8, 8), ("turn", 8, 8), ("bank", 8, 8)}
MEMORY = "/dev/shm"
WALK_S = 60  # the 216 layouts of a language, on a busy machine, at 1280x720


def options(clock: str, counters: int) -> dict[str, Any]:
    found: dict[str, Any] = {
        "title": "Carcassonne",
        "clock": clock,
        "counters": [
            # every other counter may go below zero: the widest numbers of each kind
            {"id": f"c{i}", "name": name, "start": 888}
            if i % 2 == 0
            else {"id": f"c{i}", "name": name, "start": -88, "min": None}
            for i, name in enumerate(COUNTER_NAMES[:counters])
        ],
    }
    if clock == "bank":
        found["bank_seconds"] = BANK_SECONDS[1]  # 10:00:00, the longest
    if clock == "turn":
        found["timer_seconds"] = TIMER_SECONDS[1]  # 600 s
    return found


def box(widget: Any) -> tuple[float, float, float, float]:
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def overlap(a: tuple[float, ...], b: tuple[float, ...], slack: float = 0.5) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def inside(a: tuple[float, ...], b: tuple[float, ...], slack: float = 0.5) -> bool:
    low = a[0] >= b[0] - slack and a[1] >= b[1] - slack
    return low and a[2] <= b[2] + slack and a[3] <= b[3] + slack


def values(screen: Any) -> list[list[Any]]:
    """The labels of the table, line by line (the head first): each line's labels
    that show something."""
    lines = [w for w in screen.ids.grid.children[::-1] if w.height >= 2]
    return [
        [w for w in line.walk(restrict=True) if hasattr(w, "texture_size") and shown(w)]
        for line in lines
        if line.children
    ]


def others(screen: Any) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every widget on screen that is neither the table nor holds it."""
    grid = screen.ids.grid
    holders = set()
    node = grid
    while node is not None and node is not screen:
        holders.add(id(node))
        node = node.parent
    inner = {id(w) for w in grid.walk()}
    return [
        (f"{type(w).__name__} {getattr(w, 'text', '')!r}", box(w))
        for w in screen.walk()
        if id(w) not in holders and id(w) not in inner and w is not screen and shown(w)
    ]


def layout_trouble(screen: Any, players: int, counters: int) -> list[str]:
    """What is wrong with the table as laid out now."""
    table = box(screen.ids.grid)
    around = others(screen)
    lines = values(screen)
    found = []
    rows = [r for r in screen.ids.grid.children if isinstance(r, AgRow) and r.height >= 2]
    if len(rows) != players or any(len(r.ids.counts.children) != counters for r in rows):
        found.append(f"{len(rows)} lines for {players} players, not {counters} counts each")
    for line in lines:
        placed = sorted(line, key=lambda w: w.x)
        for label in placed:
            name = f"{type(label).__name__} {label.text!r}"
            where = box(label)
            if not inside(where, table):
                found.append(f"{name} at {where} is outside the table {table}")
            found += [f"{name} is under {what}" for what, b in around if overlap(where, b)]
            trouble = text_trouble(label)
            if trouble is not None:
                found.append(f"{name}: {trouble}")
        for left, right in itertools.pairwise(placed):
            if overlap(box(left), box(right)):
                found.append(f"{left.text!r} over {right.text!r}")
    return found


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    """The 216 games a language starts are thrown away: in memory (tmpfs) where the
    machine has it, so their writes wait for no disk."""
    data = Path(tempfile.mkdtemp(dir=MEMORY)) if os.path.isdir(MEMORY) else tmp_path
    harness = Harness(data)
    yield harness
    harness.close()
    if data != tmp_path:
        shutil.rmtree(data)


@pytest.mark.parametrize("lang", languages())
def test_every_clock_counters_and_players_lay_out_inside_the_table(ui: Harness, lang: str) -> None:
    ui.app.set_language(lang)
    width, height = Window.size
    started = time.monotonic()
    troubles: dict[str, list[str]] = {}
    for clock in CLOCKS:
        for counters in range(9):
            for players in range(1, 9):
                ui.app.games.start_game(
                    "any-game", list(PLAYERS[:players]), options(clock, counters), reveal=False
                )
                ui.step(1)  # one frame lays the table out
                found = layout_trouble(ui.screen, players, counters)
                if found:
                    troubles[f"{clock}, {counters} counters, {players} players"] = found
                if (clock, counters, players) in PICTURES:
                    name = f"any-game-layout-{clock}-{players}x{counters}-{lang}"
                    ui.shot(name, every_language=False)
    spent = time.monotonic() - started
    assert not troubles, f"[{lang}, {width}x{height}] " + "\n".join(
        f"{where}: {lines[:4]}" for where, lines in list(troubles.items())[:12]
    )
    assert spent < limit(WALK_S), f"216 layouts took {spent:.1f} s"
