"""`companion run [--simulate] [--config F] [--fullscreen] [--new GAME --players A,B,C]`.

One app per data folder: the folder's lock is taken before any window opens and held
until the app ends; a second `companion run` on the same folder exits 2 with one
sentence. Kivy is imported only once the lock is ours.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion import config as settings_module
from companion import games
from companion.core.errors import CompanionError
from companion.store import DataFolderLock

EXIT_OK = 0


def register(sub: Any) -> None:
    run = sub.add_parser("run", help="the touchscreen app")
    run.add_argument("--simulate", action="store_true", help="keyboard buttons, on-screen strip")
    run.add_argument("--config", type=Path, help="the settings file (TOML)")
    run.add_argument("--fullscreen", action="store_true", help="kiosk mode for the Pi")
    run.add_argument("--new", metavar="GAME", help="start this game at once (e.g. wyscig-balonow)")
    run.add_argument("--players", metavar="A,B,C", help="with --new: the players in seat order")
    run.add_argument("--size", default="800x480", metavar="WxH", help="window size on a desktop")
    run.add_argument("--lang", help="the language of the screens (default: from the settings)")
    run.set_defaults(func=cmd_run)


def window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise CompanionError(f'--size: "{text}" is not a size like 800x480') from None
    return width, height


def new_game(args: argparse.Namespace) -> tuple[str, list[str]] | None:
    if not args.new:
        if args.players:
            raise CompanionError("--players goes with --new GAME")
        return None
    games.get(args.new)  # an unknown game is one error line, before any window
    if not args.players:
        raise CompanionError("--new needs --players A,B,C (the players in seat order)")
    return args.new, [name.strip() for name in args.players.split(",") if name.strip()]


def cmd_run(args: argparse.Namespace) -> int:
    settings = settings_module.load(args.config)
    game = new_game(args)
    size = window_size(args.size)
    with DataFolderLock():
        from companion.ui import boot

        boot.configure(size, fullscreen=args.fullscreen)
        from companion.ui.app import launch

        launch(
            settings,
            simulate=args.simulate,
            kiosk=args.fullscreen,
            new_game=game,
            lang=args.lang,
            config_path=args.config,
        )
    sys.stdout.flush()
    return EXIT_OK
