"""The end of an any-game: the points typed (`score`), the places given (`places`),
or `finish` (won or lost together, or the points a counter holds)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from companion.core.errors import RuleError
from companion.core.model import ActionBase
from companion.core.terms import listing, quoted
from companion.games.any_game import model as m
from companion.games.any_game.messages import M
from companion.games.any_game.turn import Handler


def _score(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.Score)
    options = state.options
    if options.scoring in ("places", "coop"):
        raise RuleError(M("score_places" if options.scoring == "places" else "score_coop"))
    counter = options.counter(options.score_from) if options.score_from else None
    if counter is not None:
        raise RuleError(M("score_counter", counter=counter.name))
    _check_names(state, action.points, "missing_points")
    if not options.categories:
        return state.model_copy(update={"over": True, "points": _plain_points(state, action)})
    sheets = {p.name: _sheet(state, p.name, action.points[p.name]) for p in state.players}
    points = {name: sum(sheet.values()) for name, sheet in sheets.items()}
    return state.model_copy(update={"over": True, "points": points, "sheets": sheets})


def _plain_points(state: m.State, action: m.Score) -> dict[str, int]:
    """Each player's points, one whole number each (a game without a score sheet)."""
    points: dict[str, int] = {}
    for player in state.players:  # in seating order
        given = action.points[player.name]
        if not isinstance(given, int):
            raise RuleError(M("sheet_unexpected", player=player.name))
        points[player.name] = given
    return points


def _sheet(state: m.State, player: str, given: int | dict[str, int]) -> dict[str, int]:
    """A player's line of the score sheet: a map naming every category and nothing
    else, in the categories' order."""
    if not isinstance(given, dict):
        raise RuleError(M("sheet_expected", player=player))
    ids = [c.id for c in state.options.categories]
    unknown = next((category for category in given if category not in ids), None)
    if unknown is not None:
        raise RuleError(M("sheet_unknown", player=player, category=unknown, ids=quoted(ids)))
    missing = [category for category in ids if category not in given]
    if missing:
        raise RuleError(M("sheet_missing", player=player, count=len(missing), ids=quoted(missing)))
    return {category: given[category] for category in ids}


def _places(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.Places)
    if state.options.scoring != "places":
        coop = state.options.scoring == "coop"
        raise RuleError(M("score_coop" if coop else "places_points"))
    _check_names(state, action.places, "missing_places")
    count = len(state.players)
    for player in state.players:
        place = action.places[player.name]
        if not 1 <= place <= count:
            raise RuleError(M("place_range", player=player.name, place=place, count=count))
    if not is_ranking(list(action.places.values())):
        shown = ", ".join(str(action.places[p.name]) for p in state.players)
        raise RuleError(M("places_gap", places=shown))
    return state.model_copy(update={"over": True, "places": dict(action.places)})


def is_ranking(places: list[int]) -> bool:
    """A standard competition ranking (1, 1, 3): each place is one more than the
    number of places before it."""
    seen = Counter(places)
    return all(place == 1 + sum(n for p, n in seen.items() if p < place) for place in seen)


def _finish(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.Finish)
    options = state.options
    if options.scoring == "coop":
        if action.won is None:
            raise RuleError(M("won_missing"))
        return state.model_copy(update={"over": True, "won": action.won})
    if action.won is not None:
        raise RuleError(M("won_not_coop"))
    if options.scoring == "places":
        raise RuleError(M("finish_places"))
    if options.score_from is None:
        raise RuleError(M("finish_points"))
    return state.model_copy(update={"over": True})


def _check_names(state: m.State, given: Mapping[str, object], missing_key: str) -> None:
    """`score` and `places` name every player, those out of the game too, and nobody
    else."""
    for name in given:
        state.player(name)
    missing = [p.name for p in state.players if p.name not in given]
    if missing:
        raise RuleError(M(missing_key, names=listing(missing)))


ENDINGS: dict[type[ActionBase], Handler] = {
    m.Score: _score,
    m.Places: _places,
    m.Finish: _finish,
}
