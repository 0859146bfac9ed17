"""The classic data: counts, provenance, sources, board ids, and every problem reported with its file and id."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import hotw

from hotw.board import load_board
from hotw.carddata import BoardIds
from hotw.errors import ContentError
from hotw.references import check_sources
from hotw.rulesets.classic.cardcheck import CLASSIC_DIR, FILES, load_content, validate


@pytest.fixture(scope="module")
def content():  # type: ignore[no-untyped-def]
    return load_content(load_board())


def test_seven_empire_cards_in_each_of_seven_epochs(content) -> None:  # type: ignore[no-untyped-def]
    for epoch in range(1, 8):
        cards = content.empires_of_epoch(epoch)
        assert len(cards) == 7 and [c.order for c in cards] == list(range(1, 8))


def test_22_greater_and_49_lesser_events_of_22_lesser_kinds(content) -> None:  # type: ignore[no-untyped-def]
    assert sum(content.deck("major").values()) == 22 and sum(content.deck("minor").values()) == 49
    kinds = {c.name.split(":")[0] for c in content.events.values() if c.kind == "minor"}
    assert len(kinds) == 22


def test_one_minor_empire_and_one_kingdom_per_epoch(content) -> None:  # type: ignore[no-untyped-def]
    minors = sorted(c.epochs for c in content.events.values() if c.effect.kind == "minor_empire")
    kingdoms = sorted(c.epochs for c in content.events.values() if c.effect.kind == "kingdom")
    assert minors == kingdoms == [(e, e) for e in range(1, 8)]


def test_marauders_have_no_capitol(content) -> None:  # type: ignore[no-untyped-def]
    marauders = {e.id for e in content.empires.values() if not e.capitol}
    assert marauders == {"aryans", "scythians", "celts", "hsiung_nu", "goths", "huns", "vikings", "seljuks",
                         "mongols"}


def test_the_game_log_start_lands(content) -> None:  # type: ignore[no-untyped-def]
    starts = {e.id: e.start for e in content.empires.values()}
    assert starts["sumeria"] == ("lower_tigris",) and starts["romans"] == ("southern_italia",)
    assert starts["incas_aztecs"] == ("northern_andes", "mexican_valley")


def test_every_area_has_a_chart_and_the_pre_eminence_markers_are_worth_3_to_6(content) -> None:  # type: ignore[no-untyped-def]
    assert set(content.areas) == set(load_board().regions)
    assert len(content.markers) == 8 and set(content.markers) <= {3, 4, 5, 6}


def test_border_features_lie_on_real_borders(content) -> None:  # type: ignore[no-untyped-def]
    board = load_board()
    for rec in content.border_records:
        assert rec.b in board.spaces[rec.a].adjacent
    assert content.border("yellow_river", "mongolia") == "great_wall"


def test_every_record_says_where_it_comes_from_and_has_sources() -> None:
    for name in FILES:
        doc = json.loads((CLASSIC_DIR / name).read_text(encoding="utf-8"))
        records = next(v for k, v in doc.items() if k != "format")
        for rec in records:
            assert rec["provenance"] in ("documented", "authored")
            assert ("source" in rec) == (rec["provenance"] == "documented")
            assert rec["note"].strip() and check_sources(rec["sources"]) == []
            assert "/work" not in json.dumps(rec) and "shared/" not in json.dumps(rec)


def _broken(tmp_path: Path, name: str, change) -> Path:  # type: ignore[no-untyped-def]
    for f in FILES:
        shutil.copy(CLASSIC_DIR / f, tmp_path / f)
    doc = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    change(doc)
    (tmp_path / name).write_text(json.dumps(doc), encoding="utf-8")
    return tmp_path


def test_problems_name_the_file_and_the_record(tmp_path: Path) -> None:
    def change(doc):  # type: ignore[no-untyped-def]
        doc["empires"][0]["start"] = ["tigris"]
        doc["empires"][1]["navigation"] = ["mediterranean"]
        del doc["empires"][2]["sources"]
    board = BoardIds.from_board(load_board())
    with pytest.raises(ContentError) as err:
        validate(board, _broken(tmp_path, "empires.json", change))
    text = str(err.value)
    assert "empires.json: sumeria: start 'tigris' is not a land on the board (the board calls it 'lower_tigris')" in text
    assert "empires.json: egypt: navigation 'mediterranean'" in text
    assert "empires.json: minoans: missing field 'sources'" in text


def test_a_border_must_be_a_border_of_the_board(tmp_path: Path) -> None:
    def change(doc):  # type: ignore[no-untyped-def]
        doc["borders"][0]["b"] = "crete"
    board = load_board()
    neighbours = {s: frozenset(v.adjacent) for s, v in board.spaces.items()}
    with pytest.raises(ContentError, match="do not share a border"):
        validate(BoardIds.from_board(board), _broken(tmp_path, "borders.json", change), neighbours)


def test_unknown_effects_and_wrong_deck_sizes_are_reported(tmp_path: Path) -> None:
    def change(doc):  # type: ignore[no-untyped-def]
        doc["events"][-1]["effects"] = [{"kind": "earthquake"}]
        doc["events"][-2]["copies"] = 3
    with pytest.raises(ContentError) as err:
        validate(BoardIds.from_board(load_board()), _broken(tmp_path, "events.json", change))
    assert "known kind" in str(err.value) and "the minor pile has 51 cards" in str(err.value)


def test_the_online_links_are_lands_the_printed_board_does_not_join_each_with_its_log_line() -> None:
    from hotw.rulesets.classic.links import LINKS_FILE, check_links, online_links

    board = load_board()
    links = online_links(board)
    assert ("eastern_steppe", "wei_river") in links and ("east_anatolia", "zagros") in links
    root = Path(__file__).resolve().parents[2]
    for rec in json.loads(LINKS_FILE.read_text(encoding="utf-8"))["links"]:
        for src in rec["sources"]:
            line = (root / src["file"]).read_text(encoding="utf-8").splitlines()[src["line"] - 1]
            assert src["text"] in line, (rec["id"], src)
    bad = [{"id": "x", "a": "nile_delta", "b": "upper_nile", "sources": [{"file": "f", "line": 1}]},
           {"id": "y", "a": "nile_delta", "b": "atlantis", "sources": []},
           {"id": "z", "a": "wei_river", "b": "eastern_steppe", "sources": []}]
    problems = check_links(bad, board)
    assert any("already neighbours" in p for p in problems) and any("two different lands" in p for p in problems)
    assert any("log file and line" in p for p in problems)


def test_online_links_join_lands_only_under_their_option() -> None:
    plain = hotw.new_game("classic", ["A", "B", "C"], 1)
    linked = hotw.new_game("classic", ["A", "B", "C"], 1, options={"online_links": True})
    assert "wei_river" not in plain._land_nbrs["eastern_steppe"]
    assert "wei_river" in linked._land_nbrs["eastern_steppe"] and "eastern_steppe" in linked._land_nbrs["wei_river"]


def test_the_online_area_values_are_checked_and_each_has_its_log_line() -> None:
    from hotw.rulesets.classic.links import AREAS_FILE, check_areas, online_area_values

    board = load_board()
    assert online_area_values(board)[("southern_europe", 1)] == (1, 2, 3)
    root = Path(__file__).resolve().parents[2]
    for rec in json.loads(AREAS_FILE.read_text(encoding="utf-8"))["area_values"]:
        for src in rec["sources"]:
            line = (root / src["file"]).read_text(encoding="utf-8").splitlines()[src["line"] - 1]
            assert src["text"] in line, (rec["id"], src)
    bad = [{"id": "x", "region": "atlantis", "epoch": 9, "values": [3, 2, 1], "sources": []}]
    problems = check_areas(bad, board)
    assert len(problems) == 4


def test_online_area_values_score_only_under_their_option() -> None:
    from tests.rules_classic.helpers import begun

    for online, points in ((False, 0), (True, 1)):
        game = begun("egypt", armies={"crete": 0}, options={"online_areas": online})
        row = next(r for r in game.score_breakdown(0).regions if r.region == "southern_europe")
        assert row.points == points
