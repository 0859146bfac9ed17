"""A Brief History of the World (Ragnar Brothers, 2009; six epochs, 2-6 players): gold, the Array, overruns.

Its package holds everything that is this game's own: the flow (``game.py`` with
the phase table in ``phases.py`` and the steps in ``allocation.py``, ``turn.py``,
``invasion.py``, ``events.py``), the exact odds (``odds.py``), gold and its track
(``gold.py``), the cards and their check (``cards.py``, ``cardcheck.py``), the
Brief map's changes to the world board (``boardmap.py``), the rule options
(``options.py``), the seat's view (``observation.py``), bots (``bots.py``) and
the view the notebook game asks (``view.py``). Its data is in ``hotw/data/brief/``.
"""

from __future__ import annotations

from hotw.rulesets.brief.game import RULESET, BriefGame

__all__ = ["RULESET", "BriefGame"]
