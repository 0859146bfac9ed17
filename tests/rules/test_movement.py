"""Fleets, caravans, straits and the Mesoamericans."""

from __future__ import annotations

from helpers import act, turn_of

SAHARA_CARAVAN = {"content_changes": {"empires": {"egyptians": {"caravans": ["sahara"]}}}}


def test_fleet_reaches_lands_across_its_sea_with_naval_effect() -> None:
    g = turn_of("Minoans")
    by_sea = {t for t, naval in g.targets().items() if naval}
    coasts = {t for t in g.board.spaces["eastern_mediterranean"].coasts if g.board.spaces[t].kind == "land"}
    assert by_sea and by_sea <= coasts


def test_caravan_crosses_barren_land_without_naval_effect() -> None:
    g = turn_of("Egyptians", options=SAHARA_CARAVAN)  # a caravan across the Sahara
    assert g.actor.caravans == ("sahara",)
    targets = g.targets()
    beyond = {t for t in g.board.spaces["sahara"].adjacent if g.board.spaces[t].kind == "land"}
    by_land = {t for t in g.board.neighbours("nile_delta") if g.board.spaces[t].kind == "land"}
    assert "gold_coast" in beyond - by_land
    assert beyond - {"nile_delta"} <= set(targets)  # the Nile Delta is already held
    assert not any(targets.values())  # caravans never give the naval effect


def test_caravan_invasion_is_not_naval() -> None:
    g = turn_of("Egyptians", options=SAHARA_CARAVAN, armies={"gold_coast": 1})
    act(g, "invade:gold_coast")
    assert g.battle is not None and not g.battle.setup.naval


def test_markers_chain() -> None:
    g = turn_of("Minoans")
    # Add a second fleet in a water touching the first: lands on it become reachable.
    nxt = sorted(g.board.spaces["eastern_mediterranean"].adjacent)
    assert nxt
    far = nxt[0]
    fleets = list(g.actor.fleets) + [far]
    alone = set(g.targets())
    g = turn_of("Minoans", options={"content_changes": {"empires": {"minoans": {"fleets": fleets}}}})
    assert g.actor.fleets == tuple(fleets)
    reach = g.targets()
    far_coast = {t for t in g.board.spaces[far].coasts if g.board.spaces[t].kind == "land"} - set(g.actor.active)
    assert far_coast and far_coast <= set(reach)
    assert not far_coast <= alone  # reached through the second fleet only


def test_straits_make_territories_adjacent() -> None:
    g = turn_of("Minoans")
    crete = g.board.spaces["crete"]
    assert crete.straits, "Crete is linked by a strait"
    assert set(crete.straits) <= set(g.board.neighbours("crete"))
    assert set(crete.straits) <= set(g.targets())


def test_mesoamericans_two_capitols() -> None:
    g = turn_of("Mesoamericans")
    starts = g.content.empires[g.actor.card].start
    assert len(starts) == 2
    for s in starts:
        assert g.owner[s] == 0 and g.tokens[s] == "capitol" and s in g.actor.active


def test_resign_keeps_armies_on_board_and_clears_card() -> None:
    g = turn_of("Egyptians")
    act(g, "end_invasions")
    while g.decision.step == "score_tie":
        act(g, "score_tie:forward")
    assert g.owner["nile_delta"] == 0
    assert g.army_count(0) == 25
