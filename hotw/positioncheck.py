"""The checks every ruleset's position set up by hand shares: one line naming the field, the space or the card.

A ruleset's ``position`` rule option (the lesson builder's start) is plain data; its
own module (``hotw/rulesets/<name>/position.py``) says what the fields mean and lays
the position out. What is checked alike lives here: the shape of the object, a
space of the board a piece may stand on, lists of spaces with each space once,
seats, scores, and cards by id. Every problem is an
:class:`~hotw.errors.OptionError` whose message starts with ``position.<field>``.

>>> fail("forts", "Levant is listed twice").field
'position.forts'
>>> whole(3, 0, 5), whole(True, 0, 5), whole(7, 0, 5)
(True, False, False)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from hotw.errors import OptionError
from hotw.i18n import Domain, joined
from hotw.options import quoted

_ = Domain("hotw")

__all__ = ["MAX_SEATS", "check_armies", "check_epoch", "check_fields", "check_scores", "check_seats",
           "check_structures", "empire_calls", "empire_pair", "fail", "seat_lists", "space", "spaces", "whole"]

#: The largest table of the family (seats are numbered from 0).
MAX_SEATS = 6


def fail(where: str, message: Any) -> OptionError:
    """The one-line error of a position: ``position.<where>: <message>`` (a Msg, or a str)."""
    field = f"position.{where}" if where else "position"
    return OptionError(_("{field}: {reason}", field=field, reason=message), field=field, reason=message)


def whole(value: Any, lo: int, hi: int) -> bool:
    """Whether ``value`` is a whole number (not a bool) from ``lo`` to ``hi``."""
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def check_fields(data: Any, fields: Collection[str], needed: Collection[str]) -> Mapping[str, Any]:
    """``data`` if it is an object with only ``fields`` and every ``needed`` one; a one-line error otherwise."""
    if not isinstance(data, Mapping):
        raise fail("", _("must be an object with at least {fields}", fields=joined(repr(k) for k in needed)))
    for key in data:
        if key not in fields:
            raise fail(str(key)[:40], _("is not a position field; fields: {fields}", fields=joined(fields)))
    for key in needed:
        if key not in data:
            raise fail(key, _("is needed"))
    return data


def space(board: Any, where: str, sid: Any, kinds: Collection[str] = ("land",)) -> str:
    """``sid`` if it is a space of ``board`` of one of ``kinds`` (where pieces stand); a one-line error otherwise."""
    if not isinstance(sid, str) or sid not in board.spaces:
        raise fail(where, _("{value} is not a territory on the board", value=quoted(sid)))
    s = board.spaces[sid]
    if s.kind in kinds:
        return sid
    if s.kind == "barren":
        raise fail(where, _("{land} is barren land; no army or piece may stand there", land=s.name))
    if s.is_water:
        raise fail(where, _("{land} is water; pieces stand on lands", land=s.name))
    raise fail(where, _("{land} is {kind}; pieces stand on {kinds}", land=s.name, kind=s.kind, kinds=joined(kinds, " or ")))


def spaces(board: Any, data: Mapping[str, Any], key: str, piece: str, kinds: Collection[str] = ("land",), *,
           check: Callable[[Any, str, Any], Any] | None = None, listing: str = "lands") -> list[str]:
    """The list ``data[key]`` of spaces, each a space of ``kinds`` and each once (one ``piece`` per space).

    ``check(board, where, sid)`` checks each space where a ruleset words it its own way
    (:func:`space` by default); ``listing`` is what the list is said to hold.
    """
    value = data.get(key, [])
    if not isinstance(value, list):
        raise fail(key, _("must be a list of {what}", what=listing))
    seen: set[str] = set()
    for sid in value:
        if check is None:
            space(board, key, sid, kinds)
        else:
            check(board, key, sid)
        if sid in seen:
            raise fail(key, _("{land} is listed twice (one {piece} per land)", land=board.spaces[sid].name, piece=piece))
        seen.add(sid)
    return list(value)


def seat_lists(data: Mapping[str, Any], key: str, what: str) -> dict[int, list[Any]]:
    """``data[key]`` as seat -> list: an object keyed by seat numbers ("0", "1", ...) whose values are lists."""
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise fail(key, _("must be an object: seat -> {what}", what=what))
    out: dict[int, list[Any]] = {}
    for seat, items in value.items():
        if not (isinstance(seat, str) and seat.isdigit() and int(seat) < MAX_SEATS):
            raise fail(f"{key}.{str(seat)[:10]}", _("must be keyed by a seat number"))
        if not isinstance(items, list):
            raise fail(f"{key}.{seat}", _("must be a list of {what}", what=what))
        out[int(seat)] = items
    return out


def check_seats(seats: Collection[int], n_players: int) -> None:
    """Every seat a position names exists at a table of ``n_players``."""
    for seat in sorted(set(seats)):
        if seat >= n_players:
            raise fail("", _("names seat {seat}, but this table has seats 0 to {last}", seat=seat, last=n_players - 1))


def check_scores(scores: Any, n_players: int | None = None, *, distinct: bool = False, high: int = 999) -> None:
    """``scores``: one whole number per seat (``n_players`` of them when given), all different if ``distinct``."""
    if scores is None:
        return
    if not isinstance(scores, list) or not all(whole(s, 0, high) for s in scores):
        raise fail("scores", _("must be a list of whole numbers from 0 to {high}, one per seat", high=high))
    if distinct and len(set(scores)) != len(scores):
        raise fail("scores", _("must be one space of the score track per seat (0-{high}), no two alike", high=high))
    if n_players is not None and len(scores) != n_players:
        raise fail("scores", _("needs one score per seat ({seats}), not {count}", seats=n_players, count=len(scores)))


def empire_pair(content: Any, where: str, pair: Any, epoch: int, elsewhere: Callable[[Any], str]) -> tuple[str, int]:
    """``pair`` as [empire card id, seat] of an empire of ``epoch``; ``elsewhere(card)`` words one of another epoch."""
    if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
            and whole(pair[1], 0, MAX_SEATS - 1)):
        raise fail(where, _("must be [empire id, seat], not {value}", value=quoted(pair)))
    card = content.empires.get(pair[0])
    if card is None:
        raise fail(where, _("there is no empire card {value}", value=quoted(pair[0])))
    if card.epoch != epoch:
        raise fail(where, elsewhere(card))
    return pair[0], pair[1]


def empire_calls(data: Mapping[str, Any], content: Any, first: tuple[str, int],
                 read: Callable[[str, Any], tuple[str, int]], out_of_order: str,
                 seat_twice: str) -> list[tuple[str, int]]:
    """The empire ``first`` about to play and those of ``data["later"]`` (each read by ``read(where, pair)``).

    They must follow the order printed on the cards, each once (else ``out_of_order``), one a seat
    (else ``seat_twice``).
    """
    later = data.get("later", [])
    if not isinstance(later, list):
        raise fail("later", _("must be a list of [empire id, seat]"))
    calling = [first] + [read(f"later.{i + 1}", pair) for i, pair in enumerate(later)]
    orders = [content.empires[e].order for e, _ in calling]
    if orders != sorted(orders) or len(set(orders)) != len(orders):
        raise fail("later", out_of_order)
    if len({seat for _, seat in calling}) != len(calling):
        raise fail("later", seat_twice)
    return calling


def check_epoch(data: Any, fields: Collection[str], epochs: int) -> int:
    """The epoch of ``data``, an object with only ``fields`` naming an epoch from 1 to ``epochs``."""
    if not isinstance(data, Mapping):
        raise fail("", _("must be an object with at least 'epoch' and 'turn'"))
    for key in data:
        if key not in fields:
            raise fail(str(key)[:40], _("is not a position field; fields: {fields}", fields=joined(fields)))
    epoch = data.get("epoch")
    if not whole(epoch, 1, epochs):
        raise fail("epoch", _("must be an epoch from 1 to {last}, not {value}", last=epochs, value=quoted(epoch)))
    return int(epoch)


def check_armies(board: Any, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data["armies"]``: land -> the seat whose army stands there."""
    armies = data.get("armies", {})
    if not isinstance(armies, Mapping):
        raise fail("armies", _("must be an object: land -> seat"))
    for land, seat in armies.items():
        space(board, f"armies.{land}", land)
        if not whole(seat, 0, MAX_SEATS - 1):
            raise fail(f"armies.{land}", _("must be a seat number, not {value}", value=quoted(seat)))
    return armies


def check_structures(board: Any, data: Mapping[str, Any], kinds: tuple[str, str]) -> Mapping[str, Any]:
    """``data["structures"]``: land -> one of the two ``kinds`` of structure."""
    structures = data.get("structures", {})
    if not isinstance(structures, Mapping):
        raise fail("structures", _("must be an object: land -> {one} or {other}", one=kinds[0], other=kinds[1]))
    for land, kind in structures.items():
        space(board, f"structures.{land}", land)
        if kind not in kinds:
            raise fail(f"structures.{land}", _("must be {one} or {other}, not {value}", one=repr(kinds[0]),
                                               other=repr(kinds[1]), value=quoted(kind)))
    return structures
