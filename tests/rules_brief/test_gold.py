"""Gold (rulebook: "Collecting your gold", "Gold for capitals, cities and monuments", "Gold for lands",
"Conclusion", "Bonus tokens", "Winning the Game")."""

from __future__ import annotations

from hotw.rulesets.brief.gold import adjust_stacks, space
from tests.rules_brief.helpers import acts, established, new, put


def end_turn(g):  # type: ignore[no-untyped-def]
    g.supply[g.force.colour] += g.force.array
    g.force.array = 0
    g.apply("end_turn")


def test_gold_for_capitals_cities_and_monuments_you_control() -> None:
    g = established("romans", 0, gold=[10, 20, 30])
    g.area_values.clear()
    put(g, "albion", 0, structure="city", monument=True)
    put(g, "eire", 1, structure="capital")  # not ours
    g.monuments.add("upper_nile")  # nobody's
    end_turn(g)
    bd = g.turn_scores[-1][3]
    assert bd.count("capital") == 1 and bd.count("city") == 1 and bd.count("monument") == 1
    assert bd.total == 2 + 1 + 1 and g.gold[0] == 14


def test_presence_dominance_and_mastery_collect_one_two_three_times_the_area_value() -> None:
    g = established("romans", 0, gold=[10, 20, 30])
    g.area_values.clear()
    g.structures.clear()
    g.area_values.update({"southern_europe": 3, "north_africa": 2, "middle_east": 1})
    put(g, "northern_italia", 0)  # Southern Europe: Rome + 1 = 2 armies, Blue 1: dominance
    put(g, "pindus", 1)
    put(g, "libya", 0)  # North Africa: 3 armies and nobody else: mastery
    put(g, "nile_delta", 0)
    put(g, "upper_nile", 0)
    put(g, "levant", 0)  # Middle East: presence only
    put(g, "palestine", 1)
    end_turn(g)
    rows = {r.region: (r.tier, r.points) for r in g.turn_scores[-1][3].regions}
    assert rows["southern_europe"] == ("dominance", 6)
    assert rows["north_africa"] == ("mastery", 6)
    assert rows["middle_east"] == ("presence", 1)
    assert rows["china"][1] == 0  # no army, or no value in the circle: nothing


def test_an_area_without_a_value_in_its_circle_is_worth_0() -> None:
    g = established("romans", 0)
    g.area_values.pop("australasia", None)
    put(g, "australia", 0)
    put(g, "new_zealand", 0)
    put(g, "new_guinea", 0)
    end_turn(g)
    rows = {r.region: r.points for r in g.turn_scores[-1][3].regions}
    assert rows["australasia"] == 0


def test_the_track_goes_on_round_past_100() -> None:
    assert space(100) == (100, 0) and space(101) == (1, 1) and space(187) == (87, 1)


def test_a_marker_landing_on_another_goes_on_top_and_counts_as_ahead() -> None:
    g = new()
    g.track.set(0, 12)
    g.track.set(1, 12)
    assert g.track.ranking()[:2] == [1, 0]


def test_at_the_end_of_an_epoch_markers_on_top_move_forward_lower_spaces_first() -> None:
    # the rulebook's conclusion: 5 has three markers, 6 one; the top one at 5 moves to 7, then the next to 8
    assert adjust_stacks([5, 5, 5, 6], [1, 2, 3, 4]) == [(2, 5, 7), (1, 5, 8)]
    assert adjust_stacks([9, 9, 3, 3], [1, 2, 3, 4]) == [(3, 3, 4), (1, 9, 10)]


def conclusion(epoch: int, gold: list[int]):  # type: ignore[no-untyped-def]
    g = new(["A", "B", "C", "D"])
    g.apply("draw:0")
    g.epoch = epoch
    for c, v in enumerate(gold):
        g.track.set(c, v)
    g.phase = "epoch_end"
    g._advance()
    return g


def test_bonus_tokens_most_gold_picks_of_three_second_of_two_third_takes_the_last() -> None:
    g = conclusion(1, [40, 30, 50, 20])
    assert g.decision.step == "bonus_draw"
    for v in (2, 5, 8):
        g.apply(f"draw:{v}")
    assert (g.decision.player, g.decision.step) == (2, "bonus_pick") and acts(g, "bonus") == {"2", "5", "8"}
    g.apply("bonus:8")
    assert g.decision.player == 0 and acts(g, "bonus") == {"2", "5"}
    g.apply("bonus:2")
    assert g.bonus_held == [[2], [5], [8], []] and g.epoch == 2
    assert g.gold == [40, 30, 50, 20]  # kept face down: not gold yet


def test_bonus_tokens_are_added_at_the_end_and_a_tie_is_a_tie() -> None:
    g = conclusion(6, [40, 30, 50, 20])
    g.bonus_held = [[5, 5], [], [], []]
    for v in (1, 1, 2):
        g.apply(f"draw:{v}")
    g.apply("bonus:1")
    g.apply("bonus:2")
    assert g.is_over and g.score == [52, 31, 51, 20]
    g = conclusion(6, [44, 30, 50, 20])
    g.bonus_held = [[7], [], [], []]
    for v in (1, 1, 2):
        g.apply(f"draw:{v}")
    g.apply("bonus:1")  # C: 51
    g.apply("bonus:2")  # A: 44 + 7 + 2 = 53
    assert g.is_over and g.winners == ["A"]
    g = conclusion(6, [40, 30, 50, 20])
    g.bonus_held = [[10], [], [], []]
    for v in (1, 1, 2):
        g.apply(f"draw:{v}")
    g.apply("bonus:1")  # C: 51
    g.apply("bonus:1")  # A: 51
    assert g.winners == ["A", "C"] and g.winner is None


def test_bonus_token_chances_follow_the_tokens_left() -> None:
    g = conclusion(1, [40, 30, 50, 20])
    odds = dict((a.target, p) for a, p in g.chance_outcomes())
    assert odds["5"] == 3 * odds["8"]  # three 5s and one 8 among the eighteen
