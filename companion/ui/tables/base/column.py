"""The table skeleton's column, written once: the strip (what to do now, a refusal or
the news, Redo), GO, Undo and Pause. Their looks are the rules of the same names in
`table.kv`; every table's kv places each of them once where its layout wants them,
with only their size. `TableScreen` finds them by class and hands itself to each
(`table`), which they show and press; `rebind` follows that hand-over in their rules
(`self.table.go_text`), as the screen comes after its widgets."""

from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui.presses import Tap


class TableStrip(BoxLayout):
    table = ObjectProperty(None, allownone=True, rebind=True)


class TableGo(Tap):
    table = ObjectProperty(None, allownone=True, rebind=True)


class TableUndo(Tap):
    table = ObjectProperty(None, allownone=True, rebind=True)


class TablePause(Tap):
    table = ObjectProperty(None, allownone=True, rebind=True)


# The column, each part by the id the skeleton knows it by.
PARTS: dict[str, type[BoxLayout | Tap]] = {
    "message": TableStrip,
    "go": TableGo,
    "undo": TableUndo,
    "pause": TablePause,
}


class TableLayoutError(LookupError):
    """A table's kv without the skeleton's column (a mistake in the code, not a
    player's: said to whoever adds a game)."""


def find_parts(screen: Widget) -> None:
    """The column as the table's kv placed it (each part once), known by its id on
    `screen`; each part is handed the screen it shows."""
    for key, kind in PARTS.items():
        found = [w for w in screen.walk(restrict=True) if isinstance(w, kind)]
        if len(found) != 1:
            names = ", ".join(part.__name__ for part in PARTS.values())
            raise TableLayoutError(
                f"{type(screen).__name__}'s kv places {kind.__name__} {len(found)} "
                f"times: every table places {names} once (docs/architecture.md)"
            )
        found[0].table = screen
        screen.ids[key] = found[0]
