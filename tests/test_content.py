"""The 2018 card data: it loads clean, matches the documented facts, and bad data is caught."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from hotw.carddata import DATA_DIR, WATER_IDS, BoardIds
from hotw.rulesets.hotw2018.cardcheck import load_content
from hotw.rulesets.hotw2018.cards import EFFECT_PARAMS, EPOCHS, Content
from hotw.errors import ContentError

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "geodata" / "source"
SHIPPED = DATA_DIR / "hotw2018"
FILES = {"empires": "empires.json", "events": "events.json", "tokens": "region_tokens.json"}


@pytest.fixture(scope="module")
def board() -> BoardIds:
    """The board ids from the territory table, so the tests do not depend on the GeoJSON."""
    return BoardIds.from_csv(SOURCE / "territories.csv", SOURCE / "aliases.csv")


@pytest.fixture(scope="module")
def content(board: BoardIds) -> Content:
    return load_content(board=board)


def test_shipped_data_loads_against_the_world_board() -> None:
    content = load_content()
    assert len(content.empires) == 40


# ----------------------------------------------------------------------------- counts


def test_counts(content: Content) -> None:
    assert len(content.empires) == 40
    assert len(content.events) == 40
    assert len(content.tokens) == 32
    for epoch in EPOCHS:
        assert len(content.empires_of_epoch(epoch)) == 8
        assert len(content.events_of_epoch(epoch)) == 8
        assert [e.order for e in content.empires_of_epoch(epoch)] == list(range(1, 9))


def test_each_epoch_has_kingdoms_and_enhancements(content: Content) -> None:
    for epoch in EPOCHS:
        kinds = [e.kind for e in content.events_of_epoch(epoch)]
        assert 2 <= kinds.count("kingdom") <= 3
    saveable = [e for e in content.events.values() if e.saveable]
    enhancements = [e for e in content.events.values() if not e.is_kingdom]
    assert all(not e.is_kingdom for e in saveable)
    assert 0.2 <= len(saveable) / len(enhancements) <= 0.45


# ----------------------------------------------------------------------------- Epoch I

# The Epoch I reference on the first page of the 2018 rulebook, names mapped to board ids.
EPOCH_I = [
    ("sumerians", "Sumerians", 3, ["lower_tigris"], [], ["empty_quarter"]),
    ("egyptians", "Egyptians", 4, ["nile_delta"], [], []),
    ("minoans", "Minoans", 3, ["crete"], ["eastern_mediterranean"], []),
    ("hittites", "Hittites", 4, ["east_anatolia"], [], []),
    ("assyrians", "Assyrians", 6, ["middle_tigris"], [], ["empty_quarter"]),
    ("zhou_dynasty", "Zhou Dynasty", 4, ["yangtze_kiang"], [], []),
    ("vedics", "Vedics", 5, ["hindu_kush"], [], []),
    ("greeks", "Greeks", 6, ["pindus"], ["eastern_mediterranean"], []),
]


def test_epoch_one_matches_the_documented_reference(content: Content) -> None:
    cards = content.empires_of_epoch(1)
    got = [(c.id, c.name, c.armies, list(c.start), list(c.fleets), list(c.caravans))
           for c in cards]
    assert got == EPOCH_I
    assert all(c.provenance == "documented" and c.source for c in cards)
    assert [c.id for c in cards if c.marauder] == ["vedics"]


def test_documented_names_reach_the_board_through_aliases(board: BoardIds) -> None:
    for name, board_id in [("tigris", "lower_tigris"), ("nile", "nile_delta"),
                           ("mesopotamia", "middle_tigris"), ("anatolia", "east_anatolia"),
                           ("yangtze", "yangtze_kiang"),
                           ("mediterranean_sea", "eastern_mediterranean")]:
        assert board.alias_of(name) == board_id


def test_pyramids_and_weaponry_are_the_documented_cards(content: Content) -> None:
    egyptians = content.empires["egyptians"]
    assert egyptians.leader == "Ramesses II"
    assert egyptians.ability is not None and egyptians.ability.name == "Pyramids"
    assert [(e.kind, e.per) for e in egyptians.effects] == [("monument_rate", 1)]
    weaponry = content.events["weaponry_1"]
    assert weaponry.provenance == "documented"
    assert [(e.kind, e.value) for e in weaponry.effects] == [("battle_bonus", 1)]
    assert "raise your highest die result by 1" in weaponry.text


# ----------------------------------------------------------------------------- records


def test_every_record_says_where_it_comes_from(content: Content) -> None:
    for rec in [*content.empires.values(), *content.events.values(), *content.tokens]:
        assert rec.provenance in ("documented", "authored")
        assert rec.note.strip()
        if rec.provenance == "documented":
            assert rec.source
    for card in [*content.empires.values(), *content.events.values()]:
        assert card.dates.strip()


def test_every_card_has_a_leader_key() -> None:
    for key, name in [("empires", "empires.json"), ("events", "events.json")]:
        records = json.loads((SHIPPED / name).read_text(encoding="utf-8"))[key]
        assert all("leader" in r and "dates" in r for r in records)


def test_epochs_two_to_five_are_authored(content: Content) -> None:
    later = [e for e in content.empires.values() if e.epoch > 1]
    assert all(e.provenance == "authored" for e in later)
    names = {e.name for e in later}
    for named_in_rules in ["Persians", "Romans", "Han Dynasty", "Arabians", "Byzantines",
                           "Tang Dynasty", "Mongols", "Ottomans", "Vikings", "British",
                           "French", "Americans", "Carthaginians", "Mesoamericans"]:
        assert named_in_rules in names


def test_mesoamericans_start_twice_in_epoch_four(content: Content) -> None:
    card = content.empires["mesoamericans"]
    assert card.epoch == 4 and len(card.start) == 2 and card.capitol


def test_every_region_has_a_token_by_epoch_five(content: Content, board: BoardIds) -> None:
    assert {t.region for t in content.tokens} == set(board.regions)
    for region in board.regions:
        token = content.region_token(region, 5)
        assert token is not None
        assert token.presence < token.dominance < token.supremacy


def test_region_token_in_force_is_the_latest_placed(content: Content) -> None:
    assert content.region_token("australasia", 4) is None
    assert content.region_token("china", 3) is not None
    assert content.region_token("china", 3).epoch == 2
    assert {t.region for t in content.tokens_of_epoch(1)} == {
        "middle_east", "north_africa", "southern_europe", "india", "china"}


def test_effects_use_only_known_kinds(content: Content) -> None:
    effects = [*(f for e in content.empires.values() for f in e.effects),
               *(f for e in content.events.values() for f in e.effects)]
    assert {f.kind for f in effects} <= set(EFFECT_PARAMS)
    for f in effects:
        param = EFFECT_PARAMS[f.kind]
        assert (f.amount is None) == (param is None)


def test_kingdoms_have_a_kingdom_and_no_effects(content: Content) -> None:
    for event in content.events.values():
        assert (event.kingdom is not None) == event.is_kingdom
        if event.is_kingdom:
            assert event.effects == () and not event.saveable


def test_content_is_cached_and_read_only(board: BoardIds) -> None:
    first = load_content(board=board)
    assert load_content(board=board) is first
    with pytest.raises(TypeError):
        first.empires["romans"] = first.empires["greeks"]  # type: ignore[index]


# ----------------------------------------------------------------------------- broken data


def _broken(tmp_path: Path, board: BoardIds, which: str,
            edit: Callable[[list[dict[str, Any]]], None]) -> list[str]:
    """Copy the shipped data, apply one edit to one file, load it, return the problems."""
    for name in FILES.values():
        shutil.copy(SHIPPED / name, tmp_path / name)
    path = tmp_path / FILES[which]
    doc = json.loads(path.read_text(encoding="utf-8"))
    records = copy.deepcopy(doc[which])
    edit(records)
    doc[which] = records
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(board=board, path=tmp_path)
    return info.value.problems


def _find(records: list[dict[str, Any]], rid: str) -> dict[str, Any]:
    return next(r for r in records if r["id"] == rid)


def test_unknown_territory_is_named(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "empires",
                       lambda rs: _find(rs, "romans").update(start=["latium"]))
    assert problems == ["empires.json: romans: start 'latium' is not a land on the board"]


def test_alias_instead_of_id_gets_a_hint(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "empires",
                       lambda rs: _find(rs, "egyptians").update(start=["nile"]))
    assert problems == ["empires.json: egyptians: start 'nile' is not a land on the board "
                        "(the board calls it 'nile_delta')"]


def test_fleet_and_caravan_places_are_checked(tmp_path: Path, board: BoardIds) -> None:
    def edit(rs: list[dict[str, Any]]) -> None:
        _find(rs, "vikings").update(fleets=["sahara"])
        _find(rs, "mali").update(caravans=["atlantic_ocean"])
        _find(rs, "huns").update(start=["siberia"])
    problems = _broken(tmp_path, board, "empires", edit)
    assert "empires.json: vikings: fleet 'sahara' is not a sea or ocean on the board " \
           "(it is a barren land)" in problems
    assert "empires.json: mali: caravan 'atlantic_ocean' is not a barren land on the board " \
           "(it is a sea or ocean)" in problems
    assert "empires.json: huns: start 'siberia' is a barren land; armies cannot start there" \
        in problems


def test_duplicate_id(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "events",
                       lambda rs: _find(rs, "crossbows_2").update(id="weaponry_1"))
    assert any(p.startswith("events.json: weaponry_1: duplicate id") for p in problems)


def test_bad_effect_kind(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "events",
                       lambda rs: _find(rs, "longbows_4").update(effects=[{"kind": "teleport"}]))
    assert len(problems) == 1
    assert problems[0].startswith("events.json: longbows_4: effect 1 has unknown kind 'teleport'")


def test_bad_effect_params(tmp_path: Path, board: BoardIds) -> None:
    def edit(rs: list[dict[str, Any]]) -> None:
        _find(rs, "romans")["ability"]["effects"] = [{"kind": "free_forts", "value": 2}]
        _find(rs, "mongols")["ability"]["effects"] = [{"kind": "extra_die", "count": 1}]
    problems = _broken(tmp_path, board, "empires", edit)
    assert "empires.json: romans: ability: effect 1 (free_forts) has unknown key(s) value" \
        in problems
    assert "empires.json: romans: ability: effect 1 (free_forts) needs 'count' as a whole " \
           "number from 1 to 5" in problems
    assert "empires.json: mongols: ability: effect 1 (extra_die) has unknown key(s) count" \
        in problems


def test_missing_field(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "empires",
                       lambda rs: _find(rs, "han").pop("armies"))
    assert problems == ["empires.json: han: missing field 'armies'"]


def test_unknown_key_and_wrong_type(tmp_path: Path, board: BoardIds) -> None:
    def edit(rs: list[dict[str, Any]]) -> None:
        _find(rs, "franks").update(colour="blue", armies="nine", capitol="yes")
    problems = _broken(tmp_path, board, "empires", edit)
    assert "empires.json: franks: unknown key 'colour'" in problems
    assert "empires.json: franks: armies must be a whole number from 1 to 25" in problems
    assert "empires.json: franks: capitol must be true or false" in problems


def test_wrong_count_per_epoch(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "empires",
                       lambda rs: _find(rs, "huns").update(epoch=4, order=8))
    assert problems == [
        "empires.json: epoch 3 has 7 empires; each epoch needs 8",
        "empires.json: epoch 4 has 9 empires; each epoch needs 8",
        "empires.json: mesoamericans: order 8 in epoch 4 is also used by huns",
    ]


def test_wrong_event_count(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "events", lambda rs: rs.pop())
    assert problems == ["events.json: epoch 5 has 7 events; each epoch needs 8"]


def test_kingdom_without_kingdom_block(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "events",
                       lambda rs: _find(rs, "kush_1").pop("kingdom"))
    assert problems == ["events.json: kush_1: a kingdom card needs a 'kingdom' block"]


def test_kingdom_places_are_checked(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "events",
                       lambda rs: _find(rs, "aksum_3")["kingdom"].update(fleets=["gulf_of_aden"]))
    assert problems == ["events.json: aksum_3: kingdom fleet 'gulf_of_aden' is not a sea or "
                        "ocean on the board"]


def test_token_values_not_increasing(tmp_path: Path, board: BoardIds) -> None:
    problems = _broken(tmp_path, board, "tokens",
                       lambda rs: _find(rs, "china_2").update(values=[3, 6, 6]))
    assert problems == ["region_tokens.json: china_2: values [3, 6, 6] must increase: "
                        "presence < dominance < supremacy"]


def test_token_count_and_unknown_region(tmp_path: Path, board: BoardIds) -> None:
    def edit(rs: list[dict[str, Any]]) -> None:
        rs.pop()
        _find(rs, "india_1").update(region="indus")
    problems = _broken(tmp_path, board, "tokens", edit)
    assert "region_tokens.json: has 31 tokens; the game has 32" in problems
    assert "region_tokens.json: india_1: region 'indus' is not a region on the board" in problems


def test_bad_provenance(tmp_path: Path, board: BoardIds) -> None:
    def edit(rs: list[dict[str, Any]]) -> None:
        _find(rs, "celts").update(provenance="guessed")
        _find(rs, "greeks").pop("source")
    problems = _broken(tmp_path, board, "empires", edit)
    assert "empires.json: celts: provenance must be one of 'documented', 'authored'" in problems
    assert "empires.json: greeks: documented record needs 'source'" in problems


def test_every_problem_is_reported_at_once(tmp_path: Path, board: BoardIds) -> None:
    def edit(rs: list[dict[str, Any]]) -> None:
        _find(rs, "romans").update(start=["latium"])
        _find(rs, "han").pop("note")
        _find(rs, "mali").update(caravans=["atlantic_ocean"])
    problems = _broken(tmp_path, board, "empires", edit)
    assert len(problems) == 3
    assert all(p.startswith("empires.json: ") for p in problems)


def test_malformed_file(tmp_path: Path, board: BoardIds) -> None:
    for name in FILES.values():
        shutil.copy(SHIPPED / name, tmp_path / name)
    (tmp_path / "events.json").write_text('{"format": 1, "events": [', encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(board=board, path=tmp_path)
    assert len(info.value.problems) == 1
    assert info.value.problems[0].startswith("events.json: not valid JSON (line 1")
    assert "card data" in str(info.value)


def test_error_is_a_value_error(tmp_path: Path, board: BoardIds) -> None:
    with pytest.raises(ValueError, match="empires.json: file not found"):
        load_content(board=board, path=tmp_path)


def test_water_list_matches_the_board_file() -> None:
    geojson = REPO / "geodata" / "world.geojson"
    if not geojson.exists():
        pytest.skip("the board GeoJSON has not been built")
    doc = json.loads(geojson.read_text(encoding="utf-8"))
    waters = {f["properties"]["id"] for f in doc["features"]
              if f["properties"]["kind"] in ("sea", "ocean")}
    assert waters == WATER_IDS


def test_the_content_page_lists_every_card(content: Content) -> None:
    page = (REPO / "docs" / "content-2018.md").read_text(encoding="utf-8")
    for card in [*content.empires.values(), *content.events.values()]:
        assert f"| {card.name} |" in page, card.id


def test_world_board_and_territory_table_agree(board: BoardIds) -> None:
    board_module = pytest.importorskip("hotw.board")
    try:
        world = BoardIds.from_board(board_module.load_board())
    except OSError:
        pytest.skip("the board GeoJSON has not been built")
    assert (world.lands, world.barren, world.regions) == (board.lands, board.barren, board.regions)
    assert world.waters == WATER_IDS
