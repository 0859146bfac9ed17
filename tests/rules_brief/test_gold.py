"""Gold (rulebook: "Collecting your gold", "Gold for capitals, cities and monuments", "Gold for lands",
"Conclusion", "Bonus tokens", "Winning the Game")."""

from __future__ import annotations

from hotw.rulesets.brief.gold import adjust_stacks, space
from tests.rules_brief.helpers import acts, established, new, open_game, position, put


def scored(pos):  # type: ignore[no-untyped-def]
    """The breakdown of the acting empire's gold: the position's Array is empty, so it reorganises on establishing."""
    pos.update(array=0, empires={"1": "han"})  # the Han play next: the epoch goes on
    g = established(pos)
    assert g.turn_scores and g.empire_card() == "han"
    return g, g.turn_scores[-1][3]


def test_gold_for_capitals_cities_and_monuments_you_control() -> None:
    pos = position("romans", 0, gold=[10, 20, 30])
    put(pos, "albion", 0, structure="city", monument=True)
    put(pos, "eire", 1, structure="capital")  # not ours
    pos["monuments"].append("upper_nile")  # nobody's
    g, bd = scored(pos)
    assert bd.count("capital") == 1 and bd.count("city") == 1 and bd.count("monument") == 1  # Rome, Albion
    assert bd.structure_points == 2 + 1 + 1
    assert bd.total == bd.structure_points + sum(r.points for r in bd.regions) and g.gold[0] == 10 + bd.total


def test_presence_dominance_and_mastery_collect_one_two_three_times_the_area_value() -> None:
    pos = position("romans", 0, gold=[10, 20, 30])
    put(pos, "northern_italia", 0)  # Southern Europe: Rome + 1 = 2 armies, Blue 1: dominance
    put(pos, "pindus", 1)
    put(pos, "libya", 0)  # North Africa: 3 armies and nobody else: mastery
    put(pos, "nile_delta", 0)
    put(pos, "upper_nile", 0)
    put(pos, "levant", 0)  # Middle East: presence only
    put(pos, "palestine", 1)
    g, bd = scored(pos)
    rows = {r.region: (r.tier, r.points) for r in bd.regions}
    values = g.area_values  # Epoch III: Southern Europe 3, North Africa 2, Middle East 2
    assert rows["southern_europe"] == ("dominance", 2 * values["southern_europe"])
    assert rows["north_africa"] == ("mastery", 3 * values["north_africa"])
    assert rows["middle_east"] == ("presence", values["middle_east"])
    assert rows["china"][1] == 0  # no army: nothing


def test_dominance_needs_more_armies_than_anyone_else_and_mastery_three_with_nobody_else() -> None:
    pos = position("romans", 0, gold=[10, 20, 30])
    put(pos, "northern_italia", 0)  # Southern Europe: Rome + 1 = 2 against Blue's 2: presence only
    put(pos, "pindus", 1)
    put(pos, "morea", 1)
    put(pos, "libya", 0)  # North Africa: 2 armies and nobody else: dominance, not mastery
    put(pos, "nile_delta", 0)
    for land in ("levant", "palestine", "upper_tigris"):  # Middle East: 3 against Blue's 1: dominance, not mastery
        put(pos, land, 0)
    put(pos, "zagros", 1)
    g, bd = scored(pos)
    rows = {r.region: (r.tier, r.points) for r in bd.regions}
    values = g.area_values
    assert rows["southern_europe"] == ("presence", values["southern_europe"])
    assert rows["north_africa"] == ("dominance", 2 * values["north_africa"])
    assert rows["middle_east"] == ("dominance", 2 * values["middle_east"])


def test_an_area_without_a_value_in_its_circle_is_worth_0() -> None:
    pos = position("romans", 0)
    for land in ("australia", "new_zealand", "new_guinea"):
        put(pos, land, 0)
    g, bd = scored(pos)
    assert "australasia" not in g.area_values  # no value laid before Epoch VI
    rows = {r.region: r.points for r in bd.regions}
    assert rows["australasia"] == 0


def test_the_track_goes_on_round_past_100() -> None:
    assert space(100) == (100, 0) and space(101) == (1, 1) and space(187) == (87, 1)


def test_a_marker_landing_on_another_goes_on_top_and_counts_as_ahead() -> None:
    g = established("romans", 0, gold=[14, 12, 5], hand=["leader"])
    assert g.track.ranking()[:2] == [0, 1]
    g.apply("play:leader")  # 2 gold: Orange's marker moves back onto Blue's, on top of it
    assert g.gold[:2] == [12, 12] and g.track.ranking()[:2] == [0, 1]
    g = established("romans", 0, gold=[12, 14, 5], hand=["leader"])
    g.apply("play:leader")
    assert g.track.ranking()[:2] == [1, 0]  # Blue is ahead until Orange lands on it
    assert open_game(position("romans", 0, gold=[12, 12, 5])).track.ranking()[:2] == [1, 0]  # a position: later on top


def test_at_the_end_of_an_epoch_markers_on_top_move_forward_lower_spaces_first() -> None:
    # the rulebook's conclusion: 5 has three markers, 6 one; the top one at 5 moves to 7, then the next to 8
    assert adjust_stacks([5, 5, 5, 6], [1, 2, 3, 4]) == [(2, 5, 7), (1, 5, 8)]
    assert adjust_stacks([9, 9, 3, 3], [1, 2, 3, 4]) == [(3, 3, 4), (1, 9, 10)]


def conclusion(epoch: int, gold: list[int], bonus: list[int] = ()):  # type: ignore[no-untyped-def,assignment]
    """Four players at the end of ``epoch`` (every empire called), Orange holding the Bonus tokens ``bonus``."""
    pos = {"epoch": epoch, "stage": "epoch_end", "gold": gold, "bonus": {"0": list(bonus)}}
    return open_game(pos, ["A", "B", "C", "D"])


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
    g = conclusion(6, [40, 30, 50, 20], [5, 5])
    for v in (1, 1, 2):
        g.apply(f"draw:{v}")
    g.apply("bonus:1")
    g.apply("bonus:2")
    assert g.is_over and g.score == [52, 31, 51, 20]
    g = conclusion(6, [44, 30, 50, 20], [7])
    for v in (1, 1, 2):
        g.apply(f"draw:{v}")
    g.apply("bonus:1")  # C: 51
    g.apply("bonus:2")  # A: 44 + 7 + 2 = 53
    assert g.is_over and g.winners == ["A"]
    g = conclusion(6, [40, 30, 50, 20], [6, 4])
    for v in (1, 1, 2):
        g.apply(f"draw:{v}")
    g.apply("bonus:1")  # C: 51
    g.apply("bonus:1")  # A: 51
    assert g.winners == ["A", "C"] and g.winner is None


def test_bonus_token_chances_follow_the_tokens_left() -> None:
    g = conclusion(1, [40, 30, 50, 20])
    odds = dict((a.target, p) for a, p in g.chance_outcomes())
    assert odds["5"] == 3 * odds["8"]  # three 5s and one 8 among the eighteen
