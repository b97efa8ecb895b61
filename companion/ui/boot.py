"""Kivy reads its configuration once, at its first import: set it here, first.

Escape never closes the app (a stray key at the table must not end the game);
the window title is what `xdotool search --name` finds in the end-to-end test.
"""

from __future__ import annotations

import os


def configure(
    size: tuple[int, int] = (800, 480), *, fullscreen: bool = False, maxfps: int = 60
) -> None:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "borderless", "1" if fullscreen else "0")
    Config.set("graphics", "maxfps", str(maxfps))
    Config.set("graphics", "show_cursor", "0" if fullscreen else "1")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "window_icon", "")
    # One pointer, no red multitouch dots from a right click on the desktop.
    Config.set("input", "mouse", "mouse,disable_multitouch")
