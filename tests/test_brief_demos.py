"""The Brief walkthrough's demos show what the rules say (notebooks/08_brief_walkthrough.ipynb)."""

from __future__ import annotations

import doctest

import pytest

from hotw.rulesets.brief import demos


def test_establishing_clears_the_start_land_fills_the_array_and_places_the_capital() -> None:
    g = demos.establishing().game
    assert g.owner["southern_italia"] == 0 and g.structures["southern_italia"] == "capital"
    assert "southern_italia" not in g.forts and g.force.array == 10 and g.force.dial == 0
    assert g.supply[1] == g.opts["player_armies"]  # Ben's army went back to his supply


def test_invasion_points_are_the_margin_and_a_clear_land_costs_one() -> None:
    d = demos.invasion_points()
    record = next(iter(d.battles.values()))
    assert (record.attack, record.defend, record.points, record.cost, record.taken) == ((6, 2), (4,), 2, 1, True)
    assert d.happened[-1] == "Epoch III, 1 unused invasion point lost"


def test_a_continued_invasion_turns_the_dial_and_succeeds_by_it() -> None:
    d = demos.invasion_dial()
    first, second = d.battles.values()
    assert not first.taken and (second.dial, second.points, second.taken) == (1, 1, True)
    assert d.game.owner["northern_italia"] == 0 and d.game.force.dial == 0  # reset on success


def test_the_overrun_demo_is_the_rulebooks_example_under_way() -> None:
    d = demos.overrun()
    g = d.game
    assert g.phase == "overrun" and g.invasion.taken == ["balkans", "western_anatolia"] and g.invasion.points == 1
    assert {a.target for a in g.legal_actions() if a.kind == "overrun"} == {"levant"}
    end = demos.overrun_end().game
    assert [end.owner[land] for land in ("balkans", "western_anatolia", "levant", "danubia", "pindus")] == [0, 0, 0, 1, 1]


def test_gold_is_collected_for_structures_and_areas() -> None:
    d = demos.gold()
    bd = d.game.turn_scores[-1][3]
    assert d.scored and "collects 19 gold (now 43)" in d.happened[-1]
    assert bd.structure_points == 2 + 1 + 1  # Rome, Albion's city, its monument
    tiers = {r.region: r.tier for r in bd.regions if r.points}
    assert tiers["north_africa"] == "mastery" and tiers["southern_europe"] == "dominance"


def test_the_event_demo_pays_gold_and_takes_the_forts_die_away() -> None:
    d = demos.events()
    assert d.game.gold[0] == 24 - 3 + 0 and next(iter(d.battles.values())).defend == (3,)


def test_the_odds_table_counts_the_dial() -> None:
    text = demos.odds_text()
    assert text.splitlines()[1].split()[:2] == ["+0", "58%"] and "+3" in text


@pytest.mark.parametrize("name", list(demos.DEMOS))
def test_every_demo_is_the_same_story_every_time(name: str) -> None:
    assert demos.DEMOS[name]().story() == demos.DEMOS[name]().story()


def test_doctests() -> None:
    failures, tried = doctest.testmod(demos)
    assert tried and not failures
