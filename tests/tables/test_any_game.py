"""The any-game table without a window: GO on each clock, the glass of a time bank,
the time that runs out told by itself, a player's deeds with the seconds of the
moment, the end on the score screen, the grid's lines, the title where games are
listed and what BG Stats is told."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion import games
from companion.core.hourglass import Phase
from companion.play.table import GameInPlay
from companion.ui.tables import adapter
from companion.ui.tables.any_game import view
from companion.ui.tables.any_game.text import clock
from companion.ui.tables.base.go import END_TURN, NOTHING, Send
from tests.tables.helpers import EN, act, in_play

TABLE = adapter("any-game")
VP = {"id": "vp", "name": "VP"}


def played(folder: Path, **options: Any) -> GameInPlay[Any]:
    return in_play(folder, "any-game", ["Ola", "Jan", "Ewa"], title="Azul", **options)


def test_go_ends_the_turn_without_a_clock_and_starts_it_with_one(tmp_path: Path) -> None:
    plain = played(tmp_path / "plain")
    assert TABLE.go(plain).does == END_TURN and TABLE.timer_seconds(plain.session, {}) == 0
    turn = played(tmp_path / "turn", clock="turn", timer_seconds=30)
    go = TABLE.go(turn)
    assert (go.does, go.next, EN(go.label)) == (Send("start_timer"), True, "Start the hourglass")
    act(turn.session, "start_timer")
    assert TABLE.go(turn).does == END_TURN and not TABLE.go(turn).next
    assert TABLE.turn_seconds(turn.session, {}) is None  # every turn the whole glass
    bank = played(tmp_path / "bank", clock="bank")
    assert EN(TABLE.go(bank).label) == "Start the clock"
    act(bank.session, "start_timer")
    bank.timer.clock.advance(42.4)  # type: ignore[attr-defined]
    assert TABLE.go(bank).does == Send("end_turn", {"seconds": 42}, ask_first=True)


def test_a_bank_is_the_glass_and_a_turn_starts_with_what_is_left(tmp_path: Path) -> None:
    play = played(tmp_path, clock="bank", bank_seconds=600)
    session, timer = play.session, play.timer
    assert TABLE.timer_seconds(session, {}) == 600 and TABLE.turn_seconds(session, {}) == 600
    act(session, "start_timer")
    timer.clock.advance(100)  # type: ignore[attr-defined]
    session.apply(session.rules.parse_action(TABLE.turn_end(play).fields | {"type": "end_turn"}))
    act(session, "end_turn", seconds=0)
    act(session, "end_turn", seconds=0)
    assert session.summary().data["current"] == "Ola"
    assert TABLE.turn_seconds(session, {}) == 500
    view_now = timer.view()
    assert view_now is not None and view_now.seconds_left == 500 and view_now.duration == 600


def test_the_time_that_runs_out_is_told_once_the_glass_has_run_out(tmp_path: Path) -> None:
    play = played(tmp_path, clock="turn", timer_seconds=10)
    assert TABLE.expired(play) is None
    act(play.session, "start_timer")
    assert TABLE.expired(play) is None  # running
    play.timer.clock.advance(10.5)  # type: ignore[attr-defined]
    assert play.timer.view().phase is Phase.EXPIRED  # type: ignore[union-attr]
    assert TABLE.expired(play) == Send("timer_expired")
    act(play.session, "timer_expired")
    assert TABLE.expired(play) is None and TABLE.turn_expired(play.session)
    assert TABLE.go(play).next  # the end of the turn is what the table does next


def test_a_players_deeds_carry_the_seconds_of_the_moment(tmp_path: Path) -> None:
    play = played(tmp_path, clock="bank", counters=[VP])
    act(play.session, "start_timer")
    play.timer.clock.advance(12)  # type: ignore[attr-defined]
    passing, out = TABLE.deeds(play, "Ewa")
    assert passing.send == Send("pass_to", {"player": "Ewa", "seconds": 12})
    assert out.send == Send("eliminate", {"player": "Ewa"})
    assert (EN(passing.label), EN(out.label)) == ("Pass the turn to Ewa", "Out of the game")
    play.timer.clock.advance(3)  # type: ignore[attr-defined]
    assert TABLE.deeds(play, "Ewa")[0].send.fields["seconds"] == 15
    assert TABLE.deeds(play, "Nobody") == ()
    found = TABLE.correction(play.session, "Jan")
    assert found is not None and [(c.token, EN(c.label)) for c in found.counters] == [("vp", "VP")]
    plain = played(tmp_path / "plain")
    assert TABLE.deeds(plain, "Jan")[0].send == Send("pass_to", {"player": "Jan"})


def test_the_end_is_typed_as_the_game_is_won(tmp_path: Path) -> None:
    points = TABLE.scoring.sheet(played(tmp_path / "high").session)
    assert points is not None and (points.action, points.field, points.negative) == (
        "score",
        "points",
        True,
    )
    assert [r.key for r in points.rows] == ["Ola", "Jan", "Ewa"]
    places = TABLE.scoring.sheet(played(tmp_path / "places", scoring="places").session)
    assert places is not None and (places.action, places.digits, places.negative) == (
        "places",
        1,
        False,
    )
    coop = TABLE.scoring.sheet(played(tmp_path / "coop", scoring="coop").session)
    assert coop is not None and [c.send for c in coop.choices] == [
        Send("finish", {"won": True}),
        Send("finish", {"won": False}),
    ]
    counted = played(tmp_path / "from", counters=[VP], score_from="vp")
    assert TABLE.scoring.sheet(counted.session) is None  # the counter is the points
    over = played(tmp_path / "over", scoring="coop")
    act(over.session, "finish", won=True)
    assert TABLE.scoring.sheet(over.session) is None and TABLE.go(over).does == NOTHING


def test_the_score_screens_table_ranks_what_is_typed() -> None:
    summary = {
        "players": [
            {"name": "Ola", "score": 5, "rank": 2},
            {"name": "Jan", "score": 9, "rank": 1},
        ]
    }
    table = TABLE.scoring.table(summary)
    assert [EN(h) for h in table.headers] == ["Player", "place", "score"]
    assert table.rows == (("Ola", "2.", "5"), ("Jan", "1.", "9"))
    places = TABLE.scoring.table({"players": [{"name": "Ola", "score": None, "rank": None}]})
    assert places.rows == (("Ola", ""),)


def test_the_grid_shows_each_players_line(tmp_path: Path) -> None:
    play = played(
        tmp_path,
        clock="bank",
        bank_seconds=300,
        counters=[VP, {"id": "c", "name": "Coins", "start": 4}],
    )
    session = play.session
    act(session, "adjust", player="Jan", token="vp", delta=3)
    act(session, "eliminate", player="Ewa")
    act(session, "start_timer")
    act(session, "timer_expired")
    seats = view.seats(session.state, play.seats)
    assert [(s.name, s.current, s.out, s.late, s.bank, s.counts) for s in seats] == [
        ("Ola", True, False, True, 0, (0, 4)),
        ("Jan", False, False, False, 300, (3, 4)),
        ("Ewa", False, True, False, 300, (0, 4)),
    ]
    assert [s.colour for s in seats] == [c for _, c in TABLE.seat_colours(["Ola", "Jan", "Ewa"])]
    assert view.counter_names(session.state) == ["VP", "Coins"]
    assert [clock(s) for s in (0, 0.2, 59, 61, 1200, 3725)] == [
        "0:00",
        "0:01",
        "0:59",
        "1:01",
        "20:00",
        "1:02:05",
    ]


def test_the_title_where_games_are_listed_and_at_bg_stats(tmp_path: Path) -> None:
    assert games.title("any-game", {"title": "Azul", "clock": "none"}) == "Azul"
    assert games.title("any-game", {}) == "Any game"
    assert games.title("ballonrennen", {"title": "x"}) == "Ballonrennen"
    low = played(tmp_path / "low", scoring="low", bgg_id=230802)
    game = TABLE.played_game(low.session)
    assert (game.name, game.highest_wins, game.no_points, game.bgg_id) == (
        "Azul",
        False,
        False,
        230802,
    )
    again = TABLE.played_game(played(tmp_path / "again", scoring="places").session)
    assert again.source_id == game.source_id and again.source_id.startswith("ag")
    assert again.no_points and again.bgg_id is None
    other = in_play(tmp_path / "other", "any-game", ["Ola"], title="Azul: Queen's Garden")
    assert TABLE.played_game(other.session).source_id != game.source_id
    assert TABLE.label is not None and EN(TABLE.label) == "Any game"


def test_a_turn_whose_bank_ran_out_brought_back_by_an_undo_used_its_own_bank(
    tmp_path: Path,
) -> None:
    """Ola's bank (50 s) ran out and her turn ended; the undo of that end brings her
    turn back with her own bank used up, not the next player's (60 s)."""
    play = played(tmp_path, clock="bank", bank_seconds=60)
    session, clock = play.session, play.timer.clock
    for seconds in (10, 0, 0):
        act(session, "start_timer")
        clock.advance(seconds)  # type: ignore[attr-defined]
        act(session, "end_turn", seconds=seconds)
    act(session, "start_timer")
    clock.advance(51)  # type: ignore[attr-defined]
    act(session, "timer_expired")
    end = Send("end_turn", {"seconds": 50}, ask_first=True)
    assert TABLE.go(play).does == end
    act(session, "end_turn", seconds=50)
    session.undo()
    assert TABLE.go(play).does == end


def test_an_undone_time_up_stands_when_the_end_of_the_turn_is_undone(tmp_path: Path) -> None:
    """The table recorded the time-up, the players undid it (the sand stays run out)
    and ended the turn; the undo of that end brings the turn back with its glass run
    out, not a full glass waiting to be resumed."""
    play = played(tmp_path, clock="turn", timer_seconds=20)
    session = play.session
    act(session, "start_timer")
    play.timer.clock.advance(25)  # type: ignore[attr-defined]
    act(session, "timer_expired")
    session.undo()
    act(session, "end_turn")
    session.undo()
    view_now = play.timer.view()
    assert view_now is not None and (view_now.phase, view_now.seconds_left) == (Phase.EXPIRED, 0)
    assert TABLE.go(play).does == Send("end_turn", ask_first=True)
