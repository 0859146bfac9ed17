"""The 2018 battle: its dice rules and their exact odds, on the shared dice mechanism of :mod:`hotw.dice`.

A battle is described by a frozen :class:`BattleSetup`; the engine decides its
flags (fort, terrain, naval, bonuses) and this module only reads the dice:

* the invader rolls ``invader_dice`` dice (2 by default) and keeps the highest,
  then adds ``invader_bonus`` (catapult +1/+2/+3 while sieging, plus events);
* the defender rolls 1 die, or 2 if fortified, keeps the highest, then adds
  1 for terrain (mountain / forest) and ``defender_bonus``;
* higher result wins; equal results tie, unless ``invader_wins_ties``.

Naval invasions let the defender reroll one die. The rules leave the choice to
the defender; the engine plays it by a fixed rule, :func:`needs_reroll`:
the defender rerolls its lowest die when it would lose; on a tie it rerolls
when that cannot hurt (behind a fort, or when ties count as the invader's win)
or when a fresh die is likelier to win than to lose (a lone die showing 1-3).

The odds are exact fractions, counted by :func:`hotw.dice.contest_counts` (every
equally likely roll, grouped by its highest die); the tests check them against a
plain walk over all ``6**k`` rolls.

>>> battle_odds()["win"]
Fraction(125, 216)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hotw.dice import SIDES, contest_counts, high_counts
from hotw.errors import HotwError

__all__ = [
    "CATAPULT_MAX",
    "OUTCOMES",
    "SIDES",
    "battle_fractions",
    "PRINTED_DICE",
    "BattleSetup",
    "DiceEffects",
    "battle_setup",
    "SiegeOdds",
    "battle_odds",
    "catapult_bonus",
    "clear_odds_cache",
    "needs_reroll",
    "outcome",
    "roll_count",
    "siege_odds",
    "siege_report",
]

CATAPULT_MAX = 3
"""Highest catapult bonus; later siege armies go to supply instead."""

OUTCOMES = ("win", "tie", "lose")
"""Battle outcomes, always from the invader's side."""

DEFAULT_SIEGE_ARMIES = 3
"""Default armies for siege rounds: enough to fill the catapult's three spaces."""


@dataclass(frozen=True)
class BattleSetup:
    """Everything that decides one battle's dice; hashable, so odds are cached per setup."""

    invader_dice: int = 2
    fortified: bool = False
    terrain: bool = False
    naval: bool = False
    invader_bonus: int = 0
    defender_bonus: int = 0
    invader_wins_ties: bool = False

    def __post_init__(self) -> None:
        """Reject setups no battle can have (no dice, non-integer bonuses)."""
        if isinstance(self.invader_dice, bool) or not isinstance(self.invader_dice, int):
            raise HotwError(f"invader_dice must be a whole number, not {self.invader_dice!r}")
        if self.invader_dice < 1:
            raise HotwError(f"the invader rolls at least 1 die, not {self.invader_dice}")
        for name in ("invader_bonus", "defender_bonus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise HotwError(f"{name} must be a whole number, not {value!r}")

    @property
    def defender_dice(self) -> int:
        """Dice the defender rolls: 2 behind a fort, else 1."""
        return 2 if self.fortified else 1


@dataclass(frozen=True)
class DiceEffects:
    """What an empire's abilities and played events do to its battles' dice (all off: the printed dice)."""

    battle_bonus: int = 0
    siege_bonus: int = 0
    extra_die: bool = False
    ignore_forts: bool = False
    ignore_terrain: bool = False
    no_naval_reroll: bool = False
    wins_ties: bool = False

    @classmethod
    def of(cls, effects: Sequence[Mapping[str, Any]]) -> "DiceEffects":
        """The dice effects among ``effects`` (dicts with ``kind`` and their number); others are ignored."""
        kinds = {e["kind"] for e in effects}
        return cls(
            battle_bonus=sum(int(e.get("value", 0)) for e in effects if e["kind"] == "battle_bonus"),
            siege_bonus=sum(int(e.get("value", 0)) for e in effects if e["kind"] == "siege_bonus"),
            extra_die="extra_die" in kinds, ignore_forts="ignore_forts" in kinds,
            ignore_terrain="ignore_terrain" in kinds, no_naval_reroll="no_naval_reroll" in kinds,
            wins_ties="wins_ties" in kinds,
        )


PRINTED_DICE = DiceEffects()
"""No ability or event in force."""

_SETUPS: dict[tuple[int, bool, bool, bool, int, bool], "BattleSetup"] = {}


def battle_setup(effects: DiceEffects, fort: bool, rough: bool, naval: bool, siege_round: int,
                 catapult_max: int = CATAPULT_MAX) -> "BattleSetup":
    """The dice of one battle: a fort, rough terrain (mountain or forest), by fleet, the siege round, the effects.

    The one place where abilities and events become dice: the engine, the bots and
    the odds shown to players all ask it.

    >>> battle_setup(DiceEffects(extra_die=True), fort=True, rough=False, naval=False, siege_round=2)
    BattleSetup(invader_dice=3, fortified=True, terrain=False, naval=False, invader_bonus=2, defender_bonus=0, invader_wins_ties=False)
    """
    bonus = min(siege_round, catapult_max) + effects.battle_bonus + (effects.siege_bonus if siege_round else 0)
    key = (3 if effects.extra_die else 2, fort and not effects.ignore_forts, rough and not effects.ignore_terrain,
           naval and not effects.no_naval_reroll, bonus, effects.wins_ties)
    # Setups are immutable values: one instance per distinct setup (a battle starts every few moves).
    setup = _SETUPS.get(key)
    if setup is None:
        setup = _SETUPS[key] = BattleSetup(invader_dice=key[0], fortified=key[1], terrain=key[2], naval=key[3],
                                           invader_bonus=bonus, invader_wins_ties=key[5])
    return setup


def catapult_bonus(siege_round: int) -> int:
    """Catapult bonus of a battle: 0 for the invasion, then +1, +2, +3, +3, ...

    ``siege_round`` counts the siege rounds fought so far, so 0 is the first
    battle of an invasion and 1 the first siege round.
    """
    if siege_round < 0:
        raise HotwError(f"siege round must be 0 or more, not {siege_round}")
    return min(siege_round, CATAPULT_MAX)


def roll_count(setup: BattleSetup) -> tuple[int, int]:
    """Dice to roll first as (invader, defender); a naval reroll comes after."""
    return setup.invader_dice, setup.defender_dice


# -- the rules on the highest dice (shared by the public functions and the odds)


def _invader_result(setup: BattleSetup, high: int) -> int:
    return high + setup.invader_bonus


def _defender_result(setup: BattleSetup, high: int) -> int:
    return high + (1 if setup.terrain else 0) + setup.defender_bonus


def _judge(setup: BattleSetup, invader_high: int, defender_high: int) -> str:
    attack = _invader_result(setup, invader_high)
    defence = _defender_result(setup, defender_high)
    if attack > defence or (attack == defence and setup.invader_wins_ties):
        return "win"
    return "lose" if attack < defence else "tie"


def _wants_reroll(setup: BattleSetup, invader_high: int, defender_high: int) -> bool:
    # The fixed defender rule: reroll a losing die; reroll a tie only when that
    # cannot hurt (a fort's other die keeps the high value, or a tie counts as a
    # loss anyway) or when a fresh die is more likely to beat the tie than to
    # lose it (the tied die shows 3 or less).
    if not setup.naval:
        return False
    attack = _invader_result(setup, invader_high)
    defence = _defender_result(setup, defender_high)
    if defence != attack:
        return defence < attack
    return setup.invader_wins_ties or setup.defender_dice > 1 or defender_high <= 3


def _high_after_reroll(setup: BattleSetup, defender_high: int, new_die: int) -> int:
    # The lowest die is rerolled. With one die the new die is the result; with
    # more, some other die still shows the old highest value.
    return new_die if setup.defender_dice == 1 else max(defender_high, new_die)


def _check_rolls(setup: BattleSetup, invader_rolls: Sequence[int], defender_rolls: Sequence[int]) -> None:
    expected = roll_count(setup)
    for side, rolls, count in (
        ("invader", invader_rolls, expected[0]),
        ("defender", defender_rolls, expected[1]),
    ):
        if len(rolls) != count:
            raise HotwError(f"the {side} rolls {count} dice here, but {len(rolls)} were given: {tuple(rolls)}")
        for die in rolls:
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= SIDES:
                raise HotwError(f"a die shows 1 to {SIDES}, not {die!r} ({side} rolls {tuple(rolls)})")


def needs_reroll(setup: BattleSetup, invader_rolls: Sequence[int], defender_rolls: Sequence[int]) -> int | None:
    """Index of the defender die to reroll, or None to keep the dice.

    Only naval battles allow a reroll. The defender rerolls its lowest die
    (the first one if several are lowest) when it would lose. On a tie it
    rerolls behind a fort (the other die keeps the high value), when ties count
    as the invader's win, or when its lone die shows 3 or less (a fresh die is
    then likelier to win than to lose); a lone die tied at 4-6 is kept.
    Plain naval battle: the invader wins 259/648.

    >>> needs_reroll(BattleSetup(naval=True), (3, 5), (4,))
    0
    >>> needs_reroll(BattleSetup(naval=True, fortified=True), (3, 5), (6, 2)) is None
    True
    """
    _check_rolls(setup, invader_rolls, defender_rolls)
    return reroll_index(setup, invader_rolls, defender_rolls)


def reroll_index(setup: BattleSetup, invader_rolls: Sequence[int], defender_rolls: Sequence[int]) -> int | None:
    """:func:`needs_reroll` for dice already known to be valid (the engine's own rolls): no checks."""
    if not setup.naval or not _wants_reroll(setup, max(invader_rolls), max(defender_rolls)):
        return None
    return defender_rolls.index(min(defender_rolls))


def outcome(setup: BattleSetup, invader_rolls: Sequence[int], defender_rolls: Sequence[int]) -> str:
    """"win", "lose" or "tie" for the invader, given the final dice (after any reroll).

    >>> outcome(BattleSetup(), (2, 5), (4,))
    'win'
    >>> outcome(BattleSetup(terrain=True), (2, 5), (4,))
    'tie'
    """
    _check_rolls(setup, invader_rolls, defender_rolls)
    return _judge(setup, max(invader_rolls), max(defender_rolls))


def outcome_unchecked(setup: BattleSetup, invader_rolls: Sequence[int], defender_rolls: Sequence[int]) -> str:
    """:func:`outcome` for dice already known to be valid (the engine's own rolls): no checks.

    :func:`_judge` written out (the engine asks it at every battle)."""
    attack = max(invader_rolls) + setup.invader_bonus
    defence = max(defender_rolls) + setup.defender_bonus + (1 if setup.terrain else 0)
    if attack > defence or (attack == defence and setup.invader_wins_ties):
        return "win"
    return "lose" if attack < defence else "tie"


# -- exact odds


@lru_cache(maxsize=4096)
def _battle_counts(setup: BattleSetup) -> tuple[int, int, int, int]:
    """(win, tie, lose, total) counts of equally likely rolls, reroll die included."""
    counts, total = contest_counts(
        setup.invader_dice, setup.defender_dice,
        lambda a, d: _judge(setup, a, d),
        (lambda a, d: _wants_reroll(setup, a, d)) if setup.naval else None,
        lambda high, new: _high_after_reroll(setup, high, new),
    )
    return counts["win"], counts["tie"], counts["lose"], total


@lru_cache(maxsize=4096)
def battle_fractions(setup: BattleSetup) -> tuple[Fraction, Fraction, Fraction]:
    """(win, tie, lose) of one battle as fractions: :func:`battle_odds` without a dict (bots ask it often)."""
    win, tie, lose, total = _battle_counts(setup)
    return Fraction(win, total), Fraction(tie, total), Fraction(lose, total)


def _apply_flags(setup: BattleSetup, flags: dict[str, object]) -> BattleSetup:
    if not flags:
        return setup
    unknown = sorted(set(flags) - {f.name for f in dataclasses.fields(BattleSetup)})
    if unknown:
        raise HotwError(f"unknown battle flag(s) {', '.join(unknown)}")
    return dataclasses.replace(setup, **flags)  # type: ignore[arg-type]


def battle_odds(setup: BattleSetup = BattleSetup(), **flags: object) -> dict[str, Fraction]:
    """Exact {"win", "tie", "lose"} odds of one battle; keyword flags override ``setup``.

    >>> battle_odds()["win"]
    Fraction(125, 216)
    >>> battle_odds(terrain=True, fortified=True)["lose"]
    Fraction(791, 1296)
    """
    win, tie, lose = battle_fractions(_apply_flags(setup, flags))
    return {"win": win, "tie": tie, "lose": lose}


@dataclass(frozen=True)
class SiegeOdds:
    """Exact odds of a whole attack (first battle plus siege rounds) and its army cost."""

    win: Fraction
    tie: Fraction
    lose: Fraction
    expected_armies: Fraction

    def as_dict(self) -> dict[str, Fraction]:
        """The odds alone, as {"win", "tie", "lose"}."""
        return {"win": self.win, "tie": self.tie, "lose": self.lose}


def _geometric(ratio: Fraction, terms: int) -> Fraction:
    """1 + ratio + ... + ratio**(terms - 1)."""
    if ratio == 1:
        return Fraction(terms)
    return (1 - ratio**terms) / (1 - ratio)


@lru_cache(maxsize=4096)
def _siege(setup: BattleSetup, battles: int, start_round: int) -> SiegeOdds:
    win = tie = spent = Fraction(0)
    reach = Fraction(1)  # chance that the current battle is fought
    siege_round = start_round
    fought = 0
    # Rounds before the catapult is full: each has its own bonus.
    while fought < battles and siege_round < CATAPULT_MAX:
        if fought:
            spent += reach
        odds = battle_fractions(
            dataclasses.replace(setup, invader_bonus=setup.invader_bonus + catapult_bonus(siege_round))
        )
        win += reach * odds[0]
        tie += reach * odds[1]
        reach *= odds[2]
        fought += 1
        siege_round += 1
    # From +3 on every round is the same battle: sum the rest as a geometric series.
    rest = battles - fought
    if rest:
        odds = battle_fractions(dataclasses.replace(setup, invader_bonus=setup.invader_bonus + CATAPULT_MAX))
        series = _geometric(odds[2], rest)
        win += reach * odds[0] * series
        tie += reach * odds[1] * series
        spent += reach * (series if fought else series - 1)
        reach *= odds[2] ** rest
    return SiegeOdds(win=win, tie=tie, lose=reach, expected_armies=spent)


def siege_report(
    setup: BattleSetup = BattleSetup(),
    armies: int = DEFAULT_SIEGE_ARMIES,
    start_round: int = 0,
    keep_sieging: bool = True,
) -> SiegeOdds:
    """Exact odds and expected siege armies of an attack that sieges until it wins, ties or runs out.

    The first battle uses ``setup`` with catapult ``catapult_bonus(start_round)``
    added to ``setup.invader_bonus`` (so leave the catapult out of the setup).
    Each lost battle is followed, while ``keep_sieging`` and an army remains,
    by a siege round costing one of ``armies`` with the next catapult bonus
    (+1, +2, +3, +3, ...). The first battle's army is already committed and
    is not counted. ``lose`` means the attack ended on a lost battle.

    >>> siege_report(armies=0).expected_armies
    Fraction(0, 1)
    """
    if isinstance(armies, bool) or not isinstance(armies, int) or armies < 0:
        raise HotwError(f"armies must be a whole number, 0 or more, not {armies!r}")
    catapult_bonus(start_round)  # validates
    return _siege(setup, 1 + (armies if keep_sieging else 0), start_round)


def siege_odds(
    setup: BattleSetup = BattleSetup(),
    armies: int = DEFAULT_SIEGE_ARMIES,
    start_round: int = 0,
    keep_sieging: bool = True,
) -> dict[str, Fraction]:
    """Exact {"win", "tie", "lose"} odds of an attack with siege rounds (see :func:`siege_report`).

    >>> siege_odds(armies=0) == battle_odds()
    True
    """
    return siege_report(setup, armies, start_round, keep_sieging).as_dict()


def clear_odds_cache() -> None:
    """Forget every cached odds (for cold-start benchmarks; results never go stale)."""
    for cached in (_battle_counts, battle_fractions, _siege, high_counts):
        cached.cache_clear()
