"""Check a board GeoJSON: its graph (pure Python) and its geometry (shapely, imported lazily).

    python -m hotw.boardcheck geodata/world.geojson geodata/heroes.geojson geodata/regions.geojson

prints every problem with its feature id and exits 1, or prints a one-line summary and
exits 0. The geometry checks need the ``geo`` extra (shapely); the rules engine never does.
A file of region outlines (``"board": "regions"``) is checked against the world board
it names: every region known, every outline valid and equal to the union of its lands.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from hotw.board import LAND_KINDS, WATER_KINDS, graph_problems, load_board
from hotw.errors import BoardError

OVERLAP_AREA = 1e-4  # square degrees (about 1 km2): more shared area is an overlap
TOUCH_LENGTH = 0.05  # degrees: a longer shared border means the shapes are neighbours
FAR_APART = 0.05  # degrees: marked neighbours further apart than this do not touch
COAST_REACH = 0.05  # degrees: a land listing a water must come this close to it
COAST_BUFFER = 0.01  # degrees: band along a water in which a land's coast is measured
STRAIT_REACH = 20.0  # degrees: the longest crossing a strait may make
OUTLINE_SLACK = 1e-3  # square degrees: a region outline may differ this much from its lands


def check_board(path: str | Path) -> list[str]:
    """Every problem of a board file (graph and geometry), each naming the feature id."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        return [f"cannot read the file: {error.strerror}"]
    except json.JSONDecodeError as error:
        return [f"not valid JSON: {error}"]
    if is_region_outlines(data):
        return region_outline_problems(data, Path(path).parent)
    problems = graph_problems(data)
    if isinstance(data, dict) and isinstance(data.get("features"), list):
        problems += geometry_problems(data["features"])
    return problems


def is_region_outlines(data: Any) -> bool:
    """True for a file of region outlines (geodata/regions.geojson) rather than a board."""
    meta = data.get("hotw") if isinstance(data, dict) else None
    return isinstance(meta, dict) and meta.get("board") == "regions"


def region_outline_problems(data: dict[str, Any], folder: Path) -> list[str]:
    """Problems of a file of region outlines, checked against the world board it names."""
    import shapely
    from shapely.geometry import shape

    world_name = data["hotw"].get("world", "world.geojson")
    world_path = folder / str(world_name)
    try:
        world = load_board(world_path)
        world_data = json.loads(world_path.read_text(encoding="utf-8"))
    except (BoardError, OSError, json.JSONDecodeError) as error:
        return [f"cannot read the world board {world_name!r} the outlines belong to: {error}"]
    if not isinstance(data.get("features"), list):
        return ["not a GeoJSON FeatureCollection (no 'features' list)"]
    try:
        land_shapes = {
            f["properties"]["id"]: shape(f["geometry"])
            for f in world_data["features"] if f["properties"]["kind"] == "land"
        }
    except (KeyError, TypeError, ValueError, AttributeError, shapely.errors.GEOSException):
        return [f"{world_name} has a land with unreadable geometry: check it first"]
    problems: list[str] = []
    seen: set[str] = set()
    for number, feature in enumerate(data["features"]):
        p = feature.get("properties") if isinstance(feature, dict) else None
        if not isinstance(p, dict) or not isinstance(p.get("id"), str) or not p["id"]:
            problems.append(f"feature #{number}: no 'id' in its properties")
            continue
        rid = p["id"]
        if rid in seen:
            problems.append(f"'{rid}': duplicate id (feature #{number})")
            continue
        seen.add(rid)
        if p.get("kind") != "region":
            problems.append(f"'{rid}': kind must be 'region', not {p.get('kind')!r}")
        region = world.regions.get(rid)
        if region is None:
            known = ", ".join(sorted(world.regions))
            problems.append(f"'{rid}': not a region of {world_name} (its regions: {known})")
            continue
        for key, expected in (("name", region.name), ("colour", region.colour)):
            if p.get(key) != expected:
                problems.append(f"'{rid}': {key} {p.get(key)!r} differs from {world_name} ({expected!r})")
        geom = _polygons(feature, rid, problems)
        if geom is None:
            continue
        if not geom.is_valid:
            problems.append(f"'{rid}': invalid shape ({shapely.is_valid_reason(geom)})")
            continue
        lands = shapely.union_all([land_shapes[land] for land in region.lands])
        off = shapely.symmetric_difference(geom, lands).area
        if off > OUTLINE_SLACK:
            problems.append(
                f"'{rid}': outline differs from the union of its lands in {world_name} "
                f"by {off:.3f} square degrees"
            )
    for rid in sorted(set(world.regions) - seen):
        problems.append(f"'{rid}': region of {world_name} has no outline")
    return problems


def _polygons(feature: dict[str, Any], fid: str, problems: list[str]) -> Any:
    """The feature's shape if it is a readable, non-empty (Multi)Polygon; else None, with the problem noted."""
    import shapely
    from shapely.geometry import shape

    try:
        geom = shape(feature["geometry"])
    except (KeyError, TypeError, ValueError, AttributeError, shapely.errors.GEOSException):
        problems.append(f"'{fid}': missing or unreadable geometry")
        return None
    if geom.is_empty or geom.geom_type not in ("Polygon", "MultiPolygon"):
        problems.append(f"'{fid}': geometry must be a non-empty Polygon or MultiPolygon")
        return None
    return geom


def geometry_problems(features: list[Any]) -> list[str]:
    """Problems only the shapes can show: invalid or overlapping shapes, adjacency, coasts."""
    import shapely
    from shapely.geometry import Point

    problems: list[str] = []
    props: dict[str, dict[str, Any]] = {}
    shapes: dict[str, Any] = {}
    for feature in features:
        p = feature.get("properties") if isinstance(feature, dict) else None
        if not isinstance(p, dict) or not isinstance(p.get("id"), str) or p["id"] in props:
            continue  # reported by the graph checks
        sid = p["id"]
        props[sid] = p
        geom = _polygons(feature, sid, problems)
        if geom is None:
            continue
        if not geom.is_valid:
            problems.append(f"'{sid}': invalid shape ({shapely.is_valid_reason(geom)})")
            geom = shapely.make_valid(geom)
        shapes[sid] = geom
        label = p.get("label")
        if isinstance(label, list) and len(label) == 2 and not geom.intersects(Point(label)):
            problems.append(f"'{sid}': label {label} lies outside its shape")

    def family(sid: str) -> str:
        kind = props[sid].get("kind")
        return "land" if kind in LAND_KINDS else "water" if kind in WATER_KINDS else str(kind)

    ids = list(shapes)
    tree = shapely.STRtree([shapes[i] for i in ids])
    touching: set[tuple[str, str]] = set()
    left, right = tree.query([shapes[i] for i in ids], predicate="intersects")
    for a, b in zip(left, right):
        if a >= b:
            continue
        one, two = sorted((ids[a], ids[b]))
        if family(one) != family(two):
            continue
        common = shapely.intersection(shapes[one], shapes[two])
        if common.area > OVERLAP_AREA:
            problems.append(f"'{one}' and '{two}' overlap ({common.area:.4f} square degrees)")
        if shapely.length(shapely.intersection(shapes[one].boundary, shapes[two].boundary)) > TOUCH_LENGTH:
            touching.add((one, two))

    for one, two in sorted(touching):
        if two not in _ids(props[one], "adjacent"):
            problems.append(f"'{one}' and '{two}' share a border but are not marked adjacent")
    for sid in ids:
        for other in _ids(props[sid], "adjacent"):
            if other in shapes and sid < other and (sid, other) not in touching:
                if other in _ids(props[sid], "straits"):
                    continue  # a link across water (Heroes areas), not a land border
                gap = shapes[sid].distance(shapes[other])
                if gap > FAR_APART:
                    problems.append(
                        f"'{sid}' and '{other}' are marked adjacent but lie {gap:.2f} degrees apart"
                    )
        if family(sid) == "land":
            for other in _ids(props[sid], "straits"):
                if other in shapes and sid < other:
                    gap = shapes[sid].distance(shapes[other])
                    if gap > STRAIT_REACH:
                        problems.append(
                            f"'{sid}' and '{other}': a strait cannot cross {gap:.1f} degrees of water"
                        )
    bands = {w: g.buffer(COAST_BUFFER) for w, g in shapes.items() if family(w) == "water"}
    for sid in ids:
        if family(sid) == "land":
            problems += _coast_problems(sid, props, shapes, bands)
    return problems


def _coast_problems(
    sid: str, props: dict[str, dict[str, Any]], shapes: dict[str, Any], bands: dict[str, Any]
) -> list[str]:
    problems = []
    listed = set(_ids(props[sid], "waters"))
    for water in sorted(listed):
        if water in shapes and shapes[sid].distance(shapes[water]) > COAST_REACH:
            problems.append(f"'{sid}': lists water '{water}' but does not touch it")
    land = shapes[sid]
    for water, band in bands.items():
        if water in listed or not land.intersects(band):
            continue
        along = land.boundary.intersection(band).length
        if along > 2 * TOUCH_LENGTH:
            problems.append(f"'{sid}': touches '{water}' but does not list it in waters")
    return problems


def _ids(p: dict[str, Any], key: str) -> list[str]:
    value = p.get(key, [])
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def main(argv: list[str] | None = None) -> int:
    """Check the board files named on the command line; 0 if all are clean, 1 otherwise."""
    paths = sys.argv[1:] if argv is None else argv
    if not paths:
        print("usage: python -m hotw.boardcheck FILE.geojson [FILE.geojson ...]", file=sys.stderr)
        return 2
    failed = 0
    summary = []
    for path in paths:
        problems = check_board(path)
        name = Path(path).name
        for problem in problems:
            print(f"{name}: {problem}")
        failed += len(problems)
        summary.append(name)
    if failed:
        print(f"{failed} problem(s) in {len(paths)} board file(s)", file=sys.stderr)
        return 1
    print(f"no problems in {len(paths)} board file(s): {', '.join(summary)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
