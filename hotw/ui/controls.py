"""The notebook game's controls: bots' moves, the speed, next step, pause, undo, save and load.

A mixin of :class:`hotw.ui.app.GameView`; every callback runs inside its ``_guarded``.
"""

from __future__ import annotations

import asyncio
import base64
import html
from typing import Any

import hotw
from hotw.bots import RandomBot, make_bot
from hotw.errors import HotwError
from hotw.files import one_line
from hotw.ui.mapparts import app_css
from hotw.ui.view import seat_badge

#: Seconds between two bot moves; None means bots wait for "Next step".
SPEEDS: dict[str, float | None] = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2, "step by step": None}
#: Bots tried in order when the computer plays for a human seat ("Bots: rest of epoch").
STAND_INS = ("heuristic:medium", "greedy", "random")


class PlayControls:
    """Bots, the speed, next step, pause, undo, save and load of a :class:`~hotw.ui.app.GameView`."""

    def _bot_for(self, seat: int) -> Any:
        if seat in self.bots:
            return self.bots[seat]
        if self._stand_in is None:
            for spec in STAND_INS:
                try:
                    self._stand_in = make_bot(spec, f"{self.game.seed}:stand-in", self.game.ruleset.name)
                    break
                except ValueError:  # not this ruleset's bot, or a ruleset not in the registry
                    continue
            if self._stand_in is None:
                self._stand_in = RandomBot(f"{self.game.seed}:stand-in")
        return self._stand_in

    def _bot_move(self) -> None:
        game = self.game
        seat, step = game.decision.player, game.decision.step
        bot = self._bot_for(seat)
        action = bot.choose(game)
        game.apply(action)
        explain = getattr(bot, "explain", None)
        why = explain() if callable(explain) else ""
        if why and not self.view.is_draft(step):  # a bot's draft pick stays hidden
            self.bot_why.value = (f"<small>Why the computer played that: {seat_badge(game, seat)} "
                                  f"{html.escape(why)}</small>")

    def _wants_bot(self, mode: str, epoch: int) -> bool:
        game = self.game
        if game.is_over:
            return False
        d = game.decision
        if mode == "humans":
            return d.player in self.bots
        if mode == "draft":
            return d.player in self.bots and self.view.is_draft(d.step)
        if mode == "epoch":
            return self.view.epoch() == epoch
        return mode in ("end", "step")

    def _play_bots(self, mode: str) -> int:
        """Bot moves at once, without drawing, until ``mode`` says stop; the number of moves."""
        epoch = self.view.epoch()
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
        epoch = self.view.epoch()
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
        name = f"hotw-{self.game.seed}-epoch{self.view.epoch()}-{len(self.game.history)}.json"
        self.save_link.value = (f'<a download="{html.escape(name)}" href="data:application/json;base64,{data}">'
                                f"Download {html.escape(name)}</a> ({len(text)} bytes)")

    def load_text(self, text: str | bytes, name: str | None = None) -> None:
        """Replace the game by the one in a save file (called ``name``); a bad file is explained, nothing changes."""
        try:
            game = hotw.load_game(text, source=one_line(name, 100) if name else "save file")
        except HotwError as exc:
            self.say(f"Could not load the save file: {exc}", illegal=True)
            return
        self.game = game
        self.css.value = app_css(self.view)
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
        name = item.get("name") if isinstance(item, dict) else getattr(item, "name", None)
        self.upload.value = ()  # so the same file can be loaded again
        self.load_text(bytes(content), name if isinstance(name, str) else None)

    # -- map events --------------------------------------------------------------------------
