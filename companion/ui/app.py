"""The Kivy App: the words of the screens, the screens (`Navigator`), the frame clock
and the hardware's events (`FrameClock`, `HardwareRouter`), and the game in play
(`model`, which `GameLifecycle` starts, opens and plays again, outside Kivy).

Hardware events come from device threads through a queue and are drained on Kivy's
main thread, in the frame after they arrive. Nothing here touches Kivy from another
thread.
"""

from __future__ import annotations

import gc
import logging
import secrets
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import config as config_module
from companion import power
from companion.config import Config
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.core.terms import colour as colour_term
from companion.i18n import languages, translator
from companion.store import Store
from companion.ui import registry, theme
from companion.ui.lifecycle import GameLifecycle
from companion.ui.navigator import Navigator, load_kv
from companion.ui.opening import DeviceOpening
from companion.ui.routing import FrameClock, HardwareRouter
from companion.ui.screen import AppScreen
from companion.ui.strings import UI, Said

if TYPE_CHECKING:
    from companion.play.devices import Devices
    from companion.ui.viewmodel import GameModel

log = logging.getLogger(__name__)


# A game to start at once (`companion run --new`): its id, its players and, where its
# rules want them (an any-game's title), its options.
NewGame = tuple[str, Sequence[str]] | tuple[str, Sequence[str], Mapping[str, object]]


class CompanionApp(App):
    lang = StringProperty("en")
    scale = NumericProperty(1.0)
    model = ObjectProperty(None, allownone=True)  # the GameModel of the game in play
    status = ListProperty([])  # Messages: the hardware's state
    kiosk = BooleanProperty(False)
    can_power_off = BooleanProperty(False)  # the menu offers "Shut down the Pi"
    power_problem = ObjectProperty(None, allownone=True)  # why it did not shut down
    title = StringProperty("Balloon-race companion")

    def __init__(
        self,
        *,
        settings: Config,
        store: Store,
        devices: Devices,
        clock: Callable[[], float] = time.monotonic,
        kiosk: bool = False,
        new_game: NewGame | None = None,
        lang: str | None = None,
        seeds: Callable[[], int] | None = None,
        config_path: Path | None = None,
        glass_thread: bool | None = None,
        power_runner: power.Runner | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        # The buzzer and the strip keep real time on a thread of their own; a test's
        # fake clock moves only when the test says, and the test steps them itself.
        self.glass_thread = clock is time.monotonic if glass_thread is None else glass_thread
        self.power_runner: power.Runner = power_runner or power.run_command
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
        self.menu: ModalView | None = None
        self.use_kivy_settings = False
        self.navigator = Navigator(self)
        self.router = HardwareRouter(self)
        self.frames = FrameClock(self, self.router)
        self.opening = DeviceOpening(self, self.frames.check_status)
        # The game in play: started, opened and played again outside Kivy.
        self.games = GameLifecycle(self, open_devices=self.opening.now)

    # -- text ----------------------------------------------------------------------
    def on_lang(self, _: object, lang: str) -> None:
        self._translate = translator(lang)

    def t(self, key: str, _lang: str = "", **params: Any) -> str:
        """A UI label; kv passes `app.lang` so the label re-renders when it changes."""
        return self._translate(UI(key, **params))

    def tr(self, message: Message | Said | None, _lang: str = "") -> str:
        if isinstance(message, Said):
            return message.render(self._translate)
        return "" if message is None else self._translate(message)

    def colour_name(self, colour: str, _lang: str = "") -> str:
        """A colour on its own, as a label ("red", "röd")."""
        term = colour_term(colour)
        return self.tr(term) if isinstance(term, Message) else str(term)

    def status_text(self, status: Sequence[Message], _lang: str = "") -> str:
        return "   ".join(self.tr(m) for m in status)

    def languages(self) -> list[str]:
        return languages()

    def set_language(self, lang: str) -> None:
        if lang in languages():
            self.change(lang=lang)

    def change(self, **values: Any) -> None:
        """Set what the kv rules of every screen read (the language, the scale, the
        status line, why the Pi did not shut down) with Python's cycle collector held
        back until every rule has run.

        A widget that left the screen (a released screen, a list's rows built again, a
        closed dialog) keeps its rules bound to these until the collector frees it,
        whenever that is. Kivy holds a rule's widget only weakly while the rule runs: a
        collection started by the rule's own allocations would free it halfway, and the
        rule's last step would raise `ReferenceError` out of here (issue 35.2)."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            for name, value in values.items():
                setattr(self, name, value)
        finally:
            if collecting:
                gc.enable()

    # -- running -------------------------------------------------------------------
    def build(self) -> ScreenManager:
        # The shared kv files' dynamic classes stand on these widgets: in Kivy's
        # Factory (by name) before the files are loaded.
        from companion.ui import widgets  # noqa: F401

        load_kv(registry.SHARED_KV)
        Window.clearcolor = theme.rgba(theme.BACKGROUND)
        return ScreenManager(transition=NoTransition())

    def on_start(self) -> None:
        self.router.listen()
        Window.bind(on_resize=self._resized, on_request_close=self._close_requested)
        self._resized(Window, *Window.size)
        self.change(can_power_off=power.available(kiosk=self.kiosk))
        self.frames.start()
        self.navigator.first()  # a game's table opens the devices first
        # One line for the service log and for tests, once the devices are open: keys
        # and taps count from now on.
        self.opening.after_first_frame(
            then=lambda: print(f"companion: ready on the {self.manager.current} screen", flush=True)
        )

    def on_stop(self) -> None:
        self.frames.stop()
        self.opening.stop()
        self.router.stop()
        Window.unbind(on_resize=self._resized, on_request_close=self._close_requested)
        if self.model is not None:
            self.model.close()

    def power_off(self) -> None:
        """The menu's "Shut down the Pi", held: systemd switches the Pi off, stopping
        the app first (which saves the game as Quit does)."""
        try:
            power.power_off(self.power_runner)
        except CompanionError as error:
            log.warning("%s", error)
            self.change(power_problem=error.message)
            return
        self.change(power_problem=None)

    def on_model(self, _app: object, model: GameModel | None) -> None:
        if model is None:
            return
        model.bind(place=self.navigator.follow)  # the screen follows the game
        if self.glass_thread:
            model.driver.start()

    def _resized(self, _window: object, width: int, height: int) -> None:
        base_w, base_h = theme.BASE_SIZE
        self.change(scale=max(0.75, min(width / base_w, height / base_h)))

    def _close_requested(self, *_: object, **__: object) -> bool:
        return bool(self.kiosk)  # True keeps the window: kiosk mode has no close

    # -- screens -------------------------------------------------------------------
    @property
    def manager(self) -> ScreenManager:
        root: ScreenManager = self.root
        return root

    def screen(self, name: str) -> AppScreen:
        return self.navigator.screen(name)

    def show(self, name: str) -> None:
        self.navigator.show(name)

    def go_home(self) -> None:
        self.navigator.show("home")

    def screen_for_model(self) -> str:
        return self.navigator.for_model()

    def open_menu(self) -> None:
        if self.menu is None:  # built when first asked for: 12 ms less before home
            from companion.ui.screens.menu import MenuView

            self.menu = MenuView()
        if self.menu.parent is None:
            self.menu.open()


def launch(
    settings: Config,
    *,
    store: Store,
    simulate: bool,
    kiosk: bool = False,
    new_game: NewGame | None = None,
    lang: str | None = None,
    config_path: Path | None = None,
) -> None:
    """Run the app on `store` until it stops (Quit, the window closed, or SIGTERM from
    systemd: the game is saved as on Quit)."""
    from companion.play.devices import Devices

    devices = Devices(settings, simulate=simulate, open_now=False)
    app = CompanionApp(
        settings=settings,
        store=store,
        devices=devices,
        kiosk=kiosk,
        new_game=new_game,
        lang=lang,
        config_path=config_path,
    )
    previous = signal.signal(signal.SIGTERM, lambda *_: Clock.schedule_once(lambda _dt: app.stop()))
    try:
        app.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
        devices.close()
