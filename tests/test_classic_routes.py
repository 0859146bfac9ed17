"""The classic expand step's targets come from each land's ways in and out made once (``battle.routes``):
at every expand decision of seeded games (printed and online rules, Expert Troops and Naval Power played by
the bots) they equal the targets worked out from the board, border by border, as the rules say."""

from __future__ import annotations

from typing import Any

import pytest

import hotw
from hotw.bots import make_bot
from hotw.reach import marker_reach
from hotw.rulesets.classic.battle import route_dice
from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS


def _from_the_board(game: Any) -> dict[str, int]:
    """The targets as the rules say them, read from the board at every call (no table)."""
    a = game.actor
    if a is None or not a.lands:
        return {}
    spaces, expert = game.board.spaces, frozenset(game.fx.get("expert", ()))
    out: dict[str, int] = {}
    bases = a.lands  # the online rule expands from every land of the player's colour
    if game.opts["expand_from"] == "colour":
        bases = a.lands | {t for t, q in game.owner.items() if q == a.player}
    for land in bases:
        for t in game._land_nbrs[land]:
            if t in a.lands:
                continue
            d = route_dice("strait" if t in spaces[land].straits else "land", spaces[t].terrain == "forest",
                           game.content.border(land, t), expert)
            if d < out.get(t, 9):
                out[t] = d
    if game.fleets:
        sea = route_dice("sea", False, None, expert, bool(game.fx.get("naval_power")))
        for m in marker_reach(game._touch, game.fleets, bases):
            for t in game._touch_lands[m]:
                if t not in a.lands and sea < out.get(t, 9):
                    out[t] = sea
    return out


@pytest.mark.parametrize("options", [None, ONLINE_OPTIONS], ids=["printed", "online"])
def test_targets_and_the_dice_of_each_equal_the_rules_read_from_the_board(options: Any) -> None:
    checked = experts = 0
    for seed in range(4):
        game = hotw.new_game("classic", ["A", "B", "C", "D"], seed, options=options)
        bots = [make_bot("random" if i % 2 else "heuristic:hard", f"{seed}:{i}", "classic") for i in range(4)]
        while not game.is_over:
            if game.phase == "expand" and game.actor is not None:
                made, expected = game.targets(), _from_the_board(game)
                # the same dice (in another order once lands are taken, the targets kept up to date as they are:
                # every reader takes them as a mapping, and the legal actions are sorted)
                assert made == expected
                for t, d in made.items():
                    assert game.dice_into(t) == d
                checked += len(made)
                experts += bool(game.fx.get("expert"))
            game.apply_legal(bots[game.to_decide[0]].choose(game))
    assert checked > 500 and experts > 0
