"""What Ballonrennen's table screen asks the rules, as pure functions of the state
(a mixin of the rules class, so the screen asks `RULES.phase(state)`)."""

from __future__ import annotations

from typing import Any

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.games.ballonrennen.messages import M
from companion.games.ballonrennen.model import Phase, Plain, Release, State
from companion.games.ballonrennen.setup import default_deck
from companion.games.ballonrennen.turn import after_release, release_problem


class TableHelpers:
    """The current player's step, what they may record now, the altitudes they can
    reach and what each costs, and the wind as it stands."""

    def phase(self, state: State) -> Phase:
        """The current player's step: choosing the altitude (and turning over the
        wind card), the pending Favourable wind, the move, or the race is over."""
        if state.over:
            return "over"
        if state.turn.card is None:
            return "altitude"
        if state.turn.favourable_pending:
            return "favourable"
        return "move"

    def legal_actions(self, state: State) -> list[str]:
        """Action types the current player may record now (`adjust` always)."""
        legal = ["adjust"]
        if state.over:
            return legal
        player = state.current_player
        phase = self.phase(state)
        if phase == "altitude":
            legal.append("wind_card")
            if any(combos != [(0, 0)] for _, combos in self.reachable_altitudes(state)):
                legal.insert(1, "release")
            if player.state == "flying":
                legal.insert(1, "land")
        elif phase == "favourable":
            legal.append("favourable")
        else:
            if player.state == "flying":
                if not player.mail_delivered:
                    legal.append("drop_mail")
                legal.append("forced_landing")
                if player.mail_delivered:
                    legal.append("reach_goal")
            elif player.state == "landed" and state.turn.landed and not player.mail_delivered:
                legal.append("drop_mail")
            legal.append("end_turn")
        return legal

    def reachable_altitudes(self, state: State) -> list[tuple[int, list[tuple[int, int]]]]:
        """For the current player in the altitude step: each altitude they can reach
        and every (gas, sandbags) release that gets there, cheapest first. `(0, 0)`
        means no tokens: staying, or `land` for altitude 0 in the air."""
        if state.over or state.turn.card is not None:
            return []
        player = state.current_player
        if player.state == "landed" and state.turn.landed:
            return [(0, [(0, 0)])]
        reach: dict[int, list[tuple[int, int]]] = {}
        for gas in range(player.gas + 1):
            for sandbags in range(player.sandbags + 1):
                if release_problem(player, sandbags, gas, check_counts=False) is not None:
                    continue
                if gas == sandbags == 0:
                    continue
                altitude = after_release(player, sandbags, gas).altitude
                reach.setdefault(altitude, []).append((gas, sandbags))
        reach.setdefault(player.altitude, []).insert(0, (0, 0))
        if player.state == "flying":
            reach.setdefault(0, []).insert(0, (0, 0))
        return [
            (altitude, sorted(set(combos), key=lambda c: (c[0] + c[1], c)))
            for altitude, combos in sorted(reach.items())
        ]

    def altitude_action(
        self, state: State, altitude: int, gas: int, sandbags: int
    ) -> ActionBase | None:
        """The action for a choice from `reachable_altitudes` (None: nothing to record)."""
        if gas or sandbags:
            return Release(gas=gas, sandbags=sandbags)
        if altitude == 0 and state.current_player.state == "flying":
            return Plain(type="land")
        return None

    def current_card(self, state: State) -> str | None:
        """The wind card of the current turn, once turned over."""
        return state.turn.card

    def current_move(self, state: State) -> dict[str, Any] | None:
        """`table.move`: the player, altitude, direction and spaces of this turn."""
        return state.turn.move.model_dump() if state.turn.move else None

    def winds(self, state: State) -> dict[str, str]:
        return {str(a): state.wind(a) for a in (1, 2, 3)}

    def deck_note(self, state: State) -> Message | None:
        """Said wherever the app's default deck is used: its split is ours."""
        return M("p_deck_ours") if state.app_deck and default_deck(state) else None

    def paired_canister(self, state: State, name: str) -> bool:
        """Does the player still keep a gas canister paired with the mail sack?"""
        return state.player(name).mail_sack > 0
