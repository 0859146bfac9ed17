"""A replay of the game on the map: step or scrub through it move by move, or jump epoch by epoch.

The history is the game: the position after any move is ``game.replay(prefix)``
of ``game.history``, so a finished or loaded game can be reviewed on the same map
and panels (what a class looks at afterwards). A mixin of
:class:`hotw.ui.app.GameView`; the position shown is drawn through its ruleset's
view like the live game, and nothing of the live game changes.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from hotw.i18n import Domain, joined, render
from hotw.ui.access import SHOWN
from hotw.ui.rulesetview import view_of
from hotw.ui.view import seat_badge

if TYPE_CHECKING:
    from hotw.game import Game

_ = Domain("hotw")
t = _.text


@dataclass(frozen=True)
class ReplayStep:
    """One position of a replay: the history's length there, its epoch, who moved last and what happened, and the
    epoch that move was made in (the epoch before, for the move that ended one)."""

    cut: int
    epoch: int
    seat: int
    text: Any
    moved_in: int = 0


def replay_steps(game: "Game", turn_note: Callable[[int], Any] | None = None, end_note: Any = None) -> list[ReplayStep]:
    """Every position where a player decides (and the last one), replaying ``game.history`` once.

    A position's history ends with the chance outcomes of the move before it, so
    ``game.replay(game.history[:step.cut])`` rebuilds it exactly, even when the
    recorded dice are not the seed's. A move that wrote no line is told by the label of its button (e.g. a turn
    ended). ``turn_note(i)``, if given, adds its words (or None) to the text of the step that scores turn ``i``, right
    after the line that scores it (an imported log's own points, :class:`hotw.ui.logscores.LogScores`), and
    ``end_note`` its words to the last step if the game is over there (the log's winner).
    """
    fresh = type(game)(game.ruleset, game.players, game.seed, auto_chance=False,  # type: ignore[call-arg]
                       options=game.options)
    seen = view_of(fresh)
    history = game.history
    steps: list[ReplayStep] = []
    since, mover, scored, moved_in, label = 0, -1, 0, 0, ""
    for k in range(len(history) + 1):
        if k == len(history) or not history[k].is_chance:
            if not steps or k > steps[-1].cut:
                news = seen.news(since)
                if turn_note is not None:
                    now = seen.scored_turns()
                    news = _noted(news, [turn_note(i) for i in range(scored, now)], seen.scores_a_turn)
                    scored = now
                if k == len(history) and end_note is not None and fresh.is_over:
                    news.append(end_note)
                text: Any = joined(news, " · ") if news else (_("The start of the game.") if not steps else label)
                steps.append(ReplayStep(k, seen.epoch(), mover, text, moved_in))
                since = len(fresh.log)
            if k < len(history):
                mover, moved_in = fresh.decision.player, seen.epoch()
                action = history[k]
                label = next((c.label for c in seen.choices().buttons if c.action == action), "")
        if k < len(history):
            fresh.apply(history[k])
    return steps


def _noted(news: list[Any], notes: list[Any], scores_a_turn: Callable[[Any], bool]) -> list[Any]:
    """``news`` with each turn's note (None: no words) right after the line that scores that turn, in order; a
    note whose line is not found goes last (after an epoch's and the game's last lines otherwise)."""
    if not any(n is not None for n in notes):
        return news
    out, left = [], iter(notes)
    for line in news:
        out.append(line)
        if scores_a_turn(line):
            note = next(left, None)
            if note is not None:
                out.append(note)
    out += [n for n in left if n is not None]
    return out


class ReplayControls:
    """The replay bar of a :class:`GameView`: Replay, epoch and move steps, a slider, Back to the game."""

    def _build_replay(self) -> w.VBox:
        def button(cls: str, fn: Any) -> w.Button:  # its words: LanguageMenu.label
            b = w.Button(layout=w.Layout(width="auto")).add_class(cls)
            b.on_click(self._guarded(lambda _b: fn()))
            return b

        self._steps: list[ReplayStep] = []
        self._step_shown = 0
        self.replay_button = button("hotw-replay", self.start_replay)
        self.replay_slider = w.IntSlider(value=0, min=0, max=0, continuous_update=False,
                                         layout=w.Layout(width="300px")).add_class("hotw-replay-slider")
        self.replay_slider.observe(self._guarded(lambda _c: self.show_step(self.replay_slider.value)),
                                   names="value")
        b = self.replay_buttons = {
            "epoch-back": button("hotw-replay-epoch-back", lambda: self.jump_epoch(-1)),
            "back": button("hotw-replay-back", lambda: self.step_by(-1)),
            "next": button("hotw-replay-next", lambda: self.step_by(1)),
            "epoch-next": button("hotw-replay-epoch-next", lambda: self.jump_epoch(1)),
            "leave": button("hotw-replay-leave", self.stop_replay),
        }
        row = w.HBox([b["epoch-back"], b["back"], self.replay_slider, b["next"], b["epoch-next"], b["leave"]],
                     layout=w.Layout(flex_flow="row wrap"))
        self.replay_caption = w.HTML().add_class("hotw-replay-caption")
        self.replay_bar = w.VBox([row, self.replay_caption], layout=w.Layout(display="none")).add_class(
            "hotw-replay-bar")
        return self.replay_bar

    @property
    def replaying(self) -> bool:
        """True while a replay is shown instead of the game."""
        return self._replay_view is not None

    def start_replay(self, at: int = 0) -> None:
        """Show the game's position after step ``at`` (0: the start) instead of the game."""
        if self._running:
            self.say(_("The computer is playing: press Pause first."), illegal=True)
            return
        log = self._log_scores
        self._steps = (replay_steps(self.game) if log is None else
                       replay_steps(self.game, log.turn_note, log.end_note(self.game)))
        self.replay_bar.layout.display = SHOWN
        self.replay_slider.max = len(self._steps) - 1
        at = max(0, min(at, len(self._steps) - 1))
        if self.replay_slider.value == at:
            self.show_step(at)
        else:
            self.replay_slider.value = at  # draws it

    def show_step(self, index: int) -> None:
        """Draw the position of replay step ``index``."""
        if not self._steps:
            return
        index = max(0, min(index, len(self._steps) - 1))
        step = self._steps[index]
        self._step_shown = index
        self._replay_view = view_of(self.game.replay(self.game.history[: step.cut]))
        self._replay_view.read_only = True  # a picture of the game then: its hover never says "click to ..."
        self._reset_panels()
        self.bot_why.value = ""  # it explained a move of the live game
        who = f"{seat_badge(self.game, step.seat)}: " if step.seat >= 0 else ""
        when = html.escape(render(self.view.epoch_label(step.epoch))) if step.epoch else t("before the first epoch")
        # The move that ended an epoch: its words are that epoch's, the map already the next one's.
        then = f"{html.escape(render(self.view.epoch_label(step.moved_in)))}, " \
            if step.moved_in and step.moved_in != step.epoch else ""
        self.replay_caption.value = (
            f"<div data-step='{index}' data-cut='{step.cut}' data-epoch='{step.epoch}'>"
            + t("<b>Replay</b>, move {index} of {count}", index=index, count=len(self._steps) - 1)
            + f" · {when}<br>{then}{who}{html.escape(render(step.text))}</div>")
        self.say(_("Replay: the map shows the game after the move below. Press Back to the game to play on."))
        self.refresh()

    def step_by(self, delta: int) -> None:
        """One move on (``delta`` = 1) or back (-1)."""
        self._move_to(max(0, min(self.replay_slider.value + delta, self.replay_slider.max)), delta)

    def _move_to(self, index: int, direction: int) -> None:
        """Show step ``index``; at either end of the replay, say so (the buttons stay where the keyboard is)."""
        if index == self.replay_slider.value and self._steps:
            self.say(_("This is the last move of the replay: press Back to the game to play on.") if direction > 0
                     else _("This is the start of the replay."))
            return
        self.replay_slider.value = index

    def jump_epoch(self, direction: int) -> None:
        """To the first position of the next epoch, or back to the start of this one (or the one before)."""
        if not self._steps:
            return
        here = self.replay_slider.value
        epoch = self._steps[here].epoch
        if direction > 0:
            found = next((i for i in range(here + 1, len(self._steps)) if self._steps[i].epoch > epoch),
                         len(self._steps) - 1)
        else:
            start = next(i for i in range(len(self._steps)) if self._steps[i].epoch == epoch)
            if start == here and here > 0:
                before = self._steps[here - 1].epoch
                start = next(i for i in range(len(self._steps)) if self._steps[i].epoch == before)
            found = start
        self._move_to(found, direction)

    def stop_replay(self) -> None:
        """Leave the replay: the map and panels show the game again."""
        self._replay_view = None
        self._steps = []
        self.replay_bar.layout.display = "none"
        self.replay_caption.value = ""
        self._reset_panels()
        self.say(_("Back to the game. {prompt}", prompt=self.game.decision.prompt if not self.game.is_over else ""))
        self.refresh()

    def _reset_panels(self) -> None:
        self._choice_key = None
        self._turns_seen = -1
        self._focus_turn = None
        self._over_seen = False
