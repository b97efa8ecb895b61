"""The check every UI test makes of every label (`Harness.check_texts`, through
`companion.ui.fit.problem`): it finds text cut off, a word broken across lines, a
texture bigger than its widget and a font below 16 px; and `FitLabel` shrinks its
font until its text fits, never below its least size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.uix.label import Label

from companion.ui.fit import problem
from companion.ui.widgets import FitLabel
from tests.ui.harness import Harness, text_trouble

pytestmark = pytest.mark.one_size


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def placed(ui: Harness, widget: Any, width: float, height: float) -> Any:
    widget.size_hint = (None, None)
    widget.size = (width * ui.app.scale, height * ui.app.scale)
    ui.screen.add_widget(widget)
    ui.step(3)
    return widget


def test_the_check_finds_every_kind_of_trouble(ui: Harness) -> None:
    scale = ui.app.scale
    words = dict(font_size=16 * scale, halign="left", valign="middle")
    broken = placed(ui, Label(text="Kritische Maßnahmen", **words), 60, 80)
    broken.text_size = broken.size
    cut = placed(ui, Label(text="Środki nadzwyczajne", shorten=True, **words), 80, 30)
    cut.text_size = cut.size
    wide = placed(ui, Label(text="Start the hourglass", **words), 60, 30)
    tiny = placed(ui, Label(text="small", font_size=12 * scale), 200, 40)
    fine = placed(ui, Label(text="Start the hourglass", **words), 300, 40)
    fine.text_size = fine.size
    # A file path wider than the line breaks where the line ends: nothing keeps it whole.
    path = placed(ui, Label(text="Saved in /var/lib/companion/exports/2025-03-14-x.json",
                            **words), 120, 200)  # fmt: skip
    path.text_size = path.size
    ui.step(2)
    assert str(problem(broken)).startswith("breaks the word 'Kritische'")
    assert str(problem(cut)).startswith("cut off: 'Środki nadzwyczajne'")
    assert str(problem(wide)).startswith("too big: 'Start the hourglass'")
    assert "below 16" in str(text_trouble(tiny))
    assert problem(fine) is None and text_trouble(fine) is None
    assert problem(path) is None
    with pytest.raises(AssertionError, match="Kritische"):
        ui.check_texts(any_size=True)
    for label in (broken, cut, wide, tiny, fine, path):
        ui.screen.remove_widget(label)


def test_a_fit_label_shrinks_to_fit_and_no_further(ui: Harness) -> None:
    scale = ui.app.scale
    roomy = placed(ui, FitLabel(text="Kasia: roll the dice", most=24), 400, 40)
    snug = placed(ui, FitLabel(text="Kasia: roll and place the dice", most=24), 250, 30)
    ui.step(2)
    assert roomy.font_size == 24 * scale and problem(roomy) is None
    assert 16 * scale <= snug.font_size < 24 * scale and problem(snug) is None
    hopeless = placed(ui, FitLabel(text="Noodmaatregelen", most=20), 40, 30)
    ui.step(2)
    assert hopeless.font_size == 16 * scale  # never smaller: the check then says why
    assert problem(hopeless) is not None
    for label in (roomy, snug, hopeless):
        ui.screen.remove_widget(label)
