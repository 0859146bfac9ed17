"""The Brief table beyond the map: what each colour has off the board, the box, and the events played this epoch.

What a player sees on the physical table and the map cannot show: armies in each
colour's supply, event cards in hand and Bonus tokens held (as counts: both are
secret), the monuments and forts left in the box, and the event cards played this
epoch. Pure functions of the game (no widget imports).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.i18n import Domain
from hotw.rulesets.brief.cards import ROMAN
from hotw.rulesets.brief.viewpanels import colour_badge, esc

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame

__all__ = ["events_html", "table_html"]

_ = Domain("brief")
t, tn = _.text, _.text_plural


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
                    f"<th scope='row'>{colour_badge(game, colour)}</th>"
                    f"<td>{t('{count} of {total}', count=game.supply[colour], total=total)}</td>"
                    f"<td>{on_board[colour]}</td><td>{held}</td><td>{tokens}</td></tr>")
    monuments, forts = int(game.opts["monuments"]), int(game.opts["forts"])
    box = ("<div class='hotw-box'>"
           + t("In the box: {monuments} of {all_monuments} monuments · {forts} of {all_forts} forts",
               monuments=monuments - len(game.monuments), all_monuments=monuments, forts=forts - len(game.forts),
               all_forts=forts) + "</div>")
    heads = (t("Colour"), t("armies in supply"), t("armies on the board"), t("event cards held"),
             t("Bonus tokens (face down)"))
    head = "".join(f"<th scope='col'>{h}</th>" for h in heads)
    return f"<table class='hotw-table-table'><tr>{head}</tr>{''.join(rows)}</table>{box}"


def events_html(game: "BriefGame") -> str:
    """The event cards played this epoch, newest first: which colour played which, and what it does."""
    lines = []
    for epoch, colour, card in reversed(game.events_played):
        if epoch != game.epoch:
            break
        ev = game.content.events[card]
        lines.append(f"<li data-card='{esc(card)}' data-colour='{colour}'>"
                     + t("{player} played <b>{card}</b> ({cost} gold): <small>{text}</small>",
                         player=colour_badge(game, colour), card=esc(ev.name), cost=ev.cost, text=esc(ev.text))
                     + "</li>")
    if not lines:
        return ("<div class='hotw-events-none'>"
                + t("No event card played yet in Epoch {number}.", number=ROMAN[game.epoch]) + "</div>")
    return f"<ul class='hotw-events-list'>{''.join(lines)}</ul>"
