"""A student's page and the projector: the notebook game's view of one table, kept up to date from the store.

:class:`SeatView` is the notebook game (:class:`hotw.ui.app.GameView`) for one seat:
every other seat counts as played elsewhere, so the ruleset's view shows this
seat's own hand and choices and nothing hidden of the others (the same rule a
hot-seat game uses for the computer's seats), and the map acts only for this seat.
A move goes to the store (:meth:`LiveGame.move`) with the number of moves the
screen showed; a stale or doubled click is refused with the store's sentence and
changes nothing. A poll every ``poll`` seconds catches up with the other seats'
moves, the teacher's pause and a seat given to someone else.

:class:`ProjectorView` is the same map with every seat played elsewhere: the whole
board, scores and log, no hand, no choices.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from hotw.actions import Action
from hotw.classroom.store import GameStore, StaleMoveError
from hotw.classroom.table import LiveGame
from hotw.errors import HotwError
from hotw.game import Game
from hotw.i18n import Domain, render, speaking
from hotw.observation import observation
from hotw.ui.app import GameView
from hotw.ui.rulesetview import Choices
from hotw.ui.view import seat_badge

_ = Domain("hotw")
t = _.text

__all__ = ["ProjectorView", "SeatView", "TableWatcher"]

#: Seconds between two looks at the store: a move reaches every page within one second.
POLL = 0.25


def card_name(game: Any, card: str) -> str:
    """A card's printed name from the game's card catalogue (its id in words if the catalogue has none)."""
    content = getattr(game, "content", None)
    for table in (vars(content).values() if content is not None and hasattr(content, "__dict__") else ()):
        if isinstance(table, Mapping) and card in table and isinstance(getattr(table[card], "name", None), str):
            return render(table[card].name)
    return card.replace("_", " ")


class Elsewhere:
    """A seat played from another screen (a person or the table host's bot): never asked to move here."""

    def __init__(self, kind: str = "human") -> None:
        self.kind = kind

    def choose(self, game: Any) -> Action:
        raise HotwError(_("this seat is played from another screen"))


class TableWatcher(GameView):
    """The notebook game over a :class:`LiveGame`: no local computer play, caught up from the store by a poll."""

    #: the seat this page plays (None: the projector, which plays none)
    seat: int | None = None

    def __init__(self, live: LiveGame, poll: float = POLL, **kwargs: Any) -> None:
        self.live = live
        self.poll = poll
        self._closed = False
        self._shown = -1
        self._poller: asyncio.Task[None] | None = None
        self._bot_revision = -1
        self._real_bots: frozenset[int] = frozenset()
        n = len(live.game.players)
        bots = {s: Elsewhere() for s in range(n) if s != self.seat}
        self.banner = w.HTML().add_class("hotw-classroom-banner")
        super().__init__(live.game, bots=bots, **kwargs)
        for b in (self.next_button, self.epoch_button, self.end_button, self.pause_button, self.undo_button,
                  self.replay_button, self.speed, self.save_fold):
            b.layout.display = "none"  # moves are final and the computer plays from the host
        self.children = (self.banner, *self.children)

    @property
    def eyes(self) -> tuple[int, ...]:
        """The seats whose observations this page shows (its own seat; every seat for the projector)."""
        return tuple(range(len(self.live.game.players))) if self.seat is None else (self.seat,)

    @GameView.game.setter  # type: ignore[attr-defined,untyped-decorator]
    def game(self, game: Game) -> None:
        """The game shown; its view draws only what this page's seats may see (``RulesetView.eyes``)."""
        GameView.game.fset(self, game)  # type: ignore[attr-defined]
        self._game_view.eyes = self.eyes

    # -- no local computer play ------------------------------------------------------------------
    def _start(self) -> None:
        self._start_cut = len(self.game.history)
        self._update_banner()
        self.say(_("Waiting for the game.") if self.game.is_over else self.view.prompt())
        self.refresh()
        self.start_polling()

    def run(self, mode: str, wait: bool = True) -> None:
        """Nothing to run here: the table host plays the bots (the page only draws)."""
        self.refresh()

    def next_step(self) -> None:
        """Not offered at a class's table."""

    def undo(self) -> None:
        """A move at a class's table is final."""
        self.say(_("A move at a class's table is final: there is no undo."), illegal=True)

    # -- keeping up with the store ------------------------------------------------------------------
    def start_polling(self) -> None:
        """Look at the store every ``poll`` seconds while the kernel's event loop runs (a page in Voila)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return
            if not loop.is_running():
                return  # a plain Python session or a test: call sync() yourself
        self._poller = loop.create_task(self._poll())

    async def _poll(self) -> None:
        while not self._closed:
            await asyncio.sleep(self.poll)
            self._guarded(self.sync)()

    def sync(self) -> bool:
        """Catch up with the store; redraw if anything changed (True then)."""
        before = len(self.game.log)
        if not self.live.catch_up():
            return False
        if self.live.game is not self.game:
            self.game = self.live.game
            self._reset_panels()
            before = 0
        self._on_change()
        self._say_news(before)
        self.refresh()
        return True

    def _on_change(self) -> None:
        self._update_banner()

    def refresh(self) -> None:
        """Draw the game (the choice buttons are built anew after every move: each knows the move it answers)."""
        if len(self.game.history) != self._shown:
            self._choice_key = None
            self.targets.choices = None  # type: ignore[assignment]  # listed anew, nothing chosen: a click on
            # "Play the land chosen" sent before this drawing reached the browser plays nothing
        super().refresh()
        self._shown = len(self.game.history)

    def close(self) -> None:
        """Stop polling and close the widgets."""
        self._closed = True
        if self._poller is not None:
            self._poller.cancel()
        super().close()

    @property
    def real_bots(self) -> frozenset[int]:
        """The seats the table host's bots play (read from the store again when the seats change)."""
        if self._bot_revision != self.live.revision:
            self._bot_revision = self.live.revision
            self._real_bots = frozenset(s.seat for s in self.live.store.seats(self.live.table_id)
                                        if s.kind == "bot")
        return self._real_bots

    def update_panels(self) -> None:
        """The panels drawn with every other seat played elsewhere (so no hidden card of theirs shows);
        the status line and the score track then name only the real bots as the computer."""
        super().update_panels()
        real = self.real_bots
        if real != frozenset(self.bots):
            labelled = self.view.panels(real)
            self.status.value = labelled.get("status", "")
            self.score.value = labelled.get("score", "")

    # -- words ---------------------------------------------------------------------------------
    def _update_banner(self) -> None:
        with speaking(self.lang):
            self.banner.value = self._banner_html()

    def _banner_html(self) -> str:
        record = self.live.record
        state = {"paused": " · <b>" + t("paused by the teacher") + "</b>",
                 "ended": " · <b>" + t("ended by the teacher") + "</b>"}.get(self.live.state, "")
        table = t("Table <b>{name}</b>", name=html.escape(record.name))
        return (f"<div class='hotw-classroom-table' data-state='{self.live.state}' data-moves="
                f"'{len(self.game.history)}'>{table}{state}</div>")

    def _choice_widgets(self, found: Choices | tuple[Any, ...]) -> list[w.Widget]:
        if isinstance(found, tuple) and found and found[0] == "computer":
            seat = found[1]
            badge = seat_badge(self.game, seat)
            words = (t("Waiting for {seat} (the computer) to decide.", seat=badge) if seat in self.real_bots else
                     t("Waiting for {seat} to decide.", seat=badge))
            return [w.HTML(f"<span class='hotw-waiting'>{words}</span>")]
        return super()._choice_widgets(found)


class SeatView(TableWatcher):
    """One seat's page: its own hand and choices, the whole board, moves sent to the store.

    Every click answers the drawing it was made on: a choice button carries the number of moves it was
    drawn for, a map click the land's look as the browser drew it, and the store appends a move only if
    the game is still that long. The second click of a double click, which reaches the page after the
    first one's move, so answers a decision already taken and is refused; a click on the next
    decision's button, once the page shows it, is played at once however soon it comes.
    """

    def __init__(self, live: LiveGame, seat: int, secret: str = "", **kwargs: Any) -> None:
        self.seat = seat
        self.secret = secret
        self._revoked = False
        self.hand = w.HTML().add_class("hotw-hand")
        super().__init__(live, **kwargs)
        side = self.children[-3].children[1]  # the panels beside the map
        self.hand_title = w.HTML()
        side.children = (self.hand_title, self.hand, *side.children)
        self.label()

    def _words(self) -> None:
        """The words of the page's controls and of its own section, in the active language."""
        super()._words()
        if hasattr(self, "hand_title"):
            self.hand_title.value = "<div class='hotw-section'>" + t("Your hand") + "</div>"

    @property
    def store(self) -> GameStore:
        return self.live.store

    def _on_choice(self, action: Action) -> Callable[[w.Button], Any]:
        """A choice button plays ``action`` on the game as long as it was when the button was drawn."""
        drawn = len(self.game.history)
        return lambda _b: self.act(action, expected=drawn)

    def _on_map_click(self, **kwargs: Any) -> None:
        """A click on the board as the browser drew it: refused if that land has been drawn anew since."""
        sid = self._feature_id(kwargs)
        props = kwargs.get("properties") or (kwargs.get("feature") or {}).get("properties") or {}
        drawn = (props.get("style") or {}).get("className")
        if sid and drawn is not None and drawn != self._styles.get(sid, {}).get("className"):
            self.say(_("The map changed before your click arrived, so it was not played (a double click, or "
                       "another player's move). Look at the map and click again if you still mean it."), illegal=True)
            return
        super()._on_map_click(**kwargs)

    def act(self, action: Action, expected: int | None = None) -> bool:
        """Send ``action`` for this seat, on the game of ``expected`` moves (default: the one shown); a stale,
        doubled or illegal move is explained and changes nothing."""
        if self._revoked:
            self.say(_("This seat has been given to someone else: ask your teacher for your link."), illegal=True)
            return False
        if self.replaying:
            self.say(_("This is a replay: press Back to the game to play on."), illegal=True)
            return False
        before = len(self.game.log)
        try:
            self.live.move(self.seat, action, expected=self._shown if expected is None else expected)
        except HotwError as exc:
            self.say(exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc), illegal=True)
            if self.live.game is not self.game:
                self.game = self.live.game
                self._reset_panels()
            self.live.catch_up()
            self.refresh()
            return False
        self._say_news(before)
        self.refresh()
        return True

    def _on_change(self) -> None:
        if self.secret:
            found = self.store.seat_by_secret(self.secret)
            self._revoked = found is None or (found.table_id, found.seat) != (self.live.table_id, self.seat)
        super()._on_change()

    def update_panels(self) -> None:
        """The panels, then this seat's own hand (from the seat's observation: nothing of the others)."""
        super().update_panels()
        obs = observation(self.game, self.seat)
        cards = [card_name(self.game, c) for c in obs.hand]
        self.hand.value = (("<ul class='hotw-hand-cards'>" + "".join(f"<li>{html.escape(c)}</li>" for c in cards)
                            + "</ul>") if cards else "<i>" + t("No cards in your hand.") + "</i>")

    def _banner_html(self) -> str:
        if self._revoked:
            return ("<div class='hotw-classroom-table hotw-illegal' data-state='revoked'>"
                    + t("This seat has been given to someone else: ask your teacher for your link.") + "</div>")
        you = t("you are {seat}", seat=seat_badge(self.game, self.seat))
        turn = "" if self.game.is_over or self.game.decision.player != self.seat else " · <b>" + t("your turn") + "</b>"
        return super()._banner_html().replace("</div>", f" · {you}{turn}</div>", 1)

    def refresh(self) -> None:
        super().refresh()
        self._update_banner()


class ProjectorView(TableWatcher):
    """The projector: the whole map, scores and log of a table, every seat played elsewhere, no hand shown."""

    seat = None

    def _words(self) -> None:
        """The words of the controls; nobody chooses at the projector: the choices' section says who is deciding."""
        super()._words()
        self.section_boxes["choices"].value = "<div class='hotw-section'>" + t("Deciding now") + "</div>"
