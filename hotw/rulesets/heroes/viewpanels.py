"""The panels of Heroes of the World in the notebook game: the turn, the conquest die, scores, valuations, the table.

Pure functions of the game returning HTML (no widget imports); :mod:`.view` puts them
in the places the app asks for.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from hotw.rulesets.heroes.conquest import FACE_TEXT, FACES, ConquestRecord
from hotw.rulesets.heroes.valuation import PLACE_NAMES, Valuation, place_points
from hotw.ui.view import seat_badge, seat_ink, seat_symbol

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["CSS", "conquest_html", "figures_text", "hero_html", "table_html", "turn_html", "valuation_html",
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
ERA_NAMES = ("", "Antiquity", "Modern age")
ALIGNMENT_COLOURS = {"conqueror": "#c0392b", "discoverer": "#2e6bb0", "mixed": "#2f8f4e"}


def figures_text(count: int) -> str:
    """Figures as riders (five each) and single figures: 12 -> '2 riders + 2'."""
    riders, single = divmod(count, 5)
    if not riders:
        return str(single)
    return f"{riders} rider{'s' if riders > 1 else ''}" + (f" + {single}" if single else "")


def hero_html(game: "HeroesGame", hero: str, *, short: bool = False) -> str:
    """A hero card: name, title, dates, the four values, alignment and areas of influence."""
    h = game.content.heroes[hero]
    colour = ALIGNMENT_COLOURS[h.alignment]
    areas = ", ".join(esc(game.area_name(a)) for a in h.areas)
    values = (f'<span class="hotw-hero-values">population <b>{h.population}</b> · progress <b>{h.progress}</b> · '
              f'conquest <b>{h.conquest}</b> · treasure <b>{h.treasure}</b></span>')
    if short:
        return (f'<div class="hotw-hero" data-hero="{hero}" style="border-left:5px solid {colour}">'
                f'<b>{esc(h.name)}</b> ({esc(h.dates)})<br>{values}<br><small>{areas}</small></div>')
    return (f'<div class="hotw-hero" data-hero="{hero}" style="border-left:5px solid {colour}">'
            f'<b>{esc(h.name)}</b>, {esc(h.title)} ({esc(h.dates)}), <i>{h.alignment}</i><br>{values}<br>'
            f'areas of influence: {areas}<br><small>{esc(h.note)}</small></div>')


def turn_html(game: "HeroesGame", humans: frozenset[int]) -> str:
    """The turn under way: whose, the hero played, tiles drawn, the hand of a person deciding."""
    parts = [f"<b>{ERA_NAMES[max(game.era, 1)]}</b>: valuation {len(game.valued)} of {game.valuation_limit()}; "
             f"turn of {seat_badge(game, game.active)}"]
    if game.hero:
        parts.append(hero_html(game, game.hero))
    if game.drawn:
        parts.append("Tiles drawn: " + ", ".join(esc(game.tile_name(t)) for t in game.drawn))
    seat = game.decision.player
    if not game.is_over and seat >= 0 and seat in humans and game.hands[seat]:
        parts.append(f"<b>{esc(game.who(seat))}'s hand</b>" +
                     "".join(hero_html(game, h, short=True) for h in game.hands[seat]))
    if game.display:
        parts.append("<b>Face up</b>" + "".join(hero_html(game, h, short=True) for h in game.display)
                     + f"<small>{len(game.deck)} in the deck</small>")
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
        now = ""
        if value:
            now = {"victory": f"{value + (2 if modern else 1)} defender figures lost",
                   "deserters": f"{2 if modern else 1} defender figure(s) change sides",
                   "escape": f"{value} defender figures move away", "looting": f"{value} coins",
                   "counterattack": f"{value} figures lost by each", "resistance": f"{value} figures lost"}[face]
        hit = ' class="hotw-face-rolled"' if last and last.face == face and game.conquest else ""
        rows.append(f'<tr data-face="{face}"{hit}><td><b>{esc(name)}</b></td><td>{esc(text)}</td>'
                    f'<td>{esc(now)}</td></tr>')
    head = ("<tr><th>face</th><th>effect</th>"
            f"<th>{'with ' + esc(card.name) if value and card else ''}</th></tr>")
    out = f"<b>The conquest die</b> (each face 1 in 6)<table class='hotw-die-table'>{head}{''.join(rows)}</table>"
    if last is not None:
        out += "<div class='hotw-last-conquest'>" + conquest_line(game, last) + "</div>"
    return out


def conquest_line(game: "HeroesGame", rec: ConquestRecord) -> str:
    face = FACE_TEXT[rec.face][0] if rec.face else "the die is rolling"
    results = "; ".join(esc(r) for r in rec.results)
    return (f"{seat_badge(game, rec.conqueror)} with {esc(rec.hero)} (conquest {rec.value}) against "
            f"{seat_badge(game, rec.defender)} in {esc(game.area_name(rec.area))}: <b>{esc(face)}</b>"
            + (f". {results}" if results else ""))


def table_html(game: "HeroesGame") -> str:
    """Each area: era, progress boxes (tile and points), figures by seat; then the wonders."""
    rows = []
    for area in sorted(game.board.spaces, key=lambda a: (game.board.spaces[a].era != "antiquity", a)):
        era = game.board.spaces[area].era or ""
        tiles = [game.content.progress[t] for t in game.boxes[area]]
        boxes = " ".join(f'<span class="hotw-box" title="{esc(t.name)}">{esc(t.name)} {t.points}</span>'
                         for t in tiles)
        boxes += ' <span class="hotw-box hotw-box-empty">□</span>' * game.free_boxes(area)
        figs = " ".join(f'<span class="hotw-chip" style="{seat_ink(s)}">{seat_symbol(s)}</span>'
                        f"{figures_text(c)}" for s, c in enumerate(game.figures[area]) if c)
        state = "valued" if area in game.valued else ("closed" if area not in game.open_areas else "")
        rows.append(f'<tr data-area="{area}" data-era="{era}" class="hotw-area-row {state}">'
                    f"<td><b>{esc(game.area_name(area))}</b><br><small>{era}{', ' + state if state else ''}"
                    f"</small></td><td>{boxes}</td><td>{figs or '-'}</td></tr>")
    wonders = []
    for wid, w in game.content.wonders.items():
        owner = game.wonders.get(wid)
        who = seat_badge(game, owner) if owner is not None else "not built"
        state = " (used this era)" if wid in game.used else ""
        wonders.append(f'<li data-wonder="{wid}"><b>{esc(w.name)}</b> ({w.era}, +{w.points}): {who}{state}<br>'
                       f"<small>{esc(w.ability)}</small></li>")
    return ("<table class='hotw-area-table'><tr><th>area</th><th>progress boxes</th><th>figures</th></tr>"
            + "".join(rows) + "</table><b>Wonders of the world</b> (7 coins)<ul class='hotw-wonders'>"
            + "".join(wonders) + "</ul>")


def valuation_html(game: "HeroesGame", v: Valuation) -> str:
    """One valuation: the area, its tiles, each player's figures, place and points."""
    values = [p for _, p in v.tiles]
    tiles = ", ".join(f"{esc(game.content.progress[t].name)} {p}" for t, p in v.tiles)
    rows = "".join(
        f'<tr data-seat="{p.seat}"><td>{seat_badge(game, p.seat)}</td><td>{p.figures}</td>'
        f"<td>{PLACE_NAMES[p.place] if p.place is not None else '-'}"
        f"{' (' + esc(p.tie) + ')' if p.tie else ''}</td><td><b>{p.points}</b></td></tr>" for p in v.placings)
    if v.ajanta:
        rows += (f"<tr><td>{seat_badge(game, v.ajanta[0])}</td><td colspan='2'>Ajanta Caves: the points of third "
                 f"place</td><td><b>{v.ajanta[1]}</b></td></tr>")
    points = " / ".join(str(place_points(k, values)) for k in range(3))
    return (f"<table class='hotw-valuation' data-area='{v.area}' data-total='{v.total}'>"
            f"<caption>{ERA_NAMES[v.era]}: {esc(v.name)}, {tiles} = {v.total} "
            f"(first / second / third: {points})</caption>"
            f"<tr><th>player</th><th>figures</th><th>place</th><th>points</th></tr>{rows}</table>")


def valuations_html(game: "HeroesGame", limit: int = 6) -> str:
    """The latest valuations, newest first, with the projection of the area nearest to completion."""
    if not game.valuations:
        return "<i>No area has been valued yet: an area is valued when its last progress box is filled.</i>"
    return "".join(valuation_html(game, v) for v in reversed(game.valuations[-limit:]))
