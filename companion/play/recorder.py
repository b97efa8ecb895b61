"""The recorder of the game in play: a session listener that writes what the store
keeps besides the action log (the summary, whether the game is decided, the glass's
seconds left and the screen the game was last on).

The actions themselves reach the store through the session's journal, inside
`Session.apply`; what is here may fail (a full disk) without losing a tap, so a
failure is logged and the game goes on.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from companion.core.errors import StoreError
from companion.core.messages import Message
from companion.core.session import Change, Session
from companion.play.follow import Follower
from companion.store import Store

log = logging.getLogger(__name__)


class Recorder(Follower):
    def __init__(self, store: Store, session_id: int) -> None:
        self.store = store
        self.session_id = session_id
        saved = store.session_row(session_id).extra.get("hourglass")
        self._glass: dict[str, Any] = dict(saved) if isinstance(saved, dict) else {}
        # The sentence of the last write that failed (a full disk), for the screen.
        self.problem: Message | None = None

    def changed(self, session: Session, _change: Change) -> None:
        try:
            self.store.record_summary(self.session_id, session.summary(), session.decided)
        except StoreError as error:  # the action itself is stored; the summary follows
            log.warning("could not record the summary: %s", error)
            self.problem = error.message
            return
        self.problem = None

    def where(self, screen: str) -> None:
        """The game was last on the table ("table") or left for home ("home")."""
        try:
            self.store.save_extra(self.session_id, screen=screen)
        except StoreError as error:
            log.warning("could not record where the game is: %s", error)

    # -- the glass (`companion.play.timer.GlassMemory`) --------------------------------
    def save_glass(self, glass: Mapping[str, Any]) -> None:
        try:
            self.store.save_extra(self.session_id, hourglass=dict(glass))
        except Exception:  # a full disk must not stop the glass; the actions are safe
            log.exception("could not save the hourglass")
            return
        self._glass = dict(glass)

    def saved_glass(self) -> Mapping[str, Any]:
        return self._glass
