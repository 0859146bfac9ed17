"""History of the World, 2018 edition (5 epochs, 3-6 players): the default ruleset.

Its package holds everything that is this edition's own: the turn (``game.py`` and
the phase modules), the battle's dice rules and odds (``battle.py``), the card
records and their check (``cards.py``, ``cardcheck.py``), the rule options
(``options.py``), the scoring tiers and structures (``scoring.py``) and the view the
notebook game asks (``view.py``). Its data is in ``hotw/data/hotw2018/``.
"""

from __future__ import annotations

from hotw.rulesets.hotw2018.game import LIMITS, RULESET, Hotw2018Game
from hotw.rulesets.hotw2018.options import DEFAULT_OPTIONS, PLAYER_ARMIES, TIE_RULES

__all__ = ["DEFAULT_OPTIONS", "LIMITS", "PLAYER_ARMIES", "RULESET", "TIE_RULES", "Hotw2018Game"]
