"""Lesson widgets for the classroom notebooks: small read-only maps, the epoch timeline,
an empire explorer, a battle-odds explorer and the comparison of a game with a real empire.

Everything here only shows games: the rules come from the engine (``hotw.tutorial``
demos, ``hotw.battle_odds``); the map styles, markers, hover text, battles and
breakdowns from the game's ruleset view (``hotw.ui.rulesetview.view_of``), which
also names the board file whose geometry is drawn. The HTML of each panel is made
by a plain function of its inputs, so tests read it without a browser.

The lessons teach the 2018 game itself: the walkthrough demos, the empire cards and
the battle-odds explorer (its siege rounds and catapult) are that edition's.

>>> from hotw.ui import lesson  # doctest: +SKIP
>>> lesson.show_demo("siege")  # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
import functools
import html
import math
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import ipyleaflet
import ipywidgets as w

import hotw
from hotw.board import Board
from hotw.rulesets.hotw2018.battle import BattleSetup, catapult_bonus, siege_report
from hotw.history import (EPOCH_BANDS, Extent, Overlap, era, held_after_turn, held_lands, load_extents,
                          overlap, timeline)
from hotw.tutorial import DEMOS, Demo
from hotw.tutorial_more import EXTRA_DEMOS, deal
from hotw.ui import view
from hotw.ui.app import (
    CSS,
    MAP_CENTER,
    MAP_ZOOM,
    GameView,
    board_geometry,
    feature_collection,
    marker_icon,
    seat_bar_css,
)
from hotw.ui.rulesetview import RulesetView, view_of

__all__ = [
    "ALL_DEMOS", "EmpireExplorer", "HistoryComparison", "LessonMap", "OddsExplorer", "classroom_game",
    "LAB", "comparison_html", "compare_table", "demo_html", "demo_score", "demo_view", "epoch_names", "extent_names",
    "odds_html", "odds_text", "plot_effects", "plot_points", "plot_win_rate", "show_demo", "siege_text", "sources_html",
    "timeline_html", "timeline_view",
]

esc = html.escape
ROMAN = view.ROMAN

#: Every walkthrough demo by name: the turn-order demos, then the extra ones.
ALL_DEMOS = {**DEMOS, **EXTRA_DEMOS}

#: Outline of the lands a lesson asks students to look at.
FOCUS = {"color": "#111111", "weight": 4.5, "opacity": 1.0, "dashArray": ""}
#: Fills of a comparison map (Okabe-Ito): in both maps, only in the game, only in history.
BOTH, ONLY_GAME, ONLY_HISTORY = "#009E73", "#E69F00", "#56B4E9"
#: The real extent and the start territories on the empire explorer's map.
EXTENT_FILL, START_FILL = "#56B4E9", "#D55E00"
BLANK_LAND = {"fillOpacity": 0.18, "color": "#8a8a8a", "weight": 0.6}
FILLED = {"fillOpacity": 0.8, "color": "#3a3a3a", "weight": 1.0}
#: Pixel size assumed for a small map when choosing its zoom.
SMALL_MAP = (720, 340)

LESSON_CSS = """
<style>
.hotw-lesson { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 13px; }
.hotw-lesson-small .leaflet-container { background: #c2d7ea !important; }
.hotw-lesson-label { font: bold 11px/13px "DejaVu Sans", sans-serif; color: #111; text-align: center;
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
.hotw-key { display: inline-block; width: 14px; height: 12px; border: 1px solid #444; vertical-align: middle;
  margin: 0 3px 0 8px; }
</style>
"""


def _css(game_view: RulesetView | None = None) -> w.HTML:
    own = game_view.css() if game_view is not None else ""
    return w.HTML(CSS + LESSON_CSS + "<style>" + seat_bar_css() + own + "</style>")


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
            style["className"] += " hotw-filled"
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
        self.hover = w.HTML("Point at a territory to read about it.").add_class("hotw-hover")
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
                name = board.spaces[sid].name
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


# -- the rules walkthrough --------------------------------------------------------------------------


_SEAT = re.compile(r" \((?:P|Player )(\d)\)")


def _who(text: str, game: Any) -> str:
    """Escape ``text`` and show a seat written '(P0)' as its coloured symbol, as on the map."""
    if game is None:
        return esc(text)
    return _SEAT.sub(lambda m: " " + view.seat_badge(game, int(m.group(1)), name=False), esc(text))


def happened_html(lines: Iterable[str], game: Any = None, battles: Mapping[int, Any] | None = None) -> str:
    """The demo's log lines for students: 'Epoch I, ' dropped, seats as symbols, battles with their dice drawn.

    ``battles`` maps the index of a line reporting a battle to the engine's record of
    it, which the game's view draws (dice faces, result) in place of the line.
    """
    game_view = view_of(game) if game is not None else None
    items = []
    for i, line in enumerate(lines):
        record = battles.get(i) if battles else None
        drawn = game_view.battle_html(record) if game_view is not None and record is not None else ""
        if drawn:
            items.append(f"<li class='hotw-lesson-battle' data-result='{record.result}'>{drawn}</li>")
        else:
            text = line.split(", ", 1)[1] if line.startswith("Epoch ") else line
            items.append(f"<li>{_who(text, game)}</li>")
    return f"<ul class='hotw-lesson-happened'>{''.join(items)}</ul>"


def demo_html(demo: Demo) -> tuple[str, str]:
    """(the rule, what happened and the score) of a demo, as HTML."""
    rule = f"<div class='hotw-lesson-rule'><b>{esc(demo.title)}.</b> {esc(demo.explanation)}</div>"
    after = "<div class='hotw-section'>What happened</div>" + happened_html(demo.happened, demo.game, demo.battles)
    game_view = view_of(demo.game)
    if game_view.scored_turns() and any(" gain " in line for line in demo.happened):
        after += re.sub(r"(</span>) P\d\)", r"\1)", game_view.breakdown())  # seat symbol only
    return rule, after


def demo_view(demo: Demo) -> w.VBox:
    """A demo as a widget: the rule, the small board it was played on, the dice and the score."""
    rule, after = demo_html(demo)
    box = w.VBox([w.HTML(rule), LessonMap(demo.game, demo.focus), w.HTML(after)])
    box.add_class("hotw-app")
    box.add_class("hotw-lesson")
    box.add_class("hotw-demo")
    return box


def show_demo(name: str) -> w.VBox:
    """The walkthrough demo called ``name`` (see ``ALL_DEMOS``), played and shown."""
    if name not in ALL_DEMOS:
        raise ValueError(f"there is no demo called {name!r}; demos: {', '.join(ALL_DEMOS)}")
    return demo_view(ALL_DEMOS[name]())


# -- the timeline --------------------------------------------------------------------------------


def timeline_html(content: Any) -> str:
    """The five epochs, each with its date band and its eight empires in date order, as HTML bars."""
    out = ["<div class='hotw-lesson hotw-timeline'>"]
    now = 2025  # where "present" ends a bar
    for epoch, entries in timeline(content).items():
        band = EPOCH_BANDS[epoch]
        lo = min([band[0]] + [e.start for e in entries])
        hi = max([band[1]] + [e.end if e.end is not None else now for e in entries])
        span = hi - lo or 1

        def pos(year: int) -> float:
            return round(100 * (year - lo) / span, 2)

        out.append(f"<div class='hotw-tl-epoch' data-epoch='{epoch}'>Epoch {ROMAN[epoch]}: "
                   f"{era(band[0])} – {era(band[1])}</div>")
        out.append(f"<div class='hotw-tl-row'><div class='hotw-tl-label'></div><div class='hotw-tl-axis' "
                   f"style='width:54%'><span>{era(lo)}</span><span style='text-align:right'>"
                   f"{era(hi) if hi < now else 'today'}</span></div></div>")
        for e in entries:
            end = e.end if e.end is not None else now
            leader = f" · {esc(e.leader)}" if e.leader else ""
            cls = "hotw-tl-bar" + (" hotw-tl-open" if e.end is None else "")
            out.append(
                f"<div class='hotw-tl-row' data-empire='{e.id}' title='{esc(e.note)}'>"
                f"<div class='hotw-tl-label'><b>{esc(e.name)}</b> {esc(e.dates)}{leader}</div>"
                f"<div class='hotw-tl-track'><div class='hotw-tl-band' style='left:{pos(band[0])}%;"
                f"width:{pos(band[1]) - pos(band[0])}%'></div><div class='{cls}' style='left:{pos(e.start)}%;"
                f"width:{max(pos(end) - pos(e.start), 0.8)}%'></div></div></div>"
            )
    out.append("<div class='hotw-bd-note'>Sand band: the epoch's dates in the game. Blue bar: the empire's own "
               "dates (from its card). A bar outside the band is an empire the game places in another age.</div>")
    out.append("</div>")
    return "".join(out)


def timeline_view(content: Any = None) -> w.HTML:
    """The timeline as a widget (the 2018 cards by default)."""
    if content is None:
        content = hotw.new_game().content
    return w.HTML(LESSON_CSS + timeline_html(content)).add_class("hotw-lesson")


# -- the empire explorer -----------------------------------------------------------------------------


def sources_html(sources: Iterable[Any]) -> str:
    """A note's references as one small line a teacher can look up: ``Sources: Author, <i>Title</i>, "entry".``"""
    refs = []
    for ref in sources:
        parts = ([esc(ref.author)] if ref.author else []) + [f"<i>{esc(ref.title)}</i>"]
        refs.append(", ".join(parts + ([f"“{esc(ref.entry)}”"] if ref.entry else [])))
    return f"<small class='hotw-sources'><b>Sources:</b> {'; '.join(refs)}.</small>" if refs else ""


def empire_html(game: Any, card_id: str, extents: Mapping[str, Extent]) -> str:
    """One empire card for a history lesson: dates, leader, start, note, where the data comes from, real extent."""
    e = game.content.empires[card_id]
    names = lambda ids: ", ".join(esc(game.board.spaces[s].name) for s in ids)  # noqa: E731
    parts = [f"<div class='hotw-card hotw-empire' data-card='{esc(card_id)}'>",
             f"<b style='font-size:1.2em'>{esc(e.name)}</b> · Epoch {ROMAN[e.epoch]} "
             f"({era(EPOCH_BANDS[e.epoch][0])} – {era(EPOCH_BANDS[e.epoch][1])}) · call order {e.order}<br>",
             f"<b>Dates:</b> {esc(e.dates)} · <b>Leader on the card:</b> {esc(e.leader or 'none named')}<br>",
             f"<b>Start</b> <span class='hotw-key' style='background:{START_FILL}'></span>{names(e.start)} · "
             f"{e.armies} armies"]
    if e.fleets:
        parts.append(f" · fleets: {names(e.fleets)}")
    if e.caravans:
        parts.append(f" · caravans: {names(e.caravans)}")
    parts.append(" · " + ("capitol" if e.capitol else "marauders (no capitol)"))
    if e.ability is not None:
        parts.append(f"<br><b>{esc(e.ability.name)}:</b> {esc(e.ability.text)}")
    parts.append(f"<p><i>{esc(e.note)}</i><br>{sources_html(e.sources)}</p>")
    if e.provenance == "documented":
        authored = ", ".join(getattr(e, "authored_fields", ()) or ())
        parts.append(f"<small>Data: from the 2018 rulebook's first page; written for this project: "
                     f"{esc(authored) or 'nothing'}.</small>")
    else:
        parts.append("<small>Data: written for this project (authored), not the printed card.</small>")
    found = [x for x in extents.values() if x.empire == card_id]
    for x in found:
        parts.append(f"<p><span class='hotw-key' style='background:{EXTENT_FILL}'></span><b>The real empire: "
                     f"{esc(x.name)}, {esc(x.date)}</b> ({len(x.lands)} board lands). {esc(x.note)}<br>"
                     f"{sources_html(x.sources)}</p>")
    if not found:
        parts.append("<p><small>No historical map of this empire is drawn on the board yet.</small></p>")
    parts.append("</div>")
    return "".join(parts)


def empire_fills(game: Any, card_id: str, extents: Mapping[str, Extent]) -> dict[str, str]:
    """Map colours for one empire: its real extent (if authored), then its start territories on top."""
    fills = {land: EXTENT_FILL for x in extents.values() if x.empire == card_id for land in x.lands}
    fills.update({land: START_FILL for land in game.content.empires[card_id].start})
    return fills


class EmpireExplorer(w.VBox):
    """Choose an empire: its card, its start territory on the map and, where authored, its real extent."""

    def __init__(self, empire: str = "romans", game: Any = None) -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-lesson")
        self.game = game if game is not None else hotw.new_game()
        self.extents = load_extents()
        content = self.game.content
        options = [(f"Epoch {ROMAN[t.epoch]} · {t.name} ({t.dates})", t.id)
                   for entries in timeline(content).values() for t in entries]
        self.pick = w.Dropdown(options=options, value=empire, description="Empire",
                               layout=w.Layout(width="480px")).add_class("hotw-empire-pick")
        self.map = LessonMap(self.game, small=False, blank=True, pieces=False)
        self.card = w.HTML().add_class("hotw-empire-card")
        self.pick.observe(lambda _c: self.show(), names="value")
        self.map.layout.width = "60%"
        self.card.layout = w.Layout(width="40%", padding="0 0 0 10px")
        self.children = [self.pick, w.HBox([self.map, self.card], layout=w.Layout(align_items="flex-start"))]
        self.show()

    @property
    def empire(self) -> str:
        """The card id shown now."""
        return str(self.pick.value)

    def show(self) -> None:
        """Draw the chosen empire."""
        e = self.game.content.empires[self.empire]
        lon, lat = self.game.board.spaces[e.start[0]].label
        self.map.show(focus=e.start, fills=empire_fills(self.game, self.empire, self.extents),
                      center=(lat, lon), zoom=3)
        self.card.value = empire_html(self.game, self.empire, self.extents)


# -- battle odds ------------------------------------------------------------------------------------


def odds_html(setup: BattleSetup, odds: Mapping[str, Any], attack: Any = None, armies: int = 0) -> str:
    """The odds of one battle (and of a whole attack with siege rounds) as a table with bars."""
    colours = {"win": "#009E73", "tie": "#999999", "lose": "#D55E00"}
    rows = []
    for k in ("win", "tie", "lose"):
        f = odds[k]
        rows.append(f"<tr data-outcome='{k}'><th>{k}</th><td><b>{view.percent(f)}</b></td>"
                    f"<td><code>{f.numerator}/{f.denominator}</code></td><td style='width:45%'>"
                    f"<div class='hotw-odds-bar' style='width:{float(f) * 100:.1f}%;background:{colours[k]}'>"
                    "</div></td></tr>")
    inv = f"{setup.invader_dice} dice" + (f", +{setup.invader_bonus} to the highest" if setup.invader_bonus else "")
    dfn = f"{setup.defender_dice} {'die' if setup.defender_dice == 1 else 'dice'}" + (
        ", +1 to the highest (terrain)" if setup.terrain else "")
    out = [f"<div class='hotw-odds'>Invader: {inv}. Defender: {dfn}"
           f"{'; may reroll one die (naval)' if setup.naval else ''}"
           f"{'; ties count as the invader’s win' if setup.invader_wins_ties else ''}.",
           f"<table class='hotw-odds-table'>{''.join(rows)}</table>"]
    if attack is not None and armies:
        out.append(f"<div class='hotw-odds-attack'>Sieging after each lost battle with up to {armies} more "
                   f"{'army' if armies == 1 else 'armies'}: win <b>{view.percent(attack.win)}</b>, tie "
                   f"{view.percent(attack.tie)}, lose {view.percent(attack.lose)}; armies spent on sieges "
                   f"on average: {float(attack.expected_armies):.2f}.</div>")
    out.append("</div>")
    return "".join(out)


class OddsExplorer(w.VBox):
    """Sliders and boxes for every effect on a battle; the exact odds from ``hotw.battle_odds``."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-lesson")
        self.add_class("hotw-odds-explorer")
        style = {"description_width": "initial"}
        wide = w.Layout(width="430px")
        self.siege_round = w.IntSlider(0, min=0, max=4, description="Siege round (0 = first battle; catapult +1, +2, +3)",
                                       style=style, layout=w.Layout(width="520px"))
        self.bonus = w.IntSlider(0, min=0, max=3, description="Invader's bonus from cards (e.g. Weaponry +1)",
                                 style=style, layout=w.Layout(width="520px"))
        self.terrain = w.Checkbox(False, description="Mountain or forest: defender +1", style=style, layout=wide)
        self.fort = w.Checkbox(False, description="Fort: defender rolls 2 dice", style=style, layout=wide)
        self.naval = w.Checkbox(False, description="Invasion by fleet: defender may reroll a die", style=style,
                                layout=wide)
        self.extra_die = w.Checkbox(False, description="Invader rolls 3 dice (e.g. War Chariots)", style=style,
                                    layout=wide)
        self.wins_ties = w.Checkbox(False, description="Ties count as the invader's win", style=style, layout=wide)
        self.armies = w.IntSlider(0, min=0, max=6, description="Armies left to siege with if this battle is lost",
                                  style=style, layout=w.Layout(width="520px"))
        self.result = w.HTML().add_class("hotw-odds-result")
        controls = [self.siege_round, self.bonus, self.terrain, self.fort, self.naval, self.extra_die,
                    self.wins_ties, self.armies]
        for c in controls:
            c.observe(lambda _c: self.refresh(), names="value")
        self.children = [_css(), w.VBox(controls), self.result]
        self.refresh()

    @property
    def base(self) -> BattleSetup:
        """The battle without the catapult."""
        return BattleSetup(invader_dice=3 if self.extra_die.value else 2, fortified=self.fort.value,
                           terrain=self.terrain.value, naval=self.naval.value, invader_bonus=self.bonus.value,
                           invader_wins_ties=self.wins_ties.value)

    @property
    def setup(self) -> BattleSetup:
        """The battle shown now, the catapult included."""
        base = self.base
        return dataclasses.replace(base, invader_bonus=base.invader_bonus + catapult_bonus(self.siege_round.value))

    @property
    def odds(self) -> dict[str, Any]:
        """The exact odds shown now (``hotw.battle_odds`` of ``setup``)."""
        return hotw.battle_odds(self.setup)

    def refresh(self) -> None:
        """Recompute and show the odds."""
        attack = siege_report(self.base, armies=self.armies.value, start_round=self.siege_round.value)
        self.result.value = odds_html(self.setup, self.odds, attack, self.armies.value)


# -- comparing a game with history ---------------------------------------------------------------------


def comparison_fills(result: Overlap) -> dict[str, str]:
    """Map colours of a comparison: both, only in the game, only in history."""
    fills = {land: ONLY_HISTORY for land in result.only_history}
    fills.update({land: ONLY_GAME for land in result.only_game})
    fills.update({land: BOTH for land in result.both})
    return fills


def comparison_html(board: Board, lands: Iterable[str], extent: Extent, who: str = "Your empire",
                    when: str = "") -> str:
    """What a game's map shares with a real empire, in words and lists of lands."""
    result = overlap(lands, extent.lands)
    names = lambda ids: ", ".join(sorted(esc(board.spaces[s].name) for s in ids)) or "none"  # noqa: E731
    mine = len(result.both) + len(result.only_game)
    out = [f"<div class='hotw-comparison' data-both='{len(result.both)}' data-game='{mine}' "
           f"data-history='{len(extent.lands)}'>",
           f"<p>{esc(who)} held <b>{mine}</b> {'land' if mine == 1 else 'lands'}{esc(when)}. "
           f"{esc(extent.name)} held <b>{len(extent.lands)}</b> lands of this board in {esc(extent.date)}.</p>",
           f"<p><span class='hotw-key' style='background:{BOTH}'></span><b>In both ({len(result.both)}):</b> "
           f"{names(result.both)}<br>"
           f"<span class='hotw-key' style='background:{ONLY_GAME}'></span><b>Only in your game "
           f"({len(result.only_game)}):</b> {names(result.only_game)}<br>"
           f"<span class='hotw-key' style='background:{ONLY_HISTORY}'></span><b>Only in history "
           f"({len(result.only_history)}):</b> {names(result.only_history)}</p>",
           f"<p>You covered <b>{view.percent(result.share_of_history)}</b> of the real empire; "
           f"<b>{view.percent(result.share_of_game)}</b> of your lands lie inside it.</p>",
           f"<details><summary>Close calls on the real map ({len(extent.borderline) + len(extent.outside)})"
           "</summary><ul>"]
    for land, why in sorted(extent.borderline.items()):
        out.append(f"<li><b>{esc(board.spaces[land].name)}</b> (counted): {esc(why)}</li>")
    for land, why in sorted(extent.outside.items()):
        out.append(f"<li><b>{esc(board.spaces[land].name)}</b> (not counted): {esc(why)}</li>")
    out.append(f"</ul><small>{esc(extent.source)}</small><br>{sources_html(extent.sources)}</details></div>")
    return "".join(out)


class HistoryComparison(w.VBox):
    """Compare the lands an empire held in a game with a real empire, on one map; 'Compare' redraws it."""

    def __init__(self, source: Any, card: str = "romans", extent: str = "romans_117") -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-lesson")
        self.add_class("hotw-comparison-box")
        self.source = source
        self.card = card
        self.extent = load_extents()[extent]
        self.button = w.Button(description="Compare my map with history", layout=w.Layout(width="auto"))
        self.button.add_class("hotw-compare")
        self.button.on_click(lambda _b: self.refresh())
        self.map = LessonMap(self.game, small=False, blank=True, pieces=False, labels=False)
        self.text = w.HTML().add_class("hotw-comparison-text")
        self.map.layout.width = "60%"
        self.text.layout = w.Layout(width="40%", padding="0 0 0 10px")
        self.children = [self.button, w.HBox([self.map, self.text], layout=w.Layout(align_items="flex-start"))]
        self.refresh()

    @property
    def game(self) -> Any:
        """The game compared (a GameView's game is read at each refresh, so it follows the play)."""
        return getattr(self.source, "game", self.source)

    def lands(self) -> tuple[frozenset[str], str]:
        """The lands to compare and when they were held, in words."""
        game = self.game
        after = held_after_turn(game, self.card)
        if after is not None:
            return after, " when their turn ended"
        seat = game.empire_of.index(self.card) if self.card in game.empire_of else 0
        return held_lands(game, seat), " so far (their turn is not over yet)"

    def refresh(self) -> None:
        """Recompute the comparison from the game as it is now."""
        game = self.game
        lands, when = self.lands()
        name = game.content.empires[self.card].name
        self.map.show(game=game, fills=comparison_fills(overlap(lands, self.extent.lands)),
                      center=(38.0, 25.0), zoom=3)
        self.text.value = comparison_html(game.board, lands, self.extent, f"Your {name}", when)


# -- the classroom game ---------------------------------------------------------------------------------


def classroom_game(empire: str = "romans", rivals: tuple[str, ...] = ("carthaginians", "macedonians"),
                   players: tuple[str, ...] = ("Student", "Bot A", "Bot B"), bot: str = "heuristic:medium",
                   seed: int = 117, speed: str = "fast") -> GameView:
    """A game starting in ``empire``'s epoch, the first seat holding it, the others played by bots.

    The bots whose empires come first in the call order play at once, so the
    game waits for the student's first decision.
    """
    game = deal(empire, rivals, players, seed)
    game_view = GameView(game, bots={i: bot for i in range(1, len(players))}, speed=speed)
    game_view.run("humans")
    return game_view


# -- one-line helpers for the notebooks ------------------------------------------------------------------


def _content(content: Any = None) -> Any:
    return content if content is not None else hotw.new_game().content


def epoch_names(epoch: int, content: Any = None) -> list[str]:
    """The empires of an epoch in date order, each with its dates: ``['Carthaginians (c. 814-146 BC)', ...]``."""
    return [f"{t.name} ({t.dates})" for t in timeline(_content(content))[epoch]]


def extent_names(extent: str) -> str:
    """The board lands of a historical extent by name, in alphabetical order: ``'Albion, Atlas, ...'``."""
    board = hotw.new_game().board
    return ", ".join(sorted(board.spaces[s].name for s in load_extents()[extent].lands))


def demo_score(name: str) -> int:
    """The points the demo's empire gained during the demo, as its log says (marauder points included)."""
    found = (re.search(r" gain (\d+) points?( as marauders)?$", line) for line in ALL_DEMOS[name]().happened)
    return sum(int(m.group(1)) for m in found if m)


def _share(value: Any) -> str:
    return "under 0.1%" if 0 < value < Fraction(1, 1000) else view.percent(value)


def siege_text(armies: int = 3, **flags: Any) -> str:
    """The odds of a whole attack that sieges after each lost battle, with up to ``armies`` siege rounds."""
    attack = siege_report(BattleSetup(**flags), armies=armies)
    return (f"with up to {armies} siege rounds: win {_share(attack.win)}, tie {_share(attack.tie)}, "
            f"lose {_share(attack.lose)}; {float(attack.expected_armies):.2f} armies spent on sieges on average")


def odds_text(**flags: Any) -> str:
    """One battle's exact odds in words: ``'win 125/216 (57.9%), tie ..., lose ...'``."""
    odds = hotw.battle_odds(BattleSetup(**flags))
    return ", ".join(f"{k} {odds[k] if odds[k] in (0, 1) else f'{odds[k].numerator}/{odds[k].denominator}'} "
                     f"({view.percent(odds[k])})" for k in ("win", "tie", "lose"))


#: The simulation settings the what-if notebook uses: small enough for a classroom machine.
LAB: dict[str, Any] = {"players": 4, "bots": "heuristic:easy", "games": 200, "seed": 1, "workers": 2,
                       "progress": False}


def compare_table(table: Any, group: str | None = None) -> Any:
    """A ``hotw.compare`` table for students: each measure under A and B and the change, with 95% intervals."""
    import pandas as pd

    rows = table if group is None else table[table["group"] == group]
    a_name, b_name = table.attrs.get("scenario_a", "A"), table.attrs.get("scenario_b", "B")

    def fmt(measure: str, v: float, lo: float, hi: float) -> str:
        if measure == "win rate":
            return f"{100 * v:.1f}% ({100 * lo:.1f} to {100 * hi:.1f})"
        return f"{v:.1f} ({lo:.1f} to {hi:.1f})"

    records = []
    for _, r in rows.iterrows():
        m = r["measure"]
        records.append({"group": r["group"], "measure": m, a_name: fmt(m, r["a"], r["a_low"], r["a_high"]),
                        b_name: fmt(m, r["b"], r["b_low"], r["b_high"]),
                        "change B - A": fmt(m, r["change"], r["change_low"], r["change_high"]),
                        "games": int(r["n_a"])})
    return pd.DataFrame.from_records(records).set_index(["group", "measure"])


def _epoch_gain(frame: Any, epoch: int) -> Any:
    before = frame["start"] if epoch == 1 else frame[f"points_e{epoch - 1}"]
    return frame[f"points_e{epoch}"] - before


def plot_points(runs: Mapping[str, Any], empire: str | None = None, measure: str = "final",
                title: str | None = None) -> Any:
    """Histograms of points, one per simulated run (a ``hotw.simulate`` table), with their means.

    ``empire`` keeps the seats that played that empire; ``measure`` is ``"final"``
    (points at the end) or ``"epoch"`` (points gained in the empire's epoch).
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    epoch = _content().empires[empire].epoch if empire else None
    colours = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
    values = {}
    for label, frame in runs.items():
        rows = frame if empire is None else frame[frame["empires"].str.split().apply(lambda e: empire in e)]
        values[label] = (_epoch_gain(rows, epoch) if measure == "epoch" and epoch else rows["points"]).astype(float)
    lo = min(v.min() for v in values.values())
    hi = max(v.max() for v in values.values())
    bins = [lo + (hi - lo) * i / 20 for i in range(21)] if hi > lo else 10
    for (label, v), colour in zip(values.items(), colours):
        ax.hist(v, bins=bins, histtype="stepfilled", alpha=0.35, color=colour, edgecolor=colour, linewidth=1.5,
                label=f"{label}: mean {v.mean():.1f} ({len(v)} seats)")
        ax.axvline(v.mean(), color=colour, linestyle="--", linewidth=1.5)
    what = "points gained in its epoch" if measure == "epoch" and epoch else "final points"
    who = f"players of the {_content().empires[empire].name}" if empire else "all players"
    ax.set_xlabel(what)
    ax.set_ylabel("seats")
    ax.set_title(title or f"{what.capitalize()}, {who}")
    ax.legend(frameon=False, fontsize=9)
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_win_rate(frame: Any, by: str = "start") -> Any:
    """Win rate per group of a ``hotw.simulate`` table (by starting space or seat), with 95% intervals."""
    import matplotlib.pyplot as plt

    from hotw.simulation import wilson

    groups = sorted(frame[by].unique())
    rates, errs = [], [[], []]
    for g in groups:
        part = frame[frame[by] == g]
        wins, n = int(part["winner"].sum()), len(part)
        lo, hi = wilson(wins, n)
        rates.append(wins / n)
        errs[0].append(wins / n - lo)
        errs[1].append(hi - wins / n)
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.bar([str(g) for g in groups], rates, yerr=errs, capsize=4, color="#56B4E9", edgecolor="#0072B2")
    ax.axhline(1 / frame["seat"].nunique(), color="#555", linestyle=":", label="a fair share")
    ax.set_xlabel({"start": "starting space on the score track", "seat": "seat"}.get(by, by))
    ax.set_ylabel("share of games won")
    ax.legend(frameon=False)
    fig.tight_layout()
    plt.close(fig)
    return fig


#: Battles compared by :func:`plot_effects`, from the plain battle to the hardest defence.
EFFECTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("plain battle (2 dice vs 1)", {}),
    ("mountain or forest", {"terrain": True}),
    ("by fleet (naval reroll)", {"naval": True}),
    ("fort", {"fortified": True}),
    ("fort on a mountain", {"fortified": True, "terrain": True}),
    ("fort on a mountain, by fleet", {"fortified": True, "terrain": True, "naval": True}),
    ("the same, 3rd siege round (+3)", {"fortified": True, "terrain": True, "naval": True, "invader_bonus": 3}),
)


def plot_effects() -> Any:
    """Stacked bars of win / tie / lose for the defender's effects, from ``hotw.battle_odds``."""
    import matplotlib.pyplot as plt

    labels = [label for label, _ in EFFECTS][::-1]
    odds = [hotw.battle_odds(BattleSetup(**flags)) for _, flags in EFFECTS][::-1]
    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    left = [0.0] * len(odds)
    for k, colour in (("win", "#009E73"), ("tie", "#BBBBBB"), ("lose", "#D55E00")):
        widths = [float(o[k]) for o in odds]
        ax.barh(labels, widths, left=left, color=colour, label=k)
        for i, (x, wd) in enumerate(zip(left, widths)):
            if wd > 0.06:
                ax.text(x + wd / 2, i, f"{100 * wd:.0f}%", ha="center", va="center", fontsize=8)
        left = [x + wd for x, wd in zip(left, widths)]
    ax.set_xlim(0, 1)
    ax.set_xlabel("chance for the invader")
    ax.legend(ncol=3, loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False)
    fig.tight_layout()
    plt.close(fig)
    return fig
