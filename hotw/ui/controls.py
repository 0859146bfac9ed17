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
from hotw.i18n import Domain, joined, render
from hotw.save import saved_game_log, with_game_log
from hotw.ui.logscores import LogScores
from hotw.ui.mapparts import app_css
from hotw.ui.view import seat_badge

_ = Domain("hotw")
_n = _.plural
t = _.text

#: Seconds between two bot moves; None means bots wait for "Next step".
SPEEDS: dict[str, float | None] = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2, "step by step": None}
#: Bots tried in order when the computer plays for a human seat ("Computer plays all: rest of epoch").
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
        if seat in self.humans:
            self._moves_for_people += 1
        explain = getattr(bot, "explain", None)
        why = explain() if callable(explain) else ""
        if why and not self.view.is_draft(step):  # a bot's draft pick stays hidden
            self.bot_why.value = ("<small>" + t("Why the computer played that for {seat}: {why}",
                                                seat=seat_badge(game, seat), why=html.escape(render(why))) + "</small>")
            self._why_cut = len(game.history)  # shown only while this move is the last one

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

    def run(self, mode: str, wait: bool = True) -> None:
        """Let the computer play: ``humans`` (bot seats until a person decides), ``epoch`` or ``end`` (every seat).

        At the step-by-step speed the bots' seats wait for Next step (``wait``), unless
        Play on was pressed (``wait=False``).
        """
        if self._running or self.replaying:
            return
        if mode != "humans":
            self._focus_turn = None  # show the latest turn's breakdown again
        delay = SPEEDS.get(self.speed.value, 0.0)
        if delay is None:
            if mode == "humans" and wait:
                self.refresh()
                return  # step by step: bots wait for "Next step"
            delay = SPEEDS["fast"]
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None  # no event loop (a plain Python session or a test): play at once
        self._moves_for_people = 0
        if delay == 0 or loop is None:
            moves = self._play_bots(mode)
            if mode != "humans" and self.humans:  # then the bots' seats up to a person's decision
                moves += self._play_bots("humans")
            if mode != "humans":
                self.say(self._played(moves, first=True))
            elif moves:
                self.say_more(self._played(moves, first=False))  # after the person's own move, in the same message
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
        said, moves = list(self._said), 0  # what the person's own move did, said before the computer's moves
        try:
            for phase in ((mode, "humans") if mode != "humans" and self.humans else (mode,)):
                while not self._stop and self._wants_bot(phase, epoch):
                    before = len(self.game.log)
                    self._bot_move()
                    moves += 1
                    self._say_news(before)
                    if not self._wants_bot(phase, epoch):
                        break  # the last move: draw it once, below, with the buttons enabled
                    self.refresh()
                    await asyncio.sleep(self.current_delay(delay))
        except Exception as exc:  # noqa: BLE001 - shown to the user
            self._report_error(exc)
        finally:
            self._running = False
            prompt = "" if self.game.is_over else self.game.decision.prompt
            if self._stop and self._wants_bot("humans", 0):
                self.say(_("Paused. {prompt} Press Play on or Next step to go on.", prompt=prompt))
            elif self._stop:
                self.say(_("Paused. {prompt}", prompt=prompt))
            elif self._refused:
                self.say(_("The computer has finished. {prompt}", prompt=prompt))
            elif moves and mode == "humans" and said:  # the person's own result stays, then what followed
                self._said = said
                self.say_more(self._played(moves, first=False))
            elif moves:  # after the last move's news, how many moves were made, and how many for people
                self.say_more(self._played(moves, first=True))
            self._refused = False
            self.refresh()

    def _played(self, moves: int, first: bool) -> Any:
        """'The computer played 5 moves, 3 of them for Ada (see the log).' (``first``: a sentence of its own;
        else it follows the person's own move: 'Then the computer played ...')."""
        n = self._moves_for_people
        names = joined((self.game.players[s] for s in sorted(self.humans)), " and ")
        if first and n:
            return _n("The computer played {n} move, {k} of them for {names} (see the log).",
                      "The computer played {n} moves, {k} of them for {names} (see the log).", moves, k=n, names=names)
        if first:
            return _n("The computer played {n} move (see the log).", "The computer played {n} moves (see the log).",
                      moves)
        if n:
            return _n("Then the computer played {n} move, {k} of them for {names} (see the log).",
                      "Then the computer played {n} moves, {k} of them for {names} (see the log).", moves, k=n,
                      names=names)
        return _n("Then the computer played {n} move (see the log).", "Then the computer played {n} moves (see the log).",
                  moves)

    def refuse_while_running(self) -> None:
        """Say that nothing can be done while the computer plays (the sentence goes once it stops)."""
        self._refused = True
        self.say(_("The computer is playing: press Pause first."), illegal=True)

    def current_delay(self, default: float) -> float:
        """The delay chosen now (the speed may change while bots play)."""
        value = SPEEDS.get(self.speed.value, default)
        return default if value is None else value

    def next_step(self) -> None:
        """The computer plays exactly one decision: the pending one (for a person too, as a hint of a legal move)."""
        if self._running or self.game.is_over or self.replaying:
            return
        self._focus_turn = None
        before = len(self.game.log)
        seat = self.game.decision.player
        self._play_bots("step")
        self._say_news(before)
        if seat in self.humans:
            self.say_more(_("(the computer chose this for {player})", player=self.game.players[seat]), sentence=False)
        self.refresh()

    def pause(self) -> None:
        """Stop the computer after its current move."""
        self._stop = True

    def pause_or_play_on(self) -> None:
        """Pause while the computer plays; Play on when a seat the computer plays is waiting."""
        if self._running:
            self.pause()
        elif not self.game.is_over and self.game.decision.player in self.bots:
            self.run("humans", wait=False)

    def undo(self) -> None:
        """Take back decisions until a person's decision is pending again (or one, if all seats are bots).

        At the start the bots' draft picks, made before the first person's decision,
        are made again: undo never stops at a decision of the computer.
        """
        if self._running:
            self.refuse_while_running()
            return
        game = self.game
        if len(game.history) <= self._start_cut:
            self.say(_("Nothing to undo: this is the start of the game."), illegal=True)
            self.refresh()
            return
        before = list(game.history)
        try:
            game.undo()
            while self.humans and not game.is_over and game.decision.player in self.bots:
                game.undo()
        except HotwError:
            pass  # back at the first decision: the bots' picks before the first person's are made again
        # The move taken back: the first one after the position now shown, named as its button or map choice was
        taken = before[len(game.history)] if len(game.history) < len(before) else None
        seat = game.decision.player
        label = self._move_label(taken) if taken is not None and not game.is_over and seat not in self.bots else None
        if self.humans and not game.is_over and game.decision.player in self.bots:
            self._play_bots("humans")
        if label is None:
            self.say(_("Undone. Now: {prompt}", prompt=game.decision.prompt))
        else:
            self.say(_("Taken back: {move}. Now: {prompt}", move=label, prompt=game.decision.prompt))
        self.refresh()

    def _move_label(self, action: Any) -> str:
        """An action of the pending decision as its button or map choice names it (its text if neither does)."""
        view = self.view
        for choice in view.choices().buttons:
            if choice.action == action:
                return choice.label
        for choice in view.map_choices(self.humans):
            if choice.action == action:
                return choice.label
        return action.text()

    # -- save and load ------------------------------------------------------------------------
    def save(self) -> None:
        """Offer the game as it is now as a JSON file to download (a data link works in JupyterLab and Voila)."""
        game = self.game
        text = game.to_json()
        if self._log_scores is not None:  # a real game's replay: what its log said of each turn goes with it
            text = with_game_log(text, self._log_scores.record())
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"hotw-{game.seed}-epoch{self._game_view.epoch()}-{len(game.history)}.json"
        self._saved_cut = len(game.history)
        self.save_link.value = (f'<a download="{html.escape(name)}" href="data:application/json;base64,{data}" '
                                f'data-moves="{len(game.history)}">' + t("Download {file}", file=html.escape(name))
                                + "</a> " + t("({size} bytes; the game as it is now)", size=len(text)))

    def _update_save_link(self) -> None:
        """Keep the offered file the game as it is now (built again when the game changed and the section is open)."""
        if getattr(self, "_saved_cut", -1) == len(self.game.history) and self.save_link.value:
            return
        if self.save_fold.opened:
            self.save()
        else:
            self.save_link.value = ""

    def load_text(self, text: str | bytes, name: str | None = None) -> None:
        """Replace the game by the one in a save file (called ``name``); a bad file is explained, nothing changes.

        A file that is not JSON is read as the game log of a real game (``hotw.import_log_data``): the game it
        replays opens in the replay, at its start."""
        source = one_line(name, 100) if name else t("save file")
        head = (text if isinstance(text, str) else bytes(text).decode("latin-1")).lstrip("\ufeff \t\r\n")[:1]
        if not head:
            self.say(_("Could not load {source}: the file is empty.", source=source), illegal=True)
            return
        is_log = head != "{" and not (name or "").lower().endswith(".json")
        imported = kept = None
        try:
            if is_log:
                imported = hotw.import_log_data(text, source)
                game = imported.game
            else:
                game = hotw.load_game(text, source=source)
                kept = saved_game_log(text, source)
        except HotwError as exc:
            said = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
            self.say(_("Could not load the game log: {error}", error=said) if is_log else
                     _("Could not load the save file: {error}", error=said), illegal=True)
            return
        self._adopt(game)
        if imported is not None:
            self.bots = {}  # the players of a real game, not the computer
            self._log_scores = LogScores.of(imported, source)
        if kept is not None:  # a real game's replay, saved: its log's points are shown beside the replay's again
            self.bots = {}
            self._log_scores = LogScores.saved(kept)
        if imported is None:
            over = _("The game is over: press Replay the game to step through it.") if game.is_over else \
                game.decision.prompt
            self.say(_("Loaded a game of {players} ({moves} moves). {next}", players=joined(game.players),
                       moves=len(game.history), next=over))
            self.refresh()
            return
        good, turns = sum(c.matches for c in imported.checks), len(imported.checks)
        self.start_replay(0)
        self.say(_("Imported the game log {source}: a real game of {players}, replayed with dice chosen to give its "
                   "outcomes; {good} of {turns} turns score as logged, {notes} lines could not be played as logged. "
                   "Step through it with Move and Epoch.", source=source, players=joined(game.players), good=good,
                   turns=turns, notes=len(imported.notes)))

    def _adopt(self, game: Any) -> None:
        """Show ``game`` instead of the game shown now."""
        if self.replaying:
            self.stop_replay()
        self.game = game
        self.css.value = app_css(self.view) + f"<span class='hotw-lang' data-lang='{self.lang}' hidden></span>"
        self.bots = {s: b for s, b in self.bots.items() if s < len(game.players)}
        self._log_scores = None
        self._reset_panels()
        self._followed = None
        self._start_cut = 0
        self.bot_why.value = ""

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
