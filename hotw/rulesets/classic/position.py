"""A classic position set up by hand: the lesson builder's start, kept in the game's history.

A position is plain data, the ``position`` rule option, so a game set up from it
saves, loads, undoes, replays and runs as a what-if like any other game::

    {
      "epoch": 3,
      "turn": ["persia", 0],                  # the empire about to be called, and the seat that drew it
      "later": [["rome", 1]],                 # empires still to be called this epoch, in card order
      "first": 0,                             # the first player (ties of every order go clockwise from it)
      "scores": [12, 15, 9],                  # points of each seat
      "armies": {"levant": 1},                # armies on the board: land -> seat
      "forces": {"levant": "Hittites"},       # whose army it is, for the map's words (default: an earlier empire)
      "structures": {"levant": "capitol"},    # land -> capitol or city
      "monuments": {"nile_delta": 2},         # land -> monuments built there
      "forts": ["levant"],                    # a fort stands with an army
      "hands": {"1": ["hittites"]},           # event cards held: seat -> card ids
      "played": {"0": ["egypt"]}              # empires each seat has played (earlier, or called before "turn")
    }

Only ``epoch`` and ``turn`` are needed. The event cards are not dealt: each seat
holds its ``hands``. The game starts as the ``turn`` empire is called: its player
may play event cards, then begins it (fleets, capitol, start lands, expansion).
Every problem is an :class:`~hotw.errors.OptionError` of one line naming the field
and the land or card (``position.armies.sahara: Sahara is barren land; ...``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from hotw.i18n import Domain
from hotw.options import quoted
from hotw.positioncheck import (
    check_armies,
    check_fields,
    check_scores,
    check_seats,
    check_structures,
    empire_calls,
    empire_pair,
    fail,
    seat_lists,
    space,
    spaces,
    whole,
)
from hotw.rulesets.classic.cards import HAND
from hotw.rulesets.classic.pieces import FORT_LIMIT, ROMAN

if TYPE_CHECKING:
    from hotw.rulesets.classic.cards import Content
    from hotw.rulesets.classic.game import ClassicGame

__all__ = ["FIELDS", "check_position", "check_position_option", "check_table", "set_up"]

_ = Domain("classic")

FIELDS = ("epoch", "turn", "later", "first", "scores", "armies", "forces", "structures", "monuments", "forts",
          "hands", "played")
"""The fields a position may have."""

EPOCHS = len(ROMAN) - 1


def _empire(content: "Content", where: str, pair: Any, epoch: int) -> tuple[str, int]:
    return empire_pair(content, where, pair, epoch,
                       lambda card: _("{empire} is an Epoch {epoch} empire, not Epoch {wanted}", empire=card.name,
                                       epoch=ROMAN[card.epoch], wanted=ROMAN[epoch]))


def check_position(data: Any, board: Any, content: "Content") -> dict[str, Any]:
    """``data`` checked as a classic position on ``board`` with ``content``; returned as a dict (OptionError else).

    What depends on the table (seats, a score per seat) is checked by :func:`check_table`.
    """
    check_fields(data, FIELDS, ("epoch", "turn"))
    epoch = data["epoch"]
    if not whole(epoch, 1, EPOCHS):
        raise fail("epoch", _("must be an epoch from 1 to {last}, not {value}", last=EPOCHS, value=quoted(epoch)))
    first = _empire(content, "turn", data["turn"], epoch)
    calling = empire_calls(data, content, first, lambda where, pair: _empire(content, where, pair, epoch),
                           _("the empires are called in the order printed on the cards, each once"),
                           _("each seat holds one empire card an epoch"))
    if "first" in data and not whole(data["first"], 0, 5):
        raise fail("first", _("must be a seat number, not {value}", value=quoted(data["first"])))
    check_scores(data.get("scores"))
    armies = check_armies(board, data)
    forces = data.get("forces", {})
    if not isinstance(forces, Mapping):
        raise fail("forces", _("must be an object: land -> the name of the empire or people whose army stands there"))
    for land, name in forces.items():
        if land not in armies:
            raise fail(f"forces.{str(land)[:40]}", _("names the army of {land}, but 'armies' has none there",
                                                       land=quoted(land)))
        if not isinstance(name, str) or not 0 < len(name.strip()) <= 40:
            raise fail(f"forces.{land}", _("must be a name of 1 to 40 characters, not {value}", value=quoted(name)))
    structures = check_structures(board, data, ("capitol", "city"))
    monuments = data.get("monuments", {})
    if not isinstance(monuments, Mapping):
        raise fail("monuments", _("must be an object: land -> monuments built there"))
    for land, count in monuments.items():
        space(board, f"monuments.{land}", land)
        if not whole(count, 1, 20):
            raise fail(f"monuments.{land}", _("must be a count of monuments from 1 to 20, not {value}",
                                               value=quoted(count)))
    forts = spaces(board, data, "forts", "fort")
    for land in forts:
        if land not in armies:
            raise fail("forts", _("a fort stands with an army; {land} has none in 'armies'",
                                  land=board.spaces[land].name))
    if len(forts) > FORT_LIMIT:
        raise fail("forts", _("the box has {limit} forts, not {n}", limit=FORT_LIMIT, n=len(forts)))
    held: Counter[str] = Counter()
    for seat, cards in seat_lists(data, "hands", "event card ids").items():
        for card in cards:
            if not isinstance(card, str) or card not in content.events:
                raise fail(f"hands.{seat}", _("there is no event card {card}", card=quoted(card)))
            held[card] += 1
    for card, count in sorted(held.items()):
        ev = content.events[card]
        if count > ev.copies:
            raise fail("hands", _("{event} is held {n} times; the box has {copies}", event=ev.name, n=count,
                                      copies=ev.copies))
    seen: set[str] = {e for e, _ in calling}
    now = content.empires[first[0]].order
    for seat, cards in seat_lists(data, "played", "empire card ids").items():
        epochs: set[int] = {epoch} if seat in {s for _, s in calling} else set()
        for card in cards:
            empire = content.empires.get(card) if isinstance(card, str) else None
            if empire is None:
                raise fail(f"played.{seat}", _("there is no empire card {card}", card=quoted(card)))
            if empire.epoch > epoch or (empire.epoch == epoch and empire.order > now):
                raise fail(f"played.{seat}", _("{empire} (Epoch {epoch}) is not called before {first}",
                                                empire=empire.name, epoch=ROMAN[empire.epoch],
                                                first=content.empires[first[0]].name))
            if card in seen:
                raise fail(f"played.{seat}", _("{empire} is played once a game", empire=empire.name))
            if empire.epoch in epochs:
                raise fail(f"played.{seat}", _("a seat holds one empire card an epoch; two of Epoch {epoch}",
                                               epoch=ROMAN[empire.epoch]))
            epochs.add(empire.epoch)
            seen.add(card)
    return dict(data)


def check_table(position: Mapping[str, Any], n_players: int) -> None:
    """What a position asks of the table: the seats it names exist, a score per seat."""
    seats = [position["turn"][1]] + [s for _, s in position.get("later", [])] + list(position.get("armies", {}).values())
    seats += [int(s) for key in ("hands", "played") for s in position.get(key, {})]
    seats += [position["first"]] if "first" in position else []
    check_seats(seats, n_players)
    check_scores(position.get("scores"), n_players)


def check_position_option(data: Any) -> dict[str, Any]:
    """The ``position`` rule option: ``{}`` (the game starts with the deal) or a position on the printed cards."""
    if isinstance(data, Mapping) and not data:
        return {}
    from hotw.board import load_board
    from hotw.rulesets.classic.cardcheck import load_content

    board = load_board()
    return check_position(data, board, load_content(board))


def set_up(game: "ClassicGame", position: Mapping[str, Any]) -> None:
    """Lay ``position`` out on a game just made (its state as ``_setup`` left it): the flow starts as its
    first empire is called."""
    check_position(position, game.board, game.content)
    check_table(position, game.n)
    if int(game.opts["start_epoch"]) != 1:
        raise fail("epoch", _("a position says its epoch; give start_epoch or a position, not both"))
    epoch = int(position["epoch"])
    game.epoch = epoch
    game.first = int(position.get("first", 0))
    game.score[:] = list(position.get("scores") or [0] * game.n)
    game.dealt = game.n * sum(HAND.values())  # no deal: each seat holds its hands below
    for seat, cards in position.get("hands", {}).items():
        game.hands[int(seat)] = sorted(cards)
        for card in cards:
            game.piles[game.content.events[card].kind][card] -= 1
    for seat, cards in position.get("played", {}).items():
        game.played[int(seat)] = list(cards)
    empires = game.content.empires
    for land, seat in position.get("armies", {}).items():
        game.owner[land] = seat
        earlier = game.played[seat]
        game.land_force[land] = position.get("forces", {}).get(land) or (
            empires[earlier[-1]].name if earlier else _("an earlier empire"))
    game.structures.update(position.get("structures", {}))
    game.monuments.update(position.get("monuments", {}))
    game.forts.update(position.get("forts", []))
    calling = [position["turn"]] + list(position.get("later", []))
    game.holder = {int(seat): card for card, seat in calling}
    game.drawn = set(game.holder)
    game.deck = [e.id for e in game.content.empires_of_epoch(epoch) if e.id not in {c for c, _ in calling}]
    game.draw_order = game.draw_order_now()
    game.call_order = [card for card, _ in calling]
    for card, seat in calling:
        game.played[int(seat)].append(card)
    game.turn = -1
    game.phase = "next_turn"
    game.log.append(_("a position set up by hand: Epoch {epoch}, {empire} to be called", epoch=ROMAN[epoch],
                      empire=empires[calling[0][0]].name))
