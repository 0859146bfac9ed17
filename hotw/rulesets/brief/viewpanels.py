"""The Brief History panels in the notebook: status, the Array (dial, invasion points, exact odds), the last
roll and the overrun under way, the gold track, the areas, the key and legend.

Pure functions of the game, returning HTML; :mod:`hotw.rulesets.brief.view` puts them together.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Collection

from hotw.rulesets.brief.cards import ROMAN
from hotw.rulesets.brief.gold import TIERS, space
from hotw.rulesets.brief.odds import Roll, points_odds, take_odds, take_odds_continuing
from hotw.ui import panels
from hotw.ui.view import SEAT_COLOUR_NAMES, SEAT_SHAPES, dice, ink_on, percent, seat_colour, seat_symbol

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame
    from hotw.rulesets.brief.pieces import InvasionRecord

esc = html.escape

#: The chips of the pieces (symbol, meaning).
PIECES = {"capital": ("★", "capital: 2 gold a turn"), "city": ("◉", "city: 1 gold a turn"),
          "monument": ("Π", "monument: 1 gold a turn"), "fort": ("▣", "fort: the defender rolls two dice"),
          "fleet": ("⚓", "fleet of the empire playing"), "influence": ("✧", "Influence army: no expansion from it")}

#: The CSS of the Brief map and panels (the game and the lesson builder).
CSS = """
.hotw-dial { display: inline-flex; gap: 2px; vertical-align: middle; }
.hotw-dial-cell { border: 1px solid #777; border-radius: 3px; padding: 0 4px; font-size: 11px; color: #777; }
.hotw-dial-on { background: #222; color: #fff; border-color: #222; }
.hotw-chip.hotw-fleet { border-radius: 3px; background: #fff; }
.hotw-chip.hotw-capital { background: #ffe28a; }
div.hotw-points { margin: 2px 0; text-align: left; }
.hotw-overrun-path { font-weight: bold; }
.hotw-chip.hotw-taken { background: #111; color: #fff; font-weight: bold; border-color: #111; }
.hotw-key { display: inline-block; width: 10px; height: 10px; border: 1px solid #555; }
"""

ALLOCATION_STEPS = frozenset({"allocate_first", "allocate_empire", "allocate_event", "bonus_pick"})


def colour_badge(game: "BriefGame", colour: int, name: bool = True) -> str:
    """A colour's symbol on its colour, then its player's name (and colour in a two-player game)."""
    c = seat_colour(colour)
    who = f" {esc(game.who(colour))}" if name else ""
    return (f'<span class="hotw-seat hotw-seat-{colour}" style="background:{c};color:{ink_on(c)}" '
            f'title="{SEAT_COLOUR_NAMES[colour % 6]} {SEAT_SHAPES[colour % 6]}">{seat_symbol(colour)}</span>{who}')


def status_html(game: "BriefGame", bots: Collection[int] = frozenset()) -> str:
    head = f"<b>Epoch {ROMAN[game.epoch]}</b>" if game.epoch else "<b>Setting up</b>"
    force = game.force
    if force is not None:
        head += f" · {colour_badge(game, force.colour, name=False)} {esc(force.name)}"
    over = ""
    if game.is_over:
        winners = game.winners
        over = (f"{winners[0]} wins with {max(game.score)} gold" if len(winners) == 1
                else f"A tie at {max(game.score)} gold: {' and '.join(winners)}")
    return panels.status_html(game, head, bots, over)


def dial_html(value: int, top: int) -> str:
    """The Invasion dial: 0 to its limit, the value lit."""
    cells = "".join(f'<span class="hotw-dial-cell{" hotw-dial-on" if v == value else ""}">{"+" if v else ""}{v}</span>'
                    for v in range(top + 1))
    return f'<span class="hotw-dial" data-dial="{value}" title="Invasion dial">{cells}</span>'


def array_html(game: "BriefGame") -> str:
    """The Array: the force, its armies, the Invasion dial, points to overrun with, fleets, the event in play."""
    force, inv = game.force, game.invasion
    if force is None:
        return "<i>No empire on the Array.</i>"
    armies = "".join(f'<span class="hotw-chip hotw-army" style="background:{seat_colour(force.colour)};'
                     f'color:{ink_on(seat_colour(force.colour))}">{seat_symbol(force.colour)}</span>'
                     for _ in range(force.array))
    rows = [f"<b>{esc(force.name)}</b> ({colour_badge(game, force.colour)})"
            + (" · barbarian" if force.barbarian else "") + (f" · Feature: {force.feature}" if force.feature else ""),
            f'<div class="hotw-array" data-armies="{force.array}">Array: {force.array} '
            f'{"army" if force.array == 1 else "armies"} {armies}</div>',
            f"<div>Invasion dial {dial_html(force.dial, int(game.opts['dial_max']))}</div>"]
    if inv is not None and not inv.waiting:
        rows.append(f'<div class="hotw-points" data-points="{inv.points}"><b>{inv.points}</b> invasion '
                    f'point{"s" if inv.points != 1 else ""} to overrun with from {esc(game.name(inv.last))}</div>')
    if inv is not None and inv.waiting:
        rows.append(invasion_odds_html(game))
    if force.waters:
        rows.append("Fleets: " + esc(", ".join(sorted(game.name(w) for w in force.waters))))
    if game.in_play:
        ev = game.content.events[game.in_play]
        rows.append(f"Event in play: <b>{esc(ev.name)}</b> ({'continuous' if ev.continuous else 'one use'})")
    return "".join(f"<div>{r}</div>" for r in rows)


def invasion_odds_html(game: "BriefGame") -> str:
    """The invasion under way with its exact odds, now and if continued with the armies left."""
    force, inv = game.force, game.invasion
    assert force is not None and inv is not None
    rule = game.roll_rule(force, inv.target, inv.naval)
    now = take_odds(inv.attack_dice, inv.defend_dice, rule.dial, rule.cost, rule.fear, rule.automatic)
    keep = take_odds_continuing(inv.attack_dice, inv.defend_dice, rule.dial, rule.cost, force.array,
                                int(game.opts["dial_max"]), rule.fear, rule.automatic)
    return (f'<div class="hotw-invasion" data-target="{inv.target}">Invading <b>{esc(game.name(inv.target))}</b> '
            f"(costs {inv.cost}): {inv.attack_dice} dice against {inv.defend_dice}; takes it now "
            f"<b>{percent(now)}</b>, continuing with every Array army <b>{percent(keep)}</b></div>")


def land_odds(game: "BriefGame", land: str, naval: bool) -> str:
    """One line of exact odds for invading ``land`` now, with the points left to overrun."""
    force = game.force
    assert force is not None
    a, d = game.dice_for(land, naval)
    rule = game.roll_rule(force, land, naval)
    p = take_odds(a, d, rule.dial, rule.cost, rule.fear, rule.automatic)
    spare = points_odds(a, d, Roll(rule.dial, rule.cost, rule.fear, rule.automatic))
    over = sum(v for k, v in spare.items() if k >= 1)
    return (f"{a} dice against {d}{' (by fleet)' if naval else ''}, dial +{force.dial}: takes it "
            f"<b>{percent(p)}</b>; points left to overrun {percent(over)}")


def roll_html(game: "BriefGame", record: "InvasionRecord | None" = None) -> str:
    """The last roll of an invasion in a line, and the lands the invasion has taken so far."""
    r = record or game.last_roll
    if r is None:
        return "<i>No invasion yet.</i>"
    dial = f" +{r.dial}" if r.dial else ""
    how = {"fear": " (Fear +1)", "vikings": " (a 5 or 6 from the sea)", "treachery": " (treachery)"}.get(r.note, "")
    result = f"taken{how}" if r.taken else "not taken"
    line = (f'<div class="hotw-roll" data-taken="{str(r.taken).lower()}">{colour_badge(game, r.colour, False)} '
            f"{esc(game.name(r.target))}: {dice(r.attack)}{dial} against {dice(r.defend)} "
            f"{colour_badge(game, r.defender, False)} → {r.points} point{'s' if r.points != 1 else ''}, "
            f"cost {r.cost}: <b>{result}</b></div>")
    inv = game.invasion
    if inv is not None and inv.taken:
        path = " → ".join(esc(game.name(land)) for land in inv.taken)
        line += f'<div class="hotw-overrun-path">Taken so far: {path}</div>'
    return line


def gold_html(game: "BriefGame", bots: Collection[int] = frozenset()) -> str:
    """The gold track: each colour's gold, its space and laps, who is stacked with whom; players' totals."""
    rows = []
    top = max(max(game.gold), 1)
    shared = {g for g in game.gold if game.gold.count(g) > 1}
    for colour in game.track.ranking():
        g = game.gold[colour]
        sp, laps = space(g)
        stack = " <small>(stacked)</small>" if g in shared else ""
        bot = " <small>(computer)</small>" if game.colour_player[colour] in bots else ""
        rows.append(f'<tr data-colour="{colour}" data-gold="{g}"><td>{colour_badge(game, colour)}{bot}</td>'
                    f'<td class="hotw-points"><b>{g}</b></td><td><small>space {sp}'
                    f'{f", lap {laps + 1}" if laps else ""}{stack}</small></td>'
                    f'<td class="hotw-bar-cell"><div class="hotw-bar hotw-seatbar-{colour}" '
                    f'style="width:{round(100 * g / top)}%"></div></td></tr>')
    out = f"<table class='hotw-score-table hotw-gold-track'>{''.join(rows)}</table>"
    if game.nc != game.n:
        out += "<div>" + ", ".join(f"{esc(p)}: {s}" for p, s in zip(game.players, game.score)) + " (both colours)</div>"
    if any(game.bonus_held):
        out += "<div>Bonus tokens (face down): " + ", ".join(
            f"{colour_badge(game, c, False)} {len(b)}" for c, b in enumerate(game.bonus_held)) + "</div>"
    return out


def areas_html(game: "BriefGame") -> str:
    """The areas in spiral order: value in the circle, each colour's armies, the playing colour's level."""
    colour = game.turn_colour
    head = "<tr><th>Area</th><th>value</th>" + "".join(
        f"<th>{colour_badge(game, c, False)}</th>" for c in range(game.nc)) + "<th>level</th></tr>"
    rows = []
    for area in game.content.spiral():
        counts = game.owner.counts[area]
        value = game.area_values.get(area, 0)
        level = "-"
        if colour is not None and counts[colour]:
            from hotw.scoring import level_index
            lv = level_index(counts[colour], max(c for i, c in enumerate(counts) if i != colour) if game.nc > 1 else 0)
            level = f"{TIERS[lv]} ({value * (lv + 1)})"
        rows.append(f'<tr data-area="{area}"><td>{esc(game.region_names[area])}</td><td>{value or "–"}</td>'
                    + "".join(f"<td>{n or ''}</td>" for n in counts) + f"<td>{level}</td></tr>")
    return f"<table class='hotw-regions-table'>{head}{''.join(rows)}</table>"


def key_html(game: "BriefGame") -> str:
    items = [f'<span class="hotw-key" style="background:{game.board.regions[a].colour}"></span> '
             f"{esc(game.region_names[a])} {game.area_values.get(a, 0) or '–'}" for a in game.content.spiral()]
    return "<div class='hotw-region-key'>" + "<br>".join(items) + "</div>"


def legend_html() -> str:
    chips = [f'<span class="hotw-chip">{sym}</span> {esc(what)}' for sym, what in PIECES.values()]
    chips.append("solid land: a standing (active) army; pale dashed: a resigned one")
    chips.append("dashed outline: where a click places the next army; thick outline and a number: taken in this invasion, "
                 "in order (1 the land invaded, then each overrun)")
    return "<br>".join(chips)


def breakdown_html(game: "BriefGame", index: int = -1) -> str:
    if not game.turn_scores:
        return "<i>Gold is collected at the end of each empire turn.</i>"
    epoch, card, _seat, bd = game.turn_scores[index]
    colour = game.turn_colours[index]
    caption = (f"Epoch {ROMAN[epoch]}, {esc(game.content.empires[card].name)}: "
               f"{colour_badge(game, colour)} collects {bd.total} gold")
    table = panels.breakdown_table(bd, caption, TIERS, "presence: the area value; dominance: twice; mastery: "
                                   "three times. Capitals 2, cities 1, monuments 1.")
    # The shared table heads the values column with the 2018 game's word (region tokens): here it is the Area value.
    return table.replace("<th>token ", "<th>Area value ").replace(">no token<", ">no value<")


def turn_caption(game: "BriefGame", index: int) -> str:
    epoch, card, _seat, bd = game.turn_scores[index]
    return f"Epoch {ROMAN[epoch]}: {esc(game.content.empires[card].name)} ({bd.total} gold)"
