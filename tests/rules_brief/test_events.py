"""Event cards (rulebook: "Playing Event cards", "Minor Empires", "Kingdoms", "United States Empire card",
"Israel Event card", "Terminology", "Barbarian reduction")."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError, OptionError
from tests.rules_brief.helpers import acts, established, no_monuments, position, put, roll, turn


def test_an_event_is_paid_in_gold_by_moving_the_marker_back() -> None:
    g = established("romans", 0, gold=[10, 20, 30], hand=["leader"])
    g.apply("play:leader")
    assert g.gold[0] == 8 and g.in_play == "leader" and "leader" not in g.hands[0]


def test_an_event_you_cannot_pay_for_is_not_offered() -> None:
    g = established("romans", 0, gold=[1, 20, 30], hand=["leader"])
    assert "leader" not in acts(g, "play")
    with pytest.raises(IllegalActionError, match="costs 2 gold and you have 1"):
        g.apply("play:leader")


def test_only_one_event_is_in_play_at_a_time() -> None:
    g = established("romans", 0, hand=["leader", "weaponry"])
    g.apply("play:leader")
    assert acts(g, "play") == set()
    with pytest.raises(IllegalActionError, match="Only one Event card may be in play"):
        g.apply("play:weaponry")


def test_no_event_after_the_dice_are_rolled_or_during_overruns() -> None:
    pos = position("romans", 0, hand=["weaponry"])
    put(pos, "northern_italia", 1)
    g = established(pos)
    g.apply("invade:northern_italia")
    g.apply("roll:1")
    with pytest.raises(IllegalActionError):
        g.apply("play:weaponry")
    roll(g, 1, 6)
    assert g.phase == "after_fail" and acts(g, "play") == set()
    with pytest.raises(IllegalActionError, match="never be played after dice have been rolled"):
        g.apply("play:weaponry")


def test_continuous_events_last_the_turn_one_use_events_are_discarded_once_used() -> None:
    pos = position("romans", 0, hand=["leader"])
    put(pos, "northern_italia", 1)
    put(pos, "crete", 1)
    g = established(pos, options={"monuments": 0})  # monuments are not what this test is about
    g.apply("play:leader")
    g.apply("invade:northern_italia")
    assert g.invasion.attack_dice == 3  # Leader: one more die
    roll(g, 6, 6, 6, 1)
    assert g.in_play == "leader"  # still in play
    g.apply("invade:crete")
    assert g.invasion.attack_dice == 2  # by fleet: 3 - 1
    pos["hands"] = {"0": ["weaponry"]}
    g2 = established(pos, options={"monuments": 0})
    g2.apply("play:weaponry")
    g2.apply("expand:shatts_plateau")
    assert g2.in_play == "weaponry"  # not used until an invasion
    g2.apply("invade:northern_italia")
    assert g2.invasion.attack_dice == 4
    roll(g2, 6, 6, 6, 6, 1)
    assert g2.in_play is None and "weaponry" in g2.discards
    g2.apply("invade:crete")
    assert g2.invasion.attack_dice == 1


def test_a_red_card_is_played_only_at_the_start_of_the_turn_in_its_epoch_or_discarded() -> None:
    g = turn("hittites", 0, hand=["kerma"])
    assert "kerma" in acts(g, "play")
    g.apply("establish")
    assert "kerma" not in g.hands[0] and "kerma" in g.discards
    with pytest.raises(OptionError, match="Kerma shows a red Epoch 1: it is played or discarded in that epoch"):
        turn("assyrians", 0, hand=["kerma"])  # an epoch I red card is never held in epoch II
    g3 = turn("assyrians", 0, hand=["israel"])  # red, and not a kingdom: still only at the start
    assert "israel" in acts(g3, "play")
    g3.apply("establish")
    assert "israel" not in g3.hands[0]
    g4 = established("assyrians", 0, hand=["israel", "weaponry"])  # not played at the start: discarded
    assert "israel" in g4.discards and "israel" not in acts(g4, "play") and "weaponry" in acts(g4, "play")
    with pytest.raises(IllegalActionError):
        g4.apply("play:israel")


def test_a_black_card_may_be_played_in_its_epoch_or_later_at_any_permissible_time() -> None:
    g = established("romans", 0, hand=["siege_craft"])  # epoch II card, epoch III
    assert "siege_craft" in acts(g, "play")
    with pytest.raises(OptionError, match="Civil War belongs to Epoch 3; it is not dealt before then"):
        established("assyrians", 0, hand=["civil_war"])  # epoch III card, epoch II: not in anyone's hand yet


def test_event_armies_come_from_the_supply_never_the_array() -> None:
    g = established("romans", 0, hand=["bronze_working"])
    array, supply = g.force.array, g.supply[0]
    g.apply("play:bronze_working")
    assert g.force.array == array + 2 and g.supply[0] == supply - 2


def test_a_kingdom_places_a_city_in_its_start_land_and_resigns() -> None:
    pos = position("hittites", 0, hand=["canaanites"])
    put(pos, "palestine", 1, fort=True)
    g = turn(pos)
    supply = g.supply[0]
    g.apply("play:canaanites")
    assert g.owner["palestine"] == 0 and g.structures["palestine"] == "city" and "palestine" not in g.forts
    assert g.supply[0] == supply - 1 and "palestine" not in g.standing  # resigned at once
    assert g.phase == "turn_start" and g.in_play is None
    g.apply("establish")
    assert g.force.name == "Hittites"


def test_the_united_states_may_be_played_in_a_later_epoch_but_only_at_the_start_of_the_turn() -> None:
    g = turn("british", 0, hand=["united_states"])  # epoch VI; the card shows a black V
    assert "united_states" in acts(g, "play")
    g.apply("establish")
    assert "united_states" in g.hands[0] and "united_states" not in acts(g, "play")
    with pytest.raises(IllegalActionError, match="start of your turn"):
        g.apply("play:united_states")


def test_a_minor_empire_uses_the_array_and_may_invade_overrun_and_build() -> None:
    pos = position("persians", 0, hand=["sea_peoples"])
    put(pos, "levant", 1)
    put(pos, "palestine", 1)
    g = turn(pos)
    g.apply("play:sea_peoples")
    assert g.phase == "minor_start" and "crete" in acts(g, "start") and "upper_tigris" not in acts(g, "start")
    g.apply("start:east_anatolia")
    assert g.force.kind == "minor" and g.force.array == 2 and g.force.barbarian
    g.apply("invade:levant")
    roll(g, 6, 6, 1)  # five points: Levant for one, then Palestine for one
    assert acts(g, "overrun") == {"palestine"}
    g.apply("overrun:palestine")
    no_monuments(g)
    assert g.phase == "turn_start" and not g.standing  # the minor's armies resigned; back to the start


def test_civil_war_invades_anywhere_overruns_and_resigns() -> None:
    pos = position("romans", 0, hand=["civil_war"])
    put(pos, "ganges_valley", 1, structure="capital")
    put(pos, "ganges_delta", 1)
    g = established(pos)
    g.apply("play:civil_war")
    assert g.phase == "civil_target" and acts(g, "target") == {"ganges_valley", "ganges_delta"}
    g.apply("target:ganges_valley")
    roll(g, 6, 6, 1)
    assert g.owner["ganges_valley"] == 0 and g.structures["ganges_valley"] == "city"
    assert acts(g, "monument") == {"ganges_valley"}  # monuments may be built: two symbols in the Ganges Valley
    g.apply("monument:ganges_valley")
    g.apply("overrun:ganges_delta")  # overruns may be used
    no_monuments(g)
    assert g.phase == "expand" and "ganges_valley" not in g.standing and g.in_play is None
    assert g.force.name == "Romans"


def test_israel_places_a_city_in_palestine_and_monuments_may_be_built() -> None:
    pos = position("assyrians", 0, hand=["israel"])
    put(pos, "palestine", 1)
    g = turn(pos)
    g.apply("play:israel")
    roll(g, 6, 6, 1)
    assert g.owner["palestine"] == 0 and g.structures["palestine"] == "city"
    assert g.phase == "turn_start"


def test_black_death_strikes_other_players_armies_in_one_area() -> None:
    pos = position("mongols", 0, hand=["black_death"])
    put(pos, "northern_gaul", 1)
    put(pos, "albion", 2)
    put(pos, "eire", 0)
    g = turn(pos)
    g.apply("play:black_death")
    g.apply("area:northern_europe")
    roll(g, 6, 2)  # Albion first (alphabetical), then Northern Gaul
    assert g.owner["albion"] == 2 and "northern_gaul" not in g.owner and g.owner["eire"] == 0
    assert g.phase == "turn_start" and "black_death" in g.discards


def test_treachery_takes_the_next_land_without_dice() -> None:
    pos = position("romans", 0, hand=["treachery"])
    put(pos, "northern_italia", 1, fort=True)
    g = established(pos)
    g.apply("play:treachery")
    g.apply("invade:northern_italia")
    no_monuments(g)
    assert g.owner["northern_italia"] == 0 and g.in_play is None
    assert not any(a.kind == "roll" for a in g.history)


def test_siege_craft_takes_the_forts_extra_die_away() -> None:
    pos = position("romans", 0, hand=["siege_craft"])
    put(pos, "northern_italia", 1, fort=True)
    g = established(pos)
    g.apply("play:siege_craft")
    g.apply("invade:northern_italia")
    assert g.invasion.defend_dice == 1


def test_barbarian_events_gain_gold_for_each_reduction() -> None:
    pos = position("romans", 0, hand=["barbarian"], gold=[10, 20, 30])
    put(pos, "atlas", 1, structure="capital")
    g = turn(pos)
    g.apply("play:barbarian")
    g.apply("start:shatts_plateau")
    g.apply("invade:atlas")
    roll(g, 6, 6, 1)
    assert g.gold[0] == 10 - 2 + 1 and g.structures["atlas"] == "city"
