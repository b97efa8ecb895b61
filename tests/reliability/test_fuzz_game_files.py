"""Bad game files of every shape: always a sentence (a CompanionError), never a crash."""

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import files
from companion.core.errors import CompanionError

GOLDEN = [
    json.loads(p.read_text())
    for p in sorted((Path(__file__).parent.parent / "games" / "files").glob("*.json"))
    if not p.name.endswith(".expected.json")
]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 100),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(["red", "W", "SE", "high", "low", "Ola", "blue", "table", "app"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=12), inner, max_size=6)
    ),
    max_leaves=25,
)
field_names = st.sampled_from(
    [
        "type",
        "player",
        "token",
        "delta",
        "count",
        "values",
        "unplaced",
        "players",
        "distances",
        "sandbags",
        "gas",
        "card",
        "altitude",
        "rotate",
        "target",
        "to",
        "zone",
        "kind",
        "balloon",
        "levels",
        "backward",
        "repaired",
        "permission",
        "from",
        "cards",
        "at",
        "over_mountains",
    ]
)
action_types = st.sampled_from(
    [
        "adjust",
        "end_turn",
        "order",
        "place_obstacle",
        "start_timer",
        "dice",
        "timer_expired",
        "penalty",
        "mail",
        "landed",
        "score",
        "release",
        "land",
        "wind_card",
        "favourable",
        "drop_mail",
        "forced_landing",
        "reach_goal",
        "advantage",
        "play_own",
        "play_other",
        "swap_advantage",
        "altitude",
        "restricted_zone",
        "mountain",
        "bad_luck",
        "friendly_winds",
        "cross_finish",
        "?",
    ]
)
actions = st.builds(
    lambda t, extra: {"type": t, **extra},
    action_types,
    st.dictionaries(field_names, json_values, max_size=3),
)


def must_be_a_sentence(data: object) -> None:
    try:
        files.replay(data, "fuzz.json")
    except CompanionError as error:
        assert str(error).strip() and "\n" not in str(error)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_any_json_value_as_a_file(data):
    must_be_a_sentence(data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GOLDEN), st.lists(actions, max_size=25), st.integers(0, 40))
def test_golden_files_with_random_actions_spliced_in(base, extra, at):
    data = dict(base)
    log = list(data.get("actions", []))
    data["actions"] = log[:at] + extra + log[at:]
    must_be_a_sentence(data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(GOLDEN),
    field_names | st.sampled_from(["format", "game", "seed", "options"]),
    json_values,
)
def test_golden_files_with_one_top_level_or_option_value_replaced(base, key, value):
    data = dict(base)
    if key in ("format", "game", "seed", "players", "options", "actions"):
        data[key] = value
    else:
        data["options"] = {**data.get("options", {}), key: value}
    must_be_a_sentence(data)
