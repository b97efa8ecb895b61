"""What can be scrolled shows it (issue 25.7): at 800x480 with four unfinished games,
Home cuts its list, and its scroll bar is on screen from the first frame, wide enough
to see and not faded while idle; so is every list that holds more than its place on
History and Statistics (each is a `ScrollList`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.animation import Animation
from kivy.uix.scrollview import ScrollView

from companion.ui.widgets import ScrollList
from tests.ui.harness import Harness
from tests.ui.test_unfinished import stored_game

NAMES = (("Kasia", "Ola"), ("Ala", "Jan"), ("Ewa", "Zosia"), ("Piotr", "Adam"))


def scroll_views(root: Any) -> list[Any]:
    return [w for w in root.walk(restrict=True) if isinstance(w, ScrollView)]


def idle(ui: Harness, view: Any) -> None:
    """Until the list has been left alone long enough for Kivy to fade its bar (half a
    second after the last scroll or layout, on Kivy's own clock)."""
    ui.step(2)
    fade = view._bind_inactive_bar_color_ev
    if fade is not None:
        ui.wait(lambda: not fade.is_triggered, "the bar's fade")
    ui.wait(
        lambda: (
            not Animation._instances
            or not any(a._widgets.get(view.uid) for a in Animation._instances)
        ),
        "the fade's animation",
    )


def says_there_is_more(ui: Harness, view: Any) -> None:
    """Its bar is drawn (Kivy's draws it only while the content is taller than the
    view, in `_bar_color`), 6 px wide or more (scaled), and stays when idle."""
    assert view.viewport_size[1] > view.height, "nothing to scroll"
    idle(ui, view)
    assert view.bar_width >= 6 * ui.app.scale
    assert view._bar_color[3] > 0.5, view._bar_color
    assert list(view.bar_inactive_color) == list(view.bar_color)
    x, _ = view._handle_y_pos
    width, height = view._handle_y_size
    assert width >= 6 * ui.app.scale and height > 0
    assert view.x <= x and x + width <= view.right + 0.5


def out_of_sight(view: Any, box: Any) -> int:
    """The rows of a scrolled list not wholly inside its view, by where they are drawn."""
    _, bottom = view.to_window(view.x, view.y)
    _, top = view.to_window(view.x, view.top)
    inside = 0
    for row in box.children:
        _, low = row.to_window(row.x, row.y)
        _, high = row.to_window(row.x, row.top)
        inside += bottom - 0.5 <= low and high <= top + 0.5
    return len(box.children) - inside


def test_four_unfinished_games_on_home_show_that_there_are_more(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        for names in NAMES:
            stored_game(ui.store, names, "start_timer")
        ui.app.go_home()
        ui.step(3)
        view = ui.screen.ids.unfinished
        assert len(ui.screen.ids.games.children) == 4
        says_there_is_more(ui, view)
        # ... and in words: how many are out of sight (issue 31.10), counted again as
        # the list scrolls
        hidden = out_of_sight(view, ui.screen.ids.games)
        assert hidden >= 1 and ui.screen.more == hidden
        said = f"Unfinished games: {hidden} more out of sight, scroll the list"
        assert said in ui.texts()
        ui.shots("home-more-unfinished")
        view.scroll_y = 0.5  # scrolled, then left alone: the bar stays as it was
        ui.step(3)
        says_there_is_more(ui, view)
        assert ui.screen.more == out_of_sight(view, ui.screen.ids.games) >= 1
        ui.shot("25-home-four-unfinished", every_language=False)
    finally:
        ui.close()


def test_every_list_that_holds_more_than_its_place_says_so(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        for n in range(12):
            game = stored_game(ui.store, (f"Gracz{n}", "Ola"), "start_timer")
            if n % 3:
                ui.store.abandon(game)  # listed by History
        overflowing = 0
        for name in ("home", "history", "stats"):
            ui.app.show(name)
            ui.step(3)
            views = scroll_views(ui.screen)
            assert views, name
            assert all(isinstance(v, ScrollList) for v in views), name
            for view in views:
                if view.viewport_size[1] > view.height:
                    says_there_is_more(ui, view)
                    overflowing += 1
        assert overflowing >= 2  # home's and history's lists at least
    finally:
        ui.close()


def test_the_balmy_tables_lists_say_so_too(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("balmy-balloonists", ["Anna", "Bram", "Cas", "Dirk"]))
    try:
        pages = ui.screen.ids.pages
        overflowing = 0
        for page in pages.screen_names:
            pages.current = page
            ui.step(3)
            for view in scroll_views(pages.current_screen):
                assert isinstance(view, ScrollList), page
                if view.viewport_size[1] > view.height:
                    says_there_is_more(ui, view)
                    overflowing += 1
        assert overflowing >= 1
    finally:
        ui.close()
