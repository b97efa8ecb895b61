"""The Balmy Balloonists table's tabs, one class each: the altitude ladder, the
cards, the luck cards, the board's events, the six steps and every balloon. Each
`build(state)` fills its page from the rules' helpers and the view functions (a
button the rules would refuse now is greyed, and a line says why); a tap sends an
action through the screen (or opens one of its questions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kivy.factory import Factory
from kivy.properties import ObservableDict
from kivy.uix.widget import Widget

from companion.core.messages import Message
from companion.games import balmy_balloonists as bb
from companion.ui import theme
from companion.ui.tables.balmy import effects, view
from companion.ui.tables.balmy.text import T, altitude_name, balloon_hex, card_name, zone_name
from companion.ui.tables.balmy.widgets import (
    BalmyChoice,
    BalmyLevel,
    BalmyOverviewRow,
    BalmyStep,
)
from companion.ui.widgets import sized

if TYPE_CHECKING:
    from companion.ui.tables.balmy.screen import BalmyScreen


class Tab:
    def __init__(self, screen: BalmyScreen) -> None:
        self.screen = screen

    @property
    def ids(self) -> ObservableDict:
        return self.screen.ids

    def tap(self, text: str, then: Callable[..., object]) -> Widget:
        tap = sized(Factory.Tap(text=text), 16 * self.screen.app.scale)
        tap.bind(on_release=lambda _w: then())
        return tap

    def build(self, state: bb.State) -> None:
        raise NotImplementedError


class LadderTab(Tab):
    def build(self, state: bb.State) -> None:
        screen = self.screen
        box = self.ids.ladder
        box.clear_widgets()
        for rung in view.ladder(screen.tr, state):
            row = BalmyLevel(
                level=screen.tr(altitude_name(rung.altitude)),
                cost=rung.cost,
                current=rung.current,
                allowed=rung.allowed,
                token=rung.token,
                swatch=theme.rgba(screen.balloon_hex),
            )
            row.bind(on_release=lambda _w, a=rung.altitude: screen.act("altitude", to=a))
            box.add_widget(row)
        box = self.ids.restrictions
        box.clear_widgets()
        messages = bb.RULES.restrictions(state)
        if not messages:
            messages = [T("no_restrictions", colour=state.active.colour)]
        for message in messages:
            box.add_widget(Factory.BalmyNote(text=screen.tr(message)))


class CardsTab(Tab):
    def build(self, state: bb.State) -> None:
        ids = self.ids
        ids.play_own.enabled = bb.RULES.can_play_own(state)
        ids.swap.enabled = bool(bb.RULES.swap_sources(state))
        waiting = view.unrecorded(state)
        ids.record.opacity = 1 if waiting else 0
        ids.record.disabled = not waiting
        ids.record.size_hint_x = 1 if waiting else 0.001
        self._targets(state)
        self._advantage(state)

    def _targets(self, state: bb.State) -> None:
        screen = self.screen
        box = self.ids.targets
        box.clear_widgets()
        targets = bb.RULES.targets(state)
        for colour in targets:
            owner = state.balloon(colour).owner
            text = screen.tr(T("balloon_of", player=owner, colour=colour))
            tap = self.tap(text, lambda c=colour: screen.act("play_other", target=c))
            tap.bg = theme.rgba(balloon_hex(colour))
            tap.fg = theme.rgba(theme.readable_on(balloon_hex(colour)))
            box.add_widget(tap)
        if not targets:
            box.add_widget(Factory.Dim(text=screen.tr(view.no_targets(state))))
        if state.variants.storm and state.storm is not None:
            box.add_widget(self.tap(screen.tr(T("storm_play")), lambda: screen.act("play_storm")))

    def _advantage(self, state: bb.State) -> None:
        """What the player holds, in words; a button only for what a tap does."""
        screen = self.screen
        box = self.ids.advantage
        box.clear_widgets()
        self.ids.advantage_title.text = screen.tr(view.advantage_line(state))
        uses = {u.action for u in bb.RULES.usable_advantage(state)}
        if "friendly_winds" in uses:
            text = screen.tr(T("use_card", card="friendly_winds"))
            box.add_widget(self.tap(text, lambda: screen.act("friendly_winds")))
        target = state.turn.card_target
        if state.variants.critical_measures and state.turn.card == "other" and target:
            text = screen.tr(T("critical", colour=target))
            box.add_widget(self.tap(text, lambda: screen.act("critical_measures", balloon=target)))


class LuckTab(Tab):
    def build(self, state: bb.State) -> None:
        screen = self.screen
        self.ids.luck_title.text = screen.tr(self.title(state))
        offered = view.luck_offered(state)
        grid = self.ids.luck
        grid.clear_widgets()
        for card in view.LUCK_CARDS:
            tap = self.tap(screen.tr(card_name(card)), lambda c=card: screen.asks.luck(c))
            tap.enabled = offered[card]
            grid.add_widget(tap)

    @staticmethod
    def title(state: bb.State) -> Message:
        """On whom the "?" brings bad luck, or why it brings none now."""
        if state.turn.card is None:
            return T("luck_no_card")
        refusal = view.luck_refusal(state)
        if refusal is not None:
            return refusal
        return T("luck_on", colour=view.luck_target(state))


class BoardTab(Tab):
    def build(self, state: bb.State) -> None:
        screen = self.screen
        targets = view.event_targets(state)
        if screen.event_target not in targets:
            screen.event_target = state.active.colour
        box = self.ids.event_for
        box.clear_widgets()
        for colour in targets:
            choice = sized(BalmyChoice(text=screen.colour(colour)), 16 * screen.app.scale)
            choice.hex = balloon_hex(colour)
            choice.active = colour == screen.event_target
            choice.bind(on_release=lambda _w, c=colour: self.choose(c))
            box.add_widget(choice)
        self._zones(state)
        self.ids.finish.enabled = view.finish_refusal(state) is None
        self._storm(state)

    def _zones(self, state: bb.State) -> None:
        """The zones and mountains the balloon may meet; none while it is landed."""
        screen = self.screen
        zones = self.ids.zones
        zones.clear_widgets()
        refusal = view.event_refusal(state, screen.event_target)
        self.ids.brown.enabled = self.ids.white.enabled = refusal is None
        self.ids.zones_heading.opacity = 1 if refusal is None else 0
        if refusal is not None:
            landed = state.balloon(screen.event_target).altitude == "landed"
            why = T("event_landed", colour=screen.event_target) if landed else refusal
            zones.add_widget(Factory.BalmyNote(text=screen.tr(why), size_hint_y=1))
            return
        for zone in view.ZONES:
            text = screen.tr(zone_name(zone))
            zones.add_widget(self.tap(text, lambda z=zone: self.event("restricted_zone", zone=z)))

    def choose(self, colour: str) -> None:
        self.screen.event_target = colour
        self.build(self.screen.state)

    def event(self, action: str, **fields: object) -> None:
        """A zone or a mountain: for the current balloon, or the one moved there."""
        target = self.screen.event_target
        if target and target != self.screen.state.active.colour:
            fields["target"] = target
        self.screen.act(action, **fields)

    def _storm(self, state: bb.State) -> None:
        box = self.ids.storm
        box.clear_widgets()
        if not state.variants.storm:
            return
        asks = self.screen.asks
        key, opener = ("storm_place", asks.place_storm)
        if state.storm is not None:
            key, opener = ("storm_weather", asks.storm_weather)
        box.add_widget(self.tap(self.screen.tr(T(key)), opener))


class StepsTab(Tab):
    def build(self, state: bb.State) -> None:
        screen = self.screen
        box = self.ids.steps
        box.clear_widgets()
        for step in bb.RULES.checklist(state):
            text = screen.tr(view.unmarked(step.message)).strip()
            box.add_widget(BalmyStep(text=text, status=step.status))
        upkeep = effects.last_upkeep(screen.model.session)
        if upkeep is not None:
            box.add_widget(Factory.BalmyNote(text=screen.tr(upkeep)))


class BalloonsTab(Tab):
    def build(self, state: bb.State) -> None:
        screen = self.screen
        table = screen.model.summary["table"]
        markers = table.get("markers", [])
        rose = self.ids.rose
        rose.points = view.rose_points(state, screen.colour)
        rose.markers = list(markers)
        rose.current = state.active.colour
        box = self.ids.overview
        box.clear_widgets()
        for balloon in table.get("balloons", []):
            box.add_widget(self._row(balloon, table.get("current_balloon")))

    def _row(self, balloon: dict[str, Any], current: str | None) -> Widget:
        screen = self.screen
        colour = balloon["colour"]
        row = BalmyOverviewRow(
            colour=colour,
            title=f"{screen.colour(colour)} · {balloon['owner']}",
            altitude=screen.tr(altitude_name(balloon["altitude"])),
            swatch=theme.rgba(balloon_hex(colour)),
            current=colour == current,
            fuel=balloon["tokens"]["fuel"],
            gas=balloon["tokens"]["gas"],
            ballast=balloon["tokens"]["ballast"],
            cards=f"{balloon['hand']}/{balloon['in_front']}",
            badges="  ".join(screen.tr(m) for m in view.badges(screen.state, colour)),
        )
        row.bind(on_release=lambda w: screen.open_correction(w.colour))
        return row
