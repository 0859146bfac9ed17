"""Exact odds of an invasion: taking the land now, with the Invasion dial, and the invasion points left to overrun with.

Built on the shared dice (:mod:`hotw.dice`): each side keeps its highest die; the
attacker adds the dial; the winner's margin is the invasion points (plus one for
Fear after a successful roll); a clear land costs 1 point, a mountain or forest 2.
The Vikings take a land from the sea on an actual 5 or 6.

>>> take_odds(2, 1, dial=0, cost=1)
Fraction(125, 216)
>>> take_odds(2, 1, dial=0, cost=2)
Fraction(5, 12)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from hotw.dice import SIDES, contest_counts, high_counts

__all__ = ["Roll", "points", "points_odds", "take_odds", "take_odds_continuing"]


@dataclass(frozen=True)
class Roll:
    """Everything that turns two highest dice into invasion points."""

    dial: int = 0
    cost: int = 1
    fear: bool = False
    #: an actual highest die at least this takes the land whatever the defender rolls (0: never)
    automatic: int = 0


def points(attack_high: int, defend_high: int, roll: Roll) -> tuple[int, bool]:
    """(invasion points, land taken) for the two highest dice.

    >>> points(6, 3, Roll(dial=2, cost=2))
    (5, True)
    >>> points(4, 4, Roll(fear=True))
    (0, False)
    """
    margin = attack_high + roll.dial - defend_high
    pts = margin + (1 if roll.fear else 0) if margin > 0 else 0
    if pts >= roll.cost:
        return pts, True
    if roll.automatic and attack_high >= roll.automatic:
        return roll.cost, True
    return pts, False


@lru_cache(maxsize=4096)
def take_odds(attack_dice: int, defend_dice: int, dial: int = 0, cost: int = 1, fear: bool = False,
              automatic: int = 0) -> Fraction:
    """The exact chance of taking the land with one roll (cached: a few hundred cases exist)."""
    roll = Roll(dial, cost, fear, automatic)
    counts, total = contest_counts(attack_dice, defend_dice,
                                   lambda a, d: "win" if points(a, d, roll)[1] else "lose")
    return Fraction(counts["win"], total)


def points_odds(attack_dice: int, defend_dice: int, roll: Roll) -> dict[int, Fraction]:
    """Invasion points left over after taking the land (-1: not taken) -> exact chance."""
    out: dict[int, int] = {}
    faces = range(1, SIDES + 1)
    for a, an in zip(faces, high_counts(attack_dice)):
        for d, dn in zip(faces, high_counts(defend_dice)):
            pts, taken = points(a, d, roll)
            key = pts - roll.cost if taken else -1
            out[key] = out.get(key, 0) + an * dn
    total = SIDES ** (attack_dice + defend_dice)
    return {k: Fraction(v, total) for k, v in sorted(out.items())}


def take_odds_continuing(attack_dice: int, defend_dice: int, dial: int, cost: int, spare_armies: int,
                         dial_max: int = 3, fear: bool = False, automatic: int = 0) -> Fraction:
    """The chance of taking the land if every failure is continued while the Array has armies to spend.

    Each continuation spends one Array army and adds 1 to the dial (up to ``dial_max``).

    >>> take_odds_continuing(2, 1, 0, 1, 0) == take_odds(2, 1, 0, 1)
    True
    """
    p = take_odds(attack_dice, defend_dice, dial, cost, fear, automatic)
    if spare_armies <= 0:
        return p
    rest = take_odds_continuing(attack_dice, defend_dice, min(dial + 1, dial_max), cost, spare_armies - 1,
                                dial_max, fear, automatic)
    return p + (1 - p) * rest
