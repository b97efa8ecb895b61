"""Long games of every registered game, made up by random taps that the rules take:
the files `make bench` replays and resumes, and the games the checkpoint's tests fold.

Each tap is drawn from the rules' own answer to "what may be done now?"
(`rules.legal(state)`, python-chess's `legal_moves`): an action type of the moment at
random, then one of its choices, so that corrections (a choice per player, count and
sign) do not crowd out the game's own actions. Only the drawn choice is judged (the
rules apply it once), not every choice of the moment: a 100,000-action file stays
quick to make. What the rules refuse is drawn again, as the app never stores it.

A game here never ends: a tap that would end it is left out, and so is one after
which the end of the turn would end it (a balloon landed), so every kind of action
stays in play to the last one (a game that ended early, or stuck in its last turn,
would be a log of corrections). Nothing here names a game: a new one is played by
being registered.
"""

from __future__ import annotations

import random
from typing import Any

from companion import files, games
from companion.core.errors import CompanionError
from companion.core.legal import Legal
from companion.core.model import ActionBase, GameSetup, PlayerSpec
from companion.core.rules import Rules
from tests.games.setups import plain_options

DRAWS = 200  # choices drawn in a row without one taken: then every choice is judged
CLOSING = 20  # taken choices after which the turn's end would end the game, in a row
END_TURN = "end_turn"  # the contract's end of a turn (docs/game-file.md)
NAMES = ("Ola", "Jan", "Ewa", "Bo")


def setup(game: str, seed: int = 1, players: int = 3) -> GameSetup:
    """`game` with its rules' default options, else (an option without one: a title)
    those of its first golden file."""
    names = NAMES[:players]
    specs = tuple(PlayerSpec(name=n) for n in names)
    return GameSetup(game=game, seed=seed, players=specs, options=plain_options(game, names))


def actions(game: str, count: int, seed: int = 1, players: int = 3) -> list[ActionBase]:
    """`count` actions the rules take, one after another, none ending the game."""
    rules = games.get(game)
    start = setup(game, seed, players)
    state = rules.setup(start.players, rules.parse_options(start.options, start.players), seed)
    rng = random.Random(seed)
    out: list[ActionBase] = []
    while len(out) < count:
        legal = rules.legal(state)
        action = _tap(rng, rules, legal)
        state = legal.after(action)
        out.append(action)
    return out


def _tap(rng: random.Random, rules: Rules[Any], legal: Legal[Any]) -> ActionBase:
    """A choice of the moment that the rules take and that keeps the game going."""
    by_type: dict[str, list[ActionBase]] = {}
    for choice in legal.choices:
        by_type.setdefault(choice.type_name, []).append(choice)
    kinds = sorted(by_type)
    ender = by_type.get(END_TURN, [None])[0]
    open_end: list[ActionBase] = []  # taken, but the end of the turn after would end it
    for _ in range(DRAWS):
        action = rng.choice(by_type[rng.choice(kinds)])
        if not _continues(rules, legal, action, None):
            continue
        if _continues(rules, legal, action, ender):
            return action
        open_end.append(action)
        if len(open_end) == CLOSING:  # the game's last turn: its end ends the game
            return open_end[0]
    # Every choice judged: one that keeps the turn's end open, else (the game's last
    # turn: its end would end the game whatever is done) one that does not end it now.
    taken = [a for a in legal.choices if _continues(rules, legal, a, ender)] or [
        a for a in legal.choices if _continues(rules, legal, a, None)
    ]
    if not taken:
        raise RuntimeError("the rules take no choice that keeps the game going")
    return rng.choice(taken)


def _continues(
    rules: Rules[Any], legal: Legal[Any], action: ActionBase, ender: ActionBase | None
) -> bool:
    """Taken, not ending the game, and the end of the turn after it would not either."""
    try:
        after = legal.after(action)
    except CompanionError:
        return False
    if after.over:
        return False
    if ender is None or action.type_name == END_TURN:
        return True
    try:
        return not rules.apply(after, ender).over
    except CompanionError:
        return True  # the turn cannot end yet: it does not end the game either


def game_file(game: str, count: int, seed: int = 1, players: int = 3) -> dict[str, Any]:
    """A game file (docs/game-file.md) of `count` actions."""
    return files.to_json(setup(game, seed, players), actions(game, count, seed, players))
