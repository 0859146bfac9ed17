"""What a classic bot reads once a decision, and the odds it weighs an attack by.

A decision reads the board and the events in force once (:func:`look_of`, a :class:`Look`); the odds of a battle
are kept as floats for the process (:func:`win_tie`), with the share of a win that keeps the land's buildings under
the online tie rule (:func:`enter_share`); what a capitol or city is worth to its taker, at the points in force,
kept or reduced (:func:`structure_gains`, :func:`kept_more`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, NamedTuple

from hotw.rulesets.classic.battle import attack_dice, battle_odds, conquest_odds
from hotw.rulesets.classic.observation import ClassicObservation


@lru_cache(maxsize=8)
def structure_gains(points: tuple[int, ...]) -> dict[str, tuple[int, int, float]]:
    """What a land's structure is worth to the bot that takes it, at ``structure_points`` (a capitol's, a city's):
    kept (a land entered empty under ``empty_keeps`` keeps its buildings), taken (a capitol becomes a city and a
    city goes), and the weight of its holder's loss (half a capitol's points, a city's)."""
    capitol, city = points[0], points[1]
    return {"capitol": (capitol, city, 0.5 * capitol), "city": (city, 0, float(city))}


NO_STRUCTURE = (0, 0, 0.0)
"""A land with no capitol or city: nothing kept, taken or lost."""


class Look(NamedTuple):
    """What one decision reads of the board and the events in force, read once: each read of the observation makes
    a new view (the forts and the events a copy), and an expand decision weighs every target with them."""

    owner: Mapping[str, int]
    counts: Mapping[str, tuple[int, ...]]
    structures: Mapping[str, str]
    monuments: Mapping[str, int]
    forts: frozenset[str]
    opts: Mapping[str, Any]
    score: tuple[int, ...]
    top: int  # the highest score
    epoch: int
    odds: tuple[int, int, bool, bool, str]  # attack dice, weaponry, forts ignored, ties won, tie rule
    rules: tuple[bool, bool, tuple[int, ...]]  # what a land's gain reads: empty lands keep, the online resource
    # symbols, the points of a capitol, a city and a monument
    worth: Mapping[str, tuple[int, int, float]]  # a structure's worth at those points (see structure_gains)


def look_of(obs: ClassicObservation) -> Look:
    """What the decision at ``obs`` reads: the board as the game holds it, the rules and the odds in force."""
    fx, opts, score = obs.effects, obs.opts, obs.score
    wins_ties = bool(fx.get("wins_ties")) and not (opts["ties_until_losses"] and fx.get(
        "battles_lost", 0) >= opts["ties_until_losses"])
    odds = (attack_dice(bool(fx.get("leader")), bool(fx.get("elite"))), int(fx.get("weaponry", 0)),
            bool(fx.get("siegecraft") and opts["siegecraft_ignores_forts"]), wins_ties, odds_tie_rule(obs))
    owner, counts, structures, monuments = obs.board_now()  # the game's own (a decision reads, never changes them)
    points = tuple(opts["structure_points"])
    return Look(owner, counts, structures, monuments, obs.forts, opts, score, max(score), obs.epoch, odds,
                (bool(opts["empty_keeps"]), bool(opts["online_resources"]), points), structure_gains(points))


ODDS: dict[tuple[Any, ...], tuple[float, float]] = {}
"""(the look's odds, the defender's dice, a fort) -> the chances of a win and of a tie, as floats (for the process)."""


def win_tie(odds: tuple[int, int, bool, bool, str], dice: int, fort: bool) -> tuple[float, float]:
    key = (odds, dice, fort)
    hit = ODDS.get(key)
    if hit is None:
        attack, bonus, _ignored, wins_ties, rule = odds
        exact = conquest_odds(attack, dice, bonus, fort, wins_ties, rule)
        hit = ODDS[key] = (float(exact["win"]), float(exact["tie"]))
    return hit


@lru_cache(maxsize=None)
def enter_share(odds: tuple[int, int, bool, bool, str], dice: int, fort: bool) -> float:
    """The chance that an attack takes its land by a tie under the online tie rule (``"attacker_enters"``): the
    defender dies and the attacking army enters, the capitol or city kept as it stands. Part of the win
    :func:`win_tie` gives; 0.0 under any other rule or when the attacker wins ties. A tie at a fort kills the
    attacker with the fort, so the tie that enters is the plain round's, once the fort has fallen."""
    attack, bonus, _ignored, wins_ties, rule = odds
    if rule != "attacker_enters" or wins_ties:
        return 0.0
    through = battle_odds(attack, dice, bonus, True, False, rule)["win"] if fort else 1
    return float(through * battle_odds(attack, dice, bonus, False, False, "both_die")["tie"])


def kept_more(look: Look, land: str) -> float:
    """What ``land``'s capitol or city is worth more to its taker kept as it stands than reduced by a conquest."""
    kind = look.structures.get(land)
    if kind is None:
        return 0.0
    kept, taken, _loss = look.worth.get(kind, NO_STRUCTURE)
    return float(kept - taken)


def odds_tie_rule(obs: ClassicObservation) -> str:
    """The tie rule the bots' odds follow: the one in force (both die, as printed; the 1993 re-roll, a tie rolled
    again; the online game's, a tie takes the land or loses the army at a fort)."""
    return str(obs.opts["tie_rule"])
