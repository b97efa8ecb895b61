"""The table skeleton's column, written once: the strip (what to do now, a refusal or
the news, Redo), GO, Undo and Pause. Their looks are the rules of the same names in
`table.kv`; every table's kv places each of them once where its layout wants them,
with only their size. `TableScreen` finds them by class and hands itself to each
(`table`), which they show and press; `rebind` follows that hand-over in their rules
(`self.table.go_text`), as the screen comes after its widgets."""

from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout

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
