"""`companion run [--simulate] [--config F] [--fullscreen] [--new GAME --players A,B,C]`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError


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


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise CompanionError(f'--size: "{text}" is not a size like 800x480') from None
    return width, height


def cmd_run(args: argparse.Namespace) -> int:
    from companion import config as settings_module
    from companion import games

    settings = settings_module.load(args.config)
    new_game = None
    if args.new:
        rules = games.get(args.new)  # an unknown game is one error line, before any window
        from companion.ui.tables import adapter

        if adapter(args.new) is None:
            raise CompanionError(f"The table screen for {rules.name} is not ready yet")
        if not args.players:
            raise CompanionError("--new needs --players A,B,C (the players in seat order)")
        new_game = (args.new, [name.strip() for name in args.players.split(",") if name.strip()])
    elif args.players:
        raise CompanionError("--players goes with --new GAME")

    from companion.ui import boot

    boot.configure(_size(args.size), fullscreen=args.fullscreen)
    from companion.ui.app import launch

    launch(
        settings,
        simulate=args.simulate,
        kiosk=args.fullscreen,
        new_game=new_game,
        lang=args.lang,
        config_path=args.config,
    )
    sys.stdout.flush()
    return 0
