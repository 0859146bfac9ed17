"""Draw the world board as a picture (docs/board.png) to check it by eye.

    .venv/bin/python scripts/board_preview.py                 # the whole world
    .venv/bin/python scripts/board_preview.py --zoom europe   # a close-up, to docs/board-europe.png

Regions are filled with their colours, barren lands hatched grey, waters light blue
with their names; every territory is named at its label point.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.patches import PathPatch  # noqa: E402
from matplotlib.path import Path as MplPath  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "geodata" / "world.geojson"
# Close-ups: (lon min, lon max, lat min, lat max)
ZOOMS = {
    "europe": (-12.0, 62.0, 22.0, 66.0),
    "asia": (60.0, 150.0, -12.0, 55.0),
    "americas": (-130.0, -30.0, -56.0, 62.0),
    "africa": (-20.0, 55.0, -36.0, 38.0),
}
WATER = "#cfe6f5"
OCEAN = "#b8d8ee"
BARREN = "#d6d3cc"


def rings_to_path(geometry: dict) -> MplPath:
    """A matplotlib path for a GeoJSON Polygon or MultiPolygon (holes included)."""
    polygons = geometry["coordinates"]
    if geometry["type"] == "Polygon":
        polygons = [polygons]
    vertices, codes = [], []
    for polygon in polygons:
        for ring in polygon:
            vertices.extend(ring)
            codes.extend([MplPath.MOVETO] + [MplPath.LINETO] * (len(ring) - 2) + [MplPath.CLOSEPOLY])
    return MplPath(vertices, codes)


def draw(board_path: Path, out: Path, extent: tuple[float, float, float, float] | None) -> None:
    """Render the board (or a close-up of it) to a PNG."""
    data = json.loads(board_path.read_text(encoding="utf-8"))
    regions = data["hotw"]["regions"]
    features = data["features"]
    width_in = 18.0
    if extent is None:
        extent = (-180.0, 180.0, -60.0, 72.0)
    lon0, lon1, lat0, lat1 = extent
    height_in = width_in * (lat1 - lat0) / (lon1 - lon0) + 1.2
    fig, ax = plt.subplots(figsize=(width_in, height_in), dpi=100)
    ax.set_xlim(lon0, lon1)
    ax.set_ylim(lat0, lat1)
    ax.set_aspect("equal")
    ax.set_facecolor("white")
    ax.set_xticks([])
    ax.set_yticks([])
    zoomed = (lon1 - lon0) < 300
    small = 7.5 if zoomed else 5.2
    for feature in features:
        props = feature["properties"]
        kind = props["kind"]
        path = rings_to_path(feature["geometry"])
        if kind in ("sea", "ocean"):
            patch = PathPatch(path, facecolor=WATER if kind == "sea" else OCEAN,
                              edgecolor="#7aa7c7", linewidth=0.4)
        elif kind == "barren":
            patch = PathPatch(path, facecolor=BARREN, edgecolor="#555555", linewidth=0.4,
                              hatch="///")
        else:
            colour = regions[props["region"]]["colour"]
            patch = PathPatch(path, facecolor=colour, edgecolor="#333333", linewidth=0.4)
        ax.add_patch(patch)
    for feature in features:
        props = feature["properties"]
        lon, lat = props["label"]
        if not (lon0 <= lon <= lon1 and lat0 <= lat <= lat1):
            continue
        if props["kind"] in ("sea", "ocean"):
            ax.text(lon, lat, props["name"], fontsize=small + 1.5, color="#1f4e79",
                    style="italic", ha="center", va="center")
        else:
            weight = "normal" if props["kind"] == "barren" else "bold"
            ax.text(lon, lat, props["name"], fontsize=small, ha="center", va="center",
                    weight=weight, color="#111111")
    handles = [Patch(facecolor=r["colour"], edgecolor="#333333", label=r["name"])
               for r in regions.values()]
    handles.append(Patch(facecolor=BARREN, edgecolor="#555555", hatch="///", label="barren land"))
    ax.legend(handles=handles, loc="lower left", fontsize=9 if zoomed else 8, ncol=2,
              framealpha=0.9)
    counts = {k: sum(1 for f in features if f["properties"]["kind"] == k)
              for k in ("land", "barren", "sea", "ocean")}
    ax.set_title(
        f"History of the World board: {counts['land']} lands, {counts['barren']} barren lands, "
        f"{counts['sea']} seas, {counts['ocean']} oceans, {len(regions)} regions",
        fontsize=12,
    )
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


def main() -> None:
    """Parse the command line and draw."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", type=Path, default=BOARD)
    parser.add_argument("--zoom", choices=sorted(ZOOMS))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.zoom:
        out = args.out or ROOT / "docs" / f"board-{args.zoom}.png"
        draw(args.board, out, ZOOMS[args.zoom])
    else:
        draw(args.board, args.out or ROOT / "docs" / "board.png", None)


if __name__ == "__main__":
    main()
