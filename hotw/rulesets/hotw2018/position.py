"""A 2018 position set up by hand: the lesson builder's start, kept in the game's history.

A position is plain data, the ``position`` rule option, so a game set up from it
saves, loads, undoes, replays and runs as a what-if exactly like any other game::

    {
      "epoch": 2,
      "turn": ["romans", 0],                 # the empire about to play, and its seat
      "later": [["sassanids", 1]],           # empires still to play this epoch, in call order
      "scores": [12, 15, 9],                 # the score track, one space per seat (no two alike)
      "armies": {"northern_gaul": 1},        # resigned armies already on the board: land -> seat
      "active": ["dalmatia"],                # lands the acting empire has already taken this turn
      "structures": {"levant": "capitol"},   # land -> capitol or city
      "monuments": ["nile_delta"], "forts": ["levant"],
      "hands": {"1": ["weaponry_2"]}         # event cards held: seat -> card ids
    }

Only ``epoch`` and ``turn`` are needed. The game starts at the beginning of the
``turn`` empire's turn (its kingdom and establish steps run as printed; then its
``active`` lands are taken from its card), with the region tokens of every epoch up
to ``epoch`` on the board. Every problem is an :class:`~hotw.errors.OptionError`
whose message names the field and the land or card (``position.armies.sahara:
Sahara is barren land; no army may stand there``).
"""

from __future__ import annotations

from typing import Any, Mapping

from hotw.i18n import Domain, plural_name
from hotw.options import quoted
from hotw.positioncheck import (
    check_armies,
    check_epoch,
    check_scores,
    check_seats,
    check_structures,
    empire_calls,
    empire_pair,
    fail,
    seat_lists,
    spaces,
)

__all__ = ["FIELDS", "check_position", "check_position_shape"]

_ = Domain("hotw2018")

FIELDS = ("epoch", "turn", "later", "scores", "armies", "active", "structures", "monuments", "forts", "hands")
"""The fields a position may have."""

_LIMITS = {"structures": 24, "monuments": 20, "forts": 14}
#: what the box holds, by field: "the box has {limit} {what}, not {n}"
_WORDS = {"structures": _("capitols and cities"), "monuments": _("monuments"), "forts": _("forts")}


def _empire(content: Any, where: str, pair: Any, epoch: int) -> tuple[str, int]:
    return empire_pair(content, where, pair, epoch,
                       lambda card: _("the {empire} play in Epoch {epoch}, not in Epoch {wanted}", empire=card.name,
                                      epoch=card.epoch, wanted=epoch))


def check_position(data: Any, board: Any, content: Any, epochs: int) -> dict[str, Any]:
    """``data`` checked as a position on ``board`` with ``content``; returned as given (OptionError otherwise).

    What depends on the table (seats, scores per seat, armies per colour) is checked
    by :func:`check_table` when the game is made.
    """
    epoch = check_epoch(data, FIELDS, epochs)
    if "turn" not in data:
        raise fail("turn", _("is needed: [the empire about to play, its seat]"))
    empire_calls(data, content, _empire(content, "turn", data["turn"], epoch),
                 lambda where, pair: _empire(content, where, pair, epoch),
                 _("the empires must follow the call order printed on the cards, each once"),
                 _("each seat plays one empire an epoch"))
    armies = check_armies(board, data)
    active = spaces(board, data, "active", "active army")
    for land in active:
        if land in armies:
            raise fail("active", _("{land} already holds an army in 'armies'", land=board.spaces[land].name))
    structures = check_structures(board, data, ("capitol", "city"))
    lists = {"structures": list(structures), "monuments": spaces(board, data, "monuments", "monument"),
             "forts": spaces(board, data, "forts", "fort")}
    for key, items in lists.items():
        if len(items) > _LIMITS[key]:
            raise fail(key, _("the box has {limit} {what}, not {n}", limit=_LIMITS[key], what=_WORDS[key],
                              n=len(items)))
    for seat, cards in seat_lists(data, "hands", "event card ids").items():
        for card in cards:
            ev = content.events.get(card) if isinstance(card, str) else None
            if ev is None:
                raise fail(f"hands.{seat}", _("there is no event card {card}", card=quoted(card)))
            if ev.epoch > epoch or (ev.epoch < epoch and not ev.saveable):
                raise fail(f"hands.{seat}", _("{event} (Epoch {epoch}) cannot be held in Epoch {now}", event=ev.name,
                                              epoch=ev.epoch, now=epoch))
    check_scores(data.get("scores"), distinct=True)
    return dict(data)


def check_table(position: Mapping[str, Any], n_players: int, player_armies: int, names: list[str]) -> None:
    """What a position asks of the table: its seats exist, a score per seat, no colour over its armies."""
    seats = [position["turn"][1]] + [s for _e, s in position.get("later", [])]
    seats += list(position.get("armies", {}).values()) + [int(s) for s in position.get("hands", {})]
    check_seats(seats, n_players)
    check_scores(position.get("scores"), n_players, distinct=True)
    for seat in range(n_players):
        count = sum(1 for s in position.get("armies", {}).values() if s == seat)
        if count > player_armies:
            raise fail("armies", _("{player} has {n} armies on the board; a colour has {limit}", player=names[seat],
                                   n=count, limit=player_armies))


def check_position_shape(data: Any) -> dict[str, Any]:
    """The ``position`` option checked against the world board and the printed 2018 cards."""
    from hotw.board import load_board
    from hotw.rulesets.hotw2018.cardcheck import load_content

    board = load_board()
    return check_position(data, board, load_content("hotw2018", board), 5)


def check_position_option(data: Any) -> dict[str, Any]:
    """The ``position`` rule option: ``{}`` (no position: the game starts with the first draw) or a position."""
    if isinstance(data, Mapping) and not data:
        return {}
    return check_position_shape(data)


def set_up(game: Any, position: Mapping[str, Any]) -> None:
    """Lay ``position`` out on a game just made (its state as ``_setup`` left it); the flow starts at its turn."""
    check_position(position, game.board, game.content, game.ruleset.epochs)
    check_table(position, game.n, int(game.opts["player_armies"]), game.players)
    epoch = position["epoch"]
    scores = position.get("scores") or list(range(1, game.n + 1))
    game.score[:] = scores
    game.marker_order = sorted(range(game.n), key=lambda p: scores[p])
    game.epoch = epoch
    for e in range(1, epoch + 1):
        for tok in game.content.tokens_of_epoch(e):
            game.region_values[tok.region] = tuple(tok.values)
    for land, seat in position.get("armies", {}).items():
        game.owner[land] = seat
        game.supply[seat] -= 1
    game.tokens.update(position.get("structures", {}))
    game.monuments.update(position.get("monuments", []))
    game.forts.update(position.get("forts", []))
    for seat, cards in position.get("hands", {}).items():
        game.hands[int(seat)] = list(cards)
    playing = [position["turn"]] + list(position.get("later", []))
    game.empire_of = [None] * game.n
    for empire, seat in playing:
        game.empire_of[seat] = empire
    game.call_order = [empire for empire, _seat in playing]
    game.deck_empires = list(game.call_order)
    game.position_active = list(position.get("active", []))
    game.turn = -1
    game.phase = "next_turn"
    name = game.content.empires[playing[0][0]].name
    game._say(_("a position set up by hand: Epoch {epoch}, the {empire} to play", epoch=epoch, empire=name)
              if plural_name(name) else
              _("a position set up by hand: Epoch {epoch}, {empire} to play", epoch=epoch, empire=name))


def take_active(game: Any) -> None:
    """The position's ``active`` lands, taken by the acting empire from its card (its first turn only)."""
    a = game.actor
    for land in game.position_active:
        if a.armies == 0:
            break
        a.armies -= 1
        game.owner[land] = a.player
        a.active.add(land)
    game.position_active = []
