"""The recorder of the game in play: a session listener that writes what the store
keeps besides the action log (the summary, whether the game is decided, the glass's
seconds left and the screen the game was last on), and the running glass's
heartbeat beside the database (`companion.play.heartbeat`).

The actions themselves reach the store through the session's journal, inside
`Session.apply`; what is here may fail (a full disk) without losing a tap, so a
failure is logged and the game goes on. When a write found the database's files
removed and wrote every game back, or the store opened with fewer actions than were
acknowledged, the recorder passes the store's news on to the screen (`problem`), once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.core.errors import StoreError
from companion.core.messages import Message
from companion.core.session import Change, Session
from companion.play.follow import Follower
from companion.play.heartbeat import FILE_NAME, Heartbeat
from companion.store import Store, StoreJournal

log = logging.getLogger(__name__)


class Recorder(Follower):
    def __init__(self, store: Store, session_id: int) -> None:
        self.store = store
        self.session_id = session_id
        extra = store.session_row(session_id).extra
        saved = extra.get("hourglass")
        self._glass: dict[str, Any] = dict(saved) if isinstance(saved, dict) else {}
        kept = extra.get("table_s")  # its seconds at the table when it last left it
        self._table_s = float(kept) if isinstance(kept, int | float) else 0.0
        self._decided = False
        self.heartbeat = Heartbeat(Path(store.path).parent / FILE_NAME)
        # The sentence of the last write that failed (a full disk), or the store's news,
        # for the screen; from `follow` on, what the store had to say since it opened
        # (fewer actions than were acknowledged), which the table shows as it opens.
        self.problem: Message | None = None

    def follow(self, session: Session[Any]) -> None:
        self._decided = session.decided
        names = ", ".join(session.setup.names)
        log.info("game %d in play: %s, %s", self.session_id, session.setup.game, names)
        super().follow(session)

    def changed(self, session: Session, _change: Change) -> None:
        news = self._news()  # the action's own write may have written the games back
        summary = session.summary()
        try:
            self.store.record_summary(self.session_id, summary, session.decided)
        except StoreError as error:  # the action itself is stored; the summary follows
            log.warning("could not record the summary: %s", error)
            self.problem = error.message
            return
        self.problem = news or self._news()
        if session.decided and not self._decided:
            winners = ", ".join(summary.get("winners", [])) or "nobody"
            log.info("game %d ended; won by %s", self.session_id, winners)
        self._decided = session.decided

    def _news(self) -> Message | None:
        news = self.store.take_news()
        if news is not None:
            log.warning("%s", news)
            self.heartbeat.close()  # its file may have gone with the folder: a new one
        return news

    def leave(self, session: Session[Any]) -> None:
        super().leave(session)
        self.heartbeat.close()
        journal = session.journal
        if isinstance(journal, StoreJournal) and journal.session_id == self.session_id:
            journal.table_time = None

    def where(self, screen: str, table_s: float) -> None:
        """The game was last on the table ("table") or left for home ("home"), with
        its seconds at the table so far."""
        try:
            self.store.save_extra(self.session_id, screen=screen, table_s=table_s)
        except StoreError as error:
            log.warning("could not record where the game is: %s", error)

    # -- the time at the table (`companion.play.tabletime`) ----------------------------
    def table_seconds(self) -> float:
        """The game's seconds at the table when it was last played: as kept when it
        left the table, or as its latest action recorded (a stop with no goodbye)."""
        try:
            last = self.store.journal(self.session_id).last_table_seconds()
        except StoreError as error:
            log.warning("could not read the time at the table: %s", error)
            last = None
        return max(self._table_s, last or 0.0)

    def time_actions(self, session: Session[Any], table_time: Callable[[], float]) -> None:
        """Each action the session stores from now on carries the seconds at the table."""
        journal = session.journal
        if isinstance(journal, StoreJournal) and journal.session_id == self.session_id:
            journal.table_time = table_time

    def keep_table_time(self, table_s: float) -> None:
        try:
            self.store.save_extra(self.session_id, table_s=table_s)
        except StoreError as error:
            log.warning("could not record the time at the table: %s", error)

    # -- the glass (`companion.play.timer.GlassMemory`) --------------------------------
    def save_glass(self, glass: Mapping[str, Any]) -> None:
        try:
            # The heartbeat keeps the running glass too: no wait for the card here.
            self.store.save_extra(self.session_id, synced=False, hourglass=dict(glass))
        except StoreError as error:  # a full disk must not stop the glass; the actions are safe
            log.warning("could not save the hourglass: %s", error)
            return
        except Exception:  # not the store's refusal: a fault, with its trace in the log
            log.exception("could not save the hourglass")
            return
        self._glass = dict(glass)

    def beat(self, glass: Mapping[str, Any]) -> None:
        self.heartbeat.write(self.session_id, glass)

    def saved_glass(self) -> Mapping[str, Any]:
        """The newer of the store's record and the heartbeat's."""
        beat = self.heartbeat.read(self.session_id)
        if _number(beat) > _number(self._glass):
            return beat
        return self._glass


def _number(record: Mapping[str, Any]) -> int:
    n = record.get("n")
    return n if isinstance(n, int) and not isinstance(n, bool) else -1
