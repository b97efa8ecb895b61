"""What the Balmy Balloonists table screen needs that the rules do not say: the
adapter (GO, the optional turn timer, seat colours, new-game options), the screen's
own strings, the balloon colours, and plain readings of the state for display
(what the upkeep took, which balloons an event may name). No Kivy here, and no rule
decisions: the screen sends actions and the rules accept or refuse them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from companion.core.messages import Catalog, Message
from companion.core.session import Session
from companion.games import balmy_balloonists as bb
from companion.ui.tables.base.adapter import TIMER_KEY, GoKind, OptionField, TableAdapter

# Okabe-Ito where the palette has the colour; Okabe-Ito's "reddish purple" for
# purple, and white/grey for the sixth balloon. Always shown with the name.
BALLOON_HEX: dict[str, str] = {
    "red": "#D55E00",
    "yellow": "#F0E442",
    "green": "#009E73",
    "blue": "#0072B2",
    "purple": "#CC79A7",
    "white": "#E0E0E0",
}
TOKEN_HEX = {"fuel": "#E0504A", "gas": "#F0E442", "ballast": "#8C8C8C"}

LUCK_CARDS: tuple[str, ...] = get_args(bb.LuckCard)
# What the luck dialog asks for each card (the rules check the fields again).
LUCK_ASKS: dict[str, tuple[str, ...]] = {
    "busy_airspace": ("over_mountains",),
    "burner_problems": ("over_mountains",),
    "permission_revoked": ("permission",),
    "bad_weather": ("levels", "backward"),
}
PERMISSIONS = ("permission_iraq", "permission_libya", "permission_china", "permission_sakhalin")
ADVANTAGE_CHOICES = bb.ADVANTAGE_CARDS
ZONES = ("libya", "iraq", "sakhalin", "china", "area51")
WEATHER_LEVELS = (-2, -1, 0, 1, 2)

T = Catalog(
    "ui_balmy",
    {
        # new game
        "opt_timer": "Turn timer",
        "opt_balloons": "Balloons each",
        "one_each": "one",
        "two_each": "two",
        "opt_start": "Starts",
        "opt_fair_weather": "Fair weather",
        "opt_critical": "Critical measures",
        "opt_storm": "Storm",
        "opt_variants": "Variants",
        # the table
        "balloon": "{colour} balloon",
        "balloon_of": "{player}: {colour} balloon",
        "tab_altitude": "Altitude",
        "tab_cards": "Cards",
        "tab_luck": "Luck ?",
        "tab_board": "Board",
        "tab_steps": "Steps",
        "tab_balloons": "Balloons",
        "fuel": "fuel",
        "gas": "helium",
        "ballast": "ballast",
        "hand": "hand",
        "in_front": "in front",
        "alt_landed": "landed",
        "alt_low": "low",
        "alt_medium": "medium",
        "alt_high": "high",
        "now": "now",
        "cost": "{cost} {token}",
        "not_now": "not now",
        "no_restrictions": "No restrictions on the {colour} balloon",
        "play_own": "Play a card on my balloon",
        "play_other": "Play a card from in front onto:",
        "no_targets": "No marked balloon can take a card now",
        "advantage_held": "{player}'s advantage cards:",
        "advantage_none": "{player} holds no advantage card",
        "swap": "Swap an advantage card",
        "swap_card": "Discard which advantage card?",
        "swap_from": "Take a card from in front of which balloon?",
        "record_advantage": "Record advantage cards",
        "advantage_pick": "{player}: tap the two advantage cards dealt",
        "later": "Later",
        "clear": "Start again",
        "luck_on": 'The "?" of the card just played: bad luck on the {colour} balloon',
        "luck_no_card": 'Play a local wind card with a "?" first',
        "luck_apply": "Bad luck!",
        "luck_title": "{card} on the {colour} balloon",
        "repair": "Repair it ({player}'s repair card)",
        "over_mountains": "over mountains",
        "backward": "blown back",
        "levels_q": "Levels up (+) or down (-)",
        "yes": "yes",
        "no": "no",
        "zones": "Restricted zone entered:",
        "mountains": "Mountains crossed:",
        "brown": "brown",
        "white": "white",
        "event_for": "Which balloon:",
        "finish": "Crossed the finish line",
        "friendly_winds": "Friendly winds used",
        "critical": "Critical measures: {colour} answers",
        "storm_place": "Place the storm",
        "storm_play": "Play a card on the storm",
        "storm_weather": "Storm met a balloon",
        "storm_where": "Where, from Sakhalin's zone?",
        "storm_who": "Which balloon decides (the last)?",
        "storm_hit": "Which balloon met the storm?",
        "above": "above",
        "on_zone": "on",
        "below": "below",
        "upkeep": "Upkeep of the {colour} balloon: {took}",
        "upkeep_nothing": "Upkeep of the {colour} balloon: nothing to pay",
        "took_fuel": "-{count} fuel",
        "took_sank": "sank to {altitude}",
        "took_card": "drew a card",
        "marker": "marker",
        "current": "now",
        "finished": "finished",
        "out": "out",
        "b_skip": "skips {count}",
        "b_no_own": "no own card {count}",
        "b_no_rise": "no rise",
        "b_no_forward": "no forward",
        "rose": "Wind rose: the silver markers",
        "go_start": "Start the turn timer",
        # card names
        "friendly_winds_card": "Friendly winds",
        "permission_iraq": "Permission Iraq",
        "permission_libya": "Permission Libya",
        "permission_china": "Permission China",
        "permission_sakhalin": "Permission Sakhalin",
        "repair_card": "Repair",
        "envelope_torn": "Envelope torn",
        "solar_panels_lost": "Solar panels lost",
        "comm_problems": "Communication problems",
        "fire": "Fire",
        "busy_airspace": "Busy airspace",
        "burner_problems": "Burner problems",
        "permission_revoked": "Permission revoked",
        "bad_weather": "Bad weather",
        "zone_libya": "Libya",
        "zone_iraq": "Iraq",
        "zone_sakhalin": "Sakhalin",
        "zone_china": "China",
        "zone_area51": "Area 51",
    },
)

_CARD_KEYS = {"friendly_winds": "friendly_winds_card", "repair": "repair_card"}


def card_name(card: str) -> Message:
    """An advantage or luck card's name."""
    return T(_CARD_KEYS.get(card, card))


def label(key: str) -> str:
    """The full message key of one of this catalog's labels (for `OptionField`)."""
    return T(key).key


def balloon_hex(colour: str) -> str:
    return BALLOON_HEX.get(colour, "#E0E0E0")


def altitude_name(altitude: str) -> Message:
    return T(f"alt_{altitude}")


# -- readings of the state, for display ----------------------------------------------


def state_of(session: Session) -> bb.State:
    state: bb.State = session.state
    return state


@dataclass(frozen=True)
class Upkeep:
    """What the app's upkeep (steps 4 to 6) took from the balloon whose turn ended."""

    colour: str
    fuel: int  # fuel paid
    sank_to: str | None  # the altitude it sank to, if it sank
    drew: bool  # drew a local wind card


def last_upkeep(session: Session) -> Upkeep | None:
    """The upkeep of the last `end_turn`, read by comparing that balloon before and
    after it; None when the last action was something else."""
    log = session.log
    if not log or log[-1].type != "end_turn":  # type: ignore[attr-defined]
        return None
    before: bb.State = session.state_at(len(log) - 1)
    old = before.active
    new = session.state.balloon(old.colour)
    sank = new.altitude if new.level < old.level else None
    return Upkeep(old.colour, old.fuel - new.fuel, sank, new.hand > old.hand)


def event_targets(state: bb.State) -> list[str]:
    """The balloons a zone or mountain may name now: the current one, and the one this
    turn's card from in front moved (the rules refuse any other)."""
    if state.over:
        return []
    found = [state.active.colour]
    turn = state.turn
    if turn.card == "other" and turn.card_target and turn.card_target not in found:
        found.append(turn.card_target)
    return found


def luck_target(state: bb.State) -> str | None:
    """The balloon this turn's card was played on (a "?" hits it), if any."""
    if state.over or state.turn.card is None or state.turn.card == "storm":
        return None
    return state.turn.card_target


def holds_repair(state: bb.State, colour: str) -> bool:
    return "repair" in state.player(state.balloon(colour).owner).advantage


def unrecorded(state: bb.State) -> list[str]:
    """Players whose two dealt advantage cards are not recorded yet, in seat order."""
    return [p.name for p in state.players if not p.advantage_recorded]


def badges(balloon: Mapping[str, Any], markers: Sequence[str]) -> list[Message]:
    """Short badges of one balloon of the summary: finished/out, marker, restrictions."""
    found: list[Message] = []
    if balloon["finished"]:
        found.append(T("finished"))
    if balloon["out"]:
        found.append(T("out"))
    if balloon["colour"] in markers:
        found.append(T("marker"))
    if balloon["skip_turns"]:
        found.append(T("b_skip", count=balloon["skip_turns"]))
    if balloon["no_own_card_turns"]:
        found.append(T("b_no_own", count=balloon["no_own_card_turns"]))
    if balloon["no_rise_next_turn"]:
        found.append(T("b_no_rise"))
    if balloon["no_forward_next_turn"]:
        found.append(T("b_no_forward"))
    return found


# -- the adapter -----------------------------------------------------------------------


def _options() -> tuple[OptionField, ...]:
    return (
        OptionField(
            TIMER_KEY, label("opt_timer"), "seconds", 0, step=15, maximum=300, app_only=True
        ),
        OptionField(
            "balloons_per_player",
            label("opt_balloons"),
            "choice",
            2,
            ((2, label("two_each")), (1, label("one_each"))),
            max_players=3,
        ),
        OptionField("start", label("opt_start"), "player", None),
        OptionField(
            "variants",
            label("opt_variants"),
            "flags",
            (),
            (
                ("fair_weather", label("opt_fair_weather")),
                ("critical_measures", label("opt_critical")),
                ("storm", label("opt_storm")),
            ),
        ),
    )


class BalmyAdapter(TableAdapter):
    game_id = bb.GAME_ID
    screen = "balmy"
    options = _options()

    def go(self, session: Session) -> GoKind:
        return "none" if state_of(session).over else "end_turn"

    def timed_turn(self, session: Session, app_options: Mapping[str, Any]) -> bool:
        return not state_of(session).over and self.timer_seconds(session, app_options) > 0

    def glass_turn(self, session: Session) -> int | None:
        state = state_of(session)
        return None if state.over else state.turn.number

    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        # A player's first balloon takes the palette colour of their seat.
        return [(c, balloon_hex(c)) for c in bb.PALETTE[: len(names)]]

    def balloons_per_player(self, count: int, options: Mapping[str, Any]) -> int:
        return bb.balloons_per_player(bb.Options.model_validate(dict(options)), count)


ADAPTER = BalmyAdapter()
