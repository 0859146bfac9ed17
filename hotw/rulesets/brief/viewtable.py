"""The Brief table beyond the map: what each colour has off the board, the box, and the events played this epoch.

What a player sees on the physical table and the map cannot show: armies in each
colour's supply, event cards in hand and Bonus tokens held (as counts: both are
secret), the monuments and forts left in the box, and the event cards played this
epoch. Pure functions of the game (no widget imports).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from hotw.rulesets.brief.cards import ROMAN
from hotw.rulesets.brief.viewpanels import colour_badge

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame

__all__ = ["events_html", "table_html"]

esc = html.escape


def table_html(game: "BriefGame") -> str:
    """Each colour's armies in supply and on the board, event cards and Bonus tokens held; the box."""
    total = int(game.opts["player_armies"])
    on_board = [0] * game.nc
    for colour in game.owner.values():
        on_board[colour] += 1
    rows = []
    for colour in range(game.nc):
        held, tokens = len(game.hands[colour]), len(game.bonus_held[colour])
        rows.append(f"<tr data-colour='{colour}' data-supply='{game.supply[colour]}' data-cards='{held}'>"
                    f"<th scope='row'>{colour_badge(game, colour)}</th><td>{game.supply[colour]} of {total}</td>"
                    f"<td>{on_board[colour]}</td><td>{held}</td><td>{tokens}</td></tr>")
    monuments, forts = int(game.opts["monuments"]), int(game.opts["forts"])
    box = (f"<div class='hotw-box'>In the box: {monuments - len(game.monuments)} of {monuments} monuments · "
           f"{forts - len(game.forts)} of {forts} forts</div>")
    return ("<table class='hotw-table-table'><tr><th scope='col'>Colour</th><th scope='col'>armies in supply</th>"
            "<th scope='col'>armies on the board</th><th scope='col'>event cards held</th>"
            f"<th scope='col'>Bonus tokens (face down)</th></tr>{''.join(rows)}</table>{box}")


def events_html(game: "BriefGame") -> str:
    """The event cards played this epoch, newest first: which colour played which, and what it does."""
    lines = []
    for epoch, colour, card in reversed(game.events_played):
        if epoch != game.epoch:
            break
        ev = game.content.events[card]
        lines.append(f"<li data-card='{esc(card)}' data-colour='{colour}'>{colour_badge(game, colour)} played "
                     f"<b>{esc(ev.name)}</b> ({ev.cost} gold): <small>{esc(ev.text)}</small></li>")
    if not lines:
        return f"<div class='hotw-events-none'>No event card played yet in Epoch {ROMAN[game.epoch]}.</div>"
    return f"<ul class='hotw-events-list'>{''.join(lines)}</ul>"
