"""New game: the game, the players in seat order (known ones or typed on the
on-screen keyboard), the game's options, start.

The options are the table's (`TableAdapter.options`), in rows that stay where they
are whatever is chosen (`newgame_rows`); an option that needs more room opens a sheet
from its button (`newgame_sheets`). A title typed or tapped brings back what the
group chose the last time it played that title (`OptionField.recall`)."""

from __future__ import annotations

from typing import Any, ClassVar

from kivy.factory import Factory
from kivy.properties import DictProperty, ListProperty, ObjectProperty, StringProperty

from companion import games
from companion.core.errors import CompanionError, SetupError
from companion.core.model import PlayerSpec
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.screens.newgame_rows import OptionRows, label_message
from companion.ui.screens.newgame_sheets import open_sheet
from companion.ui.strings import UI
from companion.ui.tables import adapter
from companion.ui.tables.base.options import OptionField, chosen, missing
from companion.ui.widgets import KEY_ROWS, AskView, Sheet, sized

MAX_KNOWN = 12  # chips shown; the most recently seated first
ONE_COLUMN_MOST = 4  # seated players in one column; more sit in two


class NameKeyboard(Sheet):
    """The on-screen keyboard for a new player's name."""

    error = ObjectProperty(None, allownone=True)

    def __init__(self, screen: NewGameScreen, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.screen = screen
        for letter in "".join(KEY_ROWS):
            key = sized(Factory.Tap(text=letter), 22 * running_app().scale)
            key.bind(on_release=lambda w: self.ids.board.key(w.text))
            self.ids.board.add_widget(key)

    def accept(self) -> None:
        name = self.ids.board.text.strip()
        if not name:
            self.error = UI("name_empty")
            return
        if name in self.screen.seated_names:
            self.error = UI("name_taken", name=name)
            return
        self.screen.seat(name)
        self.dismiss()


class NewGameScreen(AppScreen):
    game_id = StringProperty("")
    seated_names = ListProperty([])
    kept: ClassVar[tuple[str, ...]] = ("game_id", "seated_names")  # for the next visit
    options = DictProperty({})
    error = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        running_app().bind(lang=self._language)

    def _language(self, *_: object) -> None:
        """The rows are built from words: build them again, keeping every choice."""
        if self.game_id:
            self._build_games()
            self._build_seated()
            self._build_known()
            self._build_options()

    def prepare(self) -> None:
        if self.game_id not in games.game_ids():
            self.game_id = games.game_ids()[0]
        self.error = None
        self._reset_options()
        self._build_games()
        self._build_seated()
        self._build_known()
        self._build_options()

    @property
    def fields(self) -> tuple[OptionField, ...]:
        return tuple(adapter(self.game_id).options)

    # -- the game ------------------------------------------------------------------
    def _build_games(self) -> None:
        row = self.ids.game_row
        row.clear_widgets()
        scale = running_app().scale
        row.add_widget(Factory.Dim(text=running_app().t("choose_game"), size_hint_x=0.4))
        for rules in games.all_rules():
            label = adapter(rules.id).label
            name = running_app().tr(label) if label is not None else rules.name
            toggle = Factory.Toggle(text=name, active=rules.id == self.game_id)
            toggle.font_size = 20 * scale
            toggle.bind(on_release=lambda _w, gid=rules.id: self.choose_game(gid))
            row.add_widget(toggle)

    def choose_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.error = None
        self._reset_options()
        self._build_games()
        self._build_seated()
        self._build_options()

    def _reset_options(self) -> None:
        self.options = {f.key: f.default for f in self.fields}

    # -- players -------------------------------------------------------------------
    def seat(self, name: str) -> None:
        if name in self.seated_names:
            return
        rules = games.get(self.game_id)
        if len(self.seated_names) >= rules.max_players:
            return
        self.seated_names.append(name)
        self._players_changed()

    def unseat(self, name: str) -> None:
        if name in self.seated_names:
            self.seated_names.remove(name)
            untimed = [n for n in self.options.get("untimed", ()) if n != name]
            if "untimed" in self.options:
                self.options["untimed"] = tuple(untimed)
            for key, value in list(self.options.items()):
                if value == name:  # a "player" option named the one who left
                    self.options[key] = None
            self._players_changed()

    def _players_changed(self) -> None:
        self.error = None
        self._build_seated()
        self._build_known()
        self._build_options()

    def _build_seated(self) -> None:
        box = self.ids.seated
        box.clear_widgets()
        table = adapter(self.game_id)
        colours = table.seat_colours(self.seated_names)
        shown = 1.0 if table.seats_coloured else 0.0  # no colour of their own: none
        compact = len(self.seated_names) > ONE_COLUMN_MOST
        box.cols = 2 if compact else 1
        for seat, name in enumerate(self.seated_names):
            swatch = theme.rgba(colours[seat][1], shown)
            box.add_widget(Factory.SeatRow(seat=seat, name=name, swatch=swatch, compact=compact))

    def _build_known(self) -> None:
        """A new player's button first (never scrolled away), then the known names."""
        grid = self.ids.known
        grid.clear_widgets()
        app = running_app()
        scale = app.scale
        add = Factory.Tap(text=app.t("add_player"), size_hint_y=None, height=48 * scale)
        add.bg = theme.rgba(theme.PANEL)
        add.bind(on_release=lambda _w: self.open_keyboard())
        grid.add_widget(add)
        free = [n for n in app.store.players() if n not in self.seated_names][:MAX_KNOWN]
        for name in free:
            chip = Factory.Tap(text=name, size_hint_y=None, height=48 * scale)
            chip.bind(on_release=lambda _w, n=name: self.seat(n))
            grid.add_widget(chip)

    def open_keyboard(self) -> None:
        NameKeyboard(self).open()

    # -- options -------------------------------------------------------------------
    def _build_options(self) -> None:
        OptionRows(self).build(self.ids.options, self._shown_fields(), self.options)

    def _shown_fields(self) -> list[OptionField]:
        count = len(self.seated_names)
        return [f for f in self.fields if not f.max_players or count <= f.max_players]

    def step(self, field: OptionField, delta: int) -> None:
        value = int(self.options.get(field.key, field.default))
        self.set_option(field.key, field.step_to(value, delta))

    def toggle_player(self, key: str, name: str) -> None:
        chosen = list(self.options.get(key, ()))
        chosen = [n for n in chosen if n != name] if name in chosen else [*chosen, name]
        self.set_option(key, tuple(n for n in self.seated_names if n in chosen))

    def toggle_flag(self, key: str, flag: str) -> None:
        chosen = set(self.options.get(key, ()))
        chosen ^= {flag}
        self.set_option(key, tuple(sorted(chosen)))

    def set_option(self, key: str, value: object) -> None:
        self.options[key] = value
        self.error = None
        self._build_options()

    def open_option(self, field: OptionField) -> None:
        """The sheet of an option that needs more room than its row."""
        open_sheet(self, field)

    # -- start ---------------------------------------------------------------------
    def start(self, confirmed: bool = False) -> None:
        """Start the game (the rules check the options first); while other games are
        unfinished, say so first: they stay on the home screen to resume."""
        table = adapter(self.game_id)
        empty = missing(self._shown_fields(), self.options)
        if empty is not None:
            self.error = label_message(empty.missing)
            return
        options, app_options = chosen(self._shown_fields(), self.options)
        table_deals = table.table_deal(options)
        options = table.with_deal(options, None)  # checked as app-dealt; the table's deal next
        try:
            self._check(options)
            if not confirmed and self._ask_first():
                return
            if table_deals:
                app = running_app()
                app.screen("secret").pick(self.game_id, list(self.seated_names), options)
                app.show("secret")
                return
            running_app().games.start_game(
                self.game_id,
                list(self.seated_names),
                options,
                reveal=bool(table.secret_colours),
                app_options=app_options,
            )
        except CompanionError as error:
            self.error = error.message

    def _ask_first(self) -> bool:
        """Other games are unfinished: ask before starting (they are kept)."""
        app = running_app()
        waiting = app.store.sessions(finished=False)
        if not waiting:
            return False
        named = "; ".join(
            f"{games.title(r.game, r.setup.options)} ({', '.join(r.setup.names)})" for r in waiting
        )
        AskView(
            UI("unfinished_warning", games=named, count=len(waiting)),
            [(UI("back"), lambda: None), (UI("start_anyway"), lambda: self.start(True))],
        ).open()
        return True

    def _check(self, options: dict[str, Any]) -> None:
        rules = games.get(self.game_id)
        self._check_count(rules.name, rules.min_players, rules.max_players)
        rules.parse_options(options, [PlayerSpec(name=n) for n in self.seated_names])

    def _check_count(self, game: str, low: int, high: int) -> None:
        """Too few or too many seated: what to do, in the players' words (the rules'
        own sentence, "1 given, ... needs 2 to 4", is the command line's)."""
        count = len(self.seated_names)
        if count < low:
            raise SetupError(UI("seat_more", more=low - count, game=game, low=low, high=high))
        if count > high:
            raise SetupError(UI("seat_fewer", fewer=count - high, game=game, low=low, high=high))
