"""The BG Stats `createPlay` link for a finished play. No Kivy.

The link travels in a QR code that a phone reads across the table, so every byte
counts (a denser code means smaller modules on a 7" screen). BG Stats fixes the keys;
what is ours to keep short are the values and the choice of fields:

- short values: the source `Balloons`, a play id of a few letters, a game id of two;
- no empty field: a score is left out when the game has none (never `null`), a
  player id is left out (BG Stats matches players by name);
- `winner` for every player (BG Stats on Android refuses a play without it) and
  `startPlayer` only on the player who started (`true`: a missing one is false);
- ranks only where the scores do not say them: a race without points gets each
  player's place; a game with points is ranked by BG Stats from the scores and
  `highestWins`, with the winners marked;
- a game nobody won (every balloon out) gets no ranks and no winner at all: BG Stats
  then records a play that everyone lost, rather than everyone in second place.

The JSON is percent-encoded as a URL's query allows (RFC 3986): `:` and `,` stay as
they are, everything else that is not a letter, a digit or `-._~` is escaped, so the
QR code holds plain ASCII and every phone opens it as a link. (Left unescaped, the
JSON's quotes and braces would make five players a version 15 code instead of 18, but
ZXing, under many Android scanners, takes a text with `"`, `{` or `}` for plain text,
not a link, and Apple's URL parsing refused them before iOS 17.)
"""

from __future__ import annotations

import datetime as dt
import json
import urllib.parse
from dataclasses import dataclass
from typing import Any

from companion import games
from companion.core.session import Session
from companion.store import SessionRow

BASE = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Balloons"
QUERY_SAFE = ":,"  # allowed in a query as they are, and read the same by every decoder
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


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
    source_id: str = ""  # the game's id at BG Stats ("": its descriptor's)


def source_game_id(game_id: str) -> str:
    """The game's id at BG Stats, as its descriptor says (a game this version lacks:
    its own id)."""
    found = next((game for game in games.GAMES if game.id == game_id), None)
    return found.bgstats if found is not None else game_id


def base36(number: int) -> str:
    """A whole number in as few letters and digits as a URL keeps unescaped."""
    text = ""
    number = abs(number)
    while True:
        number, digit = divmod(number, 36)
        text = DIGITS[digit] + text
        if number == 0:
            return text


def play_date(moment: dt.datetime) -> str:
    """BG Stats' date format: "yyyy-MM-dd HH:mm:ss" in UTC, not ISO 8601."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M:%S")


def create_play(summary: dict[str, Any], facts: PlayFacts) -> dict[str, Any]:
    game: dict[str, Any] = {
        "name": facts.game_name,
        "sourceGameId": facts.source_id or source_game_id(facts.game_id),
        "highestWins": facts.highest_wins,
        "noPoints": facts.no_points,
    }
    if facts.bgg_id is not None:
        game["bggId"] = int(facts.bgg_id)
    winners = set(summary.get("winners", []))
    players = [_player(p, winners, facts) for p in summary["players"]]
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": facts.play_id,
        "playDate": play_date(facts.ended),
        "durationMin": max(0, int(facts.duration_min)),
        "game": game,
        "players": players,
    }


def _player(summary: dict[str, Any], winners: set[str], facts: PlayFacts) -> dict[str, Any]:
    player: dict[str, Any] = {"name": summary["name"]}
    if summary.get("score") is not None:
        player["score"] = summary["score"]
    elif winners and summary.get("rank") is not None:
        player["rank"] = summary["rank"]  # a race's place: nothing else says it
    player["winner"] = summary["name"] in winners
    if summary["name"] == facts.start_player:
        player["startPlayer"] = True
    return player


def link(play: dict[str, Any]) -> str:
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return BASE + urllib.parse.quote(data, safe=QUERY_SAFE)


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
        current = session.rules.summary(session.state_at(length)).current
        if current is not None:
            return str(current)
    return None


def play_link(session: Session, row: SessionRow) -> str:
    """The link for the finished game `session`, stored as `row`."""
    from companion.ui.tables import adapter

    last = session.log[-1] if session.log else None
    ended = _parse_time(getattr(last, "at", None) or row.finished)
    started = _parse_time(row.created)
    game = adapter(row.game).played_game(session)  # the game's name, or the title played
    facts = PlayFacts(
        game_id=row.game,
        game_name=game.name,
        # The seed is random per game and kept with it: the same play, the same id,
        # so scanning twice does not record it twice.
        play_id=base36(row.setup.seed),
        ended=ended,
        duration_min=round((ended - started).total_seconds() / 60),
        start_player=start_player(session),
        highest_wins=game.highest_wins,
        no_points=game.no_points,
        bgg_id=game.bgg_id,
        source_id=game.source_id,
    )
    return link(create_play(session.summary().data, facts))
