"""The notebook game: one widget holding the map, the panels and the controls.

The widget knows no game system: what the map shows, what a click means, the
buttons of a decision and the panels' HTML all come from the ruleset's view of
the game (:class:`hotw.ui.rulesetview.RulesetView`, from ``Ruleset.view``), so a
game of another ruleset, or on another board, plays here unchanged.

Flow of a click: the map's GeoJSON layer reports the feature id; ``view.click``
turns it into a legal action or a sentence; ``game.apply`` plays it; ``refresh``
copies ``view.styles()`` onto the same GeoJSON layer (its ``data`` is replaced by
features that share the loaded geometry, so no copy of the board is made) and
updates only the markers whose HTML changed. Every callback runs inside
``_guarded`` so an exception is shown in the page instead of vanishing.
"""

from __future__ import annotations

import asyncio
import functools
import html
import logging
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipyleaflet
import ipywidgets as w

import hotw
from hotw.actions import Action
from hotw.bots import make_bot
from hotw.errors import HotwError
from hotw.game import Game
from hotw.i18n import Domain, check_language, joined, preferred_language, render, speaking
from hotw.ui.access import SHOWN, ChoicePanel, Disclosure, TargetList
from hotw.ui.controls import SPEEDS, PlayControls
from hotw.ui.language import LanguageMenu
from hotw.ui.logscores import LogScores
from hotw.ui.mapdraw import MapDrawing
from hotw.ui.mapparts import (
    REGION_LINE_STYLE,
    app_css,
    board_geometry,
    feature_collection,
    html_to_text,
    region_outlines,
)
from hotw.ui.panels import text_table
from hotw.ui.replay import ReplayControls
from hotw.ui.rulesetview import RulesetView, view_of
from hotw.ui.view import HOVER_STYLE

log = logging.getLogger(__name__)
_ = Domain("hotw")
t = _.text


class GameView(LanguageMenu, PlayControls, ChoicePanel, ReplayControls, MapDrawing, w.VBox):
    """A game of History of the World (or a relative) as one widget: map, panels and controls.

    ``bots`` maps seats (index or player name) to a bot spec such as ``"random"``
    or to an object with ``choose(game)``; every other seat is played by people
    at this screen (hot-seat). ``speed`` is a key of ``SPEEDS``. The map draws the
    board file of the ruleset's view unless ``board_file`` names another. ``lang`` is the language of
    its words ('en', 'ja', 'es'; by default :func:`hotw.i18n.preferred_language`); its menu changes it.
    """

    def __init__(
        self,
        game: Game,
        bots: dict[int | str, Any] | None = None,
        speed: str = "fast",
        basemap: Any = None,
        board_file: str | Path | None = None,
        lang: str | None = None,
    ) -> None:
        super().__init__()
        self.lang = check_language(lang) if lang else preferred_language()
        self._said: list[tuple[Any, str]] = []
        self.add_class("hotw-app")
        self._replay_view: RulesetView | None = None
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
        own = self.view.board_file()
        self._board_file = Path(board_file) if board_file is not None else own
        self._geometry = board_geometry(str(self._board_file))
        self._outlines = self.view.outline_file() if self._board_file.resolve() == own.resolve() else None
        self._markers: dict[str, ipyleaflet.Marker] = {}
        self._marker_html: dict[str, str] = {}
        self._choice_key: Any = None
        self._turns_seen = -1
        self._focus_turn: int | None = None
        self._followed: Any = None
        self._hovered: str | None = None
        self._over_seen = False
        self._why_cut = -1
        self._start_cut = 0
        self._refused = False
        self._moves_for_people = 0
        self._saved_cut = -1
        self._log_scores: LogScores | None = None  # an imported game log's own scores (``load_text``)
        self._focus_wanted = False  # the last decision was made with a button (ChoicePanel._focus_next)
        with speaking(self.lang):
            self._build(basemap, speed)
        self._guarded(self._start)()

    @property
    def game(self) -> Game:
        """The game shown; setting it asks the game's ruleset for its view (``self.view``)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game
        self._game_view = view_of(game)

    @property
    def view(self) -> RulesetView:
        """The ruleset's view of what the map shows: the game, or the position a replay shows."""
        return self._replay_view or self._game_view

    # -- construction ---------------------------------------------------------------------
    def _make_bots(self, specs: dict[int | str, Any]) -> dict[int, Any]:
        bots: dict[int, Any] = {}
        for key, spec in specs.items():
            seat = self.game.players.index(key) if isinstance(key, str) else int(key)
            if not 0 <= seat < len(self.game.players):
                raise ValueError(f"there is no seat {key!r}: players are {', '.join(self.game.players)}")  # a programmer's error
            bots[seat] = (make_bot(spec, f"{self.game.seed}:{seat}", self.game.ruleset.name)
                          if isinstance(spec, str) else spec)
        return bots

    @property
    def humans(self) -> frozenset[int]:
        """Seats played by people."""
        return frozenset(range(len(self.game.players))) - frozenset(self.bots)

    def _build(self, basemap: Any, speed: str) -> None:
        replay_bar = self._build_replay()
        self.css = w.HTML(app_css(self.view))
        self.status = w.HTML().add_class("hotw-status")
        self.message = w.HTML().add_class("hotw-message")
        self.bot_why = w.HTML().add_class("hotw-bot-why")
        self.error = w.HTML(layout=w.Layout(display="none")).add_class("hotw-error")
        self.summary = w.HTML(layout=w.Layout(display="none")).add_class("hotw-summary-box")

        self.board_layer = ipyleaflet.GeoJSON(
            data=feature_collection(self._geometry, {sid: {} for sid, _ in self._geometry}),
            hover_style=HOVER_STYLE, name="board",
        )
        self.board_layer.on_click(self._guarded(self._on_map_click))
        self.board_layer.on_hover(self._guarded(self._on_map_hover))
        self.pieces = ipyleaflet.LayerGroup(name="pieces")
        self.pick = ipyleaflet.LayerGroup(name="chosen land")
        layers: list[Any] = []
        if basemap is not None:
            layers.append(basemap if isinstance(basemap, ipyleaflet.Layer) else ipyleaflet.basemap_to_tiles(basemap))
        layers.append(self.board_layer)
        outlines = region_outlines(str(self._outlines)) if self._outlines is not None else None
        if outlines is not None:
            layers.append(ipyleaflet.GeoJSON(data=outlines, style=REGION_LINE_STYLE, name="regions"))
        layers += [self.pieces, self.pick]
        self.map = ipyleaflet.Map(
            layers=tuple(layers), center=self.view.center, zoom=self.view.zoom, zoom_snap=0.25, zoom_delta=0.5,
            min_zoom=1,
            scroll_wheel_zoom=True, attribution_control=False, double_click_zoom=False,
            layout=w.Layout(height="520px", width="100%", flex="0 0 auto"),
        ).add_class("hotw-map")
        self.map.observe(self._guarded(self.keep_on_board), names="center")
        self.region_key = w.HTML().add_class("hotw-region-key")
        self.map.add(ipyleaflet.WidgetControl(widget=self.region_key, position="bottomright", transparent_bg=False))
        self.hover = w.HTML().add_class("hotw-hover")

        def button(cls: str, fn: Callable[[], None]) -> w.Button:  # its words: LanguageMenu.label
            b = w.Button(layout=w.Layout(width="auto")).add_class(cls)
            b.on_click(self._guarded(lambda _b: fn()))
            return b

        self.next_button = button("hotw-next", self.next_step)
        self.epoch_button = button("hotw-epoch", lambda: self.run("epoch"))
        self.end_button = button("hotw-to-end", lambda: self.run("end"))
        self.pause_button = button("hotw-pause", self.pause_or_play_on)
        self.undo_button = button("hotw-undo", self.undo)
        self._speeds = list(SPEEDS)
        self.speed = w.Dropdown(options=self._speeds, value=speed if speed in SPEEDS else "fast",
                                style={"description_width": "initial"}, layout=w.Layout(width="auto")).add_class(
            "hotw-speed")
        self.timing = w.HTML().add_class("hotw-timing")
        controls = w.HBox([self.next_button, self.epoch_button, self.end_button, self.pause_button,
                           self.undo_button, self.replay_button, self.speed, self._build_language_menu()], layout=w.Layout(flex_flow="row wrap")).add_class("hotw-controls")

        self.score = w.HTML().add_class("hotw-score")
        self.actor_box = w.HTML().add_class("hotw-actor")
        self.choices = w.VBox().add_class("hotw-choices")
        self.targets = TargetList(self._guarded(self._show_target), self._guarded(self._act_from_list))
        self.battle = w.HTML().add_class("hotw-battle")
        self.events = w.HTML().add_class("hotw-events")
        self.table = w.HTML().add_class("hotw-table")
        sec = self.section_boxes = {k: w.HTML() for k in ("score", "actor", "choices", "battle", "events", "table",
                                                          "breakdown", "log")}
        side = w.VBox([
            sec["score"], self.score, sec["actor"], self.actor_box, sec["choices"], self.choices, self.targets,
            sec["battle"], self.battle, sec["events"], self.events, sec["table"], self.table,
        ], layout=w.Layout(width="36%", min_width="300px", padding="0 0 0 10px")).add_class("hotw-side")
        left = w.VBox([controls, replay_bar, self.map, self.hover, self.timing],
                      layout=w.Layout(flex="1 1 auto", width="64%"))

        self.breakdown_pick = w.Dropdown(layout=w.Layout(width="98%")).add_class(
            "hotw-breakdown-pick")
        self.breakdown_pick.observe(self._guarded(lambda _c: self._show_breakdown()), names="value")
        self.breakdown = w.HTML().add_class("hotw-breakdown")
        self.log_box = w.HTML().add_class("hotw-log")
        self.regions = w.HTML().add_class("hotw-regions")
        self.save_button = button("hotw-save", self.save)
        self.save_link = w.HTML().add_class("hotw-save-link")
        self.upload = w.FileUpload(accept=".json,.txt", multiple=False,  # as wide as its words in any language
                                   layout=w.Layout(width="auto", min_width="190px")).add_class("hotw-load")
        self.upload.observe(self._guarded(self._on_upload), names="value")
        self.legend = w.HTML()
        self.board_text = w.HTML().add_class("hotw-board-text")
        self.board_fold = Disclosure("", [self.board_text],
                                     css="hotw-board-fold", on_open=self._guarded(self._update_board_text))
        self.save_fold = Disclosure("", [w.HBox([self.save_button, self.upload]), self.save_link],
                                    css="hotw-save-fold", on_open=self._guarded(self._update_save_link))
        self.regions_fold = Disclosure("", [self.regions, self.legend], css="hotw-regions-fold")
        extras = w.VBox([self.regions_fold,
                         self.save_fold, self.board_fold])
        bottom = w.HBox([
            w.VBox([sec["breakdown"], self.breakdown_pick, self.breakdown], layout=w.Layout(width="58%")),
            w.VBox([sec["log"], self.log_box],
                   layout=w.Layout(width="42%", padding="0 0 0 10px")),
        ])
        self.children = [
            self.css, self.status, self.message, self.bot_why, self.error, self.summary,
            w.HBox([left, side], layout=w.Layout(align_items="flex-start")), bottom, extras,
        ]
        self.label()

    def _start(self) -> None:
        """Let bots make their draft picks before the first person decides, then draw everything."""
        self._play_bots("draft")
        self._start_cut = len(self.game.history)
        if not self.game.is_over:
            self.say(_("A new game. {prompt}", prompt=self.game.decision.prompt))
        self.refresh()

    # -- the error guard --------------------------------------------------------------------
    def _guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` with every exception shown in the error area (a widget callback fails silently otherwise)."""

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                with speaking(self.lang):  # a widget's callback runs outside any block that chose a language
                    return fn(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed
                self._report_error(exc)
                return None

        return call

    def _report_error(self, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.errors.append(text)
        log.error("hotw.ui callback failed:\n%s", text)
        with speaking(self.lang):
            said = render(exc.args[0]) if exc.args and isinstance(exc.args[0], str) else str(exc)
            head, more = t("Something went wrong in the game display:"), t("details for the teacher")
            self.error.value = (
                f"<b>{head}</b> {html.escape(said or type(exc).__name__)}"
                f"<details><summary>{more}</summary><pre>{html.escape(text)}</pre></details>"
            )
        self.error.layout.display = SHOWN

    # -- playing ----------------------------------------------------------------------------
    def click(self, sid: str) -> Action | None:
        """A click on space ``sid``: play the action it means, or explain why nothing happens."""
        if self.replaying:
            self.say(_("This is a replay: press Back to the game to play on."), illegal=True)
            return None
        if self._running:
            self.refuse_while_running()
            return None
        found = self.view.click(sid, self.humans)
        if isinstance(found, str):
            self.say(found, illegal=True)
            return None
        self.act(found)
        return found

    def act(self, action: Action) -> bool:
        """Play ``action`` for the pending decision; on an illegal action, show why and change nothing."""
        if self.replaying:
            self.say(_("This is a replay: press Back to the game to play on."), illegal=True)
            return False
        if self._running:
            self.refuse_while_running()
            return False
        before, scored = len(self.game.log), self.view.scored_turns()
        try:
            self.game.apply(action)
        except HotwError as exc:
            self.say(exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc), illegal=True)
            return False
        # The breakdown shows this person's scored turn, not the bots' turns that follow it.
        self._focus_turn = scored if self.view.scored_turns() > scored else None
        self._say_news(before)
        self.run("humans")  # draws the game, after the bots' moves when they play at once
        return True

    def _say_news(self, before: int) -> None:
        news = self.view.news(before)
        if news:
            shown = joined(news[:4], " · ")
            self.say(_("{news} … and {n} more (see the log)", news=shown, n=len(news) - 4) if len(news) > 4 else shown)

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
                                 + t("click handled and map restyled in {ms} ms", ms=round(self.timings[-1]))
                                 + "</span>")

    def _on_map_hover(self, **kwargs: Any) -> None:
        sid = self._feature_id(kwargs)
        if sid:
            self._hovered = sid
            self.hover.value = self.view.hover(sid)

    # -- refresh ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Copy the game onto the map and panels; only what changed is sent to the browser."""
        with speaking(self.lang):
            self._refresh()

    def _refresh(self) -> None:
        self.restyle()
        self.update_markers()
        self.update_panels()
        if self._hovered:  # the facts under the mouse change with the game
            self.hover.value = self.view.hover(self._hovered)
        if not self.targets.choices and self.pick.layers:
            old = list(self.pick.layers)
            self.pick.layers = ()
            for layer in old:
                layer.close()
        if not self.replaying and (len(self.game.history) != self._why_cut or self.game.is_over):
            self.bot_why.value = ""  # it explained a move that is no longer the last (or the game is over)
        self._update_summary()
        self.follow()
        if self.board_fold.opened:
            self._update_board_text()
        self._update_save_link()
        self._focus_next()

    def _act_from_list(self, action: Action) -> None:
        self._focus_wanted = True  # played from the list of lands: the next decision gets the focus
        self.act(action)

    def _update_summary(self) -> None:
        """The end of the game: the summary over the map, which zooms out to the whole board once."""
        text = self.view.summary()
        if text and self._log_scores is not None:  # a real game's log: its own result first
            text = self._log_scores.summary_html(self.game) + text
        self.summary.value = text
        self.summary.layout.display = SHOWN if text else "none"
        if text and not self._over_seen:
            self._over_seen = True
            # Centre and zoom, not Map.fit_bounds: that one waits for the browser's answer in a task, which
            # never ends where no browser is (a kernel run by nbclient).
            (south, west), (north, east) = self.view.bounds
            self.map.center = [(south + north) / 2, (west + east) / 2]
            self.map.zoom = self.view.world_zoom
        elif not text:
            self._over_seen = False

    def _update_board_text(self) -> None:
        headers, rows = self.view.board_rows()
        self.board_text.value = text_table(t("The board: every space, who holds it and what is on it"), headers, rows)

    def refresh_controls(self) -> None:
        """Enable the buttons that make sense now (none of the game's while a replay is shown)."""
        over, busy = self.game.is_over, self._running or self.replaying
        for b in (self.next_button, self.epoch_button, self.end_button):
            b.disabled = busy or over
        self.undo_button.disabled = busy or len(self.game.history) <= self._start_cut
        waiting = not over and self.game.decision.player in self.bots
        self.pause_button.description = t("Pause") if self._running or not waiting else t("Play on")
        self.pause_button.tooltip = (t("Stop the computer after its current move") if self._running or not waiting
                                     else t("Let the computer play its seats until it is a person's turn"))
        self.pause_button.disabled = self.replaying or not (self._running or waiting)
        self.replay_button.disabled = busy or not self.game.history

    def update_panels(self) -> None:
        """Status, cards, choices, battle, scores, breakdown and log (a widget is sent only what changed)."""
        html_of = self.view.panels(frozenset(self.bots))
        for name, box in (("status", self.status), ("actor", self.actor_box), ("battle", self.battle),
                          ("score", self.score), ("regions", self.regions), ("region_key", self.region_key),
                          ("legend", self.legend), ("log", self.log_box), ("events", self.events),
                          ("table", self.table)):
            box.value = html_of.get(name, "")
        self._update_choices()
        self._update_breakdown_list()
        self.refresh_controls()

    def _update_breakdown_list(self) -> None:
        count = self.view.scored_turns()
        if count == self._turns_seen:
            return
        self._turns_seen = count
        options = [(self._turn_caption(i), i) for i in range(count)][::-1]
        self.breakdown_pick.options = options
        focus = self._focus_turn
        self.breakdown_pick.value = (focus if focus is not None and focus < count else count - 1) if count else None
        self.breakdown_pick.layout.display = SHOWN if count else "none"
        self._show_breakdown()

    def _turn_caption(self, index: int) -> str:
        caption = html_to_text(self.view.turn_caption(index))
        note = self._log_scores.turn_note(index) if self._log_scores is not None else None
        return f"{caption} · {render(note)}" if note is not None else caption

    def _show_breakdown(self) -> None:
        index = self.breakdown_pick.value
        shown = self.view.breakdown(-1 if index is None else index)
        if self._log_scores is not None and self.view.scored_turns():
            shown = self._log_scores.breakdown_html(self.view.scored_turns() - 1 if index is None else index) + shown
        self.breakdown.value = shown


def play(
    players: list[str] | None = None,
    bots: dict[int | str, Any] | None = None,
    seed: int | str = 0,
    *,
    ruleset: str | None = None,
    speed: str = "fast",
    basemap: Any = None,
    options: dict[str, Any] | None = None,
    lang: str | None = None,
) -> GameView:
    """Start a game and return its widget: ``play(["Ada", "Ben", "Cy"], bots={1: "random", 2: "random"}, seed=7)``.

    ``ruleset`` names a registered ruleset (``hotw.new_game``'s default if None); ``lang`` the language of
    its words ('en', 'ja' or 'es'; by default the one the reader asked for, :func:`hotw.i18n.preferred_language`).
    """
    which = {} if ruleset is None else {"ruleset": ruleset}
    game = hotw.new_game(**which, players=players, seed=seed, options=options)
    return GameView(game, bots=bots, speed=speed, basemap=basemap, lang=lang)

