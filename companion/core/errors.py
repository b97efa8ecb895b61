"""One base class for every error a player may read, with narrow subclasses.

Each carries a `Message` so the screen can show it in the player's language;
`str(error)` is the English sentence used by the command line.
"""

from __future__ import annotations

from companion.core.messages import Catalog, Message, Param

M = Catalog("core")


class CompanionError(Exception):
    """Base of every error meant for the players or the person at the keyboard."""

    def __init__(self, message: Message | str, **params: Param) -> None:
        if isinstance(message, str):
            message = M("text", text=message) if not params else Message(message, params)
        self.message = message
        super().__init__(str(message))


class RuleError(CompanionError):
    """An action the rules do not allow; the state and the log stay unchanged."""


class SetupError(CompanionError):
    """Players or options a game cannot start with; `field` says which part of the
    setup is wrong ("players" or "options") for messages that name it."""

    def __init__(self, message: Message | str, field: str = "options", **params: Param) -> None:
        super().__init__(message, **params)
        self.field = field


class ActionFormatError(CompanionError):
    """An action that is not well formed (unknown type or field, wrong value)."""


class GameFileError(CompanionError):
    """A game file that cannot be read or is not valid."""


class StoreError(CompanionError):
    """The database cannot be used."""


class ConfigError(CompanionError):
    """A configuration value that is not allowed."""


class HardwareError(CompanionError):
    """A device that cannot be used."""
