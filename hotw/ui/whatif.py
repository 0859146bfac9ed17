"""The what-if panel: change one thing, let bots play both games on the same seeds, see what changed.

No code: choose the ruleset, one change (a card's armies or start, a rule option, or
the position set up in the lesson builder's editor), the bots, the players and the
number of games, and press *Run*. A progress bar follows the games; *Stop* ends the
run at once and keeps the games already finished. The result shows each seat's win
rate and mean points with their 95% intervals beside the unchanged game's, the
change with its interval (:func:`hotw.simulation.compare_frames`: Wilson and
Newcombe for win rates), and the distribution of final points.

What a card change means comes from the ruleset's
:class:`~hotw.ui.positionspec.PositionSpec`; the rule options are the ruleset's
declared options.
"""

from __future__ import annotations

import asyncio
import functools
import html
import math
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from hotw.errors import HotwError, RulesetError, SimulationInterrupted
from hotw.i18n import Domain, check_language, num, preferred_language, render, speaking
from hotw.i18n import percent as share
from hotw.rulesets import get_ruleset, names
from hotw.ui.access import SHOWN
from hotw.ui.positionspec import OPTION, default_ruleset, position_spec
from hotw.ui.view import seat_colour

_ = Domain("hotw")
t = _.text

__all__ = ["CHANGES", "WhatIfPanel", "results_html"]

#: The kinds of change, as the panel lists them (in English; :func:`changes` in the active language).
CHANGES = (("A card's armies", "card:armies"), ("A card's start", "card:start"), ("A rule option", "rule"),
           ("Start from the editor's position", "position"))


def changes() -> tuple[tuple[str, str], ...]:
    """The kinds of change, labelled in the active language."""
    words = {"card:armies": t("A card's armies"), "card:start": t("A card's start"), "rule": t("A rule option"),
             "position": t("Start from the editor's position")}
    return tuple((words[kind], kind) for _label, kind in CHANGES)


def _said(exc: BaseException) -> str:
    return html.escape(render(exc.args[0]) if exc.args and isinstance(exc.args[0], str) else str(exc))
#: Options the panel does not offer as "a rule option" (they are the other kinds of change).
_NOT_RULES = {OPTION, "content_changes"}

CSS = """<style>
.hotw-whatif :focus-visible, .hotw-whatif button:focus, .hotw-whatif select:focus,
.hotw-whatif input:focus { outline: 3px solid #000 !important; outline-offset: 2px; }
.hotw-whatif-table { border-collapse: collapse; } .hotw-whatif-table td, .hotw-whatif-table th {
  padding: 2px 8px; border-bottom: 1px solid #ddd; text-align: right; }
.hotw-whatif-table th:first-child, .hotw-whatif-table td:first-child { text-align: left; }
.hotw-whatif-up { color: #006b3c; font-weight: bold; } .hotw-whatif-down { color: #a3001b; font-weight: bold; }
</style>"""


def _bots(ruleset: str) -> list[str]:
    """The bots that play ``ruleset`` (the generic ones and those of its ``bots_module``), by name."""
    from hotw.bots import bot_names

    return [b for b in bot_names(ruleset) if b != "heuristic"]


def _spec(ruleset: str) -> Any:
    """The ruleset's position format, or None if it has no lesson builder yet."""
    try:
        return position_spec(ruleset)
    except RulesetError:
        return None


def _interval(value: float, low: float, high: float, percent: bool) -> str:
    if value != value:  # NaN: no games
        return "–"
    if percent:
        return f"{share(value).render()} <small>[{share(low).render()}, {share(high).render()}]</small>"
    return f"{num(value, 1).render()} <small>[{num(low, 1).render()}, {num(high, 1).render()}]</small>"


def _change(value: float, low: float, high: float, percent: bool) -> str:
    if value != value:
        return "–"
    sign = "hotw-whatif-up" if low > 0 else "hotw-whatif-down" if high < 0 else ""
    def signed(v: float) -> str:
        said = share(v).render() if percent else num(v, 1).render()
        return said if said.startswith(("-", "−")) else "+" + said

    text = f"{signed(value)} <small>[{signed(low)}, {signed(high)}]</small>"
    return f'<span class="{sign}">{text}</span>' if sign else text


def _histogram(points_a: list[int], points_b: list[int], colour: str) -> str:
    """An SVG histogram of final points: the unchanged game in grey, the changed one in the seat's colour."""
    values = points_a + points_b
    if not values:
        return ""
    lo, hi = min(values), max(values)
    bins = 12
    width = max((hi - lo + 1) / bins, 1.0)

    def counts(points: list[int]) -> list[int]:
        out = [0] * bins
        for p in points:
            out[min(int((p - lo) / width), bins - 1)] += 1
        return out

    ca, cb = counts(points_a), counts(points_b)
    top = max(ca + cb) or 1
    bars = []
    for i, (a, b) in enumerate(zip(ca, cb)):
        x = 4 + i * 20
        bars.append(f'<rect x="{x}" y="{50 - 46 * a / top:.1f}" width="8" height="{46 * a / top:.1f}" fill="#999"/>')
        bars.append(f'<rect x="{x + 9}" y="{50 - 46 * b / top:.1f}" width="8" height="{46 * b / top:.1f}" '
                    f'fill="{colour}"/>')
    label = f'<text x="2" y="62" font-size="9">{lo}</text><text x="{bins * 20 - 20}" y="62" font-size="9">{hi}</text>'
    said = html.escape(t("final points from {low} to {high}", low=lo, high=hi))
    return (f'<svg class="hotw-whatif-hist" width="{bins * 20 + 8}" height="64" role="img" '
            f'aria-label="{said}">{"".join(bars)}{label}</svg>')


def results_html(table: Any, frame_a: Any, frame_b: Any, label_a: str, label_b: str) -> str:
    """The comparison as HTML: a row per seat with win rate and mean points (A, B, change) and a histogram."""
    rows = []
    for group in dict.fromkeys(table["group"]):
        part = table[table["group"] == group].set_index("measure")
        win, mean = part.loc["win rate"], part.loc["mean points"]
        seat = int(str(group).split()[-1]) - 1
        pa = [int(v) for v in frame_a[frame_a["seat"] == seat]["points"]]
        pb = [int(v) for v in frame_b[frame_b["seat"] == seat]["points"]]
        name = html.escape(t("seat {number}", number=seat + 1))
        rows.append(
            f'<tr data-seat="{seat}"><td>{name}</td>'
            f'<td>{_interval(win["a"], win["a_low"], win["a_high"], True)}</td>'
            f'<td>{_interval(win["b"], win["b_low"], win["b_high"], True)}</td>'
            f'<td>{_change(win["change"], win["change_low"], win["change_high"], True)}</td>'
            f'<td>{_interval(mean["a"], mean["a_low"], mean["a_high"], False)}</td>'
            f'<td>{_interval(mean["b"], mean["b_low"], mean["b_high"], False)}</td>'
            f'<td>{_change(mean["change"], mean["change_low"], mean["change_high"], False)}</td>'
            f"<td>{_histogram(pa, pb, seat_colour(seat))}</td></tr>")
    a, b = html.escape(label_a), html.escape(label_b)
    games = int(table["n_a"].max()) if len(table) else 0
    intro = t("{games} games each, on the same seeds: <b>A</b> = {a}, <b>B</b> = {b}. Brackets are 95% intervals; "
              "a change in colour is one the games show clearly.", games=games, a=a, b=b)
    heads = (t("seat"), t("wins A"), t("wins B"), t("change"), t("points A"), t("points B"), t("change"),
             t("final points (grey A, colour B)"))
    head = "".join(f"<th>{h}</th>" for h in heads)
    return (f"<div class='hotw-whatif-result'><p>{intro}</p><table class='hotw-whatif-table'><tr>{head}</tr>"
            f"{''.join(rows)}</table></div>")


class WhatIfPanel(w.VBox):
    """Run a what-if with no code: one change against the unchanged game, bots on both, the same seeds."""

    #: the progress bar moves at most this often (seconds): each move is a message to the page
    PROGRESS_EVERY = 0.1

    def __init__(self, ruleset: str | None = None, editor: Any = None, games: int = 60, players: int = 3,
                 bots: str = "heuristic:easy", workers: int = 1, lang: str | None = None) -> None:
        super().__init__()
        #: the language of the panel's words ('en', 'ja', 'es'; by default the reader's)
        self.lang = check_language(lang) if lang else preferred_language()
        with speaking(self.lang):
            self._build(ruleset, editor, games, players, bots, workers)

    def _build(self, ruleset: str | None, editor: Any, games: int, players: int, bots: str, workers: int) -> None:
        self.add_class("hotw-whatif")
        self.editor = editor
        self.workers = workers
        self.errors: list[str] = []
        self.last: dict[str, Any] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ruleset = w.Dropdown(options=names(), value=ruleset or default_ruleset(), description=t("Ruleset"))
        self.ruleset.add_class("hotw-whatif-ruleset")
        self.change = w.Dropdown(options=changes(), value="card:armies", description=t("Change"),
                                 layout=w.Layout(width="360px")).add_class("hotw-whatif-change")
        self.card = w.Dropdown(description=t("Card"), layout=w.Layout(width="320px")).add_class("hotw-whatif-card")
        self.count = w.IntSlider(description=t("to"), min=1, max=60).add_class("hotw-whatif-count")
        self.land = w.Dropdown(description=t("to"), layout=w.Layout(width="300px")).add_class("hotw-whatif-land")
        self.rule = w.Dropdown(description=t("Option"), layout=w.Layout(width="320px")).add_class("hotw-whatif-rule")
        self.rule_value = w.Dropdown(description=t("to"), layout=w.Layout(width="220px")).add_class("hotw-whatif-value")
        self.both = w.Checkbox(value=False, description=t("both games start from the editor's position"),
                               indent=False, layout=w.Layout(width="auto")).add_class("hotw-whatif-both")
        rs = get_ruleset(self.ruleset.value)
        self.bots = w.Dropdown(options=_bots(rs.name), value=bots, description=t("Bots")).add_class("hotw-whatif-bots")
        self.players = w.Dropdown(options=list(range(rs.min_players, rs.max_players + 1)), description=t("Players"),
                                  value=min(max(players, rs.min_players), rs.max_players),
                                  layout=w.Layout(width="160px")).add_class("hotw-whatif-players")
        self.games = w.IntSlider(value=games, min=10, max=1000, step=10, description=t("Games")).add_class(
            "hotw-whatif-games")
        self.run_button = w.Button(description=t("Run"), button_style="primary", tooltip=t("Play both games with bots"))
        self.run_button.add_class("hotw-whatif-run")
        self.stop_button = w.Button(description=t("Stop"), disabled=True, tooltip=t("Stop now; keep the finished games"))
        self.stop_button.add_class("hotw-whatif-stop")
        self.progress = w.IntProgress(value=0, min=0, max=1, description=t("Games")).add_class("hotw-whatif-progress")
        self.status = w.HTML().add_class("hotw-whatif-status")
        self.result = w.HTML().add_class("hotw-whatif-output")
        self.run_button.on_click(self._guarded(lambda _b: self.run()))
        self.stop_button.on_click(self._guarded(lambda _b: self.stop()))
        for widget in (self.ruleset, self.change, self.card, self.rule):
            widget.observe(self._guarded(lambda _c: self._fill()), names="value")
        self._details = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.children = [
            w.HTML(CSS + "<div class='hotw-section'>" + t("What if ...?") + "</div>"),
            w.HBox([self.ruleset, self.change], layout=w.Layout(flex_flow="row wrap")), self._details, self.both,
            w.HBox([self.bots, self.players, self.games], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.run_button, self.stop_button, self.progress]), self.status, self.result,
        ]
        self._fill()

    def _guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                with speaking(self.lang):  # a widget's callback runs outside any block that chose a language
                    return fn(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the user
                self.errors.append("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
                self.status.value = f"<div class='hotw-error'>{_said(exc)}</div>"
                return None

        return call

    # -- the change ------------------------------------------------------------------------------
    def _fill(self) -> None:
        """Show the fields of the chosen change, with the printed values."""
        if getattr(self, "_filling", False):
            return  # setting a list's options below calls back here
        self._filling = True
        try:
            self._fill_fields()
        finally:
            self._filling = False

    def _fill_fields(self) -> None:
        spec = _spec(self.ruleset.value)
        if getattr(self, "_filled_for", None) != self.ruleset.value:  # another ruleset: its own cards, options, bots
            self._filled_for = self.ruleset.value
            self.card.options, self.land.options, self.rule.options = [], [], []
            self._fill_ruleset(spec)
        kind = self.change.value
        if kind.startswith("card:"):
            field = next((f for f in spec.card_fields if f.key == kind[5:]), None)
            if field is None:
                self._details.children = [w.HTML(t("{ruleset} offers no such card change.",
                                                   ruleset=html.escape(self.ruleset.value)))]
                return
            if not self.card.options:
                self.card.options = spec.cards()
                self.card.value = self.card.options[0][1]
            printed = spec.card_value(self.card.value, field.key)
            if field.kind == "count":
                self.count.min, self.count.max = field.low, field.high
                self.count.value = printed
                self._details.children = [self.card, self.count, w.HTML(t("(printed: {value})", value=printed))]
            else:
                board = spec.board()
                if not self.land.options:
                    self.land.options = sorted(((board.spaces[t].name, t) for t in board.lands()))
                self.land.value = printed
                self._details.children = [self.card, self.land, w.HTML(t("(printed: {value})",
                                                                               value=render(board.spaces[printed].name)))]
        elif kind == "rule":
            options = [o for o in get_ruleset(self.ruleset.value).options
                       if o.name not in _NOT_RULES and (o.choices or isinstance(o.default, int))]
            if not self.rule.options:
                self.rule.options = [(o.name.replace("_", " "), o.name) for o in options]
                self.rule.value = options[0].name
            opt = next(o for o in options if o.name == self.rule.value)
            values = list(opt.choices) if opt.choices else list(range(opt.low or 0, min(opt.high or 20, 60) + 1))
            self.rule_value.options = values
            self.rule_value.value = opt.default
            self._details.children = [self.rule, self.rule_value, w.HTML(f"<small>{html.escape(render(opt.doc))}</small>")]
        else:
            self._details.children = [w.HTML(t("A = the game from its usual start; B = the game from the position "
                                               "set up in the editor.") if self.editor is not None else
                                             t("Give the panel an editor: WhatIfPanel(editor=PositionEditor())."))]

    def _fill_ruleset(self, spec: Any) -> None:
        """The changes, bots and table sizes the chosen ruleset offers."""
        rs = get_ruleset(self.ruleset.value)
        fields = {f.key for f in spec.card_fields} if spec is not None else set()
        mine = spec is not None and (self.editor is None or self.editor.spec.ruleset == rs.name)
        can = [(label, kind) for label, kind in changes() if (kind[5:] in fields if kind.startswith("card:") else
                                                            kind == "rule" or mine)]
        self.both.layout.display = SHOWN if mine and self.editor is not None else "none"
        self.change.options = can
        self.change.value = self.change.value if self.change.value in {k for _, k in can} else can[0][1]
        bots = _bots(rs.name)
        self.bots.options = bots
        self.bots.value = self.bots.value if self.bots.value in bots else bots[0]
        seats = list(range(rs.min_players, rs.max_players + 1))
        self.players.options = seats
        self.players.value = self.players.value if self.players.value in seats else seats[0]

    def scenarios(self) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]:
        """(scenario A, scenario B, the start position of both or None), from the fields."""
        spec = position_spec(self.ruleset.value)
        kind = self.change.value
        base: dict[str, Any] = {"name": t("unchanged"), "ruleset": self.ruleset.value}
        same = self.editor is not None and self.editor.spec.ruleset == self.ruleset.value
        start = self.editor.position if same and self.both.value else None
        if kind.startswith("card:"):
            value = self.count.value if kind == "card:armies" else self.land.value
            label = dict((v, k) for k, v in self.card.options)[self.card.value]
            changed = {**base, "name": f"{label}: {kind[5:]} {value}", **spec.card_change(self.card.value, kind[5:],
                                                                                        value)}
        elif kind == "rule":
            changed = {**base, "name": f"{self.rule.value} {self.rule_value.value}",
                       "rules": {self.rule.value: self.rule_value.value}}
        else:
            if not same:
                raise ValueError(t("no editor of this ruleset: give the panel one to start from its position"))
            changed = {**base, "name": t("from the editor's position"), "rules": {OPTION: self.editor.position}}
            start = None
        return base, changed, start

    # -- running -----------------------------------------------------------------------------------
    def run(self, wait: bool | None = None) -> None:
        """Play both games; in a notebook in the background (Stop works), else at once (``wait=True``)."""
        if self._thread is not None and self._thread.is_alive():
            return
        a, b, start = self.scenarios()
        n = len(self.editor.players) if start is not None or self.change.value == "position" else self.players.value
        self._stop.clear()
        self.progress.max, self.progress.value = 2 * self.games.value, 0
        self.run_button.disabled, self.stop_button.disabled = True, False
        self.status.value = t("Playing ...")
        job = functools.partial(self._play, a, b, start, n)
        if wait is None:
            try:
                asyncio.get_running_loop()
                wait = False
            except RuntimeError:
                wait = True
        if wait:
            job()
        else:
            self._thread = threading.Thread(target=job, name="hotw-whatif", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop the run at once; the finished games are kept and compared."""
        self._stop.set()

    def _play(self, a: dict[str, Any], b: dict[str, Any], start: Any, n: int) -> None:
        with speaking(self.lang):  # a thread of its own starts with no language chosen
            self._play_both(a, b, start, n)

    def _play_both(self, a: dict[str, Any], b: dict[str, Any], start: Any, n: int) -> None:
        from hotw.simulation import compare_frames, run_games

        frames, stopped = [], False
        common = dict(players=n, bots=self.bots.value, games=self.games.value, seed=1, workers=self.workers,
                      progress=False, start=start)
        try:
            # when the bar last moved (never yet: the first game shows at once, however long the machine has been
            # up, which is what time.monotonic() counts): it moves at most every PROGRESS_EVERY seconds
            shown = [-math.inf]
            for i, scenario in enumerate((a, b)):
                def on_game(done: int, offset: int = i * self.games.value) -> None:
                    now = time.monotonic()
                    if now - shown[0] >= self.PROGRESS_EVERY or done == self.games.value:
                        self.progress.value, shown[0] = offset + done, now
                    if self._stop.is_set():
                        raise KeyboardInterrupt

                try:
                    frames.append(run_games(scenario=scenario, on_game=on_game, **common).frame())  # type: ignore[arg-type]
                except SimulationInterrupted as stop:
                    frames.append(stop.run.frame())
                    self.progress.value = i * self.games.value + stop.run.games
                    stopped = True
                    break
            if len(frames) < 2 or frames[1].empty:
                self.status.value = t("Stopped before the changed game was played: nothing to compare yet.")
                return
            fa, fb = frames
            both = sorted(set(fa["game"]) & set(fb["game"]))  # the same seeds on both sides
            fa, fb = fa[fa["game"].isin(both)], fb[fb["game"].isin(both)]
            table = compare_frames(fa, fb, "seat")
            self.last = {"a": fa, "b": fb, "table": table, "stopped": stopped}
            self.result.value = results_html(table, fa, fb, a["name"], b["name"])
            self.status.value = (t("Stopped: compared the {n} games finished on both sides.", n=len(both)) if stopped
                                 else t("Done: {n} games each.", n=len(both)))
        except HotwError as exc:
            self.status.value = f"<div class='hotw-error'>{_said(exc)}</div>"
        except Exception as exc:  # noqa: BLE001 - shown to the user
            self.errors.append("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
            self.status.value = f"<div class='hotw-error'>{_said(exc)}</div>"
        finally:
            self.run_button.disabled, self.stop_button.disabled = False, True
