"""What Balmy Balloonists' table screen asks the rules, as pure functions of the
state (a mixin of the rules class, so the screen asks `RULES.targets(state)`)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.messages import Message
from companion.games.balmy_balloonists.board import can_swap
from companion.games.balmy_balloonists.model import (
    ALTITUDES,
    HIGH,
    LOW,
    MAX_IN_FRONT,
    CriticalMeasure,
    State,
    Storm,
)
from companion.games.balmy_balloonists.summary import (
    ChecklistStep,
    checklist,
    current_step,
    restriction_messages,
)


@dataclass(frozen=True)
class AltitudeChoice:
    """An altitude the current balloon may choose now and what it costs."""

    altitude: str
    token: str  # "ballast" to rise, "gas" to descend
    cost: int


@dataclass(frozen=True)
class AdvantageUse:
    """An advantage card the current player may use now, and the action for it."""

    card: str
    action: str  # "friendly_winds" or "swap_advantage"


class TableHelpers:
    """The current balloon, its altitude choices, where its card may go, the
    advantage cards it may use, the steps of its turn and its restrictions, and the
    variants' records."""

    def current_balloon(self, state: State) -> str | None:
        balloon = state.current_balloon
        return None if balloon is None else balloon.colour

    def altitude_choices(self, state: State) -> list[AltitudeChoice]:
        """The altitudes the current balloon may choose now, with their cost."""
        balloon = state.current_balloon
        if balloon is None or state.turn.altitude:
            return []
        choices = []
        for level in range(LOW, HIGH + 1):
            if level == balloon.level:
                continue
            if level > balloon.level:
                cost, token = level - balloon.level, "ballast"
                if state.turn.covers_no_rise or balloon.ballast < cost:
                    continue
            else:
                cost, token = balloon.level - level, "gas"
                if balloon.gas < cost:
                    continue
            choices.append(AltitudeChoice(ALTITUDES[level], token, cost))
        return choices

    def can_play_own(self, state: State) -> bool:
        balloon = state.current_balloon
        return (
            balloon is not None
            and state.turn.card is None
            and not state.turn.covers_no_own
            and balloon.hand > 0
            and balloon.in_front < MAX_IN_FRONT
        )

    def targets(self, state: State) -> list[str]:
        """The balloons the current balloon may play a card from in front onto."""
        balloon = state.current_balloon
        if balloon is None or state.turn.card is not None or balloon.in_front == 0:
            return []
        return [
            colour
            for colour in state.markers
            if state.balloon(colour).racing and state.balloon(colour).owner != balloon.owner
        ]

    def swap_sources(self, state: State) -> list[str]:
        """The balloons with a card in front that a swap may take."""
        if not self.usable_advantage(state) or not can_swap(state):
            return []
        return [b.colour for b in state.balloons if b.in_front > 0]

    def usable_advantage(self, state: State) -> list[AdvantageUse]:
        """The advantage cards the current player may use now."""
        balloon = state.current_balloon
        if balloon is None:
            return []
        held = state.player(balloon.owner).advantage
        uses = []
        if "friendly_winds" in held:
            uses.append(AdvantageUse("friendly_winds", "friendly_winds"))
        if can_swap(state):
            uses.extend(AdvantageUse(card, "swap_advantage") for card in dict.fromkeys(held))
        return uses

    def current_step(self, state: State) -> int | None:
        return current_step(state)

    def checklist(self, state: State) -> list[ChecklistStep]:
        """The six steps of the turn; steps 4 to 6 are done by the app at end_turn."""
        return checklist(state)

    def restrictions(self, state: State, colour: str | None = None) -> list[Message]:
        """What the restrictions on a balloon (default: the current one) mean."""
        if colour is None:
            balloon = state.current_balloon
            if balloon is None:
                return []
        else:
            balloon = state.balloon(colour)
        return restriction_messages(state, balloon)

    def storm_record(self, state: State) -> Storm | None:
        return state.storm

    def critical_measures_log(self, state: State) -> tuple[CriticalMeasure, ...]:
        return state.critical_log
