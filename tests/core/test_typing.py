"""The rules are typed from the registry to the session: each game's `RULES` is a
`Rules` of its own state, so a session built from it has a typed `state`."""

from __future__ import annotations

import textwrap
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]

SNIPPET = """
from companion.core.model import GameSetup
from companion.core.rules import Rules
from companion.core.session import Session
from companion.games import ballonrennen as br
from companion.games import balmy_balloonists as bb
from companion.games import get
from companion.games import wyscig_balonow as wb


def check(setup: GameSetup) -> None:
    reveal_type(Session(wb.RULES, setup).state)
    reveal_type(Session(br.RULES, setup).state)
    reveal_type(Session(bb.RULES, setup).state)
    reveal_type(Session(get("ballonrennen"), setup).state)
    typed: Rules[bb.State] = bb.RULES
    wrong: Rules[wb.State] = br.RULES
"""


def test_sessions_of_each_game_have_its_state_type(tmp_path: Path):
    path = tmp_path / "typed_session.py"
    path.write_text(textwrap.dedent(SNIPPET), encoding="utf-8")
    out, _, _ = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--strict", "--no-incremental", str(path)]
    )
    revealed = [
        line.split("Revealed type is ")[1] for line in out.splitlines() if "Revealed" in line
    ]
    assert revealed == [
        '"companion.games.wyscig_balonow.model.State"',
        '"companion.games.ballonrennen.model.State"',
        '"companion.games.balmy_balloonists.model.State"',
        '"Any"',
    ]
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "typed_session.py:17:" in errors[0], out
