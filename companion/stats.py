"""Statistics a game group looks at after the night: per player and title (a game's
name, or the title a game of "any board game" was played as: `Rules.title`), and the
fairness of each dice reader's rolls (a chi-square goodness-of-fit test)."""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Literal

from companion import games
from companion.store import SessionRow, Store

FACES = (1, 2, 3, 4, 5, 6)
# A chi-square test wants about five expected per face; below that it says little, so
# neither `companion stats` nor the Statistics screen calls a reader fair or biased.
MIN_DICE = 30
SIGNIFICANCE = 0.01

Verdict = Literal["too_few", "fair", "biased"]


@dataclass
class PlayerGameStats:
    player: str
    game: str
    title: str = ""  # what the games were played as: the game's name, or their title
    plays: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    turn_seconds: list[float] = field(default_factory=list)
    fewest_win: bool = False  # the ranks showed that the fewest points win
    # A score sheet's lines, by their names (the group's own words): each game's
    # points in it, for the games that had it.
    lines: dict[str, list[int]] = field(default_factory=dict)

    @property
    def line_averages(self) -> dict[str, float]:
        """Each line's average points, in the sheet's order."""
        return {name: sum(points) / len(points) for name, points in self.lines.items()}

    @property
    def best_line(self) -> str | None:
        """The line of the best average: the highest, the lowest where the fewest
        points win (the first of equals); None without a score sheet."""
        averages = self.line_averages
        if not averages:
            return None
        pick = min if self.fewest_win else max
        return pick(averages, key=lambda name: averages[name])

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def average_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def best_score(self) -> int | None:
        """The highest score, or the lowest where the fewest points win."""
        if not self.scores:
            return None
        return min(self.scores) if self.fewest_win else max(self.scores)

    @property
    def average_turn_seconds(self) -> float | None:
        return sum(self.turn_seconds) / len(self.turn_seconds) if self.turn_seconds else None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "game": self.game,
            "title": self.title,
            "plays": self.plays,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 3),
            "average_score": _round(self.average_score),
            "best_score": self.best_score,
            "average_turn_seconds": _round(self.average_turn_seconds),
            "lines": {name: _round(v) for name, v in self.line_averages.items()},
            "best_line": self.best_line,
        }


# 1% rather than 5%: a table that checks after every game night would otherwise
# call a fair reader biased once in twenty nights.
SIGNIFICANCE = 0.01


@dataclass(frozen=True)
class Fairness:
    reader: str
    counts: dict[int, int]
    unreadable: int
    chi_square: float
    p_value: float

    @property
    def rolled(self) -> int:
        return sum(self.counts.values())

    @property
    def looks_fair(self) -> bool:
        # 1% rather than 5%: a table that checks after every game night would
        # otherwise call a fair reader biased once in twenty nights.
        return self.p_value >= SIGNIFICANCE

    @property
    def verdict(self) -> Verdict:
        """The one rule for what may be said of a reader: nothing before MIN_DICE dice."""
        if self.rolled < MIN_DICE:
            return "too_few"
        return "fair" if self.looks_fair else "biased"

    def to_json(self) -> dict[str, Any]:
        return {
            "reader": self.reader,
            "counts": {str(face): n for face, n in self.counts.items()},
            "unreadable": self.unreadable,
            "dice": self.rolled,
            "chi_square": round(self.chi_square, 3),
            "p_value": round(self.p_value, 4),
            "fair": self.looks_fair,
            "verdict": self.verdict,
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def player_stats(store: Store) -> list[PlayerGameStats]:
    """Per player and title: the games of one game played under two titles are two
    lines ("Carcassonne" and "Azul" are both "any board game")."""
    table: dict[tuple[str, str, str], PlayerGameStats] = {}
    for row in store.sessions(finished=True):
        title = games.title(row.game, row.setup.options)
        results = store.results(row.id)
        # A player out of the game ranks last whatever their points: the ranks of
        # those still in say whether the fewest points win.
        out = {p.get("name") for p in (row.summary or {}).get("players", []) if p.get("out")}
        fewest = fewest_win([r for r in results if r["name"] not in out])
        for result in results:
            key = (result["name"], row.game, title)
            entry = table.setdefault(key, PlayerGameStats(result["name"], row.game, title))
            entry.plays += 1
            entry.wins += int(result["winner"])
            entry.fewest_win = entry.fewest_win or fewest
            if result["score"] is not None:
                entry.scores.append(result["score"])
            _add_sheet(entry, row)
        for name, seconds in turn_times(store, row.id).items():
            key = (name, row.game, title)
            if key in table:
                table[key].turn_seconds.extend(seconds)
    return sorted(table.values(), key=lambda s: (s.game, s.title, -s.wins, s.player))


def _add_sheet(entry: PlayerGameStats, row: SessionRow) -> None:
    """The player's score sheet of the game `row`, where it had one: each line's
    points under the line's name."""
    players = (row.summary or {}).get("players", [])
    sheet = next((p.get("sheet") for p in players if p.get("name") == entry.player), None)
    if not isinstance(sheet, dict):
        return
    names = {c["id"]: c["name"] for c in row.setup.options.get("categories", ())}
    for line, points in sheet.items():
        if isinstance(points, int):
            entry.lines.setdefault(str(names.get(line, line)), []).append(points)


def fewest_win(results: list[dict[str, Any]]) -> bool:
    """The rules ranked a lower score above a higher one: in this game the fewest
    points win."""
    scored = [(r["score"], r["rank"]) for r in results if None not in (r["score"], r["rank"])]
    return any(s1 < s2 and r1 < r2 for s1, r1 in scored for s2, r2 in scored)


def turn_times(store: Store, session_id: int) -> dict[str, list[float]]:
    """Seconds each player's turns took at the table: a turn runs from the end of the
    turn before (or the game's start) to its own end (an `end_turn`, or any action after
    which it is another player's turn: the turn passed on, the player put out), and
    counts only while the game was on screen and not paused
    (`companion.play.tabletime`), whatever happened between (another game, a quit, a
    restart). An action stored without its time at the table (an imported game) falls
    back to the recorded times of the actions, from the previous turn's end (or the
    first action) to its own."""
    session = store.load_session(session_id, journal=False)
    rules = session.rules
    raw = store.raw_actions(session_id)
    at_table = store.journal(session_id).table_seconds()
    state = session.state_at(0)
    current = rules.summary(state).current
    times: dict[str, list[float]] = defaultdict(list)
    turn = _TurnStart(table=0.0 if at_table[:1] not in ([], [None]) else None)
    for data, table_s in zip(raw, at_table, strict=True):
        at = _parse_time(data.get("at"))
        if turn.at is None:
            turn.at = at
        state = rules.apply(state, rules.parse_action(data))
        after = rules.summary(state).current
        if data["type"] == "end_turn" or after != current:
            seconds = turn.seconds(at, table_s)
            if current is not None and seconds is not None:
                times[current].append(seconds)
            turn = _TurnStart(at=at, table=table_s)
        current = after
    return dict(times)


@dataclass
class _TurnStart:
    at: dt.datetime | None = None  # the recorded time (UTC)
    table: float | None = None  # the seconds at the table

    def seconds(self, at: dt.datetime | None, table_s: float | None) -> float | None:
        """The turn's length when it ends now: at the table where both ends know it."""
        if self.table is not None and table_s is not None:
            return max(0.0, table_s - self.table)
        if self.at is not None and at is not None:
            return (at - self.at).total_seconds()
        return None


def _parse_time(text: Any) -> dt.datetime | None:
    if not isinstance(text, str):
        return None
    try:
        return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def fairness(reader: str, rolls: list[list[int | None]]) -> Fairness:
    counts = Counter(face for roll in rolls for face in roll if face in FACES)
    unreadable = sum(1 for roll in rolls for face in roll if face not in FACES)
    observed = {face: counts.get(face, 0) for face in FACES}
    total = sum(observed.values())
    if total == 0:
        return Fairness(reader, observed, unreadable, 0.0, 1.0)
    expected = total / len(FACES)
    chi = sum((n - expected) ** 2 / expected for n in observed.values())
    return Fairness(reader, observed, unreadable, chi, chi2_sf(chi, len(FACES) - 1))


def dice_fairness(store: Store) -> list[Fairness]:
    return [fairness(reader, rolls) for reader, rolls in sorted(store.rolls.by_reader().items())]


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square distribution: the regularised upper incomplete
    gamma Q(dof/2, x/2), by its series or its continued fraction."""
    if x <= 0:
        return 1.0
    a, z = dof / 2.0, x / 2.0
    if z < a + 1:
        return max(0.0, 1.0 - _lower_series(a, z))
    return min(1.0, _upper_fraction(a, z))


def _lower_series(a: float, z: float) -> float:
    term = total = 1.0 / a
    n = a
    for _ in range(500):
        n += 1
        term *= z / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-z + a * math.log(z) - math.lgamma(a))


def _upper_fraction(a: float, z: float) -> float:
    # Lentz's method for the continued fraction of Q(a, z).
    tiny = 1e-300
    b = z + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h * math.exp(-z + a * math.log(z) - math.lgamma(a))
