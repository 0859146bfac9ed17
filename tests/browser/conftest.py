"""One Voila server for every browser test: the play notebook and the lesson builder's page.

Skipped when chromium, Playwright or Voila is missing, unless HOTW_REQUIRE_BROWSER=1
(CI sets it after installing chromium), in which case the tests fail instead.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import voila_driver as drv  # noqa: E402

REQUIRE = os.environ.get("HOTW_REQUIRE_BROWSER") == "1"
# The notebook as a class gets it, with bots moving instantly so the test does not wait on animation.
INSTANT = ("seed=7)", 'seed=7, speed="instant")')
#: The lesson builder as a page: the editor on a Roman turn of Epoch II, and the what-if panel beside it.
EDITOR_PAGE = drv.code_notebook(
    "from hotw.ui.editor import PositionEditor\nfrom hotw.ui.whatif import WhatIfPanel\n"
    'editor = PositionEditor(position={"epoch": 2, "turn": ["romans", 0]}, name="Carthage fortified")\neditor',
    'WhatIfPanel(editor=editor, games=20, bots="heuristic:easy")',
)


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if drv.chromium_path() is None:
        return "chromium is not installed (apt-get install chromium)"
    for module in ("playwright", "voila"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[notebook,test]')"
    return None


@pytest.fixture(scope="session")
def voila_url():
    """The URL that renders the test pages: ``voila_url + "01_play.ipynb"`` or ``+ "editor.ipynb"``."""
    reason = missing()
    if reason:
        if REQUIRE:
            pytest.fail(f"HOTW_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    pages = {"01_play.ipynb": drv._edited(drv.NOTEBOOK, INSTANT), "editor.ipynb": EDITOR_PAGE}
    with drv.voila_pages(pages) as url:
        yield url
