"""`companion run [--simulate] [--config F] [--fullscreen] [--new GAME --players A,B,C
[--title T]]`.

Everything that can be refused is checked before a window opens, so that its one
`error:` line reaches the terminal or the journal: the settings, the new game's
players (names, seats, the rules' setup), the window size, the data folder's lock and
the database (a newer schema, a folder that cannot be written). A screen that cannot
be opened is one sentence that says what to check, and exit code 2.

A machine with no screen at all (no `DISPLAY`, no `WAYLAND_DISPLAY`, no KMS device
`/dev/dri/card*`) is refused with a sentence, exit 2: SDL would otherwise draw into an
offscreen buffer nobody sees, and the app would run with no window. An explicit
`SDL_VIDEODRIVER` (the Pi's service says `kmsdrm`; a headless test or benchmark may
say `offscreen`) is taken as asked. On a Pi's console the KMS device is there, and
SDL draws through KMS/DRM as before.

One app per data folder: the folder's lock is taken before any window opens and held
until the app ends; a second `companion run` on the same folder exits 2 with one
sentence. Kivy is imported only once the lock is ours.
"""

from __future__ import annotations

import argparse
import glob
import logging
import os
import re
import sys
import typing
from typing import Any

from pydantic import ValidationError

from companion import config as settings_module
from companion import games
from companion.cli import logs
from companion.cli.args import device_arguments
from companion.cli.output import note
from companion.core.errors import CompanionError
from companion.core.messages import shown
from companion.core.model import GameSetup, PlayerSpec
from companion.core.rules import describe_validation_error
from companion.core.session import Session
from companion.store import DataFolderLock, Store

log = logging.getLogger("companion")

EXIT_OK = 0
WHAT_TO_CHECK = (
    "check that the display is connected and that nothing else (a desktop) holds it; on "
    "the Pi also SDL_KMSDRM_DEVICE_INDEX and the groups video and render, on a desktop "
    'DISPLAY (docs/raspberry-pi.md, "The screen stays black")'
)


KMS_DEVICES = "/dev/dri/card*"


class DisplayError(CompanionError):
    """No window could be opened."""


def check_screen() -> None:
    """`DisplayError` when there is no screen to draw on and no driver was asked for."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return  # chosen explicitly (kmsdrm, x11, wayland, offscreen): as asked
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return
    if glob.glob(KMS_DEVICES):
        return  # a console with KMS/DRM: the Pi's touchscreen
    raise DisplayError(
        "there is no screen here: no DISPLAY, no WAYLAND_DISPLAY and no KMS device "
        f"({KMS_DEVICES}); run the companion on the Pi's screen or in a desktop session "
        "(over SSH: connect the display, or set SDL_VIDEODRIVER to choose a driver)"
    )


def register(sub: Any) -> None:
    run = sub.add_parser(
        "run",
        help="the touchscreen app",
        description="The touchscreen app. One runs per data folder; its log goes to stderr.",
    )
    _arguments(run)
    run.set_defaults(func=cmd_run)


def _arguments(run: Any) -> None:
    device_arguments(
        run,
        simulate="simulated devices: keyboard buttons (space, u, p, d, the seats' 1-8), "
        "an on-screen strip, a simulated dice reader",
        config="the settings file (TOML) to read and save",
        fullscreen="kiosk mode for the Pi: full screen, no Escape, Quit needs a 2-second hold, "
        "the input providers exactly as Kivy's settings file names them",
    )
    run.add_argument(
        "--new",
        metavar="GAME",
        help="start this game at once (a game id that `companion games` lists)",
    )
    run.add_argument(
        "--players", metavar="A,B,C", help="with --new: the players' names in seat order"
    )
    run.add_argument(
        "--title",
        metavar="TEXT",
        help="with --new any-game: the title of the board game played (Carcassonne)",
    )
    run.add_argument(
        "--size",
        default="800x480",
        metavar="WxH",
        help="the window's size in pixels on a desktop (default: 800x480)",
    )
    run.add_argument(
        "--lang",
        choices=typing.get_args(settings_module.Language),
        help="the language of the screens (default: from the settings)",
    )


def window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise CompanionError(f'--size: "{shown(text)}" is not a size like 800x480') from None
    if not (100 <= width <= 10_000 and 100 <= height <= 10_000):
        raise CompanionError(f'--size: "{shown(text)}" is not a size from 100x100 to 10000x10000')
    return width, height


NewGame = tuple[str, list[str], dict[str, Any]]


def new_game(args: argparse.Namespace) -> NewGame | None:
    """The game, players and options of `--new`, checked as the rules check a new
    game; a refusal names the argument it is about (`--players`, `--title`)."""
    if not args.new:
        for given in ("players", "title"):
            if getattr(args, given, None):
                raise CompanionError(f"--{given} goes with --new GAME")
        return None
    rules = games.get(args.new)  # an unknown game is one error line, before any window
    if not args.players:
        raise CompanionError("--new needs --players A,B,C (the players in seat order)")
    names = [name.strip() for name in args.players.split(",") if name.strip()]
    players = []
    for number, name in enumerate(names, start=1):
        try:
            players.append(PlayerSpec(name=name))
        except ValidationError as error:
            problem = describe_validation_error(error)
            raise CompanionError(f"--players: player {number}: {problem}") from None
    options = _options(rules, args.title, players)
    setup = GameSetup(game=rules.id, seed=1, players=tuple(players), options=options)
    try:
        Session(rules, setup)
    except CompanionError as error:
        raise CompanionError(f"--players: {error}") from None
    return rules.id, names, options


def _options(rules: Any, title: str | None, players: list[PlayerSpec]) -> dict[str, Any]:
    """`--title` as the game's option: required where the rules' options have a title
    (the game played is named by it), refused where they have none."""
    takes_title = "title" in rules.options_model.model_fields
    if title is not None and not takes_title:
        raise CompanionError(f"--title: {rules.name} has no title (it is what it is called)")
    options = {"title": title.strip()} if title is not None else {}
    try:
        rules.parse_options(options, players)
    except CompanionError as error:
        if takes_title and title is None:
            raise CompanionError(
                f"--new {rules.id} needs --title TEXT: the title of the board game played"
            ) from None
        which = "--title" if takes_title and str(error).startswith("title") else "--players"
        raise CompanionError(f"{which}: {error}") from None
    return options


def cmd_run(args: argparse.Namespace) -> int:
    settings = settings_module.load(args.config, required=args.config is not None)
    logs.setup(logs.level_from(settings.log.level, default="info"))
    game = new_game(args)
    size = window_size(args.size)
    with DataFolderLock():
        store = Store()  # a newer or unusable database: its sentence, before any window
        try:
            if store.notice:
                note(store.notice)
            check_screen()
            log.info(
                "starting %s: data %s, settings %s%s",
                version_text(),
                store.path,
                args.config or settings_module.default_path(),
                ", kiosk" if args.fullscreen else "",
            )
            open_window(size, settings, fullscreen=args.fullscreen)
            _launch(args, settings, store, game)
        finally:
            store.close()
    sys.stdout.flush()
    return EXIT_OK


def _launch(
    args: argparse.Namespace,
    settings: settings_module.Config,
    store: Store,
    game: NewGame | None,
) -> None:
    from companion.ui.app import launch

    try:
        launch(
            settings,
            store=store,
            simulate=args.simulate,
            kiosk=args.fullscreen,
            new_game=game,
            lang=args.lang,
            config_path=args.config,
        )
    except SystemExit as leaving:  # Kivy's own way out when its window went away
        raise DisplayError(f"the screen went away ({leaving.code}): {WHAT_TO_CHECK}") from None
    except Exception:
        log.exception("the app stopped on an unexpected error")
        raise
    log.info("the app stopped")


def open_window(
    size: tuple[int, int], settings: settings_module.Config, *, fullscreen: bool
) -> None:
    """Configure Kivy and open its window; `DisplayError` when there is none."""
    from companion.ui import boot

    boot.configure(
        size,
        fullscreen=fullscreen,
        rotation=settings.screen.rotation,
        log_level=logging.getLogger().getEffectiveLevel(),
    )
    reasons = _Reasons()
    logging.getLogger("kivy").addHandler(reasons)
    try:
        from kivy.core.window import Window
    except SystemExit:
        Window = None
    finally:
        logging.getLogger("kivy").removeHandler(reasons)
    if Window is None:
        why = f" ({reasons.reason})" if reasons.reason else ""
        raise DisplayError(f"the screen could not be opened{why}: {WHAT_TO_CHECK}")


class _Reasons(logging.Handler):
    """Kivy says why no window provider worked in a critical line: keep the reason
    (`x11 not available`, `Could not initialize EGL`)."""

    def __init__(self) -> None:
        super().__init__(logging.CRITICAL)
        self.reason = ""

    def emit(self, record: logging.LogRecord) -> None:
        found = re.search(r"\w+Error: b?['\"]([^'\"\n]+)", record.getMessage())
        if found and not self.reason:
            self.reason = found.group(1)


def version_text() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"balloon-companion {version('balloon-companion')}"
    except PackageNotFoundError:
        return "balloon-companion (not installed)"
