"""One Voila server for every browser test: the play notebook (2018 and classic), Heroes, and the lesson builder.

Skipped when chromium, Playwright or Voila is missing, unless HOTW_REQUIRE_BROWSER=1
(CI sets it after installing chromium), in which case the tests fail instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import voila_driver as drv  # noqa: E402

# The notebook as a class gets it, with bots moving instantly so the test does not wait on animation.
INSTANT = ("seed=7)", 'seed=7, speed="instant")')
CLASSIC = ("seed=7)", 'seed=7, speed="instant", ruleset="classic")')
HEROES = (drv.ROOT / "notebooks" / "05_heroes.ipynb", ("seed=7,", 'seed=7, speed="instant",'))
#: The lesson builder as a page: the editor on a Roman turn of Epoch II, and the what-if panel beside it.
EDITOR_PAGE = drv.code_notebook(
    "from hotw.ui.editor import PositionEditor\nfrom hotw.ui.whatif import WhatIfPanel\n"
    'editor = PositionEditor(position={"epoch": 2, "turn": ["romans", 0]}, name="Carthage fortified")\neditor',
    'WhatIfPanel(editor=editor, games=20, bots="heuristic:easy")',
)


@pytest.fixture(scope="session")
def voila_url():
    """The URL that renders the test pages: ``voila_url + NAME`` for each name in ``pages`` below."""
    reason = drv.missing()
    if reason:
        if drv.REQUIRE:
            pytest.fail(f"HOTW_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    pages = {"01_play.ipynb": drv._edited(drv.NOTEBOOK, INSTANT), "classic.ipynb": drv._edited(drv.NOTEBOOK, CLASSIC),
             "heroes.ipynb": drv._edited(*HEROES), "editor.ipynb": EDITOR_PAGE}
    with drv.voila_pages(pages) as url:
        yield url
