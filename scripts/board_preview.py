"""Draw a board as a picture to check it by eye (default: the world board to docs/board.png).

    .venv/bin/python scripts/board_preview.py                          # world + two close-ups
    .venv/bin/python scripts/board_preview.py --zoom europe --out e.png  # one close-up
    .venv/bin/python scripts/board_preview.py --board geodata/heroes.geojson --out h.png

Regions are filled with their colours and outlined with the lines of
geodata/regions.geojson, barren lands hatched grey, waters light blue with their names;
every territory is named at its label point. Heroes areas are coloured by era (beige:
antiquity, orange: modern age).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch, PathPatch  # noqa: E402
from matplotlib.path import Path as MplPath  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "geodata" / "world.geojson"
OUT = ROOT / "docs" / "board.png"
WORLD = (-180.0, 180.0, -60.0, 72.0)
# Close-ups as (lon min, lon max, lat min, lat max); the first two go under the world map.
ZOOMS = {
    "europe": (-12.0, 62.0, 24.0, 66.0),
    "arabia": (30.0, 64.0, 10.0, 40.0),
    "asia": (64.0, 148.0, 0.0, 48.0),
    "africa": (-20.0, 55.0, -36.0, 38.0),
    "americas": (-130.0, -30.0, -56.0, 62.0),
    "indies": (90.0, 180.0, -50.0, 20.0),
}
SEA = "#cfe6f5"
OCEAN = "#b8d8ee"
BARREN = "#d6d3cc"
ERA_COLOURS = {"antiquity": "#e8d5a8", "modern": "#f0a050"}


def rings_to_path(geometry: dict) -> MplPath:
    """A matplotlib path for a GeoJSON Polygon or MultiPolygon (holes included)."""
    polygons = geometry["coordinates"]
    if geometry["type"] == "Polygon":
        polygons = [polygons]
    vertices: list[list[float]] = []
    codes: list[int] = []
    for polygon in polygons:
        for ring in polygon:
            vertices.extend(ring)
            codes.extend([MplPath.MOVETO] + [MplPath.LINETO] * (len(ring) - 2) + [MplPath.CLOSEPOLY])
    return MplPath(vertices, codes)


def wrap(name: str) -> str:
    """Break a long name into two lines at the space nearest its middle."""
    if len(name) <= 13 or " " not in name:
        return name
    middle = len(name) // 2
    cut = min((i for i, c in enumerate(name) if c == " "), key=lambda i: abs(i - middle))
    return name[:cut] + "\n" + name[cut + 1:]


def fill_colour(props: dict, regions: dict) -> str:
    """The face colour of one feature."""
    kind = props["kind"]
    if kind == "sea":
        return SEA
    if kind == "ocean":
        return OCEAN
    if kind == "barren":
        return BARREN
    if kind == "area":
        return ERA_COLOURS.get(props.get("era"), "#dddddd")
    return regions[props["region"]]["colour"]


def draw_map(ax, data: dict, extent: tuple[float, float, float, float], fontsize: float,
             outlines: dict | None = None) -> None:
    """Draw every feature, the region outlines (if given) and the labels inside the extent."""
    regions = data.get("hotw", {}).get("regions", {})
    lon0, lon1, lat0, lat1 = extent
    ax.set_xlim(lon0, lon1)
    ax.set_ylim(lat0, lat1)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for feature in data["features"]:
        props = feature["properties"]
        kind = props["kind"]
        water = kind in ("sea", "ocean")
        ax.add_patch(PathPatch(
            rings_to_path(feature["geometry"]),
            facecolor=fill_colour(props, regions),
            edgecolor="#7aa7c7" if water else "#333333",
            linewidth=0.4 if water else 0.5,
            hatch="///" if kind == "barren" else None,
        ))
    for feature in (outlines or {}).get("features", []):
        ax.add_patch(PathPatch(rings_to_path(feature["geometry"]), facecolor="none",
                               edgecolor="#111111", linewidth=1.3))
    for feature in data["features"]:
        props = feature["properties"]
        lon, lat = props["label"]
        if not (lon0 < lon < lon1 and lat0 < lat < lat1):
            continue
        if props["kind"] in ("sea", "ocean"):
            ax.text(lon, lat, wrap(props["name"]), fontsize=fontsize + 1, color="#1f4e79",
                    style="italic", ha="center", va="center", linespacing=0.9)
        else:
            ax.text(lon, lat, wrap(props["name"]), fontsize=fontsize, ha="center", va="center",
                    weight="normal" if props["kind"] == "barren" else "bold",
                    color="#111111", linespacing=0.9)


def legend_handles(data: dict) -> list[Patch]:
    """Legend entries: the regions (or eras) and barren land."""
    regions = data.get("hotw", {}).get("regions", {})
    if regions:
        handles = [Patch(facecolor=r["colour"], edgecolor="#333333", label=r["name"])
                   for r in regions.values()]
        handles.append(Patch(facecolor=BARREN, edgecolor="#555555", hatch="///", label="barren land"))
        return handles
    return [Patch(facecolor=c, edgecolor="#333333", label=era) for era, c in ERA_COLOURS.items()]


def title(data: dict) -> str:
    """A one-line description with the counts of each kind of space."""
    kinds = [f["properties"]["kind"] for f in data["features"]]
    if "area" in kinds:
        return f"Heroes of the World board: {kinds.count('area')} areas"
    regions = data.get("hotw", {}).get("regions", {})
    return (f"History of the World board: {kinds.count('land')} lands, "
            f"{kinds.count('barren')} barren lands, {kinds.count('sea')} seas, "
            f"{kinds.count('ocean')} oceans, {len(regions)} regions")


def save_png(fig, out: Path) -> None:
    """Save a figure as a 256-colour PNG (a flat-coloured map loses nothing visible; a third the size)."""
    from PIL import Image

    fig.canvas.draw()
    image = Image.frombuffer("RGBA", fig.canvas.get_width_height(), fig.canvas.buffer_rgba())
    image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)
    plt.close(fig)


def draw_overview(data: dict, out: Path, outlines: dict | None) -> None:
    """The whole board on top, Europe / Middle East and Asia close-ups below (1800 px wide)."""
    fig = plt.figure(figsize=(18.0, 12.4), dpi=100)
    grid = fig.add_gridspec(2, 2, height_ratios=[6.6, 5.0], hspace=0.06, wspace=0.02,
                            left=0.01, right=0.99, top=0.96, bottom=0.01)
    world = fig.add_subplot(grid[0, :])
    draw_map(world, data, WORLD, 5.0, outlines)
    world.legend(handles=legend_handles(data), loc="lower left", fontsize=8, ncol=2, framealpha=0.9)
    world.set_title(title(data), fontsize=13)
    for column, name in enumerate(("europe", "asia")):
        ax = fig.add_subplot(grid[1, column])
        draw_map(ax, data, ZOOMS[name], 6.5, outlines)
        lon0, lon1, lat0, lat1 = ZOOMS[name]
        world.add_patch(plt.Rectangle((lon0, lat0), lon1 - lon0, lat1 - lat0, fill=False,
                                      edgecolor="#aa3333", linewidth=0.8, linestyle="--"))
        ax.set_title(f"close-up: {name.title()}", fontsize=10)
    save_png(fig, out)


def draw_single(data: dict, out: Path, extent: tuple[float, float, float, float],
                outlines: dict | None = None) -> None:
    """One map of the given extent, 1800 px wide."""
    lon0, lon1, lat0, lat1 = extent
    height = 18.0 * (lat1 - lat0) / (lon1 - lon0) + 0.6
    fig, ax = plt.subplots(figsize=(18.0, height), dpi=100)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.45 / height)
    zoomed = (lon1 - lon0) < 300
    draw_map(ax, data, extent, 8.0 if zoomed else 5.0, outlines)
    ax.legend(handles=legend_handles(data), loc="lower left", fontsize=8, ncol=2, framealpha=0.9)
    ax.set_title(title(data), fontsize=12)
    save_png(fig, out)


def main() -> None:
    """Parse the command line and draw."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", type=Path, default=BOARD, help="board GeoJSON to draw")
    parser.add_argument("--zoom", choices=sorted(ZOOMS), help="draw one close-up only")
    parser.add_argument("--out", type=Path, help=f"PNG to write (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args()
    data = json.loads(args.board.read_text(encoding="utf-8"))
    outlines = None
    regions_file = args.board.parent / "regions.geojson"
    if data.get("hotw", {}).get("board") == "world" and regions_file.exists():
        outlines = json.loads(regions_file.read_text(encoding="utf-8"))
    out = args.out or OUT
    if args.zoom:
        draw_single(data, out, ZOOMS[args.zoom], outlines)
    elif any(f["properties"]["kind"] == "area" for f in data["features"]):
        draw_single(data, out, WORLD)
    else:
        draw_overview(data, out, outlines)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
