"""Which call the table hears when (issue 33.5): "Ola's turn" when a turn passes to
Ola, "10 seconds left" at each of the glass's warnings, "Time's up, Ola" when the
sand runs out, each in the language the screens speak now.

A listener beside the buzzer: `changed` follows the session on the main thread (whose
turn it is), `glass` hears the glass's news on the driver's thread (as the buzzer
does); both only hand a sentence to the `Speaker`, which never waits. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from companion.core.hourglass import HourglassEvent, Signal
from companion.core.messages import Catalog, Message
from companion.core.session import Change, Session
from companion.i18n import translator
from companion.play.follow import Follower

CALLS = Catalog("calls")


class Says(Protocol):
    """Where the calls go (`hardware.speech.Speaker`)."""

    def say(self, text: str, language: str) -> None: ...


def turn_call(player: str) -> Message:
    return CALLS("turn", player=player)


def glass_call(event: HourglassEvent, player: str | None) -> Message:
    """The call for one piece of the glass's news."""
    if event.signal is Signal.EXPIRED:
        return CALLS("time_up", player=player) if player else CALLS("time_up_plain")
    return CALLS("seconds_left", seconds=round(event.seconds_left))


class Calls(Follower):
    """Speaks the table's calls through `speaker`, in `language()` (the screens')."""

    def __init__(self, speaker: Says, language: Callable[[], str]) -> None:
        self.speaker = speaker
        self.language = language
        self._current: str | None = None  # whose turn it is (a plain str: read anywhere)

    def follow(self, session: Session[Any]) -> None:
        """Whose turn it is as the game comes to its table: shown, not called."""
        self._current = _current(session)
        session.add_listener(self.changed)

    def changed(self, session: Session[Any], change: Change) -> None:
        """A turn that passed to another player (by an end of turn, an undo or a
        redo) is called; a change within the turn is not."""
        current = _current(session)
        if current is not None and current != self._current:
            self._say(turn_call(current))
        self._current = current

    def glass(self, events: Iterable[HourglassEvent]) -> None:
        """The glass's warnings and its end (on the driver's thread)."""
        for event in events:
            self._say(glass_call(event, self._current))

    def _say(self, message: Message) -> None:
        language = self.language()
        self.speaker.say(translator(language)(message), language)


def _current(session: Session[Any]) -> str | None:
    return session.summary().current
