"""Gain Points: region levels per token, structures, on your own turn; score-track ties; the end."""

from __future__ import annotations

import pytest
from helpers import act, first_land, new, roll, turn_of

import hotw
from hotw.rulesets.hotw2018.scoring import TIERS
from hotw.scoring import region_level


LEVEL_CASES = [
    (1, [5], "presence"),
    (2, [1, 1], "dominance"),
    (2, [2], "presence"),  # not more than each opponent
    (3, [0, 0], "supremacy"),
    (3, [1], "dominance"),  # an opponent present: no supremacy
    (2, [0], "dominance"),  # supremacy needs 3 armies
    (0, [0], None),
]


@pytest.mark.parametrize(("mine", "others", "level"), LEVEL_CASES)
def test_region_levels(mine: int, others: list[int], level: str | None) -> None:
    index = region_level(mine, others)
    assert (TIERS[index] if index >= 0 else None) == level


@pytest.mark.parametrize(("mine", "others", "level"), LEVEL_CASES)
def test_region_levels_as_the_engine_scores_them(mine: int, others: list[int], level: str | None) -> None:
    """The same table through the game's own breakdown: armies laid in a region the engine scores."""
    region = "india"
    token = {"content_changes": {"region_tokens": {"1": {region: [1, 3, 7]}}}}
    lands = iter(turn_of("Egyptians").board.regions[region].lands)
    armies = {next(lands): seat for seat, count in enumerate([mine] + others) for _ in range(count)}
    g = turn_of("Egyptians", options=token, armies=armies)
    assert g.region_values[region] == (1, 3, 7)
    row = next(r for r in g.score_breakdown(0).regions if r.region == region)
    assert row.tier == level
    assert row.points == {None: 0, "presence": 1, "dominance": 3, "supremacy": 7}[level]


def test_only_highest_level_scores_with_token_values() -> None:
    probe = turn_of("Egyptians")
    region = probe.board.spaces["nile_delta"].region
    lands = [t for t in probe.board.regions[region].lands if t != "nile_delta"][:2]
    g = turn_of("Egyptians", armies={t: 0 for t in lands})
    values = g.region_values[region]
    bd = g.score_breakdown(0)
    row = next(r for r in bd.regions if r.region == region)
    assert row.armies == 3 and row.tier == "supremacy" and row.points == values[2]


def test_region_without_token_scores_nothing() -> None:
    probe = turn_of("Egyptians")
    empty = [r for r in probe.board.regions if r not in probe.region_values]
    assert empty, "some regions have no token in epoch I"
    g = turn_of("Egyptians", armies={probe.board.regions[empty[0]].lands[0]: 0})
    row = next(r for r in g.score_breakdown(0).regions if r.region == empty[0])
    assert row.tier == "presence" and row.points == 0


def test_structures_score_capitol_2_city_1_monument_1() -> None:
    base = turn_of("Egyptians").score_breakdown(0)
    t = first_land(lambda s: True, taken={"nile_delta"})
    g = turn_of("Egyptians", armies={t: 0}, structures={t: "city"}, monuments=[t])
    bd = g.score_breakdown(0)
    assert bd.count("capitol") == 1 and bd.count("city") == 1 and bd.count("monument") == 1
    assert bd.structure_points - base.structure_points == 2
    assert sum(row["points"] for row in bd.rows()[:-1]) == bd.total  # the rows add up to the total


def test_structure_points_option_changes_every_row_and_the_total() -> None:
    t = first_land(lambda s: True, taken={"nile_delta"})
    g = turn_of("Egyptians", options={"structure_points": (3, 1, 1)}, armies={t: 0}, structures={t: "capitol"})
    bd = g.score_breakdown(0)
    capitols = next(s for s in bd.structures if s.kind == "capitol")
    assert capitols.count == 2 and capitols.each == 3 and capitols.points == 6
    assert sum(row["points"] for row in bd.rows()[:-1]) == bd.total


def _end_turn(g) -> None:
    act(g, "end_invasions")
    while g.decision.step == "score_tie":
        act(g, "score_tie:forward")


def test_points_gained_on_own_turn_are_kept() -> None:
    """Points are gained at the end of your own turn only: later turns that take your lands never lower them."""
    g = turn_of("Egyptians", later=["Minoans"])
    start = g.score[0]
    _end_turn(g)
    gained = g.turn_scores[-1][3].total
    assert gained > 0 and g.score[0] >= start + gained
    after = g.score[0]
    # The Minoans sail across the Eastern Mediterranean and take the Egyptians' capitol land ...
    assert g.actor.card == "minoans" and g.targets().get("nile_delta") is True
    act(g, "invade:nile_delta")
    roll(g, 6, 6, 1, 1)  # the defender's 1 loses, is rerolled (naval) and loses again
    assert g.owner["nile_delta"] == 1
    # ... and score their turn
    _end_turn(g)
    assert g.turn_scores[-1][2] == 1
    assert g.score[0] == after  # ... but the Egyptians' points never go away


def test_score_tie_forward_or_back() -> None:
    probe = turn_of("Egyptians", scores=[1, 50, 60])
    act(probe, "end_invasions")
    gained = probe.turn_scores[-1][3].total
    assert probe.score[0] == 1 + gained and gained > 1
    g = turn_of("Egyptians", scores=[1, 1 + gained, 60])
    act(g, "end_invasions")  # lands on 1 + gained, taken by P1
    assert g.decision.step == "score_tie" and g.decision.player == 0
    assert [a.target for a in g.legal_actions()] == ["back", "forward"]
    act(g, "score_tie:back")
    assert g.score == [gained, 1 + gained, 60]
    g = turn_of("Egyptians", scores=[1, 1 + gained, 2 + gained])
    act(g, "end_invasions")
    act(g, "score_tie:forward")
    assert g.score == [3 + gained, 1 + gained, 2 + gained]  # only the arriving marker moves


def test_setup_score_markers_on_1_to_n() -> None:
    g = hotw.new_game(players=["A", "B", "C", "D"], seed=3)
    assert sorted(g.score) == [1, 2, 3, 4]


def test_draft_orders_events_most_points_first_empires_fewest_first() -> None:
    g = new(4)
    g.apply(hotw.Action("draw", g.content.empires_of_epoch(1)[0].id))
    assert g.decision.step == "trim_empires"
    g2 = hotw.new_game(players=["A", "B", "C", "D"], seed=11)
    order_low = sorted(range(4), key=lambda p: g2.score[p])
    assert g2.decision.step == "pick_event" and g2.decision.player == order_low[-1]
    g2.apply(g2.legal_actions()[0])
    assert g2.decision.step == "pick_empire" and g2.decision.player == order_low[0]


def test_decks_trimmed_to_player_count() -> None:
    g = hotw.new_game(players=["A", "B", "C"], seed=5)
    assert len(g.deck_empires) == 3 and len(g.deck_events) == 3
    assert len(g.legal_actions()) == 3


def test_empires_play_in_call_order() -> None:
    g = hotw.new_game(players=["A", "B", "C"], seed=5)
    while g.phase == "draft" or g.decision.step.startswith("pick"):
        g.apply(g.legal_actions()[0])
    orders = [g.content.empires[c].order for c in g.call_order]
    assert orders == sorted(orders)
    while g.actor is None or g.actor.kingdom:  # a kingdom may come first: its empire follows
        g.apply(g.legal_actions()[-1])
    assert g.actor.card == g.call_order[0]


def test_game_ends_after_epoch_five_with_most_points_winning() -> None:
    import random

    g = hotw.new_game(players=["A", "B", "C"], seed=2)
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.epoch == 5
    assert g.winner == max(g.scores, key=g.scores.get)
    assert g.legal_actions() == []
    with pytest.raises(hotw.IllegalActionError, match="over"):
        g.apply("end_invasions")
