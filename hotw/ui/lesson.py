"""Lesson widgets for the classroom notebooks: small read-only maps, the epoch timeline,
an empire explorer, a battle-odds explorer and the comparison of a game with a real empire.

Everything here only shows games: the rules come from the engine (``hotw.tutorial``
demos, ``hotw.battle_odds``); the map styles, markers, hover text, battles and
breakdowns from the game's ruleset view (``hotw.ui.rulesetview.view_of``), which
also names the board file whose geometry is drawn. The HTML of each panel is made
by a plain function of its inputs, so tests read it without a browser.

The lessons teach the 2018 game itself: the walkthrough demos and the empire cards
are that edition's; the battle-odds explorer and the what-if plots are in
:mod:`hotw.ui.lessonodds`, the small maps in :mod:`hotw.ui.lessonmap`, a Heroes of the World hero's
life on the map in :mod:`hotw.ui.lessonheroes`.

>>> from hotw.ui import lesson  # doctest: +SKIP
>>> lesson.show_demo("battle_win")  # doctest: +SKIP
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import ipywidgets as w

import hotw
from hotw.board import Board
from hotw.i18n import Domain, joined, percent, render
from hotw.demo import Demo
from hotw.history import (EPOCH_BANDS, Extent, Overlap, held_after_turn, held_lands, load_extents,
                          overlap, timeline)
from hotw.tutorial_more import deal
from hotw.ui import view
from hotw.ui.app import GameView
from hotw.ui.rulesetview import view_of
from hotw.ui.lessonmap import (  # noqa: F401  (the notebooks find the map here too)
    ALL_DEMOS,
    BOTH,
    EXTENT_FILL,
    FILL_PATTERNS,
    LESSON_CSS,
    ONLY_GAME,
    ONLY_HISTORY,
    ROMAN,
    START_FILL,
    LessonMap,
)
from hotw.ui.lessonheroes import (  # noqa: F401  (a Heroes hero's life on the map; the Heroes walkthrough)
    HeroLife,
    heroes_demo_view,
    life_html,
    life_places,
    show_heroes_demo,
)
from hotw.ui.lessonodds import (  # noqa: F401  (the what-if notebook's helpers, found here by the notebooks)
    LAB,
    OddsExplorer,
    compare_runs,
    compare_table,
    demo_points,
    demo_score,
    epoch_names,
    extent_names,
    lab_text,
    leader_wins,
    odds_html,
    odds_text,
    plot_effects,
    plot_points,
    plot_win_rate,
    siege_text,
)

__all__ = [
    "ALL_DEMOS", "EmpireExplorer", "HeroLife", "HistoryComparison", "LessonMap", "OddsExplorer", "classroom_game",
    "LAB", "comparison_html", "compare_runs", "compare_table", "demo_html", "demo_points", "demo_score", "demo_view",
    "epoch_names", "extent_names", "heroes_demo_view", "lab_text", "leader_wins", "life_html", "life_places",
    "odds_html", "odds_text", "plot_effects", "plot_points", "plot_win_rate", "show_demo", "show_heroes_demo",
    "siege_text", "sources_html",
    "timeline_html", "timeline_view",
]

esc = view.esc  # in the active language, escaped for HTML
_ = Domain("lessons")
t, tn = _.text, _.text_plural


def _era(year: int) -> str:
    """A year as students of the active language write it: 450 BC, AD 117 (紀元前450年, 450 a. C.)."""
    return t("{year} BC", year=-year) if year < 0 else t("AD {year}", year=year)

# -- the rules walkthrough --------------------------------------------------------------------------


_SEAT = re.compile(r" ?[(（](?:P|Player )(\d)[)）]")  # "(P0)", or "（P0）" in Japanese


def _who(text: Any, game: Any) -> str:
    """``text`` in the active language, escaped, a seat written '(P0)' shown as its coloured symbol, as on the map."""
    if game is None:
        return esc(text)
    return _SEAT.sub(lambda m: " " + view.seat_badge(game, int(m.group(1)), name=False), esc(text))



def happened_html(lines: Iterable[str], game: Any = None, battles: Mapping[int, Any] | None = None) -> str:
    """The demo's log lines for students: 'Epoch I, ' dropped, seats as symbols, battles with their dice drawn.

    ``battles`` maps the index of a line reporting a battle to the engine's record of
    it, which the game's view draws (dice faces, result) in place of the line.
    """
    game_view = view_of(game) if game is not None else None
    items = []
    for i, line in enumerate(lines):
        record = battles.get(i) if battles else None
        drawn = game_view.battle_html(record) if game_view is not None and record is not None else ""
        if drawn:
            items.append(f"<li class='hotw-lesson-battle' data-result='{record.result}'>{drawn}</li>")
        else:
            items.append(f"<li>{_who(view.without_epoch(line), game)}</li>")
    return f"<ul class='hotw-lesson-happened'>{''.join(items)}</ul>"


def demo_html(demo: Demo) -> tuple[str, str]:
    """(the rule, what happened and the score) of a demo, as HTML."""
    rule = t("{title}.", title=render(demo.title))
    rule = f"<div class='hotw-lesson-rule'><b>{esc(rule)}</b> {esc(demo.explanation)}</div>"
    after = (f"<div class='hotw-section'>{esc(t('What happened'))}</div>"
             + happened_html(demo.happened, demo.game, demo.battles))
    game_view = view_of(demo.game)
    scored = getattr(demo, "scored", None)  # a demo may say it ends with a score; else its log says so
    if scored is None:  # a turn's score, not a marauder's point (that is no turn's table)
        scored = any(re.search(r" gain \d+ points?$", line) for line in demo.happened)
    if game_view.scored_turns() and scored:
        after += re.sub(r"(</span>) P\d\)", r"\1)", game_view.breakdown())  # seat symbol only
    return rule, after


def demo_view(demo: Demo) -> w.VBox:
    """A demo as a widget: the rule, the small board it was played on, the dice and the score."""
    rule, after = demo_html(demo)
    box = w.VBox([w.HTML(rule), LessonMap(demo.game, demo.focus), w.HTML(after)])
    box.add_class("hotw-app")
    box.add_class("hotw-lesson")
    box.add_class("hotw-demo")
    return box


def show_demo(name: str) -> w.VBox:
    """The walkthrough demo called ``name`` (see ``ALL_DEMOS``), played and shown."""
    if name not in ALL_DEMOS:
        raise ValueError(t("there is no demo called {name}; demos: {demos}", name=repr(name),
                           demos=", ".join(ALL_DEMOS)))
    return demo_view(ALL_DEMOS[name]())


# -- the timeline --------------------------------------------------------------------------------


def timeline_html(content: Any) -> str:
    """The five epochs, each with its date band and its eight empires in date order, as HTML bars."""
    out = ["<div class='hotw-lesson hotw-timeline'>"]
    now = 2025  # where "present" ends a bar
    for epoch, entries in timeline(content).items():
        band = EPOCH_BANDS[epoch]
        lo = min([band[0]] + [e.start for e in entries])
        hi = max([band[1]] + [e.end if e.end is not None else now for e in entries])
        span = hi - lo or 1

        def pos(year: int) -> float:
            return round(100 * (year - lo) / span, 2)

        heading = t("Epoch {epoch}: {start} – {end}", epoch=ROMAN[epoch], start=_era(band[0]), end=_era(band[1]))
        out.append(f"<div class='hotw-tl-epoch' data-epoch='{epoch}'>{esc(heading)}</div>")
        out.append(f"<div class='hotw-tl-row'><div class='hotw-tl-label'></div><div class='hotw-tl-axis' "
                   f"style='width:54%'><span>{_era(lo)}</span><span style='text-align:right'>"
                   f"{_era(hi) if hi < now else esc(t('today'))}</span></div></div>")
        for e in entries:
            end = e.end if e.end is not None else now
            leader = f" · {esc(e.leader)}" if e.leader else ""
            cls = "hotw-tl-bar" + (" hotw-tl-open" if e.end is None else "")
            out.append(
                f"<div class='hotw-tl-row' data-empire='{e.id}' title='{esc(e.note)}'>"
                f"<div class='hotw-tl-label'><b>{esc(e.name)}</b> {esc(e.dates)}{leader}</div>"
                f"<div class='hotw-tl-track'><div class='hotw-tl-band' style='left:{pos(band[0])}%;"
                f"width:{pos(band[1]) - pos(band[0])}%'></div><div class='{cls}' style='left:{pos(e.start)}%;"
                f"width:{max(pos(end) - pos(e.start), 0.8)}%'></div></div></div>"
            )
    out.append("<div class='hotw-bd-note'>" + esc(t(
        "Sand band: the epoch's dates in the game. Blue bar: the empire's own dates (from its card). A bar "
        "outside the band is an empire the game places in another age.")) + "</div>")
    out.append("</div>")
    return "".join(out)


def timeline_view(content: Any = None) -> w.HTML:
    """The timeline as a widget (the 2018 cards by default)."""
    if content is None:
        content = hotw.new_game().content
    return w.HTML(LESSON_CSS + timeline_html(content)).add_class("hotw-lesson")


# -- the empire explorer -----------------------------------------------------------------------------


def sources_html(sources: Iterable[Any]) -> str:
    """A note's references as one small line a teacher can look up: ``Sources: Author, <i>Title</i>, "entry".``"""
    refs = []
    for ref in sources:
        parts = ([esc(ref.author)] if ref.author else []) + [f"<i>{esc(ref.title)}</i>"]
        refs.append(", ".join(parts + ([f"“{esc(ref.entry)}”"] if ref.entry else [])))
    return f"<small class='hotw-sources'><b>{esc(t('Sources:'))}</b> {'; '.join(refs)}.</small>" if refs else ""


def empire_html(game: Any, card_id: str, extents: Mapping[str, Extent]) -> str:
    """One empire card for a history lesson: dates, leader, start, note, where the data comes from, real extent."""
    e = game.content.empires[card_id]
    names = lambda ids: render(joined(game.board.spaces[s].name for s in ids))  # noqa: E731
    epoch = t("Epoch {epoch} ({start} – {end}) · call order {order}", epoch=ROMAN[e.epoch],
              start=_era(EPOCH_BANDS[e.epoch][0]), end=_era(EPOCH_BANDS[e.epoch][1]), order=e.order)
    parts = [f"<div class='hotw-card hotw-empire' data-card='{esc(card_id)}'>",
             f"<b style='font-size:1.2em'>{esc(e.name)}</b> · {esc(epoch)}<br>",
             f"<b>{esc(t('Dates:'))}</b> {esc(e.dates)} · <b>{esc(t('Leader on the card:'))}</b> "
             f"{esc(e.leader) if e.leader else esc(t('none named'))}<br>",
             f"<b>{esc(t('Start'))}</b> <span class='hotw-key' style='background:{START_FILL}'></span>"
             f"{esc(names(e.start))} · {esc(tn('{n} army', '{n} armies', e.armies))}"]
    if e.fleets:
        parts.append(" · " + esc(t("fleets: {lands}", lands=names(e.fleets))))
    if e.caravans:
        parts.append(" · " + esc(t("caravans: {lands}", lands=names(e.caravans))))
    parts.append(" · " + esc(t("capitol") if e.capitol else t("marauders (no capitol)")))
    if e.ability is not None:
        parts.append(f"<br><b>{esc(e.ability.name)}:</b> {esc(e.ability.text)}")
    parts.append(f"<p><i>{esc(e.note)}</i><br>{sources_html(e.sources)}</p>")
    if e.provenance == "documented":
        authored = ", ".join(getattr(e, "authored_fields", ()) or ())
        parts.append("<small>" + esc(t("Data: from the 2018 rulebook's first page; written for this project: "
                                       "{fields}.", fields=authored or t("nothing"))) + "</small>")
    else:
        parts.append("<small>" + esc(t("Data: written for this project (authored), not the printed card."))
                     + "</small>")
    found = [x for x in extents.values() if x.empire == card_id]
    for x in found:
        real = t("The real empire: {name}, {date}", name=render(x.name), date=render(x.date))
        held = tn("({n} board land).", "({n} board lands).", len(x.lands))
        parts.append(f"<p><span class='hotw-key' style='background:{EXTENT_FILL}'></span><b>{esc(real)}</b> "
                     f"{esc(held)} {esc(x.note)}<br>{sources_html(x.sources)}</p>")
    if not found:
        parts.append("<p><small>" + esc(t("No historical map of this empire is drawn on the board yet."))
                     + "</small></p>")
    parts.append("</div>")
    return "".join(parts)


def empire_fills(game: Any, card_id: str, extents: Mapping[str, Extent]) -> dict[str, str]:
    """Map colours for one empire: its real extent (if authored), then its start territories on top."""
    fills = {land: EXTENT_FILL for x in extents.values() if x.empire == card_id for land in x.lands}
    fills.update({land: START_FILL for land in game.content.empires[card_id].start})
    return fills


class EmpireExplorer(w.VBox):
    """Choose an empire: its card, its start territory on the map and, where authored, its real extent."""

    def __init__(self, empire: str = "romans", game: Any = None) -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-lesson")
        self.game = game if game is not None else hotw.new_game()
        self.extents = load_extents()
        content = self.game.content
        options = [(t("Epoch {epoch} · {name} ({dates})", epoch=ROMAN[e.epoch], name=render(e.name),
                      dates=render(e.dates)), e.id)
                   for entries in timeline(content).values() for e in entries]
        self.pick = w.Dropdown(options=options, value=empire, description=t("Empire"),
                               layout=w.Layout(width="480px")).add_class("hotw-empire-pick")
        self.map = LessonMap(self.game, small=False, blank=True, pieces=False)
        self.card = w.HTML().add_class("hotw-empire-card")
        self.pick.observe(lambda _c: self.show(), names="value")
        self.map.layout.width = "60%"
        self.card.layout = w.Layout(width="40%", padding="0 0 0 10px")
        self.children = [self.pick, w.HBox([self.map, self.card], layout=w.Layout(align_items="flex-start"))]
        self.show()

    @property
    def empire(self) -> str:
        """The card id shown now."""
        return str(self.pick.value)

    def show(self) -> None:
        """Draw the chosen empire."""
        e = self.game.content.empires[self.empire]
        lon, lat = self.game.board.spaces[e.start[0]].label
        self.map.show(focus=e.start, fills=empire_fills(self.game, self.empire, self.extents),
                      center=(lat, lon), zoom=3)
        self.card.value = empire_html(self.game, self.empire, self.extents)


# -- comparing a game with history ---------------------------------------------------------------------


def comparison_fills(result: Overlap) -> dict[str, str]:
    """Map colours of a comparison: both, only in the game, only in history."""
    fills = {land: ONLY_HISTORY for land in result.only_history}
    fills.update({land: ONLY_GAME for land in result.only_game})
    fills.update({land: BOTH for land in result.both})
    return fills


def comparison_html(board: Board, lands: Iterable[str], extent: Extent, who: str | None = None,
                    when: str = "") -> str:
    """What a game's map shares with a real empire, in words and lists of lands.

    ``who`` names the empire compared (default: "Your empire"), ``when`` says when its lands were held
    (a phrase that follows the count, in the active language)."""
    who = t("Your empire") if who is None else who
    result = overlap(lands, extent.lands)
    names = lambda ids: esc(", ".join(sorted(render(board.spaces[s].name) for s in ids)) or t("none"))  # noqa: E731
    mine = len(result.both) + len(result.only_game)
    held = tn("{who} held {n} land{when}.", "{who} held {n} lands{when}.", mine, who=render(who), when=when)
    real = t("{empire} held {n} lands of this board in {date}.", empire=render(extent.name),
             n=len(extent.lands), date=render(extent.date))
    both = t("In both (indigo, solid) ({n}):", n=len(result.both))
    only_game = t("Only in your game (rose, striped) ({n}):", n=len(result.only_game))
    only_history = t("Only in history (sand, striped the other way) ({n}):", n=len(result.only_history))
    covered = t("You covered {covered} of the real empire; {inside} of your lands lie inside it.",
                covered=percent(float(result.share_of_history), 1), inside=percent(float(result.share_of_game), 1))
    close = t("Close calls on the real map ({n})", n=len(extent.borderline) + len(extent.outside))
    out = [f"<div class='hotw-comparison' data-both='{len(result.both)}' data-game='{mine}' "
           f"data-history='{len(extent.lands)}'>",
           f"<p>{esc(held)} {esc(real)}</p>",
           f"<p><span class='hotw-key' style='background:{BOTH}'></span><b>{esc(both)}</b> {names(result.both)}<br>"
           f"<span class='hotw-key {FILL_PATTERNS[ONLY_GAME]}' style='background:{ONLY_GAME}'></span>"
           f"<b>{esc(only_game)}</b> {names(result.only_game)}<br>"
           f"<span class='hotw-key {FILL_PATTERNS[ONLY_HISTORY]}' style='background:{ONLY_HISTORY}'></span>"
           f"<b>{esc(only_history)}</b> {names(result.only_history)}</p>",
           f"<p>{esc(covered)}</p>",
           f"<details><summary>{esc(close)}</summary><ul>"]
    for land, why in sorted(extent.borderline.items()):
        out.append(f"<li><b>{esc(board.spaces[land].name)}</b> {esc(t('(counted):'))} {esc(why)}</li>")
    for land, why in sorted(extent.outside.items()):
        out.append(f"<li><b>{esc(board.spaces[land].name)}</b> {esc(t('(not counted):'))} {esc(why)}</li>")
    out.append(f"</ul><small>{esc(extent.source)}</small><br>{sources_html(extent.sources)}</details></div>")
    return "".join(out)


class HistoryComparison(w.VBox):
    """Compare the lands an empire held in a game with a real empire, on one map; 'Compare' redraws it."""

    def __init__(self, source: Any, card: str = "romans", extent: str = "romans_117") -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-lesson")
        self.add_class("hotw-comparison-box")
        self.source = source
        self.card = card
        self.extent = load_extents()[extent]
        self.button = w.Button(description=t("Compare my map with history"), layout=w.Layout(width="auto"))
        self.button.add_class("hotw-compare")
        self.button.on_click(lambda _b: self.refresh())
        self.map = LessonMap(self.game, small=False, blank=True, pieces=False, labels=False)
        self.text = w.HTML().add_class("hotw-comparison-text")
        self.map.layout.width = "60%"
        self.text.layout = w.Layout(width="40%", padding="0 0 0 10px")
        self.children = [self.button, w.HBox([self.map, self.text], layout=w.Layout(align_items="flex-start"))]
        self.refresh()

    @property
    def game(self) -> Any:
        """The game compared (a GameView's game is read at each refresh, so it follows the play)."""
        return getattr(self.source, "game", self.source)

    def lands(self) -> tuple[frozenset[str], str]:
        """The lands to compare and when they were held, in words."""
        game = self.game
        after = held_after_turn(game, self.card)
        if after is not None:
            return after, t(" when their turn ended")
        seat = game.empire_of.index(self.card) if self.card in game.empire_of else 0
        return held_lands(game, seat), t(" so far (their turn is not over yet)")

    def refresh(self) -> None:
        """Recompute the comparison from the game as it is now."""
        game = self.game
        lands, when = self.lands()
        name = game.content.empires[self.card].name
        self.map.show(game=game, fills=comparison_fills(overlap(lands, self.extent.lands)),
                      center=(38.0, 25.0), zoom=3)
        self.text.value = comparison_html(game.board, lands, self.extent, t("Your {empire}", empire=render(name)), when)


# -- the classroom game ---------------------------------------------------------------------------------


def classroom_game(empire: str = "romans", rivals: tuple[str, ...] = ("carthaginians", "macedonians"),
                   players: tuple[str, ...] = ("Student", "Bot A", "Bot B"), bot: str = "heuristic:medium",
                   seed: int = 117, speed: str = "fast") -> GameView:
    """A game starting in ``empire``'s epoch, the first seat holding it, the others played by bots.

    The bots whose empires come first in the call order play at once, so the
    game waits for the student's first decision.
    """
    game = deal(empire, rivals, players, seed)
    game_view = GameView(game, bots={i: bot for i in range(1, len(players))}, speed=speed)
    game_view.run("humans")
    return game_view


