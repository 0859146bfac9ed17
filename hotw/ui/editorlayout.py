"""The lesson builder's editor as widgets: its controls, map and sections, with their words in the active language.

A mixin of :class:`hotw.ui.editor.PositionEditor` (what each control does lives there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipyleaflet
import ipywidgets as w

from hotw.i18n import Domain, render
from hotw.rulesets import get_ruleset
from hotw.ui.mapparts import CSS, REGION_LINE_STYLE, board_geometry, feature_collection, region_outlines, seat_bar_css
from hotw.ui.rulesetview import BOARD_OUTLINES, WORLD_CENTER, WORLD_ZOOM
from hotw.ui.view import HOVER_STYLE

_ = Domain("hotw")
t = _.text

__all__ = ["EDITOR_CSS", "EditorLayout"]

EDITOR_CSS = """
<style>
.hotw-editor :focus-visible, .hotw-editor button:focus, .hotw-editor select:focus,
.hotw-editor input:focus { outline: 3px solid #000 !important; outline-offset: 2px; }
.hotw-editor .hotw-refused { padding: 4px 8px; background: #fde8e8; border-left: 4px solid #b00020; color: #600; }
.hotw-editor .hotw-done { padding: 4px 8px; background: #eaf6ea; border-left: 4px solid #009E73; }
.hotw-editor .hotw-summary { padding: 2px 0; }
.hotw-editor .widget-toggle-buttons .widget-toggle-button { width: auto; min-width: 4em; }
</style>
"""


class EditorLayout:
    """The controls, the map and the sections of the position editor."""

    # -- construction -------------------------------------------------------------------------
    def _build(self, name: str) -> None:
        spec = self.spec
        rs = get_ruleset(spec.ruleset)
        lo, hi = spec.players()
        self.css = w.HTML(CSS + "<style>" + seat_bar_css() + spec.css() + "</style>" + EDITOR_CSS)
        self.summary = w.HTML().add_class("hotw-summary")
        self.message = w.HTML(t("Pick a seat and a piece, then click lands (or use the land list below).")).add_class(
            "hotw-editor-message")
        self.n_players = w.Dropdown(options=list(range(lo, hi + 1)), value=len(self.players), description=t("Players"),
                                    layout=w.Layout(width="150px")).add_class("hotw-editor-players")
        self.epoch_pick = w.Dropdown(options=[(render(spec.epoch_label(e)), e) for e in range(1, spec.epochs() + 1)],
                                     description=t("Epoch"), layout=w.Layout(width="210px")).add_class("hotw-editor-epoch")
        self.turn_pick = w.Dropdown(description=render(spec.turn_label), layout=w.Layout(width="330px"),
                                    style={"description_width": "110px"}).add_class("hotw-editor-turn")
        self.turn_seat = w.Dropdown(description=t("played by"), layout=w.Layout(width="220px")).add_class(
            "hotw-editor-turn-seat")
        self.later = w.SelectMultiple(description=t("Then play"), rows=4, layout=w.Layout(width="260px")).add_class(
            "hotw-editor-later")
        self.seat = w.ToggleButtons(description=t("Seat"), style={"button_width": "auto"}).add_class("hotw-editor-seat")
        self.piece = w.ToggleButtons(options=[(render(p.label), p.key) for p in spec.pieces], description=t("Piece"),
                                     tooltips=[render(p.help) for p in spec.pieces], style={"button_width": "auto"}
                                     ).add_class("hotw-editor-piece")
        self.scores = w.VBox().add_class("hotw-editor-scores")
        self.hand_label = w.HTML().add_class("hotw-editor-hand-label")
        self.hand_pick = w.SelectMultiple(rows=6, layout=w.Layout(width="300px")).add_class("hotw-editor-hand")
        self.hand_pick.observe(self._guarded(self._on_hand), names="value")
        self.seat.observe(self._guarded(lambda _c: self._quiet or self.refresh_controls()), names="value")
        for widget, fn in ((self.n_players, self._on_players), (self.epoch_pick, self._on_epoch),
                           (self.turn_pick, self._on_turn), (self.turn_seat, self._on_turn),
                           (self.later, self._on_later)):
            widget.observe(self._guarded(fn), names="value")

        geometry_file = rs.board_path()
        self._geometry = board_geometry(str(geometry_file))
        self.board_layer = ipyleaflet.GeoJSON(data=feature_collection(self._geometry, {s: {} for s, _ in self._geometry}),
                                              hover_style=HOVER_STYLE, name="board")
        self.board_layer.on_click(self._guarded(self._on_map_click))
        self.board_layer.on_hover(self._guarded(self._on_map_hover))
        self.pieces_layer = ipyleaflet.LayerGroup(name="pieces")
        layers: list[Any] = [self.board_layer]
        outlines = BOARD_OUTLINES.get(rs.board)
        found = region_outlines(str(outlines)) if outlines is not None else None
        if found is not None:
            layers.append(ipyleaflet.GeoJSON(data=found, style=REGION_LINE_STYLE, name="regions"))
        layers.append(self.pieces_layer)
        self.map = ipyleaflet.Map(layers=tuple(layers), center=WORLD_CENTER, zoom=WORLD_ZOOM, zoom_snap=0.25,
                                  zoom_delta=0.5, min_zoom=1, scroll_wheel_zoom=True, attribution_control=False,
                                  double_click_zoom=False, layout=w.Layout(height="480px", width="100%")).add_class(
            "hotw-map")
        self.hover = w.HTML(t("Point at a land to see its pieces.")).add_class("hotw-hover")

        board = spec.board()
        lands = sorted(spec.spaces(), key=lambda sid: render(board.spaces[sid].name))
        self.land = w.Dropdown(options=[(render(board.spaces[sid].name), sid) for sid in lands],
                               description=render(spec.space_label),
                               layout=w.Layout(width="260px")).add_class("hotw-editor-land")
        self.land.observe(self._guarded(lambda _c: self._show_land(self.land.value)), names="value")
        self.place_button = self._button(t("Place / remove"), t("Lay the chosen piece on the chosen land, or take it off"),
                                         "hotw-editor-place", lambda: self.place(self.land.value))
        self.clear_button = self._button(t("Clear the map"), t("Take every piece off (the epoch and who plays stay)"),
                                         "hotw-editor-clear", self.clear)

        self.name = w.Text(value=name, description=t("Lesson"), layout=w.Layout(width="300px")).add_class(
            "hotw-editor-name")
        self.save_button = self._button(t("Save as lesson"), t("Make a scenario file of this position to download"),
                                        "hotw-editor-save", self.save)
        self.save_link = w.HTML().add_class("hotw-editor-save-link")
        self.upload = w.FileUpload(accept=".json", multiple=False, description=t("Load lesson")).add_class(
            "hotw-editor-load")
        self.upload.observe(self._guarded(self._on_upload), names="value")
        self.who = w.HBox().add_class("hotw-editor-who")
        self.play_button = self._button(t("Play on from here"), t("Start a game from this position"), "hotw-editor-play",
                                        lambda: self.play())
        self.play_area = w.VBox().add_class("hotw-editor-game")

        section = lambda text: w.HTML(f"<div class='hotw-section'>{text}</div>")  # noqa: E731
        self.children = [
            self.css, section(t("Set up a position")), self.summary, self.message,
            w.HBox([self.n_players, self.epoch_pick, self.turn_pick, self.turn_seat],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([w.VBox([self.map, self.hover], layout=w.Layout(width="66%", flex="1 1 auto")),
                    w.VBox([self.seat, self.piece, self.land, w.HBox([self.place_button, self.clear_button]),
                            section(render(self.spec.score_label)), self.scores, self.later, self.hand_label, self.hand_pick],
                           layout=w.Layout(width="34%", min_width="280px", padding="0 0 0 10px"))],
                   layout=w.Layout(align_items="flex-start")),
            section(t("Save and share")),
            w.HBox([self.name, self.save_button, self.upload], layout=w.Layout(flex_flow="row wrap")), self.save_link,
            section(t("Play on from here")), self.who, self.play_button, self.play_area,
        ]

    def _button(self, label: str, tip: str, cls: str, fn: Callable[[], Any]) -> w.Button:
        b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto")).add_class(cls)
        b.on_click(self._guarded(lambda _b: fn()))
        return b

