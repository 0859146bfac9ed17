"""HTML of the panels beside the map: status, cards, battle, score track, regions, breakdown, log.

Pure functions of the game (no widget imports), so each panel is unit-tested
as text. All names from the game are HTML-escaped.
"""

from __future__ import annotations

import dataclasses
import html
import re
from typing import TYPE_CHECKING, Any

from hotw.rulesets.hotw2018.battle import catapult_bonus, siege_odds
from hotw.scoring import LEVELS, Breakdown
from hotw.ui.view import DICE_FACES, PIECE_NAMES, PIECE_SYMBOLS, acting, percent, seat_badge, setup_words

if TYPE_CHECKING:
    from hotw.game import Game

ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
esc = html.escape


def _space_name(game: "Game", sid: str) -> str:
    space = game.board.spaces.get(sid)
    return space.name if space else sid


def _names(game: "Game", sids: tuple[str, ...] | list[str]) -> str:
    return ", ".join(esc(_space_name(game, s)) for s in sids)


# -- status ---------------------------------------------------------------------------


def status_html(game: "Game", bots: frozenset[int] | set[int] = frozenset()) -> str:
    """Epoch, the turn order of this epoch with the empire playing now, and what must be decided."""
    d = game.decision
    step = d.step
    epoch = getattr(game, "epoch", 0)
    parts = [f'<div class="hotw-status-line" data-step="{step}" data-player="{d.player}" '
             f'data-epoch="{epoch}">']
    parts.append(f"<b>Epoch {ROMAN[epoch] if epoch < len(ROMAN) else epoch}</b> of {game.ruleset.epochs}")
    order = list(getattr(game, "call_order", []))
    turn = getattr(game, "turn", -1)
    if order and step not in ("pick_event", "pick_empire"):
        names = []
        for i, card in enumerate(order):
            empire = game.content.empires[card]
            holder = game.empire_of.index(card) if card in game.empire_of else None
            label = esc(empire.name) + (f" ({esc(game.players[holder])})" if holder is not None else "")
            names.append(f"<u>{label}</u>" if i == turn else label)
        parts.append(" · turn order: " + " → ".join(names))
    parts.append("</div>")
    if game.is_over:
        parts.append(f'<div class="hotw-prompt"><b>The game is over. {esc(str(game.winner))} wins.</b></div>')
    else:
        who = seat_badge(game, d.player, name=False) + " " if d.player >= 0 else ""
        bot = " <i>(computer)</i>" if d.player in bots else ""
        parts.append(f'<div class="hotw-prompt">{who}{esc(d.prompt)}{bot}</div>')
    return "".join(parts)


# -- cards ------------------------------------------------------------------------------


def _history(leader: str | None, dates: str, note: str) -> str:
    """The historical note of a card, folded so the choices stay short."""
    when = ", ".join(x for x in (leader or "", dates) if x)
    if not (when or note):
        return ""
    return (f"<details class='hotw-history'><summary><small>History: {esc(when) or 'note'}</small></summary>"
            f"<small><i>{esc(note)}</i></small></details>")


def card_html(game: "Game", card_id: str) -> str:
    """An empire or event card as a student reads it: armies, start, pieces, ability or text, history."""
    content = game.content
    if card_id in content.empires:
        e = content.empires[card_id]
        pieces = [f"<b>{e.armies}</b> armies", f"start: {_names(game, e.start)}"]
        if e.fleets:
            pieces.append(f"{PIECE_SYMBOLS['fleet']} fleets: {_names(game, e.fleets)}")
        if e.caravans:
            pieces.append(f"{PIECE_SYMBOLS['caravan']} caravans: {_names(game, e.caravans)}")
        pieces.append(f"{PIECE_SYMBOLS['capitol']} capitol" if e.capitol else
                      "marauders: no capitol, +1 point per structure reduced")
        out = [f'<div class="hotw-card hotw-empire" data-card="{esc(card_id)}">',
               f"<b>{esc(e.name)}</b> <small>Epoch {ROMAN[e.epoch]} · call order {e.order}</small><br>",
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


def card_label(game: "Game", card_id: str) -> str:
    """A short button label for a card."""
    content = game.content
    if card_id in content.empires:
        e = content.empires[card_id]
        return f"{e.name} ({e.armies} armies)"
    if card_id in content.events:
        ev = content.events[card_id]
        return f"{ev.name} ({ev.kind})"
    return card_id


def actor_html(game: "Game") -> str:
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
        out.append(f"<div>{PIECE_SYMBOLS['fleet']} Fleets: {_names(game, a.fleets)}</div>")
    if a.caravans:
        out.append(f"<div>{PIECE_SYMBOLS['caravan']} Caravans: {_names(game, a.caravans)}</div>")
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

_BATTLE_LINE = re.compile(
    r"^(?:Epoch [IVX]+, )?(?P<who>.+?) (?P<verb>invade|siege|establish in) (?P<land>.+?): "
    r"(?P<inv>\d(?:-\d)*)(?: \+(?P<bonus>\d+))? vs (?P<dfn>\d(?:-\d)*)(?P<terrain> \+1 terrain)?"
    r"(?: \((?P<extra>[^)]*)\))?, (?P<result>win|tie|lose)$"
)


def parse_battle_line(line: str) -> dict[str, Any] | None:
    """Read one battle from a log line (dice, bonuses, result); None if the line is no battle."""
    m = _BATTLE_LINE.match(line)
    if not m:
        return None
    return {
        "who": m["who"], "verb": m["verb"], "land": m["land"],
        "inv": [int(x) for x in m["inv"].split("-")], "dfn": [int(x) for x in m["dfn"].split("-")],
        "bonus": int(m["bonus"] or 0), "terrain": bool(m["terrain"]), "extra": m["extra"] or "",
        "result": m["result"],
    }


def last_battle(game: "Game", lookback: int = 40) -> dict[str, Any] | None:
    """The most recent battle: from the engine's record, else from the log (last ``lookback`` lines)."""
    rec = getattr(game, "last_battle", None)
    if rec is not None:
        extra = []
        if rec.setup.fortified:
            extra.append("fort")
        if rec.rerolled_from is not None:
            extra.append("naval reroll of " + "-".join(map(str, rec.rerolled_from)))
        return {
            "who": f"{rec.empire} ({game.players[rec.invader]})", "verb": "siege" if rec.round else "invade",
            "land": _space_name(game, rec.target), "inv": list(rec.invader_dice), "dfn": list(rec.defender_dice),
            "bonus": rec.setup.invader_bonus, "terrain": rec.setup.terrain, "extra": ", ".join(extra),
            "result": rec.result,
        }
    for line in reversed(game.log[-lookback:]):
        found = parse_battle_line(line)
        if found is not None:
            return found
    return None


def dice(values: list[int]) -> str:
    """Dice faces for die values 1-6."""
    return " ".join(f'<span class="hotw-die" title="{v}">{DICE_FACES[v - 1]}</span>' for v in values)


_RESULT_WORDS = {"win": "the invader wins", "tie": "a tie: both armies are removed", "lose": "the invader loses"}


def battle_dice_html(battle: dict[str, Any]) -> str:
    """The dice of a battle (as ``last_battle`` / ``parse_battle_line`` give it): faces, bonuses, fort, reroll."""
    bonus = f" +{battle['bonus']}" if battle["bonus"] else ""
    terrain = " +1 terrain" if battle["terrain"] else ""
    extra = f" <small>({esc(battle['extra'])})</small>" if battle["extra"] else ""
    return (f'<span class="hotw-dice">{dice(battle["inv"])}</span>{bonus} vs '
            f'<span class="hotw-dice">{dice(battle["dfn"])}</span>{terrain}{extra}')


def battle_html(game: "Game") -> str:
    """The battle panel: the latest dice and result; while a siege is possible, the odds of sieging."""
    out: list[str] = []
    b = getattr(game, "battle", None)
    last = last_battle(game)
    if last is not None:
        out.append(
            f'<div class="hotw-battle-result" data-result="{last["result"]}">'
            f"{esc(last['who'])} {last['verb']} <b>{esc(last['land'])}</b><br>{battle_dice_html(last)}"
            f"<br>→ <b>{last['result']}</b>: {_RESULT_WORDS[last['result']]}</div>"
        )
    if b is not None and game.decision.step == "siege_or_retreat" and game.actor is not None:
        out.append(_siege_html(game, b))
    if not out:
        return "<div class='hotw-battle-none'>No battle yet. Invading an occupied territory starts one.</div>"
    return "".join(out)


def next_siege_setup(game: "Game") -> tuple[Any, int] | None:
    """(setup without the catapult, next siege round) of the battle waiting for siege or retreat.

    The engine previews the next round (``siege_setup()``, catapult included);
    the siege odds add the catapult round by round, so it is taken out here.
    """
    b = getattr(game, "battle", None)
    nxt = game.siege_setup() if hasattr(game, "siege_setup") else None
    if b is None or nxt is None:
        return None
    start = b.round + 1
    return dataclasses.replace(nxt, invader_bonus=nxt.invader_bonus - catapult_bonus(start)), start


def _siege_html(game: "Game", b: Any) -> str:
    a = game.actor
    assert a is not None
    name = esc(_space_name(game, b.target))
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


def score_html(game: "Game", bots: frozenset[int] | set[int] = frozenset()) -> str:
    """The score track: players by score, with a bar, their seat colour and symbol."""
    top = max(max(game.score), 1)
    rows = []
    for seat in sorted(range(len(game.players)), key=lambda p: -game.score[p]):
        width = round(100 * game.score[seat] / top)
        bot = " <small>(computer)</small>" if seat in bots else ""
        empire = game.empire_of[seat] if seat < len(game.empire_of) else None
        empire_name = f" <small>{esc(game.content.empires[empire].name)}</small>" if empire else ""
        rows.append(
            f'<tr data-seat="{seat}"><td>{seat_badge(game, seat)}{bot}{empire_name}</td>'
            f'<td class="hotw-points"><b>{game.score[seat]}</b></td>'
            f'<td class="hotw-bar-cell"><div class="hotw-bar hotw-seatbar-{seat}" style="width:{width}%"></div></td></tr>'
        )
    return f"<table class='hotw-score-table'>{''.join(rows)}</table>"


def regions_html(game: "Game") -> str:
    """Each region's colour and its token values now (presence / dominance / supremacy)."""
    rows = []
    for rid, region in game.board.regions.items():
        values = game.region_values.get(rid)
        text = " / ".join(map(str, values)) if values else "no token yet"
        rows.append(
            f'<tr data-region="{rid}"><td><span class="hotw-swatch" style="background:{region.colour}"></span>'
            f"{esc(region.name)}</td><td>{text}</td></tr>"
        )
    return ("<table class='hotw-region-table'><tr><th>Region</th><th>points: presence / dominance / supremacy"
            f"</th></tr>{''.join(rows)}</table>")


def region_key_html(game: "Game") -> str:
    """A compact key for the map: each region's colour, name and token values (P · D · S)."""
    rows = []
    for rid, region in game.board.regions.items():
        values = game.region_values.get(rid)
        text = " · ".join(map(str, values)) if values else "–"
        rows.append(f'<div data-region="{rid}"><span class="hotw-swatch" style="background:{region.colour}"></span>'
                    f"{esc(region.name)} <b>{text}</b></div>")
    return ("<details open><summary class='hotw-key-title'>Region points: presence · dominance · supremacy</summary>"
            + "".join(rows) + "</details>")


def legend_html() -> str:
    """What the map's symbols mean."""
    pieces = " · ".join(f"{PIECE_SYMBOLS[k]} {esc(PIECE_NAMES[k])}" for k in PIECE_SYMBOLS)
    return (
        "<div class='hotw-legend'><b>Map:</b> solid fill and thick outline = active army of the empire "
        "playing now; pale fill and dashed outline = resigned army; thick dashed black outline = a "
        "territory you can invade now; dotted outline = a starting territory you can pick. "
        f"Pieces: {pieces}.</div>"
    )


# -- scoring breakdown -------------------------------------------------------------------------


def breakdown_rows(bd: Breakdown, all_regions: bool = False) -> list[dict[str, Any]]:
    """The breakdown as rows: one per region where the player has armies (or every region), then structures and total."""
    rows: list[dict[str, Any]] = []
    for r in bd.regions:
        if not all_regions and r.armies == 0:
            continue
        rows.append({
            "kind": "region", "region": r.name, "armies": r.armies, "best_opponent": r.best_opponent,
            "level": r.level or "-", "values": r.values, "points": r.points,
        })
    for label, count, each in (("Capitols", bd.capitols, 2), ("Cities", bd.cities, 1), ("Monuments", bd.monuments, 1)):
        rows.append({"kind": "structure", "region": label, "count": count, "each": each, "points": count * each})
    if bd.marauder_points:
        rows.append({"kind": "structure", "region": "Marauders", "count": bd.marauder_points, "each": 1,
                     "points": bd.marauder_points})
    for label, pts in bd.extra.items():
        rows.append({"kind": "structure", "region": label, "count": 1, "each": pts, "points": pts})
    rows.append({"kind": "total", "region": "Total", "points": bd.total})
    return rows


def _values_cell(values: tuple[int, int, int] | None, level: str) -> str:
    if not values:
        return "no token"
    cells = []
    for i, v in enumerate(values):
        cells.append(f"<b><u>{v}</u></b>" if level in LEVELS and LEVELS.index(level) == i else str(v))
    return " / ".join(cells)


def breakdown_table(game: "Game", bd: Breakdown, caption: str = "") -> str:
    """The scoring breakdown as an HTML table a student can check line by line."""
    head = ("<tr><th>Region</th><th>your armies</th><th>most armies of one opponent</th>"
            "<th>level reached</th><th>token P / D / S</th><th>points</th></tr>")
    body = []
    rows = breakdown_rows(bd)
    for row in rows:
        if row["kind"] == "region":
            body.append(
                f'<tr class="hotw-bd-region"><td>{esc(row["region"])}</td><td>{row["armies"]}</td>'
                f'<td>{row["best_opponent"]}</td><td>{row["level"]}</td>'
                f'<td>{_values_cell(row["values"], row["level"])}</td><td><b>{row["points"]}</b></td></tr>'
            )
        elif row["kind"] == "structure":
            body.append(
                f'<tr class="hotw-bd-structure"><td colspan="5">{esc(row["region"])}: {row["count"]} x {row["each"]}'
                f'</td><td><b>{row["points"]}</b></td></tr>'
            )
        else:
            body.append(f'<tr class="hotw-bd-total"><td colspan="5"><b>Total</b></td><td><b>{row["points"]}</b></td></tr>')
    missing = [r.name for r in bd.regions if r.armies == 0]
    foot = (f"<div class='hotw-bd-note'>No armies (no points) in: {esc(', '.join(missing))}.</div>" if missing else "")
    foot += ("<div class='hotw-bd-note'>Presence: 1+ army. Dominance: 2+ armies and more than each opponent. "
             "Supremacy: 3+ armies and no opponent. Only the highest level counts; every army of your colour "
             "counts, active or resigned.</div>")
    cap = f"<caption>{caption}</caption>" if caption else ""
    return f"<table class='hotw-bd-table' data-seat='{bd.player}' data-total='{bd.total}'>{cap}{head}{''.join(body)}</table>{foot}"


def turn_caption(game: "Game", index: int) -> str:
    """'Epoch I: Egyptians (Ada) gained 10 points' for entry ``index`` of ``game.turn_scores``."""
    epoch, card, seat, bd = game.turn_scores[index]
    name = game.content.empires[card].name if card in game.content.empires else card
    return (f"Epoch {ROMAN[epoch]}: {esc(name)} ({seat_badge(game, seat)}) gained "
            f"<b>{bd.total}</b> point{'' if bd.total == 1 else 's'}")


def turn_breakdown_html(game: "Game", index: int = -1) -> str:
    """The breakdown table of one scored turn (the latest by default); a hint before any turn is scored."""
    if not game.turn_scores:
        return ("<div class='hotw-bd-empty'>After each empire's turn, this table explains every point it "
                "scored.</div>")
    index = index % len(game.turn_scores)
    bd = game.turn_scores[index][3]
    return breakdown_table(game, bd, turn_caption(game, index))


# -- log -----------------------------------------------------------------------------------


def log_html(game: "Game", limit: int = 400) -> str:
    """The game log, newest line first."""
    lines = game.log[-limit:]
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    return f"<ol class='hotw-log-list' reversed start='{len(game.log)}'>{items}</ol>"
