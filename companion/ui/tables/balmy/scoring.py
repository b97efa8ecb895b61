"""The end of a Balmy Balloonists game on screen: each player's balloons (two each
in a game of two or three), and a balloon out of the race under its owner. No Kivy."""

from __future__ import annotations

from companion.core.messages import Message
from companion.core.session import Session
from companion.core.terms import colour
from companion.games import balmy_balloonists as bb
from companion.ui.tables.balmy.text import T
from companion.ui.tables.base.scoring import Scoring


class BalmyScoring(Scoring[bb.State]):
    def colours(self, session: Session[bb.State]) -> dict[str, tuple[str, ...]]:
        """A player's balloons (two each in a game of two or three players)."""
        return {p.name: tuple(p.balloons) for p in _state(session).players}

    def standing(self, session: Session[bb.State]) -> dict[str, tuple[Message, ...]]:
        """A player whose balloons are all out of the race is out; of two balloons,
        the one out is named ("red: out")."""
        state = _state(session)
        found: dict[str, tuple[Message, ...]] = {}
        for player in state.players:
            out = [b.colour for b in state.balloons if b.owner == player.name and b.out]
            if out and len(out) == len(player.balloons):
                found[player.name] = (T("out"),)
            elif out:
                found[player.name] = tuple(T("balloon_out", colour=colour(c)) for c in out)
        return found


def _state(session: Session[bb.State]) -> bb.State:
    return session.state
