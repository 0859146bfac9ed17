"""A hero's life on the map, for the history classroom: the places of a life and its deeds, next to the card.

:class:`HeroLife` shows a *Heroes of the World* hero on the game's world board: the
areas of influence the card gives (coloured), and the places of the real life
(numbered markers, in time order, joined by a line), each with its date, a one-line
note and its sources (``hotw/data/heroes/lives.json``, :mod:`hotw.rulesets.heroes.lives`).
The HTML is made by plain functions of their inputs (:func:`life_html`,
:func:`life_places`), so tests read it without a browser. The Heroes walkthrough's
demos (:mod:`hotw.rulesets.heroes.walkthrough`) are shown by :func:`show_heroes_demo`.

>>> from hotw.ui import lesson  # doctest: +SKIP
>>> lesson.HeroLife("charlemagne")  # doctest: +SKIP
"""

from __future__ import annotations

import html
import math
from typing import Any

import ipyleaflet
import ipywidgets as w

import hotw
from hotw.i18n import Domain, joined, render
from hotw.rulesets.heroes.lives import Life, load_lives
from hotw.ui.lessonmap import LESSON_CSS, LessonMap

__all__ = ["HeroLife", "INFLUENCE_FILL", "LIFE_CSS", "heroes_demo_html", "heroes_demo_view", "life_bounds", "life_html",
           "life_places", "show_heroes_demo"]

esc = html.escape
_ = Domain("heroes")
t, tn = _.text, _.text_plural

#: The card's areas of influence on the map, and the line and pins of the life (Okabe-Ito colours).
INFLUENCE_FILL, PATH_COLOUR, PIN_COLOUR = "#E69F00", "#0072B2", "#D55E00"

LIFE_CSS = """
<style>
.hotw-life-pin { width: 20px; height: 20px; border-radius: 50%; background: #D55E00; color: #fff;
  border: 2px solid #fff; box-shadow: 0 0 2px #000; font: bold 12px/20px "DejaVu Sans", sans-serif;
  text-align: center; }
.hotw-life ol { margin: 4px 0; padding-left: 1.6em; }
.hotw-life li { margin: 3px 0; }
.hotw-life .hotw-life-when { color: #555; }
.hotw-life .hotw-sources { color: #555; }
</style>
"""


def _sources(refs: Any) -> str:
    parts = []
    for ref in refs:
        bits = ([esc(ref.author)] if ref.author else []) + [f"<i>{esc(ref.title)}</i>"]
        parts.append(", ".join(bits + ([f"“{esc(ref.entry)}”"] if ref.entry else [])))
    head = t("Sources:")
    return f"<small class='hotw-sources'><b>{head}</b> {'; '.join(parts)}.</small>"


def life_places(hero: str) -> str:
    """The places of a hero's life in time order, one line each: ``1. Pavia (774)``."""
    life = load_lives()[hero]
    return "\n".join(t("{k}. {place} ({when})", k=i, place=p.name, when=p.when) for i, p in enumerate(life.places, 1))


def life_html(game: Any, hero: str, life: Life) -> str:
    """The card (values, areas of influence) and the life (note, numbered places, sources) as HTML."""
    card = game.content.heroes[hero]
    areas = esc(render(joined(game.board.spaces[a].name for a in card.areas)))
    era = t("antiquity") if card.era == "antiquity" else t("the modern age")
    values = t("population {population} · progress {progress} · conquest {conquest} · treasure {treasure}",
               population=card.population, progress=card.progress, conquest=card.conquest, treasure=card.treasure)
    data = (t("from the rulebook's examples") if card.provenance == "documented"
            else t("written for this project (authored), not the printed card"))
    alignment = {"conqueror": t("a conqueror"), "discoverer": t("a discoverer"), "mixed": t("a mixed hero")}
    out = [f"<div class='hotw-life hotw-card' data-hero='{esc(hero)}' data-places='{len(life.places)}'>",
           f"<b style='font-size:1.2em'>{esc(render(card.name))}</b> · {esc(render(card.title))} · "
           f"{esc(render(card.dates))}<br>",
           t("<b>On the card</b> ({era}): {values}; {alignment}.", era=era, values=values,
             alignment=esc(alignment.get(card.alignment, card.alignment)))
           + f" <span class='hotw-key' style='background:{INFLUENCE_FILL}'></span>"
           + t("Areas of influence: {areas}.", areas=areas) + "<br>",
           "<small>" + t("Card values: {data}.", data=data) + "</small>",
           f"<p><i>{esc(render(life.note))}</i><br>{_sources(life.sources)}</p>",
           t("<b>The places of the life</b> (the numbers on the map):") + "<ol>"]
    for p in life.places:
        out.append(f"<li data-year='{p.year}'><b>{esc(render(p.name))}</b> <span class='hotw-life-when'>"
                   f"({esc(render(p.when))})</span>: {esc(render(p.note))}<br>{_sources(p.sources)}</li>")
    out.append("</ol><small>" + t("Places, dates and notes: written for this project from the sources named "
                                  "(authored). Where historians disagree, the note says so.") + "</small></div>")
    return "".join(out)


def life_bounds(life: Life, size: tuple[int, int] = (430, 420)) -> tuple[tuple[float, float], float]:
    """(centre as (lat, lon), zoom) of a map of ``size`` pixels showing every place of the life."""
    lats = [p.lat for p in life.places]
    lons = [p.lon for p in life.places]
    span_lon = max(lons) - min(lons) + 24
    span_lat = max(lats) - min(lats) + 16
    zoom = min(math.log2(size[0] * 360 / (256 * span_lon)), math.log2(size[1] * 170 / (256 * span_lat)))
    zoom = max(1.0, min(5.0, math.floor(zoom * 4) / 4))
    return ((max(lats) + min(lats)) / 2, (max(lons) + min(lons)) / 2), zoom


class HeroLife(w.VBox):
    """Choose a hero: the card's areas of influence and the places of the real life, on the world board."""

    def __init__(self, hero: str = "charlemagne", game: Any = None) -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-lesson")
        self.add_class("hotw-hero-life")
        self.game = game if game is not None else hotw.new_game("heroes", ["A", "B", "C"], 1)
        self.lives = load_lives()
        heroes = self.game.content.heroes
        order = sorted(self.lives, key=lambda h: self.lives[h].places[0].year)
        options = [(t("{hero} ({dates})", hero=heroes[h].name, dates=heroes[h].dates), h) for h in order]
        self.pick = w.Dropdown(options=options, value=hero, description=t("Hero"),
                               layout=w.Layout(width="420px")).add_class("hotw-hero-pick")
        self.map = LessonMap(self.game, small=False, pieces=False, labels=False, height="420px")
        self.path = ipyleaflet.Polyline(locations=[], color=PATH_COLOUR, weight=2, opacity=0.8, fill=False,
                                        dash_array="6 4", name="life")
        self.pins = ipyleaflet.LayerGroup(name="places")
        self.map.map.add(self.path)
        self.map.map.add(self.pins)
        self.card = w.HTML().add_class("hotw-life-card")
        self.pick.observe(lambda _c: self.show(), names="value")
        self.map.layout.width = "55%"
        self.card.layout = w.Layout(width="45%", padding="0 0 0 10px", max_height="560px", overflow="auto")
        self.children = [w.HTML(LESSON_CSS + LIFE_CSS), self.pick,
                         w.HBox([self.map, self.card], layout=w.Layout(align_items="flex-start"))]
        self.show()

    @property
    def hero(self) -> str:
        """The hero shown now."""
        return str(self.pick.value)

    def show(self) -> None:
        """Draw the chosen hero: areas of influence, numbered places, the path between them, the card."""
        life = self.lives[self.hero]
        card = self.game.content.heroes[self.hero]
        center, zoom = life_bounds(life)
        self.map.show(fills={a: INFLUENCE_FILL for a in card.areas}, center=center, zoom=zoom)
        self.path.locations = [[p.lat, p.lon] for p in life.places]
        old = list(self.pins.layers)
        pins = []
        for i, p in enumerate(life.places, 1):
            icon = ipyleaflet.DivIcon(html=f"<div class='hotw-life-pin' title='{esc(render(p.name))}'>{i}</div>",
                                      icon_size=[24, 24], icon_anchor=[12, 12])
            pins.append(ipyleaflet.Marker(location=(p.lat, p.lon), icon=icon, draggable=False, keyboard=False,
                                          title=t("{k}. {place} ({when})", k=i, place=p.name, when=p.when),
                                          name=t("place {k}", k=i)))
        self.pins.layers = tuple(pins)
        for layer in old:
            layer.close()
        self.card.value = life_html(self.game, self.hero, life)


# -- the Heroes walkthrough ------------------------------------------------------------------------


def heroes_demo_html(demo: Any) -> tuple[str, str]:
    """(the rule, what happened and its outcome) of a Heroes walkthrough demo, as HTML."""
    title = t("{title}.", title=esc(render(demo.title)))
    rule = f"<div class='hotw-lesson-rule'><b>{title}</b> {esc(render(demo.rule))}</div>"
    items = "".join(f"<li>{esc(render(line))}</li>" for line in demo.happened)
    happened, result = t("What happened"), t("Result:")
    after = (f"<div class='hotw-section'>{happened}</div><ul class='hotw-lesson-happened'>{items}</ul>"
             f"<div class='hotw-demo-result'><b>{result}</b> {esc(render(demo.result))}</div>")
    return rule, after


def heroes_demo_view(demo: Any) -> w.VBox:
    """A demo as a widget: the rule, the board it was played on (its areas outlined), what happened."""
    rule, after = heroes_demo_html(demo)
    parts: list[Any] = [w.HTML(LESSON_CSS + rule)]
    if demo.focus:
        board = LessonMap(demo.game, demo.focus, small=False, labels=True, height="320px")
        points = [demo.game.board.spaces[a].label for a in demo.focus]  # (lon, lat) of each area's label
        board.show(center=(sum(p[1] for p in points) / len(points), sum(p[0] for p in points) / len(points)))
        parts.append(board)
    parts.append(w.HTML(after))
    box = w.VBox(parts)
    for cls in ("hotw-app", "hotw-lesson", "hotw-demo", "hotw-heroes-demo"):
        box.add_class(cls)
    return box


def show_heroes_demo(name: str) -> w.VBox:
    """The Heroes walkthrough demo called ``name`` (see ``hotw.rulesets.heroes.walkthrough.DEMOS``), shown."""
    from hotw.rulesets.heroes.walkthrough import DEMOS

    if name not in DEMOS:
        raise ValueError(t("there is no Heroes demo called {name}; demos: {demos}", name=repr(name),
                           demos=", ".join(DEMOS)))
    return heroes_demo_view(DEMOS[name]())
