"""A Kivy home of this test process's own.

Kivy makes `$KIVY_HOME/mods` on import by "exists, then mkdir": two workers importing
it at once into a fresh `~/.kivy` (a newcomer's first `make test`) raced, and one died
with FileExistsError. Each pytest process gets its own home, made before anything
imports Kivy and removed when the process ends; the user's `~/.kivy` is never touched.
Only pytest processes make one (a conftest hook, or tests/ui/conftest.py): a child
that imports a test module for a helper keeps its parent's.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile


def make_own() -> None:
    home = tempfile.mkdtemp(prefix="kivy-home-")
    os.mkdir(os.path.join(home, "mods"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    os.environ["KIVY_HOME"] = home
