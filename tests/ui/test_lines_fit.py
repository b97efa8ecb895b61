"""Every line a table's strip and its results say reads whole (issue 31.5): in every
language, at this process's size (800x480 here, 1280x720 in test_sizes.py's run).

The lines come from playing each table (tests/ui/lines.py: the step, the reminders,
the news of an undo or a redo, the refusal of every tap the rules would not take, the
results' headline and note on ties); each is put into the real widget that shows it,
in the real window, with that widget's room as it is then (a step alone takes the
strip, a step over other lines one line of it; a news line sits beside Redo, and so
does a refusal, which makes the strip as tall as it needs), and must show all of its
text, breaking lines only between words.

The checks before this one saw only the lines of the moments a test stopped at; a
reminder that fits nowhere was cut where it came first and left out elsewhere, and
the results' note was checked with one pair of players level, not two."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.i18n import languages
from companion.ui.fit import problem
from companion.ui.widgets import FitLabel
from tests.ui.harness import Harness, text_trouble
from tests.ui.lines import NAMES, TABLES, Lines, every_line
from tests.ui.test_refusals_fit import refusal as store_refusal

PLACEHOLDER = "Dominika: end your turn"


@functools.cache
def lines_of(game: str) -> Lines:
    return every_line(game)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def labels(strip: Any) -> tuple[FitLabel, FitLabel]:
    """The strip's step line and the line below it."""
    return strip.ids.step, strip.ids.said


def whole(label: Any) -> str | None:
    """What is wrong with `label` once it has fitted its text now."""
    label.fit()
    return text_trouble(label) or problem(label)


def strip_troubles(ui: Harness, lines: Lines) -> list[str]:
    """Each line in the strip's widget that shows it, with the room it has then."""
    strip = ui.screen.ids.message
    step, said = labels(strip)
    tr, found = ui.app.tr, []
    # (the lines, below the step, Redo shown, a refusal, the label that shows them)
    ways = (
        ("step_alone", "", False, False, step),
        ("step", PLACEHOLDER, False, False, step),
        ("reminder", None, False, False, said),
        ("news", None, True, False, said),
    )
    for where, below, redo, error, label in ways:
        strip.step, strip.message, strip.is_error, strip.can_redo = PLACEHOLDER, "x", error, redo
        strip.message = below if below is not None else PLACEHOLDER
        ui.step(2)  # the strip laid out as it is for these lines
        for line in lines.of(where):
            text = tr(line)
            if label is step:
                strip.step = text
            else:
                strip.message = text
            trouble = whole(label)
            if trouble is not None:
                found.append(f"{where}: {trouble}")
    # A step and the first reminder under it, shown whatever room it has (a step too
    # long for one line takes two, and leaves the reminder one).
    strip.can_redo, shape = False, 0
    for pair in lines.of("pair"):
        strip.step, strip.message = (tr(m) for m in pair)
        if strip.step_lines != shape:
            ui.step(1)
            shape = strip.step_lines
        found += [f"pair: {t}" for t in (whole(step), whole(said)) if t is not None]
    # A refusal sits beside Redo (after an undo); one longer than the lines below the
    # step makes the strip as tall as it needs: laid out again for each of those.
    strip.step, strip.is_error, strip.can_redo = PLACEHOLDER, True, True
    for line in lines.of("refusal"):
        strip.message = tr(line)
        if strip.crowded:
            ui.step(1)
        trouble = whole(said)
        if trouble is not None:
            found.append(f"refusal: {trouble}")
        if strip.crowded:
            strip.message = PLACEHOLDER
            ui.step(1)
    strip.is_error = False
    return found


def results_troubles(ui: Harness, lines: Lines) -> list[str]:
    """The headline over the results, and the note on ties under them."""
    if lines.finished is None:
        return []
    screen = ui.screen
    assert ui.app.root.current == "results", ui.app.root.current
    headline = next(w for w in screen.walk() if isinstance(w, FitLabel) and w.most == 40)
    found = []
    for line in lines.of("headline"):
        screen.headline = line
        trouble = whole(headline)
        if trouble is not None:
            found.append(f"headline: {trouble}")
    notes = ["\n".join(ui.app.tr(m) for m in note) for note in lines.of("note")]
    for note in notes:
        screen.explain = note  # its height follows its lines (its kv rule, at once)
        trouble = whole(screen.ids.explain)
        if trouble is not None:
            found.append(f"note: {trouble}")
    if notes:  # the longest, for a player's eye
        screen.explain = max(notes, key=len)
        ui.shot(f"{lines.finished.setup.game}-results-ties-{ui.app.lang}", every_language=False)
    return found


@pytest.mark.parametrize("game", list(TABLES))
def test_every_line_of_a_table_and_its_results_reads_whole(ui: Harness, game: str) -> None:
    lines = lines_of(game)
    players = max(t.players for t in TABLES[game])
    options = TABLES[game][0].options
    ui.app.games.start_game(game, list(NAMES[:players]), options, reveal=False)
    table = ui.app.model.session_id
    results = ui.store.import_session(lines.finished) if lines.finished is not None else None
    troubles: dict[str, list[str]] = {}
    for lang in languages():
        ui.app.set_language(lang)
        ui.app.games.open_session(table)
        ui.step(3)
        found = strip_troubles(ui, lines)
        if results is not None:
            ui.app.games.open_session(results)
            ui.step(3)
            found += results_troubles(ui, lines)
        if found:
            troubles[lang] = sorted(set(found))
    width, height = Window.size
    assert not troubles, f"{game} at {width}x{height}:\n" + "\n".join(
        f"[{lang}] {line}" for lang, found in troubles.items() for line in examples(found)
    )


def examples(found: list[str], each: int = 3) -> list[str]:
    """A few of each kind of line (the step, a reminder, ...), and how many."""
    kinds: dict[str, list[str]] = {}
    for line in found:
        kinds.setdefault(line.split(":", 1)[0], []).append(line)
    return [
        f"{line} ({len(lines)} {kind} lines)" if i == 0 else line
        for kind, lines in kinds.items()
        for i, line in enumerate(lines[:each])
    ]


def test_after_a_refusal_the_strip_shows_only_the_reminders_that_fit_again(ui: Harness) -> None:
    """A long refusal (the store's, of a folder that takes no file) makes the strip
    taller; the next action takes it back, and the reminders under the step are
    chosen for the room they have then, not the refusal's (at the move step the
    hazard line came out cut: "...poza planszę oznaczają")."""
    ui.app.games.start_game("ballonrennen", list(NAMES[:3]), {"wind_deck": "table"}, reveal=False)
    model, screen = ui.app.model, ui.screen
    assert model.act("release", sandbags=2) and model.act("wind_card", card="rising")
    said = screen.ids.message.ids.said
    found = {}
    for lang in languages():
        ui.app.set_language(lang)
        model.error = store_refusal()
        ui.step(2)
        assert screen.ids.message.crowded
        assert model.act("adjust", player=NAMES[0], token="gas", delta=-1)  # taken
        ui.step(3)
        assert screen.message_text, "the reminders of the move step"
        trouble = text_trouble(said) or problem(said)
        if trouble is not None:
            found[lang] = trouble
        model.undo()
    ui.step(2)
    assert not found, found
