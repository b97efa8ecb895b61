"""Secret balloon cards, one player after another ("pass the Pi").

Reveal mode (the app dealt): the colour shows only while the player's finger is on
the screen, both colours side by side for a player who holds two balloons. Pick
mode (the table dealt): each player taps the colour(s) on their card, and sees what
they tapped (the card filled and framed, its name under the cards) before passing the
screen on; the next player sees none of it. A deal the table's adapter refuses (two
players tapped the same colour) is said without naming a colour, and tapped again
from the first player. The last player's "Start the race" starts it: no further
screen.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)

from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.core.terms import colours as colour_list
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.strings import UI
from companion.ui.tables import adapter
from companion.ui.widgets import Tap, sized


class PickCard(Tap):
    """A balloon card's colour to tap: a balloon of that colour on a dark card, and
    once chosen the whole card in the colour, framed and ticked (secret.kv)."""

    colour_hex = StringProperty(theme.PANEL)
    ink_hex = StringProperty(theme.TEXT)  # the words and the tick on the chosen card
    chosen = BooleanProperty(False)
    mark = NumericProperty(0)  # the balloon's (or the tick's) size

    def on_size(self, *_: object) -> None:
        self.mark = min(self.width * 0.6, self.height * 0.34)


class SecretScreen(AppScreen):
    mode = StringProperty("reveal")  # or "pick"
    index = NumericProperty(0)
    names = ListProperty([])
    seen = BooleanProperty(False)  # this player has looked (or picked)
    ready = BooleanProperty(False)
    prompt = ObjectProperty(None, allownone=True)
    hint = ObjectProperty(None, allownone=True)
    next_label = ObjectProperty(None, allownone=True)
    shown_text = StringProperty("")
    shown_hex = StringProperty(theme.PANEL)
    shown_hex2 = StringProperty(theme.PANEL)  # the second balloon's (or the same)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._pending: tuple[str, list[str], dict[str, Any]] | None = None
        self.picked: dict[str, list[str]] = {}
        self.per_player = 1
        self.colours: tuple[str, ...] = ()  # the cards a player may pick
        running_app().bind(lang=self._language)

    def _language(self, *_: object) -> None:
        """Messages re-render by themselves; colour names are words: say them again."""
        if self.index >= len(self.names):
            return
        if self.mode == "reveal" and running_app().model is not None:
            self._load_colours(self.names[self.index])
        elif self.mode != "reveal":
            self._build_picks()

    # -- starting ------------------------------------------------------------------
    def prepare(self) -> None:
        if self.mode == "reveal" and self._pending is None:
            model = running_app().model
            if model is not None:
                self.names = list(model.names)
                options = model.session.setup.options
                self.per_player = model.adapter.balloons_per_player(len(self.names), options)
        if self._pending is None:
            self.mode = "reveal"
        self.index = 0
        self._enter_player()

    def pick(self, game_id: str, names: list[str], options: dict[str, Any]) -> None:
        """The table dealt the cards: ask each player for theirs before the game starts."""
        self._pending = (game_id, names, options)
        table = adapter(game_id)
        self.per_player = table.balloons_per_player(len(names), options)
        self.colours = table.secret_colours
        self.names = names
        self.picked = {}
        self.mode = "pick"

    def _enter_player(self) -> None:
        self.seen = False
        self.ready = False
        if self.index >= len(self.names):
            return
        name = self.names[self.index]
        two = self.per_player > 1
        if self.mode == "reveal":
            self.prompt = UI("secret_hold_two" if two else "secret_hold", player=name)
            self._load_colours(name)
        else:
            self.prompt = UI("secret_pick_two" if two else "secret_pick", player=name)
            self.picked[name] = []
            self._build_picks()
        self.hint = None
        self.next_label = self._next_message()

    def _next_message(self) -> Message:
        if self.index + 1 < len(self.names):
            return UI("secret_pass", player=self.names[self.index + 1])
        return UI("secret_start")

    # -- reveal --------------------------------------------------------------------
    def _load_colours(self, name: str) -> None:
        app = running_app()
        colours = list(app.model.adapter.held(app.model.session)[name])
        words = [app.colour_name(c) for c in colours]
        self.shown_text = app.t("and", a=words[0], b=words[1]) if len(words) > 1 else words[0]
        self.shown_hex = theme.BALLOON_COLOURS.get(colours[0], theme.PANEL)
        self.shown_hex2 = theme.BALLOON_COLOURS.get(colours[-1], theme.PANEL)

    def held(self, holding: bool) -> None:
        if holding:
            self.seen = True
            self.hint = UI("secret_release_two" if self.per_player > 1 else "secret_release")
        elif self.seen:
            self.hint = UI("secret_picked")
            self.ready = True

    # -- pick ----------------------------------------------------------------------
    def _build_picks(self) -> None:
        grid = self.ids.picks
        grid.clear_widgets()
        app = running_app()
        name = self.names[self.index]
        for colour in self.colours:
            hex_colour = theme.BALLOON_COLOURS[colour]
            card = PickCard(
                text=app.colour_name(colour),
                colour_hex=hex_colour,
                ink_hex=theme.readable_on(hex_colour),
                chosen=colour in self.picked.get(name, []),
            )
            sized(card, 24 * app.scale)
            card.bind(on_release=lambda _w, c=colour: self.choose(c))
            grid.add_widget(card)

    def choose(self, colour: str) -> None:
        name = self.names[self.index]
        chosen = self.picked.setdefault(name, [])
        if colour in chosen:
            chosen.remove(colour)
        elif len(chosen) < self.per_player:
            chosen.append(colour)
        self.ready = len(chosen) == self.per_player
        self.seen = self.ready
        self.hint = self._tapped(chosen)
        self._build_picks()

    def _tapped(self, chosen: list[str]) -> Message | None:
        """What this player tapped, in words under the cards (theirs alone: the
        next player's screen starts without it)."""
        if not chosen:
            return None
        key = "secret_showing_two" if self.per_player > 1 else "secret_showing"
        return UI(key, colours=colour_list(chosen))

    # -- next ----------------------------------------------------------------------
    def next(self) -> None:
        if not self.ready:
            return
        if self.index + 1 >= len(self.names):
            self._start()  # the last player: the race starts now
            return
        if self.mode == "pick":
            self.ids.picks.clear_widgets()  # the next player must not see this choice
        self.index += 1
        self._enter_player()

    def _start(self) -> None:
        app = running_app()
        pending, self._pending = self._pending, None
        if pending is None:
            app.show(app.screen_for_model())
            return
        game_id, names, options = pending
        table = adapter(game_id)
        deal = {n: self.picked[n] for n in names}
        # Said to everyone: the table's words name no card (two players tapped the
        # same colour), the rules' would (and name the option).
        refusal = table.deal_refusal(deal)
        if refusal is not None:
            self._again(pending, refusal)
            return
        try:
            app.games.start_game(game_id, names, table.with_deal(options, deal), reveal=False)
        except CompanionError as error:  # the store could not keep the new game
            self._again(pending, error.message)

    def _again(self, pending: tuple[str, list[str], dict[str, Any]], why: Message) -> None:
        """The deal is tapped again from the first player, `why` said under the cards."""
        self.pick(*pending)
        self.index = 0
        self._enter_player()
        self.hint = why
