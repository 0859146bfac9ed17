"""The 2018 ruleset's own bots, by name: what :func:`hotw.bots.make_bot` finds for ``ruleset="hotw2018"``.

* ``greedy``: the action worth most points right now, weighted by the exact odds;
* ``heuristic:easy|medium|hard`` (``heuristic`` alone is medium): exact battle
  and siege odds and region scoring, looking further ahead as the level rises
  (future region tokens, points taken from opponents, a second step of reach,
  forts). Easy ignores the odds, never sieges and sometimes plays a hunch.

All are one :class:`~hotw.rulesets.hotw2018.heuristic.HeuristicBot` with a
different :class:`~hotw.rulesets.hotw2018.evaluation.Style`;
``scripts/tournament.py`` measures the ladder (hard above medium above greedy
above easy). The shared ``random`` bot plays this ruleset too.

>>> import hotw
>>> game = hotw.new_game(players=["Ada", "Ben", "Cy"], seed=7)
>>> bot = BOTS["heuristic:hard"](1)
>>> bot.choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

from typing import Callable

from hotw.rulesets.hotw2018.evaluation import LEVELS, Style
from hotw.rulesets.hotw2018.heuristic import HeuristicBot

__all__ = ["BOTS", "LEVELS", "HeuristicBot", "Style"]


def heuristic_bot(level: str) -> Callable[..., HeuristicBot]:
    """A factory of the heuristic bot of ``level`` (a key of :data:`LEVELS`, read when a bot is made), seeded."""

    def build(seed: int | str = 0) -> HeuristicBot:
        return HeuristicBot(seed, LEVELS[level])

    return build


#: name -> factory(seed) of each bot that knows the 2018 game
BOTS: dict[str, Callable[..., HeuristicBot]] = {
    "greedy": heuristic_bot("greedy"),
    "heuristic": heuristic_bot("medium"),
    "heuristic:easy": heuristic_bot("easy"),
    "heuristic:medium": heuristic_bot("medium"),
    "heuristic:hard": heuristic_bot("hard"),
}
