"""The map's parts for the notebook game and the lessons: CSS, board geometry, region outlines, markers.

Widget helpers shared by :mod:`hotw.ui.app` and :mod:`hotw.ui.lesson`; what to draw
comes from the ruleset's view.
"""

from __future__ import annotations

import html
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import ipyleaflet

from hotw.ui.rulesetview import WORLD_CENTER, WORLD_ZOOM, RulesetView
from hotw.ui.view import SEAT_COLOURS

MAP_CENTER = WORLD_CENTER
MAP_ZOOM = WORLD_ZOOM

CSS = """
<style>
.hotw-app .leaflet-container { background: #f6f3ec; }
.hotw-app .leaflet-div-icon { background: transparent; border: none; }
.hotw-app .leaflet-marker-icon { pointer-events: none !important; }
.hotw-marker { display: flex; justify-content: center; gap: 1px; white-space: nowrap; }
.hotw-chip { display: inline-block; min-width: 10px; height: 12px; padding: 0 1px; text-align: center;
  font: 9px/12px "DejaVu Sans", "Segoe UI Symbol", sans-serif; border-radius: 2px; align-self: flex-end;
  background: #fffdf3; border: 1px solid #444; color: #000; box-sizing: content-box; }
.hotw-chip.hotw-army { min-width: 13px; height: 15px; font: 11px/15px "DejaVu Sans", sans-serif; border-radius: 3px; }
.hotw-army.hotw-active { border: 2px solid #000; font-weight: bold; }
.hotw-army.hotw-resigned { opacity: 0.8; border: 1px dashed #222; }
.hotw-seat { display: inline-block; min-width: 1.3em; text-align: center; border-radius: 3px;
  border: 1px solid #333; font-family: "DejaVu Sans", sans-serif; }
.hotw-app .widget-html-content { line-height: 1.35; }
.hotw-app .hotw-hover .widget-html-content, .hotw-app .hotw-message .widget-html-content { white-space: normal; }
.hotw-app { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 13px; }
.hotw-bot-why { color: #333; padding: 0 8px; }
.hotw-message { min-height: 1.5em; padding: 4px 8px; background: #fff7d6; border-left: 4px solid #E69F00; }
.hotw-message .hotw-illegal { color: #7a3b00; }
.hotw-error { padding: 4px 8px; background: #fde8e8; border-left: 4px solid #b00020; color: #600; }
.hotw-hover { min-height: 5.5em; padding: 4px 8px; background: #fafafa; border: 1px solid #ddd; }
.hotw-die { font-size: 2.4em; line-height: 1; vertical-align: middle; }
.hotw-card { padding: 4px 6px; margin: 2px 0; border: 1px solid #ccc; border-radius: 4px; background: #fff; }
.hotw-score-table, .hotw-region-table, .hotw-bd-table { border-collapse: collapse; width: 100%; }
.hotw-score-table td, .hotw-region-table td, .hotw-bd-table td, .hotw-bd-table th, .hotw-region-table th {
  padding: 2px 5px; border-bottom: 1px solid #e4e4e4; text-align: left; }
.hotw-bd-table caption { text-align: left; padding: 2px 0; }
.hotw-bd-total td { border-top: 2px solid #333; }
.hotw-bd-note { font-size: 11px; color: #444; margin-top: 3px; }
.hotw-bar-cell { width: 45%; }
.hotw-bar { height: 10px; border: 1px solid #333; }
.hotw-points { text-align: right; }
.hotw-swatch { display: inline-block; width: 12px; height: 12px; margin-right: 4px; border: 1px solid #555;
  vertical-align: middle; }
.hotw-log-list { margin: 0; padding-left: 3em; font-size: 12px; }
.hotw-log { max-height: 260px; overflow-y: auto; }
.hotw-legend { font-size: 12px; }
.hotw-timing { font-size: 11px; color: #666; }
.hotw-region-key .widget-html-content { font-size: 10px; line-height: 1.25; padding: 2px 4px; }
.hotw-region-key .hotw-swatch { width: 9px; height: 9px; }
.hotw-key-title { font-weight: bold; }
.hotw-section { font-weight: bold; margin-top: 6px; }
</style>
"""


def seat_bar_css() -> str:
    """CSS giving each seat's score bar its colour."""
    return "".join(f".hotw-seatbar-{i} {{ background: {c}; }}\n" for i, c in enumerate(SEAT_COLOURS))


@lru_cache(maxsize=4)
def board_geometry(path: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(feature id, geometry) of every feature of a board file, read once per process."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    return tuple((f["properties"]["id"], f["geometry"]) for f in doc["features"])


@lru_cache(maxsize=4)
def region_outlines(path: str) -> dict[str, Any] | None:
    """The region outlines in a GeoJSON file, read once per process; None if the file is missing."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))  # type: ignore[no-any-return]
    except OSError:
        return None


def app_css(game_view: RulesetView) -> str:
    """The app's CSS with the seat colours and the ruleset's own rules."""
    return CSS + "<style>" + seat_bar_css() + game_view.css() + "</style>"


#: Region borders: lines only, drawn above the territories.
REGION_LINE_STYLE = {"fill": False, "color": "#222", "weight": 2.2, "opacity": 0.75}


def marker_icon(text: str) -> ipyleaflet.DivIcon:
    """A map marker showing ``text`` (a row of chips), centred on its point."""
    chips = max(text.count("hotw-chip"), 1)
    width, height = 15 * chips + 6, 19
    return ipyleaflet.DivIcon(html=text, icon_size=[width, height], icon_anchor=[width // 2, height // 2])


def feature_collection(geometry: tuple[tuple[str, dict[str, Any]], ...],
                        styles: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A FeatureCollection sharing the loaded geometry, with each feature's style in its properties."""
    return {
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "id": sid, "geometry": geom, "properties": {"id": sid, "style": styles[sid]}}
            for sid, geom in geometry
        ],
    }



def html_to_text(text: str) -> str:
    """Strip tags from a short HTML snippet (for dropdown labels)."""
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", text))


