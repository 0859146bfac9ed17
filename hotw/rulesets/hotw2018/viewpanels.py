"""The 2018 panels beside the map: status, cards, the empire playing now, battle, score track, regions, breakdown.

Pure functions of the game (no widget imports), so each panel is unit-tested as
text; the parts every ruleset draws alike come from :mod:`hotw.ui.view` and
:mod:`hotw.ui.panels`. Battles are read from the engine's record of the last one
(``game.last_battle``), never from the log. All names from the game are HTML-escaped.
"""

from __future__ import annotations

import dataclasses
import html
from typing import TYPE_CHECKING, Any

from hotw.i18n import Domain, joined, plural_name, render
from hotw.rulesets.hotw2018.battle import catapult_bonus, siege_odds
from hotw.rulesets.hotw2018.scoring import STRUCTURES, TIERS, structure_points
from hotw.scoring import Breakdown
from hotw.ui import panels
from hotw.ui.view import dice, esc, roman, seat_badge, space_name
from hotw.ui.view import percent as pct

if TYPE_CHECKING:
    from hotw.rulesets.hotw2018.game import Hotw2018Game
    from hotw.rulesets.hotw2018.pieces import Actor, Battle, BattleRecord

_ = Domain("hotw2018")
t, tn = _.text, _.text_plural


def space_names(game: "Hotw2018Game", sids: Any) -> str:
    """Names of spaces, escaped and listed as the reader's language lists them."""
    return esc(joined(space_name(game, s) for s in sids))


#: Symbols of the pieces that are not armies (the legend says what each means).
PIECE_SYMBOLS = {
    "capitol": "♛",
    "city": "⌂",
    "monument": "Π",
    "fort": "♜",
    "fleet": "⚓",
    "caravan": "⚑",
    "battle": "⚔",
}
#: Draft steps: bots pick first, and their picks stay hidden.
DRAFT_STEPS = frozenset({"pick_event", "pick_empire"})
#: Decision steps during which an empire (or kingdom) is on the board with its armies and markers.
TURN_STEPS = frozenset({"invade", "siege_or_retreat"})


def result_words(result: str) -> str:
    """What a battle's result means, in the active language."""
    if result == "win":
        return t("the invader wins")
    if result == "tie":
        return t("both armies are removed")
    return t("the invader loses")


def result_name(result: str) -> str:
    """A battle's result ('win', 'tie', 'lose'), in the active language."""
    return {"win": t("win"), "tie": t("tie"), "lose": t("lose")}.get(result, result)


def levels_note() -> str:
    """What the region levels mean, under every breakdown."""
    return t("Presence: 1+ army. Dominance: 2+ armies and more than each opponent. Supremacy: 3+ armies "
             "and no opponent. Only the highest level counts; every army of your colour counts, active or "
             "resigned.")


def _points(n: int) -> str:
    return tn("{n} point", "{n} points", n)


def piece_names(game: "Hotw2018Game") -> dict[str, str]:
    """What each piece is, in words; structures with the points the game's options give them."""
    points = game.opts["structure_points"]
    worth = {kind: structure_points(None, True, points) if kind == "monument" else structure_points(kind, False, points)
             for kind, _label in STRUCTURES}
    return {
        "capitol": t("capitol ({points})", points=_points(worth["capitol"])),
        "city": t("city ({points})", points=_points(worth["city"])),
        "monument": t("monument ({points})", points=_points(worth["monument"])),
        "fort": t("fort (defender rolls 2 dice)"),
        "fleet": t("fleet (armies cross this water)"),
        "caravan": t("caravan (armies cross this barren land)"),
        "battle": t("battle under way"),
    }


def acting(game: "Hotw2018Game") -> "Actor | None":
    """The empire or kingdom taking its turn now, or None between turns (the last one stays in ``game.actor``)."""
    if game.is_over or game.decision.step not in TURN_STEPS:
        return None
    return game.actor


def setup_words(setup: Any) -> list[str]:
    """What changes the dice of a battle, in words (fort, terrain, fleet, bonuses)."""
    words = []
    if setup.invader_dice != 2:
        words.append(tn("invader rolls {n} die", "invader rolls {n} dice", setup.invader_dice))
    if setup.invader_bonus:
        words.append(t("invader +{bonus}", bonus=setup.invader_bonus))
    if setup.fortified:
        words.append(t("fort: defender rolls 2 dice"))
    if setup.terrain:
        words.append(t("mountain/forest: defender +1"))
    if setup.defender_bonus:
        words.append(t("defender +{bonus}", bonus=setup.defender_bonus))
    if setup.naval:
        words.append(t("by fleet: defender may reroll"))
    if setup.invader_wins_ties:
        words.append(t("ties count as wins"))
    return words


# -- status ---------------------------------------------------------------------------


def drafted_empires(game: "Hotw2018Game") -> dict[int, str]:
    """Seat -> the empire card it drafted this epoch (everything on the table: a view at one screen)."""
    return {seat: card for seat, card in enumerate(game.empire_of) if card is not None}


def status_html(game: "Hotw2018Game", bots: frozenset[int] | set[int] = frozenset(),
                known: dict[int, str] | None = None) -> str:
    """Epoch, the turn order of this epoch with the empire playing now, and what must be decided.

    ``known``: seat -> the empire the reader may know it holds (None: every drafted one); the others show
    as the seat's empire card, in its place in the call order (printed on the card backs).
    """
    head = [t("<b>Epoch {epoch}</b> of {epochs}", epoch=roman(game.epoch), epochs=game.ruleset.epochs)]
    order = game.call_order
    if order and game.decision.step not in DRAFT_STEPS:
        known = drafted_empires(game) if known is None else known
        names = []
        for i, card in enumerate(order):
            holder = game.empire_of.index(card) if card in game.empire_of else None
            if holder is not None and known.get(holder) != card:
                label = esc(t("{player}'s empire card", player=game.players[holder]))
            elif holder is not None:
                label = esc(t("{empire} ({player})", empire=render(game.content.empires[card].name),
                              player=game.players[holder]))
            else:
                label = esc(game.content.empires[card].name)
            names.append(f"<u>{label}</u>" if i == game.turn else label)
        head.append(t(" · turn order: {order}", order=" → ".join(names)))
    over = t("The game is over. {player} wins.", player=game.winner) if game.is_over else ""
    return panels.status_html(game, "".join(head), bots, over)


# -- cards ------------------------------------------------------------------------------


def _history(leader: str | None, dates: str, note: str) -> str:
    """The historical note of a card, folded so the choices stay short."""
    when = t("{leader}, {dates}", leader=render(leader), dates=render(dates)) if leader and dates else \
        render(leader or dates or "")
    if not (when or note):
        return ""
    head = esc(t("History: {when}", when=when or t("note")))
    return (f"<details class='hotw-history'><summary><small>{head}"
            f"</small></summary><small><i>{esc(note)}</i></small></details>")


def card_html(game: "Hotw2018Game", card_id: str) -> str:
    """An empire or event card as a student reads it: armies, start, pieces, ability or text, history."""
    content = game.content
    if card_id in content.empires:
        e = content.empires[card_id]
        pieces = [tn("<b>{n}</b> army", "<b>{n}</b> armies", e.armies),
                  t("start: {lands}", lands=space_names(game, e.start))]
        if e.fleets:
            pieces.append(f"{PIECE_SYMBOLS['fleet']} " + t("fleets: {lands}", lands=space_names(game, e.fleets)))
        if e.caravans:
            pieces.append(f"{PIECE_SYMBOLS['caravan']} " + t("caravans: {lands}", lands=space_names(game, e.caravans)))
        pieces.append(f"{PIECE_SYMBOLS['capitol']} " + t("capitol") if e.capitol else
                      t("marauders: no capitol, +1 point per structure reduced"))
        out = [f'<div class="hotw-card hotw-empire" data-card="{html.escape(card_id)}">',
               f"<b>{esc(e.name)}</b> <small>"
               + t("Epoch {epoch} · call order {order}", epoch=roman(e.epoch), order=e.order) + "</small><br>",
               " · ".join(pieces)]
        if e.ability is not None:
            out.append(f"<br><b>{esc(e.ability.name)}:</b> {esc(e.ability.text)}")
        out.append(_history(e.leader, e.dates, e.note))
        out.append("</div>")
        return "".join(out)
    if card_id in content.events:
        ev = content.events[card_id]
        kind = t("kingdom") if ev.kind == "kingdom" else t("enhancement")
        keep = t(" · can be saved for a later epoch") if ev.saveable else ""
        out = [f'<div class="hotw-card hotw-event" data-card="{html.escape(card_id)}">',
               f"<b>{esc(ev.name)}</b> <small>{kind}{keep}</small><br>{esc(ev.text)}"]
        out.append(_history(ev.leader, ev.dates, ev.note))
        out.append("</div>")
        return "".join(out)
    return f"<div class='hotw-card'>{html.escape(card_id)}</div>"


def card_label(game: "Hotw2018Game", card_id: str) -> str:
    """A short button label for a card."""
    content = game.content
    if card_id in content.empires:
        e = content.empires[card_id]
        return tn("{empire} ({n} army)", "{empire} ({n} armies)", e.armies, empire=e.name)
    if card_id in content.events:
        ev = content.events[card_id]
        if ev.kind == "kingdom":
            return t("{card} (kingdom)", card=ev.name)
        return t("{card} (enhancement)", card=ev.name)
    return card_id


def actor_html(game: "Hotw2018Game") -> str:
    """The empire (or kingdom) playing now: armies left, pieces, ability, events played, history."""
    a = acting(game)
    if a is None:
        return "<div class='hotw-actor-empty'>" + t("No empire is taking its turn now.") + "</div>"
    seat = seat_badge(game, a.player)
    what = t("(kingdom of {seat})", seat=seat) if a.kingdom else t("(empire of {seat})", seat=seat)
    out = [f"<div><b>{esc(a.name)}</b> <small>{what}</small></div>",
           "<div>" + t("Armies on the card: <b>{n}</b>", n=a.armies)]
    if a.tokens:
        out.append(t(" · siege tokens: {n}", n=a.tokens))
    if a.free_forts:
        out.append(t(" · free forts: {n}", n=a.free_forts))
    out.append(t(" · active armies on the board: {n}", n=len(a.active)) + "</div>")
    if a.fleets:
        out.append(f"<div>{PIECE_SYMBOLS['fleet']} " + t("Fleets: {lands}", lands=space_names(game, a.fleets)) + "</div>")
    if a.caravans:
        out.append(f"<div>{PIECE_SYMBOLS['caravan']} "
                   + t("Caravans: {lands}", lands=space_names(game, a.caravans)) + "</div>")
    if not a.kingdom and a.card in game.content.empires:
        e = game.content.empires[a.card]
        if e.ability is not None:
            out.append(f"<div><b>{esc(e.ability.name)}:</b> {esc(e.ability.text)}</div>")
        out.append(_history(e.leader, e.dates, e.note))
    elif a.card in game.content.events:
        out.append(f"<div><small>{esc(game.content.events[a.card].text)}</small></div>")
    if a.played:
        played = esc(joined(game.content.events[c].name for c in a.played))
        out.append("<div>" + t("Events played: {cards}", cards=played) + "</div>")
    return "".join(out)


# -- battles -----------------------------------------------------------------------------


def battle_verb(record: "BattleRecord") -> str:
    """'invade' for the first battle for a land, 'siege' for each battle after it."""
    return "siege" if record.round else "invade"


def _battle_head(record: "BattleRecord", who: str, land: str) -> str:
    """'<who> invade <b>land</b>' (or siege), ``who`` and ``land`` already HTML; the verb agrees with the empire's
    name ("Romans (Ana) invade", "Han Dynasty (Ben) invades")."""
    if plural_name(record.empire):
        if record.round:
            return t("{who} siege <b>{land}</b>", who=who, land=land)
        return t("{who} invade <b>{land}</b>", who=who, land=land)
    if record.round:
        return t("{who} sieges <b>{land}</b>", who=who, land=land)
    return t("{who} invades <b>{land}</b>", who=who, land=land)


def battle_dice_html(record: "BattleRecord") -> str:
    """The dice of a decided battle: faces, the invader's bonus, terrain, fort, naval reroll."""
    setup = record.setup
    bonus = f" +{setup.invader_bonus}" if setup.invader_bonus else ""
    terrain = " " + t("+1 terrain") if setup.terrain else ""
    extra = [t("fort")] if setup.fortified else []
    if record.rerolled_from is not None:
        extra.append(t("naval reroll of {dice}", dice="-".join(map(str, record.rerolled_from))))
    notes = f" <small>({esc(joined(extra))})</small>" if extra else ""
    invader = f'<span class="hotw-dice">{dice(record.invader_dice)}</span>{bonus}'
    defender = f'<span class="hotw-dice">{dice(record.defender_dice)}</span>{terrain}{notes}'
    return t("{invader} vs {defender}", invader=invader, defender=defender)


def battle_line_html(game: "Hotw2018Game", record: "BattleRecord") -> str:
    """One decided battle in a line: the empire and its seat's symbol, the land, the dice, the result."""
    who = f"{esc(record.empire)} {seat_badge(game, record.invader, name=False)}"
    return (f"{_battle_head(record, who, esc(space_name(game, record.target)))}: {battle_dice_html(record)} → "
            f"<b>{result_name(record.result)}</b>: {result_words(record.result)}")


def battle_html(game: "Hotw2018Game") -> str:
    """The battle panel: the latest dice and result; while a siege is possible, the odds of sieging."""
    out: list[str] = []
    b = game.battle
    last = game.last_battle
    if last is not None:
        who = esc(t("{empire} ({player})", empire=render(last.empire), player=game.players[last.invader]))
        out.append(
            f'<div class="hotw-battle-result" data-result="{last.result}">'
            f"{_battle_head(last, who, esc(space_name(game, last.target)))}<br>"
            f"{battle_dice_html(last)}<br>→ <b>{result_name(last.result)}</b>: {result_words(last.result)}</div>"
        )
    if b is not None and game.decision.step == "siege_or_retreat" and game.actor is not None:
        out.append(_siege_html(game, b))
    if not out:
        return "<div class='hotw-battle-none'>" + t("No battle yet. Invading an occupied territory starts one.") + "</div>"
    return "".join(out)


def next_siege_setup(game: "Hotw2018Game") -> tuple[Any, int] | None:
    """(setup without the catapult, next siege round) of the battle waiting for siege or retreat.

    The engine previews the next round (``siege_setup()``, catapult included);
    the siege odds add the catapult round by round, so it is taken out here.
    """
    b = game.battle
    nxt = game.siege_setup()
    if b is None or nxt is None:
        return None
    start = b.round + 1
    return dataclasses.replace(nxt, invader_bonus=nxt.invader_bonus - catapult_bonus(start)), start


def _siege_html(game: "Hotw2018Game", b: "Battle") -> str:
    a = game.actor
    assert a is not None
    name = esc(space_name(game, b.target))
    left = a.armies + a.tokens
    out = ["<div class='hotw-siege'>" + t("The battle for <b>{land}</b> is lost. Siege (one more army, catapult "
                                          "+{bonus}) or retreat?", land=name, bonus=catapult_bonus(b.round + 1))]
    found = next_siege_setup(game)
    if found is not None and left > 0:
        setup, start = found
        once = siege_odds(setup, armies=0, start_round=start)
        out.append("<br>" + t("Next battle: win {win} · tie {tie} · lose {lose}", win=pct(once["win"]),
                                tie=pct(once["tie"]), lose=pct(once["lose"])))
        if left > 1:
            all_in = siege_odds(setup, armies=left - 1, start_round=start)
            out.append("<br>" + t("Sieging until it ends ({n} armies/tokens): win {win}", n=left,
                                  win=pct(all_in["win"])))
        words = setup_words(dataclasses.replace(setup, invader_bonus=setup.invader_bonus + catapult_bonus(start)))
        if words:
            out.append(f"<br><small>({'; '.join(words)})</small>")
    elif left == 0:
        out.append("<br>" + t("No army or siege token left on the card: retreat."))
    out.append("</div>")
    return "".join(out)


# -- scores and regions --------------------------------------------------------------------


def score_html(game: "Hotw2018Game", bots: frozenset[int] | set[int] = frozenset(),
               known: dict[int, str] | None = None) -> str:
    """The score track: players by score, with a bar, their seat colour and symbol, and their empire
    (``known``: the empires the reader may know, by seat; None: every drafted one)."""
    notes = {}
    for seat, empire in (drafted_empires(game) if known is None else known).items():
        notes[seat] = f" <small>{esc(game.content.empires[empire].name)}</small>"
    return panels.score_table(game, game.score, bots, notes)


def regions_html(game: "Hotw2018Game") -> str:
    """Each region's colour and its token values now (presence / dominance / supremacy)."""
    rows = []
    for rid, region in game.board.regions.items():
        values = game.region_values.get(rid)
        text = " / ".join(map(str, values)) if values else t("no token yet")
        rows.append(
            f'<tr data-region="{rid}"><td><span class="hotw-swatch" style="background:{region.colour}"></span>'
            f"{esc(region.name)}</td><td>{text}</td></tr>"
        )
    region, points = t("Region"), t("points: {tiers}", tiers=" / ".join(render(x) for x in TIERS))
    return (f"<table class='hotw-region-table'><tr><th>{region}</th><th>{points}"
            f"</th></tr>{''.join(rows)}</table>")


def region_key_html(game: "Hotw2018Game") -> str:
    """A compact key for the map: each region's colour, name and token values (P · D · S)."""
    rows = []
    for rid, region in game.board.regions.items():
        values = game.region_values.get(rid)
        text = " · ".join(map(str, values)) if values else "–"
        rows.append(f'<div data-region="{rid}"><span class="hotw-swatch" style="background:{region.colour}"></span>'
                    f"{esc(region.name)} <b>{text}</b></div>")
    title = t("Region points: {tiers}", tiers=" · ".join(render(x) for x in TIERS))
    return (f"<details><summary class='hotw-key-title'>{title}</summary>"
            + "".join(rows) + "</details>")


def legend_html(names: dict[str, str]) -> str:
    """What the map's symbols mean (``names``: :func:`piece_names` of the game)."""
    pieces = " · ".join(f"{PIECE_SYMBOLS[k]} {esc(names[k])}" for k in PIECE_SYMBOLS)
    return "<div class='hotw-legend'>" + t(
        "<b>Map:</b> solid fill and thick outline = active army of the empire "
        "playing now; stripes of the player's colour and a dashed outline = resigned army; thick dashed black "
        "outline = a "
        "territory you can invade now; dotted outline = a starting territory you can pick. "
        "Pieces: {pieces}.", pieces=pieces) + "</div>"


# -- scoring breakdown -------------------------------------------------------------------------


def breakdown_table(bd: Breakdown, caption: str = "") -> str:
    """A 2018 breakdown as a table: regions with the tiers' initials, structures, the total, and what the tiers mean."""
    return panels.breakdown_table(bd, caption, [render(x) for x in TIERS], levels_note())


def turn_caption(game: "Hotw2018Game", index: int) -> str:
    """'Epoch I: Egyptians (Ada) gained 10 points' for entry ``index`` of ``game.turn_scores``."""
    epoch, card, seat, bd = game.turn_scores[index]
    name = game.content.empires[card].name if card in game.content.empires else card
    return tn("Epoch {epoch}: {empire} ({seat}) gained <b>{n}</b> point",
              "Epoch {epoch}: {empire} ({seat}) gained <b>{n}</b> points", bd.total,
              epoch=roman(epoch), empire=esc(name), seat=seat_badge(game, seat))


def turn_breakdown_html(game: "Hotw2018Game", index: int = -1) -> str:
    """The breakdown table of one scored turn (the latest by default); a hint before any turn is scored."""
    if not game.turn_scores:
        return ("<div class='hotw-bd-empty'>"
                + t("After each empire's turn, this table explains every point it scored.") + "</div>")
    index = index % len(game.turn_scores)
    return breakdown_table(game.turn_scores[index][3], turn_caption(game, index))
