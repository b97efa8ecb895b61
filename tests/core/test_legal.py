"""Every registered game's rules say what may be done now (`Rules.legal`, as
python-chess's `legal_moves`): what they list they take, a table is never left with
nothing to do before the game is decided, and an action judged there is not applied
a second time when it is sent (issue 32.1)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion import games
from companion.core.legal import Legal
from companion.core.model import GameSetup
from companion.core.session import Session
from tests.games.setups import golden_setups


class Counted:
    """A game's rules, counting its `apply` calls."""

    def __init__(self, rules: Any) -> None:
        self.rules, self.applied = rules, 0
        self.last: Legal[Any] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def apply(self, state: Any, action: Any) -> Any:
        self.applied += 1
        return self.rules.apply(state, action)

    def legal(self, state: Any) -> Legal[Any]:
        """As the rules' own: one `Legal` for the last state, judging with the counted
        `apply`."""
        if self.last is None or self.last.state is not state:
            self.last = Legal(state, self.rules.parts.choices, self.apply)
        return self.last


SETUPS = golden_setups()


@pytest.mark.parametrize(("name", "setup"), SETUPS, ids=[name for name, _ in SETUPS])
@pytest.mark.parametrize("seed", range(3))
def test_a_game_played_from_what_its_rules_call_legal(name: str, setup: GameSetup, seed: int):
    rules = games.get(setup.game)
    session = Session(rules, setup)
    pick = random.Random(seed)
    for _ in range(80):
        legal = session.legal()
        for action in legal.actions:  # fresh rules, nothing kept: they take each
            rules.apply(session.state, action)
        playing = [a for a in legal.actions if a.type_name not in ("adjust", "advantage")]
        if session.decided:
            break
        assert playing, f"{name}: nothing but corrections is legal before the end"
        session.apply(pick.choice(playing))
    assert len(session) > 0


@pytest.mark.parametrize(("name", "setup"), SETUPS, ids=[name for name, _ in SETUPS])
def test_an_action_judged_legal_is_applied_once(name: str, setup: GameSetup):
    counted = Counted(games.get(setup.game))
    session: Session[Any] = Session(counted, setup)  # type: ignore[arg-type]
    for _ in range(10):
        legal = session.legal()
        playing = [a for a in legal.actions if a.type_name != "adjust"]
        if not playing:
            break
        chosen = playing[-1]
        assert legal.allows(chosen)  # judged already: the list was made by judging
        before = counted.applied
        # Sent as a table sends it, with the moment it was recorded.
        session.apply(chosen.model_copy(update={"at": "2026-01-01T00:00:00Z"}))
        assert counted.applied == before, name
