"""The panels of Heroes of the World in the notebook game: the turn, the conquest die, scores, valuations, the table.

Pure functions of the game returning HTML (no widget imports); :mod:`.view` puts them
in the places the app asks for.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from hotw.i18n import Domain, joined, render
from hotw.rulesets.heroes.conquest import FACE_TEXT, FACES, ConquestRecord
from hotw.rulesets.heroes.valuation import PLACE_NAMES, TIE_WORDS, Valuation, place_points
from hotw.ui.view import seat_badge, seat_ink, seat_symbol

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["CSS", "ERA_WORDS", "conquest_html", "figures_text", "hero_html", "table_html", "turn_html", "valuation_html",
           "valuations_html"]

CSS = """
.hotw-chip.hotw-progress { background: #fff; color: #333; border: 1px solid #888; min-width: 22px; }
.hotw-box { display: inline-block; border: 1px solid #999; padding: 0 3px; margin: 1px; background: #fffbe9; }
.hotw-box-empty { color: #999; }
.hotw-hero { margin: 3px 0; padding: 2px 6px; background: #fafafa; }
.hotw-die-table td, .hotw-die-table th, .hotw-valuation td, .hotw-area-table td { padding: 1px 5px; }
.hotw-face-rolled { background: #ffe28a; }
.hotw-area-row.closed { opacity: 0.5; }
"""
"""CSS of the Heroes pieces and panels (the game's view and the lesson builder's)."""

esc = html.escape
_ = Domain("heroes")
t, tn = _.text, _.text_plural

ERA_NAMES = ("", lambda: t("Antiquity"), lambda: t("Modern age"))
"""Each era's name as a heading says it (by era number), in the active language."""
ERA_WORDS = {"antiquity": lambda: t("antiquity"), "modern": lambda: t("modern")}
"""An area's or a card's era as the tables name it, in the active language."""
ALIGNMENT_WORDS = {"conqueror": lambda: t("conqueror"), "discoverer": lambda: t("discoverer"),
                   "mixed": lambda: t("mixed")}
"""A hero's background, in the active language."""
ALIGNMENT_COLOURS = {"conqueror": "#c0392b", "discoverer": "#2e6bb0", "mixed": "#2f8f4e"}


def figures_text(count: int) -> str:
    """Figures as riders (five each) and single figures: 12 -> '2 riders + 2'."""
    riders, single = divmod(count, 5)
    if not riders:
        return str(single)
    if single:
        return tn("{n} rider + {single}", "{n} riders + {single}", riders, single=single)
    return tn("{n} rider", "{n} riders", riders)


def hero_html(game: "HeroesGame", hero: str, *, short: bool = False) -> str:
    """A hero card: name, title, dates, the four values, alignment and areas of influence."""
    h = game.content.heroes[hero]
    colour = ALIGNMENT_COLOURS[h.alignment]
    areas = esc(render(joined(game.area_name(a) for a in h.areas)))
    values = ('<span class="hotw-hero-values">'
              + t("population <b>{population}</b> · progress <b>{progress}</b> · conquest <b>{conquest}</b> · "
                  "treasure <b>{treasure}</b>", population=h.population, progress=h.progress, conquest=h.conquest,
                  treasure=h.treasure) + "</span>")
    name, dates = "<b>" + esc(render(h.name)) + "</b>", esc(render(h.dates))
    head = f'<div class="hotw-hero" data-hero="{hero}" style="border-left:5px solid {colour}">'
    if short:
        return (head + t("{hero} ({dates})", hero=name, dates=dates)
                + f"<br>{values}<br><small>{areas}</small></div>")
    alignment = f"<i>{ALIGNMENT_WORDS[h.alignment]()}</i>"
    return (head + t("{hero}, {title} ({dates}), {alignment}", hero=name, title=esc(render(h.title)),
                     dates=dates, alignment=alignment) + f"<br>{values}<br>"
            + t("areas of influence: {areas}", areas=areas) + f'<br><small>{esc(render(h.note))}</small></div>')


def turn_html(game: "HeroesGame", humans: frozenset[int]) -> str:
    """The turn under way: whose, the hero played, tiles drawn, the hand of a person deciding."""
    parts = [t("<b>{era}</b>: valuation {k} of {limit}; turn of {who}", era=ERA_NAMES[max(game.era, 1)](),
               k=len(game.valued), limit=game.valuation_limit(), who=seat_badge(game, game.active))]
    if game.hero:
        parts.append(hero_html(game, game.hero))
    if game.drawn:
        parts.append(t("Tiles drawn: {tiles}", tiles=esc(render(joined(game.tile_name(x) for x in game.drawn)))))
    seat = game.decision.player
    if not game.is_over and seat >= 0 and seat in humans and game.hands[seat]:
        parts.append("<b>" + t("{who}'s hand", who=esc(game.who(seat))) + "</b>" +
                     "".join(hero_html(game, h, short=True) for h in game.hands[seat]))
    if game.display:
        parts.append("<b>" + t("Face up") + "</b>" + "".join(hero_html(game, h, short=True) for h in game.display)
                     + "<small>" + t("{n} in the deck", n=len(game.deck)) + "</small>")
    return "<br>".join(parts)


def conquest_html(game: "HeroesGame") -> str:
    """The conquest die: every face with its effect (in numbers for the hero playing), and the last conquest."""
    card = game.hero_card
    value = card.conquest if card else None
    modern = game.era >= 2
    rows = []
    last = game.last_conquest
    for face in FACES:
        name, text = FACE_TEXT[face]
        now = _face_now(face, value, modern) if value else ""
        hit = ' class="hotw-face-rolled"' if last and last.face == face and game.conquest else ""
        rows.append(f'<tr data-face="{face}"{hit}><td><b>{esc(render(name))}</b></td><td>{esc(render(text))}</td>'
                    f'<td>{esc(now)}</td></tr>')
    with_hero = t("with {hero}", hero=esc(render(card.name))) if value and card else ""
    face, effect = t("face"), t("effect")
    head = f"<tr><th>{face}</th><th>{effect}</th><th>{with_hero}</th></tr>"
    out = (t("<b>The conquest die</b> (each face 1 in 6)")
           + f"<table class='hotw-die-table'>{head}{''.join(rows)}</table>")
    if last is not None:
        out += "<div class='hotw-last-conquest'>" + conquest_line(game, last) + "</div>"
    return out


def _face_now(face: str, value: int, modern: bool) -> str:
    """What a face of the die does with this conquest value, in numbers."""
    if face == "victory":
        return tn("{n} defender figure lost", "{n} defender figures lost", value + (2 if modern else 1))
    if face == "deserters":
        return t("{n} defender figure(s) change sides", n=2 if modern else 1)
    if face == "escape":
        return tn("{n} defender figure moves away", "{n} defender figures move away", value)
    if face == "looting":
        return tn("{n} coin", "{n} coins", value)
    if face == "counterattack":
        return tn("{n} figure lost by each", "{n} figures lost by each", value)
    return tn("{n} figure lost", "{n} figures lost", value)


def conquest_line(game: "HeroesGame", rec: ConquestRecord) -> str:
    face = render(FACE_TEXT[rec.face][0]) if rec.face else t("the die is rolling")
    line = t("{who} with {hero} (conquest {value}) against {defender} in {area}: <b>{face}</b>",
             who=seat_badge(game, rec.conqueror), hero=esc(render(rec.hero)), value=rec.value,
             defender=seat_badge(game, rec.defender), area=esc(render(game.area_name(rec.area))), face=esc(face))
    if not rec.results:
        return line
    # TRANSLATORS: a conquest's line, then what its die did ("Ada loots 2 coins from Ben; ...")
    return t("{conquest}. {results}", conquest=line, results=t("; ").join(esc(render(r)) for r in rec.results))


def table_html(game: "HeroesGame") -> str:
    """Each area: era, progress boxes (tile and points), figures by seat; then the wonders."""
    rows = []
    for area in sorted(game.board.spaces, key=lambda a: (game.board.spaces[a].era != "antiquity", a)):
        era = game.board.spaces[area].era or ""
        tiles = [game.content.progress[t] for t in game.boxes[area]]
        boxes = " ".join(f'<span class="hotw-box" title="{esc(render(x.name))}">{esc(render(x.name))} {x.points}</span>'
                         for x in tiles)
        boxes += ' <span class="hotw-box hotw-box-empty">□</span>' * game.free_boxes(area)
        figs = " ".join(f'<span class="hotw-chip" style="{seat_ink(s)}">{seat_symbol(s)}</span>'
                        f"{figures_text(c)}" for s, c in enumerate(game.figures[area]) if c)
        state = "valued" if area in game.valued else ("closed" if area not in game.open_areas else "")
        said = {"valued": t("valued"), "closed": t("closed"), "": ""}[state]
        era_word = ERA_WORDS[era]() if era in ERA_WORDS else era
        rows.append(f'<tr data-area="{area}" data-era="{era}" class="hotw-area-row {state}">'
                    f"<td><b>{esc(render(game.area_name(area)))}</b><br><small>{era_word}{', ' + said if said else ''}"
                    f"</small></td><td>{boxes}</td><td>{figs or '-'}</td></tr>")
    wonders = []
    for wid, w in game.content.wonders.items():
        owner = game.wonders.get(wid)
        who = seat_badge(game, owner) if owner is not None else t("not built")
        state = " " + t("(used this era)") if wid in game.used else ""
        wonders.append(f'<li data-wonder="{wid}"><b>{esc(render(w.name))}</b> ({ERA_WORDS[w.era]()}, +{w.points}): '
                       f"{who}{state}<br><small>{esc(render(w.ability))}</small></li>")
    area_head, boxes_head, figures_head = t("area"), t("progress boxes"), t("figures")
    return (f"<table class='hotw-area-table'><tr><th>{area_head}</th><th>{boxes_head}</th>"
            f"<th>{figures_head}</th></tr>" + "".join(rows) + "</table>"
            + t("<b>Wonders of the world</b> ({n} coins)", n=7) + "<ul class='hotw-wonders'>"
            + "".join(wonders) + "</ul>")


def valuation_html(game: "HeroesGame", v: Valuation) -> str:
    """One valuation: the area, its tiles, each player's figures, place and points."""
    values = [p for _, p in v.tiles]
    progress = game.content.progress
    tiles = esc(render(joined(t("{tile} {points}", tile=progress[x].name, points=p) for x, p in v.tiles)))
    rows = "".join(
        f'<tr data-seat="{p.seat}"><td>{seat_badge(game, p.seat)}</td><td>{p.figures}</td>'
        f"<td>{render(PLACE_NAMES[p.place]) if p.place is not None else '-'}"
        f"{' (' + esc(render(TIE_WORDS.get(p.tie, p.tie))) + ')' if p.tie else ''}</td><td><b>{p.points}</b></td></tr>"
        for p in v.placings)
    if v.ajanta:
        rows += (f"<tr><td>{seat_badge(game, v.ajanta[0])}</td><td colspan='2'>"
                 + t("Ajanta Caves: the points of third place") + f"</td><td><b>{v.ajanta[1]}</b></td></tr>")
    points = " / ".join(str(place_points(k, values)) for k in range(3))
    heads = (t("player"), t("figures"), t("place"), t("points"))
    caption = t("{era}: {area}, {tiles} = {total} (first / second / third: {points})", era=ERA_NAMES[v.era](),
                area=esc(render(v.name)), tiles=tiles, total=v.total, points=points)
    return (f"<table class='hotw-valuation' data-area='{v.area}' data-total='{v.total}'>"
            f"<caption>{caption}</caption>"
            f"<tr><th>{heads[0]}</th><th>{heads[1]}</th><th>{heads[2]}</th><th>{heads[3]}</th></tr>"
            f"{rows}</table>")


def valuations_html(game: "HeroesGame", limit: int = 6) -> str:
    """The latest valuations, newest first, with the projection of the area nearest to completion."""
    if not game.valuations:
        return "<i>" + t("No area has been valued yet: an area is valued when its last progress box is filled.") + "</i>"
    return "".join(valuation_html(game, v) for v in reversed(game.valuations[-limit:]))
