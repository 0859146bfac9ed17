"""Heroes of the World (2-5 players): two eras on the nine-area board, hero cards, progress and wonders.

The package holds everything of this game: the flow as a phase table (``phases.py``,
``game.py``) and its steps (``turn.py``, ``conquest.py``, ``spending.py``,
``wonders.py``, ``eras.py``), area valuations (``valuation.py``), the cards and their
check (``cards.py``, ``cardcheck.py``), the rule options (``options.py``), what a
seat sees (``observation.py``), the bots (``bots.py``) and the view of the notebook
game (``view.py``). Its data is in ``hotw/data/heroes/``; its rules and the choices
made where the rulebook is unclear are in ``docs/rules-heroes.md``.
"""

from __future__ import annotations

from hotw.i18n import Domain
from hotw.rulesets import Ruleset
from hotw.rulesets.heroes.game import HeroesGame
from hotw.rulesets.heroes.options import OPTIONS

_ = Domain("heroes")

__all__ = ["RULESET", "HeroesGame"]

RULESET = Ruleset(
    name="heroes",
    title=_("Heroes of the World"),
    min_players=2,
    max_players=5,
    epochs=2,
    game_factory=HeroesGame,
    options=OPTIONS,
    board="heroes",
    bots_module="hotw.rulesets.heroes.bots",
    view_module="hotw.rulesets.heroes.view",
)
