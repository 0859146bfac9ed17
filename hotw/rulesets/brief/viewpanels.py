"""The Brief History panels in the notebook: status, the Array (dial, invasion points, exact odds), the last
roll and the overrun under way, the gold track, the areas, the key and legend.

Pure functions of the game, returning HTML; :mod:`hotw.rulesets.brief.view` puts them together.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Collection

from hotw.i18n import Domain, Msg, joined, render
from hotw.rulesets.brief.cards import ROMAN
from hotw.rulesets.brief.gold import TIERS, space
from hotw.rulesets.brief.odds import Roll, points_odds, take_odds, take_odds_continuing
from hotw.rulesets.brief.pieces import COLOURS
from hotw.ui import panels
from hotw.ui.view import dice, esc, ink_on, seat_colour, seat_symbol
from hotw.ui.view import percent as pct

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame
    from hotw.rulesets.brief.pieces import InvasionRecord

_ = Domain("brief")
t, tn = _.text, _.text_plural


def pieces() -> dict[str, tuple[str, str]]:
    """The chips of the pieces (symbol, meaning), in the active language."""
    return {"capital": ("★", t("capital: 2 gold a turn")), "city": ("◉", t("city: 1 gold a turn")),
            "monument": ("Π", t("monument: 1 gold a turn")), "fort": ("▣", t("fort: the defender rolls two dice")),
            "fleet": ("⚓", t("fleet of the empire playing")),
            "influence": ("✧", t("Influence army: no expansion from it"))}


def shapes() -> tuple[str, ...]:
    """The shape drawn on each colour's armies (the second cue beside the colour), in the active language."""
    return (t("circle"), t("square"), t("triangle"), t("diamond"), t("cross"), t("saltire"))


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
            f'title="{esc(COLOURS[colour % 6])} {shapes()[colour % 6]}">{seat_symbol(colour)}</span>{who}')


def status_html(game: "BriefGame", bots: Collection[int] = frozenset()) -> str:
    epoch = t("Epoch {number}", number=ROMAN[game.epoch]) if game.epoch else t("Setting up")
    head = f"<b>{epoch}</b>"
    force = game.force
    if force is not None:
        head += f" · {colour_badge(game, force.colour, name=False)} {esc(force.name)}"
    over = ""
    if game.is_over:
        winners = game.winners
        over = (t("{player} wins with {gold} gold", player=winners[0], gold=max(game.score)) if len(winners) == 1
                else t("A tie at {gold} gold: {players}", gold=max(game.score),
                       players=render(joined(winners, " and "))))
    prompt = None if game.is_over else render(game.decision.prompt)
    return panels.status_html(game, head, bots, over, prompt)


def dial_html(value: int, top: int) -> str:
    """The Invasion dial: 0 to its limit, the value lit."""
    cells = "".join(f'<span class="hotw-dial-cell{" hotw-dial-on" if v == value else ""}">{"+" if v else ""}{v}</span>'
                    for v in range(top + 1))
    return f'<span class="hotw-dial" data-dial="{value}" title="{t("Invasion dial")}">{cells}</span>'


def array_html(game: "BriefGame") -> str:
    """The Array: the force, its armies, the Invasion dial, points to overrun with, fleets, the event in play."""
    force, inv = game.force, game.invasion
    if force is None:
        return "<i>" + t("No empire on the Array.") + "</i>"
    armies = "".join(f'<span class="hotw-chip hotw-army" style="background:{seat_colour(force.colour)};'
                     f'color:{ink_on(seat_colour(force.colour))}">{seat_symbol(force.colour)}</span>'
                     for _i in range(force.array))
    first = t("{empire} ({player})", empire=f"<b>{esc(force.name)}</b>", player=colour_badge(game, force.colour))
    if force.barbarian:
        first += " · " + t("barbarian")
    if force.feature:
        first += " · " + t("Feature: {feature}", feature=feature_name(force.feature))
    dial = dial_html(force.dial, int(game.opts["dial_max"]))
    rows = [first,
            f'<div class="hotw-array" data-armies="{force.array}">'
            + tn("Array: {n} army", "Array: {n} armies", force.array) + f" {armies}</div>",
            "<div>" + t("Invasion dial {dial}", dial=dial) + "</div>"]
    if inv is not None and not inv.waiting:
        rows.append(f'<div class="hotw-points" data-points="{inv.points}">'
                    + tn("<b>{n}</b> invasion point to overrun with from {land}",
                         "<b>{n}</b> invasion points to overrun with from {land}", inv.points,
                         land=esc(game.name(inv.last))) + "</div>")
    if inv is not None and inv.waiting:
        rows.append(invasion_odds_html(game))
    if force.waters:
        rows.append(t("Fleets: {waters}", waters=esc(joined(sorted(render(game.name(w)) for w in force.waters)))))
    if game.in_play:
        ev = game.content.events[game.in_play]
        how = t("continuous") if ev.continuous else t("one use")
        rows.append(t("Event in play: <b>{card}</b> ({how})", card=esc(ev.name), how=how))
    return "".join(f"<div>{r}</div>" for r in rows)


def invasion_odds_html(game: "BriefGame") -> str:
    """The invasion under way with its exact odds, now and if continued with the armies left."""
    force, inv = game.force, game.invasion
    assert force is not None and inv is not None
    rule = game.roll_rule(force, inv.target, inv.naval)
    now = take_odds(inv.attack_dice, inv.defend_dice, rule.dial, rule.cost, rule.fear, rule.automatic)
    keep = take_odds_continuing(inv.attack_dice, inv.defend_dice, rule.dial, rule.cost, force.array,
                                int(game.opts["dial_max"]), rule.fear, rule.automatic)
    return (f'<div class="hotw-invasion" data-target="{inv.target}">'
            + tn("Invading <b>{land}</b> (costs {cost}): {n} die against {defend}; takes it now <b>{now}</b>, "
                 "continuing with every Array army <b>{keep}</b>",
                 "Invading <b>{land}</b> (costs {cost}): {n} dice against {defend}; takes it now <b>{now}</b>, "
                 "continuing with every Array army <b>{keep}</b>", inv.attack_dice, land=esc(game.name(inv.target)),
                 cost=inv.cost, defend=inv.defend_dice, now=pct(now), keep=pct(keep)) + "</div>")


def land_odds(game: "BriefGame", land: str, naval: bool) -> str:
    """One line of exact odds for invading ``land`` now, with the points left to overrun."""
    force = game.force
    assert force is not None
    a, d = game.dice_for(land, naval)
    rule = game.roll_rule(force, land, naval)
    p = take_odds(a, d, rule.dial, rule.cost, rule.fear, rule.automatic)
    spare = points_odds(a, d, Roll(rule.dial, rule.cost, rule.fear, rule.automatic))
    over = sum(v for k, v in spare.items() if k >= 1)
    if naval:
        return tn("{n} die against {defend} (by fleet), dial +{dial}: takes it <b>{odds}</b>; points left to overrun "
                  "{over}", "{n} dice against {defend} (by fleet), dial +{dial}: takes it <b>{odds}</b>; points left to "
                  "overrun {over}", a, defend=d, dial=force.dial, odds=pct(p), over=pct(over))
    return tn("{n} die against {defend}, dial +{dial}: takes it <b>{odds}</b>; points left to overrun {over}",
              "{n} dice against {defend}, dial +{dial}: takes it <b>{odds}</b>; points left to overrun {over}", a,
              defend=d, dial=force.dial, odds=pct(p), over=pct(over))


def roll_html(game: "BriefGame", record: "InvasionRecord | None" = None) -> str:
    """The last roll of an invasion in a line, and the lands the invasion has taken so far."""
    r = record or game.last_roll
    if r is None:
        return "<i>" + t("No invasion yet.") + "</i>"
    attack = f"{dice(r.attack)} +{r.dial}" if r.dial else dice(r.attack)
    result = {"fear": t("taken (Fear +1)"), "vikings": t("taken (a 5 or 6 from the sea)"),
              "treachery": t("taken (treachery)")}.get(r.note, t("taken")) if r.taken else t("not taken")
    line = (f'<div class="hotw-roll" data-taken="{str(r.taken).lower()}">{colour_badge(game, r.colour, False)} '
            + tn("{land}: {attack} against {defend} {defender} → {n} point, cost {cost}: <b>{result}</b>",
                 "{land}: {attack} against {defend} {defender} → {n} points, cost {cost}: <b>{result}</b>", r.points,
                 land=esc(game.name(r.target)), attack=attack, defend=dice(r.defend),
                 defender=colour_badge(game, r.defender, False), cost=r.cost, result=result) + "</div>")
    inv = game.invasion
    if inv is not None and inv.taken:
        path = " → ".join(esc(game.name(land)) for land in inv.taken)
        line += f'<div class="hotw-overrun-path">' + t("Taken so far: {lands}", lands=path) + "</div>"
    return line


def gold_html(game: "BriefGame", bots: Collection[int] = frozenset()) -> str:
    """The gold track: each colour's gold, its space and laps, who is stacked with whom; players' totals."""
    rows = []
    top = max(max(game.gold), 1)
    shared = {g for g in game.gold if game.gold.count(g) > 1}
    for colour in game.track.ranking():
        g = game.gold[colour]
        sp, laps = space(g)
        stack = " (" + t("stacked") + ")" if g in shared else ""
        bot = " <small>(" + t("computer") + ")</small>" if game.colour_player[colour] in bots else ""
        where = t("space {space}, lap {lap}", space=sp, lap=laps + 1) if laps else t("space {space}", space=sp)
        rows.append(f'<tr data-colour="{colour}" data-gold="{g}"><td>{colour_badge(game, colour)}{bot}</td>'
                    f'<td class="hotw-points"><b>{g}</b></td><td><small>{where}{stack}</small></td>'
                    f'<td class="hotw-bar-cell"><div class="hotw-bar hotw-seatbar-{colour}" '
                    f'style="width:{round(100 * g / top)}%"></div></td></tr>')
    out = f"<table class='hotw-score-table hotw-gold-track'>{''.join(rows)}</table>"
    if game.nc != game.n:
        totals = ", ".join(f"{esc(p)}: {s}" for p, s in zip(game.players, game.score))
        out += "<div>" + t("{totals} (both colours)", totals=totals) + "</div>"
    if any(game.bonus_held):
        held = ", ".join(f"{colour_badge(game, c, False)} {len(b)}" for c, b in enumerate(game.bonus_held))
        out += "<div>" + t("Bonus tokens (face down): {held}", held=held) + "</div>"
    return out


def areas_html(game: "BriefGame") -> str:
    """The areas in spiral order: value in the circle, each colour's armies, the playing colour's level."""
    colour = game.turn_colour
    head = f"<tr><th>{t('Area')}</th><th>{t('value')}</th>" + "".join(
        f"<th>{colour_badge(game, c, False)}</th>" for c in range(game.nc)) + f"<th>{t('level')}</th></tr>"
    rows = []
    for area in game.content.spiral():
        counts = game.owner.counts[area]
        value = game.area_values.get(area, 0)
        level = "-"
        if colour is not None and counts[colour]:
            from hotw.scoring import level_index
            lv = level_index(counts[colour], max(c for i, c in enumerate(counts) if i != colour) if game.nc > 1 else 0)
            # TRANSLATORS: the level the playing colour reaches in an area, and the gold it is worth ("dominance (4)")
            level = t("{level} ({gold})", level=esc(TIERS[lv]), gold=value * (lv + 1))
        rows.append(f'<tr data-area="{area}"><td>{esc(game.region_names[area])}</td><td>{value or "–"}</td>'
                    + "".join(f"<td>{n or ''}</td>" for n in counts) + f"<td>{level}</td></tr>")
    return f"<table class='hotw-regions-table'>{head}{''.join(rows)}</table>"


def key_html(game: "BriefGame") -> str:
    """The map's key, folded as the other rulesets' are (open, it covers a corner of the map): each area's colour,
    name and the value laid on it."""
    items = [f'<span class="hotw-key" style="background:{game.board.regions[a].colour}"></span> '
             f"{esc(game.region_names[a])} {game.area_values.get(a, 0) or '–'}" for a in game.content.spiral()]
    return (f"<details><summary class='hotw-key-title'>{t('Area values')}</summary>"
            "<div class='hotw-region-key'>" + "<br>".join(items) + "</div></details>")


def legend_html() -> str:
    chips = [f'<span class="hotw-chip">{sym}</span> {esc(what)}' for sym, what in pieces().values()]
    chips.append(t("solid land: a standing (active) army; pale dashed: a resigned one"))
    chips.append(t("dashed outline: where a click places the next army; thick outline and a number: taken in this "
                   "invasion, in order (1 the land invaded, then each overrun)"))
    return "<br>".join(chips)


def breakdown_html(game: "BriefGame", index: int = -1) -> str:
    if not game.turn_scores:
        return "<i>" + t("Gold is collected at the end of each empire turn.") + "</i>"
    epoch, card, _seat, bd = game.turn_scores[index]
    colour = game.turn_colours[index]
    caption = t("Epoch {number}, {empire}: {player} collects {gold} gold", number=ROMAN[epoch],
                empire=esc(game.content.empires[card].name), player=colour_badge(game, colour), gold=bd.total)
    # the shared table writes the names, levels and labels as it gets them: give them in the active language
    said = replace(bd, regions=tuple(replace(r, name=render(r.name), tier=render(r.tier) if r.tier else r.tier)
                                     for r in bd.regions),
                   structures=tuple(replace(st, label=render(st.label)) for st in bd.structures))
    table = panels.breakdown_table(said, caption, tuple(render(tier) for tier in TIERS),
                                   t("presence: the area value; dominance: twice; mastery: three times. Capitals 2, "
                                     "cities 1, monuments 1."))
    # The shared table heads the values column with the 2018 game's word (region tokens): here it is the Area value.
    initials = " / ".join(render(tier)[:1].upper() for tier in TIERS)
    table = _FIFTH_HEAD.sub(lambda m: m.group(1) + "<th>" + t("Area value {initials}", initials=initials) + "</th>",
                            table, count=1)
    return table.replace(">" + render(Msg("hotw", "no token")) + "<", ">" + t("no value") + "<")


def turn_caption(game: "BriefGame", index: int) -> str:
    epoch, card, _seat, bd = game.turn_scores[index]
    return t("Epoch {number}: {empire} ({gold} gold)", number=ROMAN[epoch], empire=esc(game.content.empires[card].name),
             gold=bd.total)


#: The head of the values column in the shared breakdown table (its fifth column).
_FIFTH_HEAD = re.compile(r"(<tr>(?:<th>.*?</th>){4})<th>.*?</th>")


def feature_name(feature: str) -> str:
    """An empire's feature ("fear", "vikings", "influence") in the active language."""
    return {"fear": t("Fear"), "vikings": t("Vikings"), "influence": t("Influence")}.get(feature, feature)
