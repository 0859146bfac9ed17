"""The hard bot's bound on a second step (botreach.py) is never below the second step it bounds.

The bot skips weighing a target's second step when even the bound could not make it the best
choice; a bound too low would change the bot's choices. Checked against every army count a
region can be weighed at (up to 4 armies a seat) in the weights of real contexts, and against the
second step of every target of seeded games.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

import hotw
from hotw.bots import make_bot
from hotw.observation import observation
from hotw.rulesets.hotw2018.botreach import reach_bounds, region_bound
from hotw.rulesets.hotw2018.evaluation import LEVELS, Context, Style, tables


def _contexts(seed: int, players: int, every: int = 9, style: Style = LEVELS["hard"]):
    """Contexts (in ``style``'s weights) of hard seats at some invade decisions of a seeded hard game."""
    game = hotw.new_game(players=[f"P{i}" for i in range(players)], seed=seed)
    bots = [make_bot("heuristic:hard", f"{seed}:{i}") for i in range(players)]
    n = 0
    while not game.is_over:
        seat = game.decision.player
        if game.decision.step == "invade":
            n += 1
            if n % every == 0:
                obs = observation(game, seat)
                yield obs, Context(obs, style, tables(obs))
        game.apply(bots[seat].choose(game))


#: region values (presence, dominance, supremacy) beside the board's: steps of every size and order
_VALUES = [(1, 2, 10), (5, 6, 7), (0, 0, 9), (3, 9, 10), (4, 4, 4), (0, 8, 8), (9, 1, 0), (2, 9, 1)]


@pytest.mark.parametrize("denial", [LEVELS["hard"].denial, 1.0])  # the hard bot's, and one weighing more
def test_region_bound_is_never_below_a_change_of_one_army(denial: float) -> None:
    checked = 0
    for obs, ctx in _contexts(4, 4, every=50, style=dataclasses.replace(LEVELS["hard"], denial=denial)):
        me, n = ctx.me, ctx.n
        for values in [None, *_VALUES]:
            if values is not None:  # the same weights with other region values (the memos made afresh)
                ctx.cur = dict.fromkeys(ctx.t.regions, values)
                ctx._vals.clear()
                ctx.deltas.clear()
            for region in ctx.t.regions:
                bound = region_bound(ctx.cur.get(region), ctx.fut.get(region), ctx.style.denial)
                for cnt in itertools.product(range(5), repeat=n):
                    for q in [-1, *(i for i in range(n) if i != me and cnt[i] > 0)]:
                        value = ctx.delta(region, cnt, me, q) * (0.5 if q >= 0 else 1.0)
                        assert value < bound + 1e-6, (region, values, cnt, q, value, bound)  # reach_bounds adds 1e-6
                        checked += 1
    assert checked > 100_000


def test_the_second_step_of_every_target_is_within_its_bound() -> None:
    checked = 0
    for seed, players in ((2, 3), (6, 6)):
        for obs, ctx in _contexts(seed, players, every=3):
            targets, _forts, _events = obs.invade_choices(False)
            bounds = reach_bounds(ctx)
            owners, counts = obs.armies_copy()
            for land in targets:
                far = 0.0
                for nb in ctx.t.land_nbrs[land]:
                    nq = owners.get(nb, -1)
                    if nb in targets or nq == ctx.me:
                        continue
                    r = ctx.t.region_of[nb]
                    far = max(far, ctx.delta(r, counts[r], ctx.me, nq) * (0.5 if nq >= 0 else 1.0))
                assert far < bounds[land], (land, far, bounds[land])
                checked += 1
    assert checked > 100
