"""The classic battle on the shared dice: who rolls how many dice, who wins, and the exact odds.

The attacker rolls 2 dice (3 with a Leader or Elite Troops); the defender rolls 1,
or 2 when the attack crosses a strait, enters a forest, or crosses the Great Wall or
a mountain border from the land it comes from, or 3 when it comes from the sea. Each
side keeps its highest die; a fort adds 1 to the defender's, Weaponry 1 to the
attacker's. The higher wins; a tie kills both armies (the 1993 rule re-rolls it,
an option). A fort whose defender loses or ties is removed instead, and the battle
goes on. Under the online game's tie rule (``tie_rule="attacker_enters"``) a tie
against a fort removes the fort and the attacking army, and a tie without one
removes the defender and the attacker's army enters the land.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any, Callable, Mapping

from hotw.dice import contest_counts, high_counts

__all__ = ["attack_dice", "battle_odds", "conquest_odds", "dice_for", "judge", "route_dice", "routes"]

ROUTES = ("land", "strait", "sea")
"""How an attack reaches its land: over a border, across a strait, or from a sea with a fleet."""


def route_dice(route: str, forest: bool, border: str | None, expert: frozenset[str] = frozenset(),
               naval_power: bool = False) -> int:
    """The defender's dice against an attack by ``route`` into a land (``forest`` or not) across ``border``.

    >>> route_dice("land", False, None), route_dice("land", True, None), route_dice("sea", False, None)
    (1, 2, 3)
    >>> route_dice("land", False, "mountain", frozenset({"mountain"})), route_dice("strait", False, None)
    (1, 2)
    """
    if route == "sea":
        return 2 if naval_power else 3
    hard = ((forest and "forest" not in expert)
            or border == "great_wall"
            or (border == "mountain" and "mountain" not in expert)
            or (route == "strait" and "strait" not in expert))
    return 2 if hard else 1


Route = tuple[str, str, bool, "str | None", int]
"""One way between two lands: (the other land, "land" or "strait", forest, border feature, the defender's dice
with no expertise in play)."""

_ROUTES: dict[tuple[int, int], tuple[Any, ...]] = {}


def routes(spaces: Mapping[str, Any], land_nbrs: Mapping[str, tuple[str, ...]],
           border: Callable[[str, str], "str | None"], borders: object
           ) -> tuple[dict[str, tuple[Route, ...]], dict[str, tuple[Route, ...]]]:
    """Every way out of a land (to each neighbour, in ``land_nbrs`` order) and every way into one (from each land
    it neighbours), made once per table of neighbours and borders: ``targets()`` runs at every expand decision and
    read each border and terrain again. The dice are ``route_dice`` with no expertise (a turn with Expert
    Troops asks ``route_dice`` itself)."""
    hit = _ROUTES.get((id(land_nbrs), id(borders)))
    if hit is not None and hit[0] is land_nbrs and hit[1] is borders:
        return hit[2]
    out: dict[str, list[Route]] = {}
    into: dict[str, list[Route]] = {}
    for land, nbrs in land_nbrs.items():
        straits = spaces[land].straits
        ways = out.setdefault(land, [])
        for t in nbrs:
            route = "strait" if t in straits else "land"
            forest = spaces[t].terrain == "forest"
            feature = border(land, t)
            dice = route_dice(route, forest, feature)
            ways.append((t, route, forest, feature, dice))
            into.setdefault(t, []).append((land, route, forest, feature, dice))
    made = ({k: tuple(v) for k, v in out.items()}, {k: tuple(v) for k, v in into.items()})
    _ROUTES[(id(land_nbrs), id(borders))] = (land_nbrs, borders, made)
    return made


def attack_dice(leader: bool, elite: bool) -> int:
    """The attacker's dice: 2, or 3 with a Leader or Elite Troops in force."""
    return 3 if (leader or elite) else 2


def judge(bonus: int = 0, fort: bool = False, wins_ties: bool = False) -> Callable[[int, int], str]:
    """(attacker's highest die, defender's highest die) -> "win", "tie" or "lose", with the bonuses in force."""
    plus = 1 if fort else 0

    def decide(a: int, d: int) -> str:
        a += bonus
        d += plus
        if a > d or (a == d and wins_ties):
            return "win"
        return "tie" if a == d else "lose"
    return decide


@lru_cache(maxsize=None)
def battle_odds(attack: int, defend: int, bonus: int = 0, fort: bool = False, wins_ties: bool = False,
                tie_rule: str = "both_die") -> dict[str, Fraction]:
    """The exact odds of one round: {"win", "tie", "lose"} (with ``tie_rule="reroll"`` a tie is rolled again; with
    ``"attacker_enters"`` a tie is the attacker's win, or its loss against a fort).

    >>> battle_odds(2, 1)["win"]
    Fraction(125, 216)

    Cached: a few dozen battles exist, and bots ask at every decision (do not change the dict returned).
    """
    counts, total = contest_counts(attack, defend, judge(bonus, fort, wins_ties))
    if tie_rule == "reroll":
        total = counts["win"] + counts["lose"]
        counts = {"win": counts["win"], "tie": 0, "lose": counts["lose"]}
    elif tie_rule == "attacker_enters":
        takes = "lose" if fort else "win"  # against a fort, a tie kills the attacking army (with the fort)
        counts = {**counts, takes: counts[takes] + counts["tie"], "tie": 0}
    return {k: Fraction(v, total) for k, v in counts.items()}


@lru_cache(maxsize=None)
def highest_die_bounds(dice: int) -> tuple[tuple[int, ...], int]:
    """The running totals of :func:`~hotw.dice.high_counts` (the rolls of ``dice`` dice whose highest die is at
    most 1, 2, ..., 6) and the number of rolls: a draw in ``range(6**dice)`` is the highest die ``bisect_right(totals,
    draw) + 1``, as walking the weights finds it."""
    totals = tuple(accumulate(high_counts(dice)))
    return totals, totals[-1]


@lru_cache(maxsize=None)
def conquest_odds(attack: int, defend: int, bonus: int = 0, fort: bool = False, wins_ties: bool = False,
                  tie_rule: str = "both_die") -> dict[str, Fraction]:
    """The exact odds of a whole attack with one army: {"win" (the land taken), "tie" (both die, the land empty),
    "lose" (the attacker dies)}, a fort's round included."""
    plain = battle_odds(attack, defend, bonus, False, wins_ties, tie_rule)
    if not fort:
        return plain
    first = battle_odds(attack, defend, bonus, True, wins_ties, tie_rule)
    through = first["win"] + first["tie"]
    return {"win": through * plain["win"], "tie": through * plain["tie"], "lose": first["lose"] + through * plain["lose"]}


def dice_for(result: str, bonus: int = 0, fort: bool = False, wins_ties: bool = False) -> tuple[int, int] | None:
    """An (attacker's highest, defender's highest) pair giving ``result``, or None if no roll gives it.

    >>> dice_for("win"), dice_for("lose"), dice_for("tie", fort=True)
    ((6, 1), (1, 6), (6, 5))
    """
    decide = judge(bonus, fort, wins_ties)
    wanted = ("win", "tie") if result == "round" else (result,)
    for a in range(6, 0, -1) if result != "lose" else range(1, 7):
        for d in range(1, 7) if result != "lose" else range(6, 0, -1):
            if decide(a, d) in wanted:
                return a, d
    return None
