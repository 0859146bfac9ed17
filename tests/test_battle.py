"""Tests of hotw.rulesets.hotw2018.battle: hand-picked dice, brute-force odds, siege odds, Monte Carlo."""

from __future__ import annotations

import dataclasses
import doctest
import itertools
import random
from fractions import Fraction
from functools import lru_cache

import pytest

import hotw.rulesets.hotw2018.battle as battle_module
from hotw.rulesets.hotw2018.battle import (
    BattleSetup,
    SiegeOdds,
    battle_odds,
    catapult_bonus,
    needs_reroll,
    outcome,
    roll_count,
    siege_odds,
    siege_report,
)
from hotw.errors import HotwError

PLAIN = BattleSetup()
NAVAL = BattleSetup(naval=True)


# -- outcome and needs_reroll on hand-picked dice


def test_defaults_and_roll_count() -> None:
    assert roll_count(PLAIN) == (2, 1)
    assert roll_count(BattleSetup(fortified=True)) == (2, 2)
    assert roll_count(BattleSetup(invader_dice=3, naval=True)) == (3, 1)
    assert BattleSetup(fortified=True).defender_dice == 2


@pytest.mark.parametrize(
    ("setup", "invader", "defender", "expected"),
    [
        (PLAIN, (2, 5), (4,), "win"),
        (PLAIN, (5, 2), (5,), "tie"),
        (PLAIN, (1, 3), (4,), "lose"),
        # terrain: +1 to the defender turns a win into a tie, a tie into a loss
        (BattleSetup(terrain=True), (2, 5), (4,), "tie"),
        (BattleSetup(terrain=True), (5, 5), (5,), "lose"),
        # fort: the defender's second die counts when it is the higher one
        (BattleSetup(fortified=True), (2, 5), (1, 6), "lose"),
        (BattleSetup(fortified=True), (2, 5), (5, 1), "tie"),
        (BattleSetup(fortified=True, terrain=True), (6, 6), (5, 2), "tie"),
        # invader bonus (catapult, events) is added to the highest invader die
        (BattleSetup(invader_bonus=1), (1, 4), (5,), "tie"),
        (BattleSetup(invader_bonus=3), (1, 4), (6,), "win"),
        (BattleSetup(defender_bonus=1), (6, 1), (5,), "tie"),
        # wins-ties event: a tie becomes a win, nothing else changes
        (BattleSetup(invader_wins_ties=True), (5, 2), (5,), "win"),
        (BattleSetup(invader_wins_ties=True), (1, 3), (4,), "lose"),
        (BattleSetup(invader_wins_ties=True, terrain=True), (2, 5), (4,), "win"),
        # a third invader die counts
        (BattleSetup(invader_dice=3), (1, 2, 6), (5,), "win"),
        # naval does not change the comparison of final dice
        (NAVAL, (2, 5), (4,), "win"),
    ],
)
def test_outcome(setup: BattleSetup, invader: tuple[int, ...], defender: tuple[int, ...], expected: str) -> None:
    assert outcome(setup, invader, defender) == expected


@pytest.mark.parametrize(
    ("setup", "invader", "defender", "expected"),
    [
        (PLAIN, (6, 6), (1,), None),  # not naval: never
        (BattleSetup(fortified=True, terrain=True), (6, 6), (1, 1), None),
        (NAVAL, (3, 5), (4,), 0),  # losing: reroll
        (NAVAL, (3, 5), (5,), None),  # tying on a 5: keep (a fresh die loses more often)
        (NAVAL, (3, 3), (3,), 0),  # tying on a 3: reroll (a fresh die wins more often)
        (NAVAL, (3, 5), (6,), None),  # winning: keep
        (BattleSetup(naval=True, terrain=True), (3, 5), (5,), None),  # 6 beats 5: keep
        (BattleSetup(naval=True, terrain=True), (3, 6), (5,), None),  # 6 ties 6 on a 5: keep
        (BattleSetup(naval=True, terrain=True), (1, 3), (2,), 0),  # 3 ties 3 on a 2: reroll
        (BattleSetup(naval=True, invader_bonus=2), (3, 5), (6,), 0),  # 6 loses to 7
        (BattleSetup(naval=True, defender_bonus=1), (3, 5), (5,), None),
        (BattleSetup(naval=True, invader_wins_ties=True), (3, 5), (5,), 0),
        # fortified: the lowest die is the one rerolled
        (BattleSetup(naval=True, fortified=True), (3, 5), (4, 2), 1),
        (BattleSetup(naval=True, fortified=True), (3, 5), (1, 5), 0),
        (BattleSetup(naval=True, fortified=True), (3, 5), (3, 3), 0),  # equal: the first
        (BattleSetup(naval=True, fortified=True), (3, 5), (6, 2), None),
    ],
)
def test_needs_reroll(
    setup: BattleSetup, invader: tuple[int, ...], defender: tuple[int, ...], expected: int | None
) -> None:
    assert needs_reroll(setup, invader, defender) == expected


def test_naval_reroll_played_out() -> None:
    """A losing single defender die is rerolled; the new die alone decides."""
    setup = NAVAL
    assert outcome(setup, (2, 5), (3,)) == "win"
    index = needs_reroll(setup, (2, 5), (3,))
    assert index == 0
    assert outcome(setup, (2, 5), (6,)) == "lose"  # reroll came up 6
    assert outcome(setup, (2, 5), (1,)) == "win"  # reroll came up 1


@pytest.mark.parametrize(
    ("invader", "defender"),
    [((1,), (1,)), ((1, 2, 3), (1,)), ((1, 7), (1,)), ((0, 2), (1,)), ((1, 2), (1, 2)), ((1, 2), ())],
)
def test_bad_dice_are_rejected(invader: tuple[int, ...], defender: tuple[int, ...]) -> None:
    with pytest.raises(HotwError):
        outcome(PLAIN, invader, defender)
    with pytest.raises(HotwError):
        needs_reroll(NAVAL, invader, defender)


def test_bad_setups_are_rejected() -> None:
    with pytest.raises(HotwError):
        BattleSetup(invader_dice=0)
    with pytest.raises(HotwError):
        BattleSetup(invader_bonus=1.5)  # type: ignore[arg-type]
    with pytest.raises(HotwError, match="no_such_flag"):
        battle_odds(no_such_flag=True)
    with pytest.raises(HotwError):
        siege_odds(armies=-1)
    with pytest.raises(HotwError):
        siege_odds(start_round=-1)


# -- exact odds against a brute-force walk over every roll


@lru_cache(maxsize=None)
def _all_rolls(invader_dice: int, defender_dice: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    faces = range(1, 7)
    return tuple(
        (dice[:invader_dice], dice[invader_dice:])
        for dice in itertools.product(faces, repeat=invader_dice + defender_dice)
    )


def brute_force_odds(
    invader_dice: int,
    fortified: bool,
    terrain: bool,
    naval: bool,
    invader_bonus: int,
    defender_bonus: int,
    wins_ties: bool,
) -> dict[str, Fraction]:
    """Every roll of every die (and of the reroll die), written straight from the rules."""
    defender_dice = 2 if fortified else 1
    lift = (1 if terrain else 0) + defender_bonus

    def judge(attack: int, defence: int) -> str:
        if attack > defence:
            return "win"
        if attack < defence:
            return "lose"
        return "win" if wins_ties else "tie"

    tally = {"win": 0, "tie": 0, "lose": 0}
    reroll_faces = range(1, 7) if naval else (None,)
    for invader, defender in _all_rolls(invader_dice, defender_dice):
        attack = max(invader) + invader_bonus
        before = max(defender) + lift
        for new_die in reroll_faces:
            final = list(defender)
            tie_reroll = wins_ties or fortified or max(defender) <= 3
            if new_die is not None and (before < attack or (before == attack and tie_reroll)):
                final[final.index(min(final))] = new_die
            tally[judge(attack, max(final) + lift)] += 1
    total = sum(tally.values())
    return {key: Fraction(n, total) for key, n in tally.items()}


FLAG_GRID = list(itertools.product([2, 3], [False, True], [False, True], [False, True], [False, True]))


@pytest.mark.parametrize(("invader_dice", "fortified", "terrain", "naval", "wins_ties"), FLAG_GRID)
def test_battle_odds_match_brute_force(
    invader_dice: int, fortified: bool, terrain: bool, naval: bool, wins_ties: bool
) -> None:
    for invader_bonus, defender_bonus in itertools.product(range(4), range(4)):
        setup = BattleSetup(
            invader_dice=invader_dice,
            fortified=fortified,
            terrain=terrain,
            naval=naval,
            invader_bonus=invader_bonus,
            defender_bonus=defender_bonus,
            invader_wins_ties=wins_ties,
        )
        expected = brute_force_odds(
            invader_dice, fortified, terrain, naval, invader_bonus, defender_bonus, wins_ties
        )
        odds = battle_odds(setup)
        assert odds == expected, setup
        assert sum(odds.values()) == 1
        assert all(p >= 0 for p in odds.values())
        if wins_ties:
            assert odds["tie"] == 0


def test_plain_battle_known_figures() -> None:
    # Invader max of 2 dice vs one defender die d: P(max <= m) = m**2 / 36.
    # P(win)  = 1/6 * sum_d (1 - d**2/36)   = 1/6 * (6 - 91/36) = 125/216
    # P(tie)  = 1/6 * sum_d P(max = d)      = 1/6               =  36/216
    # P(lose) = 1/6 * sum_d (d - 1)**2 / 36 = 1/6 * 55/36       =  55/216
    assert battle_odds() == {
        "win": Fraction(125, 216),
        "tie": Fraction(36, 216),
        "lose": Fraction(55, 216),
    }


def test_naval_known_figure() -> None:
    # Naval, one defender die d against invader high a: kept if d > a; a fresh die e
    # if d < a, or if d == a and d <= 3 (a tie on 4-6 is kept).
    # P(win) = sum_a (2a-1)/36 * [(a-1)/6 * (a-1)/6 + 1/6 * [a <= 3] * (a-1)/6]
    #        = (0 + 6 + 30 + 63 + 144 + 275) / 1296 = 518/1296 = 259/648
    assert battle_odds(naval=True)["win"] == Fraction(259, 648)


def test_flags_override_setup() -> None:
    base = BattleSetup(terrain=True)
    assert battle_odds(base, fortified=True) == battle_odds(BattleSetup(terrain=True, fortified=True))
    assert battle_odds(base, terrain=False) == battle_odds()


def test_bonuses_beyond_the_dice() -> None:
    assert battle_odds(invader_bonus=6)["win"] == 1
    assert battle_odds(defender_bonus=6, naval=True)["lose"] == 1
    assert battle_odds(invader_bonus=5, invader_wins_ties=True)["win"] == 1


def test_results_are_fresh_dicts() -> None:
    odds = battle_odds()
    odds["win"] = Fraction(0)
    assert battle_odds()["win"] == Fraction(125, 216)


# -- siege odds


SIEGE_SETUPS = [
    PLAIN,
    BattleSetup(fortified=True, terrain=True),
    BattleSetup(fortified=True, terrain=True, naval=True),
    BattleSetup(naval=True, invader_wins_ties=True, invader_bonus=1),
    BattleSetup(invader_dice=3, defender_bonus=2),
    BattleSetup(defender_bonus=9),  # the invader can never win
]


def _battle_at(setup: BattleSetup, siege_round: int) -> dict[str, Fraction]:
    bonus = setup.invader_bonus + min(siege_round, 3)
    return battle_odds(dataclasses.replace(setup, invader_bonus=bonus))


def reference_siege(setup: BattleSetup, armies: int, start_round: int) -> tuple[dict[str, Fraction], Fraction]:
    """Round-by-round recursion straight from the siege rules."""
    odds = _battle_at(setup, start_round)
    if armies == 0:
        return odds, Fraction(0)
    later, later_armies = reference_siege(setup, armies - 1, start_round + 1)
    lost = odds["lose"]
    result = {
        "win": odds["win"] + lost * later["win"],
        "tie": odds["tie"] + lost * later["tie"],
        "lose": lost * later["lose"],
    }
    return result, lost * (1 + later_armies)


@pytest.mark.parametrize("setup", SIEGE_SETUPS)
def test_siege_matches_round_by_round_recursion(setup: BattleSetup) -> None:
    for armies, start_round in itertools.product(range(9), range(6)):
        report = siege_report(setup, armies=armies, start_round=start_round)
        expected, expected_armies = reference_siege(setup, armies, start_round)
        assert report.as_dict() == expected, (armies, start_round)
        assert report.expected_armies == expected_armies, (armies, start_round)
        assert report.win + report.tie + report.lose == 1


@pytest.mark.parametrize("setup", SIEGE_SETUPS)
def test_siege_without_armies_is_one_battle(setup: BattleSetup) -> None:
    assert siege_odds(setup, armies=0) == battle_odds(setup)
    assert siege_odds(setup, armies=7, keep_sieging=False) == battle_odds(setup)
    assert siege_report(setup, armies=7, keep_sieging=False).expected_armies == 0
    assert siege_odds(setup, armies=0, start_round=2) == battle_odds(setup, invader_bonus=setup.invader_bonus + 2)


@pytest.mark.parametrize("setup", SIEGE_SETUPS)
def test_siege_monotone_in_armies(setup: BattleSetup) -> None:
    previous = siege_report(setup, armies=0)
    for armies in range(1, 30):
        report = siege_report(setup, armies=armies)
        assert report.win >= previous.win
        assert report.tie >= previous.tie
        assert report.lose <= previous.lose
        assert report.expected_armies >= previous.expected_armies
        assert report.expected_armies <= armies
        previous = report


def test_catapult_track() -> None:
    assert [catapult_bonus(r) for r in range(7)] == [0, 1, 2, 3, 3, 3, 3]
    # The first siege round of a plain battle is a battle at +1.
    first = battle_odds()
    two = siege_odds(armies=1)
    assert two["win"] == first["win"] + first["lose"] * battle_odds(invader_bonus=1)["win"]
    assert siege_report(armies=1).expected_armies == first["lose"]


def test_many_armies_use_the_closed_form() -> None:
    report = siege_report(BattleSetup(defender_bonus=9), armies=1000)
    assert report.lose == 1 and report.expected_armies == 1000
    big = siege_report(BattleSetup(fortified=True, terrain=True, naval=True), armies=200)
    assert big.win + big.tie + big.lose == 1


def _roll(rng: random.Random, n: int) -> list[int]:
    return [rng.randrange(1, 7) for _ in range(n)]


def test_siege_monte_carlo() -> None:
    """Play 200k seeded attacks with the engine's own calls and compare with the exact odds."""
    setup = BattleSetup(fortified=True, terrain=True, naval=True)
    armies = 4
    rng = random.Random(1234)
    attacks = 200_000
    tally = {"win": 0, "tie": 0, "lose": 0}
    spent = 0
    for _ in range(attacks):
        siege_round = 0
        left = armies
        while True:
            battle = dataclasses.replace(setup, invader_bonus=catapult_bonus(siege_round))
            invader_n, defender_n = roll_count(battle)
            invader, defender = _roll(rng, invader_n), _roll(rng, defender_n)
            index = needs_reroll(battle, invader, defender)
            if index is not None:
                defender[index] = rng.randrange(1, 7)
            result = outcome(battle, invader, defender)
            if result != "lose" or left == 0:
                break
            left -= 1
            spent += 1
            siege_round += 1
        tally[result] += 1
    exact = siege_report(setup, armies=armies)
    for key in ("win", "tie", "lose"):
        assert abs(tally[key] / attacks - float(getattr(exact, key))) < 0.01, key
    assert abs(spent / attacks - float(exact.expected_armies)) < 0.02


def test_siege_odds_type() -> None:
    report = siege_report()
    assert isinstance(report, SiegeOdds)
    assert siege_odds() == report.as_dict()
    assert all(isinstance(p, Fraction) for p in siege_odds().values())


def test_doctests() -> None:
    failures, tried = doctest.testmod(battle_module)
    assert tried > 0 and failures == 0


def test_a_battle_made_without_its_init_is_the_dataclass_s_own() -> None:
    """``invasion.new_battle`` sets a fresh battle's slots itself: every field as ``Battle(...)`` sets it."""
    from hotw.rulesets.hotw2018.battle import PRINTED_DICE
    from hotw.rulesets.hotw2018.battle import battle_setup as setup_of
    from hotw.rulesets.hotw2018.invasion import new_battle
    from hotw.rulesets.hotw2018.pieces import Battle

    setup = setup_of(PRINTED_DICE, True, False, True, 0)
    for args in (("gaul", 1, True, False), ("nile_delta", 0, False, True)):
        made, own = new_battle(*args, setup), Battle(*args, 0, 0, setup)
        for f in dataclasses.fields(Battle):
            assert getattr(made, f.name) == getattr(own, f.name), f.name
        assert made == own and made.inv is not own.inv and made.inv == [] and made.dfn == []
        assert new_battle(*args, setup).inv is not made.inv  # each battle its own dice lists
