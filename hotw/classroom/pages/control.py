"""The teacher's page: the control room (open tables, give seats, bots, pause, end, download) over the projector.

Every button writes to the store and nothing else: the table host sees a seat
given to a bot and plays it, a student's page sees its table paused. The tables'
list is drawn again when a table changes (one status read per table a second).
"""

from __future__ import annotations

import asyncio
import base64
import html
import inspect
import io
import zipfile
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import ipywidgets as w

import hotw
from hotw.bots import bot_names
from hotw.classroom.pages.seatview import ProjectorView
from hotw.classroom.store import GameStore
from hotw.classroom.table import LiveGame, new_table
from hotw.errors import HotwError
from hotw.i18n import Domain, check_language, joined, num, preferred_language, render, speaking
from hotw.rulesets import get_ruleset, names
from hotw.ui.access import SHOWN
from hotw.ui.view import seat_badge

_ = Domain("hotw")
t = _.text

__all__ = ["ControlRoom", "seat_link", "state_name", "when"]

#: The game a new table plays unless the teacher chooses another: ``hotw.new_game``'s.
DEFAULT: str = inspect.signature(hotw.new_game).parameters["ruleset"].default


def state_name(state: str) -> str:
    """A table's state in the active language."""
    return {"playing": t("playing"), "paused": t("paused"), "ended": t("ended")}.get(state, state)


def when(moment: datetime, lang: str) -> str:
    """A time of day (and date) as a reader of ``lang`` writes it (Babel): 'Nov 30, 2026, 10:15:02 PM',
    '2026/11/30 22:15:02', '30 nov 2026, 22:15:02'; in the machine's time zone."""
    from babel.dates import format_datetime

    return format_datetime(moment.astimezone(), format="medium", locale=lang)


def seat_link(base_url: str, secret: str) -> str:
    """The address a student opens to play the seat of ``secret``."""
    return f"{base_url.rstrip('/')}/voila/render/seat.ipynb?seat={secret}"


class ControlRoom(w.VBox):
    """Tables of a class with their seats and buttons, a form for a new table, and the projector below."""

    def __init__(self, store: GameStore, base_url: str = "", poll: float = 1.0, lang: str | None = None) -> None:
        super().__init__()
        self.lang = check_language(lang) if lang else preferred_language()
        self._changed: dict[str, datetime] = {}
        self.add_class("hotw-control-room")
        self.store = store
        self.base_url = base_url
        self.poll = poll
        with speaking(self.lang):
            self._build()
        self._start_polling()

    def _build(self) -> None:
        self._closed = False
        self._seen: dict[str, Any] = {}
        self._heads: dict[str, w.HTML] = {}
        self.live: dict[str, LiveGame] = {}
        self.message = w.HTML(layout=w.Layout(display="none")).add_class("hotw-message")
        self.tables_box = w.VBox().add_class("hotw-tables")
        self.download = w.HTML().add_class("hotw-download")
        self.projector_pick = w.Dropdown(description=t("Projector shows"), style={"description_width": "initial"},
                                         layout=w.Layout(width="420px")).add_class("hotw-projector-pick")
        self.projector_pick.observe(self._guard(lambda _c: self.show_on_projector(self.projector_pick.value)),
                                    names="value")
        self.projector_box = w.VBox().add_class("hotw-projector")
        self.projector: ProjectorView | None = None
        save = self._button(t("Download every table's save"), t("A zip of every table's game as a JSON save file"),
                            "hotw-download-all", self.make_download)
        self.children = (w.HTML("<h2>" + t("Class control room") + f"</h2><span class='hotw-lang' data-lang='{self.lang}'"
                                " hidden></span>"), self.message, self._new_table_form(),
                         w.HTML("<div class='hotw-section'>" + t("Tables") + "</div>"), self.tables_box,
                         w.HBox([save, self.download]), self.projector_pick, self.projector_box)
        self.redraw()

    # -- helpers --------------------------------------------------------------------------
    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            try:
                with speaking(self.lang):  # a widget's callback runs outside any block that chose a language
                    return fn(*args)
            except HotwError as exc:
                self.say(exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc), illegal=True)
            except Exception as exc:  # noqa: BLE001 - shown in the page, not lost in the kernel
                self.say(_("Something went wrong: {error}", error=str(exc)), illegal=True)
            return None

        return call

    def _button(self, label: str, tip: str, css: str, fn: Callable[[], None]) -> w.Button:
        b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto")).add_class(css)
        b.on_click(self._guard(lambda _b: fn()))
        return b

    def say(self, text: Any, illegal: bool = False) -> None:
        """A sentence (a Msg, Term or str) in the message area, in the page's language."""
        cls = " class='hotw-illegal'" if illegal else ""
        self.message.value = f"<span{cls}>{html.escape(render(text, self.lang))}</span>"
        self.message.layout.display = SHOWN

    # -- a new table --------------------------------------------------------------------------
    def _new_table_form(self) -> w.Widget:
        self.new_name = w.Text(description=t("Table"), value="", placeholder=t("Rome"),
                               layout=w.Layout(width="220px")).add_class("hotw-new-name")
        self.new_ruleset = w.Dropdown(options=[(render(get_ruleset(n).title), n) for n in names()], value=DEFAULT,
                                      description=t("Game"), layout=w.Layout(width="360px")).add_class(
            "hotw-new-ruleset")
        self.new_players = w.Text(description=t("Players"), placeholder="Ada, Ben, Cy, Dee",
                                  layout=w.Layout(width="360px")).add_class("hotw-new-players")
        self.new_seed = w.IntText(value=1, description=t("Seed"), layout=w.Layout(width="160px"))
        go = self._button(t("Open the table"), t("Open a table for these players"), "hotw-open-table", self.open_table)
        return w.VBox([w.HTML("<div class='hotw-section'>" + t("Open a table") + "</div>"),
                       w.HBox([self.new_name, self.new_ruleset], layout=w.Layout(flex_flow="row wrap")),
                       w.HBox([self.new_players, self.new_seed, go], layout=w.Layout(flex_flow="row wrap"))])

    def open_table(self) -> str:
        """Open the table of the form (the engine checks players and ruleset first); its id ('' if refused)."""
        players = [p.strip() for p in self.new_players.value.split(",") if p.strip()]
        name = self.new_name.value.strip() or t("Table {number}", number=len(self.store.tables()) + 1)
        try:
            tid = new_table(self.store, name, players, seed=self.new_seed.value, ruleset=self.new_ruleset.value)
        except HotwError as exc:
            said = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
            self.say(_("No table opened: {error}", error=said), illegal=True)
            return ""
        self.say(_("Table {name} is open: hand each player the link of their seat.", name=name))
        self.redraw()
        return tid

    # -- the tables ------------------------------------------------------------------------------
    def _game(self, tid: str) -> LiveGame:
        live = self.live.get(tid)
        if live is None:
            live = self.live[tid] = LiveGame(self.store, tid)
        live.catch_up()
        return live

    def redraw(self) -> None:
        """Draw every table with its seats and buttons."""
        rows = []
        records = self.store.tables()
        for record in records:
            rows.append(self._table_row(record.table_id))
        for child in self.tables_box.children:
            child.close()
        self.tables_box.children = rows
        self._seen = {r.table_id: self.store.status(r.table_id) for r in records}
        options = [(f"{r.name} ({render(get_ruleset(r.ruleset).title)})", r.table_id) for r in records]
        if list(self.projector_pick.options) != options:
            keep = self.projector_pick.value
            self.projector_pick.options = options
            self.projector_pick.value = keep if keep in dict(options).values() else (options[0][1] if options
                                                                                    else None)

    def _head_html(self, tid: str) -> str:
        live = self._game(tid)
        game, record = live.game, live.record
        if game.is_over:
            turn = t("the game is over")
        else:
            turn = t("{seat} decides", seat=seat_badge(game, game.decision.player)) if game.decision.player >= 0 else ""
        moves = _.text_plural("{n} move", "{n} moves", live.length, n=num(live.length))
        seen = self._changed.get(tid)
        since = " · " + t("last change {time}", time=when(seen, self.lang)) if seen else ""
        return (f"<div class='hotw-table-head' data-table='{tid}' data-state='{live.state}' "
                f"data-moves='{live.length}'><b>{html.escape(record.name)}</b> · "
                f"{html.escape(render(get_ruleset(record.ruleset).title))} · {state_name(live.state)} · {moves} · "
                f"{turn}{since}</div>")

    def _table_row(self, tid: str) -> w.Widget:
        live = self._game(tid)
        game, record = live.game, live.record
        head = self._heads[tid] = w.HTML(self._head_html(tid))
        playing = live.state == "playing"
        buttons = [
            self._button(t("Pause") if playing else t("Play on"), t("Stop or restart moves at this table"),
                         "hotw-pause-table", lambda: self.set_state(tid, "paused" if playing else "playing")),
            self._button(t("End the game"), t("No more moves at this table"), "hotw-end-table",
                         lambda: self.set_state(tid, "ended")),
            self._button(t("Fill empty seats with bots"), t("The computer plays every seat nobody was given"),
                         "hotw-fill-bots", lambda: self.fill_with_bots(tid)),
        ]
        seats = []
        bots = bot_names(record.ruleset)
        for seat in self.store.seats(tid):
            link = seat_link(self.base_url, seat.secret)
            code = "<code>" + html.escape(seat.secret) + "</code>"
            who = (t("bot ({name})", name=html.escape(seat.bot)) if seat.kind == "bot" else
                   f"<a href='{html.escape(link)}' target='_blank' class='hotw-seat-link' "
                   f"data-seat='{seat.seat}'>" + t("seat link") + "</a> · "
                   + t("code {code}", code=code)
                   + (" " + t("(not yet given)") if seat.kind == "open" else ""))
            pick = w.Dropdown(options=bots, value="greedy" if "greedy" in bots else bots[0],
                              layout=w.Layout(width="150px")).add_class("hotw-bot-pick")
            s = seat.seat
            seats.append(w.HBox([
                w.HTML(f"<span data-seat='{s}'>{seat_badge(game, s)}: {who}</span>",
                       layout=w.Layout(width="55%")),
                self._button(t("New link for a person"), t("Give this seat to a person: a new link (the old one stops "
                                                           "working)"), "hotw-give-person",
                             lambda s=s: self.give(tid, s, "human")),
                pick,
                self._button(t("Bot"), t("The computer plays this seat"), "hotw-give-bot",
                             lambda s=s, pick=pick: self.give(tid, s, "bot", pick.value)),
            ], layout=w.Layout(flex_flow="row wrap", align_items="center")))
        return w.VBox([head, w.HBox(buttons), *seats]).add_class("hotw-table-row")

    def set_state(self, tid: str, state: str) -> None:
        """Pause, play on or end a table."""
        self.store.set_state(tid, state)
        self.say(_("{table}: {state}.", table=self.store.table(tid).name, state=state_name(state)))
        self.redraw()

    def give(self, tid: str, seat: int, kind: str, bot: str = "") -> None:
        """Give a seat to a person (a new link), a bot or nobody."""
        self.store.set_seat(tid, seat, kind, bot)
        self.redraw()

    def fill_with_bots(self, tid: str) -> None:
        """Every seat not given to a person is played by the computer."""
        bots = bot_names(self.store.table(tid).ruleset)
        spec = "greedy" if "greedy" in bots else bots[0]
        for seat in self.store.seats(tid):
            if seat.kind == "open":
                self.store.set_seat(tid, seat.seat, "bot", spec)
        self.redraw()

    # -- saves -------------------------------------------------------------------------------------
    def make_download(self) -> bytes:
        """A zip of every table's save file, offered as a link; the zip's bytes."""
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
            for record in self.store.tables():
                z.writestr(f"{record.table_id}-{record.name}.json"[:80], self._game(record.table_id).game.to_json())
        data = buffer.getvalue()
        self.download.value = (f"<a download='hotw-class.zip' href='data:application/zip;base64,"
                               f"{base64.b64encode(data).decode('ascii')}' class='hotw-download-link'>"
                               + t("Download hotw-class.zip") + "</a> "
                               + t("({size} bytes)", size=num(len(data)).render(self.lang)))
        return data

    # -- the projector -------------------------------------------------------------------------------
    def show_on_projector(self, tid: str | None) -> None:
        """Show table ``tid`` on the projector (no hands, no choices)."""
        if self.projector is not None:
            self.projector.close()
            self.projector = None
        if tid is None:
            self.projector_box.children = ()
            return
        self.projector = ProjectorView(LiveGame(self.store, tid), lang=self.lang)
        self.projector_box.children = (self.projector,)

    # -- keeping up -----------------------------------------------------------------------------------
    def sync(self) -> bool:
        """Draw the tables again if any of them changed (a move, a state, a seat); True then."""
        records = self.store.tables()
        now = {r.table_id: self.store.status(r.table_id) for r in records}
        if now == self._seen:
            return False
        same_rows = now.keys() == self._seen.keys() and all(
            (now[t].state, now[t].revision) == (self._seen[t].state, self._seen[t].revision) for t in now)
        moment = datetime.now(timezone.utc)
        for tid, status in now.items():
            if status != self._seen.get(tid):
                self._changed[tid] = moment  # the time the control room saw the table change
        if not same_rows:
            self.redraw()  # a table opened, paused or ended, or a seat given: the buttons change
            return True
        for tid, status in now.items():  # only moves: the head lines change, the buttons stay
            if status != self._seen[tid]:
                self._heads[tid].value = self._head_html(tid)
        self._seen = now
        return True

    def _start_polling(self) -> None:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return
        if loop.is_running():
            loop.create_task(self._poll())

    async def _poll(self) -> None:
        while not self._closed:
            await asyncio.sleep(self.poll)
            self._guard(self.sync)()
