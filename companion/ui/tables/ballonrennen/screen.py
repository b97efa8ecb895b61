"""The Ballonrennen table: the wind rose, the current player and their altitude step
(the reachable altitudes with their cost), the wind card (tapped from the table's
deck or drawn by the app), a Favourable wind, the move in words and an arrow, the
events of the move and every balloon's tokens and place, on the table skeleton.

The screen decides nothing: the view functions read the rules' helpers (`phase`,
`reachable_altitudes`, ...), and a tap sends an action; a refused one comes back as
the rules' sentence.
"""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import ListProperty, StringProperty
from kivy.uix.widget import Widget

from companion.games import ballonrennen as br
from companion.games.ballonrennen.messages import direction_abbr
from companion.games.ballonrennen.summary import BallonrennenSummary
from companion.ui import theme
from companion.ui.tables.ballonrennen import view
from companion.ui.tables.ballonrennen.text import UB, balloon_hex, card_name
from companion.ui.tables.ballonrennen.widgets import (
    BrCardShown,
    BrDraw,
    BrEventTap,
    BrLadderRow,
    BrMarker,
    BrPlayerRow,
    CardTap,
    CostTap,
    MarkerTap,
)
from companion.ui.tables.base.screen import TableScreen


class BallonrennenScreen(TableScreen):
    current_name = StringProperty("")
    current_hex = StringProperty(theme.TEXT)
    balloon_text = StringProperty("")
    winds = ListProperty(["W", "SE", "E"])
    side_labels = ListProperty(list(br.DIRECTIONS))
    active_altitude = StringProperty("0")
    move_text = StringProperty("")
    move_direction = StringProperty("")
    move_altitude = StringProperty("0")
    game_phase = StringProperty("")  # the rules': altitude, favourable, move, over

    @property
    def state(self) -> br.State:
        state: br.State = self.model.state
        return state

    @property
    def summary(self) -> BallonrennenSummary:
        """The session's summary, typed (the view-model's `summary` is its JSON)."""
        return view.summary_of(self.model.session.summary())

    # -- showing -------------------------------------------------------------------
    def show_state(self) -> None:
        summary = self.summary
        state = self.state
        self.game_phase = br.RULES.phase(state)
        self._current(summary)
        self._rose(summary)
        self._move(summary)
        self._players(summary)
        self._panel()

    def _current(self, summary: BallonrennenSummary) -> None:
        current = summary.current
        found = view.player(summary, current)
        colour = found.colour if found else ""
        self.current_name = current or ""
        self.current_hex = balloon_hex(colour) if colour else theme.TEXT
        self.balloon_text = self.app.tr(UB("balloon", colour=colour)) if colour else ""

    def _rose(self, summary: BallonrennenSummary) -> None:
        winds = br.RULES.winds(self.state)
        self.winds = [winds["1"], winds["2"], winds["3"]]
        self.side_labels = [self.app.tr(direction_abbr(d)) for d in br.DIRECTIONS]
        self.active_altitude = str(view.active_altitude(summary))

    def _move(self, summary: BallonrennenSummary) -> None:
        shown = view.move(self.app.tr, self.state, summary)
        self.move_direction = shown.direction
        self.move_altitude = str(shown.altitude)
        self.move_text = shown.text

    def _players(self, summary: BallonrennenSummary) -> None:
        box = self.ids.players
        box.clear_widgets()
        for balloon in view.balloons(summary, self.state):
            row = BrPlayerRow(
                name=balloon.name,
                colour_name=self.app.colour_name(balloon.colour),
                detail=self.app.tr(balloon.detail),
                swatch=theme.rgba(balloon_hex(balloon.colour)),
                current=balloon.current,
                gas=balloon.gas,
                sandbags=balloon.sandbags,
                mail_sack=balloon.mail_sack,
                altitude=str(balloon.altitude),
                flying=balloon.flying,
            )
            row.height = 70 * self.app.scale
            row.bind(on_release=lambda w: self.open_correction(w.name))
            box.add_widget(row)
        box.add_widget(Factory.Widget())

    # -- the step's panel ------------------------------------------------------------
    def _panel(self) -> None:
        panel = self.ids.panel
        panel.clear_widgets()
        if self.game_phase == "altitude":
            panel.add_widget(self._ladder())
            panel.add_widget(self._card_entry())
        elif self.game_phase == "favourable":
            panel.add_widget(self._favourable())
        elif self.game_phase == "move":
            panel.add_widget(self._move_events())

    def _ladder(self) -> Widget:
        """Altitudes 3 to 0, each with its cheapest release (one tap), the current
        one marked; an altitude out of reach shows a dash."""
        ladder = Factory.BrLadder()
        for altitude, rung in zip(view.LADDER, view.ladder(self.state), strict=True):
            row = BrLadderRow(altitude=str(altitude))
            if rung is None:
                row.add_widget(Factory.Dim(text="-", halign="center"))
            else:
                word = self.app.tr(rung.word) if rung.word is not None else ""
                tap = CostTap(gas=rung.gas, sandbags=rung.sandbags, word=word)
                tap.current = rung.current
                tap.bind(on_release=lambda _w, r=rung: self.choose_altitude(r))
                row.add_widget(tap)
            ladder.add_widget(row)
        return ladder

    def _card_entry(self) -> Widget:
        state = self.state
        if not state.app_deck:
            grid = Factory.BrCardGrid()
            for card in br.CARDS:
                tap = CardTap(card=card, label=self.app.tr(card_name(card)))
                tap.bind(on_release=lambda _w, c=card: self.act("wind_card", card=c))
                grid.add_widget(tap)
            return grid
        box = BrDraw()
        box.left = self.app.tr(UB("deck_left", count=self.summary.table.deck_left))
        box.ids.draw.text = self.app.tr(UB("draw"))
        box.ids.draw.bind(on_release=lambda _w: self.act("wind_card"))
        return box

    def _card_box(self) -> Widget:
        card = br.RULES.current_card(self.state) or ""
        return BrCardShown(
            card=card,
            title=self.app.tr(card_name(card)) if card else "",
            says=self.app.tr(UB(f"says_{card}")) if card else "",
        )

    def _favourable(self) -> Widget:
        """Each marker as it is, with a tap to turn it anticlockwise on its left and
        clockwise on its right."""
        box = Factory.BrPanelColumn()
        box.add_widget(self._card_box())
        for altitude, direction, turns in view.markers(self.state):
            row = Factory.BrMarkerRow()
            (left, after_left), (right, after_right) = turns
            row.add_widget(self._marker_tap(altitude, left, after_left))
            label = self.app.tr(UB("marker", altitude=altitude, direction=direction))
            short = self.app.tr(
                UB("marker", altitude=altitude, direction=direction_abbr(direction))
            )
            marker = BrMarker(altitude=altitude, direction=direction, label=label, short=short)
            row.add_widget(marker)
            row.add_widget(self._marker_tap(altitude, right, after_right))
            box.add_widget(row)
        return box

    def _marker_tap(self, altitude: int, way: str, after: str) -> MarkerTap:
        tap = MarkerTap(label=self.app.tr(direction_abbr(after)), way=way)
        tap.bind(on_release=lambda _w: self.act("favourable", altitude=altitude, rotate=way))
        return tap

    def _move_events(self) -> Widget:
        box = Factory.BrPanelColumn()
        box.add_widget(self._card_box())
        for kind, legal in view.events(self.state):
            # Not legal now: dimmed, yet a tap still sends it, so the rules say why.
            tap = BrEventTap(text=self.app.tr(UB(kind)), legal=legal)
            tap.bind(on_release=lambda _w, k=kind: self.act(k))
            box.add_widget(tap)
        return box

    # -- taps ----------------------------------------------------------------------
    def choose_altitude(self, rung: view.Reach) -> None:
        """A tap on the ladder: the rules turn the choice into release or land."""
        if self.model is None:
            return
        action = br.RULES.altitude_action(self.state, rung.altitude, rung.gas, rung.sandbags)
        if action is not None:
            fields = action.to_json()
            fields.pop("at", None)
            self.act(fields.pop("type"), **fields)


SCREEN = BallonrennenScreen  # the table screen its descriptor names (companion.games.GAMES)
