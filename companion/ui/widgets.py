"""Shared widgets: tap buttons with instant feedback, the LED strip, dice faces,
token shapes, the number pad, the on-screen keyboard, the QR code and the bar chart.
Their looks are in widgets.kv beside this file; the drawing that depends on data is here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.graphics.texture import Texture
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.core.messages import Message
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.fit import problem
from companion.ui.fresh import FreshTouches
from companion.ui.presses import HoldArea, HoldTap, StepTap, Tap

__all__ = ["HoldArea", "HoldTap", "StepTap", "Tap"]  # kv rules and screens use them here


class FitLabel(Label):
    """A label that says all of its text: wrapped at spaces inside its box, its font
    shrunk from `most` down to `least` (pixels at 800x480, scaled with the window)
    until the text fits without a word broken or a line cut off."""

    most = NumericProperty(18)
    least = NumericProperty(16)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._later = Clock.create_trigger(self.fit, -1)
        self.bind(text=self._later, size=self._later, most=self._later, least=self._later)

    def fit(self, *_: object) -> None:
        """The largest size, in whole steps of the scale, at which the text fits: a
        binary search (each try renders the text, and opens the font at that size,
        kept by Kivy: 100 KB each), so a headline tries 5 sizes of 23, not all."""

        scale = float(getattr(running_app(), "scale", 1.0))
        self.text_size = self.size
        steps = max(0, round(self.most - self.least))
        low, high = 0, steps  # `low` steps above `least` always fits (or is the least)
        while low < high:
            middle = (low + high + 1) // 2
            self.font_size = (self.least + middle) * scale
            if problem(self) is None:
                low = middle
            else:
                high = middle - 1
        self.font_size = (self.least + low) * scale


class Redrawn(Widget):
    """A widget drawn by its `draw()`, and drawn again (once a frame at most) when its
    place, its size or a property it `watch`es changes."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._later = Clock.create_trigger(self._redraw, -1)
        self.bind(pos=self._later, size=self._later)

    def watch(self, *names: str) -> None:
        self.bind(**{name: self._later for name in names})

    def _redraw(self, *_: object) -> None:
        self.canvas.clear()
        with self.canvas:
            self.draw()

    def draw(self) -> None:
        raise NotImplementedError


class LedStrip(Redrawn):
    """The strip as it is lit now: one cell per LED, LED 0 (the bottom of the glass)
    on the left. The same frame the real strip gets."""

    frame = ListProperty([])

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("frame")

    def draw(self) -> None:
        count = len(self.frame)
        if not count:
            return
        # A long strip (60 LEDs round a table) keeps cells three times its gaps.
        gap = min(max(2.0, self.width * 0.012), self.width / count / 4)
        cell = (self.width - gap * (count - 1)) / count
        for index, rgb in enumerate(self.frame):
            x = self.x + index * (cell + gap)
            Color(0.16, 0.19, 0.26, 1)  # an unlit LED still shows where it is
            RoundedRectangle(pos=(x, self.y), size=(cell, self.height), radius=[4])
            r, g, b = (c / 255 for c in rgb)
            if r + g + b > 0:
                Color(r, g, b, 1)
                RoundedRectangle(
                    pos=(x + 2, self.y + 2), size=(cell - 4, self.height - 4), radius=[3]
                )


PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.75), (0.75, 0.25)),
    3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
    4: ((0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)),
    6: ((0.25, 0.2), (0.25, 0.5), (0.25, 0.8), (0.75, 0.2), (0.75, 0.5), (0.75, 0.8)),
}


class DieFace(ButtonBehavior, Redrawn):
    """One die: pips for 1..6, an empty outline for 0 (not rolled yet); `marked`, a
    die the reader could not read, still to tap in: a question mark in a dashed box
    in the warning colour."""

    value = NumericProperty(0)
    marked = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("value", "marked")

    def draw(self) -> None:
        side = min(self.width, self.height)
        x = self.center_x - side / 2
        y = self.center_y - side / 2
        if self.value:
            Color(0.95, 0.95, 0.92, 1)
            RoundedRectangle(pos=(x, y), size=(side, side), radius=[side * 0.18])
            Color(0.08, 0.09, 0.12, 1)
            dot = side * 0.18
            for px, py in PIPS.get(int(self.value), ()):
                Ellipse(pos=(x + px * side - dot / 2, y + py * side - dot / 2), size=(dot, dot))
        elif self.marked:
            Color(*theme.rgba(theme.WARNING))
            for dash in dashes(x + 2, y + 2, side - 4, pieces=3):
                Line(points=dash, width=2)
            question_mark(x, y, side)
        else:
            Color(*theme.rgba(theme.TEXT_DIM, 0.6))
            Line(rounded_rectangle=(x + 1, y + 1, side - 2, side - 2, side * 0.18), width=1.5)


def dashes(x: float, y: float, side: float, pieces: int) -> list[list[float]]:
    """A square's outline in dashes, `pieces` dashes a side (each half its share)."""
    step = side / pieces
    corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
    found = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        dx, dy = (bx - ax) / side, (by - ay) / side
        for index in range(pieces):
            start = index * step + step / 4
            end = start + step / 2
            found.append([ax + dx * start, ay + dy * start, ax + dx * end, ay + dy * end])
    return found


def question_mark(x: float, y: float, side: float) -> None:
    """A question mark drawn in lines (no font: the same at every size)."""
    dot = side * 0.1
    Rectangle(pos=(x + side / 2 - dot / 2, y + side * 0.2), size=(dot, dot))
    hook = ((0.35, 0.65), (0.5, 0.78), (0.65, 0.65), (0.5, 0.47), (0.5, 0.36))
    Line(points=[c for px, py in hook for c in (x + px * side, y + py * side)], width=2.5)


class Token(Redrawn):
    """A token drawn as its shape: `kind` names it, and a table's subclass draws each
    of its kinds in a `_draw_<kind>(x, y, side)` (a kind it lacks draws nothing)."""

    kind = StringProperty("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("kind")

    def draw(self) -> None:
        side = min(self.width, self.height)
        x, y = self.center_x - side / 2, self.center_y - side / 2
        shape = getattr(self, f"_draw_{self.kind}", None)
        if shape is not None:
            shape(x, y, side)


class NumberPad(GridLayout):
    """Digits 0-9 and delete, big enough for a thumb; `on_digit` / `on_delete`, and
    with `signed` a key for the sign (`on_sign`)."""

    signed = BooleanProperty(False)
    __events__ = ("on_digit", "on_delete", "on_sign")

    def press(self, text: str) -> None:
        if text.isdigit():
            self.dispatch("on_digit", int(text))
        elif text == "-":
            self.dispatch("on_sign")
        else:
            self.dispatch("on_delete")

    def on_digit(self, digit: int) -> None:
        pass

    def on_delete(self) -> None:
        pass

    def on_sign(self) -> None:
        pass


KEY_ROWS = (
    "QWERTYUIOP",
    "ASDFGHJKLŁ",
    "ZXCVBNMĄĘÓ",
    "ŚŻŹĆŃÄÖÜÅ-",
)


class OnScreenKeyboard(GridLayout):
    """Letters for names (with Polish, German, Swedish and Dutch ones); `text` grows
    as keys are tapped. The first letter of a word is upper case, the rest lower;
    with `caps` every letter is upper case (VP, CATAN)."""

    text = StringProperty("")
    max_length = NumericProperty(24)
    caps = BooleanProperty(False)

    def key(self, letter: str) -> None:
        if letter == "<":
            self.text = self.text[:-1]
        elif letter == " ":
            self.text = (
                (self.text + " ") if self.text and not self.text.endswith(" ") else self.text
            )
        elif len(self.text) < self.max_length:
            start = self.caps or not self.text or self.text.endswith((" ", "-"))
            self.text += letter.upper() if start else letter.lower()


class QRCode(Redrawn):
    """A QR code with the quiet zone the scanners need: one small texture, a pixel a
    module, drawn scaled up without smoothing to fill its box (`unit`: screen pixels
    a module; a phone reads a larger code from further away, and a decoder samples
    the modules' centres, so a fraction does no harm). (A rectangle per run of dark
    modules made thousands of instructions: 70 MB for a long link on llvmpipe.)"""

    data = StringProperty("")
    modules = ObjectProperty(None, allownone=True)
    unit = NumericProperty(0)  # screen pixels per module, as last drawn

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._texture: Texture | None = None
        self.bind(data=self._encode)

    def _encode(self, *_: object) -> None:
        if not self.data:
            self.modules = None
        else:
            import segno

            code = segno.make(self.data, error="l", micro=False)
            self.modules = [[bool(v) for v in row] for row in code.matrix]
        self._texture = None
        self._later()

    def draw(self) -> None:
        if not self.modules:
            return
        side = min(self.width, self.height)
        self.unit = side / (len(self.modules) + 8)  # 4 modules of quiet zone a side
        Color(1, 1, 1, 1)
        Rectangle(
            texture=self._made(),
            pos=(self.center_x - side / 2, self.center_y - side / 2),
            size=(side, side),
        )

    def _made(self) -> Texture:
        if self._texture is None:
            self._texture = qr_texture(self.modules or [])
        return self._texture


def qr_texture(modules: Sequence[Sequence[bool]], quiet: int = 4) -> Texture:
    """Black modules on white, `quiet` white modules round them; GL's rows go up."""
    count = len(modules) + 2 * quiet
    pixels = bytearray(b"\xff" * (count * count * 4))
    for row_index, row in enumerate(modules):
        y = count - 1 - (row_index + quiet)
        for column, dark in enumerate(row):
            if dark:
                at = (y * count + column + quiet) * 4
                pixels[at : at + 3] = b"\x00\x00\x00"
    texture = Texture.create(size=(count, count), colorfmt="rgba")
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    texture.blit_buffer(bytes(pixels), colorfmt="rgba", bufferfmt="ubyte")
    return texture


class ScoreBars(Redrawn):
    """One row per player: the parts of the score that add to the right of zero, the
    ones that take away to the left, each in its own colour, so the score's parts are
    seen. A row is a list of (points, "#RRGGBB"), the table's `ScorePart`s."""

    rows = ListProperty([])  # [[(9, "#E8D9A8"), (-2, "#E0504A"), (-3, "#A9B3C7")], ...]
    right_max = NumericProperty(0)  # shared scales, so separate charts line up; 0 = own
    left_max = NumericProperty(0)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("rows", "left_max", "right_max")

    def draw(self) -> None:
        if not self.rows:
            return
        right = self.right_max or max(1, *(gains(row) for row in self.rows))
        left = self.left_max or max(1, *(losses(row) for row in self.rows))
        zero = self.x + self.width * left / (left + right)
        unit = self.width / (left + right)
        height = self.height / len(self.rows)
        for index, row in enumerate(self.rows):
            y = self.top - (index + 1) * height + height * 0.2
            ends = {True: zero, False: zero}  # where the next part starts, each side
            for points, colour in row:
                width = abs(points) * unit
                adds = points >= 0
                x = ends[adds] if adds else ends[adds] - width
                ends[adds] = x + width if adds else x
                Color(*theme.rgba(colour))
                Rectangle(pos=(x, y), size=(width, height * 0.6))
        Color(*theme.rgba(theme.TEXT))
        Line(points=[zero, self.y, zero, self.top], width=1.2)


def gains(row: Sequence[tuple[int, str]]) -> int:
    """What a row of score parts adds: the length of its bars right of zero."""
    return sum(points for points, _ in row if points > 0)


def losses(row: Sequence[tuple[int, str]]) -> int:
    """What a row of score parts takes away: the length of its bars left of zero."""
    return -sum(points for points, _ in row if points < 0)


class Toggle(Tap):
    """One of a set of choices; the chosen one wears the accent colour."""

    active = BooleanProperty(False)


class TapBox(ButtonBehavior, BoxLayout):
    """A group of widgets that answers a tap as one (a balloon's counts)."""


class SeatRow(BoxLayout):
    seat = NumericProperty(0)
    name = StringProperty("")
    swatch = ColorProperty(theme.rgba(theme.TEXT))
    compact = BooleanProperty(False)  # in two columns: a small button to take it out


class ResultRow(BoxLayout):
    rank = StringProperty("")
    name = StringProperty("")
    detail = StringProperty("")  # e.g. the secret balloons, revealed
    marks = ListProperty([])  # Messages after the detail: "out"
    score = StringProperty("")
    swatch = ColorProperty(theme.rgba(theme.TEXT))
    winner = BooleanProperty(False)


def detail_text(detail: str, marks: Sequence[Message], _lang: str = "") -> str:
    """A result row's line under the name: the detail (the colours), then the marks
    in the language of now ("yellow · out")."""
    app = running_app()
    return " · ".join([detail] * bool(detail) + [app.tr(m) for m in marks])


class BalloonRow(Tap):
    colour_hex = StringProperty(theme.PANEL)
    selected = BooleanProperty(False)
    value = StringProperty("")
    compact = BooleanProperty(False)  # in two columns: a smaller number


W = TypeVar("W", bound=Widget)


def sized(widget: W, font_size: float) -> W:
    """Set a font size after construction: a kv class rule would override a keyword."""
    widget.font_size = font_size
    return widget


def sync_rows(
    box: Widget, rows: Sequence[Mapping[str, object]], make: Callable[..., Widget]
) -> None:
    """Show one widget per row in `box`, changing the widgets already there in place.

    A label renders its text again only when the text changes, so updating beats
    rebuilding: a tap that changes one counter redraws one number, not the table.
    The widgets are rebuilt only when the number of rows changes."""
    children = list(reversed(box.children))
    if len(children) != len(rows):
        box.clear_widgets()
        for row in rows:
            box.add_widget(make(**row))
        return
    for widget, row in zip(children, rows, strict=True):
        for key, value in row.items():
            if getattr(widget, key) != value:
                setattr(widget, key, value)


class ScrollList(ScrollView):
    """A list that may be longer than its place shows that there is more: its scroll
    bar (widgets.kv) is wide enough to see and stays drawn while idle. Kivy's own is
    2 px and fades to a faint 0.2 half a second after the last scroll or layout. It
    stops at its ends (no spring back that a tap would only stop: widgets.kv)."""


class Sheet(FreshTouches, ModalView):
    """A view over the screen, drawn by its own kv rules: Kivy's theme picture is never
    loaded for it (ModalView's default `background` made Kivy load the whole default
    theme atlas, 92 textures, the first time a dialog was built). A touch that began
    before it opened never acts on it (`FreshTouches`)."""

    background = StringProperty("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.fbind("on_pre_open", self.shown_now)


Words = Message | str  # a sentence for the players, or text shown as it is


class AskView(Sheet):
    """A question before something that cannot be taken back at once (a game left
    unfinished, settings not saved, a game resumed up to its last good action): the
    sentence, and a button for each answer. `answers` are (label, action) pairs, the
    last one accented; any answer closes the view. The sentence and the labels are
    Messages (or text as it is), said again when the language changes."""

    text = StringProperty("")
    error = StringProperty("")

    def __init__(
        self,
        text: Words,
        answers: Sequence[tuple[Words, Callable[[], object]]],
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        from kivy.factory import Factory

        self._words = text
        self._labels: list[tuple[Widget, Words]] = []
        for index, (label, action) in enumerate(answers):
            last = index == len(answers) - 1
            button = Factory.AccentTap() if last else Factory.Tap()
            button.bind(on_release=lambda _w, a=action: self.answer(a))
            self.ids.answers.add_widget(button)
            self._labels.append((button, label))
        self._app = running_app()
        self._app.bind(lang=self._say)
        self._say()

    def _say(self, *_: object) -> None:
        self.text = self._said(self._words)
        for button, label in self._labels:
            button.text = self._said(label)

    def _said(self, words: Words) -> str:
        return words if isinstance(words, str) else str(self._app.tr(words))

    def on_dismiss(self) -> None:
        self._app.unbind(lang=self._say)

    def answer(self, action: Callable[[], object]) -> None:
        self.dismiss()
        action()
