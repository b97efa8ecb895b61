"""Which spoken call when (issue 33.5), without a window or a voice: the calls a game in
play hands its speaker as turns pass, as the glass warns and runs out, in the language
the screens speak at that moment."""

from __future__ import annotations

from pathlib import Path

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.play.calls import Calls
from companion.play.table import GameInPlay
from companion.store import Store
from companion.ui.tables import adapter
from tests.tables.helpers import act


class Heard:
    """A speaker that writes down what it was asked to say."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def say(self, text: str, language: str) -> None:
        self.calls.append((text, language))


def game(folder: Path, heard: Heard, language: list[str]) -> tuple[GameInPlay, FakeClock]:
    store = Store(folder / "companion.db")
    setup = GameSetup(
        game="any-game",
        seed=3,
        players=(PlayerSpec(name="Ola"), PlayerSpec(name="Jan")),
        options={"title": "Carcassonne", "clock": "turn", "timer_seconds": 30},
    )
    session_id = store.create_session(setup)
    clock = FakeClock()
    play = GameInPlay(
        store=store,
        session_id=session_id,
        session=store.load_session(session_id),
        table=adapter("any-game"),
        clock=clock,
        calls=Calls(heard, lambda: language[0]),
    )
    return play, clock


def test_turns_warnings_and_the_end_are_called_in_the_tables_language(tmp_path: Path) -> None:
    heard, language = Heard(), ["en"]
    play, clock = game(tmp_path, heard, language)
    assert heard.calls == []  # the game came to its table: shown, not called
    act(play.session, "start_timer")
    clock.advance(20.5)
    play.driver.step()
    assert heard.calls == [("10 seconds left", "en")]
    clock.advance(5)
    play.driver.step()
    clock.advance(5)
    play.driver.step()
    assert heard.calls[1:] == [("5 seconds left", "en"), ("Time's up, Ola", "en")]
    language[0] = "pl"  # the table switched language mid-game
    act(play.session, "end_turn")
    assert heard.calls[-1] == ("Jan, twoja kolej", "pl")
    play.session.undo()  # the turn is Ola's again: said so
    assert heard.calls[-1] == ("Ola, twoja kolej", "pl")
    count = len(heard.calls)
    play.toggle_pause()  # nothing to say within a turn
    assert len(heard.calls) == count
    play.close()
    act(play.session, "end_turn")  # no longer followed
    assert len(heard.calls) == count


def test_each_language_says_each_call(tmp_path: Path) -> None:
    expected = {
        "en": ("Jan's turn", "10 seconds left"),
        "de": ("Jan ist dran", "Noch 10 Sekunden"),
        "sv": ("Din tur, Jan", "10 sekunder kvar"),
        "nl": ("Jan is aan de beurt", "Nog 10 seconden"),
    }
    for index, (lang, (turn, warning)) in enumerate(expected.items()):
        heard = Heard()
        play, clock = game(tmp_path / str(index), heard, [lang])
        act(play.session, "end_turn")
        act(play.session, "start_timer")
        clock.advance(20.5)
        play.driver.step()
        assert [text for text, _ in heard.calls] == [turn, warning]
        play.close()
