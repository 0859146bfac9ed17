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
from hotw.i18n import Domain, Msg, check_language, joined, preferred_language, render, speaking
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
from hotw.ui.editorlayout import EDITOR_CSS, EditorLayout
from hotw.ui.positionspec import OPTION, PositionSpec, position_spec
from hotw.ui.rulesetview import BOARD_OUTLINES, WORLD_CENTER, WORLD_ZOOM
from hotw.ui.view import HOVER_STYLE, seat_colour, seat_symbol

log = logging.getLogger(__name__)
_ = Domain("hotw")
_n = _.plural
t = _.text


def _said_options(options: Any) -> list[Any]:
    """A ruleset's (label, value) choices with each label in the active language."""
    return [(render(o[0]), o[1]) if isinstance(o, tuple) else o for o in options]


def _said(exc: BaseException) -> Any:
    """An error's message as it was made (a Msg where the engine made one)."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)

__all__ = ["EDITOR_CSS", "PLAYERS", "PositionEditor", "lesson_position", "players_for"]

#: Who may play a seat when the game goes on from the position: a person, or a bot spec (of the default ruleset).
PLAYERS = ("person", "random", "greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard")


def players_for(ruleset: str) -> tuple[str, ...]:
    """Who may play a seat of ``ruleset``: a person, or one of its bots (its ``bots_module``), by name."""
    from hotw.bots import bot_names

    return ("person",) + tuple(b for b in bot_names(ruleset) if b != "heuristic")

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
    raise ValueError(_("this file holds no position: a lesson is a scenario with rules.position, "
                       "a save file of a game started from a position, or a position"))


class PositionEditor(EditorLayout, w.VBox):
    """A position of ``ruleset`` (the default ruleset if None) on the map, edited by clicks, lists and buttons.

    Every edit is checked by the engine; ``players`` is a count or the names; ``name`` the lesson's name.
    """

    def __init__(self, ruleset: str | None = None, position: Mapping[str, Any] | None = None,
                 players: int | list[str] = 3, name: str | None = None, lang: str | None = None) -> None:
        super().__init__()
        #: the language of the editor's words ('en', 'ja', 'es'; by default the reader's)
        self.lang = check_language(lang) if lang else preferred_language()
        with speaking(self.lang):
            self._start(ruleset, position, players, t("My lesson") if name is None else name)

    def _start(self, ruleset: str | None, position: Mapping[str, Any] | None, players: int | list[str],
               name: str) -> None:
        self.add_class("hotw-app")
        self.add_class("hotw-editor")
        self.spec: PositionSpec = position_spec(ruleset)
        names = list(players) if not isinstance(players, int) else [t("Player {number}", number=i + 1) for i in range(players)]
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

    # -- the error guard ------------------------------------------------------------------------
    def _guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                with speaking(self.lang):  # a widget's callback runs outside any block that chose a language
                    return fn(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed
                text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                self.errors.append(text)
                log.error("hotw.ui editor callback failed:\n%s", text)
                self.refuse(_("Something went wrong: {error}", error=_said(exc)))
                return None

        return call

    def say(self, text: Any) -> None:
        """Show what an edit did (a Msg, Term or str, in the editor's language)."""
        self.message.value = f"<div class='hotw-done' role='status'>{html.escape(render(text, self.lang))}</div>"

    def refuse(self, text: Any) -> None:
        """Show why an edit was refused (the position did not change)."""
        said = html.escape(one_line(render(text, self.lang), 400))
        self.message.value = (f"<div class='hotw-refused' role='alert' data-refused='1'>"
                              + render(_("Refused: {reason}", reason=said), self.lang) + "</div>")

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
            self.refuse(_("{file}: {reason}", file=where, reason=_said(exc)) if where else self._edit_refusal(exc))
            self.refresh_controls()  # the lists and boxes show the position kept
            return False
        self.position, self.players = copy.deepcopy(dict(position)), players
        self.say(done)
        self.refresh()
        return True

    def _edit_refusal(self, exc: HotwError) -> Any:
        """Why an edit made on the map or in a box was refused, without the field's path a file's reader needs
        ("position.armies.gaul: ..."): the reason alone where it names its land or card, the box's own label before
        a reason about the scores; the whole message otherwise."""
        field, reason = getattr(exc, "field", ""), getattr(exc, "reason", None)
        if isinstance(reason, Msg) and field.startswith("position."):
            if not reason.msgid.startswith(("must ", "needs ", "is ")):
                return reason
            if field == "position.scores":
                return _("{field}: {reason}", field=self.spec.score_label, reason=reason)
        return _said(exc)

    def place(self, land: str | None, piece: str | None = None, seat: int | None = None) -> bool:
        """Lay the chosen piece (of the chosen seat) on ``land``, or take it off if it is there."""
        if not land:
            self.refuse(_("choose a land first"))
            return False
        piece = piece or self.piece.value
        seat = self.seat.value if seat is None else seat
        space = self.spec.board().spaces.get(land)
        where = space.name if space is not None else land  # a Term: said in the editor's language
        kind = next((p for p in self.spec.pieces if p.key == piece), None)
        if kind is None:
            self.refuse(_("there is no piece {piece}", piece=repr(piece)))
            return False
        before = self.spec.pieces_at(self.position, land)
        removed = any(k == piece and (not kind.seated or s == seat) for k, s in before)
        new = self.spec.toggle(self.position, land, piece, int(seat))
        seats = self.seat_names()
        done = self.spec.edit_text(self.position, new, land, piece, int(seat), self.players) or self._edit_text(
            kind, seats[int(seat)] if kind.seated and 0 <= int(seat) < len(seats) else None, where, removed)
        return self.apply(new, done)

    @staticmethod
    def _edit_text(kind: Any, seat: str | None, where: Any, removed: bool) -> Any:
        """'Laid an army of Ada on Gaul.', 'Took the fort off Gaul.': what an edit did, as a Msg."""
        piece = render(kind.label).lower()
        if removed:
            return (_("Took the {piece} of {seat} off {land}.", piece=piece, seat=seat, land=where) if seat else
                    _("Took the {piece} off {land}.", piece=piece, land=where))
        if piece[:1] in "aeiou":  # English needs "an" here; other languages say it their own way
            return (_("Laid an {piece} of {seat} on {land}.", piece=piece, seat=seat, land=where) if seat else
                    _("Laid an {piece} on {land}.", piece=piece, land=where))
        return (_("Laid a {piece} of {seat} on {land}.", piece=piece, seat=seat, land=where) if seat else
                _("Laid a {piece} on {land}.", piece=piece, land=where))

    def set_hand(self, seat: int, cards: list[str]) -> bool:
        """Give ``seat`` exactly these cards (ids)."""
        labels = dict((v, k) for k, v in self.spec.hand_choices(self.position))
        said = (_("{seat} holds {cards}.", seat=self.seat_names()[seat], cards=joined(labels.get(c, c) for c in cards))
                if cards else _("{seat} holds no card.", seat=self.seat_names()[seat]))
        return self.apply(self.spec.with_hand(self.position, seat, list(cards)), said)

    def _on_hand(self, change: dict[str, Any]) -> None:
        if not self._quiet and self.seat.value is not None:
            self.set_hand(int(self.seat.value), list(change["new"]))

    def clear(self) -> bool:
        """Take every piece off the map (the epoch, who plays and the scores stay)."""
        return self.apply(self.spec.cleared(self.position), _("Took every piece off the map."))

    def set_scores(self, scores: list[int]) -> bool:
        """Put the score markers on these spaces, one per seat."""
        return self.apply(self.spec.with_scores(self.position, scores),
                          _("{what} set to {values}.", what=self.spec.score_label, values=joined(map(str, scores))))

    def set_players(self, count: int) -> bool:
        """Seat ``count`` players (names Player 1, 2, ...); the scores follow."""
        names = (self.players + [t("Player {number}", number=i + 1) for i in range(len(self.players), count)])[:count]
        return self.apply(self.spec.with_players(self.position, count), _n("{n} player.", "{n} players.", count), names)

    def _on_players(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.set_players(int(change["new"]))

    def _on_epoch(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            epoch = int(change["new"])
            self.apply(self.spec.with_epoch(self.position, epoch), _("{epoch}.", epoch=self.spec.epoch_label(epoch)))

    def _on_turn(self, _change: dict[str, Any]) -> None:
        if not self._quiet and self.turn_pick.value is not None and self.turn_seat.value is not None:
            self.apply(self.spec.with_turn(self.position, self.turn_pick.value, int(self.turn_seat.value)),
                       _("{what}: {card}, played by {seat}.", what=self.spec.turn_label, card=self.turn_pick.label,
                         seat=self.seat_names()[int(self.turn_seat.value)]))

    def _on_later(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.apply(self.spec.with_later(self.position, list(change["new"]), len(self.players)),
                       _("The empires after it: {cards}.", cards=joined(self.later.label)) if self.later.label else
                       _("No empire after it."))

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
            self._show_land(sid)  # the land under the mouse, with the piece just laid or taken off

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
        what = render(joined(_("{piece} of {seat}", piece=labels.get(k, k), seat=seats[s]) if s is not None and
                             s < len(seats) else labels.get(k, k) for k, s in found)) or t("no piece")
        kinds = {"land": t("land"), "sea": t("sea"), "ocean": t("ocean"), "barren": t("barren land"), "area": t("area")}
        self.hover.value = (f"<b>{html.escape(render(space.name))}</b> ({html.escape(kinds.get(space.kind, space.kind))}): "
                            f"{html.escape(what)}")

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
        if self.save_link.value and self.lesson() != getattr(self, "_saved_lesson", None):
            self.save_link.value = ""  # the offered file is the position as it was: press Save again
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
            self.turn_pick.options = _said_options(spec.turn_choices(spec.epoch(pos)))
            self.turn_pick.value = card
            seats = [(f"{seat_symbol(i)} {name}", i) for i, name in enumerate(names)]
            self.turn_seat.options = seats
            self.turn_seat.value = seat
            self.later.options = _said_options(spec.later_choices(pos))
            self.later.value = tuple(c for c in spec.later(pos) if c in {v for _, v in self.later.options})
            self.later.layout.display = SHOWN if self.later.options else "none"
            old_seat = self.seat.value if self.seat.value is not None and self.seat.value < n else 0
            self.seat.options = seats
            self.seat.value = old_seat
            self.seat.style.button_color = seat_colour(old_seat)
            cards = _said_options(spec.hand_choices(pos))
            self.hand_pick.options = cards
            self.hand_pick.value = tuple(c for c in spec.hand(pos, old_seat) if c in {v for _, v in cards})
            holder = seat_symbol(old_seat) + " " + html.escape(names[old_seat])
            hand = t("Cards in the hand of {seat}", seat=holder)
            keys = t("Ctrl or Shift and click, or Shift and the arrow keys, to hold several")
            self.hand_label.value = (f"<div class='hotw-section'>{hand}</div><small>{keys}</small>") if cards else ""
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
                said = [(t("person") if o == "person" else o, o) for o in who]
                self.who.children = [w.Dropdown(options=said, value="person" if i == 0 else bot,
                                                description=f"{seat_symbol(i)} {self.players[i]}",
                                                layout=w.Layout(width="250px"), style={"description_width": "90px"}
                                                ).add_class(f"hotw-editor-who-{i}") for i in range(len(self.players))]
        finally:
            self._quiet = False

    # -- save, load, play ------------------------------------------------------------------------------
    def lesson(self) -> dict[str, Any]:
        """The position as a scenario (what *Save as lesson* offers): simulate(scenario=...) reads it too."""
        out: dict[str, Any] = {"name": self.name.value.strip() or t("My lesson"),
                               "description": t("a position set up by hand for {n} players", n=len(self.players)),
                               "ruleset": self.spec.ruleset, "rules": {OPTION: copy.deepcopy(self.position)}}
        return out

    def save(self) -> str:
        """Offer the lesson as a JSON file to download; returns its text."""
        self._saved_lesson = self.lesson()
        text = json.dumps(self._saved_lesson, indent=1, ensure_ascii=False)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = re.sub(r"[^A-Za-z0-9_-]+", "-", self.name.value.strip()).strip("-")[:60] or "lesson"
        self.save_link.value = (f'<a download="{html.escape(name)}.json" href="data:application/json;base64,{data}" '
                                f'class="hotw-editor-download">' + t("Download {file}", file=html.escape(name) + ".json")
                                + "</a> " + t("({size} bytes)", size=len(text)))
        self.say(_("Saved: download {file} below.", file=name + ".json"))
        return text

    def load_text(self, text: str | bytes, name: str | None = None) -> bool:
        """Take the position of a lesson file (called ``name``); a bad file is explained and nothing changes."""
        source = one_line(name, 100) if name else t("the file")
        try:
            doc = json.loads(text)
            position = lesson_position(doc)
        except (ValueError, UnicodeDecodeError) as exc:
            self.refuse(_("{file}: {reason}", file=source, reason=_said(exc)))
            return False
        sizes = self.spec.table_sizes(position)
        players = ([p for p in doc["players"] if isinstance(p, str)] if isinstance(doc, dict) and isinstance(
            doc.get("players"), list) else [])
        if len(players) not in sizes:
            n = len(self.players) if len(self.players) in sizes else sizes[0]
            players = [t("Player {number}", number=i + 1) for i in range(n)]
        if not self.apply(position, _("Loaded {file}.", file=source), players, where=source):
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
        self.game_view = GameView(game, bots=chosen, speed=speed, lang=self.lang)  # type: ignore[arg-type]
        self.play_area.children = [self.game_view]
        people = [self.players[i] for i in range(len(self.players)) if i not in chosen]
        self.say(_("The game goes on from the position below ({players} playing).", players=joined(people)) if people
                 else _("The game goes on from the position below (bots only playing)."))
        return self.game_view
