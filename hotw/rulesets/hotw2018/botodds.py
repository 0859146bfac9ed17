"""The chances of a battle as the 2018 bots weigh them: exact odds, remembered per dice effects.

The dice of a battle come from :func:`hotw.rulesets.hotw2018.battle.battle_setup`,
the rules' one place where abilities and events become dice; a bot only remembers
the odds per setup, per actor's dice effects and per card.
"""

from __future__ import annotations

from typing import Any

from hotw.rulesets.hotw2018.battle import BattleSetup, DiceEffects, battle_fractions, battle_setup
from hotw.rulesets.hotw2018.evaluation import Context
from hotw.rulesets.hotw2018.pieces import effect_dict

__all__ = ["ATTACK_ODDS", "attack_odds", "card_dice", "win_tie"]

#: battle setup -> chances the invader wins and ties (floats of the exact odds)
_ODDS: dict[BattleSetup, tuple[float, float]] = {}
#: (actor's dice effects, Context.odds_key) -> (fort, rough terrain, naval, siege round) -> chances to win and tie
ATTACK_ODDS: dict[tuple[Any, ...], dict[tuple[bool, bool, bool, int], tuple[float, float]]] = {}
#: an empire card's effects -> their dice effects (for the draft's planned battles)
_CARD_DICE: dict[tuple[Any, ...], DiceEffects] = {}


def win_tie(setup: BattleSetup, odds: bool, ties_hold: bool) -> tuple[float, float]:
    """Chances the invader wins or ties one battle (a coin toss without odds)."""
    if not odds:
        return 0.5, 0.0
    hit = _ODDS.get(setup)
    if hit is None:
        w, t, _ = battle_fractions(setup)
        hit = _ODDS[setup] = (float(w), float(t))
    return (hit[0], 0.0) if ties_hold else hit


def attack_odds(ctx: Context, fort: bool, rough: bool, naval: bool, siege_round: int, dice: DiceEffects,
                table: dict[tuple[bool, bool, bool, int], tuple[float, float]]) -> tuple[float, float]:
    """Chances to win and to tie one battle, given the actor's dice effects and their odds memo ``table``.

    The dice depend on the land only through its fort and terrain; the rest is the actor's
    dice effects and the rule options (``ctx.odds_key``), so the memo holds for every game of a process.
    """
    key = (fort, rough, naval, siege_round)
    hit = table.get(key)
    if hit is None:
        setup = battle_setup(dice, fort, rough, naval, siege_round, ctx.catapult_max)
        hit = table[key] = win_tie(setup, ctx.style.odds, ctx.ties_hold)
    return hit


def card_dice(effects: tuple[Any, ...]) -> DiceEffects:
    """The dice effects of a card's effect records (remembered: cards are immutable values)."""
    hit = _CARD_DICE.get(effects)
    if hit is None:
        hit = _CARD_DICE[effects] = DiceEffects.of([effect_dict(e) for e in effects])
    return hit
