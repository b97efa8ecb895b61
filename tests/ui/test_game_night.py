"""What a game night found on the screens (issue 31.10), each through the real
window: the paused table says one word for going on, on GO and on the pause button,
in every language; every tab of Balmy's table keeps its widgets inside its page; a
long winners headline ends before the menu button."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.uix.scrollview import ScrollView

from companion.i18n import languages, translator
from companion.ui.fit import problem, rendered_lines
from companion.ui.strings import UI
from companion.ui.tables.balmy.view import TABS
from companion.ui.tables.base.options import TIMER_KEY
from companion.ui.widgets import FitLabel
from tests.ui.harness import Harness, text_trouble

GLASSES = {  # a table of each game with its glass
    "wyscig-balonow": {},
    "any-game": {"title": "Go", "clock": "turn"},
    "ballonrennen": {"wind_deck": "table"},
}


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


@pytest.mark.one_size
@pytest.mark.parametrize("game", list(GLASSES))
def test_a_paused_table_says_the_same_word_on_go_and_on_pause(ui: Harness, game: str) -> None:
    """German said "Weiter" on GO beside "Fortsetzen" on the pause button: two words
    for one thing, and a player wonders which one to press."""
    app_options = {TIMER_KEY: 60} if game == "ballonrennen" else None  # the app's glass
    ui.app.games.start_game(
        game, ["Ola", "Jan", "Ewa"], GLASSES[game], reveal=False, app_options=app_options
    )
    ui.pass_secret()
    screen = ui.screen
    ui.pause_and_go_on(screen, lambda: None)
    ui.key("p")
    assert screen.phase == "paused"
    said = {}
    for lang in languages():
        ui.app.set_language(lang)
        ui.step(2)
        said[lang] = (screen.go_text, screen.ids.pause.text)
    assert all(go == pause for go, pause in said.values()), said


def outside(page: Any) -> list[str]:
    """The widgets of `page` drawn beyond it (a list that scrolls is checked as a
    whole: its rows go beyond it by design)."""
    x, y = page.to_window(page.x, page.y)
    right, top = x + page.width, y + page.height
    found = []
    stack = list(page.children)
    while stack:
        widget = stack.pop()
        if widget.opacity <= 0 or widget.width < 2 or widget.height < 2:
            continue
        wx, wy = widget.to_window(widget.x, widget.y)
        beyond = wx + widget.width > right + 0.5 or wy + widget.height > top + 0.5
        if wx < x - 0.5 or wy < y - 0.5 or beyond:
            what = getattr(widget, "text", "") or type(widget).__name__
            found.append(f"{what!r} at {wy:.0f}-{wy + widget.height:.0f}, page {y:.0f}-{top:.0f}")
        if not isinstance(widget, ScrollView):
            stack += widget.children
    return found


def test_every_balmy_tab_keeps_its_widgets_inside_its_page(ui: Harness) -> None:
    """The Board tab's rows were 7 px taller than its page: "Which balloon" and its
    choices ran up under the tabs (issue 31.10). Every tab, at the start of a turn
    and with the balloon landed, in every language."""
    ui.app.games.start_game("balmy-balloonists", ["Anna", "Bram"], {"storm": True}, reveal=False)
    model, screen = ui.app.model, ui.screen
    for name, cards in (("Anna", ["friendly_winds", "repair"]), ("Bram", ["repair", "repair"])):
        assert model.act("advantage", player=name, cards=cards)
    found: dict[str, list[str]] = {}
    for moment in ("start", "landed"):
        if moment == "landed":
            for kind, fields in (("play_own", {}), ("altitude", {"to": "medium"})):
                assert model.act(kind, **fields), model.error
            assert model.act("mountain", kind="white"), model.error  # too low: landed
        for lang in languages():
            ui.app.set_language(lang)
            for tab in TABS:
                screen.show_tab(tab)
                ui.step(2)
                page = screen.ids.pages.get_screen(tab)
                troubles = outside(page)
                if troubles:
                    found[f"{moment}, {lang}, {tab}"] = troubles
    ui.step(2)
    assert not found, found


LONG_NAMES = (
    ("Anna-Katharina", "Maximilian", "Bartholomäus", "Małgorzata"),
    ("Krzysztof", "Alexandra", "Johannes", "Zofia"),
)


@pytest.mark.parametrize("names", [LONG_NAMES[0] + LONG_NAMES[1], LONG_NAMES[1] + LONG_NAMES[0]])
def test_a_long_winners_headline_stops_short_of_the_menu_button(
    ui: Harness, names: tuple[str, ...]
) -> None:
    """Eight players who won together: their names wrap over two lines and end
    before the menu button, 10 px from it at least, in every language (issue 31.10:
    the headline ran into the button)."""
    ui.app.games.start_game(
        "any-game", list(names), {"title": "Pandemic", "scoring": "coop"}, reveal=False
    )
    assert ui.app.model.act("finish", won=True)
    ui.step(3)
    screen = ui.screen
    assert ui.app.root.current == "results"
    headline = next(w for w in screen.walk() if isinstance(w, FitLabel) and w.most == 40)
    menu = next(w for w in screen.walk() if type(w).__name__ == "MenuButton")
    gaps = {}
    for lang in languages():
        ui.app.set_language(lang)
        ui.step(3)
        assert text_trouble(headline) is None and problem(headline) is None
        assert all(name in headline.text for name in names)
        widest = max(headline._label.get_extents(line)[0] for line in rendered_lines(headline))
        gaps[lang] = menu.x - (headline.x + widest)
    assert min(gaps.values()) >= 10 * ui.app.scale, gaps


@pytest.mark.one_size
def test_settings_show_the_language_the_screens_speak(ui: Harness) -> None:
    """`companion run --lang de` with a settings file that says English: Settings said
    "English" chosen while every screen spoke German (issue 31.10). It shows German,
    nothing to save, and leaving asks nothing."""
    from companion.ui.screens.settings import SettingToggle
    from tests.ui.test_screens import row

    ui.app.lang = "de"  # as --lang sets it: the screens' language, not the file's
    assert ui.app.settings.language == "en"
    ui.app.show("settings")
    ui.step(3)
    screen = ui.screen
    shown = row(screen, "language").walk(restrict=True)
    toggles = [w for w in shown if isinstance(w, SettingToggle)]
    assert [t.text for t in toggles if t.active] == ["Deutsch"]
    assert not screen.changed and screen.may_leave("home")


@pytest.mark.parametrize("counters", [0, 1])
def test_how_to_count_is_said_only_where_there_is_something_to_count(
    ui: Harness, counters: int
) -> None:
    """A player of an any-game without counters: the dialog has their deeds (pass
    them the turn, put them out) and no -/+, so no "Tap for 1, hold for 5" (issue
    31.10); with a counter, it says so, in every language."""
    from tests.ui.any_game_steps import player_dialog

    options = {"title": "Go", "counters": [{"id": "vp", "name": "VP"}][:counters]}
    ui.app.games.start_game("any-game", ["Ola", "Jan"], options, reveal=False)
    view = player_dialog(ui, "Jan")
    hint = next(w for w in view.walk() if isinstance(w, FitLabel) and w.most == 18)
    said = {}
    for lang in languages():
        ui.app.set_language(lang)
        ui.step(2)
        said[lang] = hint.text
    hint_in = {lang: translator(lang)(UI("correct_hint")) for lang in languages()}
    ui.app.set_language("en")
    ui.step(2)
    assert said == (hint_in if counters else {lang: "" for lang in languages()}), said
    ui.shots(f"any-game-player-{counters}-counters")


@pytest.mark.one_size
def test_bad_weather_is_offered_only_for_a_balloon_in_the_air(ui: Harness) -> None:
    """The Luck tab offered "Bad weather" for the landed balloon a card was played
    on, and asked how many levels it goes up or down (issue 31.10); the rules: only
    if not landed. Dimmed there, offered once the balloon flies."""
    ui.app.games.start_game("balmy-balloonists", ["Anna", "Bram"], {}, reveal=False)
    model, screen = ui.app.model, ui.screen
    for name, cards in (("Anna", ["friendly_winds", "repair"]), ("Bram", ["repair", "repair"])):
        assert model.act("advantage", player=name, cards=cards)
    assert model.act("play_own")  # the red balloon, landed at the start
    screen.show_tab("luck")
    ui.step(2)

    def bad_weather() -> Any:
        return ui.find("Bad weather", screen.ids.luck)

    assert not bad_weather().enabled
    ui.tap(bad_weather())
    assert ui.log_types()[-1] != "bad_luck" and len(Window.children) == 1  # nothing asked
    assert model.act("altitude", to="medium")
    ui.step(2)
    assert bad_weather().enabled


def drawn(widget: Any) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """A histogram's counts as drawn (its texts' boxes) and its lines' stretches."""
    from kivy.graphics import Line, Rectangle

    boxes, lines = [], []
    for instruction in widget.canvas.children:
        texture = getattr(instruction, "texture", None)
        if isinstance(instruction, Rectangle) and texture is not None:
            (x, y), (w, h) = instruction.pos, instruction.size
            if tuple(texture.size) == (round(w), round(h)):  # a text's, not a bar
                boxes.append((x, y, x + w, y + h))
        elif isinstance(instruction, Line):
            lines.append(tuple(instruction.points))
    return boxes, lines


def test_statistics_expected_line_crosses_no_count_and_too_few_is_not_green(
    ui: Harness,
) -> None:
    """The dashed line of a fair die's count crossed the counts of bars just under it,
    and "Too few dice to judge" was green like "Looks fair" (issue 31.10)."""
    from companion.ui import theme

    rolls = {"near-reader": [[1, 2, 3, 4, 5, 6]] * 9 + [[1, 1, 2, 2, 3, 3]], "few-reader": [[6]]}
    for reader, roll_list in rolls.items():
        for values in roll_list:
            ui.store.rolls.record(reader, list(values), None)
    ui.app.show("stats")
    ui.tap(ui.screen.ids.tab_dice)
    panels = {p.reader: p for p in ui.screen.ids.content.children}
    boxes, lines = drawn(panels["near-reader"].ids.histogram)
    assert lines, "the line of a fair die's count"
    for x0, y, x1, _ in lines:
        crossed = [b for b in boxes if b[1] <= y <= b[3] and x0 < b[2] and b[0] < x1]
        assert not crossed, (y, crossed)
    assert panels["few-reader"].ids.verdict.text.startswith("Too few dice")
    assert list(panels["few-reader"].ids.verdict.color) == list(theme.rgba(theme.TEXT))
    assert list(panels["near-reader"].ids.verdict.color) == list(theme.rgba(theme.ACCENT))
    ui.shots("stats-dice-near-and-few")
