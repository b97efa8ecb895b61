"""Long games of each game, made up by random taps that the rules accept: the files
`make bench` replays and resumes, and the games the checkpoint's tests fold.

A game here never ends: a tap that would end it is left out, so every kind of
action stays in play to the last one (a game that ended early would be a log of
corrections). What the rules refuse is left out too, as the app never stores it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion import files, games
from companion.core.errors import CompanionError
from companion.core.model import ActionBase, GameSetup, PlayerSpec
from companion.games import balmy_balloonists as bb
from companion.games.ballonrennen import CARDS

GAMES = ("wyscig-balonow", "ballonrennen", "balmy-balloonists")
STUCK = 200  # proposals refused in a row: the walk falls back to a correction

Raw = dict[str, Any]
Propose = Callable[[random.Random, Any], Raw]

_WYSCIG_PLAIN = ("end_turn", "end_turn", "start_timer", "place_obstacle", "place_obstacle", "mail")
_RENNEN_PLAIN = ("land", "drop_mail", "forced_landing", "end_turn", "end_turn", "end_turn")
_BALMY_PLAIN = ("end_turn",) * 6 + ("play_own",) * 3 + ("friendly_winds", "play_storm")


def _wyscig(rng: random.Random, state: Any) -> Raw:
    roll = rng.randrange(10)
    if roll < 5:
        return {"type": rng.choice(_WYSCIG_PLAIN)}
    if roll == 5:
        return {"type": "dice", "values": [rng.randint(1, 6) for _ in range(5)]}
    if roll == 6:
        return {"type": "timer_expired", "unplaced": rng.randint(0, 2)}
    if roll == 7:
        return {"type": "penalty", "count": rng.randint(1, 2)}
    name = rng.choice([p.name for p in state.players])
    return {"type": "adjust", "player": name, "token": "mail", "delta": rng.choice((-1, 1))}


def _ballonrennen(rng: random.Random, state: Any) -> Raw:
    roll = rng.randrange(10)
    if roll < 3:
        return {"type": rng.choice(_RENNEN_PLAIN)}
    if roll < 6:
        return {"type": "wind_card", "card": rng.choice(CARDS)}
    if roll < 8:
        return {"type": "release", "sandbags": rng.randint(0, 2), "gas": rng.randint(0, 2)}
    if roll == 8:
        rotate = rng.choice(("cw", "ccw"))
        return {"type": "favourable", "altitude": rng.randint(1, 3), "rotate": rotate}
    name = rng.choice([p.name for p in state.players])
    token = rng.choice(("gas", "sandbags"))
    return {"type": "adjust", "player": name, "token": token, "delta": rng.choice((-1, 1, 2))}


def _balmy(rng: random.Random, state: Any) -> Raw:
    roll = rng.randrange(12)
    colours = [b.colour for b in state.balloons]
    if roll < 4:
        return {"type": rng.choice(_BALMY_PLAIN)}
    if roll < 7:
        return {"type": "play_other", "target": rng.choice(state.markers)}
    if roll == 7:
        return {"type": "altitude", "to": rng.choice(bb.ALTITUDES[1:])}
    if roll == 8:
        return {"type": "restricted_zone", "zone": rng.choice(("libya", "iraq", "area51"))}
    if roll == 9:
        return {
            "type": "swap_advantage",
            "card": rng.choice(bb.ADVANTAGE_CARDS),
            "from": rng.choice(colours),
        }
    token = rng.choice(("fuel", "gas", "ballast"))
    return {
        "type": "adjust",
        "balloon": rng.choice(colours),
        "token": token,
        "delta": rng.choice((-1, 1, 2)),
    }


PROPOSE: dict[str, Propose] = {
    "wyscig-balonow": _wyscig,
    "ballonrennen": _ballonrennen,
    "balmy-balloonists": _balmy,
}
NAMES = ("Ola", "Jan", "Ewa", "Bo")
OPTIONS: dict[str, dict[str, Any]] = {"ballonrennen": {"wind_deck": "table"}}


def setup(game: str, seed: int = 1, players: int = 3) -> GameSetup:
    return GameSetup(
        game=game,
        seed=seed,
        players=tuple(PlayerSpec(name=n) for n in NAMES[:players]),
        options=OPTIONS.get(game, {}),
    )


def actions(game: str, count: int, seed: int = 1, players: int = 3) -> list[ActionBase]:
    """`count` actions the rules accept, one after another, none ending the game."""
    rules = games.get(game)
    start = setup(game, seed, players)
    state = rules.setup(start.players, rules.parse_options(start.options, start.players), seed)
    rng = random.Random(seed)
    propose = PROPOSE[game]
    out: list[ActionBase] = []
    refused = 0
    while len(out) < count:
        raw = propose(rng, state) if refused < STUCK else _correction(game, state)
        try:
            action = rules.parse_action(raw)
            after = rules.apply(state, action)
        except CompanionError:
            refused += 1
            continue
        if after.over:
            refused += 1
            continue
        refused = 0
        state = after
        out.append(action)
    return out


def _correction(game: str, state: Any) -> Raw:
    if game == "balmy-balloonists":
        return {"type": "adjust", "balloon": state.balloons[0].colour, "token": "fuel", "delta": 1}
    token = "mail" if game == "wyscig-balonow" else "gas"
    return {"type": "adjust", "player": state.players[0].name, "token": token, "delta": 1}


def game_file(game: str, count: int, seed: int = 1, players: int = 3) -> dict[str, Any]:
    """A game file (docs/game-file.md) of `count` actions."""
    return files.to_json(setup(game, seed, players), actions(game, count, seed, players))
