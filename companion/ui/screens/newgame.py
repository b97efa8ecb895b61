"""New game: the game, the players in seat order (known ones or typed on the
on-screen keyboard), the game's options, start."""

from __future__ import annotations

from typing import Any, ClassVar

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import DictProperty, ListProperty, ObjectProperty, StringProperty

from companion import games
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.ui import theme
from companion.ui.screen import AppScreen
from companion.ui.strings import UI
from companion.ui.tables import adapter
from companion.ui.tables.base.adapter import OptionField
from companion.ui.widgets import AskView, Sheet, sized

MAX_KNOWN = 12  # chips shown; the most recently seated first


class NameKeyboard(Sheet):
    """The on-screen keyboard for a new player's name."""

    error = ObjectProperty(None, allownone=True)

    def __init__(self, screen: NewGameScreen, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen = screen
        from companion.ui.widgets import KEY_ROWS

        for letter in "".join(KEY_ROWS):
            key = sized(Factory.Tap(text=letter), 22 * App.get_running_app().scale)
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


def label_text(key: str) -> str:
    """An option's label: a UI key, or a whole message key from a table's catalog."""
    app = App.get_running_app()
    return app.tr(Message(key)) if "." in key else app.t(key)


class NewGameScreen(AppScreen):
    game_id = StringProperty("")
    seated_names = ListProperty([])
    kept: ClassVar[tuple[str, ...]] = ("game_id", "seated_names")  # for the next visit
    options = DictProperty({})
    error = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        App.get_running_app().bind(lang=self._language)

    def _language(self, *_: Any) -> None:
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

    # -- the game ------------------------------------------------------------------
    def _build_games(self) -> None:
        row = self.ids.game_row
        row.clear_widgets()
        scale = App.get_running_app().scale
        row.add_widget(Factory.Dim(text=App.get_running_app().t("choose_game"), size_hint_x=0.4))
        for rules in games.all_rules():
            toggle = Factory.Toggle(text=rules.name, active=rules.id == self.game_id)
            toggle.font_size = 20 * scale
            toggle.bind(on_release=lambda _w, gid=rules.id: self.choose_game(gid))
            row.add_widget(toggle)

    def choose_game(self, game_id: str) -> None:
        self.game_id = game_id
        self._reset_options()
        self._build_games()
        self._build_options()

    def _reset_options(self) -> None:
        self.options = {f.key: f.default for f in adapter(self.game_id).options}

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
        colours = adapter(self.game_id).seat_colours(self.seated_names)
        for seat, name in enumerate(self.seated_names):
            swatch = theme.rgba(colours[seat][1])
            box.add_widget(Factory.SeatRow(seat=seat, name=name, swatch=swatch))

    def _build_known(self) -> None:
        grid = self.ids.known
        grid.clear_widgets()
        app = App.get_running_app()
        scale = app.scale
        free = [n for n in app.store.players() if n not in self.seated_names][:MAX_KNOWN]
        for name in free:
            chip = Factory.Tap(text=name, size_hint_y=None, height=48 * scale)
            chip.bind(on_release=lambda _w, n=name: self.seat(n))
            grid.add_widget(chip)
        add = Factory.Tap(text=app.t("add_player"), size_hint_y=None, height=48 * scale)
        add.bg = theme.rgba(theme.PANEL)
        add.bind(on_release=lambda _w: self.open_keyboard())
        grid.add_widget(add)

    def open_keyboard(self) -> None:
        NameKeyboard(self).open()

    # -- options -------------------------------------------------------------------
    def _build_options(self) -> None:
        box = self.ids.options
        box.clear_widgets()
        for field in self._shown_fields():
            row = self._option_row(field)
            label = Factory.Dim(text=label_text(field.label), size_hint_x=None)
            label.width = 132 * App.get_running_app().scale
            label.shorten = False
            row.add_widget(label, index=len(row.children))
            box.add_widget(row)
            value = self.options.get(field.key, field.default)
            for when, note in field.notes:
                if value == when:
                    box.add_widget(Factory.OptionNote(text=label_text(note)))
        box.add_widget(Factory.Widget())

    def _shown_fields(self) -> list[OptionField]:
        count = len(self.seated_names)
        fields = adapter(self.game_id).options
        return [f for f in fields if not f.max_players or count <= f.max_players]

    def _option_row(self, field: OptionField) -> Any:
        app = App.get_running_app()
        row = Factory.BoxLayout(size_hint_y=None, height=48 * app.scale, spacing=6 * app.scale)
        value = self.options.get(field.key, field.default)
        if field.kind == "seconds":
            minus = sized(Factory.Tap(text="-"), 28 * app.scale)
            minus.bind(on_release=lambda _w: self.step(field, -field.step))
            plus = sized(Factory.Tap(text="+"), 28 * app.scale)
            plus.bind(on_release=lambda _w: self.step(field, field.step))
            shown = app.t("seconds", seconds=value) if value else app.t("timer_off")
            label = Factory.Text(text=shown, halign="center")
            label.font_size = 24 * app.scale
            row.add_widget(minus)
            row.add_widget(label)
            row.add_widget(plus)
        elif field.kind == "choice":
            for choice, label_key in field.choices:
                toggle = Factory.Toggle(text=label_text(label_key), active=value == choice)
                toggle.bind(on_release=lambda _w, c=choice: self.set_option(field.key, c))
                row.add_widget(toggle)
        elif field.kind == "flags":
            self._flags(row, field, value)
        elif field.kind == "player":
            for index, name in enumerate(self.seated_names):
                active = value == name or (value is None and index == 0)
                toggle = sized(Factory.Toggle(text=name, active=active), 16 * app.scale)
                toggle.bind(on_release=lambda _w, n=name: self.set_option(field.key, n))
                row.add_widget(toggle)
        else:
            for name in self.seated_names:
                toggle = sized(Factory.Toggle(text=name, active=name in value), 16 * app.scale)
                toggle.bind(on_release=lambda _w, n=name: self.toggle_player(field.key, n))
                row.add_widget(toggle)
        return row

    def _flags(self, row: Any, field: OptionField, value: Any) -> None:
        """On/off options one under the other: room for long names in any language."""
        scale = App.get_running_app().scale
        column = Factory.BoxLayout(orientation="vertical", spacing=6 * scale)
        row.height = (48 * len(field.choices) + 6 * (len(field.choices) - 1)) * scale
        for flag, label_key in field.choices:
            toggle = sized(Factory.Toggle(text=label_text(label_key)), 16 * scale)
            toggle.active = flag in value
            toggle.bind(on_release=lambda _w, f=flag: self.toggle_flag(field.key, f))
            column.add_widget(toggle)
        row.add_widget(column)

    def step(self, field: OptionField, delta: int) -> None:
        value = int(self.options.get(field.key, field.default)) + delta
        self.set_option(field.key, max(0, min(field.maximum, value)))

    def toggle_player(self, key: str, name: str) -> None:
        chosen = list(self.options.get(key, ()))
        chosen = [n for n in chosen if n != name] if name in chosen else [*chosen, name]
        self.set_option(key, tuple(n for n in self.seated_names if n in chosen))

    def toggle_flag(self, key: str, flag: str) -> None:
        chosen = set(self.options.get(key, ()))
        chosen ^= {flag}
        self.set_option(key, tuple(sorted(chosen)))

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        self._build_options()

    # -- start ---------------------------------------------------------------------
    def start(self, confirmed: bool = False) -> None:
        """Start the game (the rules check the options first); while other games are
        unfinished, say so first: they stay on the home screen to resume."""
        table = adapter(self.game_id)
        options, app_options = self._chosen()
        table_deals = table.table_deal(options)
        options = table.with_deal(options, None)  # checked as app-dealt; the table's deal next
        try:
            self._check(options)
            if not confirmed and self._ask_first():
                return
            if table_deals:
                app = App.get_running_app()
                app.screen("secret").pick(self.game_id, list(self.seated_names), options)
                app.show("secret")
                return
            App.get_running_app().start_game(
                self.game_id,
                list(self.seated_names),
                options,
                reveal=table.secret_balloons,
                app_options=app_options,
            )
        except CompanionError as error:
            self.error = error.message

    def _chosen(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The rules' options (each flag on its own) and the app's own."""
        table = adapter(self.game_id)
        app_keys = {f.key for f in table.options if f.app_only}
        shown = {f.key for f in self._shown_fields()}
        chosen = {
            k: (list(v) if isinstance(v, tuple) else v)
            for k, v in self.options.items()
            if k in shown and v is not None  # None and hidden options: the rules' default
        }
        options = {k: v for k, v in chosen.items() if k not in app_keys}
        for field in table.options:
            if field.kind == "flags":  # each flag is an option of its own, true or false
                flags = options.pop(field.key, ())
                options.update({flag: flag in flags for flag, _ in field.choices})
        return options, {k: v for k, v in chosen.items() if k in app_keys}

    def _ask_first(self) -> bool:
        """Other games are unfinished: ask before starting (they are kept)."""
        app = App.get_running_app()
        waiting = app.store.sessions(finished=False)
        if not waiting:
            return False
        named = "; ".join(
            f"{games.title(r.game, r.setup.options)} ({', '.join(r.setup.names)})" for r in waiting
        )
        AskView(
            app.t("unfinished_warning", games=named),
            [(app.t("back"), lambda: None), (app.t("start_anyway"), lambda: self.start(True))],
        ).open()
        return True

    def _check(self, options: dict[str, Any]) -> None:
        from companion.core.model import PlayerSpec

        rules = games.get(self.game_id)
        rules.parse_options(options, [PlayerSpec(name=n) for n in self.seated_names])
