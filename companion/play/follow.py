"""A session listener that can be attached and detached: the recorder and the strip
controller each follow the game in play."""

from __future__ import annotations

from typing import Any

from companion.core.session import Change, Session


class Follower:
    def follow(self, session: Session[Any]) -> None:
        """Read the session as it is now, and after every change from here on."""
        self.changed(session, "apply")
        session.add_listener(self.changed)

    def leave(self, session: Session[Any]) -> None:
        session.remove_listener(self.changed)

    def changed(self, session: Session[Any], change: Change) -> None:
        raise NotImplementedError
