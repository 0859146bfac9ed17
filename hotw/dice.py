"""Dice battles decided by the highest die: the mechanism every ruleset of the family shares, with exact odds.

Each side rolls some dice and keeps its highest; a ruleset's ``judge`` turns the two
highest dice into ``"win"``, ``"tie"`` or ``"lose"`` (from the attacker's side), adding
whatever bonuses its rules give. A ruleset may let the defender reroll its lowest die
(``reroll`` says when, ``after_reroll`` what the defender's highest die then is).

The odds are exact: they walk every equally likely roll, grouped by its highest die
(``k`` dice have ``m**k - (m-1)**k`` rolls whose highest die is ``m``), so a battle
costs at most 6 x 6 x 6 cases whatever the number of dice.

>>> counts, total = contest_counts(2, 1, lambda a, d: "win" if a > d else "lose" if a < d else "tie")
>>> counts["win"], total
(125, 216)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

__all__ = ["SIDES", "contest_counts", "high_counts"]

SIDES = 6
"""Faces of a die."""

Judge = Callable[[int, int], str]
"""(attacker's highest die, defender's highest die) -> "win", "tie" or "lose"."""


@lru_cache(maxsize=None)
def high_counts(dice: int) -> tuple[int, ...]:
    """Rolls of ``dice`` dice whose highest die is 1, 2, ..., 6 (out of ``6**dice``).

    >>> high_counts(2)
    (1, 3, 5, 7, 9, 11)
    """
    return tuple(m**dice - (m - 1) ** dice for m in range(1, SIDES + 1))


def contest_counts(
    attack_dice: int,
    defend_dice: int,
    judge: Judge,
    reroll: Callable[[int, int], bool] | None = None,
    after_reroll: Callable[[int, int], int] | None = None,
) -> tuple[dict[str, int], int]:
    """({"win", "tie", "lose"} -> equally likely rolls, all rolls) of one battle.

    With a ``reroll`` rule every roll is extended by one more die (the reroll), so
    kept rolls count 6 times and all cases share the denominator ``6**(dice + 1)``.
    ``after_reroll(defender_high, new_die)`` is the defender's highest die after
    rerolling its lowest (by default the new die: right for a single die).
    """
    counts = {"win": 0, "tie": 0, "lose": 0}
    keep_weight = SIDES if reroll is not None else 1
    faces = range(1, SIDES + 1)
    after = after_reroll or (lambda _high, new: new)
    for attack_high, attack_n in zip(faces, high_counts(attack_dice)):
        for defend_high, defend_n in zip(faces, high_counts(defend_dice)):
            weight = attack_n * defend_n
            if reroll is not None and reroll(attack_high, defend_high):
                for new_die in faces:
                    counts[judge(attack_high, after(defend_high, new_die))] += weight
            else:
                counts[judge(attack_high, defend_high)] += weight * keep_weight
    return counts, SIDES ** (attack_dice + defend_dice) * keep_weight
