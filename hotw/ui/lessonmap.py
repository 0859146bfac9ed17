"""The lessons' small read-only maps: a board drawn around a few lands, styled by the game's ruleset view.

Used by :mod:`hotw.ui.lesson` (walkthrough demos, explorer, comparison); the HTML
and styles are plain functions of their inputs, tested without a browser.
"""

from __future__ import annotations

import functools
import html
import math
from collections.abc import Iterable, Mapping
from typing import Any

import ipyleaflet
import ipywidgets as w

from hotw.board import Board
from hotw.i18n import Domain, render
from hotw.tutorial import DEMOS
from hotw.tutorial_more import EXTRA_DEMOS
from hotw.ui import view
from hotw.ui.mapparts import CSS, MAP_CENTER, MAP_ZOOM, board_geometry, feature_collection, marker_icon, seat_bar_css
from hotw.ui.rulesetview import RulesetView, view_of


esc = html.escape
_ = Domain("lessons")
t = _.text

ROMAN = view.ROMAN

#: Every walkthrough demo by name: the turn-order demos, then the extra ones.
ALL_DEMOS = {**DEMOS, **EXTRA_DEMOS}

#: Outline of the lands a lesson asks students to look at.
FOCUS = {"color": "#111111", "weight": 4.5, "opacity": 1.0, "dashArray": ""}
#: Fills of a comparison map: in both maps, only in the game, only in history. From Paul Tol's
#: colour-blind-safe "muted" scheme, none of them a seat's colour (the game's armies use Okabe-Ito), and
#: the two "only" fills carry stripes of their own direction, so colour is never the only cue.
BOTH, ONLY_GAME, ONLY_HISTORY = "#332288", "#CC6677", "#DDCC77"
#: The CSS class (and SVG pattern) of each striped fill.
FILL_PATTERNS = {ONLY_GAME: "hotw-fill-game", ONLY_HISTORY: "hotw-fill-history"}
#: The stripes of each pattern: its colour, the angle of its stripes and their colour.
_STRIPES = {"hotw-fill-game": (ONLY_GAME, 45, "#ffffff"), "hotw-fill-history": (ONLY_HISTORY, -45, "#5a4a00")}


def fill_patterns() -> str:
    """The striped fills of the comparison map as SVG patterns, with the CSS for map paths and key swatches."""
    defs, css = [], []
    for cls, (colour, angle, ink) in _STRIPES.items():
        defs.append(f'<pattern id="{cls}" patternUnits="userSpaceOnUse" width="8" height="8" '
                    f'patternTransform="rotate({angle})"><rect width="8" height="8" fill="{colour}"/>'
                    f'<rect width="2.5" height="8" fill="{ink}" fill-opacity="0.7"/></pattern>')
        css.append(f".hotw-lesson path.{cls} {{ fill: url(#{cls}); }}\n"
                   f".hotw-key.{cls} {{ background: repeating-linear-gradient({90 + angle}deg, {ink} 0 2px, "
                   f"{colour} 2px 6px) !important; }}\n")
    return (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{"".join(defs)}</defs>'
            f'</svg><style>{"".join(css)}</style>')

#: The real extent and the start territories on the empire explorer's map.
EXTENT_FILL, START_FILL = "#56B4E9", "#D55E00"
BLANK_LAND = {"fillOpacity": 0.18, "color": "#8a8a8a", "weight": 0.6}
FILLED = {"fillOpacity": 0.8, "color": "#3a3a3a", "weight": 1.0}
#: Pixel size assumed for a small map when choosing its zoom.
SMALL_MAP = (720, 340)

LESSON_CSS = """
<style>
.hotw-lesson { font-family: "DejaVu Sans", "Helvetica Neue", Arial, "Noto Sans CJK JP", "Noto Sans JP", sans-serif;
  font-size: 13px; }
.hotw-lesson-small .leaflet-container { background: #c2d7ea !important; }
.hotw-lesson-label { font: bold 11px/13px "DejaVu Sans", "Noto Sans CJK JP", "Noto Sans JP", sans-serif; color: #111; text-align: center;
  white-space: nowrap; text-shadow: 0 0 2px #fff, 0 0 2px #fff, 0 0 3px #fff; pointer-events: none; }
.hotw-lesson-label.hotw-quiet { font-weight: normal; font-size: 10px; color: #444; }
.hotw-lesson .hotw-hover { min-height: 2.6em; }
.hotw-lesson-rule { padding: 4px 8px; background: #f4f7fb; border-left: 4px solid #0072B2; margin: 2px 0 6px 0; }
.hotw-lesson-happened { margin: 4px 0; padding-left: 1.5em; }
.hotw-lesson-happened li { margin: 2px 0; }
.hotw-tl-epoch { margin: 10px 0 4px 0; font-weight: bold; }
.hotw-tl-row { display: flex; align-items: center; min-height: 20px; border-bottom: 1px solid #eee; }
.hotw-tl-label { width: 46%; padding-right: 8px; font-size: 12px; }
.hotw-tl-track { position: relative; width: 54%; height: 16px; background: #fafafa; }
.hotw-tl-band { position: absolute; top: 0; bottom: 0; background: #e8e1c8; }
.hotw-tl-bar { position: absolute; top: 3px; height: 10px; background: #0072B2; border-radius: 2px; }
.hotw-tl-open { background: linear-gradient(to right, #0072B2 70%, rgba(0,114,178,0.1)); }
.hotw-tl-axis { display: flex; font-size: 11px; color: #555; }
.hotw-tl-axis span { flex: 1; }
.hotw-odds-table { width: 600px; }
.hotw-odds-table td, .hotw-odds-table th { padding: 2px 8px; text-align: left; }
.hotw-odds-bar { height: 12px; border: 1px solid #333; }
.hotw-lesson .widget-html-content { white-space: normal; word-break: normal; overflow-wrap: normal; }
.hotw-key { display: inline-block; width: 14px; height: 12px; border: 1px solid #444; vertical-align: middle;
  margin: 0 3px 0 8px; }
</style>
"""


def _css(game_view: RulesetView | None = None) -> w.HTML:
    own = game_view.css() if game_view is not None else ""
    return w.HTML(CSS + LESSON_CSS + view.stripe_patterns() + fill_patterns() + "<style>" + seat_bar_css() + own
                  + "</style>")


# -- map geometry and styles (plain functions) -------------------------------------------------


def _geometry(board_file: Any) -> tuple[tuple[str, dict[str, Any]], ...]:
    return board_geometry(str(board_file))


@functools.lru_cache(maxsize=2)
def _bboxes(board_file: str) -> dict[str, tuple[float, float, float, float]]:
    """(west, south, east, north) of every feature of a board file."""
    out = {}
    for sid, geom in _geometry(board_file):
        xs: list[float] = []
        ys: list[float] = []

        def walk(c: Any) -> None:
            if c and isinstance(c[0], (int, float)):
                xs.append(c[0])
                ys.append(c[1])
            else:
                for part in c:
                    walk(part)

        walk(geom["coordinates"])
        out[sid] = (min(xs), min(ys), max(xs), max(ys))
    return out


def _mercator(lat: float) -> float:
    lat = max(min(lat, 85.0), -85.0)
    return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def _inverse_mercator(y: float) -> float:
    return math.degrees(2 * math.atan(math.exp(y)) - math.pi / 2)


def window(board: Board, focus: Iterable[str], size: tuple[int, int] = SMALL_MAP,
           min_span: tuple[float, float] = (30.0, 14.0), *,
           board_file: Any) -> tuple[tuple[float, float], float, frozenset[str]]:
    """(centre as (lat, lon), zoom, spaces to draw) of a small map showing ``focus`` and its neighbours.

    ``board_file`` is the GeoJSON of ``board`` (its geometry). Oceans are left out
    (the map's background has their colour), so a small map sends a tenth of the
    board to the browser.
    """
    boxes = _bboxes(str(board_file))
    points = [board.spaces[s].label for s in focus if s in board.spaces]
    if not points:
        return MAP_CENTER, MAP_ZOOM, frozenset(boxes)
    lons = [p[0] for p in points]
    lats = [p[1] for p in points]
    cx, cy = (min(lons) + max(lons)) / 2, (min(lats) + max(lats)) / 2
    span_x = max(max(lons) - min(lons) + 14, min_span[0])
    span_y = max(max(lats) - min(lats) + 8, min_span[1])
    y0, y1 = _mercator(cy - span_y / 2), _mercator(cy + span_y / 2)
    zoom_x = math.log2(size[0] * 360 / (256 * span_x))
    zoom_y = math.log2(size[1] * 2 * math.pi / (256 * (y1 - y0)))
    zoom = math.floor(min(zoom_x, zoom_y) * 4) / 4
    world = 256 * 2**zoom
    half_x = size[0] / 2 * 360 / world * 1.3
    mid = _mercator(cy)
    half_y = size[1] / 2 * 2 * math.pi / world * 1.3
    west, east = cx - half_x, cx + half_x
    south, north = _inverse_mercator(mid - half_y), _inverse_mercator(mid + half_y)
    keep = frozenset(
        sid for sid, (bw, bs, be, bn) in boxes.items()
        if board.spaces[sid].kind != "ocean" and bw <= east and be >= west and bs <= north and bn >= south
    )
    return (cy, cx), zoom, keep


def _plain(style: dict[str, Any]) -> dict[str, Any]:
    """A map style without the 'you can act on / pick this' outlines (a lesson map is read-only)."""
    classes = style.get("className", "")
    if "hotw-target" not in classes and "hotw-candidate" not in classes:
        return style
    base = view.ACTIVE if "hotw-active" in classes else view.RESIGNED if "hotw-resigned" in classes else view.FREE_LAND
    out = {k: v for k, v in style.items() if k not in ("dashArray", "color", "weight")}
    out.update(base)
    out.setdefault("dashArray", "")
    return out


def lesson_styles(game: Any, focus: Iterable[str] = (), fills: Mapping[str, str] | None = None,
                  blank: bool = False) -> dict[str, dict[str, Any]]:
    """Leaflet styles of every space: the game's owners (or a blank board), ``fills`` and the focus outline."""
    focus = set(focus)
    styles = view_of(game).styles()
    out = {}
    for sid, style in styles.items():
        space = game.board.spaces[sid]
        if blank and space.kind == "land":
            region = game.board.regions.get(space.region or "")
            style = {"fillColor": region.colour if region else "#cccccc", **BLANK_LAND,
                     "className": f"hotw-space hotw-id-{sid} hotw-land"}
        else:
            style = _plain(style)
        if fills and sid in fills:
            style = {**style, **FILLED, "fillColor": fills[sid]}
            style["className"] += " hotw-filled" + (f" {FILL_PATTERNS[fills[sid]]}" if fills[sid] in FILL_PATTERNS else "")
        if sid in focus:
            style = {**style, **FOCUS}
            style["className"] += " hotw-focus"
        out[sid] = style
    return out


# -- the read-only map ---------------------------------------------------------------------------


class LessonMap(w.VBox):
    """A read-only board map: a game's armies and pieces (or a blank board), coloured lands, outlined focus.

    ``small=True`` draws only the neighbourhood of the focus (a small board
    situation); otherwise the whole world, which the reader may pan and zoom.
    """

    def __init__(self, game: Any, focus: Iterable[str] = (), *, fills: Mapping[str, str] | None = None,
                 small: bool = True, blank: bool = False, pieces: bool = True, labels: bool = True,
                 height: str | None = None) -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-lesson")
        self.game = game
        self.view = view_of(game)
        self.view.read_only = True  # a picture: its hover never says "click to ..."
        self.focus = tuple(focus)
        self.fills = dict(fills or {})
        self.blank = blank
        self.show_pieces = pieces
        self.show_labels = labels
        board_file = self.view.board_file()
        if small:
            center, zoom, keep = window(game.board, self.focus, board_file=board_file)
            self.add_class("hotw-lesson-small")
        else:
            center, zoom = self.view.center, self.view.zoom
            keep = frozenset(sid for sid, _ in _geometry(board_file))
        self.spaces = keep
        self._geometry = tuple((sid, g) for sid, g in _geometry(board_file) if sid in keep)
        self.layer = ipyleaflet.GeoJSON(data=feature_collection(self._geometry, self.styles()),
                                        hover_style=view.HOVER_STYLE, name="board")
        self.layer.on_hover(self._on_hover)
        self.pieces = ipyleaflet.LayerGroup(name="pieces")
        self.map = ipyleaflet.Map(
            layers=(self.layer, self.pieces), center=center, zoom=zoom, zoom_snap=0.25, zoom_delta=0.5,
            min_zoom=1, scroll_wheel_zoom=False, attribution_control=False, double_click_zoom=False,
            dragging=not small, keyboard=not small, touch_zoom=not small, **({"zoom_control": False} if small else {}),
            layout=w.Layout(height=height or ("340px" if small else "460px"), width="100%",
                            max_width=f"{SMALL_MAP[0]}px" if small else "100%"),
        ).add_class("hotw-map")
        self.hover = w.HTML(t("Point at a territory to read about it.")).add_class("hotw-hover")
        self.children = [_css(self.view), self.map, self.hover]
        self._draw_pieces()

    def styles(self) -> dict[str, dict[str, Any]]:
        """The style of every space drawn on this map."""
        every = lesson_styles(self.game, self.focus, self.fills, self.blank)
        return {sid: every[sid] for sid in self.spaces}

    def show(self, game: Any = None, focus: Iterable[str] | None = None, fills: Mapping[str, str] | None = None,
             center: tuple[float, float] | None = None, zoom: float | None = None) -> None:
        """Redraw in place with a new game, focus or fills (the geometry is sent once)."""
        if game is not None:
            self.game = game
            self.view = view_of(game)
            self.view.read_only = True
        if focus is not None:
            self.focus = tuple(focus)
        if fills is not None:
            self.fills = dict(fills)
        self.layer.data = feature_collection(self._geometry, self.styles())
        self._draw_pieces()
        if center is not None:
            self.map.center = list(center)
        if zoom is not None:
            self.map.zoom = zoom

    def _draw_pieces(self) -> None:
        old = list(self.pieces.layers)
        layers: list[Any] = []
        if self.show_pieces:
            for sid, text in sorted(self.view.markers().items()):
                if sid in self.spaces:
                    layers.append(ipyleaflet.Marker(location=self.view.marker_location(sid),
                                                    icon=marker_icon(text), draggable=False, keyboard=False,
                                                    title="", name=sid))
        if self.show_labels:
            board = self.game.board
            named = [s for s in self.focus if s in self.spaces]
            if len(self.spaces) < len(board.spaces):  # a small map names every land on it, the focus in bold
                named += sorted(s for s in self.spaces if board.spaces[s].kind == "land" and s not in self.focus)
            for sid in named:
                name = render(board.spaces[sid].name)
                quiet = "" if sid in self.focus else " hotw-quiet"
                width = 7 * len(name) + 10
                icon = ipyleaflet.DivIcon(html=f"<div class='hotw-lesson-label{quiet}'>{esc(name)}</div>",
                                          icon_size=[width, 14], icon_anchor=[width // 2, -10])
                layers.append(ipyleaflet.Marker(location=self.view.marker_location(sid), icon=icon,
                                                draggable=False, keyboard=False, title="", name=f"label {sid}"))
        self.pieces.layers = tuple(layers)
        for layer in old:
            layer.close()

    def _on_hover(self, **kwargs: Any) -> None:
        props = kwargs.get("properties") or (kwargs.get("feature") or {}).get("properties") or {}
        sid = props.get("id")
        if sid:
            self.hover.value = self.view.hover(sid)


