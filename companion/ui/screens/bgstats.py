"""The BG Stats `createPlay` link for a finished play. No Kivy.

The link travels in a QR code that a phone reads across the table, so every byte
counts (a denser code means smaller modules on a 7" screen). BG Stats fixes the keys;
what is ours to keep short are the values and the choice of fields:

- short values: the source `Balloons`, a play id of a few letters, a game id of two;
- no empty field: a score is left out when the game has none (never `null`), a
  player id is left out (BG Stats matches players by name);
- every player's `winner` and `startPlayer`, true or false (BG Stats on Android
  refuses a play with a boolean missing), their `seatOrder` (1 the first seat) and
  their `color` where they own one (the colour ids of their balloons or their seat,
  "blue/pink" for two);
- each player's `rank` as the app ranked them, whatever the scores say: a tie on
  points broken by a rule (Wyścig's distance) and a player out of the game with
  the most points reach BG Stats in the places the results show;
- a game nobody won (every balloon out, a cooperative game lost) gets no ranks and
  no winner at all: BG Stats then records a play that everyone lost, rather than
  everyone in second place; `cooperative` tells BG Stats the table won or lost
  together.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NotRequired

from pydantic import ConfigDict, TypeAdapter, with_config
from typing_extensions import TypedDict  # the one pydantic checks on Python 3.11

from companion import games

# The module, not its names: `PlayerRow` is also a kv rule of the Wyścig table.
from companion.core import summary as played
from companion.core.session import Session
from companion.store import SessionRow

BASE = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Balloons"
QUERY_SAFE = ":,"  # allowed in a query as they are, and read the same by every decoder
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


# The play as BG Stats reads it: its keys are BG Stats', in the order they are written
# (the link's bytes, and so its QR code, stay the same from one version to the next).
# Extra keys are refused where a link is read back: a field that slipped in shows.
@with_config(ConfigDict(extra="forbid"))
class PlayedAs(TypedDict):
    name: str
    sourceGameId: str
    highestWins: bool
    noPoints: bool
    cooperative: bool
    bggId: NotRequired[int]


class Placing(TypedDict, total=False):
    """A player's score and place, each left out where there is none."""

    score: int
    rank: int


class Colour(TypedDict, total=False):
    """A player's colours, left out where they own none."""

    color: str


@with_config(ConfigDict(extra="forbid"))
class PlayPlayer(TypedDict):
    name: str
    score: NotRequired[int]
    rank: NotRequired[int]
    winner: bool
    startPlayer: bool
    seatOrder: int
    color: NotRequired[str]


@with_config(ConfigDict(extra="forbid"))
class Play(TypedDict):
    sourceName: str
    sourcePlayId: str
    playDate: str
    durationMin: int
    game: PlayedAs
    players: list[PlayPlayer]


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
    cooperative: bool = False
    colours: Mapping[str, Sequence[str]] = field(default_factory=dict)  # name -> ids


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


def create_play(summary: played.Summary[played.PlayerRow, played.Part], facts: PlayFacts) -> Play:
    game: PlayedAs = {
        "name": facts.game_name,
        "sourceGameId": facts.source_id or source_game_id(facts.game_id),
        "highestWins": facts.highest_wins,
        "noPoints": facts.no_points,
        "cooperative": facts.cooperative,
    }
    if facts.bgg_id is not None:
        game["bggId"] = int(facts.bgg_id)
    winners = set(summary.winners)
    players = [_player(p, seat, winners, facts) for seat, p in enumerate(summary.players, start=1)]
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": facts.play_id,
        "playDate": play_date(facts.ended),
        "durationMin": max(0, int(facts.duration_min)),
        "game": game,
        "players": players,
    }


def _player(row: played.PlayerRow, seat: int, winners: set[str], facts: PlayFacts) -> PlayPlayer:
    name = row.name
    placing: Placing = {}
    if row.score is not None:
        placing["score"] = row.score
    if winners and row.rank is not None:
        placing["rank"] = row.rank  # the app's place, not the points' order
    colours = facts.colours.get(name)
    colour: Colour = {"color": "/".join(colours)} if colours else {}
    return {
        "name": name,
        **placing,
        "winner": name in winners,
        "startPlayer": name == facts.start_player,
        "seatOrder": seat,
        **colour,
    }


def link(play: Play) -> str:
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return BASE + urllib.parse.quote(data, safe=QUERY_SAFE)


def decode(url: str) -> Play:
    """The play a link carries (for tests and for checking a link by hand), checked
    field by field: a field of another type, missing or unknown is refused."""
    if not url.startswith(BASE):
        raise ValueError(f"not a BG Stats createPlay link: {url[:60]}")
    text = urllib.parse.unquote(url[len(BASE) :])
    return TypeAdapter(Play).validate_json(text, strict=True)


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
    from companion.ui.seating import first_seat
    from companion.ui.tables import adapter
    from companion.ui.tables.base.adapter import player_colours

    last = session.log[-1] if session.log else None
    ended = _parse_time(getattr(last, "at", None) or row.finished)
    # From the setup, or the first action where it came earlier (a game file imported
    # today of a game played last year).
    first = getattr(session.log[0], "at", None) if session.log else None
    started = min(_parse_time(row.created), _parse_time(first or row.created))
    table = adapter(row.game)
    game = table.played_game(session)  # the game's name, or the title played
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
        cooperative=game.cooperative,
        colours=player_colours(table, session, first_seat(row)),
    )
    return link(create_play(session.summary(), facts))
