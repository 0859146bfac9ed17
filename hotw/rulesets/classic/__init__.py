"""History of the World, classic 7-epoch edition (Avalon Hill 1991/1993, Hasbro 2001; 3-6 players).

Its package holds everything that is this edition's own: the flow (``game.py``
and the phase modules ``draw.py``, ``turn.py``, ``events.py``), the battle's dice
and odds (``battle.py``), the scoring levels and structures (``scoring.py``), the
card records and their check (``cards.py``, ``cardcheck.py``) and the rule options
(``options.py``). Its data is in ``hotw/data/classic/``.
"""

from __future__ import annotations

from hotw.rulesets.classic.game import PHASES, RULESET, ClassicGame
from hotw.rulesets.classic.options import DEFAULT_OPTIONS

__all__ = ["DEFAULT_OPTIONS", "PHASES", "RULESET", "ClassicGame"]
