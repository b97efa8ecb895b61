"""The game in play's lifecycle, outside Kivy: a new game made, checked by its rules
and stored; a stored game opened at its table (the devices opened first: the glass
drives the strip and the buzzer) with the game before it closed; the same players
again. The app (`companion.ui.app.CompanionApp`) holds the game in play for the
screens and shows where it is; this decides which game that is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from companion.config import Config
from companion.store import Store
from companion.ui import seating

if TYPE_CHECKING:
    from companion.play.devices import Devices
    from companion.ui.viewmodel import GameModel


class Host(Protocol):
    """What the lifecycle asks of the app: the game in play and where it is kept,
    the devices it drives, and a screen shown."""

    model: GameModel[Any] | None
    store: Store
    settings: Config
    devices: Devices
    seeds: Callable[[], int]
    clock: Callable[[], float]
    glass_thread: bool  # real time: the table plans its own ticks
    lang: str  # the language of now: the table's calls are spoken in it

    def show(self, name: str) -> None: ...

    def screen_for_model(self) -> str: ...


class GameLifecycle:
    def __init__(self, host: Host, *, open_devices: Callable[[], None]) -> None:
        self.host = host
        self.store = host.store
        self.settings = host.settings
        self.open_devices = open_devices

    def start_game(
        self,
        game_id: str,
        players: list[str],
        options: dict[str, Any],
        *,
        reveal: bool,
        app_options: dict[str, Any] | None = None,
    ) -> None:
        """Create and store a new session and show it (the secret balloons first when
        `reveal`); the rules' `CompanionError` if they refuse the players or options."""
        # The games' models and rules come with the first game, not before home shows.
        from companion import games
        from companion.core.model import GameSetup, PlayerSpec
        from companion.core.session import Session

        setup = GameSetup(
            game=game_id,
            seed=self.host.seeds(),
            players=tuple(PlayerSpec(name=n) for n in players),
            options=options,
        )
        Session(games.get(game_id), setup)  # the rules check the setup before it is stored
        session_id = self.store.create_session(setup)
        if app_options:
            self.store.save_extra(session_id, app_options=app_options)
        self.open_session(session_id, first="secret" if reveal else None)

    def open_session(self, session_id: int, first: str | None = None) -> None:
        """The stored game `session_id` at its table (or at `first`), in play."""
        from companion.ui.viewmodel import open_table

        row = self.store.session_row(session_id)
        session = self.store.load_session(session_id)
        seat = seating.first_seat(row)  # the chair of the first player listed
        self.open_devices()  # the glass drives the strip and the buzzer
        host = self.host
        if host.model is not None:
            host.model.close()
        host.model = open_table(
            self.store,
            session_id,
            session,
            clock=host.clock,
            app_options=row.extra.get("app_options", {}),
            warnings=self.settings.hourglass.warnings,
            strip=host.devices.strip,
            buzzer=host.devices.buzzer,
            lockout_s=self.settings.buttons.lockout_s,
            ticks_itself=host.glass_thread,
            around=seating.around(self.settings, len(session.setup.names), seat),
            first_seat=seat,
            speaker=host.devices.speaker,
            language=lambda: host.lang,
        )
        host.show(first or host.screen_for_model())

    def play_again(self) -> None:
        """The same players in their chairs (the seat order, not who started) and the
        same options; the app deals the secret balloons again."""
        from companion.play.whostarts import seated

        model = self.host.model
        if model is None:
            return
        setup = model.session.setup
        self.start_game(
            setup.game,
            seated(setup.names, model.play.first_seat),
            model.adapter.with_deal(setup.options, None),
            reveal=bool(model.adapter.secret_colours),
            app_options=model.play.app_options,
        )
