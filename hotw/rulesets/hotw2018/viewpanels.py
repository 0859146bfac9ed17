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

from hotw.rulesets.hotw2018.battle import catapult_bonus, siege_odds
from hotw.rulesets.hotw2018.scoring import STRUCTURES, TIERS, structure_points
from hotw.scoring import Breakdown
from hotw.ui import panels
from hotw.ui.view import dice, percent, plural, roman, seat_badge, space_name, space_names

if TYPE_CHECKING:
    from hotw.rulesets.hotw2018.game import Hotw2018Game
    from hotw.rulesets.hotw2018.pieces import Actor, Battle, BattleRecord

esc = html.escape

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
RESULT_WORDS = {"win": "the invader wins", "tie": "a tie: both armies are removed", "lose": "the invader loses"}
#: What the region levels mean, under every breakdown.
LEVELS_NOTE = ("Presence: 1+ army. Dominance: 2+ armies and more than each opponent. Supremacy: 3+ armies "
               "and no opponent. Only the highest level counts; every army of your colour counts, active or "
               "resigned.")


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def piece_names(game: "Hotw2018Game") -> dict[str, str]:
    """What each piece is, in words; structures with the points the game's options give them."""
    points = game.opts["structure_points"]
    worth = {kind: structure_points(None, True, points) if kind == "monument" else structure_points(kind, False, points)
             for kind, _label in STRUCTURES}
    return {
        "capitol": f"capitol ({_points(worth['capitol'])})",
        "city": f"city ({_points(worth['city'])})",
        "monument": f"monument ({_points(worth['monument'])})",
        "fort": "fort (defender rolls 2 dice)",
        "fleet": "fleet (armies cross this water)",
        "caravan": "caravan (armies cross this barren land)",
        "battle": "battle under way",
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
        words.append(f"invader rolls {setup.invader_dice} dice")
    if setup.invader_bonus:
        words.append(f"invader +{setup.invader_bonus}")
    if setup.fortified:
        words.append("fort: defender rolls 2 dice")
    if setup.terrain:
        words.append("mountain/forest: defender +1")
    if setup.defender_bonus:
        words.append(f"defender +{setup.defender_bonus}")
    if setup.naval:
        words.append("by fleet: defender may reroll")
    if setup.invader_wins_ties:
        words.append("ties count as wins")
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
    head = [f"<b>Epoch {roman(game.epoch)}</b> of {game.ruleset.epochs}"]
    order = game.call_order
    if order and game.decision.step not in DRAFT_STEPS:
        known = drafted_empires(game) if known is None else known
        names = []
        for i, card in enumerate(order):
            holder = game.empire_of.index(card) if card in game.empire_of else None
            if holder is not None and known.get(holder) != card:
                label = f"{esc(game.players[holder])}'s empire card"
            else:
                label = esc(game.content.empires[card].name) + (
                    f" ({esc(game.players[holder])})" if holder is not None else "")
            names.append(f"<u>{label}</u>" if i == game.turn else label)
        head.append(" · turn order: " + " → ".join(names))
    over = f"The game is over. {game.winner} wins." if game.is_over else ""
    return panels.status_html(game, "".join(head), bots, over)


# -- cards ------------------------------------------------------------------------------


def _history(leader: str | None, dates: str, note: str) -> str:
    """The historical note of a card, folded so the choices stay short."""
    when = ", ".join(x for x in (leader or "", dates) if x)
    if not (when or note):
        return ""
    return (f"<details class='hotw-history'><summary><small>History: {esc(when) or 'note'}</small></summary>"
            f"<small><i>{esc(note)}</i></small></details>")


def card_html(game: "Hotw2018Game", card_id: str) -> str:
    """An empire or event card as a student reads it: armies, start, pieces, ability or text, history."""
    content = game.content
    if card_id in content.empires:
        e = content.empires[card_id]
        pieces = [f"<b>{e.armies}</b> {'army' if e.armies == 1 else 'armies'}", f"start: {space_names(game, e.start)}"]
        if e.fleets:
            pieces.append(f"{PIECE_SYMBOLS['fleet']} fleets: {space_names(game, e.fleets)}")
        if e.caravans:
            pieces.append(f"{PIECE_SYMBOLS['caravan']} caravans: {space_names(game, e.caravans)}")
        pieces.append(f"{PIECE_SYMBOLS['capitol']} capitol" if e.capitol else
                      "marauders: no capitol, +1 point per structure reduced")
        out = [f'<div class="hotw-card hotw-empire" data-card="{esc(card_id)}">',
               f"<b>{esc(e.name)}</b> <small>Epoch {roman(e.epoch)} · call order {e.order}</small><br>",
               " · ".join(pieces)]
        if e.ability is not None:
            out.append(f"<br><b>{esc(e.ability.name)}:</b> {esc(e.ability.text)}")
        out.append(_history(e.leader, e.dates, e.note))
        out.append("</div>")
        return "".join(out)
    if card_id in content.events:
        ev = content.events[card_id]
        kind = "kingdom" if ev.kind == "kingdom" else "enhancement"
        keep = " · can be saved for a later epoch" if ev.saveable else ""
        out = [f'<div class="hotw-card hotw-event" data-card="{esc(card_id)}">',
               f"<b>{esc(ev.name)}</b> <small>{kind}{keep}</small><br>{esc(ev.text)}"]
        out.append(_history(ev.leader, ev.dates, ev.note))
        out.append("</div>")
        return "".join(out)
    return f"<div class='hotw-card'>{esc(card_id)}</div>"


def card_label(game: "Hotw2018Game", card_id: str) -> str:
    """A short button label for a card."""
    content = game.content
    if card_id in content.empires:
        e = content.empires[card_id]
        return f"{e.name} ({plural(e.armies, 'army', 'armies')})"
    if card_id in content.events:
        ev = content.events[card_id]
        return f"{ev.name} ({ev.kind})"
    return card_id


def actor_html(game: "Hotw2018Game") -> str:
    """The empire (or kingdom) playing now: armies left, pieces, ability, events played, history."""
    a = acting(game)
    if a is None:
        return "<div class='hotw-actor-empty'>No empire is taking its turn now.</div>"
    what = "kingdom" if a.kingdom else "empire"
    out = [f"<div><b>{esc(a.name)}</b> <small>({what} of {seat_badge(game, a.player)})</small></div>",
           f"<div>Armies on the card: <b>{a.armies}</b>"]
    if a.tokens:
        out.append(f" · siege tokens: {a.tokens}")
    if a.free_forts:
        out.append(f" · free forts: {a.free_forts}")
    out.append(f" · active armies on the board: {len(a.active)}</div>")
    if a.fleets:
        out.append(f"<div>{PIECE_SYMBOLS['fleet']} Fleets: {space_names(game, a.fleets)}</div>")
    if a.caravans:
        out.append(f"<div>{PIECE_SYMBOLS['caravan']} Caravans: {space_names(game, a.caravans)}</div>")
    if not a.kingdom and a.card in game.content.empires:
        e = game.content.empires[a.card]
        if e.ability is not None:
            out.append(f"<div><b>{esc(e.ability.name)}:</b> {esc(e.ability.text)}</div>")
        out.append(_history(e.leader, e.dates, e.note))
    elif a.card in game.content.events:
        out.append(f"<div><small>{esc(game.content.events[a.card].text)}</small></div>")
    if a.played:
        out.append("<div>Events played: " + ", ".join(esc(game.content.events[c].name) for c in a.played) + "</div>")
    return "".join(out)


# -- battles -----------------------------------------------------------------------------


def battle_verb(record: "BattleRecord") -> str:
    """'invade' for the first battle for a land, 'siege' for each battle after it."""
    return "siege" if record.round else "invade"


def battle_dice_html(record: "BattleRecord") -> str:
    """The dice of a decided battle: faces, the invader's bonus, terrain, fort, naval reroll."""
    setup = record.setup
    bonus = f" +{setup.invader_bonus}" if setup.invader_bonus else ""
    terrain = " +1 terrain" if setup.terrain else ""
    extra = ["fort"] if setup.fortified else []
    if record.rerolled_from is not None:
        extra.append("naval reroll of " + "-".join(map(str, record.rerolled_from)))
    notes = f" <small>({esc(', '.join(extra))})</small>" if extra else ""
    return (f'<span class="hotw-dice">{dice(record.invader_dice)}</span>{bonus} vs '
            f'<span class="hotw-dice">{dice(record.defender_dice)}</span>{terrain}{notes}')


def battle_line_html(game: "Hotw2018Game", record: "BattleRecord") -> str:
    """One decided battle in a line: the empire and its seat's symbol, the land, the dice, the result."""
    return (f"{esc(record.empire)} {seat_badge(game, record.invader, name=False)} {battle_verb(record)} "
            f"<b>{esc(space_name(game, record.target))}</b>: {battle_dice_html(record)} → "
            f"<b>{record.result}</b>: {RESULT_WORDS[record.result]}")


def battle_html(game: "Hotw2018Game") -> str:
    """The battle panel: the latest dice and result; while a siege is possible, the odds of sieging."""
    out: list[str] = []
    b = game.battle
    last = game.last_battle
    if last is not None:
        who = f"{last.empire} ({game.players[last.invader]})"
        out.append(
            f'<div class="hotw-battle-result" data-result="{last.result}">'
            f"{esc(who)} {battle_verb(last)} <b>{esc(space_name(game, last.target))}</b><br>"
            f"{battle_dice_html(last)}<br>→ <b>{last.result}</b>: {RESULT_WORDS[last.result]}</div>"
        )
    if b is not None and game.decision.step == "siege_or_retreat" and game.actor is not None:
        out.append(_siege_html(game, b))
    if not out:
        return "<div class='hotw-battle-none'>No battle yet. Invading an occupied territory starts one.</div>"
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
    out = [f"<div class='hotw-siege'>The battle for <b>{name}</b> is lost. "
           f"Siege (one more army, catapult +{catapult_bonus(b.round + 1)}) or retreat?"]
    found = next_siege_setup(game)
    if found is not None and left > 0:
        setup, start = found
        once = siege_odds(setup, armies=0, start_round=start)
        out.append(f"<br>Next battle: win {percent(once['win'])} · tie {percent(once['tie'])} · "
                   f"lose {percent(once['lose'])}")
        if left > 1:
            all_in = siege_odds(setup, armies=left - 1, start_round=start)
            out.append(f"<br>Sieging until it ends ({left} armies/tokens): win {percent(all_in['win'])}")
        words = setup_words(dataclasses.replace(setup, invader_bonus=setup.invader_bonus + catapult_bonus(start)))
        if words:
            out.append(f"<br><small>({'; '.join(words)})</small>")
    elif left == 0:
        out.append("<br>No army or siege token left on the card: retreat.")
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
        text = " / ".join(map(str, values)) if values else "no token yet"
        rows.append(
            f'<tr data-region="{rid}"><td><span class="hotw-swatch" style="background:{region.colour}"></span>'
            f"{esc(region.name)}</td><td>{text}</td></tr>"
        )
    return (f"<table class='hotw-region-table'><tr><th>Region</th><th>points: {' / '.join(TIERS)}"
            f"</th></tr>{''.join(rows)}</table>")


def region_key_html(game: "Hotw2018Game") -> str:
    """A compact key for the map: each region's colour, name and token values (P · D · S)."""
    rows = []
    for rid, region in game.board.regions.items():
        values = game.region_values.get(rid)
        text = " · ".join(map(str, values)) if values else "–"
        rows.append(f'<div data-region="{rid}"><span class="hotw-swatch" style="background:{region.colour}"></span>'
                    f"{esc(region.name)} <b>{text}</b></div>")
    return (f"<details><summary class='hotw-key-title'>Region points: {' · '.join(TIERS)}</summary>"
            + "".join(rows) + "</details>")


def legend_html(names: dict[str, str]) -> str:
    """What the map's symbols mean (``names``: :func:`piece_names` of the game)."""
    pieces = " · ".join(f"{PIECE_SYMBOLS[k]} {esc(names[k])}" for k in PIECE_SYMBOLS)
    return (
        "<div class='hotw-legend'><b>Map:</b> solid fill and thick outline = active army of the empire "
        "playing now; pale fill and dashed outline = resigned army; thick dashed black outline = a "
        "territory you can invade now; dotted outline = a starting territory you can pick. "
        f"Pieces: {pieces}.</div>"
    )


# -- scoring breakdown -------------------------------------------------------------------------


def breakdown_table(bd: Breakdown, caption: str = "") -> str:
    """A 2018 breakdown as a table: regions with the tiers' initials, structures, the total, and what the tiers mean."""
    return panels.breakdown_table(bd, caption, TIERS, LEVELS_NOTE)


def turn_caption(game: "Hotw2018Game", index: int) -> str:
    """'Epoch I: Egyptians (Ada) gained 10 points' for entry ``index`` of ``game.turn_scores``."""
    epoch, card, seat, bd = game.turn_scores[index]
    name = game.content.empires[card].name if card in game.content.empires else card
    return (f"Epoch {roman(epoch)}: {esc(name)} ({seat_badge(game, seat)}) gained "
            f"<b>{bd.total}</b> point{'' if bd.total == 1 else 's'}")


def turn_breakdown_html(game: "Hotw2018Game", index: int = -1) -> str:
    """The breakdown table of one scored turn (the latest by default); a hint before any turn is scored."""
    if not game.turn_scores:
        return ("<div class='hotw-bd-empty'>After each empire's turn, this table explains every point it "
                "scored.</div>")
    index = index % len(game.turn_scores)
    return breakdown_table(game.turn_scores[index][3], turn_caption(game, index))
