"""Content in Japanese and Spanish: every translation file is complete, and the board and history names say it.

The first test reads every table of ``hotw/data/translated.json`` (cards of every ruleset,
boards, history maps): it fails until every table has its ``ja`` and ``es`` files.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hotw.board import GEODATA, load_board, load_heroes_board, translated_table
from hotw.history import load_extents
from hotw.i18n import Term, content, render, speaking
from hotw.rulesets import get_ruleset
from tests.i18n_check import untranslated

LANGS = ("ja", "es")


def test_the_checker_finds_no_problem_in_any_translation() -> None:
    found = content.problems()
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all; python -m hotw.i18n.content)"


# -- the board ---------------------------------------------------------------------------------


def _board_terms(board) -> list[Term]:
    terms = []
    for space in board.spaces.values():
        terms.append(space.name)
        if space.note:
            terms.append(space.note)
    terms += [region.name for region in board.regions.values()]
    return terms


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_and_note_of_the_shipped_boards_is_said_in(lang: str) -> None:
    for board, table in ((load_board(), "boards/world"), (load_heroes_board(), "boards/heroes")):
        terms = _board_terms(board)
        assert terms and all(isinstance(t, Term) for t in terms), table
        assert {t.table for t in terms} <= {table, "boards/regions"}
        missing = [m for t in terms for m in untranslated(t, lang)]
        assert not missing, missing[:10]


def test_land_sea_and_region_names_read_as_their_language_writes_them() -> None:
    board = load_board()
    said = {
        ("albion", "es"): "Albión",
        ("albion", "ja"): "アルビオン",
        ("eastern_mediterranean", "es"): "Mar Mediterráneo oriental",
        ("western_mediterranean", "ja"): "地中海西部",
        ("atlantic_ocean", "ja"): "大西洋",
        ("atlantic_ocean", "es"): "Océano Atlántico",
        ("middle_tigris", "ja"): "ティグリス川中流",
    }
    for (sid, lang), text in said.items():
        assert render(board.spaces[sid].name, lang) == text
        with speaking(lang):
            assert render(board.spaces[sid].name) == text
    assert render(board.regions["middle_east"].name, "ja") == "中東"
    assert render(board.spaces["crete"].note, "es") == "Los minoicos y el palacio de Cnosos."
    # the engine reads English as before
    assert board.spaces["albion"].name == "Albion" and render(board.spaces["albion"].name, "en") == "Albion"


def test_names_stay_english_to_the_engine_equal_hashed_and_resolved_as_before(tmp_path: Path) -> None:
    board = load_board()
    assert board.resolve("Albion") == board.resolve("albion") == "albion"
    assert board.resolve("Eastern Mediterranean") == "eastern_mediterranean"
    copy = tmp_path / "world.geojson"
    shutil.copy(GEODATA / "world.geojson", copy)
    plain = load_board(copy)  # a board read from elsewhere: same spaces, plain names
    assert translated_table(copy) is None and not isinstance(plain.spaces["albion"].name, Term)
    assert plain.spaces == board.spaces and hash(plain.spaces["albion"]) == hash(board.spaces["albion"])
    assert plain.regions == board.regions


@pytest.mark.parametrize("ruleset", ["hotw2018", "classic", "brief"])
def test_every_world_ruleset_board_carries_the_world_boards_terms(ruleset: str) -> None:
    if ruleset == "brief":
        from hotw.rulesets.brief.boardmap import brief_board

        board = brief_board()
    else:
        board = load_board(get_ruleset(ruleset).board_path())
    world = load_board()
    for sid, space in board.spaces.items():
        assert isinstance(space.name, Term) and space.name.table == "boards/world", sid
        assert space.name == world.spaces[sid].name
    assert render(board.spaces["northern_gaul"].name, "es") == "Galia septentrional"


# -- the history maps --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_readable_field_of_every_history_map_is_said_in(lang: str) -> None:
    extents = load_extents()
    assert set(extents) == set(content.TABLES["history"])
    for eid, extent in extents.items():
        terms = [extent.name, extent.date, extent.note, *extent.borderline.values(), *extent.outside.values()]
        assert all(isinstance(t, Term) and t.table == f"history/{eid}" for t in terms), eid
        missing = [m for t in terms for m in untranslated(t, lang)]
        assert not missing, missing[:10]
        assert render(extent.name, lang) != extent.name


def test_a_history_map_reads_in_japanese_and_spanish() -> None:
    rome = load_extents()["romans_117"]
    assert render(rome.name, "ja") == "トラヤヌス帝のローマ帝国"
    assert render(rome.date, "es") == "117 d. C."
    assert render(rome.borderline["lower_rhine"], "es").startswith("Solo la tierra al sur y al oeste del Rin")
    assert render(rome.outside["highlands"], "ja").startswith("カレドニア（スコットランド）")
    assert rome.date == "AD 117"


# -- the checker catches a broken file -----------------------------------------------------------


@pytest.fixture()
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the regions and Roman history translations the checker reads instead of the shipped ones."""
    real = content.DATA_DIR
    for folder, name in (("boards", "regions"), ("history", "romans_117")):
        for lang in LANGS:
            target = tmp_path / folder / "lang" / lang / f"{name}.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(real / folder / "lang" / lang / f"{name}.json", target)
    shutil.copy(real / "history" / "romans_117.json", tmp_path / "history" / "romans_117.json")
    monkeypatch.setattr(content, "DATA_DIR", tmp_path)
    monkeypatch.setattr(content, "TABLES", {"boards": ("regions",), "history": ("romans_117",)})
    assert content.problems() == []
    return tmp_path


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["entries"])
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_the_checker_reports_a_missing_entry(data_copy: Path) -> None:
    _edit(data_copy / "boards/lang/ja/regions.json", lambda e: e.pop("nippon"))
    assert content.problems() == ["boards/lang/ja/regions.json: 'nippon' has no translation"]


def test_the_checker_reports_an_unknown_id(data_copy: Path) -> None:
    _edit(data_copy / "boards/lang/es/regions.json",
          lambda e: e.update(atlantis={"name": "Atlántida", "provenance": "translated"}))
    assert content.problems() == ["boards/lang/es/regions.json: 'atlantis' is not a record of boards/regions"]


def test_the_checker_reports_an_entry_without_provenance(data_copy: Path) -> None:
    _edit(data_copy / "history/lang/es/romans_117.json", lambda e: e["romans_117"].pop("provenance"))
    found = content.problems()
    assert len(found) == 1 and "'romans_117' needs a provenance" in found[0], found


def test_the_checker_reports_a_missing_note_by_land_and_a_missing_file(data_copy: Path) -> None:
    _edit(data_copy / "history/lang/ja/romans_117.json", lambda e: e["romans_117"]["outside"].pop("nubia"))
    (data_copy / "boards/lang/es/regions.json").unlink()
    assert sorted(content.problems()) == [
        "boards/lang/es/regions.json: missing (translates boards/regions)",
        "history/lang/ja/romans_117.json: 'romans_117' lacks outside.nubia",
    ]
