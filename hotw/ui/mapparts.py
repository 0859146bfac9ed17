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

from hotw.i18n import Domain
from hotw.ui.rulesetview import WORLD_CENTER, WORLD_ZOOM, RulesetView
from hotw.ui.view import SEAT_COLOURS, html_to_text, stripe_patterns  # noqa: F401  (html_to_text: found here too)

_ = Domain("hotw")
t = _.text

MAP_CENTER = WORLD_CENTER
MAP_ZOOM = WORLD_ZOOM

#: The fonts name Japanese ones after the Latin ones (Debian's fonts-noto-cjk is "Noto Sans CJK JP", Google's web
#: font "Noto Sans JP"), so Japanese words have glyphs on the map, its tooltips and every panel.
CSS = """
<style>
.hotw-app .leaflet-container { background: #f6f3ec; }
.hotw-app .leaflet-div-icon { background: transparent; border: none; }
.hotw-app .leaflet-marker-icon { pointer-events: none !important; }
.hotw-marker { display: flex; justify-content: center; gap: 1px; white-space: nowrap; }
.hotw-chip { display: inline-block; min-width: 10px; height: 12px; padding: 0 1px; text-align: center;
  font: 9px/12px "DejaVu Sans", "Segoe UI Symbol", "Noto Sans CJK JP", "Noto Sans JP", sans-serif; border-radius: 2px; align-self: flex-end;
  background: #fffdf3; border: 1px solid #444; color: #000; box-sizing: content-box; }
.hotw-chip.hotw-army { min-width: 13px; height: 15px; font: 11px/15px "DejaVu Sans", "Noto Sans CJK JP", "Noto Sans JP", sans-serif; border-radius: 3px; }
.hotw-army.hotw-active { border: 2px solid #000; font-weight: bold; }
.hotw-army.hotw-resigned { opacity: 0.8; border: 1px dashed #222; }
.hotw-seat { display: inline-block; min-width: 1.3em; text-align: center; border-radius: 3px;
  border: 1px solid #333; font-family: "DejaVu Sans", "Noto Sans CJK JP", "Noto Sans JP", sans-serif; }
.hotw-app .widget-html-content { line-height: 1.35; }
.hotw-app .hotw-hover .widget-html-content, .hotw-app .hotw-message .widget-html-content { white-space: normal; }
.hotw-app { font-family: "DejaVu Sans", "Helvetica Neue", Arial, "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans",
  "Yu Gothic", "Meiryo", sans-serif; font-size: 13px; }
/* Leaflet sets its own fonts on the map (its tooltips and labels): the same stack, with CJK glyphs. */
.hotw-app .leaflet-container, .hotw-app .widget-button, .hotw-app .widget-label, .hotw-app select,
.hotw-lesson .leaflet-container { font-family: "DejaVu Sans", "Helvetica Neue", Arial, "Noto Sans CJK JP",
  "Noto Sans JP", "Hiragino Sans", "Yu Gothic", "Meiryo", sans-serif; }
.hotw-bot-why { color: #333; padding: 0 8px; height: 2.7em; overflow-y: auto; }
.hotw-message { height: 2.9em; overflow-y: auto; padding: 2px 8px; background: #fff7d6;
  border-left: 4px solid #E69F00; }
.hotw-message .hotw-illegal { color: #7a3b00; }
.hotw-error { padding: 4px 8px; background: #fde8e8; border-left: 4px solid #b00020; color: #600; }
.hotw-hover { height: 7.4em; overflow-y: auto; padding: 4px 8px; background: #fafafa; border: 1px solid #ddd;
  box-sizing: border-box; }
/* Water is never a target: the hover outline stays thin there (CSS wins over Leaflet's path attributes). */
.hotw-app path.hotw-sea, .hotw-app path.hotw-ocean { stroke-width: 0.6px !important; stroke: #9db7cc !important; }
/* A clearly visible focus ring on every control a keyboard reaches, on any background. */
.hotw-app button:focus-visible, .hotw-app select:focus-visible, .hotw-app input:focus-visible,
.hotw-app summary:focus-visible, .hotw-app a:focus-visible, .hotw-app .leaflet-container:focus-visible,
.hotw-app .noUi-handle:focus-visible, .hotw-app [tabindex]:focus-visible,
.hotw-chooser button:focus-visible, .hotw-chooser select:focus-visible {
  outline: 3px solid #000 !important; outline-offset: 2px !important; box-shadow: 0 0 0 6px #ffd84d !important; }
.hotw-app .hotw-disclosure { font-weight: bold; background: #eef2f6; border: 1px solid #aab; margin-top: 4px; }
.hotw-app .hotw-target-list { flex-direction: column; align-items: stretch; }
.hotw-app .hotw-target-list label { width: auto !important; text-align: left !important; }
.hotw-pick-ring { width: 34px; height: 34px; border: 3px solid #000; border-radius: 50%;
  box-shadow: 0 0 0 3px #ffd84d, inset 0 0 0 2px #ffd84d; }
.hotw-summary-box { padding: 6px 8px; margin: 4px 0; border: 2px solid #333; background: #fffdf3; }
.hotw-summary-body { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.hotw-summary-title { font-size: 15px; margin-bottom: 4px; }
.hotw-summary-table td, .hotw-summary-table th { padding: 2px 6px; border-bottom: 1px solid #e4e4e4; text-align: left; }
.hotw-summary-table caption { text-align: left; font-weight: bold; }
.hotw-text-table { border-collapse: collapse; font-size: 12px; }
.hotw-text-table caption { text-align: left; font-weight: bold; }
.hotw-text-table td, .hotw-text-table th { padding: 1px 6px; border-bottom: 1px solid #e4e4e4; text-align: left;
  vertical-align: top; }
.hotw-table-table { border-collapse: collapse; width: 100%; font-size: 12px; }
.hotw-table-table td, .hotw-table-table th { padding: 1px 4px; border-bottom: 1px solid #e4e4e4; text-align: left; }
.hotw-box, .hotw-events { font-size: 12px; }
.hotw-events-list { margin: 0; padding-left: 1.2em; max-height: 10em; overflow-y: auto; }
.hotw-replay-bar { padding: 4px; margin-top: 4px; border: 2px dashed #333; background: #f4f7fb; }
/* The upload button always appends its file count, "(0)": the label is drawn instead. */
.hotw-app .hotw-load { font-size: 0 !important; }
.hotw-app .hotw-load::after { content: "@LOAD@"; font-size: 13px; }
.hotw-app .hotw-load i { font-size: 13px; margin-right: 4px; }
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
.hotw-region-key .widget-html-content { font-size: 10px; line-height: 1.25; padding: 2px 4px; max-height: 260px;
  overflow-y: auto; }
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
    """The app's CSS with the seat colours and stripes and the ruleset's own rules."""
    load = t("Load a saved game").replace("\\", "").replace('"', "'")
    return CSS.replace("@LOAD@", load) + stripe_patterns() + "<style>" + seat_bar_css() + game_view.css() + "</style>"


#: Region borders: lines only, drawn above the territories.
REGION_LINE_STYLE = {"fill": False, "color": "#222", "weight": 2.2, "opacity": 0.75}


def marker_icon(text: str) -> ipyleaflet.DivIcon:
    """A map marker showing ``text`` (a row of chips), centred on its point."""
    chips = max(text.count("hotw-chip"), 1)
    width, height = 15 * chips + 6, 19
    return ipyleaflet.DivIcon(html=text, icon_size=[width, height], icon_anchor=[width // 2, height // 2])


def pick_icon() -> ipyleaflet.DivIcon:
    """A ring around the land chosen in the keyboard's list of lands."""
    return ipyleaflet.DivIcon(html="<div class='hotw-pick-ring'></div>", icon_size=[40, 40], icon_anchor=[20, 20])


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

