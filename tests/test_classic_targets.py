"""The classic engine's targets, kept up to date as lands are taken, equal a walk of every base and fleet.

``hotw.rulesets.classic.targets.kept_targets`` keeps the targets on the actor and walks only the ways and fleets
of the bases added since the last decision; these seeded games compare, at every expand decision, the kept
targets with a walk of every base and fleet from scratch (a fresh actor with no memo), under the printed rules and
the online game's (which expands from every land of the player's colour).
"""

from __future__ import annotations

import dataclasses

import pytest

import hotw
from hotw.bots import make_bot
from hotw.rulesets.classic.battle import route_dice, routes
from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS
from hotw.rulesets.classic.targets import invade_actions, kept_targets


def _walked(game, a):  # type: ignore[no-untyped-def]
    """The targets from scratch: every base's ways and every fleet walked for a fresh actor."""
    bases = set(a.lands)
    if game.opts["expand_from"] == "colour":
        bases |= {t for t, q in game.owner.items() if q == a.player}
    expert = frozenset(game.fx.get("expert") or ())
    ways = routes(game.board.spaces, game._land_nbrs, game.content.border, game.content.borders)[0]
    sea = route_dice("sea", False, None, expert, bool(game.fx.get("naval_power")))
    seas = (set(game.fleets), sea, game._touch, game._touch_lands)
    return kept_targets(dataclasses.replace(a, reach_memo=None), bases, expert, ways, seas)


@pytest.mark.parametrize("players,bot,options", [(3, "random", None), (6, "random", None),
                                                  (4, "heuristic:hard", None), (5, "random", ONLINE_OPTIONS)])
def test_kept_targets_equal_a_walk_of_every_base(players, bot, options) -> None:  # type: ignore[no-untyped-def]
    checked = grown = expert = fleets = 0
    for seed in range(3):
        game = hotw.new_game("classic", [f"P{i}" for i in range(players)], seed, options=options)
        bots = [make_bot(bot, f"{seed}:{i}", "classic") for i in range(players)]
        while not game.is_over:
            a = game.actor
            if a is not None and game.phase == "expand" and a.lands:
                kept = game.targets()  # a copy of the memo's
                want = _walked(game, a)
                assert kept == want == a.reach_memo[7], (game.epoch, a.card, sorted(a.lands))
                if want:  # the invade actions, kept in order as the targets change
                    assert invade_actions(a) == [hotw.Action("invade", t) for t in sorted(want)]
                checked += 1
                grown += a.reach_memo is not None and len(a.lands) > 1
                expert += bool(game.fx.get("expert"))
                fleets += bool(game.fleets)
            game.apply_legal(bots[game.to_decide[0]].choose(game))
    assert checked > 100 and grown > 50 and fleets > 50 and (bot != "random" or expert > 0)
