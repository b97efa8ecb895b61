"""The screens' context, typed: the running app as what it is.

Kivy's `App.get_running_app()` is untyped (`Any`), so a screen that read the game in
play, the words or the store through it was checked by nothing. Every screen, dialog
and widget asks here instead, and mypy checks what it reads of the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from kivy.app import App

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp


def running_app() -> CompanionApp:
    """The companion app that runs now (the one place that asks Kivy for it)."""
    return cast("CompanionApp", App.get_running_app())
