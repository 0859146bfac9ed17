"""The lesson builder's position editor: set up any position on the map, save it, load it, play on from it.

Pick a seat and a piece, then click lands (or choose a land in the list and press
*Place / remove*: the keyboard path) to lay the piece or take it off; set the
epoch, the empire about to play, the ones after it and the scores. Every edit is
checked by the engine (the ruleset's ``position`` rule option): a position the
engine refuses is refused here with its one-line message, and the last good
position stays. *Save as lesson* offers a scenario file to download; *Load
lesson* reads one back (or a save file of a game started from a position);
*Play on from here* opens the notebook game on it with people and bots.

What a position holds, the pieces and how they are drawn come from the ruleset's
:class:`~hotw.ui.positionspec.PositionSpec`, so the editor names no game system.

>>> from hotw.ui.editor import PositionEditor  # doctest: +SKIP
>>> PositionEditor()  # doctest: +SKIP
"""

from __future__ import annotations

import base64
import copy
import functools
import html
import json
import logging
import re
import traceback
from collections.abc import Callable
from typing import Any, Mapping

import ipyleaflet
import ipywidgets as w

from hotw.errors import HotwError
from hotw.files import one_line
from hotw.rulesets import get_ruleset
from hotw.ui.access import SHOWN
from hotw.ui.mapparts import (
    CSS,
    REGION_LINE_STYLE,
    board_geometry,
    feature_collection,
    marker_icon,
    region_outlines,
    seat_bar_css,
)
from hotw.ui.positionspec import OPTION, PositionSpec, position_spec
from hotw.ui.rulesetview import BOARD_OUTLINES, WORLD_CENTER, WORLD_ZOOM
from hotw.ui.view import HOVER_STYLE, seat_colour, seat_symbol

log = logging.getLogger(__name__)

__all__ = ["EDITOR_CSS", "PLAYERS", "PositionEditor", "lesson_position", "players_for"]

#: Who may play a seat when the game goes on from the position: a person, or a bot spec (of the default ruleset).
PLAYERS = ("person", "random", "greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard")


def players_for(ruleset: str) -> tuple[str, ...]:
    """Who may play a seat of ``ruleset``: a person, or one of its bots (its ``bots_module``), by name."""
    from hotw.bots import bot_names

    return ("person",) + tuple(b for b in bot_names(ruleset) if b != "heuristic")

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


def lesson_position(doc: Any, option: str = OPTION) -> dict[str, Any]:
    """The position in a lesson: a scenario (``rules.position``), a save file (``options.position``) or a bare one."""
    if isinstance(doc, Mapping):
        rules = doc.get("rules")
        if isinstance(rules, Mapping) and isinstance(rules.get(option), Mapping):
            return dict(rules[option])
        options = doc.get("options")
        if isinstance(options, Mapping) and isinstance(options.get(option), Mapping) and options[option]:
            return dict(options[option])
        if "turn" in doc or "epoch" in doc:
            return dict(doc)
    raise ValueError("this file holds no position: a lesson is a scenario with rules.position, "
                     "a save file of a game started from a position, or a position")


class PositionEditor(w.VBox):
    """A position of ``ruleset`` (the default ruleset if None) on the map, edited by clicks, lists and buttons.

    Every edit is checked by the engine; ``players`` is a count or the names; ``name`` the lesson's name.
    """

    def __init__(self, ruleset: str | None = None, position: Mapping[str, Any] | None = None,
                 players: int | list[str] = 3, name: str = "My lesson") -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-editor")
        self.spec: PositionSpec = position_spec(ruleset)
        names = list(players) if not isinstance(players, int) else [f"Player {i + 1}" for i in range(players)]
        self.players: list[str] = names
        self.errors: list[str] = []
        self.game_view: Any = None
        self._quiet = False
        self._markers: dict[str, ipyleaflet.Marker] = {}
        self._marker_html: dict[str, str] = {}
        start = dict(position) if position is not None else self.spec.with_players(self.spec.blank(), len(names))
        self.spec.check(start, self.players)  # a bad start is the caller's error, raised at once
        self.position: dict[str, Any] = start
        self._build(name)
        self.refresh()

    # -- construction -------------------------------------------------------------------------
    def _build(self, name: str) -> None:
        spec = self.spec
        rs = get_ruleset(spec.ruleset)
        lo, hi = spec.players()
        self.css = w.HTML(CSS + "<style>" + seat_bar_css() + spec.css() + "</style>" + EDITOR_CSS)
        self.summary = w.HTML().add_class("hotw-summary")
        self.message = w.HTML("Pick a seat and a piece, then click lands (or use the land list below).").add_class(
            "hotw-editor-message")
        self.n_players = w.Dropdown(options=list(range(lo, hi + 1)), value=len(self.players), description="Players",
                                    layout=w.Layout(width="150px")).add_class("hotw-editor-players")
        self.epoch_pick = w.Dropdown(options=[(spec.epoch_label(e), e) for e in range(1, spec.epochs() + 1)],
                                     description="Epoch", layout=w.Layout(width="210px")).add_class("hotw-editor-epoch")
        self.turn_pick = w.Dropdown(description=spec.turn_label, layout=w.Layout(width="330px"),
                                    style={"description_width": "110px"}).add_class("hotw-editor-turn")
        self.turn_seat = w.Dropdown(description="played by", layout=w.Layout(width="220px")).add_class(
            "hotw-editor-turn-seat")
        self.later = w.SelectMultiple(description="Then play", rows=4, layout=w.Layout(width="260px")).add_class(
            "hotw-editor-later")
        self.seat = w.ToggleButtons(description="Seat", style={"button_width": "auto"}).add_class("hotw-editor-seat")
        self.piece = w.ToggleButtons(options=[(p.label, p.key) for p in spec.pieces], description="Piece",
                                     tooltips=[p.help for p in spec.pieces], style={"button_width": "auto"}
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
        self.hover = w.HTML("Point at a land to see its pieces.").add_class("hotw-hover")

        board = spec.board()
        lands = sorted(spec.spaces(), key=lambda t: board.spaces[t].name)
        self.land = w.Dropdown(options=[(board.spaces[t].name, t) for t in lands], description=spec.space_label,
                               layout=w.Layout(width="260px")).add_class("hotw-editor-land")
        self.land.observe(self._guarded(lambda _c: self._show_land(self.land.value)), names="value")
        self.place_button = self._button("Place / remove", "Lay the chosen piece on the chosen land, or take it off",
                                         "hotw-editor-place", lambda: self.place(self.land.value))
        self.clear_button = self._button("Clear the map", "Take every piece off (the epoch and who plays stay)",
                                         "hotw-editor-clear", self.clear)

        self.name = w.Text(value=name, description="Lesson", layout=w.Layout(width="300px")).add_class(
            "hotw-editor-name")
        self.save_button = self._button("Save as lesson", "Make a scenario file of this position to download",
                                        "hotw-editor-save", self.save)
        self.save_link = w.HTML().add_class("hotw-editor-save-link")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load lesson").add_class(
            "hotw-editor-load")
        self.upload.observe(self._guarded(self._on_upload), names="value")
        self.who = w.HBox().add_class("hotw-editor-who")
        self.play_button = self._button("Play on from here", "Start a game from this position", "hotw-editor-play",
                                        lambda: self.play())
        self.play_area = w.VBox().add_class("hotw-editor-game")

        section = lambda text: w.HTML(f"<div class='hotw-section'>{text}</div>")  # noqa: E731
        self.children = [
            self.css, section("Set up a position"), self.summary, self.message,
            w.HBox([self.n_players, self.epoch_pick, self.turn_pick, self.turn_seat],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([w.VBox([self.map, self.hover], layout=w.Layout(width="66%", flex="1 1 auto")),
                    w.VBox([self.seat, self.piece, self.land, w.HBox([self.place_button, self.clear_button]),
                            section(self.spec.score_label), self.scores, self.later, self.hand_label, self.hand_pick],
                           layout=w.Layout(width="34%", min_width="280px", padding="0 0 0 10px"))],
                   layout=w.Layout(align_items="flex-start")),
            section("Save and share"),
            w.HBox([self.name, self.save_button, self.upload], layout=w.Layout(flex_flow="row wrap")), self.save_link,
            section("Play on from here"), self.who, self.play_button, self.play_area,
        ]

    def _button(self, label: str, tip: str, cls: str, fn: Callable[[], Any]) -> w.Button:
        b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto")).add_class(cls)
        b.on_click(self._guarded(lambda _b: fn()))
        return b

    # -- the error guard ------------------------------------------------------------------------
    def _guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed
                text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                self.errors.append(text)
                log.error("hotw.ui editor callback failed:\n%s", text)
                self.refuse(f"Something went wrong: {exc}")
                return None

        return call

    def say(self, text: str) -> None:
        """Show what an edit did."""
        self.message.value = f"<div class='hotw-done' role='status'>{html.escape(text)}</div>"

    def refuse(self, text: str) -> None:
        """Show why an edit was refused (the position did not change)."""
        self.message.value = (f"<div class='hotw-refused' role='alert' data-refused='1'>Refused: "
                              f"{html.escape(one_line(text, 400))}</div>")

    def seat_names(self) -> list[str]:
        """The seats the position names (a player each, or a colour each where the ruleset keys by colour)."""
        return self.spec.seat_names(self.players)

    # -- edits: each is checked by the engine; a refused one changes nothing ----------------------------
    def apply(self, position: Mapping[str, Any], done: str, players: list[str] | None = None,
              where: str = "") -> bool:
        """Take ``position`` (and ``players``) if the engine accepts them; else show its error and keep the old."""
        players = list(players) if players is not None else self.players
        try:
            self.spec.check(position, players)
        except HotwError as exc:
            self.refuse(f"{where}{exc}")
            self.refresh_controls()  # the lists and boxes show the position kept
            return False
        self.position, self.players = copy.deepcopy(dict(position)), players
        self.say(done)
        self.refresh()
        return True

    def place(self, land: str | None, piece: str | None = None, seat: int | None = None) -> bool:
        """Lay the chosen piece (of the chosen seat) on ``land``, or take it off if it is there."""
        if not land:
            self.refuse("choose a land first")
            return False
        piece = piece or self.piece.value
        seat = self.seat.value if seat is None else seat
        space = self.spec.board().spaces.get(land)
        where = space.name if space is not None else land
        kind = next((p for p in self.spec.pieces if p.key == piece), None)
        if kind is None:
            self.refuse(f"there is no piece {piece!r}")
            return False
        before = self.spec.pieces_at(self.position, land)
        removed = any(k == piece and (not kind.seated or s == seat) for k, s in before)
        new = self.spec.toggle(self.position, land, piece, int(seat))
        seats = self.seat_names()
        whose = f" of {seats[int(seat)]}" if kind.seated and 0 <= int(seat) < len(seats) else ""
        done = self.spec.edit_text(self.position, new, land, piece, int(seat), self.players) or (
            f"Took the {kind.label.lower()}{whose} off {where}." if removed else
            f"Laid {'an' if kind.label[:1].lower() in 'aeiou' else 'a'} {kind.label.lower()}{whose} on {where}.")
        return self.apply(new, done)

    def set_hand(self, seat: int, cards: list[str]) -> bool:
        """Give ``seat`` exactly these cards (ids)."""
        labels = dict((v, k) for k, v in self.spec.hand_choices(self.position))
        text = ", ".join(labels.get(c, c) for c in cards) or "no card"
        return self.apply(self.spec.with_hand(self.position, seat, list(cards)), f"{self.seat_names()[seat]} holds {text}.")

    def _on_hand(self, change: dict[str, Any]) -> None:
        if not self._quiet and self.seat.value is not None:
            self.set_hand(int(self.seat.value), list(change["new"]))

    def clear(self) -> bool:
        """Take every piece off the map (the epoch, who plays and the scores stay)."""
        return self.apply(self.spec.cleared(self.position), "Took every piece off the map.")

    def set_scores(self, scores: list[int]) -> bool:
        """Put the score markers on these spaces, one per seat."""
        return self.apply(self.spec.with_scores(self.position, scores), f"{self.spec.score_label} set to {', '.join(map(str, scores))}.")

    def set_players(self, count: int) -> bool:
        """Seat ``count`` players (names Player 1, 2, ...); the scores follow."""
        names = (self.players + [f"Player {i + 1}" for i in range(len(self.players), count)])[:count]
        return self.apply(self.spec.with_players(self.position, count), f"{count} players.", names)

    def _on_players(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.set_players(int(change["new"]))

    def _on_epoch(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            epoch = int(change["new"])
            self.apply(self.spec.with_epoch(self.position, epoch), f"{self.spec.epoch_label(epoch)}.")

    def _on_turn(self, _change: dict[str, Any]) -> None:
        if not self._quiet and self.turn_pick.value is not None and self.turn_seat.value is not None:
            self.apply(self.spec.with_turn(self.position, self.turn_pick.value, int(self.turn_seat.value)),
                       f"{self.spec.turn_label}: {self.turn_pick.label}, played by "
                       f"{self.seat_names()[int(self.turn_seat.value)]}.")

    def _on_later(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.apply(self.spec.with_later(self.position, list(change["new"]), len(self.players)),
                       "The empires after it: " + (", ".join(self.later.label) or "none") + ".")

    def _on_score(self, seat: int, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        scores = self.spec.scores(self.position, len(self.players))
        scores[seat] = int(change["new"])
        self.set_scores(scores)

    # -- the map ------------------------------------------------------------------------------------
    @staticmethod
    def _feature_id(kwargs: dict[str, Any]) -> str | None:
        props = kwargs.get("properties") or (kwargs.get("feature") or {}).get("properties") or {}
        return props.get("id") or kwargs.get("id")

    def _on_map_click(self, **kwargs: Any) -> None:
        sid = self._feature_id(kwargs)
        if sid:
            self.place(sid)

    def _on_map_hover(self, **kwargs: Any) -> None:
        sid = self._feature_id(kwargs)
        if sid:
            self._show_land(sid)

    def _show_land(self, sid: str | None) -> None:
        space = self.spec.board().spaces.get(sid or "")
        if space is None:
            return
        found = self.spec.pieces_at(self.position, space.id)
        labels, seats = {p.key: p.label for p in self.spec.pieces}, self.seat_names()
        what = ", ".join(labels.get(k, k) + (f" of {seats[s]}" if s is not None and s < len(seats)
                                             else "") for k, s in found) or "no piece"
        self.hover.value = f"<b>{html.escape(space.name)}</b> ({html.escape(space.kind)}): {html.escape(what)}"

    # -- drawing --------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw the position on the map and in the controls."""
        self.board_layer.data = feature_collection(self._geometry, self.spec.styles(self.position))
        wanted = self.spec.markers(self.position, self.players)
        changed = False
        for sid in set(self._marker_html) | set(wanted):
            old, new = self._marker_html.get(sid), wanted.get(sid)
            if old == new:
                continue
            if new is None:
                self._markers.pop(sid).close()
                del self._marker_html[sid]
                changed = True
                continue
            if old is None:
                lon, lat = self.spec.board().spaces[sid].label
                self._markers[sid] = ipyleaflet.Marker(location=(lat, lon), icon=marker_icon(new), draggable=False,
                                                       keyboard=False, title="", name=sid)
                changed = True
            else:
                self._markers[sid].icon = marker_icon(new)
            self._marker_html[sid] = new
        if changed:
            self.pieces_layer.layers = tuple(self._markers[s] for s in sorted(self._markers))
        self.summary.value = self.spec.summary(self.position, self.players)
        self.refresh_controls()

    def refresh_controls(self) -> None:
        """Copy the position into the lists and boxes (without taking their changes as edits)."""
        spec, pos, names = self.spec, self.position, self.seat_names()
        n = len(names)
        self._quiet = True
        try:
            self.n_players.value = len(self.players)
            self.epoch_pick.value = spec.epoch(pos)
            card, seat = spec.turn(pos)
            self.turn_pick.options = spec.turn_choices(spec.epoch(pos))
            self.turn_pick.value = card
            seats = [(f"{seat_symbol(i)} {name}", i) for i, name in enumerate(names)]
            self.turn_seat.options = seats
            self.turn_seat.value = seat
            self.later.options = spec.later_choices(pos)
            self.later.value = tuple(c for c in spec.later(pos) if c in {v for _, v in self.later.options})
            self.later.layout.display = SHOWN if self.later.options else "none"
            old_seat = self.seat.value if self.seat.value is not None and self.seat.value < n else 0
            self.seat.options = seats
            self.seat.value = old_seat
            self.seat.style.button_color = seat_colour(old_seat)
            cards = spec.hand_choices(pos)
            self.hand_pick.options = cards
            self.hand_pick.value = tuple(c for c in spec.hand(pos, old_seat) if c in {v for _, v in cards})
            self.hand_label.value = (f"<div class='hotw-section'>Cards in the hand of {seat_symbol(old_seat)} "
                                     f"{html.escape(names[old_seat])}</div><small>Ctrl or Shift and click, or "
                                     f"Shift and the arrow keys, to hold several</small>") if cards else ""
            self.hand_pick.layout.display = SHOWN if cards else "none"
            scores = spec.scores(pos, n)
            if [b.description for b in self.scores.children] != [f"{seat_symbol(i)} {m}" for i, m in enumerate(names)]:
                boxes, wide = [], max(90, 8 * max(len(m) for m in names) + 20)  # the longest name in full
                for i in range(n):
                    box = w.BoundedIntText(min=0, max=999, description=f"{seat_symbol(i)} {names[i]}",
                                           layout=w.Layout(width=f"{80 + wide}px"),
                                           style={"description_width": f"{wide}px"})
                    box.add_class(f"hotw-editor-score-{i}")
                    box.observe(self._guarded(functools.partial(self._on_score, i)), names="value")
                    boxes.append(box)
                self.scores.children = boxes
            for box, value in zip(self.scores.children, scores):
                box.value = value
            if len(self.who.children) != len(self.players):
                who = players_for(self.spec.ruleset)
                bot = "heuristic:medium" if "heuristic:medium" in who else who[-1]
                self.who.children = [w.Dropdown(options=who, value="person" if i == 0 else bot,
                                                description=f"{seat_symbol(i)} {self.players[i]}",
                                                layout=w.Layout(width="250px"), style={"description_width": "90px"}
                                                ).add_class(f"hotw-editor-who-{i}") for i in range(len(self.players))]
        finally:
            self._quiet = False

    # -- save, load, play ------------------------------------------------------------------------------
    def lesson(self) -> dict[str, Any]:
        """The position as a scenario (what *Save as lesson* offers): simulate(scenario=...) reads it too."""
        out: dict[str, Any] = {"name": self.name.value.strip() or "My lesson",
                               "description": f"a position set up by hand for {len(self.players)} players",
                               "ruleset": self.spec.ruleset, "rules": {OPTION: copy.deepcopy(self.position)}}
        return out

    def save(self) -> str:
        """Offer the lesson as a JSON file to download; returns its text."""
        text = json.dumps(self.lesson(), indent=1, ensure_ascii=False)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = re.sub(r"[^A-Za-z0-9_-]+", "-", self.name.value.strip()).strip("-")[:60] or "lesson"
        self.save_link.value = (f'<a download="{html.escape(name)}.json" href="data:application/json;base64,{data}" '
                                f'class="hotw-editor-download">Download {html.escape(name)}.json</a> ({len(text)} bytes)')
        self.say(f"Saved: download {name}.json below.")
        return text

    def load_text(self, text: str | bytes, name: str | None = None) -> bool:
        """Take the position of a lesson file (called ``name``); a bad file is explained and nothing changes."""
        source = one_line(name, 100) if name else "the file"
        try:
            doc = json.loads(text)
            position = lesson_position(doc)
        except (ValueError, UnicodeDecodeError) as exc:
            self.refuse(f"{source}: {exc}")
            return False
        sizes = self.spec.table_sizes(position)
        players = ([p for p in doc["players"] if isinstance(p, str)] if isinstance(doc, dict) and isinstance(
            doc.get("players"), list) else [])
        if len(players) not in sizes:
            n = len(self.players) if len(self.players) in sizes else sizes[0]
            players = [f"Player {i + 1}" for i in range(n)]
        if not self.apply(position, f"Loaded {source}.", players, where=f"{source}: "):
            return False
        if isinstance(doc, dict) and isinstance(doc.get("name"), str):
            self.name.value = doc["name"]
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        fname = item.get("name") if isinstance(item, dict) else getattr(item, "name", None)
        self.upload.value = ()
        self.load_text(bytes(content), fname if isinstance(fname, str) else None)

    def who_plays(self) -> dict[int, str]:
        """Seat -> bot spec for every seat the computer plays (the others are people)."""
        return {i: d.value for i, d in enumerate(self.who.children) if d.value != "person"}

    def play(self, bots: Mapping[int, str] | None = None, seed: int | str = 0, speed: str = "fast") -> Any:
        """Open the notebook game on a game that starts from the position (``bots``: seat -> bot spec)."""
        from hotw.ui.app import GameView

        game = self.spec.game(self.position, self.players, seed)
        chosen = dict(self.who_plays() if bots is None else bots)
        for old in self.play_area.children:
            old.close()
        self.game_view = GameView(game, bots=chosen, speed=speed)  # type: ignore[arg-type]
        self.play_area.children = [self.game_view]
        people = [self.players[i] for i in range(len(self.players)) if i not in chosen]
        self.say(f"The game goes on from the position below ({', '.join(people) or 'bots only'} playing).")
        return self.game_view
