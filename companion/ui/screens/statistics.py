"""Statistics: per player and game (plays, wins, win rate, average and best score,
average turn time) and, per dice reader, a histogram of the faces with the
chi-square fairness test in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.graphics import Color, Line, Rectangle
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout

from companion import stats
from companion.core.messages import Message
from companion.stats import SIGNIFICANCE, Fairness, PlayerGameStats
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.screens.text import S
from companion.ui.widgets import Redrawn


def cells(entry: PlayerGameStats) -> list[Message]:
    """The row of one player in one game, as the table shows it."""
    average = entry.average_score
    turn = entry.average_turn_seconds
    none = S("no_score")
    return [
        S("plain", text=entry.player),
        S("number", value=entry.plays),
        S("number", value=entry.wins),
        S("percent", value=entry.win_rate),
        none if average is None else S("average", value=average),
        none if entry.best_score is None else S("number", value=entry.best_score),
        none if turn is None else S("turn_seconds", seconds=round(turn)),
    ]


def line_rows(players: Sequence[PlayerGameStats]) -> list[tuple[list[str], bool]]:
    """A title's score sheet as Statistics shows it, a line a row and a player a
    column: each player's average in it ("-" where they never had it), then each one's
    best line. The first row names the players (a header)."""
    app = running_app()
    names: list[str] = []
    for entry in players:  # the lines in the sheet's order, each once
        names += [n for n in entry.lines if n not in names]
    rows = [([str(app.tr(S("col_line"))), *(e.player for e in players)], True)]
    for name in names:
        averages = [e.line_averages.get(name) for e in players]
        shown = ["-" if a is None else str(app.tr(S("average", value=a))) for a in averages]
        rows.append(([name, *shown], False))
    best = [e.best_line or "-" for e in players]
    rows.append(([str(app.tr(S("best_line"))), *best], False))
    return rows


HEADERS = ("col_player", "col_plays", "col_wins", "col_rate", "col_average", "col_best", "col_turn")


P_SHOWN_DOWN_TO = 0.0001  # four decimals


def p_text(p_value: float) -> Message:
    if p_value < P_SHOWN_DOWN_TO:
        return S("p_below", p=P_SHOWN_DOWN_TO)
    return S("p_equals", p=p_value)


# A verdict's colour: too few dice to judge is neither good news nor bad.
VERDICT_HEX = {"fair": theme.ACCENT, "biased": theme.DANGER}


def verdict(fair: Fairness) -> Message:
    if fair.verdict == "too_few":
        return S("too_few", dice=fair.rolled, need=stats.MIN_DICE)
    key = "looks_fair" if fair.verdict == "fair" else "looks_biased"
    return S(key, chi=fair.chi_square, p=p_text(fair.p_value), limit=SIGNIFICANCE)


Box = tuple[float, float, float, float]  # left, bottom, right, top


def clear_of(
    left: float, right: float, level: float, boxes: list[Box], gap: float
) -> list[tuple[float, float]]:
    """The stretches of a line at height `level` from `left` to `right` that pass no
    box (a bar's count) closer than `gap`: the line stops short of each count."""
    stops = sorted((b[0] - gap, b[2] + gap) for b in boxes if b[1] - gap <= level <= b[3] + gap)
    found, start = [], left
    for stop_left, stop_right in stops:
        if stop_left > start:
            found.append((start, stop_left))
        start = max(start, stop_right)
    if start < right:
        found.append((start, right))
    return found


class DiceHistogram(Redrawn):
    """Bars for faces 1 to 6, the count on each, and a line where a fair die's
    count would be, stopping short of the counts it would cross."""

    counts = ListProperty([0, 0, 0, 0, 0, 0])
    font_size = NumericProperty(16)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("counts")

    def draw(self) -> None:
        counts = list(self.counts)
        if not counts:
            return
        caption = self.font_size * 1.5  # room for the face numbers and the counts
        top = max(1, max(counts))
        area = self.height - 2 * caption
        slot = self.width / len(counts)
        expected = sum(counts) / len(counts)
        counts_at: list[Box] = []
        for index, count in enumerate(counts):
            x = self.x + index * slot + slot * 0.15
            height = area * count / top
            Color(*theme.rgba(theme.PAUSED))
            Rectangle(pos=(x, self.y + caption), size=(slot * 0.7, height))
            self._label(str(index + 1), x + slot * 0.35, self.y + caption / 2, theme.TEXT)
            y = self.y + caption + height + caption / 2
            counts_at.append(self._label(str(count), x + slot * 0.35, y, theme.TEXT_DIM))
        if expected:
            Color(*theme.rgba(theme.WARNING))
            level = self.y + caption + area * expected / top
            for left, right in clear_of(self.x, self.right, level, counts_at, self.font_size / 4):
                Line(points=[left, level, right, level], width=1.3, dash_length=6)

    def _label(self, text: str, cx: float, cy: float, colour: str) -> Box:
        label = CoreLabel(text=text, font_size=self.font_size, bold=True)
        label.refresh()
        texture = label.texture
        Color(*theme.rgba(colour))
        w, h = texture.size
        Rectangle(texture=texture, pos=(cx - w / 2, cy - h / 2), size=(w, h))
        return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


class StatsRow(BoxLayout):
    messages = ListProperty([])
    header = BooleanProperty(False)


class ReaderPanel(BoxLayout):
    reader = StringProperty("")
    counts = ListProperty([])
    summary = ObjectProperty(None, allownone=True)
    verdict = ObjectProperty(None, allownone=True)
    verdict_hex = StringProperty(theme.TEXT)  # green fair, red biased, plain too few


class StatisticsScreen(AppScreen):
    tab = StringProperty("players")
    kept: ClassVar[tuple[str, ...]] = ("tab",)  # the tab open at the last visit
    games = NumericProperty(0)
    readers = NumericProperty(0)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        running_app().bind(lang=self._language)

    def _language(self, *_: object) -> None:
        if self.tab == "players" and self.games:  # a score sheet's rows hold words
            self.show(self.tab)

    def prepare(self) -> None:
        self.show(self.tab)

    def show(self, tab: str) -> None:
        self.tab = tab
        store = running_app().store
        if tab == "players":
            self._fill_players(stats.player_stats(store))
        else:
            self._fill_dice(stats.dice_fairness(store))

    def _fill_players(self, entries: Sequence[PlayerGameStats]) -> None:
        box = self.ids.content
        box.clear_widgets()
        self.games = len({(e.game, e.title) for e in entries})
        titles: dict[tuple[str, str], list[PlayerGameStats]] = {}
        for entry in entries:  # a title of its own: a table of its own
            titles.setdefault((entry.game, entry.title), []).append(entry)
        for (_game, title), players in titles.items():
            box.add_widget(Factory.StatsGame(text=title))
            box.add_widget(StatsRow(messages=[S(h) for h in HEADERS], header=True))
            for entry in players:
                box.add_widget(StatsRow(messages=cells(entry)))
            if any(e.lines for e in players):
                for texts, header in line_rows(players):
                    box.add_widget(self._line_row(texts, header))

    def _line_row(self, texts: Sequence[str], header: bool) -> BoxLayout:
        """A row of the score sheet's table: its first cell, then one per player."""
        app = running_app()
        row = BoxLayout(size_hint_y=None, spacing=6 * app.scale)
        row.height = (30 if header else 38) * app.scale
        first = Factory.FitLabel(text=texts[0], halign="left", valign="middle", size_hint_x=1.6)
        first.most = 16 if header else 18
        first.color = theme.rgba(theme.TEXT_DIM if header else theme.TEXT)
        row.add_widget(first)
        for text in texts[1:]:
            cell = Factory.FitLabel(text=text, halign="right", valign="middle", most=16)
            cell.color = theme.rgba(theme.TEXT_DIM if header else theme.TEXT)
            row.add_widget(cell)
        return row

    def _fill_dice(self, readers: Sequence[Fairness]) -> None:
        box = self.ids.content
        box.clear_widgets()
        self.readers = len(readers)
        for fair in readers:
            panel = ReaderPanel(
                reader=fair.reader,
                counts=[fair.counts[face] for face in stats.FACES],
                summary=S("dice_reader", dice=fair.rolled, unreadable=fair.unreadable),
                verdict=verdict(fair),
                verdict_hex=VERDICT_HEX.get(fair.verdict, theme.TEXT),
            )
            box.add_widget(panel)
