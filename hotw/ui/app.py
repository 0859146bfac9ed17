"""The notebook game: one widget holding the map, the panels and the controls.

Flow of a click: the map's GeoJSON layer reports the feature id; ``view.click_to_action``
turns it into a legal action or a sentence; ``game.apply`` plays it; ``refresh``
copies ``view.style_for(game)`` onto the same GeoJSON layer (its ``data`` is
replaced by features that share the loaded geometry, so no copy of the board is
made) and updates only the markers whose HTML changed. Every callback runs
inside ``_guarded`` so an exception is shown in the page instead of vanishing.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import html
import json
import logging
import time
import traceback
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import ipyleaflet
import ipywidgets as w

import hotw
from hotw.actions import Action
from hotw.board import REGION_OUTLINES, WORLD_BOARD
from hotw.bots import make_bot
from hotw.errors import HotwError
from hotw.game import Game
from hotw.ui import panels, view

log = logging.getLogger(__name__)

#: Seconds between two bot moves; None means bots wait for "Next step".
SPEEDS: dict[str, float | None] = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2, "step by step": None}
#: Bots tried in order when the computer plays for a human seat ("Bots: rest of epoch").
STAND_INS = ("heuristic:medium", "greedy", "random")
MAP_CENTER = (30.0, 50.0)
MAP_ZOOM = 2.5

CSS = """
<style>
.hotw-app .leaflet-container { background: #f6f3ec; }
.hotw-app .leaflet-div-icon { background: transparent; border: none; }
.hotw-app .leaflet-marker-icon { pointer-events: none !important; }
.hotw-marker { display: flex; justify-content: center; gap: 1px; white-space: nowrap; }
.hotw-chip { display: inline-block; min-width: 10px; height: 12px; padding: 0 1px; text-align: center;
  font: 9px/12px "DejaVu Sans", "Segoe UI Symbol", sans-serif; border-radius: 2px; align-self: flex-end;
  background: #fffdf3; border: 1px solid #444; color: #000; box-sizing: content-box; }
.hotw-chip.hotw-army, .hotw-chip.hotw-fleet, .hotw-chip.hotw-caravan { min-width: 13px; height: 15px;
  font: 11px/15px "DejaVu Sans", sans-serif; border-radius: 3px; }
.hotw-army.hotw-active { border: 2px solid #000; font-weight: bold; }
.hotw-army.hotw-resigned { opacity: 0.8; border: 1px dashed #222; }
.hotw-capitol { background: #ffe28a; }
.hotw-battle-chip { background: #fff; border: 2px solid #000; }
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
    return "".join(f".hotw-seatbar-{i} {{ background: {c}; }}\n" for i, c in enumerate(view.SEAT_COLOURS))


@lru_cache(maxsize=4)
def board_geometry(path: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(feature id, geometry) of every feature of a board file, read once per process."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    return tuple((f["properties"]["id"], f["geometry"]) for f in doc["features"])


@lru_cache(maxsize=1)
def _region_outlines() -> dict[str, Any] | None:
    """The region outlines (geodata/regions.geojson), read once; None if the file is missing."""
    try:
        return json.loads(Path(REGION_OUTLINES).read_text(encoding="utf-8"))
    except OSError:
        return None


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


class GameView(w.VBox):
    """A game of History of the World as one widget: map, panels and controls.

    ``bots`` maps seats (index or player name) to a bot spec such as ``"random"``
    or to an object with ``choose(game)``; every other seat is played by people
    at this screen (hot-seat). ``speed`` is a key of ``SPEEDS``.
    """

    def __init__(
        self,
        game: Game,
        bots: dict[int | str, Any] | None = None,
        speed: str = "fast",
        basemap: Any = None,
        board_file: str | Path = WORLD_BOARD,
    ) -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.game = game
        self.errors: list[str] = []
        self.timings: list[float] = []
        self._bot_specs = dict(bots or {})
        self.bots = self._make_bots(self._bot_specs)
        self._stand_in: Any = None
        self._running = False
        self._stop = False
        self._task: asyncio.Task[None] | None = None
        self._styles: dict[str, dict[str, Any]] = {}
        self._board_file = Path(board_file)
        self._geometry = board_geometry(str(board_file))
        self._markers: dict[str, ipyleaflet.Marker] = {}
        self._marker_html: dict[str, str] = {}
        self._choice_key: Any = None
        self._turns_seen = -1
        self._focus_turn: int | None = None
        self._followed: Any = None
        self._hovered: str | None = None
        self._build(basemap, speed)
        self._guarded(self._start)()

    # -- construction ---------------------------------------------------------------------
    def _make_bots(self, specs: dict[int | str, Any]) -> dict[int, Any]:
        bots: dict[int, Any] = {}
        for key, spec in specs.items():
            seat = self.game.players.index(key) if isinstance(key, str) else int(key)
            if not 0 <= seat < len(self.game.players):
                raise ValueError(f"there is no seat {key!r}: players are {', '.join(self.game.players)}")
            bots[seat] = (make_bot(spec, f"{self.game.seed}:{seat}", self.game.ruleset.name)
                          if isinstance(spec, str) else spec)
        return bots

    @property
    def humans(self) -> frozenset[int]:
        """Seats played by people."""
        return frozenset(range(len(self.game.players))) - frozenset(self.bots)

    def _build(self, basemap: Any, speed: str) -> None:
        self.css = w.HTML(CSS + "<style>" + seat_bar_css() + "</style>")
        self.status = w.HTML().add_class("hotw-status")
        self.message = w.HTML().add_class("hotw-message")
        self.bot_why = w.HTML().add_class("hotw-bot-why")
        self.error = w.HTML(layout=w.Layout(display="none")).add_class("hotw-error")

        self.board_layer = ipyleaflet.GeoJSON(
            data=feature_collection(self._geometry, {sid: {} for sid, _ in self._geometry}),
            hover_style=view.HOVER_STYLE, name="board",
        )
        self.board_layer.on_click(self._guarded(self._on_map_click))
        self.board_layer.on_hover(self._guarded(self._on_map_hover))
        self.pieces = ipyleaflet.LayerGroup(name="pieces")
        layers: list[Any] = []
        if basemap is not None:
            layers.append(basemap if isinstance(basemap, ipyleaflet.Layer) else ipyleaflet.basemap_to_tiles(basemap))
        layers.append(self.board_layer)
        outlines = _region_outlines() if Path(self._board_file).resolve() == Path(WORLD_BOARD).resolve() else None
        if outlines is not None:
            layers.append(ipyleaflet.GeoJSON(data=outlines, style=REGION_LINE_STYLE, name="regions"))
        layers.append(self.pieces)
        self.map = ipyleaflet.Map(
            layers=tuple(layers), center=MAP_CENTER, zoom=MAP_ZOOM, zoom_snap=0.25, zoom_delta=0.5, min_zoom=1,
            scroll_wheel_zoom=True, attribution_control=False, double_click_zoom=False,
            layout=w.Layout(height="520px", width="100%", flex="0 0 auto"),
        ).add_class("hotw-map")
        self.region_key = w.HTML().add_class("hotw-region-key")
        self.map.add(ipyleaflet.WidgetControl(widget=self.region_key, position="bottomright", transparent_bg=False))
        self.hover = w.HTML("Point at a territory to see its region, terrain, owner and battle odds.").add_class(
            "hotw-hover")

        def button(label: str, tip: str, cls: str, fn: Callable[[], None]) -> w.Button:
            b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto")).add_class(cls)
            b.on_click(self._guarded(lambda _b: fn()))
            return b

        self.next_button = button("Next step", "The computer plays the pending decision", "hotw-next", self.next_step)
        self.epoch_button = button("Bots: rest of epoch", "The computer plays every seat to the end of this epoch",
                                   "hotw-epoch", lambda: self.run("epoch"))
        self.end_button = button("Bots: to the end", "The computer plays every seat to the end of the game",
                                 "hotw-to-end", lambda: self.run("end"))
        self.pause_button = button("Pause", "Stop the computer after its current move", "hotw-pause", self.pause)
        self.undo_button = button("Undo", "Take back the last decision of a person", "hotw-undo", self.undo)
        self.speed = w.Dropdown(options=list(SPEEDS), value=speed if speed in SPEEDS else "fast",
                                description="Bot speed", layout=w.Layout(width="210px")).add_class("hotw-speed")
        self.timing = w.HTML().add_class("hotw-timing")
        controls = w.HBox([self.next_button, self.epoch_button, self.end_button, self.pause_button,
                           self.undo_button, self.speed], layout=w.Layout(flex_flow="row wrap")).add_class(
            "hotw-controls")

        self.score = w.HTML().add_class("hotw-score")
        self.actor_box = w.HTML().add_class("hotw-actor")
        self.choices = w.VBox().add_class("hotw-choices")
        self.battle = w.HTML().add_class("hotw-battle")
        side = w.VBox([
            w.HTML("<div class='hotw-section'>Score track</div>"), self.score,
            w.HTML("<div class='hotw-section'>Playing now</div>"), self.actor_box,
            w.HTML("<div class='hotw-section'>Your choices</div>"), self.choices,
            w.HTML("<div class='hotw-section'>Battle</div>"), self.battle,
        ], layout=w.Layout(width="36%", min_width="300px", padding="0 0 0 10px")).add_class("hotw-side")
        left = w.VBox([self.map, self.hover, controls, self.timing],
                      layout=w.Layout(flex="1 1 auto", width="64%"))

        self.breakdown_pick = w.Dropdown(description="Turn", layout=w.Layout(width="98%")).add_class(
            "hotw-breakdown-pick")
        self.breakdown_pick.observe(self._guarded(lambda _c: self._show_breakdown()), names="value")
        self.breakdown = w.HTML().add_class("hotw-breakdown")
        self.log_box = w.HTML().add_class("hotw-log")
        self.regions = w.HTML().add_class("hotw-regions")
        self.save_button = button("Save game", "Make a JSON save file to download", "hotw-save", self.save)
        self.save_link = w.HTML().add_class("hotw-save-link")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load game").add_class("hotw-load")
        self.upload.observe(self._guarded(self._on_upload), names="value")
        extras = w.Accordion(children=[
            w.VBox([self.regions, w.HTML(panels.legend_html())]),
            w.VBox([w.HBox([self.save_button, self.upload]), self.save_link]),
        ], titles=("Regions and map key", "Save / load"))
        bottom = w.HBox([
            w.VBox([w.HTML("<div class='hotw-section'>Scoring breakdown of the last turn</div>"),
                    self.breakdown_pick, self.breakdown], layout=w.Layout(width="58%")),
            w.VBox([w.HTML("<div class='hotw-section'>Game log (newest first)</div>"), self.log_box],
                   layout=w.Layout(width="42%", padding="0 0 0 10px")),
        ])
        self.children = [
            self.css, self.status, self.message, self.bot_why, self.error,
            w.HBox([left, side], layout=w.Layout(align_items="flex-start")), bottom, extras,
        ]

    def _start(self) -> None:
        """Let bots make their draft picks before the first person decides, then draw everything."""
        self._play_bots("draft")
        self.refresh()

    # -- the error guard --------------------------------------------------------------------
    def _guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` with every exception shown in the error area (a widget callback fails silently otherwise)."""

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed
                self._report_error(exc)
                return None

        return call

    def _report_error(self, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.errors.append(text)
        log.error("hotw.ui callback failed:\n%s", text)
        self.error.value = (
            f"<b>Something went wrong in the game display:</b> {html.escape(str(exc) or type(exc).__name__)}"
            f"<details><summary>details for the teacher</summary><pre>{html.escape(text)}</pre></details>"
        )
        self.error.layout.display = None

    # -- playing ----------------------------------------------------------------------------
    def say(self, text: str, illegal: bool = False) -> None:
        """Show a sentence in the message area."""
        cls = " class='hotw-illegal'" if illegal else ""
        self.message.value = f"<span{cls}>{html.escape(text)}</span>"

    def say_more(self, text: str) -> None:
        """Add a sentence to the message area."""
        self.message.value += f" — <span>{html.escape(text)}</span>"

    def click(self, sid: str) -> Action | None:
        """A click on space ``sid``: play the action it means, or explain why nothing happens."""
        if self._running:
            self.say("The computer is playing: press Pause first.", illegal=True)
            return None
        found = view.click_to_action(self.game, sid, self.humans)
        if isinstance(found, str):
            self.say(found, illegal=True)
            return None
        self.act(found)
        return found

    def act(self, action: Action) -> bool:
        """Play ``action`` for the pending decision; on an illegal action, show why and change nothing."""
        if self._running:
            self.say("The computer is playing: press Pause first.", illegal=True)
            return False
        before, scored = len(self.game.log), len(self.game.turn_scores)
        try:
            self.game.apply(action)
        except HotwError as exc:
            self.say(str(exc), illegal=True)
            return False
        # The breakdown shows this person's scored turn, not the bots' turns that follow it.
        self._focus_turn = scored if len(self.game.turn_scores) > scored else None
        self._say_news(before)
        self.run("humans")  # draws the game, after the bots' moves when they play at once
        return True

    def _say_news(self, before: int) -> None:
        news = [line.split(", ", 1)[1] if line.startswith("Epoch ") else line for line in self.game.log[before:]]
        if news:
            self.say(" · ".join(news[:4]) + (" …" if len(news) > 4 else ""))

    def _bot_for(self, seat: int) -> Any:
        if seat in self.bots:
            return self.bots[seat]
        if self._stand_in is None:
            for spec in STAND_INS:
                try:
                    self._stand_in = make_bot(spec, f"{self.game.seed}:stand-in")
                    break
                except ValueError:
                    continue
        return self._stand_in

    def _bot_move(self) -> None:
        game = self.game
        seat = game.decision.player
        bot = self._bot_for(seat)
        action = bot.choose(game)
        game.apply(action)
        explain = getattr(bot, "explain", None)
        why = explain() if callable(explain) else ""
        if why and action.kind not in ("pick_event", "pick_empire"):  # a bot's draft pick stays hidden
            self.bot_why.value = (f"<small>Why the computer played that: {view.seat_badge(game, seat)} "
                                  f"{html.escape(why)}</small>")

    def _wants_bot(self, mode: str, epoch: int) -> bool:
        game = self.game
        if game.is_over:
            return False
        d = game.decision
        if mode == "humans":
            return d.player in self.bots
        if mode == "draft":
            return d.player in self.bots and d.step in ("pick_event", "pick_empire")
        if mode == "epoch":
            return game.epoch == epoch
        return mode in ("end", "step")

    def _play_bots(self, mode: str) -> int:
        """Bot moves at once, without drawing, until ``mode`` says stop; the number of moves."""
        epoch = self.game.epoch
        moves = 0
        while self._wants_bot(mode, epoch) and not (mode == "step" and moves):
            self._bot_move()
            moves += 1
        return moves

    def run(self, mode: str) -> None:
        """Let the computer play: ``humans`` (bot seats until a person decides), ``epoch`` or ``end`` (every seat)."""
        if self._running:
            return
        if mode != "humans":
            self._focus_turn = None  # show the latest turn's breakdown again
        delay = SPEEDS.get(self.speed.value, 0.0)
        if delay is None:
            if mode == "humans":
                self.refresh()
                return  # step by step: bots wait for "Next step"
            delay = SPEEDS["fast"]
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None  # no event loop (a plain Python session or a test): play at once
        if delay == 0 or loop is None:
            moves = self._play_bots(mode)
            if mode != "humans":
                moves += self._play_bots("humans")
            text = f"the computer played {moves} move{'' if moves == 1 else 's'} (see the log)."
            if mode != "humans":
                self.say(text[0].upper() + text[1:])
            elif moves:
                self.say_more("Then " + text)
            self.refresh()
            return
        self._running = True
        self._stop = False
        self.refresh()  # the person's move shows at once; the bots' moves follow one by one
        self._task = loop.create_task(self._animate(mode, delay))

    async def _animate(self, mode: str, delay: float) -> None:
        """Bot moves one at a time with ``delay`` seconds between them; Pause stops them."""
        self.refresh_controls()
        epoch = self.game.epoch
        try:
            for phase in ((mode, "humans") if mode != "humans" else ("humans",)):
                while not self._stop and self._wants_bot(phase, epoch):
                    before = len(self.game.log)
                    self._bot_move()
                    self._say_news(before)
                    if not self._wants_bot(phase, epoch):
                        break  # the last move: draw it once, below, with the buttons enabled
                    self.refresh()
                    await asyncio.sleep(self.current_delay(delay))
        except Exception as exc:  # noqa: BLE001 - shown to the user
            self._report_error(exc)
        finally:
            self._running = False
            self.refresh()

    def current_delay(self, default: float) -> float:
        """The delay chosen now (the speed may change while bots play)."""
        value = SPEEDS.get(self.speed.value, default)
        return default if value is None else value

    def next_step(self) -> None:
        """The computer plays the pending decision (for a person too, as a hint of a legal move)."""
        if self._running or self.game.is_over:
            return
        self._focus_turn = None
        before = len(self.game.log)
        self._play_bots("step")
        self._say_news(before)
        if SPEEDS.get(self.speed.value) is not None:
            self.run("humans")
        else:
            self.refresh()

    def pause(self) -> None:
        """Stop the computer after its current move."""
        self._stop = True

    def undo(self) -> None:
        """Take back decisions until a person's decision is pending again (or one, if all seats are bots)."""
        if self._running:
            self.say("The computer is playing: press Pause first.", illegal=True)
            return
        game = self.game
        try:
            game.undo()
            while self.humans and not game.is_over and game.decision.player in self.bots:
                game.undo()
        except HotwError as exc:
            self.say(str(exc), illegal=True)
        else:
            self.say("Undone: " + game.decision.prompt)
        self.refresh()

    # -- save and load ------------------------------------------------------------------------
    def save(self) -> None:
        """Offer the game as a JSON file to download (a data link works in JupyterLab and Voila)."""
        text = self.game.to_json()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"hotw-{self.game.seed}-epoch{self.game.epoch}-{len(self.game.history)}.json"
        self.save_link.value = (f'<a download="{html.escape(name)}" href="data:application/json;base64,{data}">'
                                f"Download {html.escape(name)}</a> ({len(text)} bytes)")

    def load_text(self, text: str | bytes) -> None:
        """Replace the game by the one in a save file; a bad file is explained and changes nothing."""
        try:
            game = hotw.load_game(text)
        except HotwError as exc:
            self.say(f"Could not load the save file: {exc}", illegal=True)
            return
        self.game = game
        self.bots = {s: b for s, b in self.bots.items() if s < len(game.players)}
        self._choice_key = None
        self._turns_seen = -1
        self._focus_turn = None
        self._followed = None
        self.say(f"Loaded a game of {', '.join(game.players)} ({len(game.history)} moves). {game.decision.prompt}")
        self.refresh()

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        self.upload.value = ()  # so the same file can be loaded again
        self.load_text(bytes(content))

    # -- map events --------------------------------------------------------------------------
    @staticmethod
    def _feature_id(kwargs: dict[str, Any]) -> str | None:
        props = kwargs.get("properties") or (kwargs.get("feature") or {}).get("properties") or {}
        return props.get("id") or kwargs.get("id")

    def _on_map_click(self, **kwargs: Any) -> None:
        sid = self._feature_id(kwargs)
        if sid:
            start = time.perf_counter()
            self.click(sid)
            self.timings.append((time.perf_counter() - start) * 1000)
            self.timing.value = (f"<span class='hotw-timing-value' data-ms='{self.timings[-1]:.1f}'>"
                                 f"click handled and map restyled in {self.timings[-1]:.0f} ms</span>")

    def _on_map_hover(self, **kwargs: Any) -> None:
        sid = self._feature_id(kwargs)
        if sid:
            self._hovered = sid
            self.hover.value = view.hover_text(self.game, sid)

    # -- refresh ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Copy the game onto the map and panels; only what changed is sent to the browser."""
        self.restyle()
        self.update_markers()
        self.update_panels()
        if self._hovered:  # the facts under the mouse change with the game
            self.hover.value = view.hover_text(self.game, self._hovered)
        self.follow()

    def follow(self) -> None:
        """Pan the map to an empire's starting territory when its turn begins."""
        actor = view.acting(self.game)
        key = None if actor is None else (self.game.epoch, actor.card)
        if key is None or key == self._followed:
            return
        self._followed = key
        if actor.starts:
            self.map.center = list(view.marker_location(self.game, actor.starts[0]))

    def restyle(self) -> bool:
        """Restyle the board layer in place from ``style_for``; False if nothing changed."""
        styles = view.style_for(self.game)
        if styles == self._styles:
            return False
        self._styles = styles
        self.board_layer.data = feature_collection(self._geometry, styles)
        return True

    def update_markers(self) -> int:
        """Add, change or remove the markers whose HTML changed; the number of markers touched."""
        wanted = view.markers(self.game)
        touched = 0
        layers_changed = False
        for sid in set(self._marker_html) | set(wanted):
            old, new = self._marker_html.get(sid), wanted.get(sid)
            if old == new:
                continue
            touched += 1
            if new is None:
                marker = self._markers.pop(sid)
                icon = marker.icon
                marker.close()
                if icon is not None:
                    icon.close()
                del self._marker_html[sid]
                layers_changed = True
                continue
            icon = marker_icon(new)
            if old is None:
                self._markers[sid] = ipyleaflet.Marker(
                    location=view.marker_location(self.game, sid), icon=icon, draggable=False, keyboard=False,
                    title="", name=sid,
                )
                layers_changed = True
            else:
                previous = self._markers[sid].icon
                self._markers[sid].icon = icon
                if previous is not None:
                    previous.close()
            self._marker_html[sid] = new
        if layers_changed:
            self.pieces.layers = tuple(self._markers[s] for s in sorted(self._markers))
        return touched

    def refresh_controls(self) -> None:
        """Enable the buttons that make sense now."""
        over = self.game.is_over
        for b in (self.next_button, self.epoch_button, self.end_button, self.undo_button):
            b.disabled = self._running or (over and b is not self.undo_button)
        self.pause_button.disabled = not self._running

    def update_panels(self) -> None:
        """Status, cards, choices, battle, scores, breakdown and log."""
        game = self.game
        bots = frozenset(self.bots)
        self.status.value = panels.status_html(game, bots)
        self.actor_box.value = panels.actor_html(game)
        self.battle.value = panels.battle_html(game)
        self.score.value = panels.score_html(game, bots)
        self.regions.value = panels.regions_html(game)
        self.region_key.value = panels.region_key_html(game)
        self.log_box.value = panels.log_html(game)
        self._update_choices()
        self._update_breakdown_list()
        self.refresh_controls()

    def _update_breakdown_list(self) -> None:
        game = self.game
        count = len(game.turn_scores)
        if count == self._turns_seen:
            return
        self._turns_seen = count
        options = [(html_to_text(panels.turn_caption(game, i)), i) for i in range(count)][::-1]
        self.breakdown_pick.options = options
        focus = self._focus_turn
        self.breakdown_pick.value = (focus if focus is not None and focus < count else count - 1) if count else None
        self.breakdown_pick.layout.display = None if count else "none"
        self._show_breakdown()

    def _show_breakdown(self) -> None:
        index = self.breakdown_pick.value
        self.breakdown.value = panels.turn_breakdown_html(self.game, -1 if index is None else index)

    # -- the choice buttons ----------------------------------------------------------------------
    def _update_choices(self) -> None:
        game = self.game
        d = game.decision
        legal = tuple(a for a in game.legal_actions() if a.kind not in ("invade", "fortify"))
        key = (d.step, d.player, legal, self._running, game.is_over)
        if key == self._choice_key:
            return
        self._choice_key = key
        for child in self.choices.children:
            child.close()
        self.choices.children = self._choice_widgets(legal)

    def _choice_button(self, label: str, action: Action, cls: str = "") -> w.Button:
        b = w.Button(description=label, tooltip=action.text(), layout=w.Layout(width="auto", max_width="100%"))
        b.add_class("hotw-choice")
        if cls:
            b.add_class(cls)
        b.on_click(self._guarded(lambda _b: self.act(action)))
        return b

    def _choice_widgets(self, legal: tuple[Action, ...]) -> list[w.Widget]:
        game = self.game
        d = game.decision
        if game.is_over:
            order = sorted(range(len(game.players)), key=lambda p: -game.score[p])
            text = "<br>".join(f"{i + 1}. {view.seat_badge(game, p)}: {game.score[p]} points"
                               for i, p in enumerate(order))
            return [w.HTML(f"<b>Final scores</b><br>{text}")]
        if d.player in self.bots:
            note = "The computer is playing." if self._running else "Press Next step to let the computer play."
            return [w.HTML(f"{view.seat_badge(game, d.player)} is played by the computer. {note}")]
        out: list[w.Widget] = []
        step = d.step
        if step in ("pick_event", "pick_empire"):
            what = "an event card" if step == "pick_event" else "an empire (or click its starting territory)"
            out.append(w.HTML(f"{view.seat_badge(game, d.player)}: choose {what}."))
            for a in legal:
                out.append(w.HTML(panels.card_html(game, a.target)))
                out.append(self._choice_button(f"Choose {panels.card_label(game, a.target)}", a, f"hotw-{step}"))
            hand = [c for c in game.hands[d.player]]
            if hand:
                out.append(w.HTML("Your event cards: " + ", ".join(html.escape(game.content.events[c].name)
                                                                    for c in hand)))
        elif step == "kingdom":
            out.append(w.HTML("Play your kingdom before your empire (or click its starting territory), or skip it."))
            for a in legal:
                if a.kind == "play_kingdom":
                    out.append(w.HTML(panels.card_html(game, a.target)))
                    out.append(self._choice_button(f"Play {game.content.events[a.target].name}", a, "hotw-kingdom"))
                else:
                    out.append(self._choice_button("Skip the kingdom", a, "hotw-skip"))
        elif step == "invade":
            out.append(w.HTML("Click a territory with a thick dashed outline to invade it; click one of your "
                              "active territories to build a fort there (costs one army)."))
            for a in legal:
                if a.kind == "play_event":
                    out.append(w.HTML(panels.card_html(game, a.target)))
                    out.append(self._choice_button(f"Play {game.content.events[a.target].name}", a, "hotw-event"))
                elif a.kind == "end_invasions":
                    out.append(self._choice_button("End invasions (build, resign, score)", a, "hotw-end"))
        elif step == "siege_or_retreat":
            labels = {"siege": "Siege", "retreat": "Retreat"}
            out += [self._choice_button(labels.get(a.kind, a.text()), a, f"hotw-{a.kind}") for a in legal]
        elif step == "score_tie":
            labels = {"forward": "Step forward (+1)", "back": "Step back (-1)"}
            out.append(w.HTML(html.escape(d.prompt)))
            out += [self._choice_button(labels.get(a.target, a.text()), a, "hotw-tie") for a in legal]
        else:
            out += [self._choice_button(a.text(), a) for a in legal]
        return out


def html_to_text(text: str) -> str:
    """Strip tags from a short HTML snippet (for dropdown labels)."""
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", text))


def play(
    players: list[str] | None = None,
    bots: dict[int | str, Any] | None = None,
    seed: int | str = 0,
    *,
    ruleset: str = "hotw2018",
    speed: str = "fast",
    basemap: Any = None,
    options: dict[str, Any] | None = None,
) -> GameView:
    """Start a game and return its widget: ``play(["Ada", "Ben", "Cy"], bots={1: "random", 2: "random"}, seed=7)``."""
    game = hotw.new_game(ruleset, players=players, seed=seed, options=options)
    return GameView(game, bots=bots, speed=speed, basemap=basemap)
