"""The Balmy Balloonists table without a window: every action says what it changed,
the step line and every hint are functions of the state (tested per case: landed,
finished and out balloons, the "?" used, the storm...), each balloon's name reads on
its colour, and after any action and its undo the table shows what it showed before."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.games import balmy_balloonists as bb
from companion.store import Store
from companion.ui import theme
from companion.ui.tables import adapter
from companion.ui.tables.balmy import effects, view
from companion.ui.tables.balmy.text import BALLOON_HEX, T
from companion.ui.viewmodel import GameModel, open_table
from tests.tables.helpers import EN, act, session

BALMY = adapter("balmy-balloonists")
ADVANTAGE = {"Anna": ["friendly_winds", "repair"], "Bram": ["permission_iraq", "permission_china"]}


def game(**options: Any) -> Session:
    """Anna (red, green) and Bram (yellow, blue), their advantage cards recorded."""
    played = session("balmy-balloonists", ["Anna", "Bram"], **options)
    for name, cards in ADVANTAGE.items():
        act(played, "advantage", player=name, cards=cards)
    return played


def line(played: Session) -> str:
    said = effects.last_effect(played)
    assert said is not None
    return EN(said)


def play(played: Session, *actions: dict[str, Any]) -> Session:
    for raw in actions:
        played.apply(played.rules.parse_action(raw))
    return played


OWN = {"type": "play_own"}
END = {"type": "end_turn"}
FINISH = {"type": "cross_finish"}


def up(to: str) -> dict[str, Any]:
    return {"type": "altitude", "to": to}


def luck(target: str, card: str, **fields: Any) -> dict[str, Any]:
    return {"type": "bad_luck", "target": target, "card": card, **fields}


def zone(name: str) -> dict[str, Any]:
    return {"type": "restricted_zone", "zone": name}


def mountain(kind: str) -> dict[str, Any]:
    return {"type": "mountain", "kind": kind}


# -- every action says what it changed ------------------------------------------------

SAID = [
    ([], "Advantage cards · Bram holds Permission Iraq and Permission China"),
    ([OWN], "Card from hand · red balloon: cards in hand 2 (-1) and cards in front 1 (+1)"),
    ([up("medium")], "Altitude · red balloon: now at medium altitude and ballast 7 (-2)"),
    ([up("low"), OWN, luck("red", "envelope_torn")], "Envelope torn · red balloon: helium 6 (-3)"),
    ([OWN, luck("red", "solar_panels_lost")], "Solar panels lost · red balloon: fuel 9 (-2)"),
    (
        [up("low"), OWN, luck("red", "comm_problems")],
        "Communication problems · red balloon: no card from hand in its next turn",
    ),
    (
        [OWN, luck("red", "comm_problems", repaired=True)],
        "Communication problems · Anna discards Repair",
    ),
    ([OWN, luck("red", "fire")], "Fire · nothing changes"),  # a landed balloon
    (
        [up("high"), OWN, luck("red", "busy_airspace")],
        "Busy airspace · red balloon: now at low altitude, helium 7 (-2) and "
        "may not rise in its next turn",
    ),
    (
        [up("high"), OWN, luck("red", "busy_airspace", over_mountains=True)],
        "Busy airspace · nothing changes",
    ),
    (
        [up("medium"), OWN, luck("red", "burner_problems", over_mountains=True)],
        "Burner problems · red balloon: now landed, helium 7 (-2), skips its next turn and "
        "may not rise in its next turn",
    ),
    (
        [up("low"), OWN, luck("red", "bad_weather", levels=-2, backward=True)],
        "Bad weather · red balloon: ballast 4 (-4) and may not move forward in its next turn",
    ),
    ([up("low"), FINISH], "Finish line · red balloon: finished the race"),
    ([{"type": "friendly_winds"}], "Friendly winds · Anna discards Friendly winds"),
    (
        [up("low"), zone("libya")],
        "Restricted zone Libya · red balloon: now landed, helium 8 (-1) and skips its next turn",
    ),
    ([OWN, END], "Upkeep · red balloon: cards in hand 3 (+1)"),
    ([up("high"), END], "Upkeep · red balloon: fuel 10 (-1)"),
    ([END], "Upkeep · red balloon: nothing to pay"),
    (
        [{"type": "adjust", "balloon": "blue", "token": "gas", "delta": -2}],
        "Correction · blue balloon: helium 7 (-2)",
    ),
]


@pytest.mark.parametrize(("actions", "expected"), SAID)
def test_every_action_says_what_it_changed(actions: list[dict[str, Any]], expected: str) -> None:
    assert line(play(game(), *actions)) == expected


def test_a_zone_or_mountain_that_changes_nothing_says_why() -> None:
    bram = play(game(), END, up("low"), zone("iraq"))  # Bram holds Iraq's permission
    assert line(bram) == (
        "Restricted zone Iraq · Bram holds Permission Iraq: the yellow balloon flies on"
    )
    play(bram, mountain("brown"))
    assert line(bram) == "Brown mountains · yellow balloon: now landed and skips its next turn"
    high = play(game(), up("high"), mountain("white"))
    assert line(high) == "White mountains · the red balloon flies over"


def test_a_card_onto_another_balloon_names_both_and_the_markers() -> None:
    played = play(game(), OWN, END, END, END, END)  # red has a card in front
    assert played.state.markers == ("green", "blue")
    play(played, {"type": "play_other", "target": "blue"})
    assert line(played) == (
        "Card from in front onto the blue balloon · red balloon: cards in front 0 (-1) · "
        "silver markers: yellow and green"
    )
    assert played.state.balloon("yellow").in_front == 0
    play(played, {"type": "adjust", "balloon": "yellow", "token": "in_front", "delta": 1})
    play(played, {"type": "swap_advantage", "card": "repair", "from": "yellow"})
    assert line(played) == (
        "Swap of an advantage card · red balloon: cards in hand 4 (+1) · "
        "yellow balloon: cards in front 0 (-1) · Anna discards Repair"
    )


def variants() -> Session:
    """Red's second turn, the storm and critical measures played: red and blue each
    have a card in front, blue (Bram's) is marked."""
    return play(game(critical_measures=True, storm=True), OWN, END, END, END, OWN, END)


def test_a_permission_revoked_and_the_variants_say_what_changed() -> None:
    played = play(variants(), {"type": "play_other", "target": "blue"})
    play(played, {"type": "critical_measures", "balloon": "blue"})
    assert line(played) == "Critical measures · blue balloon: cards in front 0 (-1)"
    played.undo()
    play(played, luck("blue", "permission_revoked", permission="permission_iraq"))
    assert line(played) == "Permission revoked · Bram discards Permission Iraq"
    play(played, {"type": "place_storm", "balloon": "yellow", "where": "below"})
    assert line(played) == "The storm is placed below Sakhalin's zone"
    play(played, END, END, END, {"type": "play_storm"})
    assert line(played) == "Card from in front onto the storm · blue balloon: cards in front 0 (-1)"
    play(played, {"type": "storm_weather", "target": "green", "levels": 1})
    assert line(played) == "Storm · nothing changes"  # green is landed


def test_the_line_is_the_last_actions_and_comes_back_with_an_undo() -> None:
    played = play(game(), OWN)
    before = BALMY.reminders(played)
    assert EN(before[0]) == line(played)
    play(played, up("low"))
    assert EN(BALMY.reminders(played)[0]).startswith("Altitude · red balloon")
    played.undo()
    assert BALMY.reminders(played) == before


# -- the step line, per case ------------------------------------------------------------


def step(played: Session) -> str:
    said = BALMY.step(played)
    return "" if said is None else EN(said)


def test_the_step_line_follows_the_turn() -> None:
    fresh = session("balmy-balloonists", ["Anna", "Bram"])
    assert step(fresh) == "Record the two advantage cards dealt to Anna"
    played = game()
    assert step(played) == "Anna: play a local wind card for the red balloon"
    play(played, OWN)
    assert step(played) == "Anna: change the red balloon's altitude if you like, then fly"
    play(played, up("medium"))
    assert step(played) == "Anna: fly the red balloon, then end the turn"
    play(played, mountain("brown"))  # high enough: still flying
    assert step(played) == "Anna: fly the red balloon, then end the turn"


@pytest.mark.parametrize(
    "landing",
    [
        zone("area51"),
        luck("red", "burner_problems", over_mountains=True),
        luck("red", "bad_weather", levels=-2),  # and no ballast left to stay up
    ],
)
def test_a_balloon_landed_in_its_turn_flies_no_more(landing: dict[str, Any]) -> None:
    """The stale "fly the red balloon" after a forced landing: the end is next."""
    no_ballast = {"type": "adjust", "balloon": "red", "token": "ballast", "delta": -8}
    played = play(game(), up("low"), no_ballast, OWN, landing)
    assert played.state.active.altitude == "landed"
    assert step(played) == "Anna: the red balloon has landed; end the turn"
    steps = bb.RULES.checklist(played.state)
    assert [s.status for s in steps][:4] == ["done", "done", "done", "current"]


def test_no_step_once_the_race_is_over() -> None:
    played = play(game(balloons_per_player=1), up("low"), FINISH)
    assert played.state.over and BALMY.step(played) is None


# -- the hints, per case ----------------------------------------------------------------


def test_the_luck_cards_wait_for_a_card_and_stop_once_its_question_mark_is_used() -> None:
    played = game(storm=True)
    assert view.luck_refusal(played.state) is not None
    assert not any(view.luck_offered(played.state).values())
    play(played, OWN)
    assert view.luck_refusal(played.state) is None
    offered = view.luck_offered(played.state)
    # Anna holds no permission: "Permission revoked" has nothing to take from her; her
    # balloon is landed: "Bad weather" would do nothing to it (issue 31.10).
    assert played.state.balloon("red").altitude == "landed"
    assert offered == {c: c not in ("permission_revoked", "bad_weather") for c in view.LUCK_CARDS}
    play(played, up("medium"))  # in the air: bad weather can hit it
    flying = view.luck_offered(played.state)
    assert flying == {c: c != "permission_revoked" for c in view.LUCK_CARDS}
    play(played, luck("red", "envelope_torn"))
    assert EN(view.luck_refusal(played.state)) == "This card has already brought bad luck"
    assert not any(view.luck_offered(played.state).values())


def test_a_card_on_the_storm_or_combined_brings_no_luck() -> None:
    played = variants()
    play(played, {"type": "place_storm", "balloon": "blue", "where": "on"})
    play(played, {"type": "play_storm"})
    assert EN(view.luck_refusal(played.state)).startswith("The card was played on the storm")
    assert not any(view.luck_offered(played.state).values())
    played.undo()
    play(played, {"type": "play_other", "target": "blue"})
    assert view.luck_offered(played.state)["permission_revoked"]  # Bram holds two
    assert view.permissions_held(played.state, "blue") == ["permission_iraq", "permission_china"]
    play(played, {"type": "critical_measures", "balloon": "blue"})
    assert EN(view.luck_refusal(played.state)).startswith("This card was combined")
    assert not any(view.luck_offered(played.state).values())


def test_a_landed_balloon_meets_no_zone_mountain_or_finish_line() -> None:
    played = game()
    assert view.event_refusal(played.state, "red") is not None  # everyone starts landed
    assert view.finish_refusal(played.state) is not None
    play(played, up("low"))
    assert view.event_refusal(played.state, "red") is None
    assert view.finish_refusal(played.state) is None
    play(played, zone("libya"))  # landed there
    assert view.event_refusal(played.state, "red") is not None
    assert view.finish_refusal(played.state) is not None


def test_why_no_card_goes_from_in_front() -> None:
    played = game()
    assert EN(view.no_targets(played.state)) == "Anna has no card in front of the red balloon"
    play(played, OWN)
    assert EN(view.no_targets(played.state)) == (
        "Anna has already played a local wind card this turn"
    )


def test_the_advantage_line_says_what_is_held_and_no_button_says_a_state() -> None:
    played = game()
    assert EN(view.advantage_line(played.state)) == "Anna holds Friendly winds and Repair"
    assert EN(T("use_card", card="friendly_winds")) == "Use Friendly winds"
    play(played, {"type": "friendly_winds"})
    assert EN(view.advantage_line(played.state)) == "Anna holds Repair"
    fresh = session("balmy-balloonists", ["Anna", "Bram"])
    assert EN(view.advantage_line(fresh.state)) == "Anna holds no advantage card"


def badges(played: Session, colour: str) -> list[str]:
    return [EN(b) for b in view.badges(played.state, colour)]


def test_a_balloon_out_of_the_race_shows_no_restriction() -> None:
    played = game()
    restricted = {"skip_turns": 1, "no_own_card_turns": 2, "no_rise_next_turn": True}
    blue = played.state.balloon("blue").model_copy(update=restricted)
    state = played.state.model_copy(
        update={"balloons": (*played.state.balloons[:3], blue), "markers": ("red", "blue")}
    )
    assert [EN(b) for b in view.badges(state, "blue")] == [
        "marker",
        "skips 1",
        "no own card 2",
        "no rise",
    ]
    out = blue.model_copy(update={"out": True})
    state = state.model_copy(update={"balloons": (*state.balloons[:3], out)})
    assert [EN(b) for b in view.badges(state, "blue")] == ["out", "marker"]


def test_the_badges_count_the_restrictions_down() -> None:
    """Communication problems on red: no card from hand in its next turn; in that turn
    the Altitude tab says so, and the badge counts no turn beyond it."""
    played = play(game(), up("low"), OWN, luck("red", "comm_problems"))
    assert badges(played, "red") == ["no own card 1"]  # for its next turn
    play(played, END)
    assert badges(played, "red") == ["no own card 1"]
    play(played, END, END, END)  # red's turn again: the restriction covers it
    assert played.state.active.colour == "red"
    assert badges(played, "red") == []
    said = [EN(m) for m in bb.RULES.restrictions(played.state)]
    assert said == ["Anna may not play a card on the red balloon this turn"]
    play(played, END)
    assert badges(played, "red") == []
    assert played.state.balloon("red").no_own_card_turns == 0


# -- colours -----------------------------------------------------------------------------


def contrast(one: str, other: str) -> float:
    """WCAG 2's contrast ratio of two colours."""

    def luminance(colour: str) -> float:
        channels = [(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
                    for c in theme.rgba(colour)[:3]]  # fmt: skip
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("colour", bb.PALETTE)
def test_a_balloons_name_reads_on_its_colour(colour: str) -> None:
    """Dark letters on light colours (yellow, white, green), light on dark ones: at
    least WCAG's 4.5:1 for text, on every balloon's colour."""
    ground = BALLOON_HEX[colour]
    assert contrast(theme.readable_on(ground), ground) >= 4.5, colour


def test_each_balloon_is_drawn_as_its_name_says() -> None:
    """Red is red, not Okabe-Ito's orange vermillion; purple is purple, not pink."""
    red = theme.rgba(BALLOON_HEX["red"])
    purple = theme.rgba(BALLOON_HEX["purple"])
    assert red[0] > 0.75 and red[1] < 0.25  # no orange: little green in it
    assert purple[2] > purple[0] > purple[1]  # blue over red: not pink


# -- after any action and its undo, the table shows what it showed before ----------------


def table(folder: Path) -> GameModel[bb.State]:
    store = Store(folder / "companion.db")
    setup = GameSetup(
        game="balmy-balloonists",
        seed=3,
        players=tuple(PlayerSpec(name=n) for n in ("Anna", "Bram", "Cas")),
        options={"storm": True, "critical_measures": True},
    )
    session_id = store.create_session(setup)
    return open_table(store, session_id, store.load_session(session_id), clock=FakeClock())


def shown(model: GameModel[bb.State]) -> tuple[object, ...]:
    """What the table shows that comes from the game: GO, the question, the step,
    the lines under it, and what the tabs draw from the view functions."""
    state = model.state
    go = model.go_now
    lines = [EN(m) for m in model.adapter.reminders(model.session)]
    hints: tuple[object, ...] = ()
    if not state.over:
        hints = (
            view.luck_refusal(state),
            view.luck_offered(state),
            view.event_targets(state),
            view.finish_refusal(state),
            view.advantage_line(state),
            [view.event_refusal(state, c) for c in view.event_targets(state)],
        )
    return (EN(go.label), go.name, go.next, model.question, EN(model.step), lines, hints)


@pytest.mark.parametrize("seed", range(4))
def test_an_action_and_its_undo_leave_the_table_as_it_was(tmp_path: Path, seed: int) -> None:
    """Generated games of 60 actions the rules take: before each action and after its
    undo, GO, the question, the step line, the lines under it and the hints agree."""
    model = table(tmp_path)
    pick = random.Random(seed)
    for _ in range(60):
        state = model.state
        if state.over:
            break
        action = pick.choice(model.session.legal().actions).to_json()
        before = shown(model)
        assert model.act(action.pop("type"), **action)
        model.undo()
        assert shown(model) == before
        model.redo()
    assert len(model.session.log) > 20
