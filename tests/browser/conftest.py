"""One Voila server for every browser test, a chromium per module (each test opens its own page, with its own kernel).

Skipped when chromium, Playwright or Voila is missing, unless HOTW_REQUIRE_BROWSER=1
(CI sets it after installing chromium), in which case they fail instead.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from typing import Any

import pytest

import voila_driver as drv

REQUIRE = os.environ.get("HOTW_REQUIRE_BROWSER") == "1"
#: The notebook as a class gets it, with bots moving instantly so the tests do not wait on animation.
INSTANT = ("seed=7)", 'seed=7, speed="instant")')
PLAY = "01_play.ipynb"


def _missing() -> str | None:
    if drv.chromium_path() is None:
        return "chromium is not installed (apt-get install chromium)"
    for module in ("playwright", "voila"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[notebook,test]')"
    return None


@pytest.fixture(scope="session")
def served() -> Iterator[drv.Served]:
    """The Voila server every browser test shares (the play notebook, bots at instant speed)."""
    reason = _missing()
    if reason:
        if REQUIRE:
            pytest.fail(f"HOTW_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    with drv.voila_serving({PLAY: (drv.NOTEBOOK, INSTANT)}) as server:
        yield server


@pytest.fixture(scope="module")
def browser(served: drv.Served) -> Iterator[Any]:
    """A headless chromium per test module (about a second to start).

    Not for the whole session: while Playwright's sync API is open, asyncio sees a running
    loop in the main thread, and a GameView driven from a later test would hand its bots'
    moves to that loop, which never runs them.
    """
    with drv.chromium() as found:
        yield found


@pytest.fixture()
def new_page(browser: Any, served: drv.Served) -> Iterator[Any]:
    """A fresh page of the game (a new kernel, a new game), external requests blocked (``page.blocker``)."""
    page, blocker = drv.open_page(browser)
    page.blocker = blocker
    try:
        yield page
    finally:
        page.close()
