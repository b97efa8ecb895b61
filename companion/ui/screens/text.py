"""The sentences and labels of the history, statistics, settings and hardware test
screens: the catalog of `ui_screens.<key>` (every language in `companion/i18n/<lang>.json`).

No Kivy here, so the translation check and the command line can load it.
"""

from __future__ import annotations

from companion.core.messages import Catalog

S = Catalog("ui_screens")
