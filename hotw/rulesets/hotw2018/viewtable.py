"""The 2018 table beyond the map: what each player has off the board, the box, the events played, the board as text.

What a player sees on the physical table and the map cannot show: armies left in
each colour's supply, event cards in hand (as a count: the cards are secret), cards
saved from an earlier epoch, the pieces left in the box, and the event cards every
empire has played this epoch. Also the keyboard's way to the map (every land a
click would act on now, with the odds) and the board as a table a screen reader
reads. Pure functions of the game (no widget imports).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from hotw.actions import Action
from hotw.rulesets.hotw2018.battle import battle_odds
from hotw.rulesets.hotw2018.pieces import LIMITS
from hotw.ui.rulesetview import Choice
from hotw.ui.view import SEAT_COLOUR_NAMES, SEAT_SHAPES, html_to_text, percent, roman, seat_badge, space_name

if TYPE_CHECKING:
    from hotw.rulesets.hotw2018.game import Hotw2018Game

esc = html.escape


# -- what each player has off the board, and the box -------------------------------------------


def saved_cards(game: "Hotw2018Game", seat: int) -> int:
    """Event cards a player kept from an earlier epoch (saveable cards)."""
    events = game.content.events
    return sum(1 for c in game.hands[seat] if c in events and events[c].epoch < game.epoch)


def table_html(game: "Hotw2018Game") -> str:
    """Each player's armies in supply, armies on the board, event cards held and saved; the pieces left in the box."""
    total = int(game.opts["player_armies"])
    on_board = [0] * len(game.players)
    for seat in game.owner.values():
        on_board[seat] += 1
    rows = []
    for seat in range(len(game.players)):
        held, saved = len(game.hands[seat]), saved_cards(game, seat)
        rows.append(
            f"<tr data-seat='{seat}' data-supply='{game.supply[seat]}' data-cards='{held}'>"
            f"<th scope='row'>{seat_badge(game, seat)}</th><td>{game.supply[seat]} of {total}</td>"
            f"<td>{on_board[seat]}</td><td>{held}</td><td>{saved}</td></tr>")
    capitols = sum(1 for kind in game.tokens.values() if kind in ("capitol", "city"))
    box = (f"<div class='hotw-box'>In the box: {LIMITS['capitol_city'] - capitols} of {LIMITS['capitol_city']} "
           f"capitols and cities · {LIMITS['monument'] - len(game.monuments)} of {LIMITS['monument']} monuments · "
           f"{LIMITS['fort'] - len(game.forts)} of {LIMITS['fort']} forts</div>")
    return ("<table class='hotw-table-table'><tr><th scope='col'>Player</th><th scope='col'>armies in supply</th>"
            "<th scope='col'>armies on the board</th><th scope='col'>event cards held</th>"
            f"<th scope='col'>saved from an earlier epoch</th></tr>{''.join(rows)}</table>{box}")


def events_html(game: "Hotw2018Game") -> str:
    """The event cards played this epoch, newest first: who played which, and what it does."""
    content = game.content
    lines = []
    for epoch, seat, card in reversed(game.events_played):
        if epoch != game.epoch:
            break
        ev = content.events[card]
        lines.append(f"<li data-card='{esc(card)}' data-seat='{seat}'>{seat_badge(game, seat)} played "
                     f"<b>{esc(ev.name)}</b>: <small>{esc(ev.text)}</small></li>")
    if not lines:
        return f"<div class='hotw-events-none'>No event card played yet in Epoch {roman(game.epoch)}.</div>"
    return f"<ul class='hotw-events-list'>{''.join(lines)}</ul>"


# -- the map for a keyboard and a screen reader ----------------------------------------------------


def map_choices(game: "Hotw2018Game", targets: dict[str, bool],
                humans: frozenset[int] | set[int] | None = None) -> tuple[Choice, ...]:
    """Every land a click would act on now (``targets``: land -> by fleet), with the odds of its battle in the label."""
    if game.is_over or game.decision.step != "invade" or game.actor is None:
        return ()
    if humans is not None and game.decision.player not in humans:
        return ()
    out = []
    for land in sorted(targets, key=lambda s: space_name(game, s)):
        name = space_name(game, land)
        how = " by fleet" if targets[land] else ""
        setup = game.invasion_setup(land)
        if setup is None:
            label = f"Invade {name}{how}: empty, no battle"
        else:
            odds = battle_odds(setup)
            holder = game.owner.get(land)
            who = f" held by {game.players[holder]}" if holder is not None else ""
            label = (f"Invade {name}{how}{who}: win {percent(odds['win'])}, tie {percent(odds['tie'])}, "
                     f"lose {percent(odds['lose'])}")
        out.append(Choice(label, Action("invade", land), "hotw-invade-choice", space=land))
    for action in game.legal_actions():
        if action.kind == "fortify":
            name = space_name(game, action.target)
            out.append(Choice(f"Build a fort in {name} (costs one army)", action, "hotw-fortify-choice",
                              space=action.target))
    return tuple(out)


def owner_text(game: "Hotw2018Game", land: str, active: bool) -> str:
    """Who holds a land, in words: 'Ada (orange circle), active army'."""
    seat = game.owner.get(land)
    if seat is None:
        return "nobody"
    return (f"{game.players[seat]} ({SEAT_COLOUR_NAMES[seat % 6]} {SEAT_SHAPES[seat % 6]}), "
            f"{'active' if active else 'resigned'} army")


def board_rows(game: "Hotw2018Game", active: set[str], names: dict[str, str],
               targets: dict[str, bool]) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """Every land as a row of plain text: land, region, who holds it, its pieces, and whether it can be invaded now."""
    board = game.board
    rows = []
    for sid, space in sorted(board.spaces.items(), key=lambda kv: (kv[1].region or "", kv[1].name)):
        if space.kind != "land":
            continue
        region = board.regions.get(space.region or "")
        pieces = [names[game.tokens[sid]]] if sid in game.tokens else []
        pieces += [names["monument"]] if sid in game.monuments else []
        pieces += [names["fort"]] if sid in game.forts else []
        now = ("can be invaded now" + (" by fleet" if targets[sid] else "")) if sid in targets else ""
        rows.append((space.name, region.name if region else "", owner_text(game, sid, sid in active),
                     html_to_text(", ".join(pieces)), now))
    return ("Land", "Region", "Held by", "Pieces", "Now"), rows


__all__ = ["board_rows", "events_html", "map_choices", "owner_text", "saved_cards", "table_html"]
