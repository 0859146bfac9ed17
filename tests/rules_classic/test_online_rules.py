"""Rules of the online classic game (the game logs) offered as options: the tie rule and the start lands.

The printed rules stay the default; each test plays the option against it (docs/rules-classic.md, section 5).
"""

from __future__ import annotations

from fractions import Fraction

from hotw.board import load_board
from hotw.rulesets import get_ruleset
from hotw.rulesets.classic.battle import battle_odds, conquest_odds
from hotw.rulesets.classic.links import online_starts
from tests.rules_classic.helpers import act, begun, roll, start


def _egypt_attacks_libya(fields: dict | None = None, **options: object):  # type: ignore[no-untyped-def]
    """Egypt's turn begun, Ben's army in Libya (and ``fields``, the position's other pieces, laid out)."""
    return begun("egypt", armies={"libya": 1}, options=options, **(fields or {}))


def test_online_tie_the_defender_dies_and_the_attacker_enters_keeping_the_capitol() -> None:
    game = _egypt_attacks_libya({"structures": {"libya": "capitol"}}, tie_rule="attacker_enters")
    armies = game.actor.armies
    act(game, "invade:libya")
    roll(game, 4, 4)
    assert game.owner["libya"] == 0 and game.structures["libya"] == "capitol"
    assert game.actor.armies == armies - 1 and game.actor.lost == 0 and game.decision.step == "expand"


def test_printed_tie_both_die_and_the_capitol_stays_on_an_empty_land() -> None:
    game = _egypt_attacks_libya({"structures": {"libya": "capitol"}})
    act(game, "invade:libya")
    roll(game, 4, 4)
    assert "libya" not in game.owner and game.structures["libya"] == "capitol" and game.actor.lost == 1


def test_online_tie_at_a_fort_kills_the_attacking_army_with_the_fort() -> None:
    game = _egypt_attacks_libya({"forts": ["libya"]}, tie_rule="attacker_enters")
    act(game, "invade:libya")
    roll(game, 5, 4)  # 5 against 4 + 1
    assert "libya" not in game.forts and game.owner["libya"] == 1
    assert game.actor.lost == 1 and game.decision.step == "expand"


def test_online_win_at_a_fort_removes_the_fort_and_the_battle_goes_on() -> None:
    game = _egypt_attacks_libya({"forts": ["libya"]}, tie_rule="attacker_enters")
    act(game, "invade:libya")
    roll(game, 6, 4)
    assert "libya" not in game.forts and game.owner["libya"] == 1 and game.decision.step == "roll"
    roll(game, 3, 3)  # a tie without the fort: the attacker enters
    assert game.owner["libya"] == 0


def test_online_tie_odds_count_a_tie_as_taking_the_land_or_as_losing_at_a_fort() -> None:
    plain = battle_odds(2, 1)
    online = conquest_odds(2, 1, tie_rule="attacker_enters")
    assert online == {"win": plain["win"] + plain["tie"], "tie": 0, "lose": plain["lose"]}
    at_fort = battle_odds(2, 1, fort=True)
    assert conquest_odds(2, 1, fort=True, tie_rule="attacker_enters")["win"] == at_fort["win"] * online["win"]
    assert sum(conquest_odds(2, 2, fort=True, tie_rule="attacker_enters").values()) == Fraction(1)


def test_online_start_lands_of_minor_empires_come_from_the_logs() -> None:
    board = load_board(get_ruleset("classic").board_path())
    assert online_starts(board) == {"fujiwara": ("hokkaido",), "safavids": ("persian_salt_desert",)}


def test_online_ocean_fleets_reach_every_sea_its_waters_lead_to() -> None:
    printed, online = start(3), start(3, ocean_fleets="connected")
    near = printed.fleet_spaces(("atlantic_ocean",))
    assert "north_sea" in near and "black_sea" not in near
    far = online.fleet_spaces(("atlantic_ocean",))
    assert {"black_sea", "red_sea", "sea_of_japan", "atlantic_ocean"} <= far and "caspian_sea" not in far
    assert online.fleet_spaces(("black_sea",)) == {"black_sea"}  # a listed sea gives that sea only


def test_online_navigation_of_the_cards_comes_from_the_online_card_data() -> None:
    from hotw.rulesets.classic.links import online_navigation

    board = load_board(get_ruleset("classic").board_path())
    nav = online_navigation(board)
    assert nav["russia"] == ("black_sea", "sea_of_japan") and nav["mongols"] == ()
    assert nav["macedonia"] == ("red_sea", "black_sea", "eastern_mediterranean")
