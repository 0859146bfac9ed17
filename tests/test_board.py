"""The committed boards, the stdlib loader, and the validator on deliberately broken copies."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hotw.board import (
    HEROES_BOARD, REGION_OUTLINES, WORLD_BOARD, Board, load_board, load_heroes_board, normalise,
)
from hotw.boardcheck import check_board
from hotw.boardcheck import main as boardcheck_main
from hotw.errors import BoardError

REQUIRED_WATERS = {
    "atlantic_ocean", "pacific_ocean", "indian_ocean", "north_sea", "western_mediterranean",
    "eastern_mediterranean", "black_sea", "red_sea", "caspian_sea", "caribbean_sea",
    "bay_of_bengal", "south_china_sea", "sea_of_japan",
}
CARD_NAMES_2018 = {
    "Tigris": "lower_tigris",
    "Nile": "nile_delta",
    "Mesopotamia": "middle_tigris",
    "Anatolia": "east_anatolia",
    "Yangtze": "yangtze_kiang",
    "Hindu Kush": "hindu_kush",
    "Pindus": "pindus",
    "Crete": "crete",
    "Empty Quarter": "empty_quarter",
    "Mediterranean Sea": "eastern_mediterranean",
}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


@pytest.fixture(scope="module")
def world_data() -> dict:
    return json.loads(WORLD_BOARD.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- committed files


@pytest.mark.parametrize(
    "path", [WORLD_BOARD, HEROES_BOARD, REGION_OUTLINES], ids=["world", "heroes", "regions"]
)
def test_committed_board_has_no_problems(path: Path) -> None:
    assert check_board(path) == []


def test_boardcheck_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert boardcheck_main([str(WORLD_BOARD), str(HEROES_BOARD), str(REGION_OUTLINES)]) == 0
    assert "no problems in 3 board file(s)" in capsys.readouterr().out


def test_counts(board: Board) -> None:
    assert len(board.lands()) == 102
    assert len(board.barren_lands()) == 9
    assert len(board.regions) == 13
    assert set(board.waters()) >= REQUIRED_WATERS
    for region in board.regions.values():
        assert len(region.lands) >= 3, region.id
    assert sum(len(r.lands) for r in board.regions.values()) == 102


def test_space_properties(board: Board) -> None:
    for space in board.spaces.values():
        assert space.terrain in {"clear", "mountain", "forest"}
        assert 0 <= space.resources <= 2
        if space.kind == "barren":
            assert space.region is None and space.resources == 0 and space.terrain == "clear"
        if space.kind == "land":
            assert space.region in board.regions and space.note
    icons = [board.spaces[i].resources for i in board.lands()]
    assert 30 <= icons.count(1) <= 40 and 3 <= icons.count(2) <= 8


def test_a_place_is_named_as_a_player_reads_it(board: Board) -> None:
    assert board.place_name("nile_delta") == "Nile Delta"  # a land
    assert board.place_name("black_sea") == "Black Sea"  # a sea
    assert board.place_name(next(iter(board.regions))) == next(iter(board.regions.values())).name  # a region
    assert board.place_name("atlantis") == "atlantis"  # no such place: its id


@pytest.mark.parametrize("name, expected", sorted(CARD_NAMES_2018.items()))
def test_card_names_resolve(board: Board, name: str, expected: str) -> None:
    assert board.resolve(name) == expected
    assert board.resolve(name.upper()) == expected


def test_resolve_ids_and_display_names(board: Board) -> None:
    assert board.resolve("great_plain_of_china") == "great_plain_of_china"
    assert board.resolve("Great Plain of China") == "great_plain_of_china"
    assert board.resolve("the outback") == "the_outback"
    assert normalise("  Hindu-Kush ") == "hindu_kush"


def test_unknown_name_is_a_clear_error(board: Board) -> None:
    with pytest.raises(BoardError) as caught:
        board.resolve("Gaul")
    message = str(caught.value)
    assert "'Gaul' is not a territory on this board" in message
    assert "Northern Gaul" in message
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    "one, two",
    [
        ("nile_delta", "palestine"),
        ("lower_tigris", "middle_tigris"),
        ("albion", "highlands"),
        ("northern_italia", "alps"),
        ("persian_plateau", "lower_indus"),
        ("yellow_river", "wei_river"),
        ("great_plains", "great_lakes"),
        ("brazil", "pampas"),
    ],
)
def test_adjacency_spot_checks(board: Board, one: str, two: str) -> None:
    assert two in board.spaces[one].adjacent
    assert one in board.neighbours(two)


@pytest.mark.parametrize(
    "one, two",
    [
        ("albion", "northern_gaul"), ("western_anatolia", "balkans"), ("southern_iberia", "atlas"),
        ("crete", "morea"), ("korean_peninsula", "kyushu"), ("honshu", "hokkaido"),
        ("ceylon", "eastern_ghats"), ("sumatra", "malayan_peninsula"), ("new_guinea", "australia"),
        ("arabia_felix", "abyssinia"), ("oman", "persian_plateau"), ("madagascar", "east_africa"),
        ("west_indies", "deep_south"),
    ],
)
def test_straits_are_symmetric_neighbours(board: Board, one: str, two: str) -> None:
    assert two in board.spaces[one].straits and one in board.spaces[two].straits
    assert two in board.neighbours(one)
    assert two not in board.spaces[one].adjacent


def test_a_caravan_in_the_empty_quarter_leads_to_new_lands(board: Board) -> None:
    # The 2018 cards give the Sumerians (Tigris) and the Assyrians a caravan there.
    assert board.spaces["empty_quarter"].adjacent == {
        "arabian_peninsula", "arabia_felix", "oman", "lower_tigris"}
    assert "empty_quarter" in board.spaces[board.resolve("Tigris")].adjacent
    for land, terrain in (("arabia_felix", "mountain"), ("oman", "clear")):
        space = board.spaces[land]
        assert space.region == "middle_east" and space.terrain == terrain and space.resources == 1
        assert space.provenance == "authored"
        assert "lower_tigris" not in space.adjacent  # reached by caravan, strait or sea only
    assert board.spaces["arabian_peninsula"].straits == frozenset()


def test_every_island_reached_by_a_strait(board: Board) -> None:
    for land in board.lands():
        assert board.neighbours(land), land


def test_coasts_and_waters_agree(board: Board) -> None:
    assert "crete" in board.coasts("eastern_mediterranean")
    assert "nile_delta" in board.coasts("red_sea") or "nile_delta" in board.coasts("Eastern Mediterranean")
    assert "black_sea" in board.spaces["eastern_mediterranean"].adjacent
    for water in board.waters():
        for land in board.coasts(water):
            assert water in board.spaces[land].waters
    assert board.spaces["caspian_sea"].adjacent == frozenset()


def test_board_is_immutable_and_cached(board: Board) -> None:
    assert load_board() is board
    assert load_board(WORLD_BOARD) is board
    with pytest.raises(TypeError):
        board.spaces["crete"] = board.spaces["morea"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        board.spaces["crete"].name = "Kriti"  # type: ignore[misc]


def test_heroes_board() -> None:
    heroes = load_heroes_board()
    assert len(heroes.areas()) == 9
    eras = [heroes.spaces[a].era for a in heroes.areas()]
    assert eras.count("antiquity") == 5 and eras.count("modern") == 4
    assert heroes.resolve("Southeast Asia/Pacific") == "southeast_asia_pacific"
    america = heroes.neighbours("america")
    assert {"europe", "russia", "southeast_asia_pacific"} <= america
    assert "mediterranean" in heroes.neighbours("europe")


def _points(geometry: dict) -> set[tuple[float, float]]:
    polygons = geometry["coordinates"]
    if geometry["type"] == "Polygon":
        polygons = [polygons]
    return {tuple(point) for polygon in polygons for ring in polygon for point in ring}


def test_region_outlines(board: Board, world_data: dict) -> None:
    assert REGION_OUTLINES.stat().st_size < 120_000
    outlines = json.loads(REGION_OUTLINES.read_text(encoding="utf-8"))
    assert outlines["hotw"]["board"] == "regions"
    by_id = {f["properties"]["id"]: f for f in outlines["features"]}
    assert list(by_id) == list(board.regions)
    for rid, region in board.regions.items():
        props = by_id[rid]["properties"]
        assert props == {"id": rid, "name": region.name, "kind": "region", "colour": region.colour}
        assert by_id[rid]["geometry"]["type"] == "MultiPolygon"
        # Drawn on the board, an outline runs along territory borders: no point of its own.
        lands = set().union(*(_points(feature(world_data, land)["geometry"]) for land in region.lands))
        assert _points(by_id[rid]["geometry"]) <= lands, rid


def test_loader_is_standard_library_only() -> None:
    code = (
        "import sys, hotw.board\n"
        "hotw.board.load_board()\n"
        "bad = [m for m in ('geopandas', 'shapely', 'ipywidgets', 'ipyleaflet') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


# --------------------------------------------------------------------------- broken copies


def feature(data: dict, sid: str) -> dict:
    return next(f for f in data["features"] if f["properties"]["id"] == sid)


def unlink(data: dict, one: str, two: str, key: str = "adjacent") -> None:
    feature(data, one)["properties"][key].remove(two)
    feature(data, two)["properties"][key].remove(one)


def link(data: dict, one: str, two: str, key: str = "adjacent") -> None:
    feature(data, one)["properties"][key].append(two)
    feature(data, two)["properties"][key].append(one)


def write(tmp_path: Path, data: dict, name: str = "broken.geojson") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def duplicate_id(data: dict) -> None:
    data["features"].append(copy.deepcopy(feature(data, "crete")))


def unknown_adjacent(data: dict) -> None:
    feature(data, "crete")["properties"]["adjacent"].append("atlantis")


def one_sided(data: dict) -> None:
    feature(data, "crete")["properties"]["adjacent"].append("morea")


def land_without_region(data: dict) -> None:
    feature(data, "crete")["properties"]["region"] = None


def small_region(data: dict) -> None:
    for sid in ("hokkaido", "honshu"):
        feature(data, sid)["properties"]["region"] = "china"


def split_continent(data: dict) -> None:
    south = {"northern_andes", "southern_andes", "guiana_highlands", "brazil", "pampas",
             "patagonia", "amazonia"}
    for f in data["features"]:
        p = f["properties"]
        if p["id"] in south:
            continue
        for key in ("adjacent", "straits"):
            for other in list(p[key]):
                if other in south:
                    unlink(data, p["id"], other, key)


GRAPH_BREAKS = [
    (duplicate_id, "'crete': duplicate id"),
    (unknown_adjacent, "'crete': adjacent names unknown id 'atlantis'"),
    (one_sided, "'crete': lists 'morea' in adjacent, but 'morea' does not list 'crete'"),
    (land_without_region, "'crete': land without a region"),
    (small_region, "region 'nippon': only 1 land(s)"),
    (split_continent, "continent 'americas' is not connected"),
]


@pytest.mark.parametrize("breaker, message", GRAPH_BREAKS, ids=[b.__name__ for b, _ in GRAPH_BREAKS])
def test_loader_and_checker_catch_graph_problems(
    tmp_path: Path, world_data: dict, breaker, message: str
) -> None:
    data = copy.deepcopy(world_data)
    breaker(data)
    path = write(tmp_path, data)
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert message in str(caught.value)
    assert "broken.geojson" in str(caught.value)
    assert any(message in problem for problem in check_board(path))


def test_loader_lists_every_problem(tmp_path: Path, world_data: dict) -> None:
    data = copy.deepcopy(world_data)
    unknown_adjacent(data)
    land_without_region(data)
    feature(data, "honshu")["properties"]["straits"].append("nowhere")
    with pytest.raises(BoardError) as caught:
        load_board(write(tmp_path, data))
    problems = caught.value.problems
    assert len(problems) == 3
    assert any("'honshu'" in p and "'nowhere'" in p for p in problems)


def far_neighbours(data: dict) -> None:
    link(data, "eire", "crete")


def touching_not_marked(data: dict) -> None:
    unlink(data, "nile_delta", "palestine")


def bow_tie(data: dict) -> None:
    feature(data, "crete")["geometry"] = {
        "type": "Polygon",
        "coordinates": [[[24.0, 35.0], [26.0, 35.5], [26.0, 35.0], [24.0, 35.5], [24.0, 35.0]]],
    }


def overlapping(data: dict) -> None:
    feature(data, "crete")["geometry"] = copy.deepcopy(feature(data, "morea")["geometry"])


def water_not_touched(data: dict) -> None:
    feature(data, "crete")["properties"]["waters"].append("black_sea")
    feature(data, "black_sea")["properties"]["coasts"].append("crete")


GEOMETRY_BREAKS = [
    (far_neighbours, "'crete' and 'eire' are marked adjacent but lie"),
    (touching_not_marked, "'nile_delta' and 'palestine' share a border but are not marked adjacent"),
    (bow_tie, "'crete': invalid shape (Self-intersection"),
    (overlapping, "'crete' and 'morea' overlap"),
    (water_not_touched, "'crete': lists water 'black_sea' but does not touch it"),
]


@pytest.mark.parametrize("breaker, message", GEOMETRY_BREAKS, ids=[b.__name__ for b, _ in GEOMETRY_BREAKS])
def test_checker_catches_geometry_problems(tmp_path: Path, world_data: dict, breaker, message: str) -> None:
    data = copy.deepcopy(world_data)
    breaker(data)
    path = write(tmp_path, data)
    problems = check_board(path)
    assert any(message in problem for problem in problems), problems
    load_board(path)  # the graph alone is sound: only the geometry shows these


def test_checker_command_line_fails_on_problems(
    tmp_path: Path, world_data: dict, capsys: pytest.CaptureFixture[str]
) -> None:
    data = copy.deepcopy(world_data)
    touching_not_marked(data)
    assert boardcheck_main([str(write(tmp_path, data))]) == 1
    assert "broken.geojson: 'nile_delta' and 'palestine'" in capsys.readouterr().out


@pytest.fixture(scope="module")
def outline_data() -> dict:
    data = json.loads(REGION_OUTLINES.read_text(encoding="utf-8"))
    data["hotw"]["world"] = str(WORLD_BOARD)  # a copy elsewhere still names the real world board
    return data


def outline(data: dict, rid: str) -> dict:
    return next(f for f in data["features"] if f["properties"]["id"] == rid)


def unknown_region(data: dict) -> None:
    outline(data, "nippon")["properties"]["id"] = "atlantis"


def missing_region(data: dict) -> None:
    data["features"].remove(outline(data, "nippon"))


def wrong_colour(data: dict) -> None:
    outline(data, "nippon")["properties"]["colour"] = "#000000"


def invalid_outline(data: dict) -> None:
    outline(data, "nippon")["geometry"] = {
        "type": "MultiPolygon",
        "coordinates": [[[[130.0, 33.0], [132.0, 33.5], [132.0, 33.0], [130.0, 33.5], [130.0, 33.0]]]],
    }


def outline_off_its_lands(data: dict) -> None:
    outline(data, "nippon")["geometry"] = copy.deepcopy(outline(data, "china")["geometry"])


def unknown_world(data: dict) -> None:
    data["hotw"]["world"] = "nowhere.geojson"


OUTLINE_BREAKS = [
    (unknown_region, "'atlantis': not a region of"),
    (missing_region, "'nippon': region of"),
    (wrong_colour, "'nippon': colour '#000000' differs from"),
    (invalid_outline, "'nippon': invalid shape (Self-intersection"),
    (outline_off_its_lands, "'nippon': outline differs from the union of its lands"),
    (unknown_world, "cannot read the world board 'nowhere.geojson'"),
]


@pytest.mark.parametrize("breaker, message", OUTLINE_BREAKS, ids=[b.__name__ for b, _ in OUTLINE_BREAKS])
def test_checker_catches_outline_problems(tmp_path: Path, outline_data: dict, breaker, message: str) -> None:
    data = copy.deepcopy(outline_data)
    breaker(data)
    problems = check_board(write(tmp_path, data, "regions.geojson"))
    assert any(message in problem for problem in problems), problems


def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.geojson"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(BoardError, match="not valid JSON"):
        load_board(path)
    assert check_board(tmp_path / "missing.geojson")[0].startswith("cannot read")
