"""A real Kivy window for the UI tests (offscreen EGL when there is no display).

Kivy is configured here, in a home of its own, before anything imports it. Kivy ends
the process if it cannot open a window, so these tests run in a pytest invocation of
their own.
"""

from __future__ import annotations

import os

import pytest

from tests.kivy_home import make_own

make_own()
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"

from companion.ui import boot  # noqa: E402  (Kivy is set up first)

# The offscreen window cannot be resized once open, so one process tests one size;
# test_sizes.py runs this suite again in a subprocess at 1280x720.
SIZE = tuple(int(v) for v in os.environ.get("COMPANION_UI_SIZE", "800x480").split("x"))
boot.configure((SIZE[0], SIZE[1]), maxfps=0)  # maxfps 0: a frame never sleeps in the tests


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest test first (the suite again at 1280x720, test_sizes.py): started
    last, the other worker would finish and wait for it alone (tools/test-groups.sh
    lets a free worker take the tests queued behind it).

    At a size other than 800x480, only the tests whose outcome the size can change:
    1280x720 has 2.4 times the pixels, and every frame costs that much more to draw
    (software GL here)."""
    items.sort(key=lambda item: item.get_closest_marker("longest") is None)
    if SIZE == (800, 480):
        return
    skip = pytest.mark.skip(reason="one_size: checked at 800x480, the same at any size")
    for item in items:
        if item.get_closest_marker("one_size"):
            item.add_marker(skip)
