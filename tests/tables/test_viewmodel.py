"""The view-model without a window: GO's lock-out comes from the settings, and a roll
from the dice reader counts only for a game that has dice, and only when the rules
can take it (a roll before the turn's or after its time changes nothing and says
why); a roll read in part waits in the dice row until the turn's roll is known."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.core.summary import Summary
from companion.i18n import languages, translator
from companion.store import Store
from companion.ui.viewmodel import GameModel, Rolled, open_table
from tests.tables.helpers import EN


def model(folder: Path, game: str, clock: FakeClock, **kwargs: float) -> GameModel:
    store = Store(folder / "companion.db")
    names = ("Ola", "Jan", "Ewa")
    options = {"wind_deck": "table"} if game == "ballonrennen" else {}
    setup = GameSetup(
        game=game, seed=5, players=tuple(PlayerSpec(name=n) for n in names), options=options
    )
    session_id = store.create_session(setup)
    return open_table(store, session_id, store.load_session(session_id), clock=clock, **kwargs)


def test_go_keeps_the_lock_out_it_is_given(tmp_path: Path) -> None:
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock, lockout_s=1.0)
    assert table.go() == "start_timer"
    clock.advance(0.9)
    assert table.go() == "ignored"  # a bouncing finger, within the settings' lock-out
    clock.advance(0.2)
    assert table.go() == "end_turn"


def test_a_roll_counts_for_a_game_with_dice_only(tmp_path: Path) -> None:
    clock = FakeClock()
    wyscig = model(tmp_path, "wyscig-balonow", clock)
    wyscig.go()  # the hourglass turned: the turn's roll
    wyscig.rolling_now()
    assert wyscig.rolling
    assert wyscig.roll((1, 2, 3, 4, 5)) and list(wyscig.dice) == [1, 2, 3, 4, 5]
    assert not wyscig.roll((1, 2, None, 4, 5))  # one die unread: tapped in instead
    race = model(tmp_path / "race", "ballonrennen", clock)
    race.rolling_now()
    assert not race.rolling
    assert not race.roll((1, 2, 3, 4, 5)) and race.error is None  # no dice in this game


def test_a_roll_the_rules_cannot_take_now_changes_nothing_and_says_why(tmp_path: Path) -> None:
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock, lockout_s=0.0)
    assert not table.roll((6, 6, 6, 6, 6))  # before the hourglass is turned
    assert EN(table.error) == "Roll 6 6 6 6 6 not taken: turn the hourglass first"
    assert list(table.session.log) == [] and list(table.dice) == []
    table.go()
    assert table.roll((1, 2, 3, 4, 5)) and table.error is None
    clock.advance(31)
    table.tick()  # the sand ran out: the dice are placed now, not rolled again
    assert not table.roll((6, 6, 6, 6, 6)) and list(table.dice) == [1, 2, 3, 4, 5]
    assert EN(table.error) == "Roll 6 6 6 6 6 not taken: time is up for this turn"
    assert not table.roll((6, None, 6, 6, 6)) and list(table.partial) == []
    assert table.act("timer_expired", unplaced=1)
    assert not table.roll((2, 2, 2, 2, 2)) and list(table.dice) == [1, 2, 3, 4, 5]
    assert [a.type for a in table.session.log] == ["start_timer", "dice", "timer_expired"]
    # The rules take a roll at any moment (a game file may have one): only the table's
    # reader waits for the hourglass.
    assert table.act("dice", values=[3, 3, 3, 3, 3]) and list(table.dice) == [3, 3, 3, 3, 3]
    table.close()


def test_a_partial_read_waits_in_the_row_until_the_turns_roll_is_known(tmp_path: Path) -> None:
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock, lockout_s=0.0)
    table.go()
    assert not table.roll((6, None, 3, None, 5))
    assert list(table.partial) == [6, 0, 3, 0, 5]
    assert table.act("mail") and list(table.partial) == [6, 0, 3, 0, 5]  # still waiting
    assert table.act("dice", values=[6, 1, 3, 2, 5]) and list(table.partial) == []
    # A second roll of the turn, read in part, is refused as a whole one is (issue 31.2).
    assert table.roll((None, 2, 2, 2, 2)) is Rolled.REFUSED and list(table.partial) == []
    assert list(table.dice) == [6, 1, 3, 2, 5]
    table.go()  # the turn ends: its partial read goes with it
    assert table.session.log[-1].type == "end_turn" and list(table.partial) == []
    table.close()


def shown(table: GameModel) -> tuple[object, ...]:
    """What the table shows of the glass: the seconds, their colour, the strip."""
    return table.whole_seconds, table.warning, table.phase, tuple(map(tuple, table.frame))


def test_an_idle_or_paused_glass_plans_no_tick(tmp_path: Path) -> None:
    """Nothing shown changes by itself: nothing wakes the screen."""
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock)
    assert table.ticks.next_change_in() is None and not table.ticks.ticking
    table.go()  # the sand runs
    assert table.ticks.ticking and 0 < (table.ticks.next_change_in() or 0) <= 1.01
    clock.advance(1.0)
    table.toggle_pause()
    assert table.ticks.next_change_in() is None and not table.ticks.ticking
    table.toggle_pause()
    assert table.ticks.ticking
    table.close()
    assert not table.ticks.ticking


def test_a_running_glass_ticks_only_when_something_shown_changes(tmp_path: Path) -> None:
    """Ticked at each planned instant, the table shows every change on time: just
    before each planned tick nothing shown has changed yet, and far fewer ticks come
    than 60 a second."""
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock)
    table.go()
    duration = table.timer.glass.duration if table.timer.glass else 0.0
    started, ticks = clock(), 0
    while table.phase == "running":
        delay = table.ticks.next_change_in()
        assert delay is not None and delay > 0
        before, planned_at = shown(table), clock()
        for part in (0.25, 0.5, 0.75, 0.97):  # nothing shown changes before the tick
            clock.advance(planned_at + delay * part - clock())
            table.tick()
            assert shown(table) == before, (clock() - started, delay)
        clock.advance(planned_at + delay - clock())
        table.tick()
        ticks += 1
    assert clock() - started >= duration - 0.01
    assert ticks <= duration + 3  # once a second (and each warning), not 60 times
    table.close()


class CountingRules:
    """The game's rules, counting how often the summary is made."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.summaries = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def summary(self, state: Any) -> Summary[Any, Any]:
        self.summaries += 1
        summary: Summary[Any, Any] = self.rules.summary(state)
        return summary


def test_a_press_makes_the_summary_once(tmp_path: Path) -> None:
    """The view-model, the recorder, the strip and the timer all read the summary after
    a change: the session makes it once per change."""
    clock = FakeClock()
    table = model(tmp_path, "ballonrennen", clock, lockout_s=0.0)
    counting = CountingRules(table.session.rules)
    table.session.rules = counting  # type: ignore[assignment]
    table.act("release", sandbags=1)
    assert counting.summaries == 1
    table.go()
    table.tick()
    assert counting.summaries == 1  # GO did nothing yet: no new summary
    table.close()


def test_the_tables_question_waits_for_go_after_its_answer_is_undone(tmp_path: Path) -> None:
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock, lockout_s=0.0)
    assert table.go() == "start_timer" and table.question == ""
    clock.advance(31)
    table.tick()
    assert table.question == "unplaced" and table.go_now.next
    assert table.go() == "ask" and EN(table.error) == "Tap how many dice were not placed first"
    assert table.act("timer_expired", unplaced=1) and table.question == ""
    assert table.undo() and table.question == ""  # answer undone: no question over it
    assert EN(table.go_now.label) == "Dice not placed?"
    assert table.go() == "ask" and table.question == "unplaced"  # GO asks again
    table.close()


def test_time_up_stands_on_screen_while_the_strip_flashes(tmp_path: Path) -> None:
    """At 0 s the LEDs flash (every other one white, swapping) to call the table; the
    strip on screen shows time up's pattern standing, whenever it is drawn again (issue
    24.11), and plans no tick for it."""
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock)
    table.go()
    clock.advance(31.0)
    table.tick()
    assert table.phase == "expired" and table.whole_seconds == 0
    white, dark = [255, 255, 255], [0, 0, 0]
    standing = [white if i % 2 == 0 else dark for i in range(len(table.frame))]
    leds = set()
    for _ in range(4):  # a redraw at any instant: a redo, a language switch, a frame
        clock.advance(0.25)
        table.tick()
        assert [list(c) for c in table.frame] == standing
        leds.add(table.driver.frame[0])
    assert leds == {(255, 255, 255), (0, 0, 0)}  # the LED strip itself flashes
    assert table.ticks.next_change_in() is None
    table.close()


def test_what_the_table_records_when_the_time_is_up_is_sent_once_a_run(
    tmp_path: Path,
) -> None:
    """A table whose rules are told when the time is up (`TableAdapter.expired`): the
    view-model sends it when the glass runs out, once; an undo of it stands."""
    from companion.play.table import GameInPlay
    from companion.ui.tables import adapter
    from companion.ui.tables.base.go import Send

    class TimeUpByItself(type(adapter("wyscig-balonow"))):  # type: ignore[misc]
        def expired(self, play: Any) -> Send | None:
            started = self.turn_started(play.session) and not self.turn_expired(play.session)
            return Send("timer_expired", {"unplaced": 0}) if started else None

    clock = FakeClock()
    store = Store(tmp_path / "companion.db")
    setup = GameSetup(
        game="wyscig-balonow",
        seed=5,
        players=tuple(PlayerSpec(name=n) for n in ("Ola", "Jan")),
        options={"timer_seconds": 20},
    )
    session_id = store.create_session(setup)
    table_adapter = TimeUpByItself()
    play = GameInPlay(
        store=store,
        session_id=session_id,
        session=store.load_session(session_id),
        table=table_adapter,
        clock=clock,
    )
    table = GameModel(play, table_adapter, clock=clock, lockout_s=0.0, ticks_itself=False)
    table.go()
    clock.advance(19)
    table.tick()
    assert [a.type for a in table.session.log] == ["start_timer"]
    clock.advance(1.5)
    table.tick()
    assert [a.type for a in table.session.log] == ["start_timer", "timer_expired"]
    assert table.undo()
    for _ in range(3):
        table.tick()
    assert [a.type for a in table.session.log] == ["start_timer"]  # the undo stands
    table.close()


def test_each_outcome_of_a_roll_and_which_are_kept(tmp_path: Path) -> None:
    """Issue 30.2: only a roll the store refused is not kept (no ACK); the table says
    so in the player's language and plays on when the store takes the resend."""
    clock = FakeClock()
    table = model(tmp_path, "wyscig-balonow", clock, lockout_s=0.0)
    assert table.roll((6, 6, 6, 6, 6)) is Rolled.REFUSED  # before the hourglass
    table.go()
    assert table.roll((6, None, 6, 6, 6)) is Rolled.PARTIAL
    other = sqlite3.connect(tmp_path / "companion.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program writes
    assert table.roll((1, 2, 3, 4, 5)) is Rolled.NOT_SAVED
    assert [a.type for a in table.session.log] == ["start_timer"] and list(table.dice) == []
    said = {lang: translator(lang)(table.error) for lang in languages()}
    assert said["en"] == (
        "Another program is using the database: this action was not saved. Try again. "
        "The dice reader will send roll 1 2 3 4 5 again"
    )
    for lang, text in said.items():
        assert "1 2 3 4 5" in text and "{" not in text, (lang, text)
        assert text.startswith(translator(lang)(table.error.params["why"])), (lang, text)
    other.execute("ROLLBACK")
    assert table.roll((1, 2, 3, 4, 5)) is Rolled.RECORDED and table.error is None
    race = model(tmp_path / "race", "ballonrennen", clock)
    assert race.roll((1, 2, 3, 4, 5)) is Rolled.NO_DICE
    kept = {outcome: outcome.kept for outcome in Rolled}
    assert [o for o, k in kept.items() if not k] == [Rolled.NOT_SAVED]
    assert [o for o in Rolled if o] == [Rolled.RECORDED]
    other.close()
    table.close()
    race.close()
