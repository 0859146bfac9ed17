"""Rules of monuments, scoring and pre-eminence (docs/rules-classic.md, sections 5-7)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import hotw
from hotw.scoring import level_index
from hotw.rulesets.classic.scoring import area_level

from tests.rules_classic.helpers import act, begin_with, called, start


def region_points(game: object, p: int, region: str) -> int:
    bd = game.score_breakdown(p)
    return next(r.points for r in bd.regions if r.region == region)


def test_area_values_are_the_epochs_chart() -> None:
    game = start(3)
    assert game.content.areas["middle_east"].values(1) == (2, 4, 6)
    assert game.content.areas["australasia"].values(6) == (0, 0, 0)


def test_presence_is_one_land() -> None:
    game = called(armies={"levant": 0})
    assert region_points(game, 0, "middle_east") == 2


def test_dominance_is_two_lands_and_more_than_any_other_player() -> None:
    game = called(armies={"levant": 0, "palestine": 0, "zagros": 1})
    assert region_points(game, 0, "middle_east") == 4
    game = called(armies={"levant": 0, "palestine": 0, "zagros": 1, "oman": 1})  # 2 against 2: presence only
    assert region_points(game, 0, "middle_east") == 2


def test_control_is_three_lands_and_no_other_player() -> None:
    game = called(armies={"levant": 0, "palestine": 0, "zagros": 0})
    assert region_points(game, 0, "middle_east") == 6
    game = called(armies={"levant": 0, "palestine": 0, "zagros": 0, "oman": 2})  # another player there: dominance
    assert region_points(game, 0, "middle_east") == 4


def test_the_2001_levels_are_the_shared_levels() -> None:
    for mine in range(6):
        for best in range(6):
            assert area_level(mine, best, 12) == level_index(mine, best)


def test_the_1993_levels_need_three_lands_to_dominate_and_every_land_to_control() -> None:
    game = called(armies={"levant": 0, "palestine": 0}, options={"area_rule": "1993"})
    assert region_points(game, 0, "middle_east") == 2
    every = {land: 1 for land in game.board.regions["north_africa"].lands}
    game = called(armies=every, options={"area_rule": "1993"})
    assert region_points(game, 1, "north_africa") == 3


def test_every_army_of_your_colour_counts_whatever_its_empire() -> None:
    game = called(armies={"zagros": 0}, hands={0: ["hittites", "canaanites"]})  # Zagros: an army laid out by hand
    act(game, "play_event:canaanites", "play_event:hittites", "invade:western_anatolia", "invade:levant")
    assert len({game.land_force[t] for t in ("zagros", "palestine", "levant")}) == 3  # Canaanites, Hittites
    assert region_points(game, 0, "middle_east") == 6


def test_capitol_two_city_one_monument_one() -> None:
    game = called(armies={"wei_river": 0, "yellow_river": 0, "libya": 1},
                  structures={"wei_river": "capitol", "yellow_river": "city", "libya": "capitol"},
                  monuments={"yellow_river": 2, "libya": 1})
    bd = game.score_breakdown(0)
    assert (bd.count("capitol"), bd.count("city"), bd.count("monument")) == (1, 1, 2)
    assert bd.structure_points == 2 + 1 + 2


def test_monuments_are_built_from_resource_lands_after_the_empire_acts() -> None:
    game = start(3)
    begin_with(game)
    act(game, "invade:upper_nile", "invade:libya", "invade:palestine", "invade:nubia")
    # Nile Delta 2, Upper Nile 1, Nubia 1 resource symbols: two monuments, one per two symbols
    assert game.decision.step == "monument" and game.to_build == 2
    act(game, "monument:nile_delta", "monument:nile_delta")
    assert game.monuments["nile_delta"] == 2


def test_the_online_monument_rule_counts_lands_with_resource_symbols_not_symbols() -> None:
    game = start(3, monument_lands=3)
    begin_with(game)
    act(game, "invade:upper_nile", "invade:libya", "invade:palestine")
    # Nile Delta (2 symbols) and Upper Nile (1): two resource lands, no monument at one per three lands
    act(game, "end_turn")
    assert game.decision.step != "monument" and game.monuments == {}
    game = start(3, monument_lands=3)
    begin_with(game)
    act(game, "invade:upper_nile", "invade:libya", "invade:palestine", "invade:nubia")
    # Nile Delta, Upper Nile and Nubia: three resource lands, one monument (not two for four symbols)
    assert game.decision.step == "monument" and game.to_build == 1


def test_the_player_scores_after_each_empire() -> None:
    game = start(3)
    begin_with(game)
    act(game, "end_turn", "monument:nile_delta")
    epoch, empire, seat, bd = game.turn_scores[-1]
    assert (epoch, empire, seat) == (1, "egypt", 0)
    # North Africa (base 1): presence 1; capitol 2; monument 1
    assert bd.total == 4 and game.score[0] == 4
    assert game.active_player == 1  # the next empire's turn


def test_preeminence_markers_go_to_the_leader_after_each_epoch_and_count_at_the_end() -> None:
    game = hotw.new_game("classic", ["A", "B", "C"], 5, auto_chance=False)
    rnd = random.Random(5)
    seen = []
    while not game.is_over:
        if game.decision.step == "preeminence":
            leader = game.leader()
            assert game.score[leader] == max(game.score)
            assert sum(p for _, p in game.chance_outcomes()) == 1
            before = [len(m) for m in game.preeminence]
            outcomes = game.chance_outcomes()
            game.apply(outcomes[0][0])
            after = [len(m) for m in game.preeminence]
            assert [a - b for a, b in zip(after, before)] == [int(p == leader) for p in range(3)]
            seen.append(leader)
            continue
        game.apply(rnd.choice(game.legal_actions()))
    assert len(seen) == 7
    assert all(3 <= v <= 6 for m in game.preeminence for v in m)
    bonus = [sum(m) for m in game.preeminence]
    assert game.score == [s + b for s, b in zip(game.epoch_scores[-1], bonus)]


@pytest.mark.parametrize("markers", [True, False])
def test_the_last_lines_give_the_totals_once_and_name_the_winner(markers: bool) -> None:
    game = hotw.new_game("classic", ["A", "B", "C"], 5, options={"preeminence": markers})
    rnd = random.Random(5)
    while not game.is_over:
        game.apply(rnd.choice(game.legal_actions()))
    lines = [str(line).split(", ", 1)[-1] for line in game.log]
    totals = "scores: " + ", ".join(f"{p} {s}" for p, s in zip(game.players, game.score))
    best = max(game.score)
    assert lines[-2:] == [totals, f"the game is over: {' and '.join(game.winners)} wins with {best} points"]
    assert sum(line.startswith("scores: ") for line in lines) == 7 + markers  # each epoch's; the markers' totals
    revealed = [line for line in lines if "reveals pre-eminence markers" in line]
    assert bool(revealed) == markers and lines[-2 - len(revealed):-2] == revealed


def test_the_first_marker_draw_has_the_boxes_odds() -> None:
    game = called("shang", played={0: ["egypt"], 1: ["babylonia"]})  # the epoch's last empire
    act(game, "begin", "end_turn")
    while game.decision.step == "monument":
        game.apply(game.legal_actions()[0])
    assert game.decision.step == "preeminence" and game.epoch == 1
    assert dict((a.target, p) for a, p in game.chance_outcomes()) == {v: Fraction(1, 4) for v in "3456"}


def test_the_highest_total_wins() -> None:
    game = hotw.new_game("classic", ["A", "B", "C"], 2)
    rnd = random.Random(2)
    while not game.is_over:
        game.apply(rnd.choice(game.legal_actions()))
    best = max(game.score)
    assert game.winner in game.winners
    assert all(game.score[game.players.index(w)] == best for w in game.winners)


def test_epoch_one_scores_of_a_real_game_log() -> None:
    """A logged online game's first epoch: Sumeria (capitol in Lower Tigris, Zagros) with the Canaanite kingdom
    (a city in Palestine) scored 9; then Egypt (capitol and a monument in the Nile Delta, Palestine taken, Levant,
    Nubia, Upper Nile) scored 8. The charts and levels here give the same."""
    sumeria = {"lower_tigris": 1, "zagros": 1, "palestine": 1}
    game = called(armies=sumeria, structures={"lower_tigris": "capitol", "palestine": "city"})
    assert game.score_breakdown(1).total == 9
    egypt = {"nile_delta": 0, "palestine": 0, "levant": 0, "nubia": 0, "upper_nile": 0}
    game = called(armies={**sumeria, **egypt}, monuments={"nile_delta": 1},  # Palestine conquered: no city
                  structures={"lower_tigris": "capitol", "nile_delta": "capitol"})
    assert game.score_breakdown(0).total == 8
