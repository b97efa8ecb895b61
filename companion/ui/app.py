"""The Kivy App: screens, the frame clock, the hardware events, and the game in play.

Hardware events come from device threads through a queue and are drained here, on
Kivy's main thread, every frame. Nothing below touches Kivy from another thread.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import config as config_module
from companion import games
from companion.config import Config
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.core.model import GameSetup, PlayerSpec
from companion.i18n import languages, translator
from companion.play.devices import Devices
from companion.store import Store
from companion.ui import registry, theme
from companion.ui.status import device_status
from companion.ui.strings import UI
from companion.ui.tables import adapter
from companion.ui.viewmodel import GameModel
from hardware.dice import Roll
from hardware.events import HardwareEvent, Kind, Source

log = logging.getLogger(__name__)

FRAME_S = 0  # every frame: a button press reaches the table within one frame
STATUS_EVERY_S = 1.0


def load_kv(paths: Sequence[Path]) -> None:
    for path in paths:
        Builder.unload_file(str(path))
        Builder.load_string(path.read_text(encoding="utf-8"), filename=str(path))


class CompanionApp(App):
    lang = StringProperty("en")
    scale = NumericProperty(1.0)
    model = ObjectProperty(None, allownone=True)  # the GameModel of the game in play
    status = ListProperty([])  # Messages: the hardware's state
    kiosk = BooleanProperty(False)
    title = StringProperty("Balloon-race companion")

    def __init__(
        self,
        *,
        settings: Config,
        store: Store,
        devices: Devices,
        clock: Callable[[], float] = time.monotonic,
        kiosk: bool = False,
        new_game: tuple[str, Sequence[str]] | None = None,
        lang: str | None = None,
        seeds: Callable[[], int] | None = None,
        config_path: Path | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.seeds = seeds or (lambda: secrets.randbelow(2**31))
        self.settings = settings
        # Where the settings screen saves: the file the settings were read from.
        self.config_path = config_path or config_module.default_path()
        self.store = store
        self.devices = devices
        self.clock = clock
        self.kiosk = kiosk
        self.new_game = new_game
        self.lang = lang or settings.language
        self._translate = translator(self.lang)
        self._frame_event: Any = None
        self._status_at = 0.0
        self.menu: Any = None
        self.use_kivy_settings = False

    # -- text ----------------------------------------------------------------------
    def on_lang(self, _: Any, lang: str) -> None:
        self._translate = translator(lang)

    def t(self, key: str, _lang: str = "", **params: Any) -> str:
        """A UI label; kv passes `app.lang` so the label re-renders when it changes."""
        return self._translate(UI(key, **params))

    def tr(self, message: Message | None, _lang: str = "") -> str:
        return "" if message is None else self._translate(message)

    def px(self, size: float, _scale: float = 0.0) -> float:
        return size * self.scale

    def colour_name(self, colour: str, _lang: str = "") -> str:
        key = f"c_{colour}"
        return self.t(key) if key in UI.keys else colour

    def status_text(self, status: Sequence[Message], _lang: str = "") -> str:
        return "   ".join(self.tr(m) for m in status)

    def languages(self) -> list[str]:
        return languages()

    # -- building ------------------------------------------------------------------
    def build(self) -> ScreenManager:
        from companion.ui.screens.menu import MenuView

        load_kv(registry.SHARED_KV)
        Window.clearcolor = theme.rgba(theme.BACKGROUND)
        self.menu = MenuView()
        return ScreenManager(transition=NoTransition())

    def screen(self, name: str) -> Any:
        """The screen called `name`, built the first time it is asked for."""
        manager = self.manager
        if not manager.has_screen(name):
            found = registry.entry(name)
            load_kv([found.kv])
            manager.add_widget(found.cls(name=name))
        return manager.get_screen(name)

    def on_start(self) -> None:
        Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)
        Window.bind(on_resize=self._resized, on_request_close=self._close_requested)
        self._resized(Window, *Window.size)
        self.status = device_status(self.devices)
        self._frame_event = Clock.schedule_interval(self._frame, FRAME_S)
        self._first_screen()
        # One line for the service log and for tests: keys and taps count from now on.
        print(f"companion: ready on the {self.manager.current} screen", flush=True)

    def on_stop(self) -> None:
        if self._frame_event is not None:
            self._frame_event.cancel()
        Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)
        Window.unbind(on_resize=self._resized, on_request_close=self._close_requested)
        if self.model is not None:
            self.model.close()

    def _resized(self, _window: Any, width: int, height: int) -> None:
        base_w, base_h = theme.BASE_SIZE
        self.scale = max(0.75, min(width / base_w, height / base_h))

    def _close_requested(self, *_: Any, **__: Any) -> bool:
        return bool(self.kiosk)  # True keeps the window: kiosk mode has no close

    def _first_screen(self) -> None:
        if self.new_game is not None:
            game_id, players = self.new_game
            self.start_game(game_id, list(players), {}, reveal=False)
            return
        row = self.store.unfinished()
        if row is not None and row.extra.get("screen", "table") != "home":
            try:
                self.open_session(row.id)
                return
            except CompanionError as error:
                log.warning("could not resume game %s: %s", row.id, error)
        self.show("home")

    # -- navigation ----------------------------------------------------------------
    @property
    def manager(self) -> ScreenManager:
        root: ScreenManager = self.root
        return root

    def show(self, name: str) -> None:
        if self.menu is not None:
            self.menu.dismiss()
        screen = self.screen(name)
        if hasattr(screen, "prepare"):
            screen.prepare()
        self.manager.current = name
        if self.model is not None:
            self.model.recorder.where("home" if name in ("home", "newgame") else "table")

    def go_home(self) -> None:
        self.show("home")

    def open_menu(self) -> None:
        if self.menu is not None and self.menu.parent is None:
            self.menu.open()

    # -- games ---------------------------------------------------------------------
    def start_game(
        self,
        game_id: str,
        players: list[str],
        options: dict[str, Any],
        *,
        reveal: bool,
        app_options: dict[str, Any] | None = None,
    ) -> bool:
        """Create and store a new session and show it; False with a sentence if the
        rules refuse the players or options."""
        rules = games.get(game_id)
        setup = GameSetup(
            game=game_id,
            seed=self.seeds(),
            players=tuple(PlayerSpec(name=n) for n in players),
            options=options,
        )
        from companion.core.session import Session

        Session(rules, setup)  # the rules check players and options before anything is stored
        session_id = self.store.create_session(setup)
        if app_options:
            self.store.save_extra(session_id, app_options=app_options)
        self.open_session(session_id, first="secret" if reveal else None)
        return True

    def open_session(self, session_id: int, first: str | None = None) -> None:
        row = self.store.session_row(session_id)
        table = adapter(row.game)
        session = self.store.load_session(session_id)
        if self.model is not None:
            self.model.close()
        self.model = GameModel(
            store=self.store,
            session_id=session_id,
            session=session,
            adapter=table,
            clock=self.clock,
            warnings=self.settings.hourglass.warnings,
            strip=self.devices.strip,
            buzzer=self.devices.buzzer,
            app_options=row.extra.get("app_options", {}),
            lockout_s=self.settings.buttons.lockout_s,
        )
        self.show(first or self.screen_for_model())

    def screen_for_model(self) -> str:
        model = self.model
        if model is None:
            return "home"
        if model.session.decided:
            return "results"
        if model.summary.get("over"):
            return "score"
        return str(model.adapter.screen)

    def play_again(self) -> None:
        model = self.model
        if model is None:
            return
        setup = model.session.setup
        options = model.adapter.with_deal(setup.options, None)  # the app deals again
        self.start_game(
            setup.game,
            list(setup.names),
            options,
            reveal=bool(model.adapter.secret_balloons),
            app_options=model.app_options,
        )

    # -- the frame clock and the hardware ------------------------------------------
    def _frame(self, _dt: float) -> None:
        for event in self.devices.drain():
            try:
                self.handle_event(event)
            except Exception:  # one bad event must not stop the frame clock
                log.exception("handling %s failed", event)
        if self.model is not None and not getattr(self.manager.current_screen, "owns_strip", False):
            self.model.tick()
        moment = time.monotonic()
        if moment - self._status_at >= STATUS_EVERY_S:
            self._status_at = moment
            fresh = device_status(self.devices)
            if fresh != list(self.status):
                self.status = fresh

    def handle_event(self, event: HardwareEvent) -> None:
        if event.source == Source.DICE and event.kind == Kind.ROLL:
            self._record_roll(event)
        # A screen that shows the devices themselves (the hardware test) sees every
        # event first and may keep it from the game.
        watcher = getattr(self.manager.current_screen, "hardware_event", None)
        if watcher is not None and watcher(event):
            return
        if event.source == Source.DICE:
            self._dice_event(event)
            return
        if event.kind == Kind.HELD and event.source == Source.GO:
            self.open_menu()
            return
        if event.kind != Kind.PRESSED:
            return
        if self.menu is not None and self.menu.parent is not None:
            return  # the menu is open: the buttons wait
        screen = self.manager.current_screen
        handler = getattr(screen, f"button_{event.source}", None)
        if handler is not None:
            handler()

    def _record_roll(self, event: HardwareEvent) -> None:
        """Every roll the reader sends, for the fairness statistics."""
        dice = self.devices.dice
        reader = (dice.status().device or dice.port) if dice is not None else "dice"
        model = self.model
        session_id = model.session_id if model is not None else None
        if isinstance(event.data, Roll):
            self.store.record_roll(reader, list(event.data.values), session_id)

    def _dice_event(self, event: HardwareEvent) -> None:
        if event.kind in (Kind.CONNECTED, Kind.DISCONNECTED):
            self.status = device_status(self.devices)
            return
        model = self.model
        if model is None or self.manager.current != model.adapter.screen:
            return
        if event.kind == Kind.ROLLING:
            model.rolling_now()
        elif isinstance(event.data, Roll):
            model.roll(event.data.values)

    def _key_down(self, _window: Any, key: int, _scancode: int, *_: Any) -> bool:
        if key == 27:
            return True  # Escape never leaves the app
        return self.devices.handle_key(key, True)

    def _key_up(self, _window: Any, key: int, *_: Any) -> bool:
        return self.devices.handle_key(key, False)

    def set_language(self, lang: str) -> None:
        if lang in languages():
            self.lang = lang


def launch(
    settings: Config,
    *,
    simulate: bool,
    kiosk: bool = False,
    new_game: tuple[str, Sequence[str]] | None = None,
    lang: str | None = None,
    config_path: Path | None = None,
) -> None:
    store = Store()
    devices = Devices(settings, simulate=simulate)
    try:
        CompanionApp(
            settings=settings,
            store=store,
            devices=devices,
            kiosk=kiosk,
            new_game=new_game,
            lang=lang,
            config_path=config_path,
        ).run()
    finally:
        devices.close()
        store.close()
