"""What each table's adapter answers for the generic code (the view-model, the new
game, the secret balloons, play again), from the game's own rules: no generic code
knows a game."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from companion import games
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.games import ballonrennen as br
from companion.ui.strings import UI
from companion.ui.tables import adapter, tables
from companion.ui.tables.base.adapter import TableAdapter
from companion.ui.tables.base.go import END_TURN, START_GLASS, Send
from tests.tables.helpers import EN, act, in_play, session

WYSCIG = adapter("wyscig-balonow")
BALLONRENNEN = adapter("ballonrennen")
BALMY = adapter("balmy-balloonists")


def test_an_unknown_game_is_the_games_own_error() -> None:
    with pytest.raises(CompanionError, match='unknown game "chess"'):
        adapter("chess")


def test_every_game_has_one_table_with_the_screen_its_descriptor_names() -> None:
    assert list(tables()) == games.game_ids()
    assert [t.screen for t in tables().values()] == [g.screen for g in games.GAMES]
    assert [t.game_id for t in tables().values()] == games.game_ids()


def test_only_wyscig_takes_a_roll_of_five_dice() -> None:
    assert (WYSCIG.dice, WYSCIG.dice_action) == (5, "dice")
    assert BALLONRENNEN.dice == BALMY.dice == 0


def test_the_roll_of_the_turn_and_go_follow_the_rules(tmp_path: Path) -> None:
    play = in_play(tmp_path, "wyscig-balonow", ["Ola", "Jan"])
    game = play.session
    go = WYSCIG.go(play)
    assert (go.does, go.next, WYSCIG.turn_roll(play).dice) == (Send("start_timer"), True, ())
    assert WYSCIG.turn_roll(play).refusal == UI("dice_before_glass")  # the reader waits
    act(game, "start_timer")
    assert WYSCIG.turn_roll(play).refusal is None
    act(game, "dice", values=[6, 5, 4, 3, 2])
    go = WYSCIG.go(play)
    assert (go.does, tuple(WYSCIG.turn_roll(play).dice)) == (END_TURN, (6, 5, 4, 3, 2))
    assert EN(WYSCIG.turn_roll(play).refusal) == (  # one roll a turn (issue 31.2)
        "this turn's roll is 6 5 4 3 2 already, and a die's value cannot be changed"
    )
    assert WYSCIG.turn_started(game) and not WYSCIG.turn_expired(game)
    assert WYSCIG.question(play) is None


def test_wyscig_order_dealt_at_the_table_waits_for_the_order(tmp_path: Path) -> None:
    play = in_play(tmp_path, "wyscig-balonow", ["Ola", "Jan", "Ewa"], order_cards="table")
    question = WYSCIG.question(play)
    assert question is not None and question.id == "order"
    assert EN(question.refusal) == "Tap the order first"


def test_the_apps_own_glass_waits_for_go_then_the_turn_ends(tmp_path: Path) -> None:
    play = in_play(tmp_path, "balmy-balloonists", ["Ola", "Jan"], {"turn_timer_seconds": 45})
    go = BALMY.go(play)
    assert (go.does, go.next, EN(go.label)) == (START_GLASS, True, "Start the turn timer")
    play.start_glass()
    assert BALMY.go(play).does == END_TURN
    untimed = in_play(tmp_path / "untimed", "balmy-balloonists", ["Ola", "Jan"])
    assert BALMY.go(untimed).does == END_TURN  # no turn timer chosen: GO ends the turn


def test_ballonrennen_go_is_the_accent_once_the_balloon_has_moved(tmp_path: Path) -> None:
    play = in_play(tmp_path, "ballonrennen", ["Ola", "Jan"], wind_deck="table")
    assert not BALLONRENNEN.go(play).next
    action = br.RULES.altitude_action(play.session.state, 1, 0, 1)
    assert action is not None
    play.session.apply(action)
    act(play.session, "wind_card", card="calm")
    go = BALLONRENNEN.go(play)
    assert go.does == END_TURN and go.next


def test_secret_balloons_are_wyscigs_alone() -> None:
    game = session("wyscig-balonow", ["Ola", "Jan"])
    held = WYSCIG.held(game)
    assert list(held) == ["Ola", "Jan"] and all(len(c) == 2 for c in held.values())
    assert {c for colours in held.values() for c in colours} <= set(WYSCIG.secret_colours)
    assert WYSCIG.secret_colours and not BALLONRENNEN.secret_colours
    assert BALMY.held(session("balmy-balloonists", ["Anna", "Bram"])) == {}


def test_a_deal_made_at_the_table_is_the_apps_when_played_again() -> None:
    options = {"timer_seconds": 20, "balloon_cards": {"Ola": ["blue"], "Jan": ["red"]}}
    assert WYSCIG.with_deal(options, None) == {"timer_seconds": 20, "balloon_cards": "app"}
    assert WYSCIG.with_deal({"balloon_cards": "app"}, {"Ola": ("pink",)}) == {
        "balloon_cards": {"Ola": ["pink"]}
    }
    assert WYSCIG.table_deal({"balloon_cards": "table"})
    assert not WYSCIG.table_deal({"balloon_cards": "app"})
    assert BALMY.with_deal({"storm": True}, None) == {"storm": True}


def test_balloons_per_player_honour_the_option() -> None:
    assert [WYSCIG.balloons_per_player(n, {}) for n in (2, 3, 4)] == [2, 1, 1]
    assert BALMY.balloons_per_player(3, {}) == 2
    assert BALMY.balloons_per_player(3, {"balloons_per_player": 1}) == 1
    assert BALMY.balloons_per_player(4, {}) == 1


def test_the_apps_own_glass_belongs_to_a_turn() -> None:
    race = session("ballonrennen", ["Ola", "Jan"], wind_deck="table")
    assert BALLONRENNEN.glass_turn(race) == 0
    assert BALLONRENNEN.timer_seconds(race, {"turn_timer_seconds": 45}) == 45
    assert BALLONRENNEN.timed_turn(race, {"turn_timer_seconds": 45})
    assert not BALLONRENNEN.timed_turn(race, {})
    wyscig = session("wyscig-balonow", ["Ola", "Jan"], timer_seconds=25)
    assert WYSCIG.glass_turn(wyscig) is None  # the rules keep Wyścig's glass
    assert WYSCIG.timer_seconds(wyscig, {"turn_timer_seconds": 45}) == 25


def test_seat_colours_are_the_games() -> None:
    names = ["Anna", "Bram", "Cleo"]
    assert [c for c, _ in WYSCIG.seat_colours(names)] == ["white", "white", "white"]
    assert [c for c, _ in BALLONRENNEN.seat_colours(names)] == ["red", "yellow", "green"]
    assert [c for c, _ in BALMY.seat_colours(names)] == ["red", "yellow", "green"]


def test_an_adapter_without_what_every_game_must_say_cannot_be_made() -> None:
    """The add-a-game contract in code (issue 32.3): an adapter that lacks its seat
    colours or its words fails where it is made (its `ADAPTER = ...` line, at import),
    not when a screen first asks."""

    class Wordless(TableAdapter[Any]):
        game_id = "any-game"

        def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
            return [("white", "#FFFFFF")] * len(names)

    class Colourless(TableAdapter[Any]):
        game_id = "any-game"

        def describe(self, action: ActionBase, before: Any) -> Message:
            return UI("did_action")

    with pytest.raises(TypeError, match="describe"):
        Wordless()  # type: ignore[abstract]
    with pytest.raises(TypeError, match="seat_colours"):
        Colourless()  # type: ignore[abstract]
    for game in games.GAMES:  # every registered game's adapter is made at import
        assert adapter(game.id).game_id == game.id
