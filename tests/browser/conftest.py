"""One Voila server for every browser test: the play notebook (2018 and classic), Heroes, and the lesson builder.

Skipped when chromium, Playwright or Voila is missing, unless HOTW_REQUIRE_BROWSER=1
(CI sets it after installing chromium), in which case the tests fail instead.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import voila_driver as drv  # noqa: E402

from hotw.rulesets.brief.demos import romans_example  # noqa: E402

# The notebook as a class gets it, with bots moving instantly so the test does not wait on animation.
INSTANT = ("seed=7)", 'seed=7, speed="instant")')
CLASSIC = ("seed=7)", 'seed=7, speed="instant", ruleset="classic")')
HEROES = (drv.ROOT / "notebooks" / "05_heroes.ipynb", ("seed=7,", 'seed=7, speed="instant",'))
#: The play notebook on A Brief History at the rulebook's Romans example (a position): Ada's Romans about to invade
#: the Balkans with the dial at +2; seed 0 rolls the rulebook's five invasion points.
BRIEF_OVERRUN = ("seed=7)", 'seed=0, speed="instant", ruleset="brief", options={"position": '
                 f'{json.dumps(romans_example())}}})')
#: The lesson builder as a page: the editor on a Roman turn of Epoch II, and the what-if panel beside it.
EDITOR_PAGE = drv.code_notebook(
    "from hotw.ui.editor import PositionEditor\nfrom hotw.ui.whatif import WhatIfPanel\n"
    'editor = PositionEditor(position={"epoch": 2, "turn": ["romans", 0]}, name="Carthage fortified")\neditor',
    'WhatIfPanel(editor=editor, games=20, bots="heuristic:easy")',
)

#: The lesson builder of another ruleset: a Heroes of the World editor, and its what-if panel.
HEROES_EDITOR_PAGE = drv.code_notebook(
    "from hotw.ui.editor import PositionEditor\nfrom hotw.ui.whatif import WhatIfPanel\n"
    'editor = PositionEditor("heroes", name="Han China")\neditor',
    'WhatIfPanel(ruleset="heroes", editor=editor, games=10, bots="random")',
)
#: ... and a classic one, at the call of the Romans in Epoch III.
CLASSIC_EDITOR_PAGE = drv.code_notebook(
    "from hotw.ui.editor import PositionEditor\n"
    'PositionEditor("classic", position={"epoch": 3, "turn": ["romans", 0]}, name="Rome and Carthage")',
)

#: ... and a Brief History one for two players (two colours each), with its what-if panel.
BRIEF_EDITOR_PAGE = drv.code_notebook(
    "from hotw.ui.editor import PositionEditor\nfrom hotw.ui.whatif import WhatIfPanel\n"
    'editor = PositionEditor("brief", position={"epoch": 3, "turn": ["romans", 0]}, players=["Ada", "Ben"], '
    'name="Rome against two")\neditor',
    'WhatIfPanel(ruleset="brief", editor=editor, games=10, bots="random")',
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
             "heroes.ipynb": drv._edited(*HEROES), "editor.ipynb": EDITOR_PAGE,
             "brief_overrun.ipynb": drv._edited(drv.NOTEBOOK, BRIEF_OVERRUN),
             "brief_walkthrough.ipynb": drv._edited(drv.ROOT / "notebooks" / "08_brief_walkthrough.ipynb", None),
             "editor_heroes.ipynb": HEROES_EDITOR_PAGE, "editor_classic.ipynb": CLASSIC_EDITOR_PAGE,
             "editor_brief.ipynb": BRIEF_EDITOR_PAGE}
    with drv.voila_pages(pages) as url:
        yield url


@pytest.fixture(scope="module")
def browser(voila_url: str) -> Iterator[Any]:
    """A headless chromium per test module (about a second to start).

    Not for the whole session: while Playwright's sync API is open, asyncio sees a running
    loop in the main thread, and a GameView driven from a later test would hand its bots'
    moves to that loop, which never runs them.
    """
    with drv.chromium() as found:
        yield found


@pytest.fixture()
def new_page(browser: Any) -> Iterator[Any]:
    """A fresh page of ``browser`` (each visit of a notebook: a new kernel, a new game), external requests
    blocked (``page.blocker``)."""
    page, blocker = drv.open_page(browser)
    page.blocker = blocker
    try:
        yield page
    finally:
        page.close(run_before_unload=True)  # as a person closing the tab: the page's kernel is shut down
