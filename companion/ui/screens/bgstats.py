"""The BG Stats `createPlay` link for a finished play (spec/bgstats.md). No Kivy.

Every boolean is written out (BG Stats on Android fails on a missing `winner`),
empty fields are left out and the JSON is compact, so the QR code stays small.
"""

from __future__ import annotations

import datetime as dt
import json
import urllib.parse
import zlib
from dataclasses import dataclass
from typing import Any

from companion.core.session import Session
from companion.store import SessionRow

BASE = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Balloon Companion"


@dataclass(frozen=True)
class PlayFacts:
    """What the summary does not say about a play."""

    game_id: str
    game_name: str
    play_id: str
    ended: dt.datetime
    duration_min: int
    start_player: str | None
    highest_wins: bool = True
    no_points: bool = False
    bgg_id: int | None = None


def short_id(text: str) -> str:
    """A short id that stays the same for the same text (a player's name)."""
    return f"{zlib.crc32(text.encode('utf-8')):08x}"[:6]


def play_date(moment: dt.datetime) -> str:
    """BG Stats' date format: "yyyy-MM-dd HH:mm:ss" in UTC, not ISO 8601."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M:%S")


def create_play(summary: dict[str, Any], facts: PlayFacts) -> dict[str, Any]:
    game: dict[str, Any] = {
        "name": facts.game_name,
        "sourceGameId": facts.game_id,
        "highestWins": facts.highest_wins,
        "noPoints": facts.no_points,
    }
    if facts.bgg_id is not None:
        game["bggId"] = int(facts.bgg_id)
    winners = set(summary.get("winners", []))
    players = [
        {
            "name": p["name"],
            "sourcePlayerId": short_id(p["name"]),
            "score": p["score"],
            "rank": p["rank"],
            "winner": p["name"] in winners,
            "startPlayer": p["name"] == facts.start_player,
        }
        for p in summary["players"]
    ]
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": facts.play_id,
        "playDate": play_date(facts.ended),
        "durationMin": max(0, int(facts.duration_min)),
        "game": game,
        "players": players,
    }


def link(play: dict[str, Any]) -> str:
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return BASE + urllib.parse.quote(data, safe="")


def decode(url: str) -> dict[str, Any]:
    """The play a link carries (for tests and for checking a link by hand)."""
    if not url.startswith(BASE):
        raise ValueError(f"not a BG Stats createPlay link: {url[:60]}")
    play: dict[str, Any] = json.loads(urllib.parse.unquote(url[len(BASE) :]))
    return play


def _parse_time(text: str | None) -> dt.datetime:
    if not text:
        return dt.datetime.now(dt.UTC)
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def start_player(session: Session) -> str | None:
    """The first player of the first round (BG Stats' start player)."""
    for length in range(len(session) + 1):
        current = session.rules.summary(session.state_at(length)).get("current")
        if current is not None:
            return str(current)
    return None


def play_link(session: Session, row: SessionRow) -> str:
    """The link for the finished game `session`, stored as `row`."""
    summary = session.summary()
    last = session.log[-1] if session.log else None
    ended = _parse_time(getattr(last, "at", None) or row.finished)
    started = _parse_time(row.created)
    facts = PlayFacts(
        game_id=row.game,
        game_name=session.rules.name,
        play_id=f"bc{row.setup.seed:x}",
        ended=ended,
        duration_min=round((ended - started).total_seconds() / 60),
        start_player=start_player(session),
        no_points=all(p.get("score") is None for p in summary["players"]),
    )
    return link(create_play(summary, facts))
