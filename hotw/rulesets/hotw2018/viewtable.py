"""The 2018 table beyond the map: what each player has off the board, the box, the events played, the board as text.

What a player sees on the physical table and the map cannot show: armies left in
each colour's supply, event cards in hand (as a count: the cards are secret), cards
saved from an earlier epoch, the pieces left in the box, and the event cards every
empire has played this epoch. Also the keyboard's way to the map (every land a
click would act on now, with the odds) and the board as a table a screen reader
reads. Pure functions of the game (no widget imports).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action
from hotw.i18n import Domain, joined, render
from hotw.rulesets.hotw2018.battle import battle_odds
from hotw.rulesets.hotw2018.pieces import LIMITS
from hotw.rulesets.hotw2018.viewpanels import esc, pct
from hotw.ui.rulesetview import Choice
from hotw.ui.view import html_to_text, roman, seat_badge, seat_colour_name, seat_shape_name, space_name

if TYPE_CHECKING:
    from hotw.rulesets.hotw2018.game import Hotw2018Game

_ = Domain("hotw2018")
t, tn = _.text, _.text_plural


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
        supply = t("{n} of {total}", n=game.supply[seat], total=total)
        rows.append(
            f"<tr data-seat='{seat}' data-supply='{game.supply[seat]}' data-cards='{held}'>"
            f"<th scope='row'>{seat_badge(game, seat)}</th><td>{supply}</td>"
            f"<td>{on_board[seat]}</td><td>{held}</td><td>{saved}</td></tr>")
    capitols = sum(1 for kind in game.tokens.values() if kind in ("capitol", "city"))
    box = "<div class='hotw-box'>" + t(
        "In the box: {capitols} of {all_capitols} capitols and cities · {monuments} of {all_monuments} monuments · "
        "{forts} of {all_forts} forts", capitols=LIMITS["capitol_city"] - capitols, all_capitols=LIMITS["capitol_city"],
        monuments=LIMITS["monument"] - len(game.monuments), all_monuments=LIMITS["monument"],
        forts=LIMITS["fort"] - len(game.forts), all_forts=LIMITS["fort"]) + "</div>"
    heads = (t("Player"), t("armies in supply"), t("armies on the board"), t("event cards held"),
             t("saved from an earlier epoch"))
    head = "".join(f"<th scope='col'>{h}</th>" for h in heads)
    return f"<table class='hotw-table-table'><tr>{head}</tr>{''.join(rows)}</table>{box}"


def events_html(game: "Hotw2018Game") -> str:
    """The event cards played this epoch, newest first: who played which, and what it does."""
    content = game.content
    lines = []
    for epoch, seat, card in reversed(game.events_played):
        if epoch != game.epoch:
            break
        ev = content.events[card]
        played = t("{seat} played <b>{card}</b>: <small>{text}</small>", seat=seat_badge(game, seat),
                   card=esc(ev.name), text=esc(ev.text))
        lines.append(f"<li data-card='{esc(card)}' data-seat='{seat}'>{played}</li>")
    if not lines:
        return ("<div class='hotw-events-none'>"
                + t("No event card played yet in Epoch {epoch}.", epoch=roman(game.epoch)) + "</div>")
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
        name = render(space_name(game, land))
        if targets[land]:
            where = t("Invade {land} by fleet", land=name)
        else:
            where = t("Invade {land}", land=name)
        setup = game.invasion_setup(land)
        if setup is None:
            label = t("{invade}: empty, no battle", invade=where)
        else:
            odds = battle_odds(setup)
            holder = game.owner.get(land)
            if holder is not None:
                where = t("{invade} held by {player}", invade=where, player=game.players[holder])
            label = t("{invade}: win {win}, tie {tie}, lose {lose}", invade=where, win=pct(odds["win"]),
                      tie=pct(odds["tie"]), lose=pct(odds["lose"]))
        out.append(Choice(label, Action("invade", land), "hotw-invade-choice", space=land))
    free = game.actor is not None and game.actor.free_forts > 0  # an ability's or an event's free forts
    for action in game.legal_actions():
        if action.kind == "fortify":
            name = render(space_name(game, action.target))
            label = t("Build a fort in {land} (free)", land=name) if free else \
                t("Build a fort in {land} (costs one army)", land=name)
            out.append(Choice(label, action, "hotw-fortify-choice", space=action.target))
    return tuple(out)


def owner_text(game: "Hotw2018Game", land: str, active: bool) -> str:
    """Who holds a land, in words: 'Ada (orange circle), active army'."""
    seat = game.owner.get(land)
    if seat is None:
        return t("nobody")
    who = t("{player} ({colour} {shape})", player=game.players[seat], colour=seat_colour_name(seat),
            shape=seat_shape_name(seat))
    return t("{who}, active army", who=who) if active else t("{who}, resigned army", who=who)


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
        now = ""
        if sid in targets:
            now = t("can be invaded now by fleet") if targets[sid] else t("can be invaded now")
        rows.append((render(space.name), render(region.name) if region else "", owner_text(game, sid, sid in active),
                     html_to_text(render(joined(pieces))), now))
    return (t("Land"), t("Region"), t("Held by"), t("Pieces"), t("Now")), rows


__all__ = ["board_rows", "events_html", "map_choices", "owner_text", "saved_cards", "table_html"]
